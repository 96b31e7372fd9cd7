package crawl

// noPos marks a page that is in no heap.
const noPos = ^uint32(0)

// pageHeap is an indexed binary max-heap of pages on flat slices. The keys,
// discovery numbers and heap positions live in slices indexed by page, which
// several heaps may share (every host's heap in a Frontier shares one set),
// so moving a page costs no allocation and changing its key is O(log n).
//
// Order: larger key first, then earlier discovery, then smaller id (SPEC.md
// section 2, "Ties").
type pageHeap struct {
	items []uint32
	key   []float64 // by page
	seq   []uint32  // discovery number by page
	pos   []uint32  // index in items by page, or noPos
}

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

func (h *pageHeap) contains(p uint32) bool { return h.pos[p] != noPos }

func (h *pageHeap) push(p uint32) {
	h.pos[p] = uint32(len(h.items))
	h.items = append(h.items, p)
	h.up(len(h.items) - 1)
}

// pop removes and returns the best page; the heap must not be empty.
func (h *pageHeap) pop() uint32 {
	p := h.items[0]
	h.remove(0)
	return p
}

// remove takes out the page at index i.
func (h *pageHeap) remove(i int) {
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
		parent := (i - 1) / 2
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
		c := 2*i + 1
		if c >= n {
			break
		}
		if r := c + 1; r < n && before(h.key, h.seq, h.items[r], h.items[c]) {
			c = r
		}
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
