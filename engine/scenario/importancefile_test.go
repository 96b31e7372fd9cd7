package scenario

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graphio"
	"github.com/crawlsim/crawlsim/engine/model"
)

// islandsFS holds ten pages as islands.csr: pages 0 and 1 link to each
// other, pages 2..9 form a cycle that page 0 cannot reach. Their uniform
// PageRank is 0.1 a page (every page has one in-link and one out-link),
// so the eight unreachable pages hold 0.8 of it. The importance files
// hold other vectors, each putting 0.45 on pages 0 and 1 and 0.0125 on
// each of the others, so that the eight hold 0.1 of them:
// personalized.imp (personalized PageRank, damping 0.5, 18 iterations,
// seeds "top-pagerank:2"), authorities.imp (HITS authorities, 60
// iterations), pagerank.imp (uniform PageRank, damping 0.5, 18
// iterations) and foreign.txt (text of another engine).
func islandsFS(t *testing.T) fstest.MapFS {
	t.Helper()
	b := graph.NewBuilder(10)
	b.Add(0, 1)
	b.Add(1, 0)
	for p := uint32(2); p < 10; p++ {
		b.Add(p, 2+(p-1)%8)
	}
	g, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	var csr bytes.Buffer
	if err := graphio.WriteCSR(&csr, g); err != nil {
		t.Fatal(err)
	}
	scores := []float64{0.45, 0.45, 0.0125, 0.0125, 0.0125, 0.0125, 0.0125, 0.0125, 0.0125, 0.0125}
	write := func(v graphio.Importance) []byte {
		v.Scores = scores
		var buf bytes.Buffer
		if err := graphio.WriteImportance(&buf, g, &v); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	var text strings.Builder
	for _, s := range scores {
		fmt.Fprintf(&text, "%v\n", s)
	}
	return fstest.MapFS{
		"islands.csr": {Data: csr.Bytes()},
		"personalized.imp": {Data: write(graphio.Importance{Kind: graphio.ImportancePersonalized, Damping: 0.5, Tolerance: 1e-10,
			Iterations: 18, Converged: true, Seeds: "top-pagerank:2"})},
		"authorities.imp": {Data: write(graphio.Importance{Kind: graphio.ImportanceAuthorities, Iterations: 60})},
		"pagerank.imp": {Data: write(graphio.Importance{Kind: graphio.ImportancePageRank, Damping: 0.5, Tolerance: 1e-10,
			Iterations: 18, Converged: true})},
		"foreign.txt": {Data: []byte(text.String())},
	}
}

// TestUnreachableWarningWeighsTheScoringImportance: the warning about the
// pages the seeds cannot reach gives their share of the importance that
// scores the crawls, which is what no crawl collects (1 - bfs's C(N)),
// not their share of the uniform PageRank (0.8 here) when an importance
// file holds another vector.
func TestUnreachableWarningWeighsTheScoringImportance(t *testing.T) {
	fsys := islandsFS(t)
	s := Scenario{Graph: Source{File: "islands.csr"}, Seeds: "list:0", Strategies: []Strategy{{ID: "bfs"}}}
	for _, file := range []string{"personalized.imp", "authorities.imp", "pagerank.imp", "foreign.txt"} {
		res := mustRun(t, s, Env{FS: fsys, Workers: 1, ImportanceFile: file}, RunBudget)
		final := res.Strategies[0].Summary.Final
		if d := final - 0.9; d > 1e-12 || d < -1e-12 {
			t.Errorf("%s: bfs collects %v, want 0.9 (the file's share of pages 0 and 1)", file, final)
		}
		want := "seeds: 8 of the 10 pages cannot be reached from the seeds; they hold 0.1 of the importance, which no crawl collects"
		if !containsString(res.Warnings, want) {
			t.Errorf("%s: warnings %q\nwant %q", file, res.Warnings, want)
		}
	}
	// Without a file the importance is the uniform PageRank.
	res := mustRun(t, s, Env{FS: fsys, Workers: 1}, RunBudget)
	want := "seeds: 8 of the 10 pages cannot be reached from the seeds; they hold 0.8 of the importance, which no crawl collects"
	if !containsString(res.Warnings, want) {
		t.Errorf("computed PageRank: warnings %q\nwant %q", res.Warnings, want)
	}
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestImportanceSummaryDescribesTheFile: a run scored by an importance
// file describes the vector as the file does (its kind, damping, seeds
// and iterations, as written by islandsFS), not as the scenario's
// uniform PageRank with its damping; a vector of another engine, which
// says not what it is, is of kind "unknown".
func TestImportanceSummaryDescribesTheFile(t *testing.T) {
	fsys := islandsFS(t)
	s := Scenario{Graph: Source{File: "islands.csr"}, Seeds: "list:0", Strategies: []Strategy{{ID: "bfs"}}}
	for _, c := range []struct {
		file string
		want model.ImportanceSummary
	}{
		{"personalized.imp", model.ImportanceSummary{Kind: model.ImportancePersonalized, Damping: 0.5, Seeds: "top-pagerank:2", Iterations: 18, File: "personalized.imp"}},
		{"authorities.imp", model.ImportanceSummary{Kind: model.ImportanceHITSAuthorities, Iterations: 60, File: "authorities.imp"}},
		{"pagerank.imp", model.ImportanceSummary{Kind: model.ImportancePageRank, Damping: 0.5, Iterations: 18, File: "pagerank.imp"}},
		{"foreign.txt", model.ImportanceSummary{Kind: model.ImportanceUnknown, File: "foreign.txt"}},
	} {
		res := mustRun(t, s, Env{FS: fsys, Workers: 1, ImportanceFile: c.file}, RunBudget)
		if res.Importance != c.want {
			t.Errorf("%s: importance %+v\nwant %+v", c.file, res.Importance, c.want)
		}
	}
}

// TestUndefinedTauLeftOutOfTheJSON: Kendall's tau-b is undefined on a
// sample of fewer than two pages, and when every sampled page has the
// same importance (docs/algorithms.md section 4; its denominator is 0): the summary
// then has no tau, and the JSON leaves it out, as it leaves out the other
// figures that do not exist (a threshold's time, a final guarantee),
// rather than writing a 0 that reads as no correlation.
func TestUndefinedTauLeftOutOfTheJSON(t *testing.T) {
	fsys := islandsFS(t)
	fsys["uniform.txt"] = &fstest.MapFile{Data: []byte(strings.Repeat("0.1\n", 10))}
	s := Scenario{Graph: Source{File: "islands.csr"}, Seeds: "list:0", Strategies: []Strategy{{ID: "bfs"}}}
	for _, c := range []struct {
		name   string
		sample int
		file   string
	}{
		{"a sample of one page", 1, ""},
		{"pages of equal importance", 0, "uniform.txt"},
	} {
		sc := s
		sc.Metrics.TauSample = c.sample
		res := mustRun(t, sc, Env{FS: fsys, Workers: 1, ImportanceFile: c.file}, RunBudget)
		if tau := res.Strategies[0].Summary.Tau; tau != nil {
			t.Errorf("%s: tau %v, want none", c.name, *tau)
		}
		data, err := MarshalResult(res)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(data, []byte(`"tau":`)) {
			t.Errorf("%s: the JSON has a tau: %s", c.name, data)
		}
	}
	// Defined, it is written: from seeds 0 and 2, bfs downloads pages of
	// importance 0.45 and 0.0125 in the personalized file, not all equal.
	res := mustRun(t, Scenario{Graph: Source{File: "islands.csr"}, Seeds: "list:0,2", Strategies: []Strategy{{ID: "bfs"}}},
		Env{FS: fsys, Workers: 1, ImportanceFile: "personalized.imp"}, RunBudget)
	data, err := MarshalResult(res)
	if err != nil {
		t.Fatal(err)
	}
	if tau := res.Strategies[0].Summary.Tau; tau == nil || !bytes.Contains(data, []byte(fmt.Sprintf(`"tau":%v,`, *tau))) {
		t.Errorf("a defined tau (%v) is not in the JSON: %s", tau, data)
	}
}
