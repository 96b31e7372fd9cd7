package crawl

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// rmEntry is a page of refRMHeap with its rm.
type rmEntry struct {
	page uint32
	rm   float64
}

// refRMHeap is the reference rmHeap is checked against: its pages and
// their rm in a plain slice, the best found by a linear scan with the
// rule of docs/algorithms.md section 2 (larger rm, then earlier
// discovery, then smaller id).
type refRMHeap struct {
	entries []rmEntry
	seq     []uint32
}

// best returns the index in entries of the page that ranks first.
func (r *refRMHeap) best() int {
	b := 0
	for i, e := range r.entries {
		f := r.entries[b]
		if e.rm > f.rm || e.rm == f.rm && (r.seq[e.page] < r.seq[f.page] || r.seq[e.page] == r.seq[f.page] && e.page < f.page) {
			b = i
		}
	}
	return b
}

// find returns the index in entries of page p, or -1.
func (r *refRMHeap) find(p uint32) int {
	return slices.IndexFunc(r.entries, func(e rmEntry) bool { return e.page == p })
}

// TestRMHeapAgainstReference drives an rmHeap and a refRMHeap with the
// same drawn pushes, raises, pops and rebuilds (append and heapify), over
// few distinct keys and discovery numbers so that ties are frequent: every
// top and pop must be the reference's best page with its rm, and every
// page of the heap must have its index boxed in its slot.
func TestRMHeapAgainstReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 200).Draw(t, "pages")
		seq := make([]uint32, n)
		for p := range seq {
			seq[p] = uint32(rapid.IntRange(0, 5).Draw(t, "seq"))
		}
		slot := make([]float64, n)
		h := newRMHeap(n, seq, slot)
		ref := refRMHeap{seq: seq}
		keys := []float64{0.25, 0.5, 1, 1.5, 2, 3}
		for range rapid.IntRange(0, 400).Draw(t, "operations") {
			switch rapid.IntRange(0, 9).Draw(t, "operation") {
			case 0, 1, 2: // push a page not in the heap
				p := uint32(rapid.IntRange(0, n-1).Draw(t, "page"))
				if ref.find(p) >= 0 {
					continue
				}
				k := rapid.SampledFrom(keys).Draw(t, "rm")
				h.push(p, k)
				ref.entries = append(ref.entries, rmEntry{p, k})
			case 3, 4, 5: // raise the rm of a page in the heap
				if len(ref.entries) == 0 {
					continue
				}
				e := &ref.entries[rapid.IntRange(0, len(ref.entries)-1).Draw(t, "raised")]
				delta := rapid.SampledFrom(keys).Draw(t, "raise")
				h.raise(unboxIndex(slot[e.page]), delta)
				e.rm += delta
			case 6, 7, 8: // pop
				if len(ref.entries) == 0 {
					continue
				}
				want := ref.entries[ref.best()]
				if p, k := h.top(); p != want.page || k != want.rm {
					t.Fatalf("top is page %d with rm %v, want page %d with rm %v", p, k, want.page, want.rm)
				}
				h.pop()
				ref.entries = slices.Delete(ref.entries, ref.best(), ref.best()+1)
			case 9: // rebuild: take every page out, append them back shuffled
				entries := slices.Clone(ref.entries)
				rand.New(rand.NewPCG(uint64(len(entries)), 1)).Shuffle(len(entries), func(i, j int) {
					entries[i], entries[j] = entries[j], entries[i]
				})
				for h.len() > 0 {
					h.pop()
				}
				for _, e := range entries {
					h.append(e.page, e.rm)
				}
				h.heapify()
			}
			if h.len() != len(ref.entries) {
				t.Fatalf("heap holds %d pages, want %d", h.len(), len(ref.entries))
			}
			for i, item := range h.items {
				p := uint32(item)
				if math.Float64bits(slot[p]) != math.Float64bits(boxIndex(i)) {
					t.Fatalf("page %d at index %d: its slot boxes index %d", p, i, unboxIndex(slot[p]))
				}
				if j := ref.find(p); j < 0 || ref.entries[j].rm != h.rm[i] {
					t.Fatalf("page %d at index %d with rm %v is not so in the reference", p, i, h.rm[i])
				}
			}
		}
	})
}

// BenchmarkRMHeap measures the work RankMass gives its heap of downloaded
// pages (rankmass.go): on a heap of 50,000 pages out of 325,557 (about its
// size on cnr-2000), one pop and a push of the popped page back with a
// smaller rm, then ten raises of random pages by 1%. It reports the time
// per pop (one operation) and allocates nothing once the heap has grown.
func BenchmarkRMHeap(b *testing.B) {
	const n, size = 325557, 50000
	r := rand.New(rand.NewPCG(1, 2))
	seq := make([]uint32, n)
	slot := make([]float64, n)
	h := newRMHeap(n, seq, slot)
	for range size {
		p := uint32(r.IntN(n))
		if slot[p] != 0 {
			continue
		}
		h.push(p, r.Float64()+1e-9)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		p, k := h.top()
		h.pop()
		h.push(p, k*r.Float64()+1e-9)
		for range 10 {
			i := r.IntN(h.len())
			h.raise(i, 0.01*h.rm[i])
		}
	}
}
