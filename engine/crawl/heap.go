package crawl

// noPos marks a page that is in no heap.
const noPos = ^uint32(0)

// pageHeap is an indexed 4-ary max-heap of pages on flat slices. The keys,
// discovery numbers and heap positions live in slices indexed by page, which
// several heaps may share (every host's heap in a Frontier shares one set),
// so moving a page costs no allocation and changing its key is O(log n).
//
// Order: larger key first, then earlier discovery, then smaller id (docs/algorithms.md
// section 2, "Ties"). The order is total (ids differ), so every correct
// heap gives the same pages in the same order; four children rather than
// two halve the depth, and with it the cache misses of a pop on a frontier
// of millions of pages (each level reads the keys of its four children at
// once, independent loads the processor overlaps).
type pageHeap struct {
	items []uint32
	key   []float64 // by page
	seq   []uint32  // discovery number by page
	pos   []uint32  // index in items by page, or noPos
}

// heapArity is the number of children of a pageHeap node.
const heapArity = 4

// before reports whether page a is chosen before page b.
func before(key []float64, seq []uint32, a, b uint32) bool {
	if key[a] != key[b] {
		return key[a] > key[b]
	}
	if seq[a] != seq[b] {
		return seq[a] < seq[b]
	}
	return a < b
}

func (h *pageHeap) len() int { return len(h.items) }

// top returns the best page; the heap must not be empty.
func (h *pageHeap) top() uint32 { return h.items[0] }

func (h *pageHeap) push(p uint32) {
	h.pos[p] = uint32(len(h.items))
	h.items = append(h.items, p)
	h.up(len(h.items) - 1)
}

// pop removes and returns the best page; the heap must not be empty. The
// hole left at the root moves down along the best children to a leaf,
// where the last page fills it and moves up: one comparison fewer per
// level than sifting the last page down from the root, where it nearly
// always ends near the bottom anyway.
func (h *pageHeap) pop() uint32 {
	items := h.items
	p := items[0]
	last := len(items) - 1
	h.pos[p] = noPos
	if last == 0 {
		h.items = items[:0]
		return p
	}
	i := 0
	for {
		c := heapArity*i + 1
		if c >= last {
			break
		}
		c = h.bestChild(c, last)
		q := items[c]
		items[i] = q
		h.pos[q] = uint32(i)
		i = c
	}
	moved := items[last]
	h.items = items[:last]
	items[i] = moved
	h.pos[moved] = uint32(i)
	h.up(i)
	return p
}

// bestChild returns the index of the best of the children c, c+1, ...,
// c+heapArity-1 below end. With four children it loads their four keys
// before comparing any: the loads miss the cache independently and
// overlap, where a comparison between them would make each wait.
func (h *pageHeap) bestChild(c, end int) int {
	items, key, seq := h.items, h.key, h.seq
	if c+heapArity <= end {
		kids := items[c : c+heapArity : c+heapArity]
		q0, q1, q2, q3 := kids[0], kids[1], kids[2], kids[3]
		k0, k1, k2, k3 := key[q0], key[q1], key[q2], key[q3]
		a, qa, ka := c, q0, k0
		if k1 > ka || k1 == ka && discoveredBefore(seq, q1, qa) {
			a, qa, ka = c+1, q1, k1
		}
		b, qb, kb := c+2, q2, k2
		if k3 > kb || k3 == kb && discoveredBefore(seq, q3, qb) {
			b, qb, kb = c+3, q3, k3
		}
		if kb > ka || kb == ka && discoveredBefore(seq, qb, qa) {
			return b
		}
		return a
	}
	best := c
	bp := items[c]
	bk := key[bp]
	for k := c + 1; k < end; k++ {
		q := items[k]
		if kq := key[q]; kq > bk || kq == bk && discoveredBefore(seq, q, bp) {
			best, bp, bk = k, q, kq
		}
	}
	return best
}

// remove takes out the page at index i.
func (h *pageHeap) remove(i int) {
	if i == 0 {
		h.pop()
		return
	}
	last := len(h.items) - 1
	p := h.items[i]
	if i != last {
		h.items[i] = h.items[last]
		h.pos[h.items[i]] = uint32(i)
	}
	h.items = h.items[:last]
	h.pos[p] = noPos
	if i < last {
		h.fix(i)
	}
}

// fix restores the heap order after the key of the page at index i changed.
func (h *pageHeap) fix(i int) {
	if !h.up(i) {
		h.down(i)
	}
}

// up moves the page at index i towards the root; it reports whether it moved.
func (h *pageHeap) up(i int) bool {
	p := h.items[i]
	start := i
	for i > 0 {
		parent := (i - 1) / heapArity
		q := h.items[parent]
		if !before(h.key, h.seq, p, q) {
			break
		}
		h.items[i] = q
		h.pos[q] = uint32(i)
		i = parent
	}
	h.items[i] = p
	h.pos[p] = uint32(i)
	return i != start
}

func (h *pageHeap) down(i int) {
	n := len(h.items)
	p := h.items[i]
	for {
		c := heapArity*i + 1
		if c >= n {
			break
		}
		c = h.bestChild(c, n)
		q := h.items[c]
		if !before(h.key, h.seq, q, p) {
			break
		}
		h.items[i] = q
		h.pos[q] = uint32(i)
		i = c
	}
	h.items[i] = p
	h.pos[p] = uint32(i)
}

// newPositions returns n positions, all noPos.
func newPositions(n int) []uint32 {
	pos := make([]uint32, n)
	for i := range pos {
		pos[i] = noPos
	}
	return pos
}
