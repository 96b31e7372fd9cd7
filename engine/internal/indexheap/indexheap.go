// Package indexheap is a binary min-heap of ids (0 to n-1) ordered by a
// key each, that keeps each id's place in it, so that an id whose key
// has changed moves to its new place, and any id leaves, in O(log n)
// without a search. It lives on flat slices and allocates nothing once
// made.
//
// The key type is a type parameter of basic kind (cmp.Ordered), so that
// each comparison compiles to the machine's own, with no call: the
// politeness clock's hosts ordered by the end of their wait
// (engine/crawl) are one such heap. A heap ordered by a function of two
// ids (a method of a type parameter) costs a call through Go's generic
// dictionary per comparison instead; the crawl's heap of hosts by their
// best page, written for its order, is faster that way
// (engine/crawl/frontier.go, hostHeap).
package indexheap

import "cmp"

// absent marks an id that is not in the heap.
const absent = ^uint32(0)

// Heap is an indexed binary min-heap of ids ordered by their keys,
// smaller first, ties to the smaller id: a total order, so that the ids
// come out in the same order whatever the order of the operations. The
// zero Heap holds no id and takes none; New makes one.
type Heap[K cmp.Ordered] struct {
	items []uint32 // the heap
	pos   []uint32 // index in items by id, or absent
	keys  []K      // by id; the caller's
}

// New returns an empty heap for the ids 0 to len(keys)-1, ordered by
// keys, which the heap reads and the caller owns: after changing the key
// of an id in the heap, the caller calls Fix. No key may be NaN.
func New[K cmp.Ordered](keys []K) Heap[K] {
	pos := make([]uint32, len(keys))
	for i := range pos {
		pos[i] = absent
	}
	return Heap[K]{pos: pos, keys: keys}
}

// less reports whether id a comes before id b by keys.
func less[K cmp.Ordered](keys []K, a, b uint32) bool {
	ka, kb := keys[a], keys[b]
	return ka < kb || ka == kb && a < b
}

// Len returns the number of ids in the heap.
func (q *Heap[K]) Len() int { return len(q.items) }

// Top returns the first id; the heap must not be empty.
func (q *Heap[K]) Top() uint32 { return q.items[0] }

// Has reports whether id is in the heap.
func (q *Heap[K]) Has(id uint32) bool { return q.pos[id] != absent }

// Push adds id, which must not be in the heap.
func (q *Heap[K]) Push(id uint32) {
	q.items = append(q.items, id)
	q.up(len(q.items) - 1)
}

// Pop removes and returns the first id; the heap must not be empty.
func (q *Heap[K]) Pop() uint32 {
	items := q.items
	id := items[0]
	last := len(items) - 1
	q.pos[id] = absent
	q.items = items[:last]
	if last > 0 {
		items[0] = items[last]
		q.down(0)
	}
	return id
}

// Fix moves id, which is in the heap, to its place after its key has
// changed.
func (q *Heap[K]) Fix(id uint32) {
	if i := int(q.pos[id]); !q.up(i) {
		q.down(i)
	}
}

// Remove takes id out of the heap, if it is in.
func (q *Heap[K]) Remove(id uint32) {
	if i := q.pos[id]; i != absent {
		q.removeAt(int(i))
	}
}

// Set puts id in the heap, or moves it to its place when it is in
// already (Fix), when in is true; takes it out when in is false.
func (q *Heap[K]) Set(id uint32, in bool) {
	i := q.pos[id]
	switch {
	case !in:
		if i != absent {
			q.removeAt(int(i))
		}
	case i == absent:
		q.Push(id)
	default:
		if !q.up(int(i)) {
			q.down(int(i))
		}
	}
}

// removeAt removes the id at index i: the last id fills its place and
// moves up or down.
func (q *Heap[K]) removeAt(i int) {
	last := len(q.items) - 1
	id := q.items[i]
	if i != last {
		q.items[i] = q.items[last]
		q.pos[q.items[i]] = uint32(i)
	}
	q.items = q.items[:last]
	q.pos[id] = absent
	if i < last && !q.up(i) {
		q.down(i)
	}
}

// up moves the id at index i towards the root while it comes before its
// parent, and reports whether it moved.
func (q *Heap[K]) up(i int) bool {
	items, pos, keys := q.items, q.pos, q.keys
	id := items[i]
	key := keys[id]
	start := i
	for i > 0 {
		parent := (i - 1) / 2
		p := items[parent]
		if kp := keys[p]; !(key < kp || key == kp && id < p) {
			break
		}
		items[i] = p
		pos[p] = uint32(i)
		i = parent
	}
	items[i] = id
	pos[id] = uint32(i)
	return i != start
}

// down moves the id at index i towards the leaves while a child comes
// before it.
func (q *Heap[K]) down(i int) {
	items, pos, keys := q.items, q.pos, q.keys
	n := len(items)
	id := items[i]
	key := keys[id]
	for {
		c := 2*i + 1
		if c >= n {
			break
		}
		if r := c + 1; r < n && less(keys, items[r], items[c]) {
			c = r
		}
		p := items[c]
		if kp := keys[p]; !(kp < key || kp == key && p < id) {
			break
		}
		items[i] = p
		pos[p] = uint32(i)
		i = c
	}
	items[i] = id
	pos[id] = uint32(i)
}
