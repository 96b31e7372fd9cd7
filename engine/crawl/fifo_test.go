package crawl

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// heapBFS is bfs as it was before first-in-first-out frontiers: every page
// pushed with key 0 into the heap frontier, the tie rule making F a queue.
// It does not implement firstInFirstOut, so its Frontier is made of heaps.
type heapBFS struct{ c *Crawl }

func (s *heapBFS) Start(c *Crawl) error                        { s.c = c; return nil }
func (s *heapBFS) Discover(page, _ uint32)                     { s.c.front.Push(page, 0) }
func (s *heapBFS) Downloaded(uint32)                           {}
func (s *heapBFS) Refill(int) (work int, done bool, err error) { return 0, true, nil }

// heapLargerSites is larger-sites-first on the heap frontier.
type heapLargerSites struct{ heapBFS }

func (*heapLargerSites) ordersHosts() {}

// TestFifoFrontierMatchesHeap crawls drawn graphs (with hosts or without,
// seeds in any order and repeated) with bfs and larger-sites-first, whose
// frontiers are queues, and with the same strategies on the heap frontier
// they used before, untimed and on the politeness clock (1 to 4
// connections, waits, page sizes drawn per page), to the end or with a
// budget, in steps of a drawn size; the downloads, their times and the
// crawl's duration must be the same, bit for bit.
func TestFifoFrontierMatchesHeap(t *testing.T) {
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
		for _, pair := range []struct {
			name       string
			fifo, heap Strategy
		}{
			{"bfs", &bfs{}, &heapBFS{}},
			{"larger-sites-first", &largerSitesFirst{}, &heapLargerSites{}},
		} {
			got := crawlWith(t, cfg, pair.fifo, step)
			if got.front.fifo == nil {
				t.Fatalf("%s: the frontier is not first-in-first-out", pair.name)
			}
			want := crawlWith(t, cfg, pair.heap, step)
			if want.front.fifo != nil {
				t.Fatalf("%s: the reference crawl's frontier is first-in-first-out", pair.name)
			}
			g, w := got.Result(), want.Result()
			if !slices.Equal(g.Order, w.Order) {
				t.Fatalf("%s: queues download\n%v\nheaps\n%v", pair.name, g.Order, w.Order)
			}
			if !slices.Equal(g.Times, w.Times) || g.Duration != w.Duration || g.Utilisation != w.Utilisation {
				t.Fatalf("%s: queues give times %v (duration %v), heaps %v (duration %v)", pair.name, g.Times, g.Duration, w.Times, w.Duration)
			}
			if g.Cost.PriorityUpdates != w.Cost.PriorityUpdates {
				t.Fatalf("%s: %d priority updates with queues, %d with heaps", pair.name, g.Cost.PriorityUpdates, w.Cost.PriorityUpdates)
			}
		}
	})
}

// crawlWith runs strategy s on cfg to its end, with Run when step is 0,
// else in Steps of step units.
func crawlWith(t *rapid.T, cfg Config, s Strategy, step int) *Crawl {
	c, err := New(cfg, s)
	if err != nil {
		t.Fatal(err)
	}
	if step == 0 {
		if _, err := c.Run(context.Background(), nil); err != nil {
			t.Fatal(err)
		}
		return c
	}
	for done := false; !done; {
		if done, err = c.Step(step); err != nil {
			t.Fatal(err)
		}
	}
	return c
}

// TestFifoFrontierSortsSeeds: seeds given out of id order leave a queue in
// id order (they are discovered together), and the pages found later
// follow in discovery order.
func TestFifoFrontierSortsSeeds(t *testing.T) {
	// 0 → 5, 4 → 1, 3 → 2: seeds 4, 0, 3 are downloaded 0, 3, 4, then
	// the pages they found in that order: 5, 2, 1.
	g := buildGraph(t, 6, [][2]uint32{{0, 5}, {4, 1}, {3, 2}})
	c, err := New(Config{Graph: g, Seeds: []uint32{4, 0, 3}}, &bfs{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := []uint32{0, 3, 4, 5, 2, 1}; !slices.Equal(res.Order, want) {
		t.Errorf("order %v, want %v", res.Order, want)
	}
}
