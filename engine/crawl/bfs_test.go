package crawl

import (
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
)

// TestBreadthFirstWorkedExample crawls a graph of nine pages breadth-first
// from the seeds 3 and 0, given in that order, and checks the download
// order against one worked out by hand (docs/algorithms.md section 2:
// seeds are discovered in the seed set's order, a download discovers its
// new out-neighbours in out(i) order, that is by id; section 3: bfs
// downloads F in discovery order).
//
//	arcs: 0→2, 0→6, 1→7, 2→3, 3→1, 3→5, 4→0, 5→4, 6→1, 8→2
//
//	download  discovers  queue F afterwards
//	(seeds)   3, 0       3 0
//	3         1, 5       0 1 5
//	0         2, 6       1 5 2 6
//	1         7          5 2 6 7
//	5         4          2 6 7 4
//	2         -          6 7 4      (3 is downloaded)
//	6         -          7 4        (1 is downloaded)
//	7         -          4
//	4         -          (empty)    (0 is downloaded)
//
// The order 3, 0, 1, 5, 2, 6, 7, 4 is level by level (3 0 | 1 5 2 6 |
// 7 4) and, within a level, in discovery order rather than by id (an
// order by id would start 0, 3); page 8, linked from nowhere, is never
// downloaded.
func TestBreadthFirstWorkedExample(t *testing.T) {
	g := graphtest.FromArcs(t, 9, [][2]uint32{
		{0, 2}, {0, 6}, {1, 7}, {2, 3}, {3, 1}, {3, 5}, {4, 0}, {5, 4}, {6, 1}, {8, 2},
	})
	cfg := Config{Graph: g, Seeds: []uint32{3, 0}}
	want := []uint32{3, 0, 1, 5, 2, 6, 7, 4}
	expectOrder(t, "bfs", crawlToEnd(t, cfg, BreadthFirst, nil).Order, want)

	// A budget stops the same order after its downloads.
	cfg.Budget = 5
	expectOrder(t, "bfs with a budget of 5", crawlToEnd(t, cfg, BreadthFirst, nil).Order, want[:5])
}
