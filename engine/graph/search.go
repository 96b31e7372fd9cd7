package graph

// Search is a breadth-first search along out-links in bounded steps, the
// one the engine's callers share: the pages a crawl's seeds reach, the
// depth profiles and distances of a seed study, the reachable pages a
// scenario counts once for all its crawls.
//
// It is as lean as a search can be on a billion links: it marks the pages
// it has queued in a bitset (n/8 bytes, which stays in the processor's
// cache far longer than a byte per page) and queues them in one slice made
// with room for every page, so that it never grows by copying (the memory
// is only touched as pages are queued). Depths are not stored per page:
// the queue holds the pages in the order they were reached, depth by
// depth, and Levels says where each depth begins.
//
// A search does at most the work it is given per call to Expand, and one
// that is no longer wanted is simply not stepped again (Start begins a new
// one on the same memory): it holds no goroutine and no clock.
type Search struct {
	g     *Graph
	succ  Successors
	seen  []uint64 // bit p%64 of word p/64: page p was queued
	queue []uint32
	next  int // next page of queue to expand
	// levels[d] is the index in queue of the first page at depth d.
	levels   []int
	levelEnd int // end in queue of the depth being expanded
}

// NewSearch returns a search on g with its own memory: n/8 bytes of marks
// and room for n pages in the queue. Start begins it.
func NewSearch(g *Graph) *Search {
	return NewSearchIn(g, nil)
}

// NewSearchIn is NewSearch with queue lent by the caller when its capacity
// holds every page of g (a crawl lends its discovery numbers before it
// uses them): only the n/8 bytes of marks are then allocated. The search
// writes queue's backing array; the caller may clear the pages it queued
// (Reached) when done.
func NewSearchIn(g *Graph, queue []uint32) *Search {
	n := g.NumNodes()
	if cap(queue) < n {
		queue = make([]uint32, 0, n)
	}
	return &Search{g: g, succ: g.Successors(), seen: make([]uint64, (n+63)/64), queue: queue[:0]}
}

// Start begins a new search from sources (depth 0; a page given twice is
// queued once, where it first appears). The marks of the last search are
// cleared page by page, so that starting over costs the pages it reached,
// not the graph's size.
func (s *Search) Start(sources []uint32) {
	for _, p := range s.queue {
		s.seen[p/64] = 0
	}
	s.queue, s.next = s.queue[:0], 0
	for _, p := range sources {
		s.mark(p)
	}
	s.levels = s.levels[:0]
	if len(s.queue) > 0 {
		s.levels = append(s.levels, 0)
	}
	s.levelEnd = len(s.queue)
}

// mark queues p unless it was queued already.
func (s *Search) mark(p uint32) {
	w, bit := p/64, uint64(1)<<(p%64)
	if s.seen[w]&bit == 0 {
		s.seen[w] |= bit
		s.queue = append(s.queue, p)
	}
}

// Expand expands the queued pages in order until about limit items are
// done, a page and each of its links counting one item (at least one page
// is expanded, when one is left), and returns the items done and whether
// the search is complete.
func (s *Search) Expand(limit int64) (did int64, done bool) {
	seen, queue, succ := s.seen, s.queue, &s.succ
	for ; s.next < len(queue) && did < max(limit, 1); s.next++ {
		if s.next == s.levelEnd {
			// Every page of the last depth is expanded: the pages queued
			// since are the next depth.
			s.levels = append(s.levels, s.levelEnd)
			s.levelEnd = len(queue)
		}
		p := queue[s.next]
		links := succ.Out(p)
		for _, q := range links {
			w, bit := q/64, uint64(1)<<(q%64)
			if seen[w]&bit == 0 {
				seen[w] |= bit
				queue = append(queue, q)
			}
		}
		did += int64(len(links)) + 1
	}
	s.queue = queue
	return did, s.next == len(queue)
}

// Done reports whether every page reached has been expanded.
func (s *Search) Done() bool { return s.next == len(s.queue) }

// Reached returns the pages reached so far, in the order they were
// reached (the sources first, then depth by depth). The slice is the
// search's own and changes with the next Expand or Start.
func (s *Search) Reached() []uint32 { return s.queue }

// Expanded returns the number of pages of Reached expanded so far: the
// first Expanded pages have had their links followed.
func (s *Search) Expanded() int { return s.next }

// Levels returns, once the search is done, where each depth begins in
// Reached: the pages at depth d are Reached()[Levels()[d]:end], end being
// Levels()[d+1] or, for the last depth, len(Reached()); no depth is empty,
// and a search from no page has none. Before the search is done it covers
// the depths whose expansion has begun.
func (s *Search) Levels() []int { return s.levels }

// Has reports whether page p has been reached.
func (s *Search) Has(p uint32) bool { return s.seen[p/64]&(1<<(p%64)) != 0 }
