package crawl

import (
	"context"
	"math"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/crawlsim/crawlsim/engine/graph"
)

// refKnownPageRank is the PageRank of the known graph of docs/algorithms.md section 3
// (batch-pagerank) computed plainly: the pages known (state not unseen) are
// the nodes, the out-arcs of the downloaded pages the arcs, teleport and
// the rank of dangling pages (the pages of F, and downloaded pages without
// links) go uniformly to the known pages, d is the damping factor; power
// iteration from the uniform vector until the L1 change is below 1e-15 (at
// most 20,000 iterations).
func refKnownPageRank(g *graph.Graph, state []uint8, d float64) []float64 {
	n := g.NumNodes()
	var known []uint32
	for p, s := range state {
		if s != refUnseen {
			known = append(known, uint32(p))
		}
	}
	k := float64(len(known))
	x := make([]float64, n)
	for _, p := range known {
		x[p] = 1 / k
	}
	for range 20000 {
		next := make([]float64, n)
		dangling := 0.0
		for _, p := range known {
			out := g.Out(p)
			if state[p] != refDownloaded || len(out) == 0 {
				dangling += x[p]
				continue
			}
			for _, q := range out {
				next[q] += d * x[p] / float64(len(out))
			}
		}
		change := 0.0
		for _, p := range known {
			next[p] += (1-d)/k + d*dangling/k
			change += math.Abs(next[p] - x[p])
		}
		x = next
		if change < 1e-15 {
			break
		}
	}
	return x
}

// TestEstimatesWithinTolerance checks batch-pagerank and partial-pagerank
// against the exact PageRank of the known graph. Their estimates may differ
// from it by the tolerance (in L1, over the known pages), so the order may
// swap pages whose exact estimates are that close, and no others: the test
// replays the engine's order in the plain crawl model of reference_test.go,
// recomputes the exact estimate at the moments docs/algorithms.md section 3 says
// (before the first download, when the list is used up, after K downloads),
// and checks at every download that the page taken was selectable and that
// its exact key is at least the largest exact key of the selectable pages
// minus the tolerance (plus 1e-12 for rounding). For batch-pagerank the
// selectable pages are the pages of F that the last estimate listed; for
// partial-pagerank every page of F, a page discovered since the last
// estimate keying Σ key(p)/c_p over its downloaded parents p, with the
// exact keys (an error of the estimate passes to the temporary keys divided
// among the parent's links, so the errors of all keys still sum to at most
// the tolerance). The number of recomputations must match.
func TestEstimatesWithinTolerance(t *testing.T) {
	for _, id := range []string{"batch-pagerank", "partial-pagerank"} {
		t.Run(id, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				c := drawRefCase(t)
				c.damping = rapid.SampledFrom([]float64{0.85, 0.5, 0.95}).Draw(t, "estimate damping")
				c.budget = 0
				tol := rapid.SampledFrom([]float64{1e-3, 1e-4, 1e-6, 1e-2}).Draw(t, "tolerance")
				batch := rapid.SampledFrom([]float64{0.02, 0.1, 0.3}).Draw(t, "batch")
				info, vals, err := Resolve(id, Values{"tolerance": tol, "batch": batch})
				if err != nil {
					t.Fatal(err)
				}
				cr, err := New(c.config(), info.New(vals))
				if err != nil {
					t.Fatal(err)
				}
				res, err := cr.Run(context.Background(), nil)
				if err != nil {
					t.Fatal(err)
				}
				replayEstimates(t, c, id == "partial-pagerank", batchSize(batch, c.g.NumNodes()), tol, res)
			})
		})
	}
}

// replayEstimates replays res in the plain crawl model and checks it as
// TestEstimatesWithinTolerance says.
func replayEstimates(t *rapid.T, c refCase, partial bool, k int, tol float64, res *Result) {
	g := c.g
	key := make([]float64, g.NumNodes())
	fresh := make([]bool, g.NumNodes())
	var r *refCrawl
	r = newRefCrawl(g, c.seeds, 0, func(p, parent uint32) {
		if parent != NoParent {
			fresh[p] = true
		}
	})
	listed := make([]bool, g.NumNodes())
	since, recomputations := 0, int64(0)
	for step, p := range res.Order {
		var selectable []uint32
		for _, q := range r.frontier() {
			if partial || listed[q] {
				selectable = append(selectable, q)
			}
		}
		if step == 0 || len(selectable) == 0 || since >= k {
			recomputations++
			since = 0
			est := refKnownPageRank(g, r.state, c.damping)
			clear(listed)
			selectable = r.frontier()
			for _, q := range selectable {
				key[q] = est[q]
				listed[q] = true
				fresh[q] = false
			}
		}
		if !slices.Contains(selectable, p) {
			t.Fatalf("download %d: page %d was not selectable (selectable: %v)", step+1, p, selectable)
		}
		best := selectable[0]
		for _, q := range selectable {
			if key[q] > key[best] {
				best = q
			}
		}
		if key[p] < key[best]-tol-1e-12 {
			t.Fatalf("download %d: page %d has exact key %v, but page %d had %v (tolerance %v)",
				step+1, p, key[p], best, key[best], tol)
		}
		r.download(p)
		since++
		if partial {
			out := g.Out(p)
			for _, j := range out {
				if fresh[j] && r.state[j] != refDownloaded {
					key[j] += key[p] / float64(len(out))
				}
			}
		}
	}
	if r.limit != len(res.Order) {
		t.Fatalf("the engine downloaded %d pages, %d are reachable", len(res.Order), r.limit)
	}
	if res.Cost.Recomputations != recomputations {
		t.Fatalf("the engine recomputed %d times, the replay %d", res.Cost.Recomputations, recomputations)
	}
}
