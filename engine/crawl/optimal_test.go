package crawl

import (
	"runtime"
	"testing"
	"weak"

	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
	"pgregory.net/rapid"
)

// TestOptimalOrder: optimal ignores links. Four pages are reachable from 0,
// so it downloads the four most important of all five: 3 (0.35), 2 (0.3),
// then 1 and 4 (0.15 each; the smaller id first). Page 0 (0.05) is left
// out. With a budget of 2 it stops after 3 and 2.
func TestOptimalOrder(t *testing.T) {
	cfg := omniscientGraph(t)
	res := crawlToEnd(t, cfg, "optimal", nil)
	expectOrder(t, "optimal", res.Order, []uint32{3, 2, 1, 4})
	if res.Reachable != 4 {
		t.Errorf("reachable %d, want 4", res.Reachable)
	}
	cfg.Budget = 2
	expectOrder(t, "optimal (budget 2)", crawlToEnd(t, cfg, "optimal", nil).Order, []uint32{3, 2})
	if info, ok := Lookup("optimal"); !ok || !info.Reference {
		t.Errorf("optimal is registered %v with Reference = %v, want a reference", ok, info.Reference)
	}
}

// heapOptimal is optimal as a heap keyed by importance: every page pushed
// with its importance as key and discovery number 0, so that the
// Frontier's own order (larger key, then smaller id) makes the choice. It
// is the obviously correct reference of optimal's sorted queue.
type heapOptimal struct {
	c    *Crawl
	next int
}

func (s *heapOptimal) readsReachable()         {}
func (s *heapOptimal) Start(c *Crawl) error    { s.c = c; return nil }
func (s *heapOptimal) Downloaded(uint32)       {}
func (s *heapOptimal) Discover(page, _ uint32) { s.pushIfAdding(page) }
func (s *heapOptimal) pushIfAdding(p uint32) {
	if s.next > 0 {
		s.c.seq[p] = 0
		s.c.front.Push(p, s.c.cfg.Importance[p])
	}
}

func (s *heapOptimal) Refill(int) (int, bool, error) {
	for p := range s.c.g.NumNodes() {
		s.next = p + 1
		if s.c.InFrontier(uint32(p)) {
			s.pushIfAdding(uint32(p))
		} else {
			s.c.addToFrontier(uint32(p), NoParent)
		}
	}
	return 1, true, nil
}

// TestPropertyOptimalIsTheHeapOrder: optimal's sorted queue downloads
// what a heap keyed by importance gives, with importance full of ties,
// on hosts under the politeness clock too, and in Steps of any size.
func TestPropertyOptimalIsTheHeapOrder(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		cfg := drawSameCrawlConfig(t)
		cfg.Importance = make([]float64, cfg.Graph.NumNodes())
		for i := range cfg.Importance {
			cfg.Importance[i] = float64(rapid.IntRange(0, 3).Draw(t, "importance")) / 3
		}
		step := rapid.SampledFrom([]int{0, 1, 2, 7}).Draw(t, "step")
		expectSameCrawl(t, cfg, &optimal{}, &heapOptimal{}, step)
	})
}

// TestOptimalDropsItsOrder: once every page is in F, optimal holds
// nothing of its sorted order, 4 bytes a page, through the rest of the
// crawl, and the crawl goes on to the end.
func TestOptimalDropsItsOrder(t *testing.T) {
	const n = 1000
	arcs := make([][2]uint32, n-1)
	importance := make([]float64, n)
	for p := range n - 1 {
		arcs[p] = [2]uint32{uint32(p), uint32(p + 1)}
		importance[p] = float64(p%7) / n
	}
	cfg := Config{Graph: graphtest.FromArcs(t, n, arcs), Seeds: []uint32{0}, Importance: importance}
	s := &optimal{}
	c, err := New(cfg, s)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Step(1); err != nil || len(s.order) != n { // the sort
		t.Fatalf("after one unit: %d pages in order, %v; want them all sorted", len(s.order), err)
	}
	sorted := weak.Make(&s.order[0])
	for c.Downloads() == 0 {
		if _, err := c.Step(1); err != nil {
			t.Fatal(err)
		}
	}
	runtime.GC()
	if sorted.Value() != nil {
		t.Errorf("the sorted order of %d pages is still held after every page was added", n)
	}
	if _, err := c.Run(t.Context(), nil); err != nil || c.Downloads() != n {
		t.Errorf("the crawl ended with %d downloads, %v; want %d", c.Downloads(), err, n)
	}
}
