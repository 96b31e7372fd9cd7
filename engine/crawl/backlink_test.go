package crawl

import (
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
)

// TestBacklinkOrder checks backlink on a hand-made graph.
func TestBacklinkOrder(t *testing.T) {
	g := graphtest.FromArcs(t, 5, [][2]uint32{{0, 1}, {0, 2}, {0, 3}, {1, 3}, {1, 4}, {3, 2}, {2, 4}})
	// 0: pages 1, 2, 3 have one in-link each; 1 wins by discovery.
	// 1: 3 has two (from 0, 1), 2 one, 4 one: 3.
	// 3: 2 has two (from 0, 3), 4 one: 2.
	// 2: 4 has two (from 1, 2): 4.
	// Breadth-first would take 0, 1, 2, 3, 4.
	cfg := Config{Graph: g, Seeds: []uint32{0}}
	c := newStrategyCrawl(t, cfg, "backlink", nil)
	stepOnce(t, c)
	stepOnce(t, c)
	for p, want := range map[uint32]float64{2: 1, 3: 2, 4: 1} {
		if got := c.Frontier().Key(p); got != want {
			t.Errorf("after 0, 1: page %d has %v in-links from D, want %v", p, got, want)
		}
	}
	expectOrder(t, "backlink", crawlToEnd(t, cfg, "backlink", nil).Order, []uint32{0, 1, 3, 2, 4})
}
