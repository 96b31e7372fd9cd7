package crawl

import (
	"math/rand/v2"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// TestMassHeapAgainstSortedList drives a massHeap with drawn pushes, raises,
// pops, clears and rebuilds (heapify) over few distinct keys, so that ties
// on the key are frequent, and checks every pop against the best entry of a
// plain list by the rule of SPEC.md section 2: larger key, then earlier
// discovery, then smaller id. Positions are checked after every operation.
func TestMassHeapAgainstSortedList(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 200).Draw(t, "pages")
		h := massHeap{pos: newPositions(n)}
		in := map[uint32]massEntry{}
		seq := make([]uint32, n)
		for p := range seq {
			seq[p] = uint32(rapid.IntRange(0, 5).Draw(t, "seq"))
		}
		keys := []float64{0, 0.25, 0.5, 1, 1.5, 2, 3}
		for range rapid.IntRange(0, 400).Draw(t, "operations") {
			switch rapid.IntRange(0, 9).Draw(t, "operation") {
			case 0, 1, 2: // push a page not in the heap
				p := uint32(rapid.IntRange(0, n-1).Draw(t, "page"))
				if _, ok := in[p]; ok {
					continue
				}
				k := rapid.SampledFrom(keys).Draw(t, "key")
				h.push(p, k, seq[p])
				in[p] = massEntry{key: k, tie: uint64(seq[p])<<32 | uint64(p)}
			case 3, 4, 5: // raise a page in the heap
				if len(in) == 0 {
					continue
				}
				p := rapid.SampledFrom(sortedPages(in)).Draw(t, "raised")
				e := in[p]
				e.key += rapid.SampledFrom(keys).Draw(t, "raise")
				h.raise(p, e.key)
				in[p] = e
			case 6, 7, 8: // pop
				if len(in) == 0 {
					continue
				}
				var want massEntry
				first := true
				for _, e := range in {
					if first || e.key > want.key || e.key == want.key && (seq[e.page()] < seq[want.page()] ||
						seq[e.page()] == seq[want.page()] && e.page() < want.page()) {
						want, first = e, false
					}
				}
				if got := h.pop(); got != want {
					t.Fatalf("pop gave page %d key %v, want page %d key %v", got.page(), got.key, want.page(), want.key)
				}
				delete(in, want.page())
			case 9: // rebuild from the same entries in another order
				entries := slices.Clone(h.e)
				rand.New(rand.NewPCG(uint64(len(entries)), 1)).Shuffle(len(entries), func(i, j int) {
					entries[i], entries[j] = entries[j], entries[i]
				})
				h.clear()
				for p := range n {
					if h.pos[p] != noPos {
						t.Fatalf("page %d keeps position %d after clear", p, h.pos[p])
					}
				}
				h.e = append(h.e, entries...)
				h.heapify()
			}
			if h.len() != len(in) {
				t.Fatalf("heap holds %d pages, want %d", h.len(), len(in))
			}
			for i, e := range h.e {
				if h.pos[e.page()] != uint32(i) {
					t.Fatalf("page %d at index %d has position %d", e.page(), i, h.pos[e.page()])
				}
				if i > 0 && e.ahead(h.e[(i-1)/4]) {
					t.Fatalf("entry %d ranks before its parent", i)
				}
			}
		}
	})
}

// sortedPages returns the pages of in, in increasing order.
func sortedPages(in map[uint32]massEntry) []uint32 {
	pages := make([]uint32, 0, len(in))
	for p := range in {
		pages = append(pages, p)
	}
	slices.Sort(pages)
	return pages
}

// BenchmarkMassHeap measures the work RankMass gives its heap of downloaded
// pages (rankmass.go): on a heap of 50,000 pages (about its size on
// cnr-2000), one pop and a push of the popped page back, then ten raises of
// random pages by small amounts. It reports nanoseconds per pop (one
// operation) and allocates nothing once the heap has grown.
func BenchmarkMassHeap(b *testing.B) {
	const n = 50000
	r := rand.New(rand.NewPCG(1, 2))
	h := massHeap{pos: newPositions(n)}
	for p := range uint32(n) {
		h.push(p, r.Float64(), p)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		e := h.pop()
		h.push(e.page(), e.key*r.Float64(), uint32(e.tie>>32))
		for range 10 {
			p := uint32(r.IntN(n))
			h.raise(p, h.e[h.pos[p]].key*1.01)
		}
	}
}
