package crawl

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/crawlsim/crawlsim/engine/gen"
	"github.com/crawlsim/crawlsim/engine/graph"
)

// withHostTable gives g the host table of, host names "h0", "h1", ...
func withHostTable(g *graph.Graph, of []uint32) *graph.Graph {
	k := 0
	for _, h := range of {
		k = max(k, int(h)+1)
	}
	names := make([]string, k)
	for h := range names {
		names[h] = fmt.Sprintf("h%d", h)
	}
	g.Hosts = &graph.Hosts{Of: of, Names: names}
	return g
}

// drawStrategyGraph draws a graph for a property test: either a web-like
// generated graph of 50 to 2,000 pages on 1 to pages/5 hosts, or a small
// graph built arc by arc, with or without a host table.
func drawStrategyGraph(t *rapid.T) *graph.Graph {
	if rapid.Bool().Draw(t, "generated") {
		p := gen.DefaultParams()
		p.Pages = rapid.IntRange(50, 2000).Draw(t, "pages")
		p.Hosts = rapid.IntRange(1, p.Pages/5).Draw(t, "hosts")
		p.IntraHostShare = rapid.Float64Range(0, 1).Draw(t, "intra")
		p.Seed = rapid.Uint64().Draw(t, "seed")
		g, err := gen.Generate(p)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	n := rapid.IntRange(1, 40).Draw(t, "n")
	m := rapid.IntRange(0, 4*n).Draw(t, "m")
	b := graph.NewBuilder(n)
	for range m {
		b.Add(uint32(rapid.IntRange(0, n-1).Draw(t, "src")), uint32(rapid.IntRange(0, n-1).Draw(t, "dst")))
	}
	g, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	if rapid.Bool().Draw(t, "with hosts") {
		k := rapid.IntRange(1, n).Draw(t, "hosts")
		of := make([]uint32, n)
		for i := range of {
			of[i] = uint32(rapid.IntRange(0, k-1).Draw(t, "host"))
		}
		withHostTable(g, of)
	}
	return g
}

// drawSeeds draws 1 to 5 seeds of g, duplicates allowed.
func drawSeeds(t *rapid.T, g *graph.Graph) []uint32 {
	n := g.NumNodes()
	return rapid.SliceOfN(rapid.Custom(func(t *rapid.T) uint32 {
		return uint32(rapid.IntRange(0, n-1).Draw(t, "seed page"))
	}), 1, 5).Draw(t, "seeds")
}

// expectOrder fails unless the crawl downloaded want, in order.
func expectOrder(t *testing.T, id string, got, want []uint32) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Fatalf("%s downloaded %v, want %v", id, got, want)
	}
}

// stepOnce downloads one page, failing on error.
func stepOnce(t rapid.TB, c *Crawl) {
	t.Helper()
	if _, err := c.Step(1); err != nil {
		t.Fatal(err)
	}
}

// TestOPICEqualsFPRWithDampingOne is SPEC.md section 3, worked example 2:
// opic and fpr with d = 1 download in the same order with the same seeds.
func TestOPICEqualsFPRWithDampingOne(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := drawStrategyGraph(t)
		cfg := Config{Graph: g, Seeds: drawSeeds(t, g), Damping: 1}
		a := crawlToEnd(t, cfg, "opic", nil)
		b := crawlToEnd(t, cfg, "fpr", nil)
		if !slices.Equal(a.Order, b.Order) {
			t.Fatalf("opic order %v\nfpr (d = 1) order %v", a.Order, b.Order)
		}
		if len(a.Order) != a.Reachable {
			t.Fatalf("opic downloaded %d pages of the %d reachable", len(a.Order), a.Reachable)
		}
	})
}

// TestFPRMWithMOneEqualsFPR is SPEC.md section 3, worked example 3: fpr-m
// with M = 1 equals fpr step by step (same page downloaded, same key for
// every page after every download). On a graph without hosts no link is
// inter-host, so fpr-m with the default M = 100 equals fpr too.
func TestFPRMWithMOneEqualsFPR(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := drawStrategyGraph(t)
		cfg := Config{Graph: g, Seeds: drawSeeds(t, g)}
		m := 1.0
		if !g.HasHosts() && rapid.Bool().Draw(t, "default m") {
			m = 100
		}
		plain := newStrategyCrawl(t, cfg, "fpr", nil)
		ext := newStrategyCrawl(t, cfg, "fpr-m", Values{"m": m})
		for step := 1; !plain.Done(); step++ {
			stepOnce(t, plain)
			stepOnce(t, ext)
			if !slices.Equal(plain.Order(), ext.Order()) {
				t.Fatalf("step %d: fpr downloaded %v, fpr-m (m = %v) %v", step, plain.Order(), m, ext.Order())
			}
			for p := range uint32(g.NumNodes()) {
				if a, b := plain.Frontier().Key(p), ext.Frontier().Key(p); a != b {
					t.Fatalf("step %d: page %d has fpr %v, fpr-m (m = %v) %v", step, p, a, m, b)
				}
			}
		}
		if !ext.Done() {
			t.Fatalf("fpr finished after %d downloads, fpr-m (m = %v) did not", plain.Downloads(), m)
		}
	})
}

// TestFPRMInterHostShares checks fpr-m with M = 100 on a hand-made graph
// with hosts (seeds/000, Algorithm 2): a page's share is divided by
// N_intra + M·N_inter, counted over all its out-links; an inter-host target
// gets M shares, an intra-host one a single share, and a link to a page
// already downloaded still counts but its share is dropped.
func TestFPRMInterHostShares(t *testing.T) {
	// hosts: 0 and 1 on host 0; 2 and 4 on host 1; 3 on host 2.
	g := buildGraph(t, 5, [][2]uint32{{0, 1}, {0, 2}, {0, 3}, {2, 0}, {2, 1}, {2, 4}})
	withHostTable(g, []uint32{0, 0, 1, 2, 1})
	cfg := Config{Graph: g, Seeds: []uint32{0}, Damping: 0.85}
	c := newStrategyCrawl(t, cfg, "fpr-m", Values{"m": 100})
	f := c.Frontier()
	near := func(got, want float64) bool { return math.Abs(got-want) <= 1e-15*math.Abs(want) }

	// fpr_0 = 0.15. out(0) = {1 intra, 2 inter, 3 inter}: denominator
	// 1 + 100·2 = 201, so page 1 gets 0.85·0.15/201 = 0.1275/201
	// (= 0.000634328...) and pages 2 and 3 get 100 times that, 12.75/201
	// (= 0.0634328...).
	stepOnce(t, c)
	intra, inter := 0.1275/201, 12.75/201
	for p, want := range map[uint32]float64{1: intra, 2: inter, 3: inter} {
		if got := f.Key(p); !near(got, want) {
			t.Errorf("after page 0: fpr_%d = %v, want %v", p, got, want)
		}
	}
	if r := f.Key(2) / f.Key(1); math.Abs(r-100) > 1e-12 {
		t.Errorf("inter-host target got %v times the intra-host share, want 100", r)
	}

	// Page 2 (ties with 3, discovered first): out(2) = {0 inter, already
	// downloaded; 1 inter; 4 intra}: denominator 1 + 100·2 = 201, unit
	// 0.85·(12.75/201)/201. Page 1 gains 100 units, page 4 one; page 0's
	// 100 units are dropped.
	stepOnce(t, c)
	unit := 0.85 * inter / 201
	for p, want := range map[uint32]float64{1: intra + 100*unit, 3: inter, 4: unit} {
		if got := f.Key(p); !near(got, want) {
			t.Errorf("after page 2: fpr_%d = %v, want %v", p, got, want)
		}
	}
	if got := f.Key(0); got != 0 {
		t.Errorf("fpr_0 = %v after its download, want 0 (the dropped share must not reach D)", got)
	}

	// Then 3 (0.0634) before 1 (0.000634 + 0.0268 = 0.0275) before 4.
	res, err := c.Run(t.Context(), nil)
	if err != nil {
		t.Fatal(err)
	}
	expectOrder(t, "fpr-m", res.Order, []uint32{0, 2, 3, 1, 4})
	// Plain fpr gives pages 1, 2 and 3 the same 0.0425 and takes 1 first.
	expectOrder(t, "fpr", runCrawl(t, cfg, "fpr", nil).Order, []uint32{0, 1, 2, 3, 4})
}

// TestBacklinkOrder checks backlink on a hand-made graph.
func TestBacklinkOrder(t *testing.T) {
	g := buildGraph(t, 5, [][2]uint32{{0, 1}, {0, 2}, {0, 3}, {1, 3}, {1, 4}, {3, 2}, {2, 4}})
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
	expectOrder(t, "backlink", runCrawl(t, cfg, "backlink", nil).Order, []uint32{0, 1, 3, 2, 4})
}

// TestOPICOrder checks opic on a hand-made graph, cash by cash.
func TestOPICOrder(t *testing.T) {
	g := buildGraph(t, 6, [][2]uint32{
		{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 4}, {2, 5}, {5, 1}, {5, 4}, {4, 0}, {4, 4},
	})
	cfg := Config{Graph: g, Seeds: []uint32{0}}
	c := newStrategyCrawl(t, cfg, "opic", nil)
	near := func(got, want float64) bool { return math.Abs(got-want) < 1e-15 }
	steps := []struct {
		downloads uint32
		cash      map[uint32]float64
	}{
		// 0 (cash 1) → 1, 2, 3: 1/3 each.
		{0, map[uint32]float64{1: 1.0 / 3, 2: 1.0 / 3, 3: 1.0 / 3}},
		// 1 wins the tie by discovery; 1/3 split over 2, 4: 2 = 1/3 + 1/6
		// = 1/2, 4 = 1/6.
		{1, map[uint32]float64{2: 0.5, 3: 1.0 / 3, 4: 1.0 / 6}},
		// 2 (1/2) → 5: 5 = 1/2.
		{2, map[uint32]float64{3: 1.0 / 3, 4: 1.0 / 6, 5: 0.5}},
		// 5 (1/2) over 1 and 4, 1/4 each: 1 is downloaded, its share is
		// dropped; 4 = 1/6 + 1/4 = 5/12, above 3's 1/3 = 4/12.
		{5, map[uint32]float64{3: 1.0 / 3, 4: 5.0 / 12}},
		// 4 → 0 and itself, both downloaded: nothing moves.
		{4, map[uint32]float64{3: 1.0 / 3}},
		{3, map[uint32]float64{}},
	}
	for k, st := range steps {
		stepOnce(t, c)
		if got := c.Order(); len(got) != k+1 || got[k] != st.downloads {
			t.Fatalf("step %d: downloaded %v, want page %d last", k+1, got, st.downloads)
		}
		if got := c.Frontier().Key(st.downloads); got != 0 {
			t.Errorf("page %d keeps cash %v after its download, want 0", st.downloads, got)
		}
		if c.Frontier().Len() != len(st.cash) {
			t.Errorf("step %d: frontier holds %d pages, want %d", k+1, c.Frontier().Len(), len(st.cash))
		}
		for p, want := range st.cash {
			if got := c.Frontier().Key(p); !c.Frontier().Contains(p) || !near(got, want) {
				t.Errorf("step %d: page %d has cash %v (in frontier: %v), want %v", k+1, p, got, c.Frontier().Contains(p), want)
			}
		}
	}
}

// TestOPICSeedCash checks that the seeds share one unit of cash equally,
// duplicates counted once.
func TestOPICSeedCash(t *testing.T) {
	g := buildGraph(t, 4, [][2]uint32{{0, 1}, {2, 3}})
	c := newStrategyCrawl(t, Config{Graph: g, Seeds: []uint32{2, 0, 2, 3}}, "opic", nil)
	c.Stop()
	stepOnce(t, c)
	for _, p := range []uint32{0, 2, 3} {
		if got := c.Frontier().Key(p); got != 1.0/3 {
			t.Errorf("seed %d starts with cash %v, want 1/3", p, got)
		}
	}
	if got := c.Frontier().Key(1); got != 0 {
		t.Errorf("page 1 has cash %v before discovery, want 0", got)
	}
}

// TestLargerSitesFirstOrder checks larger-sites-first on a hand-made graph
// with three hosts, untimed and on the politeness clock with one connection
// and no wait (SPEC.md section 5: the same order).
func TestLargerSitesFirstOrder(t *testing.T) {
	// host 0: page 0; host 1: pages 1, 4, 7; host 2: pages 2, 3, 5, 6.
	g := buildGraph(t, 8, [][2]uint32{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 5}, {1, 6}, {2, 7}})
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
	expectOrder(t, "larger-sites-first", runCrawl(t, cfg, "larger-sites-first", nil).Order, want)
	expectOrder(t, "bfs", runCrawl(t, cfg, "bfs", nil).Order, []uint32{0, 1, 2, 3, 4, 5, 6, 7})

	cfg.Politeness = &Politeness{Connections: 1, Wait: 0, Latency: 0.5, PageSize: 15000, Bandwidth: 100000}
	expectOrder(t, "larger-sites-first (timed)", runCrawl(t, cfg, "larger-sites-first", nil).Order, want)
}

// TestLargerSitesFirstWithoutHostsIsBFS checks the documented fallback: on
// a graph without hosts all pages form one host, so the order is
// breadth-first.
func TestLargerSitesFirstWithoutHostsIsBFS(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := drawStrategyGraph(t)
		g.Hosts = nil
		cfg := Config{Graph: g, Seeds: drawSeeds(t, g)}
		a := crawlToEnd(t, cfg, "larger-sites-first", nil)
		b := crawlToEnd(t, cfg, "bfs", nil)
		if !slices.Equal(a.Order, b.Order) {
			t.Fatalf("larger-sites-first %v\nbfs %v", a.Order, b.Order)
		}
	})
}

// omniscientGraph is the graph of the omniscient and optimal tests: 0 → 1,
// 0 → 2, 1 → 3, and page 4, which links to 0 but is unreachable from it.
func omniscientGraph(t *testing.T) Config {
	g := buildGraph(t, 5, [][2]uint32{{0, 1}, {0, 2}, {1, 3}, {4, 0}})
	return Config{Graph: g, Seeds: []uint32{0}, Importance: []float64{0.05, 0.15, 0.3, 0.35, 0.15}}
}

// TestOmniscientOrder: from seed 0 the frontier is {1 (0.15), 2 (0.3)}: 2
// first although discovered second; then 1, which reveals 3 (0.35). Page 4
// is never downloaded: it cannot be reached.
func TestOmniscientOrder(t *testing.T) {
	cfg := omniscientGraph(t)
	expectOrder(t, "omniscient", runCrawl(t, cfg, "omniscient", nil).Order, []uint32{0, 2, 1, 3})
}

// TestOptimalOrder: optimal ignores links. Four pages are reachable from 0,
// so it downloads the four most important of all five: 3 (0.35), 2 (0.3),
// then 1 and 4 (0.15 each; the smaller id first). Page 0 (0.05) is left
// out. With a budget of 2 it stops after 3 and 2.
func TestOptimalOrder(t *testing.T) {
	cfg := omniscientGraph(t)
	res := runCrawl(t, cfg, "optimal", nil)
	expectOrder(t, "optimal", res.Order, []uint32{3, 2, 1, 4})
	if res.Reachable != 4 {
		t.Errorf("reachable %d, want 4", res.Reachable)
	}
	cfg.Budget = 2
	expectOrder(t, "optimal (budget 2)", runCrawl(t, cfg, "optimal", nil).Order, []uint32{3, 2})
	if info, ok := Lookup("optimal"); !ok || !info.Reference {
		t.Errorf("optimal is registered %v with Reference = %v, want a reference", ok, info.Reference)
	}
}

// TestImportanceRequired checks the error of the strategies that read the
// importance vector when it is missing.
func TestImportanceRequired(t *testing.T) {
	cfg := omniscientGraph(t)
	cfg.Importance = nil
	cfg.Previous = &Previous{Scores: []float64{math.NaN(), 0, 0, 0, 0}}
	for _, id := range []string{"omniscient", "optimal", "hist-pagerank-omniscient"} {
		_, err := newStrategyCrawl(t, cfg, id, nil).Run(t.Context(), nil)
		if err == nil || !strings.Contains(err.Error(), "importance") {
			t.Errorf("%s without importance: error %v, want one naming the importance vector", id, err)
		}
	}
}

// histGraph is the graph of the historical-PageRank tests: 0 → 1, 2, 3 and
// 1 → 4, 5. Pages 2 and 4 are new (no previous score).
func histGraph(t *testing.T) Config {
	g := buildGraph(t, 6, [][2]uint32{{0, 1}, {0, 2}, {0, 3}, {1, 4}, {1, 5}})
	nan := math.NaN()
	return Config{
		Graph:      g,
		Seeds:      []uint32{0},
		Importance: []float64{0.1, 0.1, 0.4, 0.1, 0.01, 0.1},
		Previous:   &Previous{Scores: []float64{0.2, 0.3, nan, 0.05, nan, 0.02}, Values: []float64{0.7}},
		Rand:       rand.New(rand.NewPCG(1, 2)),
	}
}

// TestHistPageRankOrders checks the four historical variants by hand.
// Known scores: 0: 0.2, 1: 0.3, 3: 0.05, 5: 0.02; pages 2 and 4 are new.
func TestHistPageRankOrders(t *testing.T) {
	for _, tc := range []struct {
		id   string
		keys map[uint32]float64 // the keys of the new pages
		want []uint32
	}{
		// New pages get 0. After 0: 1 (0.3), 3 (0.05), 2 (0). After 1:
		// 3 (0.05), 5 (0.02), then 2 and 4 (0) by discovery.
		{"hist-pagerank-zero", map[uint32]float64{2: 0, 4: 0}, []uint32{0, 1, 3, 5, 2, 4}},
		// New pages get their importance: 2 (0.4) beats 1 (0.3); after 1:
		// 3 (0.05), 5 (0.02), 4 (0.01).
		{"hist-pagerank-omniscient", map[uint32]float64{2: 0.4, 4: 0.01}, []uint32{0, 2, 1, 3, 5, 4}},
		// New pages get the parent's key over its out-degree: 2 gets
		// 0.2/3 = 0.0667; 4 gets 0.3/2 = 0.15, which goes before 2, 3
		// (0.05) and 5 (0.02).
		{"hist-pagerank-parent", map[uint32]float64{2: 0.2 / 3, 4: 0.15}, []uint32{0, 1, 4, 2, 3, 5}},
		// New pages draw from the previous values, here only 0.7: 2 goes
		// before 1, and 4 before 3 and 5.
		{"hist-pagerank-random", map[uint32]float64{2: 0.7, 4: 0.7}, []uint32{0, 2, 1, 4, 3, 5}},
	} {
		cfg := histGraph(t)
		c := newStrategyCrawl(t, cfg, tc.id, nil)
		res, err := c.Run(t.Context(), nil)
		if err != nil {
			t.Fatalf("%s: %v", tc.id, err)
		}
		expectOrder(t, tc.id, res.Order, tc.want)
		for p, want := range tc.keys {
			if got := c.Frontier().Key(p); math.Abs(got-want) > 1e-15 {
				t.Errorf("%s: new page %d has key %v, want %v", tc.id, p, got, want)
			}
		}
		for _, p := range []uint32{0, 1, 3, 5} {
			if got, want := c.Frontier().Key(p), cfg.Previous.Scores[p]; got != want {
				t.Errorf("%s: known page %d has key %v, want its previous score %v", tc.id, p, got, want)
			}
		}
		if info, _ := Lookup(tc.id); !info.NeedsPrevious {
			t.Errorf("%s is not marked NeedsPrevious", tc.id)
		}
	}
}

// TestHistPageRankParentNewSeed: under -parent, a seed absent from the
// previous snapshot gets 0, and so do its new children (0/3). After 0:
// 1 (0.3), 3 (0.05), 2 (0); after 1: 4 (0.3/2 = 0.15), 3, 5 (0.02), 2.
func TestHistPageRankParentNewSeed(t *testing.T) {
	cfg := histGraph(t)
	cfg.Previous.Scores[0] = math.NaN()
	c := newStrategyCrawl(t, cfg, "hist-pagerank-parent", nil)
	res, err := c.Run(t.Context(), nil)
	if err != nil {
		t.Fatal(err)
	}
	expectOrder(t, "hist-pagerank-parent", res.Order, []uint32{0, 1, 4, 3, 5, 2})
	if k0, k2 := c.Frontier().Key(0), c.Frontier().Key(2); k0 != 0 || k2 != 0 {
		t.Errorf("new seed 0 has key %v and its new child 2 %v, want 0 and 0", k0, k2)
	}
}

// TestHistPageRankRandomDraws checks that -random draws every new page's
// key from the previous values, each value about equally often: a seed
// with 40 new children, 50 crawls, 4 values (2,000 draws, 500 expected per
// value; the chi-square bound is about 6 standard deviations above its
// mean of 3, so only a biased draw fails it).
func TestHistPageRankRandomDraws(t *testing.T) {
	const kids = 40
	arcs := make([][2]uint32, kids)
	scores := make([]float64, kids+1)
	for i := range arcs {
		arcs[i] = [2]uint32{0, uint32(i + 1)}
		scores[i+1] = math.NaN()
	}
	g := buildGraph(t, kids+1, arcs)
	values := []float64{1, 2, 3, 4}
	counts := make([]float64, len(values))
	for seed := range uint64(50) {
		cfg := Config{Graph: g, Seeds: []uint32{0}, Rand: rand.New(rand.NewPCG(seed, 7)),
			Previous: &Previous{Scores: scores, Values: values}}
		c := newStrategyCrawl(t, cfg, "hist-pagerank-random", nil)
		stepOnce(t, c)
		for p := uint32(1); p <= kids; p++ {
			k := slices.Index(values, c.Frontier().Key(p))
			if k < 0 {
				t.Fatalf("page %d got key %v, not one of the previous values %v", p, c.Frontier().Key(p), values)
			}
			counts[k]++
		}
	}
	if x2, bound := chiSquare(counts, []float64{500, 500, 500, 500}), chiSquareBound(3); x2 > bound {
		t.Fatalf("draws per value %v: chi-square %.1f above %.1f", counts, x2, bound)
	}
}

// TestHistPageRankErrors checks the errors for a missing snapshot, random
// source or set of values.
func TestHistPageRankErrors(t *testing.T) {
	for _, id := range []string{"hist-pagerank-omniscient", "hist-pagerank-random", "hist-pagerank-zero", "hist-pagerank-parent"} {
		cfg := histGraph(t)
		cfg.Previous = nil
		_, err := newStrategyCrawl(t, cfg, id, nil).Run(t.Context(), nil)
		if err == nil || !strings.Contains(err.Error(), id+" needs a previous snapshot") {
			t.Errorf("%s without a previous snapshot: error %v", id, err)
		}
	}
	cfg := histGraph(t)
	cfg.Rand = nil
	if _, err := newStrategyCrawl(t, cfg, "hist-pagerank-random", nil).Run(t.Context(), nil); err == nil ||
		!strings.Contains(err.Error(), "random source") {
		t.Errorf("hist-pagerank-random without Rand: error %v", err)
	}
	cfg = histGraph(t)
	cfg.Previous.Values = nil
	if _, err := newStrategyCrawl(t, cfg, "hist-pagerank-random", nil).Run(t.Context(), nil); err == nil ||
		!strings.Contains(err.Error(), "no PageRank values") {
		t.Errorf("hist-pagerank-random without values: error %v", err)
	}
	// Without new pages no value is needed.
	cfg.Previous.Scores = []float64{0.2, 0.3, 0.1, 0.05, 0.04, 0.02}
	if _, err := newStrategyCrawl(t, cfg, "hist-pagerank-random", nil).Run(t.Context(), nil); err != nil {
		t.Errorf("hist-pagerank-random with every page known and no values: %v", err)
	}
}

// chiSquare returns Pearson's statistic of observed counts against expected
// ones.
func chiSquare(observed, expected []float64) float64 {
	var x2 float64
	for i, e := range expected {
		d := observed[i] - e
		x2 += d * d / e
	}
	return x2
}

// chiSquareBound is a loose upper bound for a chi-square statistic with df
// degrees of freedom: its mean plus six standard deviations, df + 6·√(2df).
// A uniform sampler stays below it (the tests use fixed random seeds, so
// they never flake); a biased one exceeds it by far.
func chiSquareBound(df int) float64 { return float64(df) + 6*math.Sqrt(2*float64(df)) }

// TestRandomFirstChildUniform: on a star (seed 0 → 1..5) the page downloaded
// after the seed is uniform over the five children; 4,000 crawls with fixed
// random seeds, 800 expected per child.
func TestRandomFirstChildUniform(t *testing.T) {
	g := buildGraph(t, 6, [][2]uint32{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}})
	const trials = 4000
	counts := make([]float64, 5)
	for seed := range uint64(trials) {
		res := runCrawl(t, Config{Graph: g, Seeds: []uint32{0}, Rand: rand.New(rand.NewPCG(seed, 1))}, "random", nil)
		if len(res.Order) != 6 || res.Order[0] != 0 {
			t.Fatalf("random downloaded %v, want the seed then its five children", res.Order)
		}
		counts[res.Order[1]-1]++
	}
	expected := []float64{800, 800, 800, 800, 800}
	if x2, bound := chiSquare(counts, expected), chiSquareBound(4); x2 > bound {
		t.Fatalf("first child counts %v: chi-square %.1f above %.1f", counts, x2, bound)
	}
}

// uniformOrderProbabilities returns the probability of every complete
// download order (as fmt.Sprint of the order) of a crawl of g from seeds
// that picks uniformly from F at every step, by enumerating the crawl
// model of SPEC.md section 2.
func uniformOrderProbabilities(g *graph.Graph, seeds []uint32) map[string]float64 {
	out := map[string]float64{}
	var walk func(order, frontier []uint32, seen []bool, p float64)
	walk = func(order, frontier []uint32, seen []bool, p float64) {
		if len(frontier) == 0 {
			out[fmt.Sprint(order)] += p
			return
		}
		for k, i := range frontier {
			next := slices.Concat(frontier[:k], frontier[k+1:])
			seen2 := slices.Clone(seen)
			for _, j := range g.Out(i) {
				if !seen2[j] {
					seen2[j] = true
					next = append(next, j)
				}
			}
			walk(append(slices.Clone(order), i), next, seen2, p/float64(len(frontier)))
		}
	}
	seen := make([]bool, g.NumNodes())
	for _, s := range seeds {
		seen[s] = true
	}
	walk(nil, slices.Clone(seeds), seen, 1)
	return out
}

// TestRandomUniformAtEveryStep compares the distribution of complete
// download orders with the exact one of a uniform choice from F at every
// step, on a graph that mixes a star and paths (seed 0 → 1, 2, 3; 1 → 4 →
// 5; 3 → 5), over 10,000 crawls with fixed random seeds. A scheme that
// drew independent keys once per page would fail it: after the seed, the
// page left behind by a first pick has a key known to be smaller than the
// pick's, while a page just discovered has a fresh one.
func TestRandomUniformAtEveryStep(t *testing.T) {
	g := buildGraph(t, 6, [][2]uint32{{0, 1}, {0, 2}, {0, 3}, {1, 4}, {4, 5}, {3, 5}})
	seeds := []uint32{0}
	exact := uniformOrderProbabilities(g, seeds)
	const trials = 10000
	counts := map[string]float64{}
	for seed := range uint64(trials) {
		res := runCrawl(t, Config{Graph: g, Seeds: seeds, Rand: rand.New(rand.NewPCG(seed, 2))}, "random", nil)
		key := fmt.Sprint(res.Order)
		if exact[key] == 0 {
			t.Fatalf("random downloaded %v, which the crawl model does not allow", res.Order)
		}
		counts[key]++
	}
	var observed, expected []float64
	for key, p := range exact {
		observed = append(observed, counts[key])
		expected = append(expected, p*trials)
	}
	if x2, bound := chiSquare(observed, expected), chiSquareBound(len(exact)-1); x2 > bound {
		t.Fatalf("%d possible orders: chi-square %.1f above %.1f", len(exact), x2, bound)
	}
}

// TestRandomTimedEqualsUntimed: with one connection and no wait the
// politeness clock downloads the same pages in the same order, for the
// same random seed, since the choice is made through the frontier's keys.
func TestRandomTimedEqualsUntimed(t *testing.T) {
	p := gen.DefaultParams()
	p.Pages, p.Hosts, p.Seed = 1500, 30, 3
	g, err := gen.Generate(p)
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Graph: g, Seeds: []uint32{0, 700}, Rand: rand.New(rand.NewPCG(5, 5))}
	untimed := runCrawl(t, cfg, "random", nil)
	cfg.Rand = rand.New(rand.NewPCG(5, 5))
	cfg.Politeness = &Politeness{Connections: 1, Wait: 0, Latency: 0.5, PageSize: 15000, Bandwidth: 100000}
	timed := runCrawl(t, cfg, "random", nil)
	if !slices.Equal(untimed.Order, timed.Order) {
		t.Fatalf("timed order differs from untimed: %d and %d pages", len(timed.Order), len(untimed.Order))
	}
	if len(untimed.Order) != untimed.Reachable {
		t.Fatalf("downloaded %d of %d reachable pages", len(untimed.Order), untimed.Reachable)
	}
}

// TestRandomNeedsRand checks the error without a random source.
func TestRandomNeedsRand(t *testing.T) {
	g := buildGraph(t, 2, [][2]uint32{{0, 1}})
	_, err := newStrategyCrawl(t, Config{Graph: g, Seeds: []uint32{0}}, "random", nil).Run(t.Context(), nil)
	if err == nil || !strings.Contains(err.Error(), "random source") {
		t.Fatalf("random without Rand: error %v, want one asking for a random source", err)
	}
}

// TestStrategiesARegistered checks the registry entries of this group.
func TestStrategiesARegistered(t *testing.T) {
	for _, tc := range []struct{ id, paper string }{
		{"random", "004"}, {"backlink", "004"}, {"opic", "004"}, {"larger-sites-first", "004"},
		{"hist-pagerank-omniscient", "004"}, {"hist-pagerank-random", "004"}, {"hist-pagerank-zero", "004"},
		{"hist-pagerank-parent", "004"}, {"omniscient", "004"}, {"optimal", "001"}, {"fpr-m", "000"},
	} {
		info, ok := Lookup(tc.id)
		if !ok {
			t.Errorf("%s is not registered", tc.id)
			continue
		}
		if info.Paper != tc.paper || info.Section == "" || info.Doc == "" || info.Name == "" || info.Guaranteed {
			t.Errorf("%s: paper %q section %q name %q guaranteed %v", tc.id, info.Paper, info.Section, info.Name, info.Guaranteed)
		}
	}
	_, vals, err := Resolve("fpr-m", nil)
	if err != nil || vals["m"] != 100 {
		t.Errorf("fpr-m default m = %v (%v), want 100", vals["m"], err)
	}
	if _, _, err := Resolve("fpr-m", Values{"m": 0}); err == nil {
		t.Errorf("fpr-m accepts m = 0")
	}
}
