package crawl

import (
	"math"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/crawlsim/crawlsim/engine/rank"
)

// TestPageRankTrustScalesLNeighborGuarantee: with trust = the uniform
// PageRank vector (docs/algorithms.md section 2, the RankMass paper's seed-size
// study), the seeds hold only 1-δ = Σ_{i ∈ seeds} t_i of the trust, and
// l-neighbor's guarantee after level L, (1-δ)(1-d^(L+1)), is exactly 1-δ
// times the guarantee with trust uniform over the seeds, 1-d^(L+1); the
// download order does not depend on the trust.
func TestPageRankTrustScalesLNeighborGuarantee(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := drawGraph(t, smallWebGraphs)
		n := g.NumNodes()
		pr := propertyImportance(t, g, nil)
		seeds := rank.Top(pr, rapid.IntRange(1, max(1, n/4)).Draw(t, "seeds"))
		share := 0.0
		for _, s := range seeds {
			share += pr[s]
		}
		bySeeds := crawlToEnd(t, Config{Graph: g, Importance: pr, Seeds: seeds}, "l-neighbor", Values{"epsilon": 0})
		byPageRank := crawlToEnd(t, Config{Graph: g, Importance: pr, Seeds: seeds, Trust: pr}, "l-neighbor", Values{"epsilon": 0})
		if !slices.Equal(bySeeds.Order, byPageRank.Order) {
			t.Fatalf("the trust changed l-neighbor's order: %v and %v", bySeeds.Order, byPageRank.Order)
		}
		for k, g := range byPageRank.Guarantee {
			if want := share * bySeeds.Guarantee[k]; math.Abs(g-want) > 1e-15 {
				t.Fatalf("guarantee after %d downloads %v with PageRank trust, want (1-δ = %v) × %v = %v",
					k+1, g, share, bySeeds.Guarantee[k], want)
			}
		}
	})
}

// TestPropertyPageRankTrustGuaranteeNeverExceedsActual: with trust = the
// uniform PageRank vector, the importance is the personalized PageRank with
// that teleport vector, and the guarantees of rankmass, windowed-rankmass
// and l-neighbor, which start from rm_i = (1-d)·t_i on the seeds only,
// never exceed C(k) (to 1e-12): Theorems 3-5 of Cho and Schonfeld 2007 with 1-δ < 1.
func TestPropertyPageRankTrustGuaranteeNeverExceedsActual(t *testing.T) {
	forStrategies(t, func(info Info) bool { return info.Guaranteed }, func(t *rapid.T, info Info) {
		g := drawGraph(t, smallWebGraphs)
		n := g.NumNodes()
		pr := propertyImportance(t, g, nil)
		imp := propertyImportance(t, g, pr)
		var seeds []uint32
		for range rapid.IntRange(1, 5).Draw(t, "seed count") {
			seeds = append(seeds, uint32(rapid.IntRange(0, n-1).Draw(t, "seed")))
		}
		res := crawlToEnd(t, Config{Graph: g, Importance: imp, Seeds: seeds, Trust: pr}, info.ID, propertyParams(t, info))
		curve := cumulative(imp, res.Order)
		for k, g := range res.Guarantee {
			if g > curve[k]+1e-12 {
				t.Fatalf("%s: guarantee %v after %d downloads exceeds C(k) = %v", info.ID, g, k+1, curve[k])
			}
		}
	})
}
