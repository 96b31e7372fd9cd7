package crawl

import (
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"pgregory.net/rapid"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
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

// TestPropertyLearnReachableGivesTheSameCrawl runs every strategy twice on
// drawn graphs, budgets and politeness clocks, in Steps of drawn sizes:
// once given the count of reachable pages (graph.Reach's), once learning
// it (Config.LearnReachable). The results must be the same in every
// field; a crawl that ends with every page it discovered downloaded must
// have learnt graph.Reach's count, and the importance it sums over D
// (DownloadedSum) must be graph.Reach's sum bit for bit; one that has not
// learnt it must have been stopped by its budget below the count, and
// SetReachable must then give the result of the crawl given it.
func TestPropertyLearnReachableGivesTheSameCrawl(t *testing.T) {
	forEveryStrategy(t, func(t *rapid.T, info Info) {
		c := drawPropertyCase(t, nil)
		params := propertyParams(t, info)
		r := graph.NewReach(c.g)
		r.Start(c.seeds)
		if _, done := r.Expand(math.MaxInt64); !done {
			t.Fatal("graph.Reach did not finish")
		}
		reached := r.Reached()
		cfg := c.config()
		if rapid.Bool().Draw(t, "budget") {
			cfg.Budget = int64(rapid.IntRange(1, reached+3).Draw(t, "downloads"))
		}
		if rapid.Bool().Draw(t, "politeness") {
			p := DefaultPoliteness()
			p.Connections = rapid.IntRange(1, 4).Draw(t, "connections")
			p.Wait = rapid.SampledFrom([]float64{0, 0.5, 3}).Draw(t, "wait")
			p.SharedLink = rapid.Bool().Draw(t, "shared link")
			cfg.Politeness = &p
		}
		step := rapid.SampledFrom([]int{1, 7, 4096}).Draw(t, "step")

		given := cfg
		given.Reachable = reached
		want := crawlWith(t, given, newStrategy(t, info.ID, params), step).Result()

		learn := c.config()
		learn.Budget, learn.Politeness, learn.LearnReachable = cfg.Budget, cfg.Politeness, true
		lc := crawlWith(t, learn, newStrategy(t, info.ID, params), step)
		_, counts := lc.strategy.(readsReachable)
		switch {
		case lc.Reachable() == reached:
			if !counts && lc.Pending() != 0 {
				t.Fatalf("%s: learnt %d reachable pages with %d pages left in F", info.ID, reached, lc.Pending())
			}
			if got, want := lc.DownloadedSum(c.importance), r.Sum(c.importance); !counts && got != want {
				t.Fatalf("%s: the importance over D sums to %v, graph.Reach's to %v", info.ID, got, want)
			}
		case lc.Reachable() == 0 && !counts:
			if cfg.Budget <= 0 || cfg.Budget >= int64(reached) || lc.Pending() == 0 {
				t.Fatalf("%s: budget %d, %d reachable, %d left in F: the count was not learnt", info.ID, cfg.Budget, reached, lc.Pending())
			}
			lc.SetReachable(reached)
		default:
			t.Fatalf("%s: learnt %d reachable pages, graph.Reach counts %d", info.ID, lc.Reachable(), reached)
		}
		got := lc.Result()
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: budget %d, politeness %v: learning the count gave\n%+v\ngiven it\n%+v", info.ID, cfg.Budget, cfg.Politeness != nil, got, want)
		}
	})
}

// newStrategy returns a new strategy id with params.
func newStrategy(t rapid.TB, id string, params Values) Strategy {
	t.Helper()
	info, vals, err := Resolve(id, params)
	if err != nil {
		t.Fatal(err)
	}
	return info.New(vals)
}

// TestReadsReachable checks which strategies read the count of reachable
// pages before their crawl ends: exactly those whose crawl, told to learn
// the count, counts it in New all the same.
func TestReadsReachable(t *testing.T) {
	g := graphtest.FromArcs(t, 3, [][2]uint32{{0, 1}, {1, 2}})
	for _, info := range Strategies() {
		_, vals, err := Resolve(info.ID, nil)
		if err != nil {
			t.Fatal(err)
		}
		c, err := New(Config{Graph: g, Seeds: []uint32{0}, LearnReachable: true, Rand: rand.New(rand.NewPCG(1, 2)),
			Importance: []float64{0.2, 0.3, 0.5}, Previous: &Previous{Scores: []float64{1, 1, 1}, Values: []float64{1}}}, info.New(vals))
		if err != nil {
			t.Fatalf("%s: %v", info.ID, err)
		}
		if got, counted := ReadsReachable(info.New(vals)), c.Reachable() == 3; got != counted {
			t.Errorf("%s: ReadsReachable %v, counted in New %v", info.ID, got, counted)
		}
	}
}
