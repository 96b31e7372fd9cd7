package scenario

import (
	"reflect"
	"testing"
	"testing/fstest"
)

// TestURLsLoadedOnlyWhenNeeded: a graph file's URLs are loaded only when
// list seeds, a previous snapshot or the seed study may read them; the
// hosts they give are kept either way, and so is the result.
func TestURLsLoadedOnlyWhenNeeded(t *testing.T) {
	var results []*Result
	for _, c := range []struct {
		seeds    string
		wantURLs bool
	}{{"top-pagerank:2", false}, {"list:0,3", true}, {"list:http://a.example/,http://b.example/y", true}} {
		s := Scenario{
			Graph:      Source{File: "now.edges", URLs: "now.urls"},
			Seeds:      c.seeds,
			Strategies: []Strategy{{ID: "bfs"}, {ID: "opic"}},
		}
		r, err := New(s, Env{FS: testFS})
		if err != nil {
			t.Fatal(err)
		}
		res := stepToEnd(t, r, 1)
		if got := r.graph.g.URLs != nil; got != c.wantURLs {
			t.Errorf("seeds %s: URLs loaded %v, want %v", c.seeds, got, c.wantURLs)
		}
		if res.Graph.Hosts != 2 || res.Graph.InterHost != 2 {
			t.Errorf("seeds %s: graph %+v, want its 2 hosts and 2 inter-host links", c.seeds, res.Graph)
		}
		results = append(results, res)
	}
	// top-pagerank:2 are pages 0 and 3 here (a/ and b/y), so all three
	// crawl alike.
	for i, res := range results[1:] {
		if !reflect.DeepEqual(res.Seeds, results[0].Seeds) || !reflect.DeepEqual(res.Strategies, results[0].Strategies) {
			t.Errorf("result %d differs from the run without URLs: seeds %v and %v", i+1, res.Seeds, results[0].Seeds)
		}
	}
}

// TestTransposeFormatFollowsItsName: Env.Transpose is read in the format
// its name says, not in the graph's Source.Format: an edge list named
// g.bin (format edges) with its transpose in WebGraph ASCII, gt.graph-txt,
// which was read as an edge list and refused.
func TestTransposeFormatFollowsItsName(t *testing.T) {
	fsys := fstest.MapFS{
		"g.bin":        {Data: []byte("0 1\n1 2\n2 0\n0 2\n")},
		"gt.graph-txt": {Data: []byte("3\n2\n0\n0 1\n")},
	}
	s := Scenario{Graph: Source{File: "g.bin", Format: "edges"}, Seeds: "0", Strategies: []Strategy{{ID: "bfs"}}}
	r, err := New(s, Env{FS: fsys, Transpose: "gt.graph-txt"})
	if err != nil {
		t.Fatal(err)
	}
	stepToEnd(t, r, 1)
	if r.graph.transpose == nil || r.graph.transpose.NumArcs() != 4 {
		t.Errorf("the transpose was not loaded: %v", r.graph.transpose)
	}
}
