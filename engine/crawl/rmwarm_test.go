package crawl

import (
	"math"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// TestRMWarmTake drives an rmWarm with drawn pushes, removes and refills
// (take into an rmHeap) over keys that tie often and lie near each other
// or far apart: after every take the pages left have rm at most sigma, the
// pages moved rm above it, at least want of them moved (or all), no page
// is lost or doubled, and every page's slot boxes its place, in warm
// (boxWarm) or in the heap (boxIndex), as the heap's best is the best of
// the pages moved (refRMHeap).
func TestRMWarmTake(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 300).Draw(t, "pages")
		seq := make([]uint32, n)
		for p := range seq {
			seq[p] = uint32(rapid.IntRange(0, 5).Draw(t, "seq"))
		}
		slot := make([]float64, n)
		w := rmWarm{seq: seq, slot: slot}
		in := make(map[uint32]float64) // the pages of w and their rm
		keys := []float64{1e-300, 0.001, 0.25, 0.2501, 0.26, 0.5, 1, 1.004, 3, 1e10}
		for range rapid.IntRange(0, 200).Draw(t, "operations") {
			switch rapid.IntRange(0, 4).Draw(t, "operation") {
			case 0, 1, 2: // push a page not in w
				p := uint32(rapid.IntRange(0, n-1).Draw(t, "page"))
				if _, ok := in[p]; ok {
					continue
				}
				k := rapid.SampledFrom(keys).Draw(t, "rm")
				w.push(p, k)
				in[p] = k
			case 3: // remove a page
				if w.len() == 0 {
					continue
				}
				j := rapid.IntRange(0, w.len()-1).Draw(t, "removed")
				delete(in, uint32(w.ents[j].item))
				w.remove(j)
			}
			checkWarm(t, &w, in)
		}
		h := newRMHeap(n, seq, slot)
		ref := refRMHeap{seq: seq}
		want := rapid.IntRange(1, n+2).Draw(t, "want")
		floor := 1e-301
		total := w.len()
		sigma := w.take(&h, want, floor)
		h.heapify()
		if sigma < floor {
			t.Fatalf("sigma %v below the floor %v", sigma, floor)
		}
		if moved := h.len(); moved < min(want, total) || moved+w.len() != total {
			t.Fatalf("%d of %d pages moved for %d wanted, %d left", moved, total, want, w.len())
		}
		for _, e := range w.ents {
			if e.rm > sigma {
				t.Fatalf("page %d with rm %v left in warm, above sigma %v", uint32(e.item), e.rm, sigma)
			}
		}
		for i, item := range h.items {
			p := uint32(item)
			k, ok := in[p]
			if !ok || k != h.rm[i] || k <= sigma {
				t.Fatalf("page %d moved with rm %v (sigma %v), in warm %v with %v", p, h.rm[i], sigma, ok, k)
			}
			if math.Float64bits(slot[p]) != math.Float64bits(boxIndex(i)) {
				t.Fatalf("page %d at index %d of the heap: its slot does not box it", p, i)
			}
			delete(in, p)
			ref.entries = append(ref.entries, rmEntry{p, k})
		}
		checkWarm(t, &w, in)
		if h.len() > 0 {
			if p, k := h.top(); ref.entries[ref.best()] != (rmEntry{p, k}) {
				t.Fatalf("the heap's best is page %d with rm %v, want %v", p, k, ref.entries[ref.best()])
			}
		}
	})
}

// checkWarm checks that w holds exactly the pages of in, with their rm,
// each with its position boxed in its slot.
func checkWarm(t *rapid.T, w *rmWarm, in map[uint32]float64) {
	if w.len() != len(in) {
		t.Fatalf("warm holds %d pages, want %d", w.len(), len(in))
	}
	for j, e := range w.ents {
		p := uint32(e.item)
		if k, ok := in[p]; !ok || k != e.rm {
			t.Fatalf("page %d with rm %v in warm, want %v (%v)", p, e.rm, k, ok)
		}
		if e.item != rmItem(w.seq, p) {
			t.Fatalf("page %d: item %x, want %x", p, e.item, rmItem(w.seq, p))
		}
		if v := w.slot[p]; !isWarm(v) || unboxIndex(v) != j || v == v {
			t.Fatalf("page %d at position %d: its slot is %x", p, j, math.Float64bits(v))
		}
	}
}

// TestRMItemOrdersTies: of two pages, the one discovered first has the
// smaller item, and of two discovered together the smaller page.
func TestRMItemOrdersTies(t *testing.T) {
	seq := []uint32{3, 1, 3, 0xffffffff}
	pages := []uint32{0, 1, 2, 3}
	slices.SortFunc(pages, func(a, b uint32) int {
		if discoveredBefore(seq, a, b) {
			return -1
		}
		return 1
	})
	for i := 1; i < len(pages); i++ {
		if rmItem(seq, pages[i-1]) >= rmItem(seq, pages[i]) {
			t.Fatalf("page %d ranks before page %d but its item is not smaller", pages[i-1], pages[i])
		}
	}
}
