package scenario

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/crawlsim/crawlsim/engine/gen"
	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graphio"
	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/rank"
	"github.com/crawlsim/crawlsim/engine/step"
)

// importanceFS holds a generated web of 3,000 pages as web.csr, its
// uniform PageRank as pr.imp (computed as the runner does, d = 0.85, tol
// 1e-10), and the same scores as text with one score per line.
func importanceFS(t *testing.T) (fstest.MapFS, *graph.Graph) {
	t.Helper()
	p := gen.DefaultParams()
	p.Pages, p.Hosts, p.Seed = 3000, 30, 5
	g, err := gen.Generate(p)
	if err != nil {
		t.Fatal(err)
	}
	var csr bytes.Buffer
	if err := graphio.WriteCSR(&csr, g); err != nil {
		t.Fatal(err)
	}
	def := Default()
	pr, err := rank.NewPageRank(g, g.Transpose(), rank.Options{Damping: def.Damping, Tolerance: def.Tolerance, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := step.Run(context.Background(), pr, 1<<20, func(step.Progress) {}); err != nil {
		t.Fatal(err)
	}
	res := pr.Result()
	var imp bytes.Buffer
	v := &graphio.Importance{Scores: res.Scores, Kind: graphio.ImportancePageRank, Damping: def.Damping, Tolerance: def.Tolerance,
		Iterations: res.Iterations, Residual: res.Residual, Converged: res.Converged}
	if err := graphio.WriteImportance(&imp, g, v); err != nil {
		t.Fatal(err)
	}
	var text strings.Builder
	for _, s := range res.Scores {
		fmt.Fprintf(&text, "%v\n", 2*s) // sums to 2: scaled back
	}
	other := gen.DefaultParams()
	other.Pages, other.Hosts, other.Seed = 3000, 30, 6
	g2, err := gen.Generate(other)
	if err != nil {
		t.Fatal(err)
	}
	var imp2 bytes.Buffer
	if err := graphio.WriteImportance(&imp2, g2, &graphio.Importance{Scores: make([]float64, 3000), Kind: graphio.ImportancePageRank, Damping: 0.85}); err != nil {
		t.Fatal(err)
	}
	var uniform []byte
	for range 3000 {
		uniform = binary.LittleEndian.AppendUint64(uniform, math.Float64bits(1.0/3000))
	}
	return fstest.MapFS{
		"uniform.f64": {Data: uniform},
		"web.csr":     {Data: csr.Bytes()},
		"pr.imp":      {Data: imp.Bytes()},
		"pr.txt":      {Data: []byte(text.String())},
		"other.imp":   {Data: imp2.Bytes()},
	}, g
}

// TestImportanceFileGivesTheSameResult: with the graph's PageRank given as
// an importance file, a run computes no PageRank and gives the result it
// gives computing it (top-pagerank seeds included), the file named in its
// importance summary. The same vector as text, scaled by 2, gives the same
// result too, with warnings saying it came from another engine and was
// scaled.
func TestImportanceFileGivesTheSameResult(t *testing.T) {
	fsys, _ := importanceFS(t)
	s := Scenario{Graph: Source{File: "web.csr"}, Seeds: "top-pagerank:20",
		Strategies: []Strategy{{ID: "optimal"}, {ID: "bfs"}, {ID: "opic"}, {ID: "fpr"}}}
	want := mustRun(t, s, Env{FS: fsys, Workers: 1}, RunBudget)
	got := mustRun(t, s, Env{FS: fsys, Workers: 1, ImportanceFile: "pr.imp"}, RunBudget)
	if got.Importance.File != "pr.imp" || got.Importance.Damping != want.Scenario.Damping {
		t.Errorf("importance summary %+v, want the file pr.imp and its damping %v", got.Importance, want.Scenario.Damping)
	}
	// The rest is the computed run's: a computed vector's damping is the
	// scenario's, left out of its summary.
	got.Importance.File, got.Importance.Damping = "", 0
	if a, b := deterministicJSON(t, got), deterministicJSON(t, want); !bytes.Equal(a, b) {
		t.Errorf("with pr.imp:\n%s\ncomputing PageRank:\n%s", a, b)
	}

	text := mustRun(t, s, Env{FS: fsys, Workers: 1, ImportanceFile: "pr.txt"}, RunBudget)
	wantWarnings := []string{
		"importance: pr.txt (text, 3000 scores) does not say what it holds (only a .imp file does); one PageRank step from it changes it by less than 1e-06 (L1): it is the PageRank of web.csr with damping 0.85",
		"importance: the scores of pr.txt sum to 2; they were scaled to sum 1",
	}
	if fmt.Sprint(text.Warnings[:2]) != fmt.Sprint(wantWarnings) {
		t.Errorf("warnings %q\nwant first %q", text.Warnings, wantWarnings)
	}
	// The vector read is the one used: with uniform importance the
	// optimal crawl collects 1/n a page, and no PageRank ran (the stages
	// show no iteration).
	r, err := New(s, Env{FS: fsys, Workers: 1, ImportanceFile: "uniform.f64"})
	if err != nil {
		t.Fatal(err)
	}
	for done := false; !done; {
		if done, err = r.Step(64); err != nil { // small steps, to see a PageRank in progress
			t.Fatal(err)
		}
		if p := r.Progress(); strings.HasPrefix(p.Stage, "importance") && p.Done > 0 {
			t.Errorf("a PageRank iteration ran: %+v", p)
		}
	}
	uni, err := r.Result()
	if err != nil {
		t.Fatal(err)
	}
	if opt := uni.Strategies[0].Summary; math.Abs(opt.Final-float64(uni.Reachable)/3000) > 1e-12 {
		t.Errorf("uniform importance: the optimal crawl ends at %v, want %d/3000", opt.Final, uni.Reachable)
	}
	for k := range want.Strategies {
		if a, b := text.Strategies[k].Summary.AvgCumulative, want.Strategies[k].Summary.AvgCumulative; a-b > 1e-12 || b-a > 1e-12 {
			t.Errorf("%s: average importance %v from text, %v computed", want.Strategies[k].Label, a, b)
		}
	}
}

// TestImportanceFileRefused: a vector of another graph stops the run with
// graphio's error naming both files; a personalized importance and a file
// without a file system are refused by New.
func TestImportanceFileRefused(t *testing.T) {
	fsys, g := importanceFS(t)
	s := Scenario{Graph: Source{File: "web.csr"}, Strategies: []Strategy{{ID: "bfs"}}}
	_, err := Run(context.Background(), s, Env{FS: fsys, Workers: 1, ImportanceFile: "other.imp"}, nil)
	if err == nil || !strings.HasPrefix(err.Error(), "other.imp: the importance vector is of another graph (3,000 pages, ") ||
		!strings.Contains(err.Error(), fmt.Sprintf("not of web.csr (3,000 pages, %s links, fingerprint %016x): ", model.Count(g.NumArcs()), graphio.Fingerprint(g))) {
		t.Errorf("another graph's vector: %v", err)
	}
	s.Importance = ImportancePersonalized
	_, err = New(s, Env{FS: fsys, ImportanceFile: "pr.imp"})
	if want := "scenario: the importance is personalized, which the run computes from its seeds; the importance file pr.imp can only stand for the pagerank importance"; err == nil || err.Error() != want {
		t.Errorf("personalized: got %v\nwant %s", err, want)
	}
	_, err = New(Scenario{}, Env{ImportanceFile: "pr.imp"})
	if want := `scenario: the importance is the file "pr.imp", but no file system was given to read it from`; err == nil || err.Error() != want {
		t.Errorf("no FS: got %v\nwant %s", err, want)
	}
	// A generated graph is named as one, by its generator's settings
	// (the error gives its pages itself).
	gs := Scenario{Graph: Source{Generate: &Generate{Pages: 100}}, Strategies: []Strategy{{ID: "bfs"}}}
	fsys["two.txt"] = &fstest.MapFile{Data: []byte("0.5\n0.5\n")}
	_, err = Run(context.Background(), gs, Env{FS: fsys, Workers: 1, ImportanceFile: "two.txt"}, nil)
	if err == nil || !strings.Contains(err.Error(), "two.txt: 2 scores, but the graph generated with 1 host, mean out-degree 8, seed 0 has 100 pages: ") {
		t.Errorf("a generated graph's wrong-size vector: %v", err)
	}
}
