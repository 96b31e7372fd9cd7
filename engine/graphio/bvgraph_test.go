package graphio

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/crawlsim/crawlsim/engine/graph"
)

// ---------------------------------------------------------------------------
// Real data (../shared/data, see its README).

// bvDataDir is where the shared real graphs live, relative to this package.
var bvDataDir = filepath.Join("..", "..", "..", "shared", "data")

// bvReadFileOrSkip returns the contents of a shared data file, or skips the
// test when it is not there (for example in a checkout without the data).
func bvReadFileOrSkip(tb testing.TB, rel string) []byte {
	tb.Helper()
	p := filepath.Join(bvDataDir, rel)
	b, err := os.ReadFile(p)
	if err != nil {
		tb.Skipf("real data %s not available (%v); it lives in ../shared/data, see its README", p, err)
	}
	return b
}

// bvLoadShared decodes a shared BVGraph; withOffsets also checks .offsets.
func bvLoadShared(tb testing.TB, base string, withOffsets bool) *graph.Graph {
	tb.Helper()
	propsData := bvReadFileOrSkip(tb, base+".properties")
	graphData := bvReadFileOrSkip(tb, base+".graph")
	props, err := ReadBVGraphProperties(bytes.NewReader(propsData), base+".properties")
	if err != nil {
		tb.Fatalf("properties: %v", err)
	}
	var offsets *bytes.Reader
	if withOffsets {
		offsets = bytes.NewReader(bvReadFileOrSkip(tb, base+".offsets"))
	}
	var g *graph.Graph
	if offsets != nil {
		g, err = ReadBVGraph(bytes.NewReader(graphData), base+".graph", props, offsets, base+".offsets")
	} else {
		g, err = ReadBVGraph(bytes.NewReader(graphData), base+".graph", props, nil, "")
	}
	if err != nil {
		tb.Fatalf("decode: %v", err)
	}
	return g
}

// The page and link counts come from ../shared/data/README.md (and the
// LAW's description of cnr-2000); the .offsets file, written by Java
// WebGraph, must agree with every bit position met while decoding.
func TestReadBVGraphCNR2000(t *testing.T) {
	g := bvLoadShared(t, "cnr-2000/cnr-2000", true)
	if g.NumNodes() != 325557 || g.NumArcs() != 3216152 {
		t.Fatalf("cnr-2000: %d pages, %d links; want 325,557 and 3,216,152", g.NumNodes(), g.NumArcs())
	}
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
}

// cnr-2000-t is the transpose of cnr-2000 (README), encoded separately with
// its own references and intervals, so decoding both and transposing one is
// a strong check of the decoder.
func TestReadBVGraphCNR2000Transpose(t *testing.T) {
	g := bvLoadShared(t, "cnr-2000/cnr-2000", false)
	gt := bvLoadShared(t, "cnr-2000/cnr-2000-t", true)
	want := g.Transpose()
	if !slices.Equal(gt.Offsets, want.Offsets) {
		t.Fatal("cnr-2000-t out-degrees differ from the in-degrees of cnr-2000")
	}
	if !slices.Equal(gt.Targets, want.Targets) {
		for i := 0; i < gt.NumNodes(); i++ {
			if a, b := gt.Out(uint32(i)), want.Out(uint32(i)); !slices.Equal(a, b) {
				t.Fatalf("page %d: cnr-2000-t lists %v, transpose of cnr-2000 lists %v", i, a, b)
			}
		}
	}
}

// cs-stanford.graph (no .offsets) and cs-stanford.edges hold the same graph
// with the same ids (README); the edge list is the independent truth.
func TestReadBVGraphCSStanford(t *testing.T) {
	edges := bvReadFileOrSkip(t, "cs-stanford/cs-stanford.edges")
	g := bvLoadShared(t, "cs-stanford/cs-stanford", false)
	want := map[[2]uint32]bool{}
	sc := bufio.NewScanner(bytes.NewReader(edges))
	for line := 1; sc.Scan(); line++ {
		s := strings.TrimSpace(sc.Text())
		if s == "" || s[0] == '#' {
			continue
		}
		f := strings.Fields(s)
		if len(f) != 2 {
			t.Fatalf("cs-stanford.edges:%d: %q", line, s)
		}
		a, err1 := strconv.ParseUint(f[0], 10, 32)
		b, err2 := strconv.ParseUint(f[1], 10, 32)
		if err1 != nil || err2 != nil {
			t.Fatalf("cs-stanford.edges:%d: %q", line, s)
		}
		want[[2]uint32{uint32(a), uint32(b)}] = true
	}
	if g.NumNodes() != 9914 {
		t.Errorf("pages = %d, want 9914", g.NumNodes())
	}
	if g.NumArcs() != int64(len(want)) || len(want) != 36854 {
		t.Errorf("links = %d, edge list has %d distinct, README says 36,854", g.NumArcs(), len(want))
	}
	for i := 0; i < g.NumNodes(); i++ {
		for _, j := range g.Out(uint32(i)) {
			if !want[[2]uint32{uint32(i), j}] {
				t.Fatalf("decoded link %d→%d is not in cs-stanford.edges", i, j)
			}
		}
	}
}

// BenchmarkBVGraphDecodeCNR2000 decodes cnr-2000 from memory (no offsets
// check) and reports links decoded per second.
func BenchmarkBVGraphDecodeCNR2000(b *testing.B) {
	propsData := bvReadFileOrSkip(b, "cnr-2000/cnr-2000.properties")
	graphData := bvReadFileOrSkip(b, "cnr-2000/cnr-2000.graph")
	props, err := ReadBVGraphProperties(bytes.NewReader(propsData), "cnr-2000.properties")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(graphData)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g, err := ReadBVGraph(bytes.NewReader(graphData), "cnr-2000.graph", props, nil, "")
		if err != nil {
			b.Fatal(err)
		}
		if g.NumArcs() != props.Arcs {
			b.Fatal("wrong arcs")
		}
	}
	b.ReportMetric(float64(props.Arcs)*float64(b.N)/b.Elapsed().Seconds(), "links/s")
}

// ---------------------------------------------------------------------------
// Decoding whole graphs written by the test encoder (bvgraph_encode_test.go)
// or by hand.

// Property test: random graphs encoded under every configuration decode to
// themselves, with the offsets check on. (A graph of 0 pages is refused:
// nopages_test.go.)
func TestReadBVGraphRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for ci, cfg := range bvTestConfigs {
		for trial := 0; trial < 15; trial++ {
			n := []int{3, 1, 2, 5, 40, 300}[trial%6]
			lists := bvRandomLists(rng, n)
			data, offs := bvTestEncode(lists, cfg)
			g, err := ReadBVGraph(bytes.NewReader(data), "t.graph", cfg.props(lists), bytes.NewReader(offs), "t.offsets")
			if err != nil {
				t.Fatalf("config %d %+v, n=%d: %v", ci, cfg, n, err)
			}
			if err := bvListsEqual(g, lists); err != nil {
				t.Fatalf("config %d %+v, n=%d: %v", ci, cfg, n, err)
			}
		}
	}
}

// The worked example of the BVGraph class comment, by hand: node 15 with
// successors 13, 15, 16, 17, 18, 19, 23, 24, 203, 315, 1034, copying from
// node 14 ({13, 15, 16, 17, 18, 19, 23, 24, 203} here).
func TestReadBVGraphHandEncodedList(t *testing.T) {
	// Nodes 0..13 are empty. Node 14 has the interval [15, 19] and the
	// residuals 13, 23, 24, 203 (window 7, minintervallength 4). Node 15
	// references node 14 (r = 1), copies all of it (block count 0) and adds
	// the residuals 315 and 1034.
	var w bvTestBitWriter
	for i := 0; i < 14; i++ {
		w.writeGamma(0) // outdegree 0
	}
	l14 := []uint32{13, 15, 16, 17, 18, 19, 23, 24, 203}
	w.writeGamma(9)                  // outdegree
	w.writeUnary(0)                  // no reference
	w.writeGamma(1)                  // one interval
	w.writeGamma(bvInt2Nat(15 - 14)) // left 15 relative to 14: nat 2
	w.writeGamma(5 - 4)              // length 5 minus minIntv 4
	w.writeZeta(bvInt2Nat(13-14), 3) // first residual 13
	w.writeZeta(23-13-1, 3)
	w.writeZeta(24-23-1, 3)
	w.writeZeta(203-24-1, 3)
	w.writeGamma(11) // node 15: outdegree 11
	w.writeUnary(1)  // reference to node 14
	w.writeGamma(0)  // no blocks: copy all 9
	w.writeGamma(0)  // no interval among the 2 extras
	w.writeZeta(bvInt2Nat(315-15), 3)
	w.writeZeta(1034-315-1, 3)
	n := 1035
	for i := 16; i < n; i++ {
		w.writeGamma(0)
	}
	props := &BVGraphProperties{Nodes: int64(n), Arcs: 20, WindowSize: 7, MinIntervalLength: 4, ZetaK: 3}
	g, err := ReadBVGraph(bytes.NewReader(w.bytes()), "hand.graph", props, nil, "")
	if err != nil {
		t.Fatal(err)
	}
	if got := g.Out(14); !slices.Equal(got, l14) {
		t.Errorf("node 14: %v, want %v", got, l14)
	}
	want15 := []uint32{13, 15, 16, 17, 18, 19, 23, 24, 203, 315, 1034}
	if got := g.Out(15); !slices.Equal(got, want15) {
		t.Errorf("node 15: %v, want %v", got, want15)
	}
}

// ---------------------------------------------------------------------------
// Errors.

// bvWantError checks that err is an *Error about file whose message holds
// every fragment, and that it has a position.
func bvWantError(t *testing.T, err error, file string, fragments ...string) *Error {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("got %v (%T), want *Error", err, err)
	}
	if e.File != file {
		t.Errorf("error names %q, want %q: %v", e.File, file, e)
	}
	for _, f := range fragments {
		if !strings.Contains(e.Error(), f) {
			t.Errorf("error %q does not mention %q", e.Error(), f)
		}
	}
	return e
}

func bvSmallGraph(t *testing.T) ([][]uint32, []byte, []byte, bvTestConfig) {
	t.Helper()
	rng := rand.New(rand.NewPCG(3, 4))
	lists := bvRandomLists(rng, 200)
	cfg := bvTestConfigs[0]
	data, offs := bvTestEncode(lists, cfg)
	return lists, data, offs, cfg
}

func TestReadBVGraphTruncated(t *testing.T) {
	lists, data, _, cfg := bvSmallGraph(t)
	// Too short to hold 200 lists at all.
	_, err := ReadBVGraph(bytes.NewReader(data[:1]), "cut.graph", cfg.props(lists), nil, "")
	bvWantError(t, err, "cut.graph", "200 pages")
	for _, cut := range []int{len(data) / 3, len(data) - 2} {
		_, err := ReadBVGraph(bytes.NewReader(data[:cut]), "cut.graph", cfg.props(lists), nil, "")
		e := bvWantError(t, err, "cut.graph", "node ")
		if e.Offset < 0 || e.Offset > int64(cut) {
			t.Errorf("cut at %d: offset %d", cut, e.Offset)
		}
	}
	// Real data, cut in the middle.
	if d, err := os.ReadFile(filepath.Join(bvDataDir, "cnr-2000", "cnr-2000.graph")); err == nil {
		p, _ := ReadBVGraphProperties(strings.NewReader("nodes=325557\narcs=3216152\nwindowsize=7\nminintervallength=4\nversion=0\n"), "p")
		_, err := ReadBVGraph(bytes.NewReader(d[:len(d)/2]), "cnr-2000.graph", p, nil, "")
		e := bvWantError(t, err, "cnr-2000.graph", "node ")
		if e.Offset < 0 {
			t.Errorf("no offset: %v", e)
		}
	}
}

func TestReadBVGraphHugeNodeCount(t *testing.T) {
	// The properties parser refuses more pages than a Graph can hold.
	_, err := ReadBVGraphProperties(strings.NewReader("nodes=1000000000000\narcs=5\nwindowsize=7\nminintervallength=4\nversion=0\n"), "huge.properties")
	e := bvWantError(t, err, "huge.properties", "nodes")
	if e.Line != 1 {
		t.Errorf("line %d, want 1", e.Line)
	}
	// Properties built by hand are checked again, and a page count the
	// data cannot back is refused before anything is allocated for it.
	for _, nodes := range []int64{1e12, 4e9} {
		props := &BVGraphProperties{Nodes: nodes, Arcs: 5, WindowSize: 7, MinIntervalLength: 4, ZetaK: 3}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err = ReadBVGraph(bytes.NewReader(make([]byte, 100)), "huge.graph", props, nil, "")
		runtime.ReadMemStats(&after)
		bvWantError(t, err, "huge.graph", strconv.FormatInt(nodes, 10))
		if grew := after.TotalAlloc - before.TotalAlloc; grew > 1<<20 {
			t.Errorf("nodes=%d: allocated %d bytes before failing", nodes, grew)
		}
	}
}

func TestReadBVGraphBadReference(t *testing.T) {
	props := func(n, m int64, window int) *BVGraphProperties {
		return &BVGraphProperties{Nodes: n, Arcs: m, WindowSize: window, MinIntervalLength: 4, ZetaK: 3}
	}
	// Node 0: outdegree 1, reference 1 → before node 0.
	var w bvTestBitWriter
	w.writeGamma(1)
	w.writeUnary(1)
	w.writeGamma(0)
	_, err := ReadBVGraph(bytes.NewReader(w.bytes()), "r.graph", props(1, 1, 7), nil, "")
	bvWantError(t, err, "r.graph", "reference 1", "before node 0", "node 0")

	// Node 3 references 3 back with a window of 2.
	w = bvTestBitWriter{}
	for i := 0; i < 3; i++ {
		w.writeGamma(0)
	}
	w.writeGamma(1)
	w.writeUnary(3)
	w.writeGamma(0)
	_, err = ReadBVGraph(bytes.NewReader(w.bytes()), "r.graph", props(4, 1, 2), nil, "")
	e := bvWantError(t, err, "r.graph", "reference 3", "window size 2", "node 3")
	if e.Offset != 0 { // the reference starts at bit 4
		t.Errorf("offset %d, want byte 0", e.Offset)
	}

	// Copy blocks longer than the referenced list: node 0 has {0}, node 1
	// copies from it with blocks 0 (copy none) then 5+1 (skip 6).
	w = bvTestBitWriter{}
	w.writeGamma(1)
	w.writeUnary(0)
	w.writeGamma(0) // no intervals
	w.writeZeta(0, 3)
	w.writeGamma(1)
	w.writeUnary(1)
	w.writeGamma(2)
	w.writeGamma(0)
	w.writeGamma(5)
	_, err = ReadBVGraph(bytes.NewReader(w.bytes()), "r.graph", props(2, 2, 7), nil, "")
	bvWantError(t, err, "r.graph", "node 1", "node 0")

	// A successor given twice: copied 0 and residual 0.
	w = bvTestBitWriter{}
	w.writeGamma(1)
	w.writeUnary(0)
	w.writeGamma(0)
	w.writeZeta(0, 3)
	w.writeGamma(2)
	w.writeUnary(1)
	w.writeGamma(0) // copy all of node 0: {0}
	w.writeGamma(0) // no intervals
	w.writeZeta(bvInt2Nat(0-1), 3)
	_, err = ReadBVGraph(bytes.NewReader(w.bytes()), "r.graph", props(2, 3, 7), nil, "")
	bvWantError(t, err, "r.graph", "node 1", "twice")

	// A residual beyond the last page.
	w = bvTestBitWriter{}
	w.writeGamma(1)
	w.writeUnary(0)
	w.writeGamma(0)
	w.writeZeta(bvInt2Nat(5), 3)
	_, err = ReadBVGraph(bytes.NewReader(w.bytes()), "r.graph", props(2, 1, 7), nil, "")
	bvWantError(t, err, "r.graph", "node 0", "not a page")
}

// TestReadBVGraphTooManyIntervals: a list announcing more intervals than
// its successors can fill is refused in words that agree with the counts
// ("1 interval ..., but only 1 successor is left").
func TestReadBVGraphTooManyIntervals(t *testing.T) {
	props := &BVGraphProperties{Nodes: 2, Arcs: 1, WindowSize: 7, MinIntervalLength: 4, ZetaK: 3}
	for _, c := range []struct {
		count uint64
		want  string
	}{
		{1, "1 interval of at least 4 successors, but only 1 successor is left"},
		{2, "2 intervals of at least 4 successors each, but only 1 successor is left"},
	} {
		// Node 0: outdegree 1, no reference, then c.count intervals.
		var w bvTestBitWriter
		w.writeGamma(1)
		w.writeUnary(0)
		w.writeGamma(c.count)
		_, err := ReadBVGraph(bytes.NewReader(w.bytes()), "i.graph", props, nil, "")
		bvWantError(t, err, "i.graph", "node 0", c.want)
	}
}

func TestReadBVGraphArcsMismatch(t *testing.T) {
	lists, data, _, cfg := bvSmallGraph(t)
	p := cfg.props(lists)
	p.Arcs++
	_, err := ReadBVGraph(bytes.NewReader(data), "m.graph", p, nil, "")
	e := bvWantError(t, err, "m.graph", "decoded", strconv.FormatInt(p.Arcs, 10))
	if e.Offset <= 0 {
		t.Errorf("offset %d", e.Offset)
	}
	p.Arcs -= 2
	_, err = ReadBVGraph(bytes.NewReader(data), "m.graph", p, nil, "")
	bvWantError(t, err, "m.graph", "more than", "node ")
}

func TestReadBVGraphOffsetsMismatch(t *testing.T) {
	lists, data, offs, cfg := bvSmallGraph(t)
	// Offsets of another encoding of the same graph (no references) differ.
	other := cfg
	other.window = 0
	_, wrongOffs := bvTestEncode(lists, other)
	_, err := ReadBVGraph(bytes.NewReader(data), "o.graph", cfg.props(lists), bytes.NewReader(wrongOffs), "o.offsets")
	bvWantError(t, err, "o.offsets", "node ", "o.graph")
	// Truncated offsets.
	_, err = ReadBVGraph(bytes.NewReader(data), "o.graph", cfg.props(lists), bytes.NewReader(offs[:len(offs)/2]), "o.offsets")
	bvWantError(t, err, "o.offsets", "offsets end")
	// The right ones pass.
	if _, err := ReadBVGraph(bytes.NewReader(data), "o.graph", cfg.props(lists), bytes.NewReader(offs), "o.offsets"); err != nil {
		t.Fatal(err)
	}
}

func TestReadBVGraphWrongProperties(t *testing.T) {
	// Decoding with the wrong window or interval length either fails with
	// an *Error or, when the bits happen to parse into the announced number
	// of links, returns a graph that passes Validate; it never panics.
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := 0; trial < 50; trial++ {
		lists := bvRandomLists(rng, 60)
		cfg := bvTestConfigs[trial%len(bvTestConfigs)]
		data, _ := bvTestEncode(lists, cfg)
		p := cfg.props(lists)
		p.WindowSize = (p.WindowSize + 1 + rng.IntN(3)) % 8
		p.MinIntervalLength = rng.IntN(5)
		g, err := ReadBVGraph(bytes.NewReader(data), "w.graph", p, nil, "")
		if err == nil {
			if verr := g.Validate(); verr != nil {
				t.Fatalf("invalid graph returned: %v", verr)
			}
			continue
		}
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("not an *Error: %v", err)
		}
	}
}

// bvCompleteGraph encodes the complete graph on n pages (every page links
// to every page, itself included): n² links in a few bits per page, since
// each list copies the previous one or is a single interval.
func bvCompleteGraph(n int) ([][]uint32, []byte, []byte, bvTestConfig) {
	all := make([]uint32, n)
	for i := range all {
		all[i] = uint32(i)
	}
	lists := make([][]uint32, n)
	for i := range lists {
		lists[i] = all
	}
	cfg := bvTestConfigs[0]
	data, offs := bvTestEncode(lists, cfg)
	return lists, data, offs, cfg
}

// TestReadBVGraphDenseGrowsBounded: the complete graph on 512 pages packs
// 2^18 links into a few hundred bytes. It decodes, the targets array
// never grows beyond the announced links, and one link fewer in the
// properties stops decoding at the last node, the one that exceeds them.
func TestReadBVGraphDenseGrowsBounded(t *testing.T) {
	lists, data, offs, cfg := bvCompleteGraph(512)
	if len(data) > 4096 {
		t.Fatalf("%d bytes: the encoding is not the compact one this test needs", len(data))
	}
	p := cfg.props(lists)
	g, err := ReadBVGraph(bytes.NewReader(data), "k.graph", p, bytes.NewReader(offs), "k.offsets")
	if err != nil {
		t.Fatal(err)
	}
	if err := bvListsEqual(g, lists); err != nil {
		t.Fatal(err)
	}
	if c := int64(cap(g.Targets)); c > p.Arcs {
		t.Errorf("targets capacity %d exceeds the %d links announced", c, p.Arcs)
	}
	p.Arcs--
	_, err = ReadBVGraph(bytes.NewReader(data), "k.graph", p, nil, "")
	bvWantError(t, err, "k.graph", "node 511", "more than the 262143 the properties announce")
}

// TestLoadMaxLinks: with LoadOptions.MaxLinks, a BVGraph whose properties
// announce more links is refused naming the .properties file before its
// .graph is even opened; a .csr at its header; the text formats after
// reading. At exactly MaxLinks every format loads.
func TestLoadMaxLinks(t *testing.T) {
	lists, data, offs, cfg := bvCompleteGraph(512)
	p := cfg.props(lists)
	const m = 1 << 18
	fsys := fstest.MapFS{
		"k.graph":      {Data: data},
		"k.offsets":    {Data: offs},
		"k.properties": {Data: []byte(bvPropertiesText(p))},
	}
	var opened []string
	opt := LoadOptions{MaxLinks: m - 1, Wrap: func(name string, r io.Reader) io.Reader {
		opened = append(opened, name)
		return r
	}}
	_, _, err := Load(fsys, "k.graph", opt)
	rtWantError(t, err, "k.properties", 0, -1, "k.properties: graph has 262,144 links, above the limit of 262,143")
	if !slices.Equal(opened, []string{"k.properties"}) {
		t.Errorf("opened %v before refusing, want only k.properties", opened)
	}
	opt.MaxLinks = m
	g, _, err := Load(fsys, "k.graph", opt)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []Format{FormatCSR, FormatEdgeList, FormatASCII} {
		var buf bytes.Buffer
		if err := Save(&buf, g, f); err != nil {
			t.Fatal(err)
		}
		file := "k." + map[Format]string{FormatCSR: "csr", FormatEdgeList: "edges", FormatASCII: "graph-txt"}[f]
		fsys[file] = &fstest.MapFile{Data: buf.Bytes()}
		if _, _, err := Load(fsys, file, LoadOptions{MaxLinks: m}); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		_, _, err := Load(fsys, file, LoadOptions{MaxLinks: m - 1})
		if f == FormatCSR {
			rtWantError(t, err, file, 0, csrAtArcs, "graph has 262,144 links, above the limit of 262,143")
		} else {
			rtWantError(t, err, file, 0, -1, "graph has 262,144 links, above the limit of 262,143")
		}
	}
}
