package crawl

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
)

// histGraph is the graph of the historical-PageRank tests: 0 → 1, 2, 3 and
// 1 → 4, 5. Pages 2 and 4 are new (no previous score).
func histGraph(t *testing.T) Config {
	g := graphtest.FromArcs(t, 6, [][2]uint32{{0, 1}, {0, 2}, {0, 3}, {1, 4}, {1, 5}})
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
	g := graphtest.FromArcs(t, kids+1, arcs)
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
