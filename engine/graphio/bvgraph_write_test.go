package graphio

import (
	"bytes"
	"errors"
	"io"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/crawlsim/crawlsim/engine/graph"
)

// bvWriteLists writes lists with p and returns the three files.
func bvWriteLists(tb interface{ Fatal(...any) }, lists [][]uint32, p BVGraphParams) (gr, off, props []byte) {
	var gb, ob, pb bytes.Buffer
	w, err := NewBVGraphWriter(&gb, &ob, p)
	if err != nil {
		tb.Fatal(err)
	}
	for _, l := range lists {
		if err := w.Add(l); err != nil {
			tb.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		tb.Fatal(err)
	}
	if err := WriteBVGraphProperties(&pb, p, w.Stats()); err != nil {
		tb.Fatal(err)
	}
	return gb.Bytes(), ob.Bytes(), pb.Bytes()
}

// bvReadWritten decodes what bvWriteLists wrote, checking the offsets.
func bvReadWritten(gr, off, props []byte) (*graph.Graph, error) {
	p, err := ReadBVGraphProperties(bytes.NewReader(props), "w.properties")
	if err != nil {
		return nil, err
	}
	return ReadBVGraph(bytes.NewReader(gr), "w.graph", p, bytes.NewReader(off), "w.offsets")
}

// bvGraphLists returns the successor lists of g.
func bvGraphLists(g *graph.Graph) [][]uint32 {
	lists := make([][]uint32, g.NumNodes())
	for x := range lists {
		lists[x] = g.Out(uint32(x))
	}
	return lists
}

// bvPropertyMap parses a .properties file into a map, for comparing
// values whatever the key order.
func bvPropertyMap(tb testing.TB, data []byte) map[string]string {
	tb.Helper()
	props, perr := bvParseJavaProperties(data, "p")
	if perr != nil {
		tb.Fatal(perr)
	}
	m := map[string]string{}
	for _, p := range props {
		m[p.key] = p.value
	}
	return m
}

// Recompressing LAW's cnr-2000 with WebGraph's defaults gives LAW's
// .graph and .offsets (as Java WebGraph 3.6 does) but for LAW's trailing
// zero bytes (5 in .graph, 11 in .offsets), and the same properties but
// the date.
func TestWriteBVGraphCNR2000(t *testing.T) {
	g := bvLoadShared(t, "cnr-2000/cnr-2000", false)
	wantGraph := bvReadFileOrSkip(t, "cnr-2000/cnr-2000.graph")
	wantOff := bvReadFileOrSkip(t, "cnr-2000/cnr-2000.offsets")
	wantProps := bvReadFileOrSkip(t, "cnr-2000/cnr-2000.properties")
	gr, off, props := bvWriteLists(t, bvGraphLists(g), DefaultBVGraphParams())
	bvCheckPaddedPrefix(t, "cnr-2000.graph", gr, wantGraph)
	bvCheckPaddedPrefix(t, "cnr-2000.offsets", off, wantOff)
	got, want := bvPropertyMap(t, props), bvPropertyMap(t, wantProps)
	for k, v := range want {
		if got[k] != v {
			t.Errorf("property %s = %q, LAW's is %q", k, got[k], v)
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("property %s = %q, which LAW's file lacks", k, got[k])
		}
	}
}

// bvCheckPaddedPrefix checks that got is want but for trailing zero
// bytes of want.
func bvCheckPaddedPrefix(t *testing.T, name string, got, want []byte) {
	t.Helper()
	if len(got) > len(want) || !bytes.Equal(got, want[:len(got)]) {
		i := 0
		for i < len(got) && i < len(want) && got[i] == want[i] {
			i++
		}
		t.Fatalf("%s: %d bytes, LAW's %d; they differ first at byte %d", name, len(got), len(want), i)
	}
	if rest := want[len(got):]; len(bytes.Trim(rest, "\x00")) != 0 || len(rest) > 16 {
		t.Fatalf("%s: %d bytes, LAW's %d, whose last %d are not zero padding", name, len(got), len(want), len(rest))
	}
}

// Compressing cs-stanford's edge list with minimum interval 3 (its
// .properties' parameter) gives LAW's cs-stanford.graph byte for byte.
func TestWriteBVGraphCSStanford(t *testing.T) {
	fsys := rtDataFS(t, "cs-stanford", "cs-stanford.graph", "cs-stanford.properties")
	want := bvReadFileOrSkip(t, "cs-stanford/cs-stanford.graph")
	g, _, err := Load(fsys, "cs-stanford.graph", LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	p := DefaultBVGraphParams()
	p.MinInterval = 3
	gr, _, _ := bvWriteLists(t, bvGraphLists(g), p)
	if !bytes.Equal(gr, want) {
		t.Fatalf("cs-stanford.graph: wrote %d bytes, LAW's file has %d", len(gr), len(want))
	}

	// BVGraph → edge list → BVGraph gives the same files.
	var edges bytes.Buffer
	if err := WriteEdgeList(&edges, g); err != nil {
		t.Fatal(err)
	}
	ge, _, err := ReadEdgeList(&edges, "cs-stanford.edges", EdgeListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	gr2, off2, props2 := bvWriteLists(t, bvGraphLists(ge), p)
	_, off, props := bvWriteLists(t, bvGraphLists(g), p)
	if !bytes.Equal(gr2, gr) || !bytes.Equal(off2, off) || !bytes.Equal(props2, props) {
		t.Fatal("cs-stanford through an edge list: another BVGraph")
	}
}

// A small graph decodes back, with the counts of copied, interval and
// residual links worked out by hand.
func TestWriteBVGraphSmall(t *testing.T) {
	lists := [][]uint32{{1, 2, 3, 4, 5}, {1, 2, 3, 4, 5}, {}, {0}, {}, {}}
	gr, off, props := bvWriteLists(t, lists, DefaultBVGraphParams())
	g, err := bvReadWritten(gr, off, props)
	if err != nil {
		t.Fatal(err)
	}
	if err := bvListsEqual(g, lists); err != nil {
		t.Fatal(err)
	}
	m := bvPropertyMap(t, props)
	for k, v := range map[string]string{"nodes": "6", "arcs": "11", "windowsize": "7", "maxrefcount": "3",
		"minintervallength": "4", "zetak": "3", "compressionflags": "", "version": "0",
		"graphclass": "it.unimi.dsi.webgraph.BVGraph", "copiedarcs": "5", "intervalisedarcs": "5", "residualarcs": "1"} {
		if m[k] != v {
			t.Errorf("property %s = %q, want %q", k, m[k], v)
		}
	}
}

// Whatever the parameters, what the writer writes the reader decodes to
// the same lists, with offsets that agree with the list positions.
func TestWriteBVGraphRoundTripProperty(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		p := BVGraphParams{
			Window:      rapid.SampledFrom([]int{0, 1, 2, 7, 20}).Draw(rt, "window"),
			MaxRefCount: rapid.SampledFrom([]int{0, 1, 3, BVMaxRefCount}).Draw(rt, "maxref"),
			MinInterval: rapid.SampledFrom([]int{0, 2, 3, 4, 9}).Draw(rt, "minintv"),
			ZetaK:       rapid.SampledFrom([]int{1, 2, 3, 7, 33, BVMaxZetaK}).Draw(rt, "zetak"),
		}
		n := rapid.IntRange(1, 300).Draw(rt, "n")
		seed := rapid.Uint64().Draw(rt, "seed")
		lists := bvRandomLists(rand.New(rand.NewPCG(seed, 1)), n)
		gr, off, props := bvWriteLists(rt, lists, p)
		g, err := bvReadWritten(gr, off, props)
		if err != nil {
			rt.Fatal(err)
		}
		if err := bvListsEqual(g, lists); err != nil {
			rt.Fatal(err)
		}
	})
}

// Long lists, far successors (gaps near 2^32) and long runs.
func TestWriteBVGraphExtremes(t *testing.T) {
	const n = 1 << 10
	lists := make([][]uint32, n)
	for x := range lists {
		switch x % 4 {
		case 0:
			for s := 0; s < n; s += 1 + x%5 {
				lists[x] = append(lists[x], uint32(s))
			}
		case 1:
			lists[x] = []uint32{0, n - 1}
		case 2:
			lists[x] = append([]uint32(nil), lists[x-2]...)
		}
	}
	for _, p := range []BVGraphParams{DefaultBVGraphParams(), {Window: 1, MaxRefCount: BVMaxRefCount, MinInterval: 2, ZetaK: 1}, {ZetaK: BVMaxZetaK}} {
		gr, off, props := bvWriteLists(t, lists, p)
		g, err := bvReadWritten(gr, off, props)
		if err != nil {
			t.Fatalf("%+v: %v", p, err)
		}
		if err := bvListsEqual(g, lists); err != nil {
			t.Fatalf("%+v: %v", p, err)
		}
	}
}

// The codes against the reader, at their limits.
func TestBVBitWriterCodes(t *testing.T) {
	var buf bytes.Buffer
	w := newBVBitWriter(&buf)
	vals := []uint64{0, 1, 2, 3, 7, 8, 1000, 1<<32 - 1, 1 << 32, 1<<33 - 3}
	for _, v := range vals {
		w.writeGamma(v)
		for _, k := range []uint{1, 2, 3, 7, 33, 62} {
			w.writeZeta(v, k)
		}
		w.writeUnary(v % 200)
	}
	lens := uint64(0)
	for _, v := range vals {
		lens += bvGammaLen(v) + v%200 + 1
		for _, k := range []uint{1, 2, 3, 7, 33, 62} {
			lens += bvZetaLen(v, k)
		}
	}
	if w.bits != lens {
		t.Fatalf("wrote %d bits, the code lengths sum to %d", w.bits, lens)
	}
	if err := w.close(); err != nil {
		t.Fatal(err)
	}
	r := newBVBitReader(buf.Bytes())
	for _, v := range vals {
		if got := r.readGamma(); got != v {
			t.Fatalf("γ %d read back as %d", v, got)
		}
		for _, k := range []uint{1, 2, 3, 7, 33, 62} {
			if got := r.readZeta(k); got != v {
				t.Fatalf("ζ_%d %d read back as %d", k, v, got)
			}
		}
		if got := r.readUnary(); got != v%200 {
			t.Fatalf("unary %d read back as %d", v%200, got)
		}
	}
}

// Bad lists and parameters are errors, never panics.
func TestBVGraphWriterErrors(t *testing.T) {
	if _, err := NewBVGraphWriter(&bytes.Buffer{}, nil, BVGraphParams{ZetaK: 0}); err == nil {
		t.Error("ζ_0 accepted")
	}
	if _, err := NewBVGraphWriter(&bytes.Buffer{}, nil, BVGraphParams{MinInterval: 1, ZetaK: 3}); err == nil {
		t.Error("minimum interval 1 accepted")
	}
	w, _ := NewBVGraphWriter(&bytes.Buffer{}, nil, DefaultBVGraphParams())
	if err := w.Add([]uint32{3, 3}); err == nil || !strings.Contains(err.Error(), "not sorted") {
		t.Errorf("duplicate: %v", err)
	}
	w, _ = NewBVGraphWriter(&bytes.Buffer{}, nil, DefaultBVGraphParams())
	if err := w.Add([]uint32{0, 5}); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err == nil || !strings.Contains(err.Error(), "page 5") {
		t.Errorf("link to a missing page: %v", err)
	}
	// A failing output stops the writer, for good.
	w, _ = NewBVGraphWriter(failWriter{}, nil, DefaultBVGraphParams())
	lists := bvRandomLists(rand.New(rand.NewPCG(1, 1)), 3000)
	var err error
	for _, l := range lists {
		if err = w.Add(l); err != nil {
			break
		}
	}
	if err == nil {
		err = w.Close()
	}
	if err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("failing output: %v", err)
	}
	if err2 := w.Add(nil); err2 != err {
		t.Errorf("after a failure: %v, want %v", err2, err)
	}
}

// failWriter fails every write.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// Java's number formats.
func TestBVGraphPropertyFormats(t *testing.T) {
	for _, c := range []struct {
		got, want string
	}{
		{bvDecimal3(1.0005), "1"},     // 1.0005 is 1.000499999… in binary
		{bvDecimal3(2.8965), "2.897"}, // and 2.8965 is 2.896500…07
		{bvDecimal3(0.0625), "0.062"},
		{bvDecimal3(5.1), "5.1"},
		{bvDecimal3(3), "3"},
		{bvDecimal3(math.Inf(1)), "∞"},
		{bvJavaDouble(2.6133784090933467), "2.6133784090933467"},
		{bvJavaDouble(1), "1.0"},
		{bvJavaDouble(1e-5), "1.0E-5"},
		{bvJavaDouble(1.5e7), "1.5E7"},
		{bvEscapePropertyValue("a:b=c ∞"), `a\:b\=c \u221E`},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
	for _, c := range []struct {
		a, b int64
		want string
	}{{1, 2000, "0.000"}, {3, 2000, "0.002"}, {3607511, 2000, "1803.756"}, {7, 1, "7.000"}} {
		if s := bvDivHalfEven3(big.NewInt(c.a), uint64(c.b)); s != c.want {
			t.Errorf("%d/%d: %s, want %s", c.a, c.b, s, c.want)
		}
	}
}

// BenchmarkBVGraphWriterCNR2000 compresses LAW's cnr-2000 (decoded
// beforehand) with WebGraph's defaults; it reports links per second.
func BenchmarkBVGraphWriterCNR2000(b *testing.B) {
	g := bvLoadShared(b, "cnr-2000/cnr-2000", false)
	lists := bvGraphLists(g)
	b.ResetTimer()
	for range b.N {
		w, err := NewBVGraphWriter(io.Discard, io.Discard, DefaultBVGraphParams())
		if err != nil {
			b.Fatal(err)
		}
		for _, l := range lists {
			if err := w.Add(l); err != nil {
				b.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(g.NumArcs())*float64(b.N)/b.Elapsed().Seconds(), "links/s")
}

// Add copies the list it is given: the caller may reuse its slice, as
// the generator and the transpose do.
func TestBVGraphWriterCopiesLists(t *testing.T) {
	lists := bvRandomLists(rand.New(rand.NewPCG(7, 7)), 500)
	want, _, _ := bvWriteLists(t, lists, DefaultBVGraphParams())
	var gb bytes.Buffer
	w, err := NewBVGraphWriter(&gb, nil, DefaultBVGraphParams())
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]uint32, 0, 1000)
	for _, l := range lists {
		buf = append(buf[:0], l...)
		if err := w.Add(buf); err != nil {
			t.Fatal(err)
		}
		for i := range buf {
			buf[i] = 0
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(gb.Bytes(), want) {
		t.Fatal("a reused slice changed what was written")
	}
}

// WriteBVGraph writes the files the writer writes list by list, from CSR
// arrays and from a BVGraph read in place alike.
func TestWriteBVGraphOfGraph(t *testing.T) {
	lists := bvRandomLists(rand.New(rand.NewPCG(3, 3)), 400)
	p := BVGraphParams{Window: 3, MaxRefCount: 2, MinInterval: 2, ZetaK: 4}
	gr, off, props := bvWriteLists(t, lists, p)
	pr, err := ReadBVGraphProperties(bytes.NewReader(props), "w.properties")
	if err != nil {
		t.Fatal(err)
	}
	bv, err := OpenBVGraph(gr, "w.graph", pr, bytes.NewReader(off), "w.offsets", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range []*graph.Graph{rtGraphOfLists(t, lists), {Lists: bv}} {
		var gb, ob, pb bytes.Buffer
		st, err := WriteBVGraph(g, &gb, &ob, &pb, p)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(gb.Bytes(), gr) || !bytes.Equal(ob.Bytes(), off) || !bytes.Equal(pb.Bytes(), props) {
			t.Fatalf("WriteBVGraph of a graph (in place: %v) wrote other files", !g.IsCSR())
		}
		if st.Nodes != 400 || st.Arcs != uint64(g.NumArcs()) {
			t.Fatalf("stats %d pages %d links", st.Nodes, st.Arcs)
		}
	}
}

// TestBVGraphParamsCheckNamesTheField: a parameter out of its range is a
// *BVGraphParamError naming the field, its value and its range, which the
// command line says in its flags' words; the defaults pass.
func TestBVGraphParamsCheckNamesTheField(t *testing.T) {
	if err := DefaultBVGraphParams().Check(); err != nil {
		t.Fatalf("the defaults: %v", err)
	}
	for _, c := range []struct {
		set   func(*BVGraphParams)
		param string
		value int
		msg   string
	}{
		{func(p *BVGraphParams) { p.Window = -1 }, "Window", -1, "graphio: BVGraph window -1: want 0 (no copies) to 65536"},
		{func(p *BVGraphParams) { p.MaxRefCount = -2 }, "MaxRefCount", -2, "graphio: BVGraph maximum reference count -2: want 0 to 2147483647"},
		{func(p *BVGraphParams) { p.MinInterval = 1 }, "MinInterval", 1, "graphio: BVGraph minimum interval length 1: want 0 (no intervals) or 2 to 1073741824"},
		{func(p *BVGraphParams) { p.ZetaK = 0 }, "ZetaK", 0, "graphio: BVGraph ζ_k's k 0: want 1 to 62"},
	} {
		p := DefaultBVGraphParams()
		c.set(&p)
		err := p.Check()
		var pe *BVGraphParamError
		if !errors.As(err, &pe) || pe.Param != c.param || pe.Value != c.value || err.Error() != c.msg {
			t.Errorf("Check of %+v: %v; want a BVGraphParamError of %s = %d, %q", p, err, c.param, c.value, c.msg)
		}
	}
}
