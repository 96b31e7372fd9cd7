package graphio

import (
	"bytes"
	"errors"
	"testing"
	"testing/fstest"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
)

// npEmptyCSR returns the .csr bytes of the graph with no pages, as
// WriteCSR writes it.
func npEmptyCSR(t *testing.T) []byte {
	t.Helper()
	g, err := graph.NewBuilder(0).Build()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteCSR(&buf, g); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestLoadRefusesAGraphWithNoPages: a file that holds no pages (an empty
// or comment-only edge list, an edge list whose header announces 0 pages,
// WebGraph ASCII announcing 0 pages, a .csr or BVGraph of 0 pages,
// gzip-compressed or not) is refused by Load with an *Error naming the
// file (and the line or byte of the count that says 0: the header's line
// of an edge list, the nodes line of a BVGraph's properties), not read as
// a graph nothing can run on; every format says the same: "holds no
// pages: a graph needs at least one page". A graph with pages and no
// links is valid. Before, an edge list's header of 0 pages gave no line,
// an edge list's refusal asked for "at least one link" and BVGraph's
// wording differed.
func TestLoadRefusesAGraphWithNoPages(t *testing.T) {
	const emptyEdges = "empty.edges: holds no pages: a graph needs at least one page"
	bvProps := "nodes=0\narcs=0\nwindowsize=7\nminintervallength=4\nversion=0\n"
	cases := []struct {
		what  string
		files fstest.MapFS
		load  string
		want  string
	}{
		{"a 0-byte edge list", fstest.MapFS{"empty.edges": {Data: nil}}, "empty.edges", emptyEdges},
		{"a 0-byte gzip-compressed edge list", fstest.MapFS{"empty.edges": {Data: graphtest.Gzip(t, nil)}}, "empty.edges", emptyEdges},
		{"comments and blank lines only", fstest.MapFS{"empty.edges": {Data: []byte("# nothing here\n\n  \n")}}, "empty.edges", emptyEdges},
		{"a header announcing 0 pages", fstest.MapFS{"empty.edges": {Data: []byte("# crawlsim edge list: 0 pages, 0 links\n")}}, "empty.edges",
			"empty.edges:1: the header announces 0 pages, so the file holds no pages: a graph needs at least one page"},
		{"an empty edge list with an empty URL list", fstest.MapFS{"empty.edges": {Data: nil}, "empty.urls": {Data: nil}}, "empty.edges", emptyEdges},
		{"WebGraph ASCII of 0 pages", fstest.MapFS{"empty.graph-txt": {Data: []byte("0\n")}}, "empty.graph-txt",
			"empty.graph-txt:1: the first line announces 0 pages, so the file holds no pages: a graph needs at least one page"},
		{"a .csr of 0 pages", fstest.MapFS{"empty.csr": {Data: npEmptyCSR(t)}}, "empty.csr",
			"empty.csr: byte 16: the header announces 0 pages, so the file holds no pages: a graph needs at least one page"},
		{"a BVGraph of 0 pages", fstest.MapFS{"empty.graph": {Data: nil}, "empty.properties": {Data: []byte(bvProps)}}, "empty.graph",
			"empty.properties:1: nodes = 0 announces 0 pages, so the BVGraph holds no pages: a graph needs at least one page"},
	}
	for _, c := range cases {
		t.Run(c.what, func(t *testing.T) {
			opt := LoadOptions{}
			if _, ok := c.files["empty.urls"]; ok {
				opt.URLs = "empty.urls"
			}
			g, _, err := Load(c.files, c.load, opt)
			if err == nil {
				t.Fatalf("loaded a graph of %d pages, want an error", g.NumNodes())
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("got %v (%T), want *Error", err, err)
			}
			if err.Error() != c.want {
				t.Fatalf("got  %q\nwant %q", err, c.want)
			}
		})
	}

	// The readers refuse it too, whoever calls them.
	if _, _, err := ReadEdgeList(bytes.NewReader(nil), "empty.edges", EdgeListOptions{}); err == nil || err.Error() != emptyEdges {
		t.Errorf("ReadEdgeList: %v, want %q", err, emptyEdges)
	}
	if _, err := ReadASCII(bytes.NewReader([]byte("0\n")), "e.graph-txt"); err == nil {
		t.Error("ReadASCII read a graph of 0 pages")
	}
	if _, err := ReadCSR(bytes.NewReader(npEmptyCSR(t)), "e.csr"); err == nil {
		t.Error("ReadCSR read a graph of 0 pages")
	}
	if _, err := CSRFromBytes(npEmptyCSR(t), "e.csr"); err == nil {
		t.Error("CSRFromBytes read a graph of 0 pages")
	}
	const handBuilt = "e.graph: its properties announce 0 pages (nodes = 0), so the BVGraph holds no pages: a graph needs at least one page"
	if _, err := ReadBVGraph(bytes.NewReader(nil), "e.graph", &BVGraphProperties{WindowSize: 7, MinIntervalLength: 4, ZetaK: 3, MaxRefCount: 3}, nil, ""); err == nil || err.Error() != handBuilt {
		t.Errorf("ReadBVGraph of 0 pages: %v, want %q", err, handBuilt)
	}
	// The nodes line is found where it is, after comments.
	const props = "e.properties:3: nodes = 0 announces 0 pages, so the BVGraph holds no pages: a graph needs at least one page"
	if _, err := ReadBVGraphProperties(bytes.NewReader([]byte("# a graph\narcs=0\nnodes=0\nwindowsize=7\nminintervallength=4\nversion=0\n")), "e.properties"); err == nil || err.Error() != props {
		t.Errorf("ReadBVGraphProperties of 0 pages: %v, want %q", err, props)
	}
}

// TestLoadAcceptsPagesWithoutLinks: a graph of pages and no links is a
// graph (every crawl stops at its seeds), in every format that can say so.
func TestLoadAcceptsPagesWithoutLinks(t *testing.T) {
	lonely := rtFromLists(t, [][]uint32{{}, {}, {}})
	for _, f := range []Format{FormatEdgeList, FormatASCII, FormatCSR} {
		var buf bytes.Buffer
		if err := Save(&buf, lonely, f); err != nil {
			t.Fatal(err)
		}
		name := map[Format]string{FormatEdgeList: "g.edges", FormatASCII: "g.graph-txt", FormatCSR: "g.csr"}[f]
		g, _, err := Load(fstest.MapFS{name: {Data: buf.Bytes()}}, name, LoadOptions{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if g.NumNodes() != 3 || g.NumArcs() != 0 {
			t.Fatalf("%s: %d pages, %d links, want 3 and 0", name, g.NumNodes(), g.NumArcs())
		}
	}
}
