package scenario

import (
	"math"
	"slices"
	"testing"
)

// TestSeedOrderDecidesTheCrawl: for every seed notation, a crawl discovers
// the seeds one after another in the seed set's order (docs/algorithms.md section 2),
// so bfs downloads them first, in that order: its C(k) for k up to the
// number of seeds is the prefix sums of the importance over Result.Seeds,
// and, because that order is not the seeds' id order and the importance
// differs from seed to seed, not the prefix sums over the seeds sorted by
// id, which a crawl that discovered them "at once" with ties by id would
// give. The graph is a generated web of 400 pages on 10 hosts (its host
// ids follow first appearance, so host-roots by host id is by id there:
// seeds.TestSeedSetOrder checks host-roots on a host table that differs).
func TestSeedOrderDecidesTheCrawl(t *testing.T) {
	for _, notation := range []string{"top-pagerank:12", "random:12", "list:37,5,211,120,9", "community:4"} {
		s := Scenario{
			Graph:      Source{Generate: &Generate{Pages: 400, Hosts: 10, Seed: 5}},
			Seeds:      notation,
			Strategies: []Strategy{{ID: "bfs"}},
			RandomSeed: 3,
		}
		r, err := New(s, Env{})
		if err != nil {
			t.Fatal(err)
		}
		res := stepToEnd(t, r, RunBudget)
		imp := r.imp.scores
		seedList := res.Seeds
		if slices.IsSorted(seedList) {
			t.Fatalf("%s: seeds %v are in id order; the test needs another order", notation, seedList)
		}
		byID := slices.Sorted(slices.Values(seedList))
		curve := res.Strategies[0].Curve
		inOrder, inIDs, differ := 0.0, 0.0, false
		for k := range seedList {
			if curve.K[k] != int64(k+1) {
				t.Fatalf("%s: curve point %d is k = %d; want every k", notation, k, curve.K[k])
			}
			inOrder += imp[seedList[k]]
			inIDs += imp[byID[k]]
			differ = differ || math.Abs(inOrder-inIDs) > 1e-15
			if math.Abs(curve.Value[k]-inOrder) > 1e-15 {
				t.Errorf("%s: C(%d) = %v, want %v (the seeds %v in their order)", notation, k+1, curve.Value[k], inOrder, seedList)
			}
		}
		if !differ {
			t.Errorf("%s: the seeds in id order give the same curve; the test does not tell the orders apart", notation)
		}
	}
}
