package crawl

import (
	"math"
	"slices"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
)

// TestLNeighborGuarantee checks the level bound (Cho and Schonfeld 2007, Theorems 2-3)
// on 0→1, 0→2, 1→3, 2→3, 3→4 from seed 0: levels {0}, {1,2}, {3}, {4}. The
// bound after level L is (1-δ)(1-0.85^(L+1)) and stays at the previous
// level's value while a level is incomplete. With the trust split 0.6 on the
// seed and 0.4 on page 4 (not a seed), 1-δ = 0.6.
func TestLNeighborGuarantee(t *testing.T) {
	g := graphtest.FromArcs(t, 5, [][2]uint32{{0, 1}, {0, 2}, {1, 3}, {2, 3}, {3, 4}})
	pow := func(k int) float64 { return math.Pow(0.85, float64(k)) }
	// level complete after downloads 1, 3, 4 and 5
	bound := []float64{1 - pow(1), 1 - pow(1), 1 - pow(2), 1 - pow(3), 1 - pow(4)}
	for _, tc := range []struct {
		trust []float64
		held  float64
	}{{nil, 1}, {[]float64{0.6, 0, 0, 0, 0.4}, 0.6}} {
		res := crawlToEnd(t, Config{Graph: g, Seeds: []uint32{0}, Damping: 0.85, Trust: tc.trust}, "l-neighbor", nil)
		if want := []uint32{0, 1, 2, 3, 4}; !slices.Equal(res.Order, want) {
			t.Fatalf("order %v, want %v", res.Order, want)
		}
		for k := range bound {
			if want := tc.held * bound[k]; math.Abs(res.Guarantee[k]-want) > 1e-15 {
				t.Fatalf("trust held %v: guarantee %v, want (1-δ)·%v", tc.held, res.Guarantee, bound)
			}
		}
		if res.Cost.Iterations != 4 {
			t.Fatalf("%d levels counted, want 4", res.Cost.Iterations)
		}
	}
}
