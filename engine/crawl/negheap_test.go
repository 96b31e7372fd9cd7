package crawl

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// TestNegHeapAgainstList drives a negHeap with drawn pushes, raises (of rm,
// so falls of the stored -rm), pops, clears and rebuilds (heapify) over few
// distinct keys, so that ties on the key are frequent, and checks every pop
// against the best page of a plain list by the rule of docs/algorithms.md section 2:
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

// negHeap is an indexed max-heap of pages ordered by rm, negArity children
// per entry, for the downloaded pages of RankMass (rankmass.go), which
// store -rm: neg[p] is -rm of page p, so the page with the largest rm is
// the one with the smallest neg. Ties go to the earlier discovery, then to
// the smaller id (docs/algorithms.md section 2). Four children per entry halve the
// depth of a binary heap (eight measured no faster on cnr-2000), and taking
// the root sifts the hole down along the best children (one comparison
// less per level) before the last entry fills it. The best of four
// children is found without branches (bestChild): which child wins is a
// coin toss the processor cannot predict, and the mispredictions were
// half of bestChild's cost (cachegrind's branch model on
// BenchmarkHeavyStrategies: 21.4 million mispredictions in bestChild
// before, 4.4 million after, for 1.6 million pops).
//
// items holds the heap's pages; neg, seq (discovery numbers) and pos
// (index in items, or noPos) are by page and shared with the Frontier,
// which never holds the pages of this heap.
type negHeap struct {
	items []uint32
	neg   []float64
	seq   []uint32
	pos   []uint32
}

func (h *negHeap) len() int { return len(h.items) }

// top returns the best page; the heap must not be empty.
func (h *negHeap) top() uint32 { return h.items[0] }

// contains reports whether page p is in the heap.
func (h *negHeap) contains(p uint32) bool { return h.pos[p] != noPos }

// ahead reports whether page a ranks before page b.
func (h *negHeap) ahead(a, b uint32) bool {
	ka, kb := h.neg[a], h.neg[b]
	if ka != kb {
		return ka < kb
	}
	if h.seq[a] != h.seq[b] {
		return h.seq[a] < h.seq[b]
	}
	return a < b
}

// push adds page p, which is not in the heap.
func (h *negHeap) push(p uint32) {
	h.items = append(h.items, p)
	h.up(len(h.items) - 1)
}

// up moves the page at index i towards the root, as far as its key (which
// may only have grown in rm, that is fallen in neg) takes it.
func (h *negHeap) up(i int) {
	x := h.items[i]
	kx := h.neg[x]
	for i > 0 {
		parent := (i - 1) / negArity
		q := h.items[parent]
		if kq := h.neg[q]; kx > kq || kx == kq && !h.ahead(x, q) {
			break
		}
		h.items[i] = q
		h.pos[q] = uint32(i)
		i = parent
	}
	h.items[i] = x
	h.pos[x] = uint32(i)
}

// pop removes the best page and returns it; the heap must not be empty.
func (h *negHeap) pop() uint32 {
	best := h.items[0]
	h.pos[best] = noPos
	last := len(h.items) - 1
	x := h.items[last]
	h.items = h.items[:last]
	if last == 0 {
		return best
	}
	i := 0
	for {
		c := h.bestChild(i, last)
		if c < 0 {
			break
		}
		h.items[i] = h.items[c]
		h.pos[h.items[i]] = uint32(i)
		i = c
	}
	h.items[i] = x
	h.up(i)
	return best
}

// bestChild returns the index of the best child of the page at index i
// among the first n items, or -1 when it has none.
func (h *negHeap) bestChild(i, n int) int {
	first := negArity*i + 1
	if first >= n {
		return -1
	}
	if first+negArity <= n {
		// All four children, the common case: the largest of their keys
		// without a branch (the encodings of -rm ≤ 0 compared as
		// integers order as rm does), then the tie rule only when
		// another child's key equals it.
		g := h.items[first : first+4 : first+4]
		k0 := math.Float64bits(h.neg[g[0]])
		k1 := math.Float64bits(h.neg[g[1]])
		k2 := math.Float64bits(h.neg[g[2]])
		k3 := math.Float64bits(h.neg[g[3]])
		c01, k01 := 0, k0
		if k1 > k0 {
			c01, k01 = 1, k1
		}
		c23, k23 := 2, k2
		if k3 > k2 {
			c23, k23 = 3, k3
		}
		c, kc := c01, k01
		if k23 > k01 {
			c, kc = c23, k23
		}
		if k0 == k1 || k2 == k3 || k01 == k23 {
			return first + h.bestOfTied(g, c, kc)
		}
		return first + c
	}
	c := first
	kc := h.neg[h.items[c]]
	for k := first + 1; k < n; k++ {
		q := h.items[k]
		if kq := h.neg[q]; kq < kc || kq == kc && h.ahead(q, h.items[c]) {
			c, kc = k, kq
		}
	}
	return c
}

// bestOfTied returns the index in g of the best page, given that g[c] has
// the largest key kc (as encoded by bestChild) and others may equal it.
func (h *negHeap) bestOfTied(g []uint32, c int, kc uint64) int {
	for k, q := range g {
		if k != c && math.Float64bits(h.neg[q]) == kc && h.ahead(q, g[c]) {
			c = k
		}
	}
	return c
}

// clear empties the heap.
func (h *negHeap) clear() {
	for _, p := range h.items {
		h.pos[p] = noPos
	}
	h.items = h.items[:0]
}

// heapify orders items, appended without their positions, into a heap.
func (h *negHeap) heapify() {
	n := len(h.items)
	for i, p := range h.items {
		h.pos[p] = uint32(i)
	}
	for i := (n - 2) / negArity; n > 1 && i >= 0; i-- {
		x := h.items[i]
		j := i
		for {
			c := h.bestChild(j, n)
			if c < 0 || !h.ahead(h.items[c], x) {
				break
			}
			h.items[j] = h.items[c]
			h.pos[h.items[j]] = uint32(j)
			j = c
		}
		h.items[j] = x
		h.pos[x] = uint32(j)
	}
}

// negArity is the number of children of an entry of a negHeap.
const negArity = 4
