package crawl

import (
	"math/rand/v2"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// TestNegHeapAgainstList drives a negHeap with drawn pushes, raises (of rm,
// so falls of the stored -rm), pops, clears and rebuilds (heapify) over few
// distinct keys, so that ties on the key are frequent, and checks every pop
// against the best page of a plain list by the rule of SPEC.md section 2:
// larger rm, then earlier discovery, then smaller id. The heap's order and
// positions are checked after every operation.
func TestNegHeapAgainstList(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 200).Draw(t, "pages")
		neg := make([]float64, n)
		seq := make([]uint32, n)
		for p := range seq {
			seq[p] = uint32(rapid.IntRange(0, 5).Draw(t, "seq"))
		}
		h := negHeap{neg: neg, seq: seq, pos: newPositions(n)}
		var in []uint32
		keys := []float64{0, 0.25, 0.5, 1, 1.5, 2, 3}
		for range rapid.IntRange(0, 400).Draw(t, "operations") {
			switch rapid.IntRange(0, 9).Draw(t, "operation") {
			case 0, 1, 2: // push a page not in the heap
				p := uint32(rapid.IntRange(0, n-1).Draw(t, "page"))
				if slices.Contains(in, p) {
					continue
				}
				neg[p] = -rapid.SampledFrom(keys).Draw(t, "rm")
				h.push(p)
				in = append(in, p)
			case 3, 4, 5: // raise the rm of a page in the heap
				if len(in) == 0 {
					continue
				}
				p := rapid.SampledFrom(in).Draw(t, "raised")
				neg[p] -= rapid.SampledFrom(keys).Draw(t, "raise")
				h.up(int(h.pos[p]))
			case 6, 7, 8: // pop
				if len(in) == 0 {
					continue
				}
				want := in[0]
				for _, p := range in[1:] {
					if -neg[p] > -neg[want] || neg[p] == neg[want] && (seq[p] < seq[want] || seq[p] == seq[want] && p < want) {
						want = p
					}
				}
				if got := h.pop(); got != want {
					t.Fatalf("pop gave page %d (rm %v), want page %d (rm %v)", got, -neg[got], want, -neg[want])
				}
				in = slices.DeleteFunc(in, func(p uint32) bool { return p == want })
			case 9: // rebuild from the same pages in another order
				items := slices.Clone(h.items)
				rand.New(rand.NewPCG(uint64(len(items)), 1)).Shuffle(len(items), func(i, j int) {
					items[i], items[j] = items[j], items[i]
				})
				h.clear()
				for p := range n {
					if h.contains(uint32(p)) {
						t.Fatalf("page %d is still in the heap after clear", p)
					}
				}
				h.items = append(h.items, items...)
				h.heapify()
			}
			if h.len() != len(in) {
				t.Fatalf("heap holds %d pages, want %d", h.len(), len(in))
			}
			for i, p := range h.items {
				if h.pos[p] != uint32(i) {
					t.Fatalf("page %d at index %d has position %d", p, i, h.pos[p])
				}
				if i > 0 && h.ahead(p, h.items[(i-1)/negArity]) {
					t.Fatalf("page %d at index %d ranks before its parent", p, i)
				}
			}
		}
	})
}

// BenchmarkNegHeap measures the work RankMass gives its heap of downloaded
// pages (rankmass.go): on a heap of 50,000 pages out of 325,557 (about its
// size on cnr-2000), one pop and a push of the popped page back with a
// smaller rm, then ten raises of random pages by 1%. It reports the time
// per pop (one operation) and allocates nothing once the heap has grown.
func BenchmarkNegHeap(b *testing.B) {
	const n, size = 325557, 50000
	r := rand.New(rand.NewPCG(1, 2))
	neg := make([]float64, n)
	seq := make([]uint32, n)
	h := negHeap{neg: neg, seq: seq, pos: newPositions(n)}
	for range size {
		p := uint32(r.IntN(n))
		if h.contains(p) {
			continue
		}
		neg[p] = -r.Float64()
		h.push(p)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		p := h.pop()
		neg[p] *= r.Float64()
		h.push(p)
		for range 10 {
			q := h.items[r.IntN(h.len())]
			neg[q] *= 1.01
			h.up(int(h.pos[q]))
		}
	}
}
