package graphio

import (
	"bytes"
	"io/fs"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
)

// TestReadCSRURLs reads the URLs of a few pages, in any order, repeated,
// the first and the last, from a .csr mapped, streamed and
// gzip-compressed, with and without a host table, and compares them with
// the graph's.
func TestReadCSRURLs(t *testing.T) {
	g := rtRandomGraph(t, 21, 3000, 2, 40)
	noHosts := *g
	noHosts.Hosts = nil
	pages := []uint32{2999, 0, 17, 17, 1500, 2998}
	want := make([]string, len(pages))
	for k, p := range pages {
		want[k] = g.URLs[p]
	}
	for _, gr := range []*graph.Graph{g, &noHosts} {
		var buf bytes.Buffer
		if err := WriteCSR(&buf, gr); err != nil {
			t.Fatal(err)
		}
		files := fstest.MapFS{"g.csr": {Data: buf.Bytes()}, "z.csr": {Data: graphtest.Gzip(t, buf.Bytes())}}
		for _, c := range []struct {
			fsys fs.FS
			file string
		}{{files, "g.csr"}, {&mappedMapFS{MapFS: files}, "g.csr"}, {files, "z.csr"}} {
			got, err := ReadCSRURLs(c.fsys, c.file, pages)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, want) {
				t.Errorf("%s (hosts %v): got %q, want %q", c.file, gr.Hosts != nil, got, want)
			}
		}
	}
	var buf bytes.Buffer
	if err := WriteCSR(&buf, skipWithoutURLs(g)); err != nil {
		t.Fatal(err)
	}
	files := fstest.MapFS{"g.csr": {Data: buf.Bytes()}}
	if got, err := ReadCSRURLs(files, "g.csr", pages); err != nil || got != nil {
		t.Errorf("a file without URLs gave %q, %v; want nil, nil", got, err)
	}
	if _, err := ReadCSRURLs(files, "g.csr", []uint32{3000}); err == nil || !strings.Contains(err.Error(), "page 3000 is not among its 3000 pages") {
		t.Errorf("page 3000: got error %v", err)
	}
}
