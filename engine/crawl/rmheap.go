package crawl

import "math"

// rmHeap is the indexed max-heap of the downloaded pages RankMass may soon
// re-expand (hot, rankmass.go), ordered by rm, then earlier discovery, then
// smaller id (docs/algorithms.md section 2, "Ties"). Each entry keeps its
// key beside its page: rm[i] is the rm of items[i]. Choosing the best of
// four children then reads four keys that lie side by side (aligned so
// that they share a cache line), not the keys of four pages scattered over
// an array of n; the heap holds some thousands of pages (the rest wait in
// warm, rmwarm.go), so its two arrays stay in the processor's nearest
// caches. An item holds its page's discovery number beside the page
// (rmItem), so that ties, frequent among pages whose rm came from the same
// parents, are settled without loads from an array of n. The keys are
// positive, so their encodings compared as integers order them as the
// floats do, and the best of four children is found without branches
// (which child wins is a coin toss the processor cannot predict).
//
// A page's index is kept in no array of its own: the page's slot in
// RankMass's array of keys (slot, the Frontier's keys), which an addition
// to the page reads anyway, holds it, boxed in a NaN (boxIndex), while the
// page is in the heap. RankMass writes the slot back when a page leaves.
type rmHeap struct {
	items []uint64 // rmItem of each page
	rm    []float64
	seq   []uint32  // discovery number by page
	slot  []float64 // by page: boxIndex(i) for the page at index i
	// touched keeps the prefetching loads of pop.
	touched uint64
}

// newRMHeap returns an empty heap for at most n pages.
func newRMHeap(n int, seq []uint32, slot []float64) rmHeap {
	// The children of index i are 4i+1 ... 4i+4; three entries in front
	// put the first child of each at a multiple of 32 bytes from the
	// array's start, so that the four keys never straddle two cache lines
	// when the array starts on a line (Go's allocator starts arrays over
	// 32 kB on a page).
	rm := make([]float64, 3, n+3)[3:3]
	return rmHeap{items: make([]uint64, 0, n), rm: rm, seq: seq, slot: slot}
}

// hotBox is the encoding of a negative quiet NaN: boxIndex sets its low
// bits to a heap index. Copying a float64 keeps every bit; arithmetic on a
// NaN gives a NaN, which is all the additions look at.
const hotBox = 0xfff8_0000_0000_0000

// boxIndex returns heap index i boxed in a NaN.
func boxIndex(i int) float64 { return math.Float64frombits(hotBox | uint64(i)) }

// unboxIndex returns the heap index boxed in v (boxIndex).
func unboxIndex(v float64) int { return int(uint32(math.Float64bits(v))) }

func (h *rmHeap) len() int { return len(h.items) }

// top returns the best page and its rm; the heap must not be empty.
func (h *rmHeap) top() (uint32, float64) { return uint32(h.items[0]), h.rm[0] }

// place puts the page of item p with rm k at index i.
func (h *rmHeap) place(i int, p uint64, k float64) {
	h.items[i], h.rm[i] = p, k
	h.slot[uint32(p)] = boxIndex(i)
}

// rmItem returns page p with its discovery number: of two pages, the one
// discovered first, or the smaller of two discovered together, has the
// smaller item (docs/algorithms.md section 2, "Ties"), so that ties are
// settled without loading discovery numbers from an array of n.
func rmItem(seq []uint32, p uint32) uint64 { return uint64(seq[p])<<32 | uint64(p) }

// push adds page p, not in the heap, with rm k > 0.
func (h *rmHeap) push(p uint32, k float64) { h.pushItem(rmItem(h.seq, p), k) }

// pushItem adds the page of item p (rmItem), not in the heap, with rm
// k > 0.
func (h *rmHeap) pushItem(p uint64, k float64) {
	h.items = append(h.items, p)
	h.rm = append(h.rm, k)
	h.up(len(h.items)-1, p, k)
}

// raise adds delta > 0 to the rm of the page at index i. A raise that
// leaves the page below its parent writes only its key.
func (h *rmHeap) raise(i int, delta float64) {
	k := h.rm[i] + delta
	if i == 0 {
		h.rm[0] = k
		return
	}
	parent := (i - 1) / rmArity
	if kq := h.rm[parent]; k < kq || k == kq && h.items[i] > h.items[parent] {
		h.rm[i] = k
		return
	}
	h.up(i, h.items[i], k)
}

// up puts the page of item p with rm k at index i, or above it as far as k takes it.
func (h *rmHeap) up(i int, p uint64, k float64) {
	items, rm := h.items, h.rm
	for i > 0 {
		parent := (i - 1) / rmArity
		kq := rm[parent]
		if k < kq {
			break
		}
		q := items[parent]
		if k == kq && p > q {
			break
		}
		items[i], rm[i] = q, kq
		h.slot[uint32(q)] = boxIndex(i)
		i = parent
	}
	h.place(i, p, k)
}

// pop removes the best page; the heap must not be empty. The hole at the
// root goes down along the best children to a leaf, where the last page
// fills it and moves up: one comparison fewer per level than sifting the
// last page down from the root, where it nearly always ends near the
// bottom anyway. The caller writes the page's slot.
func (h *rmHeap) pop() {
	items, rm := h.items, h.rm
	last := len(items) - 1
	// The last page is loaded first: its load does not wait for the
	// descent.
	p, k := items[last], rm[last]
	i := 0
	for {
		c := rmArity*i + 1
		if c >= last {
			break
		}
		// Touch the keys of the children's children (16 keys, two cache
		// lines, see newRMHeap) while the best child is chosen: whichever
		// wins, the next level's keys are on their way.
		if g := rmArity*c + 1; g+2*rmArity < last {
			h.touched ^= math.Float64bits(rm[g]) ^ math.Float64bits(rm[g+2*rmArity])
		}
		c = h.bestChild(c, last)
		q := items[c]
		items[i], rm[i] = q, rm[c]
		h.slot[uint32(q)] = boxIndex(i)
		i = c
	}
	h.items, h.rm = items[:last], rm[:last]
	if i < last {
		h.up(i, p, k)
	}
}

// bestChild returns the index of the best of the children c, c+1, ...,
// c+rmArity-1 below end.
func (h *rmHeap) bestChild(c, end int) int {
	if c+rmArity <= end {
		ks := h.rm[c : c+rmArity : c+rmArity]
		k0 := math.Float64bits(ks[0])
		k1 := math.Float64bits(ks[1])
		k2 := math.Float64bits(ks[2])
		k3 := math.Float64bits(ks[3])
		g01 := above(k1, k0)
		k01 := k0 ^ (k0^k1)&-g01
		g23 := above(k3, k2)
		k23 := k2 ^ (k2^k3)&-g23
		g := above(k23, k01)
		b := int(g01 ^ (g01^(2+g23))&-g)
		kb := k01 ^ (k01^k23)&-g
		// another child's key equals the best one
		if k01 == k23 || k0 == k1 && k01 == kb || k2 == k3 && k23 == kb {
			return h.bestOfTied(c, c+rmArity, c+b, kb)
		}
		return c + b
	}
	best := c
	kb := math.Float64bits(h.rm[c])
	for j := c + 1; j < end; j++ {
		if kj := math.Float64bits(h.rm[j]); kj > kb {
			best, kb = j, kj
		}
	}
	return h.bestOfTied(c, end, best, kb)
}

// above returns 1 when a > b, else 0, without a branch; a and b are
// below 2^63 (encodings of positive floats).
func above(a, b uint64) uint64 { return (b - a) >> 63 }

// bestOfTied returns the index of the best page among indices c ... end-1,
// given that index best has the largest key, encoded kb, and others may
// equal it.
func (h *rmHeap) bestOfTied(c, end, best int, kb uint64) int {
	for j := c; j < end; j++ {
		if j != best && math.Float64bits(h.rm[j]) == kb && h.items[j] < h.items[best] {
			best = j
		}
	}
	return best
}

// heapify orders the entries, appended with append, into a heap and
// writes every page's slot.
func (h *rmHeap) heapify() {
	items, rm := h.items, h.rm
	n := len(items)
	for i := (n - 2) / rmArity; n > 1 && i >= 0; i-- {
		p, k := items[i], rm[i]
		j := i
		for {
			c := rmArity*j + 1
			if c >= n {
				break
			}
			c = h.bestChild(c, n)
			if kc := rm[c]; kc < k || kc == k && items[c] > p {
				break
			}
			items[j], rm[j] = items[c], rm[c]
			j = c
		}
		items[j], rm[j] = p, k
	}
	for i, p := range items {
		h.slot[uint32(p)] = boxIndex(i)
	}
}

// append adds page p with rm k at the end, out of order: heapify restores
// the order.
func (h *rmHeap) append(p uint32, k float64) { h.appendItem(rmItem(h.seq, p), k) }

// appendItem is append for the page of item p (rmItem).
func (h *rmHeap) appendItem(p uint64, k float64) {
	h.items = append(h.items, p)
	h.rm = append(h.rm, k)
}

// rmArity is the number of children of an entry of an rmHeap.
const rmArity = 4
