package scenario

import (
	"context"
	"testing"
	"testing/fstest"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graphio"
)

// TestLoadedGraphIsNotReadAgain checks Env.Loaded: a graph the host holds
// already gives the result of reading its file, without reading anything
// (here the file system's copy of the file is garbage), and a host that
// does not hold it (false) lets the Runner read the file.
func TestLoadedGraphIsNotReadAgain(t *testing.T) {
	files := fstest.MapFS{"g.edges": {Data: []byte("10 20\n20 30\n30 10\n40 10\n20 40\n")}}
	s := Scenario{Graph: Source{File: "g.edges"}, Seeds: "list:10", Strategies: []Strategy{{ID: "bfs"}, {ID: "fpr"}}}
	want, err := Run(context.Background(), s, Env{FS: files}, nil)
	if err != nil {
		t.Fatal(err)
	}
	g, labels, err := graphio.Load(files, "g.edges", graphio.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	garbage := fstest.MapFS{"g.edges": {Data: []byte("not a graph\n")}}
	var asked []string
	held := func(file, urls, format string) (*graph.Graph, *graphio.Labels, bool) {
		asked = append(asked, file+"|"+urls+"|"+format)
		return g, labels, true
	}
	got, err := Run(context.Background(), s, Env{FS: garbage, Loaded: held}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a, b := marshalled(t, got), marshalled(t, want); a != b {
		t.Errorf("with the loaded graph\n%s\nreading the file\n%s", a, b)
	}
	if len(asked) != 1 || asked[0] != "g.edges||" {
		t.Errorf("Loaded was asked %q", asked)
	}
	notHeld := func(string, string, string) (*graph.Graph, *graphio.Labels, bool) { return nil, nil, false }
	if _, err := Run(context.Background(), s, Env{FS: garbage, Loaded: notHeld}, nil); err == nil {
		t.Error("a graph the host does not hold was not read from the file")
	}
}

// TestLoadedGraphWarnsOfAnOddLabel: an edge list made labels by one id
// that is not an integer is warned about (graphio.Labels.OddLabel) in the
// result whether the Runner reads it or the host holds it (the page's
// upload), so that the page says what run says.
func TestLoadedGraphWarnsOfAnOddLabel(t *testing.T) {
	files := fstest.MapFS{"odd.edges": {Data: []byte("0 1\n1 2\n2 5\n5 l2\n")}}
	s := Scenario{Graph: Source{File: "odd.edges"}, Seeds: "list:0", Strategies: []Strategy{{ID: "bfs"}}}
	read, err := Run(context.Background(), s, Env{FS: files}, nil)
	if err != nil {
		t.Fatal(err)
	}
	g, labels, err := graphio.Load(files, "odd.edges", graphio.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	held := func(string, string, string) (*graph.Graph, *graphio.Labels, bool) { return g, labels, true }
	loaded, err := Run(context.Background(), s, Env{FS: fstest.MapFS{}, Loaded: held}, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := "graph: " + labels.OddLabel("odd.edges")
	for what, r := range map[string][]string{"read": read.Warnings, "held": loaded.Warnings} {
		if len(r) == 0 || r[0] != want {
			t.Errorf("%s: warnings %q, want first %q", what, r, want)
		}
	}
}
