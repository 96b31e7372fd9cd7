package scenario

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/crawlsim/crawlsim/engine/gen"
	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
	"github.com/crawlsim/crawlsim/engine/rank"
)

// checkGraph is a generated web of 2,000 pages on 20 hosts.
func checkGraph(t *testing.T) *graph.Graph {
	t.Helper()
	p := gen.DefaultParams()
	p.Pages, p.Hosts, p.Seed = 2000, 20, 3
	g, err := gen.Generate(p)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func pageRankOf(t *testing.T, g *graph.Graph, opt rank.Options) []float64 {
	t.Helper()
	if opt.Tolerance == 0 {
		opt.Tolerance = 1e-12
	}
	res, err := rank.PageRankOf(context.Background(), g, opt)
	if err != nil {
		t.Fatal(err)
	}
	return res.Scores
}

// TestCheckPageRank: one PageRank step tells the graph's PageRank from a
// vector of another damping factor, of the transpose, not converged, or of
// another page order, and names each, on CSR arrays and on out-lists read
// through graph.Lists alike.
func TestCheckPageRank(t *testing.T) {
	g := checkGraph(t)
	pr := pageRankOf(t, g, rank.Options{Damping: 0.85})
	reversed := slices.Clone(pr)
	slices.Reverse(reversed)
	lists := graphtest.AsLists(g) // as a BVGraph read in place holds them
	for _, c := range []struct {
		what string
		v    []float64
		why  string // "" when it fits
	}{
		{"the graph's PageRank", pr, ""},
		{"damping 0.9", pageRankOf(t, g, rank.Options{Damping: 0.9}), "PageRank with damping 0.9"},
		{"damping 0.5", pageRankOf(t, g, rank.Options{Damping: 0.5}), "PageRank with damping 0.5"},
		{"the transpose", pageRankOf(t, g.Transpose(), rank.Options{Damping: 0.85}), "the PageRank of the transpose, the links read the other way"},
		{"the transpose at 0.7", pageRankOf(t, g.Transpose(), rank.Options{Damping: 0.7}), "the PageRank of the transpose, the links read the other way, with damping 0.7"},
		{"three iterations", pageRankOf(t, g, rank.Options{Damping: 0.85, MaxIterations: 3}), "PageRank stopped before it converged"},
		{"reversed page order", reversed, "the vector of another page order, or another measure than PageRank"},
	} {
		for _, h := range []*graph.Graph{g, lists} {
			rep, err := checkPageRank(h, c.v, 0.85, nil)
			if err != nil {
				t.Fatal(err)
			}
			if rep.fits != (c.why == "") || rep.why != c.why {
				t.Errorf("%s (CSR %v): residual %.3g, fits %v, %q; want %q", c.what, h.IsCSR(), rep.residual, rep.fits, rep.why, c.why)
			}
		}
	}
}

// TestForeignImportanceChecked: a run given another engine's vector that
// is PageRank at another damping factor warns so and runs with it; a
// vector keyed by URL in CSV has the graph loaded with its URLs and
// reads as the same vector as one score a line.
func TestForeignImportanceChecked(t *testing.T) {
	fsys, g := importanceFS(t)
	var text, csv strings.Builder
	csv.WriteString("url,pagerank\n")
	for i, s := range pageRankOf(t, g, rank.Options{Damping: 0.9}) {
		fmt.Fprintf(&text, "%v\n", s)
		fmt.Fprintf(&csv, "%s,%v\n", g.URLs[i], s)
	}
	fsys["pr09.txt"] = &fstest.MapFile{Data: []byte(text.String())}
	fsys["pr09.csv"] = &fstest.MapFile{Data: []byte(csv.String())}
	s := Scenario{Graph: Source{File: "web.csr"}, Strategies: []Strategy{{ID: "bfs"}}}
	byLine := mustRun(t, s, Env{FS: fsys, Workers: 1, ImportanceFile: "pr09.txt"}, RunBudget)
	want := "importance: pr09.txt (text, 3000 scores) does not say what it holds (only a .imp file does) and is not the PageRank of web.csr with damping 0.85: one PageRank step from it changes it by "
	if len(byLine.Warnings) == 0 || !strings.HasPrefix(byLine.Warnings[0], want) || !strings.HasSuffix(byLine.Warnings[0], "; it looks like PageRank with damping 0.9. It is used as given, taken to be PageRank") {
		t.Errorf("warnings %q\nwant first %q…", byLine.Warnings, want)
	}
	byURL := mustRun(t, s, Env{FS: fsys, Workers: 1, ImportanceFile: "pr09.csv"}, RunBudget)
	if len(byURL.Warnings) == 0 || !strings.HasPrefix(byURL.Warnings[0], "importance: pr09.csv (keyed, 3000 scores, column pagerank, keyed by url) does not say what it holds (only a .imp file does) and is not") {
		t.Errorf("warnings %q", byURL.Warnings)
	}
	if a, b := byURL.Strategies[0].Summary, byLine.Strategies[0].Summary; a.AvgCumulative != b.AvgCumulative {
		t.Errorf("by URL %+v, by line %+v", a, b)
	}
}

// BenchmarkCheckPageRank: the check of a vector that fits (one pass over
// the links) and of one that fits nothing (every candidate tried: two
// passes over the links and the damping searches), on a generated web of
// 200,000 pages.
func BenchmarkCheckPageRank(b *testing.B) {
	p := gen.DefaultParams()
	p.Pages, p.Hosts, p.Seed = 200_000, 2000, 1
	g, err := gen.Generate(p)
	if err != nil {
		b.Fatal(err)
	}
	res, err := rank.PageRankOf(context.Background(), g, rank.Options{Damping: 0.85})
	if err != nil {
		b.Fatal(err)
	}
	reversed := slices.Clone(res.Scores)
	slices.Reverse(reversed)
	for _, c := range []struct {
		name string
		v    []float64
	}{{"fits", res.Scores}, {"fits-nothing", reversed}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := checkPageRank(g, c.v, 0.85, nil); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(g.NumArcs()), "links")
		})
	}
}
