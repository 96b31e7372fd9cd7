package crawl

import (
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
)

// TestLargerSitesFirstOrder checks larger-sites-first on a hand-made graph
// with three hosts, untimed and on the politeness clock with one connection
// and no wait (docs/algorithms.md section 5: the same order).
func TestLargerSitesFirstOrder(t *testing.T) {
	// host 0: page 0; host 1: pages 1, 4, 7; host 2: pages 2, 3, 5, 6.
	g := graphtest.FromArcs(t, 8, [][2]uint32{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 5}, {1, 6}, {2, 7}})
	withHostTable(g, []uint32{0, 1, 2, 2, 1, 2, 2, 1})
	// 0: host 1 holds {1, 4}, host 2 {2, 3}: a tie, won by host 1 (its
	//    first page, 1, was discovered before 2); inside it page 1.
	// 1: host 2 holds {2, 3, 5, 6} (4), host 1 {4}: page 2.
	// 2: host 1 {4, 7} (2), host 2 {3, 5, 6} (3): page 3.
	// 3: host 1 {4, 7}, host 2 {5, 6}: a tie, host 1: page 4.
	// 4: host 1 {7}, host 2 {5, 6}: page 5.
	// 5: host 1 {7}, host 2 {6}: a tie, host 1: page 7; then 6.
	want := []uint32{0, 1, 2, 3, 4, 5, 7, 6}
	cfg := Config{Graph: g, Seeds: []uint32{0}}
	expectOrder(t, "larger-sites-first", crawlToEnd(t, cfg, "larger-sites-first", nil).Order, want)
	expectOrder(t, "bfs", crawlToEnd(t, cfg, "bfs", nil).Order, []uint32{0, 1, 2, 3, 4, 5, 6, 7})

	cfg.Politeness = &Politeness{Connections: 1, Wait: 0, Latency: 0.5, PageSize: 15000, Bandwidth: 100000}
	expectOrder(t, "larger-sites-first (timed)", crawlToEnd(t, cfg, "larger-sites-first", nil).Order, want)
}

// TestLargerSitesFirstWithoutHostsIsBFS checks the documented fallback: on
// a graph without hosts all pages form one host, so the order is
// breadth-first.
func TestLargerSitesFirstWithoutHostsIsBFS(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := drawGraph(t, webGraphs)
		g.Hosts = nil
		cfg := Config{Graph: g, Seeds: drawSeeds(t, g)}
		a := crawlToEnd(t, cfg, "larger-sites-first", nil)
		b := crawlToEnd(t, cfg, "bfs", nil)
		if !slices.Equal(a.Order, b.Order) {
			t.Fatalf("larger-sites-first %v\nbfs %v", a.Order, b.Order)
		}
	})
}
