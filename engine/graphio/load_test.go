package graphio

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"testing/fstest"
	"unsafe"

	"github.com/crawlsim/crawlsim/engine/graph"
)

func TestFormatNames(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Format
	}{
		{"", FormatAuto}, {"auto", FormatAuto}, {"edges", FormatEdgeList}, {"EdgeList", FormatEdgeList},
		{"edge-list", FormatEdgeList}, {"graph-txt", FormatASCII}, {"ascii", FormatASCII},
		{"bvgraph", FormatBVGraph}, {" CSR ", FormatCSR},
	} {
		got, err := ParseFormat(c.in)
		if err != nil || got != c.want {
			t.Errorf("ParseFormat(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
	if _, err := ParseFormat("gml"); err == nil || !strings.Contains(err.Error(), `unknown format "gml"`) {
		t.Errorf("ParseFormat(gml): %v", err)
	}
	for _, f := range []Format{FormatAuto, FormatEdgeList, FormatASCII, FormatBVGraph, FormatCSR} {
		if back, err := ParseFormat(f.String()); err != nil || back != f {
			t.Errorf("%v does not survive String and ParseFormat: %v, %v", f, back, err)
		}
	}
	if s := Format(42).String(); s != "Format(42)" {
		t.Errorf("Format(42).String() = %q", s)
	}
	for name, want := range map[string]Format{
		"cnr-2000.graph": FormatBVGraph, "dir/x.GRAPH": FormatBVGraph, "a.graph-txt": FormatASCII,
		"a.csr": FormatCSR, "a.edges": FormatEdgeList, "a.txt": FormatEdgeList, "graph": FormatEdgeList,
		"a.graph.gz": FormatBVGraph, "a.graph-txt.gz": FormatASCII, "a.csr.GZ": FormatCSR, "a.txt.gz": FormatEdgeList, "gz": FormatEdgeList, "cs-stanford.properties": FormatBVGraph, "dir/cnr-2000.offsets": FormatBVGraph,
		"X.Properties": FormatBVGraph, "a.properties.txt": FormatEdgeList, "offsets": FormatEdgeList,
	} {
		if got := FormatFromName(name); got != want {
			t.Errorf("FormatFromName(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestLoadEdgeListWithURLs(t *testing.T) {
	// Page 3 has no link but is on the URL list, so it exists.
	fsys := fstest.MapFS{
		"g.edges": {Data: []byte("# links\n0 1\n1 2\n2 0\n")},
		"g.urls":  {Data: []byte("http://a.example/\nhttp://a.example/b\nhttp://c.example/\nhttp://d.example/\n")},
	}
	var opened []string
	opt := LoadOptions{URLs: "g.urls", Wrap: func(name string, r io.Reader) io.Reader {
		opened = append(opened, name)
		return r
	}}
	g, labels, err := Load(fsys, "g.edges", opt)
	if err != nil {
		t.Fatal(err)
	}
	if labels != nil {
		t.Errorf("labels = %+v, want nil with a URL list", labels)
	}
	if !slices.Equal(opened, []string{"g.urls", "g.edges"}) {
		t.Errorf("Wrap saw %v", opened)
	}
	elSameLists(t, g, [][]uint32{{1}, {2}, {0}, {}})
	if g.NumHosts() != 3 || !slices.Equal(g.Hosts.Of, []uint32{0, 0, 1, 2}) {
		t.Fatalf("hosts %+v", g.Hosts)
	}

	// Without the URL list, renumbered on request, the ids are reported.
	g, labels, err = Load(fsys, "g.edges", LoadOptions{Renumber: true})
	if err != nil {
		t.Fatal(err)
	}
	if g.NumNodes() != 3 || !slices.Equal(labels.IDs, []uint64{0, 1, 2}) || g.Hosts != nil {
		t.Fatalf("%d pages, labels %+v", g.NumNodes(), labels)
	}
}

func TestLoadErrors(t *testing.T) {
	fsys := fstest.MapFS{
		"g.edges":     {Data: []byte("0 1\n1 7\n")},
		"g.urls":      {Data: []byte("http://a.example/\nhttp://b.example/\n")},
		"g.graph-txt": {Data: []byte("3\n1\n2\n\n")},
		"b.graph":     {Data: []byte{0xff}},
		"e.csr":       {Data: []byte("CRAWLCSR")},
	}
	_, _, err := Load(fsys, "g.edges", LoadOptions{URLs: "g.urls"})
	rtWantError(t, err, "g.edges", 2, 0, "g.edges:2: page id 7 is not below the 2 pages of the URL list g.urls")

	_, _, err = Load(fsys, "g.graph-txt", LoadOptions{URLs: "g.urls"})
	rtWantError(t, err, "g.urls", 0, -1, "g.urls: 2 URLs, but the graph g.graph-txt has 3 pages")

	_, _, err = Load(fsys, "b.graph", LoadOptions{})
	rtWantError(t, err, "b.graph", 0, -1, "b.graph: a BVGraph needs its properties file b.properties beside it")

	// its properties chosen alone: the error says what the file
	// missing is for (it said only "p.graph: cannot open: file does
	// not exist")
	fsys["p.properties"] = &fstest.MapFile{Data: []byte("graphclass=it.unimi.dsi.webgraph.BVGraph\nnodes=2\narcs=1\nwindowsize=7\nmaxrefcount=3\nminintervallength=3\nzetak=3\nversion=0\ncompressionflags=\n")}
	_, _, err = Load(fsys, "p.properties", LoadOptions{})
	rtWantError(t, err, "p.graph", 0, -1, "p.graph: cannot open: file does not exist; a BVGraph keeps its links in it, beside its properties p.properties")
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("%v is no fs.ErrNotExist", err)
	}

	_, _, err = Load(fsys, "e.csr", LoadOptions{})
	rtWantError(t, err, "e.csr", 0, 8, "short file")

	_, _, err = Load(fsys, "missing.edges", LoadOptions{})
	if !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), "missing.edges") {
		t.Errorf("got %v, want a not-exist error naming the file", err)
	}
	_, _, err = Load(fsys, "g.edges", LoadOptions{URLs: "missing.urls"})
	if !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), "missing.urls") {
		t.Errorf("got %v, want a not-exist error naming the URL list", err)
	}
	// A forced format wins over the name.
	_, _, err = Load(fsys, "g.edges", LoadOptions{Format: FormatASCII})
	rtWantError(t, err, "g.edges", 1, 0, `expected the number of pages, found "0 1"`)

	var buf bytes.Buffer
	if err := Save(&buf, rtFromLists(t, [][]uint32{{}}), FormatBVGraph); err == nil || !strings.Contains(err.Error(), "writing BVGraph is not supported") {
		t.Errorf("Save BVGraph: %v", err)
	}
	if err := Save(&buf, rtFromLists(t, [][]uint32{{}}), FormatAuto); err == nil {
		t.Error("Save auto: no error")
	}
}

// TestLoadFolderAsFile: a folder where a graph's file should be, its
// .properties or its .offsets, is refused with the folder's name and what
// it is, not the file system's "read NAME: is a directory".
func TestLoadFolderAsFile(t *testing.T) {
	gr, _, props := bvWriteLists(t, [][]uint32{{1}, {0}}, DefaultBVGraphParams())
	fsys := fstest.MapFS{
		"d.edges/x":      {},
		"p.graph":        {Data: gr},
		"p.properties/x": {},
		"o.graph":        {Data: gr},
		"o.properties":   {Data: props},
		"o.offsets/x":    {},
		"u.edges":        {Data: []byte("0 1\n")},
		"u.urls/x":       {},
	}
	for _, c := range []struct{ name, urls, file string }{
		{"d.edges", "", "d.edges"},
		{"p.graph", "", "p.properties"},
		{"o.graph", "", "o.offsets"},
		{"u.edges", "u.urls", "u.urls"},
	} {
		_, _, err := Load(fsys, c.name, LoadOptions{URLs: c.urls})
		if want := c.file + ": is a folder, not a file"; err == nil || err.Error() != want {
			t.Errorf("Load %s: %v; want %q", c.name, err, want)
		}
	}
}

// rtDataDir is where the shared real graphs live, relative to this
// package's directory (see ../shared/data/README.md).
var rtDataDir = filepath.Join("..", "..", "..", "shared", "data")

// rtDataFS returns the folder of a shared data set, or skips the test.
func rtDataFS(tb testing.TB, folder string, files ...string) fs.FS {
	tb.Helper()
	dir := filepath.Join(rtDataDir, folder)
	for _, f := range files {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			tb.Skipf("real data %s not available (%v); it lives in ../shared/data, see its README", filepath.Join(dir, f), err)
		}
	}
	return os.DirFS(dir)
}

// rtCountLinks returns the number of self-loops and of inter-host links.
func rtCountLinks(g *graph.Graph) (selfLoops, interHost int64) {
	for i := range g.NumNodes() {
		for _, t := range g.Out(uint32(i)) {
			if t == uint32(i) {
				selfLoops++
			}
			if g.IsInterHost(uint32(i), t) {
				interHost++
			}
		}
	}
	return selfLoops, interHost
}

// TestLoadCSStanford checks the figures of ../shared/data/README.md for
// cs-stanford: 9,914 pages, 36,854 links, 1,299 self-loops, 1,457 links
// between hosts, 21 hosts. Every URL has a host graph.HostName can parse,
// including the 12 whose path holds the invalid escape "%0:" (pages
// 553-558 and 3270-3275); the inter-host count was also checked with
// Python's urllib.
func TestLoadCSStanford(t *testing.T) {
	fsys := rtDataFS(t, "cs-stanford", "cs-stanford.edges", "cs-stanford.urls")
	g, labels, err := Load(fsys, "cs-stanford.edges", LoadOptions{URLs: "cs-stanford.urls"})
	if err != nil {
		t.Fatal(err)
	}
	if labels != nil {
		t.Error("labels with a URL list")
	}
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	self, inter := rtCountLinks(g)
	if g.NumNodes() != 9914 || g.NumArcs() != 36854 || self != 1299 || inter != 1457 || g.NumHosts() != 21 || g.Hosts.Unparsed != 0 {
		t.Fatalf("got %d pages, %d links, %d self-loops, %d inter-host, %d hosts (%d unparsed URLs); README says 9914, 36854, 1299, 1457, 21",
			g.NumNodes(), g.NumArcs(), self, inter, g.NumHosts(), g.Hosts.Unparsed)
	}
	if h := g.Hosts.Names[g.Hosts.Of[3270]]; h != "graphics.stanford.edu" {
		t.Errorf("page 3270 (%s) is on host %q, want graphics.stanford.edu", g.URLs[3270], h)
	}

	// The edge list alone keeps its ids as given: the same 9,914 pages,
	// those without links included, as with the URL list and as the
	// BVGraph has (below).
	ge, labels, err := Load(fsys, "cs-stanford.edges", LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if labels != nil {
		t.Errorf("labels = %+v, want none for ids kept as given", labels)
	}
	rtSameGraph(t, g, ge, false)
	ge0 := ge
	// Renumbered on request, it numbers by increasing id the pages that
	// have a link, and its labels map them back to the URL-list
	// numbering and count the 479 ids no link uses.
	ge, labels, err = Load(fsys, "cs-stanford.edges", LoadOptions{Renumber: true})
	if err != nil {
		t.Fatal(err)
	}
	rtCheckRenumbered(t, g, ge, labels)
	if ge.NumNodes() != 9435 || labels.Dropped() != 479 {
		t.Errorf("renumbered: %d pages, %d ids dropped; want 9,435 and 479", ge.NumNodes(), labels.Dropped())
	}

	// The BVGraph of the same crawl decodes to the same arcs (README),
	// named by its .graph or its .properties. The README lists it beside
	// the edge list, so its absence here is a broken data folder.
	for _, f := range []string{"cs-stanford.graph", "cs-stanford.properties"} {
		if _, err := fs.Stat(fsys, f); err != nil {
			t.Fatalf("%v: ../shared/data/README.md lists %s beside cs-stanford.edges", err, f)
		}
		gb, _, err := Load(fsys, f, LoadOptions{URLs: "cs-stanford.urls"})
		if err != nil {
			t.Fatal(err)
		}
		rtSameGraph(t, g, gb, true)
		// Without URLs, the edge list and the BVGraph give the same
		// graph too.
		gb, _, err = Load(fsys, f, LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		rtSameGraph(t, gb, ge0, false)
	}

	// And the graph survives .csr with its hosts and URLs.
	var buf bytes.Buffer
	if err := WriteCSR(&buf, g); err != nil {
		t.Fatal(err)
	}
	gc, err := CSRFromBytes(buf.Bytes(), "cs-stanford.csr")
	if err != nil {
		t.Fatal(err)
	}
	rtSameGraph(t, g, gc, true)
}

// TestLoadHollins checks ../shared/data/README.md for hollins: 6,012 pages
// and 23,875 links. Its URLs name www1.hollins.edu and www.hollins.edu
// plus two malformed ones: "http://www1.hollins/edu/..." (host
// "www1.hollins", which graph.HostName accepts) and
// "http://www1/hollins.edu/..." (host "www1", no dot: unparsed).
func TestLoadHollins(t *testing.T) {
	fsys := rtDataFS(t, "hollins", "hollins.edges", "hollins.urls")
	g, _, err := Load(fsys, "hollins.edges", LoadOptions{URLs: "hollins.urls"})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	if g.NumNodes() != 6012 || g.NumArcs() != 23875 {
		t.Fatalf("got %d pages and %d links, README says 6012 and 23875", g.NumNodes(), g.NumArcs())
	}
	want := []string{"www1.hollins.edu", "www.hollins.edu", "www1.hollins", graph.NoHost}
	if !slices.Equal(g.Hosts.Names, want) || g.Hosts.Unparsed != 1 {
		t.Fatalf("hosts %v with %d unparsed, want %v with 1", g.Hosts.Names, g.Hosts.Unparsed, want)
	}
	if g.URLs[4838] != "http://www1/hollins.edu/classes/dance/website/vanessaweb/gallerydirectory.html" || g.Hosts.Names[g.Hosts.Of[4838]] != graph.NoHost {
		t.Fatalf("page 4838: %q in host %q", g.URLs[4838], g.Hosts.Names[g.Hosts.Of[4838]])
	}
	t.Logf("hollins: %d hosts, %d URL(s) without a parseable host", g.NumHosts(), g.Hosts.Unparsed)
}

// TestLoadBVGraphByAnyName: a BVGraph loads the same whether it is named
// by its .graph, its .properties or its .offsets, as in "crawlsim info
// cs-stanford.properties"; Load always decodes NAME.graph.
func TestLoadBVGraphByAnyName(t *testing.T) {
	lists, data, offs, cfg := bvSmallGraph(t)
	fsys := fstest.MapFS{
		"d/b.graph":      {Data: data},
		"d/b.offsets":    {Data: offs},
		"d/b.properties": {Data: []byte(bvPropertiesText(cfg.props(lists)))},
	}
	for _, name := range []string{"d/b.graph", "d/b.properties", "d/b.offsets"} {
		var opened []string
		g, labels, err := Load(fsys, name, LoadOptions{Wrap: func(name string, r io.Reader) io.Reader {
			opened = append(opened, name)
			return r
		}})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := bvListsEqual(g, lists); err != nil || labels != nil {
			t.Fatalf("%s: %v, labels %v", name, err, labels)
		}
		if !slices.Equal(opened, []string{"d/b.properties", "d/b.graph", "d/b.offsets"}) {
			t.Errorf("%s: opened %v", name, opened)
		}
	}
	// Without the .graph, the error names it.
	delete(fsys, "d/b.graph")
	_, _, err := Load(fsys, "d/b.properties", LoadOptions{})
	if !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("got %v, want fs.ErrNotExist", err)
	}
	rtWantError(t, err, "d/b.graph", 0, -1, "d/b.graph: cannot open")
}

// mappedMapFS is a MapFS that also hands over files as bytes, counting the
// files it mapped.
type mappedMapFS struct {
	fstest.MapFS
	mapped []string
}

func (m *mappedMapFS) MapFile(name string) ([]byte, bool) {
	f, ok := m.MapFS[name]
	if !ok {
		return nil, false
	}
	m.mapped = append(m.mapped, name)
	return f.Data, true
}

// TestLoadUsesMappedBytes checks that Load makes a .csr graph from a
// MappedFS's bytes without copying its links, and still attaches a URL list.
func TestLoadUsesMappedBytes(t *testing.T) {
	g := rtRandomGraph(t, 5, 300, 4, 7)
	var buf bytes.Buffer
	if err := WriteCSR(&buf, g); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	var urls bytes.Buffer
	if err := WriteURLList(&urls, g.URLs); err != nil {
		t.Fatal(err)
	}
	fsys := &mappedMapFS{MapFS: fstest.MapFS{"g.csr": {Data: data}, "g.urls": {Data: urls.Bytes()}}}
	got, _, err := Load(fsys, "g.csr", LoadOptions{URLs: "g.urls"})
	if err != nil {
		t.Fatal(err)
	}
	rtSameGraph(t, g, got, true)
	if !slices.Equal(fsys.mapped, []string{"g.csr"}) {
		t.Fatalf("mapped %v, want only g.csr", fsys.mapped)
	}
	if csrRawViews && g.NumArcs() > 0 {
		start := uintptr(unsafe.Pointer(unsafe.SliceData(data)))
		at := uintptr(unsafe.Pointer(&got.Targets[0]))
		if at < start || at >= start+uintptr(len(data)) {
			t.Error("the links were copied out of the mapped bytes")
		}
	}
}

// TestInputFilesAreWhatLoadOpens: InputFiles lists every file Load opens
// for a graph, gzipped BVGraph files included, so that an output check
// built on it cannot miss one.
func TestInputFilesAreWhatLoadOpens(t *testing.T) {
	for _, name := range []string{"g.edges", "g.edges.gz", "a.graph-txt", "c.csr", "bv.graph", "bv.graph.gz", "bv.properties", "bv.properties.gz", "bv.offsets", "BV.GRAPH.GZ"} {
		var opened []string
		wrap := func(n string, r io.Reader) io.Reader {
			opened = append(opened, n)
			return r
		}
		// Every file exists and is empty: Load opens what it needs and
		// fails on the content, having opened all it reads.
		fsys := fstest.MapFS{}
		for _, n := range InputFiles(name, FormatAuto) {
			fsys[n] = &fstest.MapFile{Data: []byte("nodes=1\narcs=0\n")}
		}
		Load(fsys, name, LoadOptions{Wrap: wrap})
		files := InputFiles(name, FormatAuto)
		for _, o := range opened {
			if !slices.Contains(files, o) {
				t.Errorf("%s: Load opened %s, which InputFiles %v leaves out", name, o, files)
			}
		}
		if files[0] != name {
			t.Errorf("%s: InputFiles starts with %s", name, files[0])
		}
	}
	if got := InputFiles("cs.graph.gz", FormatAuto); !slices.Equal(got, []string{"cs.graph.gz", "cs.properties", "cs.offsets"}) {
		t.Errorf("cs.graph.gz: %v", got)
	}
}

// TestLoadPacksBVGraph: with Pack a BVGraph read in place is packed when
// its packed lists fit, with every list as decoded and the progress
// reaching every page, and stays compressed when they do not fit.
func TestLoadPacksBVGraph(t *testing.T) {
	want := bvLoadShared(t, "cnr-2000/cnr-2000", true)
	fsys := os.DirFS(filepath.Join(bvDataDir, "cnr-2000"))
	var last atomic.Int64
	opt := LoadOptions{InPlace: true, Pack: 64 << 20, PackProgress: func(name string, done, total int64) {
		if name != "cnr-2000.graph" || total != int64(want.NumNodes()) {
			t.Errorf("progress of %q: %d of %d", name, done, total)
		}
		last.Store(max(last.Load(), done))
	}}
	// Mapped, the .graph's pages are let go once packed.
	mapped := &releasingFS{mappedMapFS: mappedMapFS{MapFS: fstest.MapFS{}}}
	for _, name := range []string{"cnr-2000.graph", "cnr-2000.properties", "cnr-2000.offsets"} {
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			t.Fatal(err)
		}
		mapped.MapFS[name] = &fstest.MapFile{Data: data}
	}
	g, _, err := Load(mapped, "cnr-2000.graph", opt)
	if err != nil {
		t.Fatal(err)
	}
	if want := [][]byte{mapped.MapFS["cnr-2000.graph"].Data}; len(mapped.released) != 1 || &mapped.released[0][0] != &want[0][0] || len(mapped.released[0]) != len(want[0]) {
		t.Errorf("released %d mappings, want the .graph's once packed", len(mapped.released))
	}
	p, ok := g.Lists.(*graph.PackedLists)
	if !ok {
		t.Fatalf("within 64 MiB cnr-2000 is held as %T, want packed", g.Lists)
	}
	if last.Load() != int64(want.NumNodes()) {
		t.Errorf("progress reached %d of %d pages", last.Load(), want.NumNodes())
	}
	t.Logf("cnr-2000 packed: %d bytes, %.2f a link", p.Bytes(), float64(p.Bytes())/float64(want.NumArcs()))
	s := g.Successors()
	for i := range want.NumNodes() {
		if got := s.Out(uint32(i)); !slices.Equal(got, want.Out(uint32(i))) {
			t.Fatalf("page %d: %v, want %v", i, got, want.Out(uint32(i)))
		}
	}
	opt.Pack, opt.PackProgress = p.Bytes()/2, nil
	mapped.released = nil
	g, _, err = Load(mapped, "cnr-2000.graph", opt)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := g.Lists.(*BVGraph); !ok {
		t.Errorf("within half its packed bytes cnr-2000 is held as %T, want the BVGraph", g.Lists)
	}
	if len(mapped.released) != 0 {
		t.Error("the mapping of a graph read in place was released")
	}
	ReleaseLists(mapped, g)
	if len(mapped.released) != 1 || &mapped.released[0][0] != &mapped.MapFS["cnr-2000.graph"].Data[0] {
		t.Errorf("ReleaseLists released %d mappings, want the .graph's", len(mapped.released))
	}
	mapped.released = nil
	ReleaseLists(mapped, want) // CSR arrays: nothing is mapped
	if len(mapped.released) != 0 {
		t.Error("ReleaseLists released the memory of CSR arrays")
	}
}

// releasingFS is a mappedMapFS that records the bytes it is asked to
// release (MappedReleaser).
type releasingFS struct {
	mappedMapFS
	released [][]byte
}

func (r *releasingFS) ReleaseMapped(b []byte) { r.released = append(r.released, b) }

// TestLoadReportsTheCheckingPass: a BVGraph read in place reports its
// checking pass through Progress, in bytes of the .graph checked, never
// going back and ending at its size, whether it is packed or not.
func TestLoadReportsTheCheckingPass(t *testing.T) {
	fsys := os.DirFS(filepath.Join(bvDataDir, "cnr-2000"))
	size := int64(len(bvReadFileOrSkip(t, "cnr-2000/cnr-2000.graph")))
	for _, pack := range []int64{0, 64 << 20} {
		var calls int
		var last int64
		opt := LoadOptions{InPlace: true, Pack: pack, Progress: func(name string, done, total int64) {
			calls++
			if name != "cnr-2000.graph" || total != size || done < last || done > total {
				t.Errorf("pack %d: progress of %q: %d of %d after %d, want bytes of %d", pack, name, done, total, last, size)
			}
			last = done
		}}
		if _, _, err := Load(fsys, "cnr-2000.graph", opt); err != nil {
			t.Fatal(err)
		}
		if calls < 10 || last != size {
			t.Errorf("pack %d: %d calls reaching %d, want the pass reported to %d", pack, calls, last, size)
		}
	}
}
