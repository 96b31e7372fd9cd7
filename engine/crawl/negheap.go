package crawl

import "math"

// negHeap is an indexed max-heap of pages ordered by rm, negArity children
// per entry, for the downloaded pages of RankMass (rankmass.go), which
// store -rm: neg[p] is -rm of page p, so the page with the largest rm is
// the one with the smallest neg. Ties go to the earlier discovery, then to
// the smaller id (SPEC.md section 2). Four children per entry halve the
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
