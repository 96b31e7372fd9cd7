package rank

import (
	"sync"

	"github.com/crawlsim/crawlsim/engine/graph"
)

// cursorPool keeps a graph's list readers (graph.Successors) between the
// chunks of a sweep and from one sweep to the next. A reader of a Lists
// holds a decoder and a buffer that grows to the longest list it has
// returned; one made for every chunk of every sweep is garbage a sweep
// later, thousands of them a sweep at 100 M pages, and the collector lets
// the heap grow by that much before it runs.
type cursorPool struct {
	g    *graph.Graph
	pool sync.Pool
}

// get returns a reader of the graph's lists, for one goroutine until it
// is put back.
func (c *cursorPool) get() *graph.Successors {
	if s, ok := c.pool.Get().(*graph.Successors); ok {
		return s
	}
	s := c.g.Successors()
	return &s
}

// put gives back a reader that get returned.
func (c *cursorPool) put(s *graph.Successors) { c.pool.Put(s) }
