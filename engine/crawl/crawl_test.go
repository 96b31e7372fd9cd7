package crawl

import (
	"testing"

	"pgregory.net/rapid"
)

// TestPageStatesAnswerEveryStep checks the state bits of every page after
// every unit of crawls with and without the politeness clock: a page is
// discovered exactly when it is in F, in flight or in D, and in D exactly
// when it is in the download order; on the clock the pages neither in F
// nor in D are the downloads in progress.
func TestPageStatesAnswerEveryStep(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := drawGraph(t, smallWebGraphs)
		cfg := Config{Graph: g, Seeds: drawSeeds(t, g)}
		connections := 0
		if rapid.Bool().Draw(t, "politeness") {
			connections = rapid.IntRange(1, 4).Draw(t, "connections")
			cfg.Politeness = handClock(connections, 0.5)
		}
		id := rapid.SampledFrom([]string{"bfs", "opic", "fpr", "backlink", "larger-sites-first"}).Draw(t, "strategy")
		c := newStrategyCrawl(t, cfg, id, nil)
		n := g.NumNodes()
		for done := false; !done; {
			done = stepOnce(t, c)
			inD := make([]bool, n)
			for _, p := range c.Order() {
				inD[p] = true
			}
			flying := 0
			for i := range n {
				p := uint32(i)
				if c.IsDownloaded(p) != inD[p] {
					t.Fatalf("%s: page %d: IsDownloaded %v after the downloads %v", id, p, c.IsDownloaded(p), c.Order())
				}
				if c.Discovered(p) != (c.InFrontier(p) || c.IsDownloaded(p) || c.inFlight(p)) {
					t.Fatalf("%s: page %d: discovered %v, in F %v, downloaded %v, in flight %v",
						id, p, c.Discovered(p), c.InFrontier(p), c.IsDownloaded(p), c.inFlight(p))
				}
				if c.InFrontier(p) && c.IsDownloaded(p) {
					t.Fatalf("%s: page %d is both in F and in D", id, p)
				}
				if c.inFlight(p) {
					flying++
				}
			}
			if flying > connections {
				t.Fatalf("%s: %d pages in flight on %d connections", id, flying, connections)
			}
		}
	})
}

// TestDiscoveryOfAQueueOnOneHost checks the discovery numbers of a
// breadth-first crawl on one host without the clock, which keeps none
// until they are asked for: asked in the middle of the crawl, they number
// the pages discovered so far, and from then on the crawl numbers the
// pages it discovers. Without a budget a breadth-first crawl downloads
// the pages in discovery order, so page k of the order was discovered
// k-th.
func TestDiscoveryOfAQueueOnOneHost(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := drawGraph(t, smallWebGraphs)
		c := newStrategyCrawl(t, Config{Graph: g, Seeds: drawSeeds(t, g)}, "bfs", nil)
		if c.seq != nil {
			t.Fatal("a breadth-first crawl on one host keeps discovery numbers from the start")
		}
		ask := rapid.IntRange(0, c.Reachable()).Draw(t, "downloads before asking")
		for c.Downloads() < ask && !stepOnce(t, c) {
		}
		for p := range uint32(g.NumNodes()) {
			if !c.Discovered(p) && c.Discovery(p) != 0 {
				t.Fatalf("page %d, not discovered, has discovery number %d", p, c.Discovery(p))
			}
		}
		for !stepOnce(t, c) {
		}
		for k, p := range c.Order() {
			if c.Discovery(p) != uint32(k) {
				t.Fatalf("page %d, downloaded %d-th, has discovery number %d (asked after %d downloads)", p, k, c.Discovery(p), ask)
			}
		}
	})
}
