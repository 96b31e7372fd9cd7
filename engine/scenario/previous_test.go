package scenario

import (
	"context"
	"math"
	"reflect"
	"testing"
	"testing/fstest"

	"github.com/crawlsim/crawlsim/engine/gen"
	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/rank"
	"github.com/crawlsim/crawlsim/engine/seeds"
)

// testFS holds two snapshots of a small site as edge lists with URL lists
// (the pages in different orders), and a graph without URLs whose edge
// list uses its own ids.
var testFS = fstest.MapFS{
	// now: 0 a/, 1 a/x, 2 b/, 3 b/y, 4 a/new
	"now.edges": {Data: []byte("0 1\n0 2\n1 0\n2 3\n3 0\n1 4\n4 0\n")},
	"now.urls":  {Data: []byte("http://a.example/\nhttp://a.example/x\nhttp://b.example/\nhttp://b.example/y\nhttp://a.example/new\n")},
	// before: 0 b/y, 1 b/, 2 a/x, 3 a/, 4 gone/
	"before.edges": {Data: []byte("3 2\n3 1\n2 3\n1 0\n0 3\n4 3\n")},
	"before.urls":  {Data: []byte("http://b.example/y\nhttp://b.example/\nhttp://a.example/x\nhttp://a.example/\nhttp://gone.example/\n")},
	// ids 10, 20, 30, 40 in the file
	"ids.edges": {Data: []byte("10 20\n20 30\n30 10\n40 10\n")},
}

// TestPreviousSnapshotFromFile checks the matching of a previous snapshot
// by URL: every current page gets the PageRank its URL had before, or NaN
// when it is new.
func TestPreviousSnapshotFromFile(t *testing.T) {
	s := Scenario{
		Graph:      Source{File: "now.edges", URLs: "now.urls"},
		Previous:   &PreviousSource{File: "before.edges", URLs: "before.urls"},
		Seeds:      "list:http://a.example/",
		Strategies: []Strategy{{ID: "hist-pagerank-zero"}, {ID: "optimal"}},
	}
	r, err := New(s, Env{FS: testFS})
	if err != nil {
		t.Fatal(err)
	}
	res := stepToEnd(t, r, 1)
	old, err := rank.PageRankOf(context.Background(), mustLoad(t, "before.edges", "before.urls"), rank.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []float64{old.Scores[3], old.Scores[2], old.Scores[1], old.Scores[0], math.NaN()}
	got := r.prev.previous.Scores
	for i := range want {
		if !(got[i] == want[i] || math.IsNaN(got[i]) && math.IsNaN(want[i])) {
			t.Errorf("page %d: previous score %v, want %v", i, got[i], want[i])
		}
	}
	if !reflect.DeepEqual(r.prev.previous.Values, old.Scores) {
		t.Errorf("previous values %v, want %v", r.prev.previous.Values, old.Scores)
	}
	wantSummary := &PreviousSummary{SourceName: "before.edges", Pages: 5, Links: 6, MatchedBy: "url", Matched: 4,
		Iterations: old.Iterations, Residual: old.Residual}
	if !reflect.DeepEqual(res.Previous, wantSummary) {
		t.Errorf("previous summary %+v, want %+v", *res.Previous, *wantSummary)
	}
	if !reflect.DeepEqual(res.Seeds, []uint32{0}) || res.Graph.Hosts != 2 || res.Graph.InterHost != 2 || res.Graph.Dangling != 0 {
		t.Errorf("seeds %v, graph %+v", res.Seeds, res.Graph)
	}
	checkStructure(t, res)
}

// TestPreviousSnapshotByID checks matching by id when the graphs have no
// URLs, with the warning that says so, and list seeds named by an edge
// list's own ids.
func TestPreviousSnapshotByID(t *testing.T) {
	s := Scenario{
		Graph:      Source{File: "ids.edges", Renumber: true},
		Previous:   &PreviousSource{File: "before.edges"},
		Seeds:      "list:40",
		Strategies: []Strategy{{ID: "hist-pagerank-parent"}},
	}
	r, err := New(s, Env{FS: testFS})
	if err != nil {
		t.Fatal(err)
	}
	res := stepToEnd(t, r, 5)
	// ids.edges has pages 10, 20, 30, 40 numbered 0..3; before.edges has
	// pages 0..4: no id in common.
	if res.Previous.MatchedBy != "id" || res.Previous.Matched != 0 {
		t.Errorf("previous %+v", *res.Previous)
	}
	if !reflect.DeepEqual(res.Seeds, []uint32{3}) {
		t.Errorf("seeds %v, want page 3 (id 40)", res.Seeds)
	}
	want := []string{
		"graph: the ids of ids.edges are renumbered densely: 4 pages, 37 unused ids dropped",
		"graph: the ids of before.edges are renumbered densely: 5 pages, 0 unused ids dropped",
		"previous: pages are matched by id, since the two graphs do not both have URLs",
		"previous: no page of the graph was found in the previous snapshot; the historical strategies see only new pages",
	}
	if !reflect.DeepEqual(res.Warnings, want) {
		t.Errorf("warnings %q, want %q", res.Warnings, want)
	}
}

func mustLoad(t *testing.T, name, urls string) *graph.Graph {
	t.Helper()
	r := &shared{env: Env{FS: testFS}}
	g, _, err := r.load(name, "", urls, false, nil, needsURLs(r.s, seeds.Spec{}))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestEvolvedSnapshot checks that with evolve the graph crawled is the
// evolution of the generated one, whose pages keep their ids.
func TestEvolvedSnapshot(t *testing.T) {
	s := Scenario{
		Graph:      Source{Generate: &Generate{Pages: 500, Seed: 8}},
		Previous:   &PreviousSource{Evolve: &Evolve{Seed: 1}},
		Seeds:      "top-pagerank:5",
		Strategies: []Strategy{{ID: "optimal"}, {ID: "hist-pagerank-omniscient"}, {ID: "hist-pagerank-zero"}},
	}
	res := mustRun(t, s, Env{}, 100)
	g, err := gen.Generate(GeneratorParams(*mustNormalize(t, s).Graph.Generate))
	if err != nil {
		t.Fatal(err)
	}
	ev, err := gen.Evolve(g, gen.EvolveParams{NewPages: 0.1, RemovedPages: 0.02, NewLinks: 0.1, RemovedLinks: 0.05, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	matched := int64(0)
	for _, o := range ev.NewToOld {
		if o != gen.NoPage {
			matched++
		}
	}
	if res.Graph.Pages != int64(ev.Later.NumNodes()) || res.Graph.Links != ev.Later.NumArcs() {
		t.Errorf("graph %+v, want the evolved graph of %d pages and %d links", res.Graph, ev.Later.NumNodes(), ev.Later.NumArcs())
	}
	if p := res.Previous; p.MatchedBy != "evolve" || p.Matched != matched || p.Pages != 500 || p.Links != g.NumArcs() {
		t.Errorf("previous %+v, want %d matched of 500 pages", *p, matched)
	}
	checkStructure(t, res)
}

// TestEvolvedFile checks that a loaded graph can be evolved too: the file
// is the previous snapshot, and list seeds still name pages by URL.
func TestEvolvedFile(t *testing.T) {
	s := Scenario{
		Graph:      Source{File: "now.edges", URLs: "now.urls"},
		Previous:   &PreviousSource{Evolve: &Evolve{NewPages: ptr(1), RemovedPages: ptr(0), Seed: 5}},
		Seeds:      "list:http://b.example/",
		Strategies: []Strategy{{ID: "hist-pagerank-zero"}, {ID: "optimal"}},
	}
	res := mustRun(t, s, Env{FS: testFS}, 3)
	if res.Graph.Pages != 10 || res.Previous.Pages != 5 || res.Previous.Matched != 5 || res.Previous.MatchedBy != "evolve" {
		t.Errorf("graph %+v, previous %+v: want 5 pages evolved into 10, all 5 matched", res.Graph, *res.Previous)
	}
	if !reflect.DeepEqual(res.Seeds, []uint32{2}) {
		t.Errorf("seeds %v, want page 2", res.Seeds)
	}
	checkStructure(t, res)
}
