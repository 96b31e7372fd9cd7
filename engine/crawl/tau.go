package crawl

import (
	"math"
	"math/bits"
	"math/rand/v2"
)

// samplePositions returns a uniform sample of s distinct positions out of
// 0..total-1, in increasing order (docs/algorithms.md section 4: Kendall's tau on a
// seeded uniform sample of downloaded pages). When s ≥ total it returns every
// position and draws nothing; otherwise it draws s numbers from r with
// Floyd's algorithm (Bentley and Floyd, "A sample of brilliance", CACM
// 1987): for j = total-s .. total-1 draw t uniform in [0, j]; take t unless
// it was taken, else take j. Every s-subset is equally likely. The taken
// positions are marked in a bitset, so the sample comes out sorted in
// O(total/64 + s) time without a map.
func samplePositions(total, s int, r *rand.Rand) []int {
	if s >= total {
		out := make([]int, total)
		for i := range out {
			out[i] = i
		}
		return out
	}
	if s <= 0 {
		return nil
	}
	taken := make([]uint64, (total+63)/64)
	has := func(p int) bool { return taken[p/64]&(1<<(p%64)) != 0 }
	for j := total - s; j < total; j++ {
		t := r.IntN(j + 1)
		if has(t) {
			t = j
		}
		taken[t/64] |= 1 << (t % 64)
	}
	out := make([]int, 0, s)
	for w, word := range taken {
		for ; word != 0; word &= word - 1 {
			out = append(out, w*64+bits.TrailingZeros64(word))
		}
	}
	return out
}

// kendallTauDecreasing returns Kendall's tau-b between the position of each
// value in values and the value itself, signed so that +1 means the values
// decrease along the positions (docs/algorithms.md section 4: a crawl that downloads
// pages in decreasing importance scores +1; Baeza-Yates et al. 2005, section 5, after
// Kendall, "Rank Correlation Methods").
//
// Positions never tie; values may. Over the n0 = s(s-1)/2 pairs i < j, let
// C count the pairs with v_i > v_j (concordant with a decreasing order),
// D those with v_i < v_j and T those with v_i = v_j, so C + D + T = n0.
// Tau-b is (C - D)/√(n0·(n0 - T)) = (n0 - T - 2D)/√(n0·(n0 - T)).
//
// D and T are counted in O(s log s) with Knight's method (W. R. Knight, "A
// computer method for calculating Kendall's tau with ungrouped data", JASA
// 1966): a bottom-up merge sort into decreasing order counts, whenever an
// element of the right run strictly exceeds the head of the left run, one
// discordant pair with every element left in the left run; equal elements
// keep their order, so ties are never counted as discordant. T is then
// counted from the runs of equal values in the sorted slice.
//
// Tau-b is undefined when s < 2 or every value is equal: defined is then
// false and tau 0, never NaN. Otherwise tau is clamped to [-1, 1] against
// rounding.
func kendallTauDecreasing(values []float64) (tau float64, defined bool) {
	s := len(values)
	if s < 2 {
		return 0, false
	}
	src := make([]float64, s)
	copy(src, values)
	dst := make([]float64, s)
	var discordant int64
	for width := 1; width < s; width *= 2 {
		for lo := 0; lo < s; lo += 2 * width {
			mid := min(lo+width, s)
			hi := min(lo+2*width, s)
			i, j, o := lo, mid, lo
			for i < mid && j < hi {
				if src[j] > src[i] {
					dst[o] = src[j]
					j++
					discordant += int64(mid - i)
				} else {
					dst[o] = src[i]
					i++
				}
				o++
			}
			o += copy(dst[o:], src[i:mid])
			copy(dst[o:], src[j:hi])
		}
		src, dst = dst, src
	}
	var tied int64
	run := int64(1)
	for i := 1; i < s; i++ {
		if src[i] == src[i-1] {
			run++
			continue
		}
		tied += run * (run - 1) / 2
		run = 1
	}
	tied += run * (run - 1) / 2
	n0 := int64(s) * int64(s-1) / 2
	if tied == n0 {
		return 0, false
	}
	tau = float64(n0-tied-2*discordant) / math.Sqrt(float64(n0)*float64(n0-tied))
	return min(max(tau, -1), 1), true
}
