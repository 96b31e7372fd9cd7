package crawl

import (
	"math"
	"testing"

	"pgregory.net/rapid"
)

// TestRMWarmTake draws pages of warm (-rm in their slot, above the
// floor), stale ones (rm at or below the floor, or in hot: a NaN), and a
// list of them in which every page of warm appears and any page may
// appear twice, over keys that tie often and lie near each other or far
// apart. After take, the pages moved to the heap are exactly the pages of
// warm with rm above sigma, each once, with their rm and their index
// boxed in their slot; the list holds exactly the others of warm; at
// least one page moved if warm had any, all of them when want is at least
// the list's length; and the heap's best is the best of the pages moved
// (refRMHeap).
func TestRMWarmTake(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 300).Draw(t, "pages")
		seq := make([]uint32, n)
		for p := range seq {
			seq[p] = uint32(rapid.IntRange(0, 5).Draw(t, "seq"))
		}
		const floor = 1e-301
		slot := make([]float64, n)
		warm := map[uint32]float64{}
		keys := []float64{1e-300, 0.001, 0.25, 0.2501, 0.26, 0.5, 1, 1.004, 3, 1e10}
		for p := range slot {
			switch rapid.IntRange(0, 3).Draw(t, "state") {
			case 0, 1: // in warm
				k := rapid.SampledFrom(keys).Draw(t, "rm")
				slot[p] = -k
				warm[uint32(p)] = k
			case 2: // expanded, or below the floor
				slot[p] = -rapid.SampledFrom([]float64{0, floor, 1e-302}).Draw(t, "low rm")
			case 3: // in hot
				slot[p] = boxIndex(p)
			}
		}
		var list []uint32
		for p := range uint32(n) {
			if _, ok := warm[p]; ok {
				list = append(list, p)
			}
		}
		for range rapid.IntRange(0, n).Draw(t, "extra entries") {
			list = append(list, uint32(rapid.IntRange(0, n-1).Draw(t, "listed")))
		}
		list = rapid.Permutation(list).Draw(t, "list")
		w := rmWarm{pages: list, slot: slot}
		h := newRMHeap(n, seq, slot)
		want := rapid.IntRange(1, len(list)+2).Draw(t, "want")
		length := len(list)
		sigma := w.take(&h, want, floor)
		h.heapify()
		if sigma < floor {
			t.Fatalf("sigma %v below the floor %v", sigma, floor)
		}
		ref := refRMHeap{seq: seq}
		for i, item := range h.items {
			p := uint32(item)
			k, ok := warm[p]
			if !ok || k != h.rm[i] || k <= sigma {
				t.Fatalf("page %d moved with rm %v (sigma %v), in warm %v with %v", p, h.rm[i], sigma, ok, k)
			}
			if math.Float64bits(slot[p]) != math.Float64bits(boxIndex(i)) {
				t.Fatalf("page %d at index %d of the heap: its slot does not box it", p, i)
			}
			delete(warm, p)
			ref.entries = append(ref.entries, rmEntry{p, k})
		}
		left := map[uint32]bool{}
		for _, p := range w.pages {
			k, ok := warm[p]
			if !ok || k > sigma || slot[p] != -k {
				t.Fatalf("page %d left in the list: in warm %v with rm %v (sigma %v), slot %v", p, ok, k, sigma, slot[p])
			}
			left[p] = true
		}
		if len(left) != len(warm) {
			t.Fatalf("%d pages of warm left, %d listed", len(warm), len(left))
		}
		if moved := h.len(); moved == 0 && len(warm) > 0 || want >= length && len(warm) > 0 {
			t.Fatalf("%d pages moved for %d wanted of %d entries, %d of warm left", moved, want, length, len(warm))
		}
		if h.len() > 0 {
			if p, k := h.top(); ref.entries[ref.best()] != (rmEntry{p, k}) {
				t.Fatalf("the heap's best is page %d with rm %v, want %v", p, k, ref.entries[ref.best()])
			}
		}
	})
}

// TestRMItemOrdersTies: of two pages, the one discovered first has the
// smaller item, and of two discovered together the smaller page.
func TestRMItemOrdersTies(t *testing.T) {
	seq := []uint32{3, 1, 3, 0xffffffff}
	for a := range uint32(len(seq)) {
		for b := range uint32(len(seq)) {
			if a != b && discoveredBefore(seq, a, b) != (rmItem(seq, a) < rmItem(seq, b)) {
				t.Fatalf("pages %d and %d: discovered first %v, items %x and %x", a, b, discoveredBefore(seq, a, b), rmItem(seq, a), rmItem(seq, b))
			}
		}
	}
}

// TestRMWarmListNeverGrows draws slots as TestRMWarmTake does (pages of
// warm, stale ones, pages of hot) and lists pages of warm again and again,
// many more times than there are pages: the list keeps the capacity
// newRMWarm gave it, still lists every page of warm, and the slots keep
// every bit (compact marks pages by flipping their sign, then flips it
// back).
func TestRMWarmListNeverGrows(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 200).Draw(t, "pages")
		const floor = 1e-301
		slot := make([]float64, n)
		var inWarm []uint32
		for p := range slot {
			switch rapid.IntRange(0, 2).Draw(t, "state") {
			case 0:
				slot[p] = -rapid.SampledFrom([]float64{1e-300, 0.25, 0.5, 3}).Draw(t, "rm")
				inWarm = append(inWarm, uint32(p))
			case 1:
				slot[p] = -rapid.SampledFrom([]float64{0, floor}).Draw(t, "low rm")
			case 2:
				slot[p] = boxIndex(p)
			}
		}
		if len(inWarm) == 0 {
			return
		}
		before := make([]uint64, n)
		for p, x := range slot {
			before[p] = math.Float64bits(x)
		}
		w := newRMWarm(n, slot)
		capacity := cap(w.pages)
		times := rapid.IntRange(1, 5*n).Draw(t, "listings")
		drawn := map[uint32]bool{}
		for range times {
			p := rapid.SampledFrom(inWarm).Draw(t, "page")
			drawn[p] = true
			w.list(p, floor)
			if cap(w.pages) != capacity {
				t.Fatalf("the list grew from %d to %d entries", capacity, cap(w.pages))
			}
		}
		w.compact(floor)
		listed := map[uint32]int{}
		for _, p := range w.pages {
			listed[p]++
		}
		for p, x := range slot {
			if math.Float64bits(x) != before[p] {
				t.Fatalf("page %d: slot %v, was %v", p, x, math.Float64frombits(before[p]))
			}
		}
		for p, k := range listed {
			if k != 1 {
				t.Fatalf("page %d listed %d times after compact", p, k)
			}
		}
		for p := range drawn {
			if listed[p] == 0 {
				t.Fatalf("page %d of warm, listed, is no longer in the list", p)
			}
		}
	})
}
