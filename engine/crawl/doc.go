// Package crawl simulates the crawl model of docs/algorithms.md section 2 under every
// ordering strategy of docs/algorithms.md section 3, with the politeness clock of
// section 5, and measures the crawls with the metrics of section 4.
//
// A crawl starts with the seeds in the frontier F. Each download takes one
// page of F chosen by the strategy, moves it to the downloaded set D, and adds
// its out-neighbours that are in neither D nor F to F, in out(i) order. Ties
// between pages of equal priority go to the page discovered first, then to
// the smaller id; the seeds are discovered first, one after another in the
// seed set's order, so they tie in that order (a crawler enqueues its seeds
// in the order it was given them).
// Pages that cannot be reached from the seeds are never downloaded; only the
// optimal reference ignores discovery.
//
// A Crawl is steppable (docs/architecture.md, "Steppable work"): Step(budget)
// does at most budget units of work (one unit is a download, a politeness
// event, or part of a strategy's recomputation) and Run loops over it. The
// engine uses no goroutines, clock or global randomness: the Config carries a
// seeded
// *rand.Rand and, optionally, a clock to measure scheduling time.
//
// Strategies live one per file, each registering an Info: its description
// (StrategyInfo, model.StrategyInfo: id, name, paper and section, a
// one-line summary, parameters with defaults, display rank, the presets it
// joins (Preset), and what it needs (a previous snapshot, hosts) with the
// warning when that is missing and its explanation for a student) and its
// constructor. The command line, the scenario and the page take all of it
// from the registry (Strategies, Lookup, Preset, Papers; the page through
// its copy of scenario.Catalogue, ui/catalogue.json, which
// `go generate ./ui/...` writes); no other file names a strategy's id.
//
// # Adding a strategy
//
// A strategy is two files: NAME.go, named for its id without the dashes,
// and its tests in NAME_test.go. Nothing else changes: the command line's
// "crawlsim strategies", the scenario's strategies and the page's list
// find it in the registry (after `go generate ./ui/...` has copied it
// into the page's catalogue; a test of ui fails until then). Say the
// strategy downloads the frontier page with the most out-links. NAME.go
// implements Strategy and registers it:
//
//	package crawl
//
//	// mostLinks downloads the frontier page with the most out-links (...).
//	type mostLinks struct{ c *Crawl }
//
//	func init() {
//		register(Info{
//			StrategyInfo: StrategyInfo{
//				ID:      "most-links",
//				Rank:    19, // after every strategy of docs/algorithms.md section 3
//				Name:    "Most links",
//				Paper:   "004", // the paper's number in docs/algorithms.md; a new paper's citation goes in papers.go
//				Section: "§4.1",
//				Summary: "Downloads next the page with the most links.", // one line, for a student
//				Doc:     "Downloads the frontier page with the most out-links.",
//				// Presets: map[string]int{PresetDefault: 11} would add it to the
//				// default comparison, at position 11. NeedsPrevious, NeedsHosts
//				// with NoHostsWarning (and NoHostsExplained for the page),
//				// Guaranteed, Reference, Params and Cost say the rest.
//			},
//			New: func(Values) Strategy { return &mostLinks{} },
//		})
//	}
//
//	func (s *mostLinks) Start(c *Crawl) error { s.c = c; return nil }
//
//	func (s *mostLinks) Discover(page, _ uint32) {
//		s.c.front.Push(page, float64(len(s.c.Graph().Out(page))))
//	}
//
//	func (s *mostLinks) Downloaded(uint32) {}
//
//	func (s *mostLinks) Refill(int) (work int, done bool, err error) { return 0, true, nil }
//
// NAME_test.go checks its order on a graph drawn by hand (graphtest.FromArcs),
// with the helpers of helpers_test.go, and gives the reference implementation that
// TestStrategiesMatchReference compares it with on drawn graphs (every
// registered strategy needs one; refPriority recomputes a key for every
// frontier page at every step). The property tests of property_test.go run
// it too, over every registered strategy.
//
//	package crawl
//
//	import (
//		"testing"
//
//		"github.com/crawlsim/crawlsim/engine/graph/graphtest"
//	)
//
//	func init() {
//		refStrategies["most-links"] = func(c refCase, _ Values) refResult {
//			r := newRefCrawl(c.g, c.seeds, c.budget, nil)
//			return refPriority(r, func(p uint32) float64 { return float64(len(c.g.Out(p))) }, nil)
//		}
//	}
//
//	// TestMostLinksOrder: 0 → 1, 2, 3; 2 → 4, 5; 3 → 4.
//	func TestMostLinksOrder(t *testing.T) {
//		g := graphtest.FromArcs(t, 6, [][2]uint32{{0, 1}, {0, 2}, {0, 3}, {2, 4}, {2, 5}, {3, 4}})
//		res := crawlToEnd(t, Config{Graph: g, Seeds: []uint32{0}}, "most-links", nil)
//		expectOrder(t, "most-links", res.Order, []uint32{0, 2, 3, 1, 4, 5})
//	}
package crawl
