package graphio

import (
	"bytes"
	"errors"
	"io/fs"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
)

// ccHostEdges is a host graph of 5 hosts, as an edge list.
const ccHostEdges = "0 1\n1 2\n2 0\n3 4\n4 3\n"

// ccVertexFS holds ccHostEdges and its vertex files as Common Crawl
// publishes them: gzip-compressed, in two parts, here with the ids of the
// second part out of order and a domain graph's extra field on one line.
func ccVertexFS(t *testing.T) fstest.MapFS {
	part0 := "0\tcom.example\n1\tcom.example.www\n"
	part1 := "4\torg.wikipedia.en\t7\n2\tcom.Example.blog\n\n3\tnet.xn--bcher-kva\n"
	return fstest.MapFS{
		"host.edges":                      {Data: []byte(ccHostEdges)},
		"vertices/part-00000.txt.gz":      {Data: graphtest.Gzip(t, []byte(part0))},
		"vertices/part-00001.txt.gz":      {Data: graphtest.Gzip(t, []byte(part1))},
		"vertices/other.txt":              {Data: []byte("http://a.org/\n")},
		"single/host-vertices.txt.gz":     {Data: graphtest.Gzip(t, []byte(part0+part1))},
		"urls/a.urls":                     {Data: []byte("http://a.org/\n")},
		"urls/b.urls":                     {Data: []byte("http://b.org/\n")},
		"bad/part-0.gz":                   {Data: graphtest.Gzip(t, []byte("0\tcom.a\n1\tcom.b\n"))},
		"bad/part-1.gz":                   {Data: graphtest.Gzip(t, []byte("2\tcom.c\n1\tcom.d\n"))},
		"gap/part-0":                      {Data: []byte("0\tcom.a\n1\tcom.b\n2\tcom.c\n4\tcom.e\n")},
		"word/part-0":                     {Data: []byte("0\tcom.a\n1 com.b\n")},
		"mixed/part-0":                    {Data: []byte("0\tcom.a\n")},
		"mixed/part-1":                    {Data: []byte("http://b.org/\n")},
		"vertices-with-star*/part-0.gz":   {Data: graphtest.Gzip(t, []byte(part0+part1))},
		"vertices-with-star*/unrelated.x": {Data: []byte("x")},
	}
}

// TestLoadCommonCrawlVertices: a Common Crawl host graph's vertex files,
// in two gzip-compressed parts named by a pattern or in one file, give
// each page its host, named un-reversed and in lower case; the names are
// the pages' URLs unless the URLs are skipped, and then the hosts stay.
func TestLoadCommonCrawlVertices(t *testing.T) {
	fsys := ccVertexFS(t)
	want := []string{"example.com", "www.example.com", "blog.example.com", "xn--bcher-kva.net", "en.wikipedia.org"}
	for _, urls := range []string{"vertices/part-*.txt.gz", "single/host-vertices.txt.gz", "vertices-with-star*/part-0.gz"} {
		for _, skip := range []bool{false, true} {
			g, _, err := Load(fsys, "host.edges", LoadOptions{URLs: urls, SkipURLs: skip})
			if err != nil {
				t.Fatalf("%s: %v", urls, err)
			}
			if !slices.Equal(g.Hosts.Names, want) || !slices.Equal(g.Hosts.Of, []uint32{0, 1, 2, 3, 4}) || g.Hosts.Unparsed != 0 {
				t.Errorf("%s, skip %v: hosts %q, of %v", urls, skip, g.Hosts.Names, g.Hosts.Of)
			}
			if skip != (g.URLs == nil) || !skip && !slices.Equal(g.URLs, want) {
				t.Errorf("%s, skip %v: URLs %q", urls, skip, g.URLs)
			}
			if g.NumArcs() != 5 || !g.IsInterHost(0, 1) {
				t.Errorf("%s: %d links", urls, g.NumArcs())
			}
		}
	}
}

// TestLoadCommonCrawlVerticesRefused: a page given twice, a page missing,
// a line of another shape, a part that is no vertex file, a URL list in
// several files and a pattern that matches nothing are refused, naming
// the file and line.
func TestLoadCommonCrawlVerticesRefused(t *testing.T) {
	fsys := ccVertexFS(t)
	for _, c := range []struct{ urls, want string }{
		{"bad/part-*", `bad/part-1.gz:2: page 1 is given a second time ("com.d", which is b.com already)`},
		{"gap/part-0", "gap/part-0: page 3 has no line, but pages up to 4 have: the vertex files must give every page id from 0"},
		{"word/part-0", `word/part-0:2: expected a page id, a tab and a reversed host name (a Common Crawl vertex file), got "1 com.b"`},
		{"mixed/part-*", "mixed/part-1: not a Common Crawl vertex file (id<TAB>reversed host), unlike mixed/part-0 before it"},
		{"urls/*.urls", "urls/a.urls: the first of 2 files matching urls/*.urls is not a Common Crawl vertex file (id<TAB>reversed host); only vertex files come in parts, a URL list is one file"},
		{"none/part-*", "none/part-*: no file matches the pattern: file does not exist"},
		{"single/host-vertices.txt.gz", ""},
	} {
		_, _, err := Load(fsys, "host.edges", LoadOptions{URLs: c.urls})
		if c.want == "" {
			if err != nil {
				t.Errorf("%s: %v", c.urls, err)
			}
			continue
		}
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: got %v\nwant %s", c.urls, err, c.want)
		}
	}
	if _, _, err := Load(fsys, "host.edges", LoadOptions{URLs: "none/part-*"}); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("no match: %v is not fs.ErrNotExist", err)
	}
	// Four pages named, five in the graph.
	fsys["four.txt"] = &fstest.MapFile{Data: []byte("0\tcom.a\n1\tcom.b\n2\tcom.c\n3\tcom.d\n")}
	fsys["host.csr"] = &fstest.MapFile{Data: func() []byte {
		var b bytes.Buffer
		g, _, err := Load(fsys, "host.edges", LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		WriteCSR(&b, g)
		return b.Bytes()
	}()}
	_, _, err := Load(fsys, "host.csr", LoadOptions{URLs: "four.txt"})
	if want := "four.txt: 4 pages in the vertex files, but the graph host.csr has 5 pages"; err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

// TestURLListHostsOnly: a URL list read for its hosts only gives the host
// table of the list read whole (blank lines between URLs are pages
// without a host, blank lines at the end are not pages), and no URL.
func TestURLListHostsOnly(t *testing.T) {
	list := "http://a.org/1\n\nhttp://B.org/\r\nmailto:x@y.org\nhttp://a.org/2\n  \nhttp://bücher.de/\n\n\n"
	urls, err := ReadURLList(strings.NewReader(list), "l.urls")
	if err != nil {
		t.Fatal(err)
	}
	whole := graph.HostsFromURLs(urls)
	in, err := readURLHosts(strings.NewReader(list), "l.urls", nil)
	if err != nil {
		t.Fatal(err)
	}
	if in.urls != nil || in.pages != len(urls) || !slices.Equal(in.hosts.Of, whole.Of) || !slices.Equal(in.hosts.Names, whole.Names) || in.hosts.Unparsed != whole.Unparsed {
		t.Errorf("hosts only %+v (%d pages)\nwhole %+v (%d)", in.hosts, in.pages, whole, len(urls))
	}
	// Through Load: the same hosts as with the URLs kept.
	edges := "0 1\n1 2\n2 3\n3 4\n4 5\n5 6\n"
	fsys := fstest.MapFS{"g.edges": {Data: []byte(edges)}, "g.urls": {Data: []byte(list)}}
	a, _, err := Load(fsys, "g.edges", LoadOptions{URLs: "g.urls"})
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := Load(fsys, "g.edges", LoadOptions{URLs: "g.urls", SkipURLs: true})
	if err != nil {
		t.Fatal(err)
	}
	if b.URLs != nil || !slices.Equal(a.Hosts.Of, b.Hosts.Of) || !slices.Equal(a.Hosts.Names, b.Hosts.Names) {
		t.Errorf("skipping URLs: %+v, keeping them: %+v", b.Hosts, a.Hosts)
	}
}

// TestURLListHostsOnlyRealData: cs-stanford's URL list read for its hosts
// only gives the host table of the list read whole.
func TestURLListHostsOnlyRealData(t *testing.T) {
	data := bvReadFileOrSkip(t, "cs-stanford/cs-stanford.urls")
	urls, err := ReadURLList(bytes.NewReader(data), "cs-stanford.urls")
	if err != nil {
		t.Fatal(err)
	}
	whole := graph.HostsFromURLs(urls)
	in, err := readURLHosts(bytes.NewReader(data), "cs-stanford.urls", nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(in.hosts.Of, whole.Of) || !slices.Equal(in.hosts.Names, whole.Names) {
		t.Errorf("%d hosts read for hosts only, %d from the whole list", len(in.hosts.Names), len(whole.Names))
	}
}

// FuzzReadVertexFile: a vertex file (or whatever -urls names) never makes
// Load panic, and a graph it accepts has one host a page, named.
func FuzzReadVertexFile(f *testing.F) {
	f.Add([]byte("0\tcom.example\n1\tcom.example.www\n2\torg.a\t3\n"))
	f.Add([]byte("2\tcom.c\n0\tcom.a\n1\tcom.b\n"))
	f.Add([]byte("0\tcom.a\n0\tcom.b\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		fsys := fstest.MapFS{"g.edges": {Data: []byte("0 1\n1 2\n")}, "v.txt": {Data: data}}
		g, _, err := Load(fsys, "g.edges", LoadOptions{URLs: "v.txt", MaxBytes: 1 << 20})
		if err != nil {
			if !strings.HasPrefix(err.Error(), "v.txt") && !strings.HasPrefix(err.Error(), "g.edges") {
				t.Fatalf("an error that names no file: %v", err)
			}
			return
		}
		if g.Hosts == nil || len(g.Hosts.Of) != g.NumNodes() {
			t.Fatalf("hosts %+v for %d pages", g.Hosts, g.NumNodes())
		}
		for i, h := range g.Hosts.Of {
			if int(h) >= len(g.Hosts.Names) || g.Hosts.Names[h] == "" {
				t.Fatalf("page %d has host %d of %q", i, h, g.Hosts.Names)
			}
		}
	})
}
