package rank

import (
	"bufio"
	"math"
	"slices"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graphio"
)

// readBVGraph loads the BVGraph NAME of the shared data folder dir, with its
// properties and offsets.
func readBVGraph(tb testing.TB, dir, name string) *graph.Graph {
	tb.Helper()
	pf := openShared(tb, dir, name+".properties")
	defer pf.Close()
	props, err := graphio.ReadBVGraphProperties(bufio.NewReader(pf), name+".properties")
	if err != nil {
		tb.Fatal(err)
	}
	gf := openShared(tb, dir, name+".graph")
	defer gf.Close()
	of := openShared(tb, dir, name+".offsets")
	defer of.Close()
	g, err := graphio.ReadBVGraph(gf, name+".graph", props, bufio.NewReader(of), name+".offsets")
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// cnr2000 loads the cnr-2000 crawl (325,557 pages, 3,216,152 links) and its
// transpose as stored beside it.
func cnr2000(tb testing.TB) (g, tr *graph.Graph) {
	tb.Helper()
	g = readBVGraph(tb, "cnr-2000", "cnr-2000")
	if g.NumNodes() != 325557 || g.NumArcs() != 3216152 {
		tb.Fatalf("cnr-2000 has %d pages and %d links, want 325557 and 3216152 (data README)", g.NumNodes(), g.NumArcs())
	}
	return g, readBVGraph(tb, "cnr-2000", "cnr-2000-t")
}

func TestPageRankCNR2000(t *testing.T) {
	if testing.Short() {
		t.Skip("cnr-2000 takes seconds; skipped with -short")
	}
	g, tr := cnr2000(t)
	// The stored transpose is accepted as g's transpose (NewPageRank checks
	// the in-degrees) and gives exactly what the built one gives.
	one := runPageRankWith(t, g, tr, Options{Workers: 1})
	two := runPageRankWith(t, g, g.Transpose(), Options{Workers: 2})
	if !slices.Equal(one.Scores, two.Scores) || one.Iterations != two.Iterations {
		t.Fatal("stored and built transposes, 1 and 2 workers, give different scores")
	}
	if !one.Converged || !(one.Residual < DefaultTolerance) || math.Abs(sum(one.Scores)-1) > 1e-9 {
		t.Fatalf("cnr-2000: %d iterations, residual %v, converged %v, sum %v", one.Iterations, one.Residual, one.Converged, sum(one.Scores))
	}
	for i, x := range one.Scores {
		if !(x > 0) {
			t.Fatalf("page %d has score %v", i, x)
		}
	}
	// An independent push-based iteration agrees within the bound that the
	// tolerance gives (L1 error at most d/(1-d)·1e-10).
	uniform := make([]float64, g.NumNodes())
	for i := range uniform {
		uniform[i] = 1 / float64(len(uniform))
	}
	assertClose(t, "cnr-2000 vs reference", one.Scores, referencePageRank(g, DefaultDamping, uniform), 0.85/0.15*DefaultTolerance)
	t.Logf("cnr-2000: %d iterations, residual %.3g, top page %d (%.6g)", one.Iterations, one.Residual, argmax(one.Scores), slices.Max(one.Scores))
}

func runPageRankWith(t testing.TB, g, tr *graph.Graph, opt Options) Result {
	t.Helper()
	p, err := NewPageRank(g, tr, opt)
	if err != nil {
		t.Fatal(err)
	}
	for done := false; !done; {
		if done, err = p.Step(10); err != nil {
			t.Fatal(err)
		}
	}
	return p.Result()
}

// BenchmarkPageRankCNR2000 runs PageRank on cnr-2000 to the default
// tolerance 1e-10 (the transpose is loaded once, outside the timing).
func BenchmarkPageRankCNR2000(b *testing.B) {
	g, tr := cnr2000(b)
	benchPageRank(b, g, tr)
}
