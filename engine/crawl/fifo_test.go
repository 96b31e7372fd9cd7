package crawl

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
)

// unmarked runs a strategy on the frontier every strategy had before
// first-in-first-out and keys-in-heap frontiers: embedding the Strategy
// interface hides the marker methods (firstInFirstOut, keysInHeap), so
// that New gives it a frontier of heaps over an array of keys by page.
type unmarked struct{ Strategy }

// unmarkedLargerSites is larger-sites-first on that frontier.
type unmarkedLargerSites struct{ unmarked }

func (*unmarkedLargerSites) ordersHosts() {}

// frontierPair is a strategy on its own frontier and on the old one.
type frontierPair struct {
	name      string
	own, heap func() Strategy
}

// TestFifoFrontierMatchesHeap crawls drawn graphs (with hosts or without,
// seeds in any order and repeated) with bfs and larger-sites-first, whose
// frontiers are queues, and with the same strategies on the heap frontier
// they used before, untimed and on the politeness clock (1 to 4
// connections, waits, page sizes drawn per page), to the end or with a
// budget, in steps of a drawn size; the downloads, their times and the
// crawl's duration must be the same, bit for bit.
func TestFifoFrontierMatchesHeap(t *testing.T) {
	checkFrontierPairs(t, []frontierPair{
		{"bfs", func() Strategy { return &bfs{} }, func() Strategy { return unmarked{&bfs{}} }},
		{"larger-sites-first", func() Strategy { return &largerSitesFirst{} },
			func() Strategy { return &unmarkedLargerSites{unmarked{&largerSitesFirst{}}} }},
	}, func(t *rapid.T, c *Crawl) bool { return c.front.fifo != nil })
}

// TestKeyHeapFrontierMatchesHeap does the same for opic, fpr and fpr-m,
// whose frontiers are a tree in page order on one host (keytree.go) and
// keep the keys in the heaps with several (keyheap.go), against the
// frontier with an array of keys by page; the cash and scores of pages in
// flight on the politeness clock are kept aside and must still count.
func TestKeyHeapFrontierMatchesHeap(t *testing.T) {
	fprm := func() Strategy { return &fpr{m: 3} }
	checkFrontierPairs(t, []frontierPair{
		{"opic", func() Strategy { return &opic{} }, func() Strategy { return unmarked{&opic{}} }},
		{"fpr", func() Strategy { return &fpr{m: 1} }, func() Strategy { return unmarked{&fpr{m: 1}} }},
		{"fpr-m", fprm, func() Strategy { return unmarked{fprm()} }},
	}, func(t *rapid.T, c *Crawl) bool { return c.front.khosts != nil || c.front.tree != nil })
}

// checkFrontierPairs crawls drawn cases with each pair and compares the
// crawls; special says whether a crawl's frontier is the strategy's own.
func checkFrontierPairs(t *testing.T, pairs []frontierPair, special func(*rapid.T, *Crawl) bool) {
	rapid.Check(t, func(t *rapid.T) {
		c := drawRefCase(t)
		n := c.g.NumNodes()
		// Seeds in any order, many of them at times, so that the queues
		// sort them.
		for range rapid.IntRange(0, 30).Draw(t, "more seeds") {
			c.seeds = append(c.seeds, uint32(rapid.IntRange(0, n-1).Draw(t, "seed")))
		}
		cfg := c.config()
		if rapid.Bool().Draw(t, "politeness") {
			p := DefaultPoliteness()
			p.Connections = rapid.IntRange(1, 4).Draw(t, "connections")
			p.Wait = rapid.SampledFrom([]float64{0, 0.1, 2, 15}).Draw(t, "wait")
			p.Latency = rapid.SampledFrom([]float64{0, 0.5}).Draw(t, "latency")
			if rapid.Bool().Draw(t, "page sizes") {
				sizes := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "size seed"), 0))
				p.PageSizes = make([]float64, n)
				for i := range p.PageSizes {
					p.PageSizes[i] = float64(sizes.IntN(4) * 15000)
				}
			}
			cfg.Politeness = &p
		}
		step := rapid.SampledFrom([]int{0, 1, 3}).Draw(t, "step budget")
		for _, pair := range pairs {
			got := crawlWith(t, cfg, pair.own(), step)
			if !special(t, got) {
				t.Fatalf("%s: the crawl does not use its own frontier", pair.name)
			}
			want := crawlWith(t, cfg, pair.heap(), step)
			if want.front.key == nil {
				t.Fatalf("%s: the reference crawl's frontier has no array of keys", pair.name)
			}
			g, w := got.Result(), want.Result()
			if !slices.Equal(g.Order, w.Order) {
				t.Fatalf("%s: own frontier downloads\n%v\nheaps\n%v", pair.name, g.Order, w.Order)
			}
			if !slices.Equal(g.Times, w.Times) || g.Duration != w.Duration || g.Utilisation != w.Utilisation {
				t.Fatalf("%s: own frontier gives times %v (duration %v), heaps %v (duration %v)", pair.name, g.Times, g.Duration, w.Times, w.Duration)
			}
			if g.Cost.PriorityUpdates != w.Cost.PriorityUpdates {
				t.Fatalf("%s: %d priority updates with its own frontier, %d with heaps", pair.name, g.Cost.PriorityUpdates, w.Cost.PriorityUpdates)
			}
		}
	})
}

// TestFifoFrontierKeepsSeedOrder: seeds given out of id order are
// downloaded in the order given (docs/algorithms.md section 2: they are discovered one
// after another in the seed set's order), and the pages found later follow
// in discovery order.
func TestFifoFrontierKeepsSeedOrder(t *testing.T) {
	// 0 → 5, 4 → 1, 3 → 2: seeds 4, 0, 3 are downloaded in that order,
	// then the pages they found in the same order: 1, 5, 2.
	g := graphtest.FromArcs(t, 6, [][2]uint32{{0, 5}, {4, 1}, {3, 2}})
	c, err := New(Config{Graph: g, Seeds: []uint32{4, 0, 3}}, &bfs{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := []uint32{4, 0, 3, 1, 5, 2}; !slices.Equal(res.Order, want) {
		t.Errorf("order %v, want %v", res.Order, want)
	}
}
