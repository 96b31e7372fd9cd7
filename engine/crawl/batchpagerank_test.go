package crawl

import (
	"slices"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
)

// TestBatchPageRankRecomputeEvery: S→A, S→B, A→X from seed S. With a large
// K (batch = 1, K = n = 4) the estimate is recomputed only when its list is
// used up: {S}, then {A, B} (equal estimates, A discovered first), then
// {X}: order S, A, B, X, three recomputations. With K = 1 it is recomputed
// after every download. After S and A, the known graph is S→A, S→B, A→X
// with B and X dangling and teleport t = 1/4; with coef the teleport
// coefficient, r_S = coef·t, r_A = r_B = d·r_S/2 + coef·t and
// r_X = d·r_A + coef·t, so r_X - r_B = d·coef·t·(1 - (1-d)/2) > 0: X goes
// before B. Order S, A, X, B, four recomputations.
func TestBatchPageRankRecomputeEvery(t *testing.T) {
	const S, A, B, X = 0, 1, 2, 3
	g := graphtest.FromArcs(t, 4, [][2]uint32{{S, A}, {S, B}, {A, X}})
	cfg := Config{Graph: g, Seeds: []uint32{S}}
	for _, tc := range []struct {
		batch  float64
		order  []uint32
		recomp int64
	}{
		{1, []uint32{S, A, B, X}, 3},
		{0.01, []uint32{S, A, X, B}, 4},
	} {
		res := crawlToEnd(t, cfg, "batch-pagerank", Values{"batch": tc.batch})
		if !slices.Equal(res.Order, tc.order) {
			t.Fatalf("batch %v: order %v, want %v", tc.batch, res.Order, tc.order)
		}
		if res.Cost.Recomputations != tc.recomp {
			t.Fatalf("batch %v: %d recomputations, want %d", tc.batch, res.Cost.Recomputations, tc.recomp)
		}
		// A recomputation after a download that changed nothing the
		// estimate depends on (X, dangling, discovers nothing) needs no
		// iteration (knowngraph.go), but the first one always does.
		if res.Cost.PageRankIterations == 0 {
			t.Fatalf("batch %v: no PageRank iteration for %d recomputations", tc.batch, res.Cost.Recomputations)
		}
	}
}
