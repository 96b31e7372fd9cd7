package crawl

// massEntry is one page of a massHeap: its key and its tie-breaker, the
// discovery number in the high 32 bits and the page id in the low 32, so
// that the smaller tie is the earlier discovery, then the smaller id
// (SPEC.md section 2, "Ties").
type massEntry struct {
	key float64
	tie uint64
}

// page returns the entry's page.
func (e massEntry) page() uint32 { return uint32(e.tie) }

// ahead reports whether entry a ranks before entry b: larger key, then
// smaller tie.
func (a massEntry) ahead(b massEntry) bool {
	return a.key > b.key || a.key == b.key && a.tie < b.tie
}

// massHeap is an indexed 4-ary max-heap of pages whose entries carry
// their keys, so that comparing two entries reads one array, not the keys
// of pages scattered over a per-page array. RankMass keeps its downloaded
// pages near the top of the rm scale in one (rankmass.go), where most of a
// crawl's time goes into raising keys and taking the best page.
//
// Four children per entry halve the depth of a binary heap; they are
// adjacent, so choosing the best of them reads one or two cache lines.
//
// pos (by page) gives a page's index in the heap or noPos; it may be shared
// with other heaps of pages that are never in this one.
type massHeap struct {
	e   []massEntry
	pos []uint32
}

func (h *massHeap) len() int { return len(h.e) }

// top returns the best entry; the heap must not be empty.
func (h *massHeap) top() massEntry { return h.e[0] }

// push adds page p with key and discovery number seq.
func (h *massHeap) push(p uint32, key float64, seq uint32) {
	h.e = append(h.e, massEntry{key: key, tie: uint64(seq)<<32 | uint64(p)})
	h.up(len(h.e) - 1)
}

// raise sets the key of page p, which is in the heap, to key, which is
// not smaller than its key.
func (h *massHeap) raise(p uint32, key float64) {
	i := h.pos[p]
	h.e[i].key = key
	h.up(int(i))
}

// up moves the entry at index i towards the root.
func (h *massHeap) up(i int) {
	x := h.e[i]
	for i > 0 {
		parent := (i - 1) / 4
		q := h.e[parent]
		if !x.ahead(q) {
			break
		}
		h.e[i] = q
		h.pos[q.page()] = uint32(i)
		i = parent
	}
	h.e[i] = x
	h.pos[x.page()] = uint32(i)
}

// pop removes the best entry and returns it; the heap must not be empty.
// The hole left at the root goes down to a leaf along the best child, and
// the last entry fills it and goes up, usually by a level or less.
func (h *massHeap) pop() massEntry {
	best := h.e[0]
	h.pos[best.page()] = noPos
	last := len(h.e) - 1
	x := h.e[last]
	h.e = h.e[:last]
	if last == 0 {
		return best
	}
	i := 0
	for {
		c := h.bestChild(i, last)
		if c < 0 {
			break
		}
		h.e[i] = h.e[c]
		h.pos[h.e[i].page()] = uint32(i)
		i = c
	}
	h.e[i] = x
	h.up(i)
	return best
}

// bestChild returns the index of the best child of entry i among the
// first n entries, or -1 when it has none.
func (h *massHeap) bestChild(i, n int) int {
	first := 4*i + 1
	if first >= n {
		return -1
	}
	c := first
	for k := first + 1; k < min(first+4, n); k++ {
		if h.e[k].ahead(h.e[c]) {
			c = k
		}
	}
	return c
}

// clear empties the heap.
func (h *massHeap) clear() {
	for _, e := range h.e {
		h.pos[e.page()] = noPos
	}
	h.e = h.e[:0]
}

// heapify orders the entries appended to e (whose positions are not set
// yet) into a heap.
func (h *massHeap) heapify() {
	n := len(h.e)
	for i := (n - 2) / 4; n > 1 && i >= 0; i-- {
		x := h.e[i]
		j := i
		for {
			c := h.bestChild(j, n)
			if c < 0 || !h.e[c].ahead(x) {
				break
			}
			h.e[j] = h.e[c]
			j = c
		}
		h.e[j] = x
	}
	for i, e := range h.e {
		h.pos[e.page()] = uint32(i)
	}
}
