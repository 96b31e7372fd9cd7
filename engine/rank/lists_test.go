package rank

import (
	"bufio"
	"io"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
	"github.com/crawlsim/crawlsim/engine/graphio"
)

// TestPageRankOnListsBitIdentical runs PageRank and HITS on random graphs
// held in CSR arrays and behind a graph.Lists (graphtest.AsLists), with the
// transpose given either way or built: the scores are the same bits.
func TestPageRankOnListsBitIdentical(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 25))
	for trial := range 30 {
		n := 1 + rng.IntN(300)
		g := randomGraph(t, rng, n, rng.IntN(4*n))
		lists, trLists := graphtest.AsLists(g), graphtest.AsLists(g.Transpose())
		size := 1 + rng.IntN(64)
		want := runPageRankOn(t, g, nil, Options{Workers: 2}, size, 3)
		for _, c := range []struct {
			name  string
			g, tr *graph.Graph
		}{{"lists, no transpose", lists, nil}, {"lists with a Lists transpose", lists, trLists}, {"CSR with a Lists transpose", g, trLists}} {
			got := runPageRankOn(t, c.g, c.tr, Options{Workers: 2}, size, 3)
			if !slices.Equal(got.Scores, want.Scores) || got.Iterations != want.Iterations {
				t.Fatalf("trial %d, %s: scores differ from the CSR's", trial, c.name)
			}
		}
		hw := runHITS(t, g, HITSOptions{Iterations: 5, Workers: 2}, size, 2)
		hg := runHITS(t, lists, HITSOptions{Iterations: 5, Workers: 2}, size, 2)
		if !slices.Equal(hw.Hubs, hg.Hubs) || !slices.Equal(hw.Authorities, hg.Authorities) {
			t.Fatalf("trial %d: HITS on Lists differs", trial)
		}
	}
}

// openInPlace opens a shared BVGraph in place, from its bytes in memory
// (as the command line does from a mapping).
func openInPlace(tb testing.TB, dir, name string) *graph.Graph {
	tb.Helper()
	read := func(ext string) []byte {
		f := openShared(tb, dir, name+ext)
		defer f.Close()
		b, err := io.ReadAll(f)
		if err != nil {
			tb.Fatal(err)
		}
		return b
	}
	pf := openShared(tb, dir, name+".properties")
	defer pf.Close()
	props, err := graphio.ReadBVGraphProperties(bufio.NewReader(pf), name+".properties")
	if err != nil {
		tb.Fatal(err)
	}
	of := openShared(tb, dir, name+".offsets")
	defer of.Close()
	bv, err := graphio.OpenBVGraph(read(".graph"), name+".graph", props, bufio.NewReader(of), name+".offsets", nil)
	if err != nil {
		tb.Fatal(err)
	}
	return &graph.Graph{Lists: bv}
}

// TestPageRankCNR2000InPlace computes PageRank on cnr-2000 read in place,
// pulling along its transpose cnr-2000-t read in place, with two workers:
// the scores are the bits of the CSR computation (so within 1e-12 L1 of
// it, the bound asked of the in-place graph).
func TestPageRankCNR2000InPlace(t *testing.T) {
	if testing.Short() {
		t.Skip("cnr-2000 takes seconds; skipped with -short")
	}
	g, tr := cnr2000(t)
	want := runPageRankWith(t, g, tr, Options{Workers: 1})
	bg, btr := openInPlace(t, "cnr-2000", "cnr-2000"), openInPlace(t, "cnr-2000", "cnr-2000-t")
	got := runPageRankWith(t, bg, btr, Options{Workers: 2})
	if !slices.Equal(got.Scores, want.Scores) || got.Iterations != want.Iterations {
		t.Fatal("PageRank on cnr-2000 in place differs from the CSR's")
	}
}
