package crawl

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/crawlsim/crawlsim/engine/gen"
	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
)

// TestPartialPageRankTemporaryScores: S→A, S→B, A→C, B→C, C→D from seed S,
// K large (batch = 1). The first estimate is PageRank of the known graph
// {S} alone: est(S) = 1. Downloading S gives A and B the temporary score
// 1/2 each (S has two out-links); downloading A gives C 1/2 (A's score over
// its one link); B (discovered before C) goes next and adds its 1/2: C
// reaches 1; then C gives D 1. One recomputation only, since the list is
// never used up: order S, A, B, C, D.
func TestPartialPageRankTemporaryScores(t *testing.T) {
	const S, A, B, C, D = 0, 1, 2, 3, 4
	g := graphtest.FromArcs(t, 5, [][2]uint32{{S, A}, {S, B}, {A, C}, {B, C}, {C, D}})
	c := newStrategyCrawl(t, Config{Graph: g, Seeds: []uint32{S}}, "partial-pagerank", Values{"batch": 1})
	f := c.Frontier()
	checks := []struct {
		after int
		page  uint32
		want  float64
	}{
		{1, A, 0.5}, {1, B, 0.5},
		{2, C, 0.5},
		{3, C, 1},
		{4, D, 1},
	}
	for _, ch := range checks {
		stepTo(t, c, ch.after)
		if got := f.Key(ch.page); math.Abs(got-ch.want) > 1e-12 {
			t.Fatalf("after %d downloads page %d has score %v, want %v", ch.after, ch.page, got, ch.want)
		}
	}
	res, err := c.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := []uint32{S, A, B, C, D}; !slices.Equal(res.Order, want) {
		t.Fatalf("order %v, want %v", res.Order, want)
	}
	if res.Cost.Recomputations != 1 {
		t.Fatalf("%d recomputations, want 1", res.Cost.Recomputations)
	}
}

// TestPartialPageRankRecomputes: with K = 1 partial-pagerank recomputes
// after every download, so no temporary score is ever used to choose, and
// it downloads in batch-pagerank's order.
func TestPartialPageRankRecomputes(t *testing.T) {
	g, err := gen.Generate(gen.Params{Pages: 200, Hosts: 5, MeanOutDegree: 4, IntraHostShare: 0.8, CopyProbability: 0.5, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Graph: g, Seeds: []uint32{0, 50}}
	batch := crawlToEnd(t, cfg, "batch-pagerank", Values{"batch": 1e-9})
	partial := crawlToEnd(t, cfg, "partial-pagerank", Values{"batch": 1e-9})
	if !slices.Equal(batch.Order, partial.Order) {
		t.Fatalf("K = 1: batch order %v, partial order %v", batch.Order, partial.Order)
	}
	if batch.Cost.Recomputations != int64(len(batch.Order)) {
		t.Fatalf("K = 1: %d recomputations for %d downloads", batch.Cost.Recomputations, len(batch.Order))
	}
}
