package crawl

import (
	"testing"

	"pgregory.net/rapid"
)

// TestPageHeapMatchesScan applies drawn pushes, pops, key changes and
// removals to a pageHeap and checks after every operation that its top is
// the best page by a linear scan with the tie rule (larger key, earlier
// discovery, smaller id), that a pop returns it, and that every page's
// position is right. Keys are drawn from a few values and discovery
// numbers repeat, so that ties are frequent.
func TestPageHeapMatchesScan(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 200).Draw(t, "pages")
		key := make([]float64, n)
		seq := make([]uint32, n)
		for i := range seq {
			seq[i] = uint32(rapid.IntRange(0, 5).Draw(t, "seq"))
		}
		h := pageHeap{items: make([]uint32, 0, n), key: key, seq: seq, pos: newPositions(n)}
		held := map[uint32]bool{}
		best := func() uint32 {
			first := true
			var b uint32
			for p := range held {
				if first || before(key, seq, p, b) {
					b, first = p, false
				}
			}
			return b
		}
		drawKey := func(t *rapid.T) float64 {
			return float64(rapid.IntRange(0, 4).Draw(t, "key")) / 2
		}
		for range rapid.IntRange(1, 400).Draw(t, "operations") {
			p := uint32(rapid.IntRange(0, n-1).Draw(t, "page"))
			switch op := rapid.IntRange(0, 3).Draw(t, "op"); {
			case op == 0 && !held[p]:
				key[p] = drawKey(t)
				h.push(p)
				held[p] = true
			case op == 1 && len(held) > 0:
				want := best()
				if got := h.pop(); got != want {
					t.Fatalf("pop gave page %d, the best is %d", got, want)
				}
				delete(held, want)
			case op == 2 && held[p]:
				key[p] = drawKey(t)
				h.fix(int(h.pos[p]))
			case op == 3 && held[p]:
				h.remove(int(h.pos[p]))
				delete(held, p)
			}
			if h.len() != len(held) {
				t.Fatalf("heap holds %d pages, want %d", h.len(), len(held))
			}
			for i, q := range h.items {
				if h.pos[q] != uint32(i) || !held[q] {
					t.Fatalf("page %d at index %d has position %d (held %v)", q, i, h.pos[q], held[q])
				}
			}
			if len(held) > 0 && h.top() != best() {
				t.Fatalf("top is page %d, the best is %d", h.top(), best())
			}
		}
	})
}
