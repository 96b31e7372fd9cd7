package crawl

import (
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
)

// omniscientGraph is the graph of the omniscient and optimal tests: 0 → 1,
// 0 → 2, 1 → 3, and page 4, which links to 0 but is unreachable from it.
func omniscientGraph(t *testing.T) Config {
	g := graphtest.FromArcs(t, 5, [][2]uint32{{0, 1}, {0, 2}, {1, 3}, {4, 0}})
	return Config{Graph: g, Seeds: []uint32{0}, Importance: []float64{0.05, 0.15, 0.3, 0.35, 0.15}}
}

// TestOmniscientOrder: from seed 0 the frontier is {1 (0.15), 2 (0.3)}: 2
// first although discovered second; then 1, which reveals 3 (0.35). Page 4
// is never downloaded: it cannot be reached.
func TestOmniscientOrder(t *testing.T) {
	cfg := omniscientGraph(t)
	expectOrder(t, "omniscient", crawlToEnd(t, cfg, "omniscient", nil).Order, []uint32{0, 2, 1, 3})
}
