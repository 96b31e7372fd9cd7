package graph

import "math/bits"

// Reach counts the pages reachable along out-links from a set of
// sources, in bounded steps, when the count (and the set) is all that is
// wanted: the order the pages are reached in, and their depths, are not
// kept (Search keeps them).
//
// It expands the pages in increasing order rather than breadth first: it
// sweeps a bitset of the pages reached but not yet expanded from the
// first page to the last, expanding each set page (the pages it reaches
// beyond the sweep's position are expanded in the same sweep, those
// behind it in the next), and sweeps again until no page is left. Each
// page is expanded once, as in a breadth-first search, but the out-lists
// are read in the order they are stored: on CSR arrays the link offsets
// and targets stream through the cache instead of costing a miss or two
// a page (and a run of pages to expand is one stretch of targets, read
// in one loop), and a BVGraph read in place decodes its lists in
// increasing order, its fast path. On a graph with links mostly to
// nearby pages (pages of one host numbered together) the marks it sets
// are near the page being expanded as well. The bits a page is marked
// with share a cache line.
//
// A sweep costs a read of n/64 words besides its pages. When a sweep
// expands too few pages to pay for it (a long chain of links back to
// lower pages takes a sweep a link), the search queues the pages left
// and goes on first in first out, as Search does, with a queue of at most
// n/16 pages; if that fills, the pages it could not hold stay marked in
// the bitset for the next sweep. So its memory is n/4 bytes of bitsets
// and at most n/4 bytes of queue, and its time the pages and links it
// expands plus, at most, a constant times that.
type Reach struct {
	g    *Graph
	succ Successors
	// marks holds two words for every 64 pages, side by side so that
	// marking a page touches one cache line: bit p%64 of word 2(p/64)
	// says page p was reached, and of word 2(p/64)+1 that it was reached
	// and not yet expanded.
	marks []uint64

	word     int // the sweep's position: the next 64 pages to read
	swept    int // pages expanded since the sweep began
	pending  int // pages reached and not yet expanded
	reached  int
	expanded int

	// queue holds pages of todo to expand first in first out, from head;
	// queued says the search is in that mode. Pages reached while the
	// queue is full are left to the next sweep.
	queue  []uint32
	head   int
	queued bool
}

// NewReach returns a search on g with n/4 bytes of bitsets; Start begins
// it.
func NewReach(g *Graph) *Reach {
	words := (g.NumNodes() + 63) / 64
	return &Reach{g: g, succ: g.Successors(), marks: make([]uint64, 2*words)}
}

// Start begins a new search from sources (a page given twice counts
// once), clearing the marks of the last one.
func (r *Reach) Start(sources []uint32) {
	clear(r.marks)
	r.word, r.swept, r.pending, r.reached, r.expanded = 0, 0, 0, 0, 0
	r.queue, r.head, r.queued = r.queue[:0], 0, false
	for _, p := range sources {
		w, bit := 2*(p/64), uint64(1)<<(p%64)
		if r.marks[w]&bit == 0 {
			r.marks[w] |= bit
			r.marks[w+1] |= bit
			r.reached++
		}
	}
	r.pending = r.reached
}

// Expand expands reached pages until about limit items are done, a page
// and each of its links counting one item (at least one page is expanded,
// when one is left), and returns the items done and whether the search is
// complete.
func (r *Reach) Expand(limit int64) (did int64, done bool) {
	limit = max(limit, 1)
	for r.pending > 0 && did < limit {
		if r.queued {
			did += r.expandQueue(limit - did)
		} else {
			did += r.sweep(limit - did)
		}
	}
	return did, r.pending == 0
}

// sweep expands the pages of todo from the sweep's position on, until
// about limit items are done or the sweep ends; at its end it begins the
// next sweep, or queues the pages left when this one expanded too few.
func (r *Reach) sweep(limit int64) (did int64) {
	marks := r.marks
	succ := &r.succ
	offsets, targets := r.g.Offsets, r.g.Targets // nil on a Lists
	found, swept := 0, 0
	w := r.word
	for ; 2*w < len(marks) && did < limit && r.pending+found > swept; w++ {
		for x := marks[2*w+1]; x != 0 && did < limit; x = marks[2*w+1] {
			// The run of pages to expand from the lowest: on CSR arrays
			// their lists are one stretch of the targets.
			b := bits.TrailingZeros64(x)
			run := bits.TrailingZeros64(^(x >> b))
			if offsets != nil {
				marks[2*w+1] = x &^ (^uint64(0) >> (64 - run) << b)
				p := w*64 + b
				links := targets[offsets[p]:offsets[p+run]]
				found += markReached(marks, links)
				swept += run
				did += int64(len(links) + run)
				continue
			}
			marks[2*w+1] = x &^ (1 << b)
			links := succ.Out(uint32(w*64 + b))
			found += markReached(marks, links)
			swept++
			did += int64(len(links)) + 1
		}
		if marks[2*w+1] != 0 {
			break // the limit came within these pages: resume on them
		}
	}
	r.reached += found
	r.pending += found - swept
	r.expanded += swept
	r.swept += swept
	r.word = w
	if 2*w < len(marks) {
		return did
	}
	// The sweep is over. A sweep reads a word for every 64 pages: one
	// that expanded fewer than one page for every 8 of them goes on with
	// a queue.
	if r.pending > 0 && r.swept < len(marks)/16 {
		r.enqueuePending()
	}
	r.word, r.swept = 0, 0
	return did
}

// enqueuePending queues the pages of todo, in increasing order, up to the
// queue's capacity, and turns to the queue.
func (r *Reach) enqueuePending() {
	if r.queue == nil {
		r.queue = make([]uint32, 0, max(len(r.marks)*2, 64)) // n/16 pages
	}
	r.queue, r.head, r.queued = r.queue[:0], 0, true
	for w := 0; 2*w < len(r.marks); w++ {
		for x := r.marks[2*w+1]; x != 0 && len(r.queue) < cap(r.queue); x &= x - 1 {
			r.queue = append(r.queue, uint32(w*64+bits.TrailingZeros64(x)))
		}
	}
}

// expandQueue expands the queued pages first in first out until about
// limit items are done or the queue is empty; pages reached are queued
// while there is room. Once it is empty, the pages it could not hold (if
// any) are left to a sweep.
func (r *Reach) expandQueue(limit int64) (did int64) {
	marks := r.marks
	succ := &r.succ
	queue, head := r.queue, r.head
	for ; head < len(queue) && did < limit; head++ {
		p := queue[head]
		marks[2*(p/64)+1] &^= 1 << (p % 64)
		links := succ.Out(p)
		for _, q := range links {
			qw, bit := 2*(q/64), uint64(1)<<(q%64)
			if marks[qw]&bit == 0 {
				marks[qw] |= bit
				marks[qw+1] |= bit
				r.reached++
				r.pending++
				if len(queue) < cap(queue) {
					queue = append(queue, q)
				}
			}
		}
		r.pending--
		r.expanded++
		did += int64(len(links)) + 1
	}
	r.queue, r.head = queue, head
	if head == len(queue) {
		// Empty: the pages left, if any, were reached while it was full,
		// and a sweep finds them.
		r.queue, r.head, r.queued = queue[:0], 0, false
	}
	return did
}

// Done reports whether every page reached has been expanded.
func (r *Reach) Done() bool { return r.pending == 0 }

// Reached returns the number of pages reached so far, the sources
// included.
func (r *Reach) Reached() int { return r.reached }

// Expanded returns the number of pages expanded so far.
func (r *Reach) Expanded() int { return r.expanded }

// Has reports whether page p has been reached.
func (r *Reach) Has(p uint32) bool { return r.marks[2*(p/64)]&(1<<(p%64)) != 0 }

// Sum returns the sum of v[p] over the pages p reached, added in
// increasing order of p (so that it does not depend on the order the
// pages were reached in); len(v) is at least the number of pages.
func (r *Reach) Sum(v []float64) float64 {
	sum := 0.0
	for w := 0; 2*w < len(r.marks); w++ {
		for x := r.marks[2*w]; x != 0; x &= x - 1 {
			sum += v[w*64+bits.TrailingZeros64(x)]
		}
	}
	return sum
}

// Err returns the first decoding error of a graph whose lists are decoded
// (Successors.Err), or nil.
func (r *Reach) Err() error { return r.succ.Err() }

// markReached marks every page of links not reached yet as reached and
// to expand (marks interleaves the two bitsets, word by word) and returns
// how many it marked.
func markReached(marks []uint64, links []uint32) int {
	found := 0
	for _, q := range links {
		qw, bit := 2*(q/64), uint64(1)<<(q%64)
		if marks[qw]&bit == 0 {
			marks[qw] |= bit
			marks[qw+1] |= bit
			found++
		}
	}
	return found
}
