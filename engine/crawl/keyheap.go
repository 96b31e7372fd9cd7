package crawl

// keysInHeap is implemented by strategies that read and change the keys of
// pages only while they are in F or in flight, and set a page's key to 0
// once it is downloaded (opic, fpr, fpr-m). Their Frontier keeps each held
// page's key inside the heap, beside the page (keyHeap), instead of in an
// array by page: a pop compares keys that lie side by side in memory rather
// than at random in an array of n keys, and the 8 bytes a page of that
// array are saved. The keys of pages in flight are kept aside (loose); a
// page never pushed, or whose key was set to 0 outside F, has key 0.
type keysInHeap interface{ keysInHeap() }

// keyHeap is pageHeap with the keys stored in the heap: hk[i] is the key of
// items[i]. The order is pageHeap's.
type keyHeap struct {
	items []uint32
	hk    []float64
	seq   []uint32 // discovery number by page
	pos   []uint32 // index in items by page, or noPos
}

func (h *keyHeap) len() int { return len(h.items) }

// top returns the best page; the heap must not be empty.
func (h *keyHeap) top() uint32 { return h.items[0] }

// first reports whether page a with key ka is chosen before page b with key
// kb.
func (h *keyHeap) first(ka float64, a uint32, kb float64, b uint32) bool {
	return ka > kb || ka == kb && discoveredBefore(h.seq, a, b)
}

// place puts page q with key k at index i.
func (h *keyHeap) place(i int, q uint32, k float64) {
	h.items[i], h.hk[i] = q, k
	h.pos[q] = uint32(i)
}

func (h *keyHeap) push(p uint32, k float64) {
	h.items = append(h.items, p)
	h.hk = append(h.hk, k)
	h.up(len(h.items)-1, p, k)
}

// pop removes the best page and returns it with its key; the heap must not
// be empty. As pageHeap.pop, the hole goes down to a leaf first.
func (h *keyHeap) pop() (uint32, float64) {
	items, hk := h.items, h.hk
	p, k := items[0], hk[0]
	last := len(items) - 1
	h.pos[p] = noPos
	i := 0
	for {
		c := heapArity*i + 1
		if c >= last {
			break
		}
		c = h.bestChild(c, last)
		h.place(i, items[c], hk[c])
		i = c
	}
	h.items, h.hk = items[:last], hk[:last]
	if i < last {
		h.up(i, items[last], hk[last])
	}
	return p, k
}

// bestChild returns the index of the best of the children c, c+1, ...,
// c+heapArity-1 below end.
func (h *keyHeap) bestChild(c, end int) int {
	items, hk, seq := h.items, h.hk, h.seq
	if c+heapArity <= end {
		ks := hk[c : c+heapArity : c+heapArity]
		k0, k1, k2, k3 := ks[0], ks[1], ks[2], ks[3]
		a, ka := c, k0
		if k1 > ka || k1 == ka && discoveredBefore(seq, items[c+1], items[a]) {
			a, ka = c+1, k1
		}
		b, kb := c+2, k2
		if k3 > kb || k3 == kb && discoveredBefore(seq, items[c+3], items[b]) {
			b, kb = c+3, k3
		}
		if kb > ka || kb == ka && discoveredBefore(seq, items[b], items[a]) {
			return b
		}
		return a
	}
	best, bk := c, hk[c]
	for j := c + 1; j < end; j++ {
		if kj := hk[j]; kj > bk || kj == bk && discoveredBefore(seq, items[j], items[best]) {
			best, bk = j, kj
		}
	}
	return best
}

// remove takes out the page at index i and returns its key.
func (h *keyHeap) remove(i int) float64 {
	if i == 0 {
		_, k := h.pop()
		return k
	}
	last := len(h.items) - 1
	p, k := h.items[i], h.hk[i]
	q, kq := h.items[last], h.hk[last]
	h.items, h.hk = h.items[:last], h.hk[:last]
	h.pos[p] = noPos
	if i < last {
		h.setKey(i, q, kq)
	}
	return k
}

// setKey puts page q with key k at index i and restores the order.
func (h *keyHeap) setKey(i int, q uint32, k float64) {
	if !h.up(i, q, k) {
		h.down(i, q, k)
	}
}

// up moves page p with key k from index i towards the root and reports
// whether it moved.
func (h *keyHeap) up(i int, p uint32, k float64) bool {
	start := i
	for i > 0 {
		parent := (i - 1) / heapArity
		if !h.first(k, p, h.hk[parent], h.items[parent]) {
			break
		}
		h.place(i, h.items[parent], h.hk[parent])
		i = parent
	}
	h.place(i, p, k)
	return i != start
}

// down moves page p with key k from index i towards the leaves.
func (h *keyHeap) down(i int, p uint32, k float64) {
	n := len(h.items)
	for {
		c := heapArity*i + 1
		if c >= n {
			break
		}
		c = h.bestChild(c, n)
		if !h.first(h.hk[c], h.items[c], k, p) {
			break
		}
		h.place(i, h.items[c], h.hk[c])
		i = c
	}
	h.place(i, p, k)
}

// looseKeys holds the keys of pages a keysInHeap Frontier does not hold:
// the pages in flight. The last page taken is kept apart from the map, as
// without politeness it is the only one.
type looseKeys struct {
	last    uint32
	lastKey float64
	others  map[uint32]float64
}

func newLooseKeys() *looseKeys { return &looseKeys{last: noPos} }

// get returns page p's key, 0 when none is kept.
func (l *looseKeys) get(p uint32) float64 {
	if p == l.last {
		return l.lastKey
	}
	return l.others[p]
}

// set keeps key k for page p; 0 drops it.
func (l *looseKeys) set(p uint32, k float64) {
	switch {
	case p == l.last:
		l.lastKey = k
		if k == 0 {
			l.last = noPos
		}
	case k == 0:
		delete(l.others, p)
	case l.last == noPos:
		l.last, l.lastKey = p, k
		delete(l.others, p)
	default:
		if l.others == nil {
			l.others = map[uint32]float64{}
		}
		l.others[p] = k
	}
}

// put keeps key k for page p, which has just left the heap: it becomes the
// last page, and the one before moves to the map.
func (l *looseKeys) put(p uint32, k float64) {
	if l.last != noPos && l.last != p && l.lastKey != 0 {
		if l.others == nil {
			l.others = map[uint32]float64{}
		}
		l.others[l.last] = l.lastKey
	}
	delete(l.others, p)
	l.last, l.lastKey = p, k
	if k == 0 {
		l.last = noPos
	}
}
