package graphio

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/crawlsim/crawlsim/engine/graph"
	"pgregory.net/rapid"
)

// openInPlace opens encoded lists in place; the test encoder picks the
// shortest reference whatever the chain, so the properties allow any.
func openInPlace(t testing.TB, lists [][]uint32, cfg bvTestConfig, withOffsets bool) *BVGraph {
	t.Helper()
	data, offs := bvTestEncode(lists, cfg)
	props := cfg.props(lists)
	props.MaxRefCount = -1
	var or *bytes.Reader
	if withOffsets {
		or = bytes.NewReader(offs)
	}
	var g *BVGraph
	var err error
	if or != nil {
		g, err = OpenBVGraph(data, "t.graph", props, or, "t.offsets", nil)
	} else {
		g, err = OpenBVGraph(data, "t.graph", props, nil, "", nil)
	}
	if err != nil {
		t.Fatalf("OpenBVGraph: %v", err)
	}
	return g
}

// TestInPlaceRandomAccessEqualsSequential decodes random graphs in every
// parameter set, in increasing order and in a random order, and compares
// every list and outdegree with the lists encoded.
func TestInPlaceRandomAccessEqualsSequential(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(1, 120).Draw(rt, "pages")
		seed := rapid.Uint64().Draw(rt, "seed")
		cfg := bvTestConfigs[rapid.IntRange(0, len(bvTestConfigs)-1).Draw(rt, "config")]
		withOffsets := rapid.Bool().Draw(rt, "offsets")
		lists := bvRandomLists(rand.New(rand.NewPCG(seed, 1)), n)
		bv := openInPlace(t, lists, cfg, withOffsets)
		seq := bv.NewCursor()
		for i, want := range lists {
			if got := seq.Out(uint32(i)); !slices.Equal(got, want) {
				rt.Fatalf("sequential page %d: got %v, want %v", i, got, want)
			}
			if d := bv.OutDegree(uint32(i)); d != len(want) {
				rt.Fatalf("outdegree of page %d: %d, want %d", i, d, len(want))
			}
		}
		random := bv.NewCursor()
		order := rand.New(rand.NewPCG(seed, 2)).Perm(n)
		for _, i := range order {
			if got := random.Out(uint32(i)); !slices.Equal(got, lists[i]) {
				rt.Fatalf("random access to page %d: got %v, want %v", i, got, lists[i])
			}
		}
		if seq.Err() != nil || random.Err() != nil {
			rt.Fatalf("errors: %v, %v", seq.Err(), random.Err())
		}
	})
}

// TestInPlaceGraphMatchesDecodedOnRealData compares the in-place graph of
// each shared BVGraph with the CSR that ReadBVGraph decodes: every list,
// in order and backwards, and the statistics computed over each.
func TestInPlaceGraphMatchesDecodedOnRealData(t *testing.T) {
	for _, base := range []string{"cnr-2000/cnr-2000", "cnr-2000/cnr-2000-t", "cs-stanford/cs-stanford"} {
		t.Run(base, func(t *testing.T) {
			csr := bvLoadShared(t, base, false)
			props, err := ReadBVGraphProperties(bytes.NewReader(bvReadFileOrSkip(t, base+".properties")), base+".properties")
			if err != nil {
				t.Fatal(err)
			}
			var offsets *bytes.Reader
			if !strings.HasPrefix(base, "cs-stanford") {
				offsets = bytes.NewReader(bvReadFileOrSkip(t, base+".offsets"))
			}
			data := bvReadFileOrSkip(t, base+".graph")
			var bv *BVGraph
			if offsets != nil {
				bv, err = OpenBVGraph(data, base+".graph", props, offsets, base+".offsets", nil)
			} else {
				bv, err = OpenBVGraph(data, base+".graph", props, nil, "", nil)
			}
			if err != nil {
				t.Fatalf("OpenBVGraph: %v", err)
			}
			g := &graph.Graph{Lists: bv}
			if err := g.Validate(); err != nil {
				t.Fatal(err)
			}
			if g.NumNodes() != csr.NumNodes() || g.NumArcs() != csr.NumArcs() {
				t.Fatalf("%d pages and %d links, want %d and %d", g.NumNodes(), g.NumArcs(), csr.NumNodes(), csr.NumArcs())
			}
			s := g.Successors()
			for i := range csr.NumNodes() {
				if got, want := s.Out(uint32(i)), csr.Out(uint32(i)); !slices.Equal(got, want) {
					t.Fatalf("page %d: got %v, want %v", i, got, want)
				}
			}
			back := g.Successors()
			for i := csr.NumNodes() - 1; i >= 0; i -= 7 {
				if got, want := back.Out(uint32(i)), csr.Out(uint32(i)); !slices.Equal(got, want) {
					t.Fatalf("backwards, page %d: got %v, want %v", i, got, want)
				}
			}
			if s.Err() != nil || back.Err() != nil {
				t.Fatal(s.Err(), back.Err())
			}
			if a, b := graph.ComputeStats(g, 5), graph.ComputeStats(csr, 5); !statsEqual(a, b) {
				t.Fatalf("stats differ: %+v, want %+v", a, b)
			}
			tr, want := g.Transpose(), csr.Transpose()
			if !slices.Equal(tr.Offsets, want.Offsets) || !slices.Equal(tr.Targets, want.Targets) {
				t.Fatal("the transpose of the in-place graph differs from the CSR's")
			}
		})
	}
}

func statsEqual(a, b graph.Stats) bool {
	return a.Pages == b.Pages && a.Links == b.Links && a.Dangling == b.Dangling &&
		a.SelfLoops == b.SelfLoops && a.OutDegree == b.OutDegree && a.InDegree == b.InDegree
}

// TestInPlaceRefusesWhatTheSequentialReaderRefuses opens corrupted copies
// of a small graph in place: each is refused with an *Error exactly when
// ReadBVGraph refuses it, and neither panics.
func TestInPlaceRefusesWhatTheSequentialReaderRefuses(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	lists := bvRandomLists(rng, 60)
	cfg := bvTestConfigs[0]
	data, offs := bvTestEncode(lists, cfg)
	for trial := range 400 {
		d := slices.Clone(data)
		o := slices.Clone(offs)
		switch trial % 3 {
		case 0:
			d[rng.IntN(len(d))] ^= byte(1 << rng.IntN(8))
		case 1:
			d = d[:rng.IntN(len(d))]
		case 2:
			o[rng.IntN(len(o))] ^= byte(1 << rng.IntN(8))
		}
		props := cfg.props(lists)
		props.MaxRefCount = -1
		_, seqErr := ReadBVGraph(bytes.NewReader(d), "t.graph", props, bytes.NewReader(o), "t.offsets")
		_, err := OpenBVGraph(d, "t.graph", props, bytes.NewReader(o), "t.offsets", nil)
		if (err == nil) != (seqErr == nil) {
			t.Fatalf("trial %d: in place %v, sequential %v", trial, err, seqErr)
		}
		var e *Error
		if err != nil && !errors.As(err, &e) {
			t.Fatalf("trial %d: %v is not an *Error", trial, err)
		}
	}
}

// TestInPlaceChainLongerThanMaxRefCount opens a graph whose reference
// chains exceed its maxrefcount, as one compressed for sequential access
// only may: random access follows the whole chain.
func TestInPlaceChainLongerThanMaxRefCount(t *testing.T) {
	// Every list equal to the one before makes the encoder chain them all.
	lists := make([][]uint32, 10)
	for i := range lists {
		lists[i] = []uint32{0, 3, 5, 9}
	}
	data, _ := bvTestEncode(lists, bvTestConfigs[0])
	props := bvTestConfigs[0].props(lists)
	props.MaxRefCount = 2
	bv, err := OpenBVGraph(data, "t.graph", props, nil, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	c := bv.NewCursor()
	if got := c.Out(9); !slices.Equal(got, lists[9]) || c.Err() != nil {
		t.Fatalf("page 9 at random: %v (%v), want %v", got, c.Err(), lists[9])
	}
}

// FuzzBVGraphInPlace opens arbitrary bytes as a small BVGraph in place
// and decodes every list at random: an error, never a panic or a read
// outside the data. Opened while packing, it gives the same error, or
// packed lists equal to those a cursor decodes.
func FuzzBVGraphInPlace(f *testing.F) {
	lists := bvRandomLists(rand.New(rand.NewPCG(3, 3)), 30)
	data, offs := bvTestEncode(lists, bvTestConfigs[0])
	f.Add(data, offs, int64(30), int64(len(slices.Concat(lists...))), true)
	f.Add(data, []byte{}, int64(30), int64(len(slices.Concat(lists...))), false)
	f.Fuzz(func(t *testing.T, data, offs []byte, nodes, arcs int64, withOffsets bool) {
		if nodes <= 0 || nodes > 1000 || arcs < 0 || arcs > 100000 {
			return
		}
		props := &BVGraphProperties{Nodes: nodes, Arcs: arcs, WindowSize: 7, MaxRefCount: 3, MinIntervalLength: 4, ZetaK: 3}
		open := func(pack *graph.PackWriter) (*BVGraph, error) {
			if withOffsets {
				return openBVGraph(data, "f.graph", props, bytes.NewReader(offs), "f.offsets", bvCheck{pack: pack})
			}
			return openBVGraph(data, "f.graph", props, nil, "", bvCheck{pack: pack})
		}
		bv, err := open(nil)
		pack := graph.NewPackWriter(int(nodes), arcs, 0, nil)
		_, perr := open(pack)
		if fmt.Sprint(err) != fmt.Sprint(perr) {
			t.Fatalf("opened while packing: %v, without: %v", perr, err)
		}
		if err != nil {
			return
		}
		p, err := pack.Lists()
		if err != nil {
			t.Fatalf("a graph that opened fails to pack: %v", err)
		}
		c, pc := bv.NewCursor(), p.NewCursor()
		for i := nodes - 1; i >= 0; i-- {
			if got, want := pc.Out(uint32(i)), c.Out(uint32(i)); !slices.Equal(got, want) {
				t.Fatalf("page %d packed: %v, decoded: %v", i, got, want)
			}
			bv.OutDegree(uint32(i))
		}
		if c.Err() != nil {
			t.Fatalf("a graph that opened fails to decode: %v", c.Err())
		}
	})
}

// benchInPlaceCNR opens cnr-2000 in place, or skips.
func benchInPlaceCNR(b *testing.B) *BVGraph {
	props, err := ReadBVGraphProperties(bytes.NewReader(bvReadFileOrSkip(b, "cnr-2000/cnr-2000.properties")), "cnr-2000.properties")
	if err != nil {
		b.Fatal(err)
	}
	bv, err := OpenBVGraph(bvReadFileOrSkip(b, "cnr-2000/cnr-2000.graph"), "cnr-2000.graph", props, bytes.NewReader(bvReadFileOrSkip(b, "cnr-2000/cnr-2000.offsets")), "cnr-2000.offsets", nil)
	if err != nil {
		b.Fatal(err)
	}
	return bv
}

// BenchmarkInPlaceSequential decodes every list of cnr-2000 in order;
// ns/op is per link.
func BenchmarkInPlaceSequential(b *testing.B) {
	bv := benchInPlaceCNR(b)
	b.ResetTimer()
	for b.Loop() {
		c := bv.NewCursor()
		for i := range bv.NumNodes() {
			c.Out(uint32(i))
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(int64(b.N)*bv.NumArcs()), "ns/link")
}

// BenchmarkInPlaceRandom decodes every list of cnr-2000 in a random
// order, as a crawl asks for them.
func BenchmarkInPlaceRandom(b *testing.B) {
	bv := benchInPlaceCNR(b)
	order := rand.New(rand.NewPCG(1, 1)).Perm(bv.NumNodes())
	b.ResetTimer()
	for b.Loop() {
		c := bv.NewCursor()
		for _, i := range order {
			c.Out(uint32(i))
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(int64(b.N)*bv.NumArcs()), "ns/link")
}

// benchPackedCNR returns cnr-2000 packed while it was opened in place.
func benchPackedCNR(b *testing.B) graph.Lists {
	bv := benchInPlaceCNR(b)
	w := graph.NewPackWriter(bv.NumNodes(), bv.NumArcs(), 0, nil)
	props := bv.Properties()
	if _, err := openBVGraph(bv.data, "cnr-2000.graph", &props, nil, "", bvCheck{pack: w}); err != nil {
		b.Fatal(err)
	}
	p, err := w.Lists()
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("cnr-2000 packed: %.2f bytes a link", float64(p.Bytes())/float64(bv.NumArcs()))
	return p
}

// BenchmarkPackedSequential and BenchmarkPackedRandom decode cnr-2000's
// lists packed from the BVGraph, as the two benchmarks above do in place.
func BenchmarkPackedSequential(b *testing.B) {
	p := benchPackedCNR(b)
	b.ResetTimer()
	for b.Loop() {
		c := p.NewCursor()
		for i := range p.NumNodes() {
			c.Out(uint32(i))
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(int64(b.N)*p.NumArcs()), "ns/link")
}

func BenchmarkPackedRandom(b *testing.B) {
	p := benchPackedCNR(b)
	order := rand.New(rand.NewPCG(1, 1)).Perm(p.NumNodes())
	b.ResetTimer()
	for b.Loop() {
		c := p.NewCursor()
		for _, i := range order {
			c.Out(uint32(i))
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(int64(b.N)*p.NumArcs()), "ns/link")
}

// BenchmarkLoadPacked loads cnr-2000 mapped and packs it, as the command
// line does before a run: the checking pass that packs as it decodes.
func BenchmarkLoadPacked(b *testing.B) {
	fsys := &mappedMapFS{MapFS: fstest.MapFS{}}
	for _, ext := range []string{".graph", ".properties", ".offsets"} {
		fsys.MapFS["cnr-2000"+ext] = &fstest.MapFile{Data: bvReadFileOrSkip(b, "cnr-2000/cnr-2000"+ext)}
	}
	for b.Loop() {
		g, _, err := Load(fsys, "cnr-2000.graph", LoadOptions{Pack: 1 << 30})
		if err != nil {
			b.Fatal(err)
		}
		if _, ok := g.Lists.(*graph.PackedLists); !ok {
			b.Fatalf("cnr-2000 loaded as %T, want packed", g.Lists)
		}
	}
}

// TestCheckingPassReleasesWhatItRead: the checking pass hands release the
// bytes of the .graph it has read, in order, every releaseEvery bytes,
// and the rest at its end: every byte once, none before it is read.
func TestCheckingPassReleasesWhatItRead(t *testing.T) {
	data := bvReadFileOrSkip(t, "cnr-2000/cnr-2000.graph")
	props, err := ReadBVGraphProperties(bytes.NewReader(bvReadFileOrSkip(t, "cnr-2000/cnr-2000.properties")), "cnr-2000.properties")
	if err != nil {
		t.Fatal(err)
	}
	defer func(old uint64) { releaseEvery = old }(releaseEvery)
	releaseEvery = 64 << 10
	var parts [][]byte
	bv, err := openBVGraph(data, "cnr-2000.graph", props, nil, "", bvCheck{release: func(b []byte) { parts = append(parts, b) }})
	if err != nil {
		t.Fatal(err)
	}
	if min := len(data) / (64 << 10); len(parts) < min {
		t.Fatalf("%d releases of a %d-byte .graph, want at least %d", len(parts), len(data), min)
	}
	at := 0
	for k, b := range parts {
		if len(b) == 0 || &b[0] != &data[at] {
			t.Fatalf("release %d does not start at byte %d, where the last ended", k, at)
		}
		if k < len(parts)-1 && uint64(len(b)) < releaseEvery {
			t.Errorf("release %d of %d bytes, fewer than releaseEvery", k, len(b))
		}
		at += len(b)
	}
	if at != len(data) {
		t.Errorf("released %d of %d bytes", at, len(data))
	}
	// The lists read as they were: the pages come back from the file.
	want := bvLoadShared(t, "cnr-2000/cnr-2000", false)
	c := bv.NewCursor()
	for i := range want.NumNodes() {
		if got := c.Out(uint32(i)); !slices.Equal(got, want.Out(uint32(i))) {
			t.Fatalf("page %d: %v, want %v", i, got, want.Out(uint32(i)))
		}
	}
}

// TestInPlaceWindowLargerThanTheGraph opens a graph whose properties
// announce a window far beyond its pages: a cursor's ring holds at most
// one list a page, not one a window slot, and the lists decode as
// encoded.
func TestInPlaceWindowLargerThanTheGraph(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 11))
	lists := bvRandomLists(rng, 60)
	cfg := bvTestConfigs[0]
	data, offs := bvTestEncode(lists, cfg)
	props := cfg.props(lists)
	props.MaxRefCount = -1
	props.WindowSize = 1 << 24
	g, err := OpenBVGraph(data, "t.graph", props, bytes.NewReader(offs), "t.offsets", nil)
	if err != nil {
		t.Fatalf("OpenBVGraph: %v", err)
	}
	c := g.NewCursor()
	if n := len(c.(*bvCursor).ring.lists); n > len(lists)+1 {
		t.Errorf("cursor keeps %d slots for %d pages", n, len(lists))
	}
	for x := len(lists) - 1; x >= 0; x-- {
		if got := c.Out(uint32(x)); !slices.Equal(got, lists[x]) {
			t.Fatalf("list %d: %v, want %v", x, got, lists[x])
		}
	}
}

// TestCursorRingKeepsLongListsWithinItsLimit: a cursor over a graph whose
// lists are all long (bvBomb: each copies the one before) keeps, beside
// the lists of the window, at most bvCursorRingEntries entries in its
// ring, instead of a long list in every slot, and still decodes every
// list, in increasing and in decreasing order.
func TestCursorRingKeepsLongListsWithinItsLimit(t *testing.T) {
	defer func(old int) { bvCursorRingEntries = old }(bvCursorRingEntries)
	bvCursorRingEntries = 4096
	const n, width = 600, 512
	data, text := bvBomb(n, width)
	props, err := ReadBVGraphProperties(strings.NewReader(text), "b.properties")
	if err != nil {
		t.Fatal(err)
	}
	g, err := OpenBVGraph(data, "b.graph", props, nil, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	want := make([]uint32, width)
	for i := range want {
		want[i] = uint32(i)
	}
	c := g.NewCursor()
	ring := c.(*bvCursor).ring
	// The window's lists (window 1: two) and one list being decoded,
	// each at most twice its length in capacity.
	most := bvCursorRingEntries + 3*2*width
	order := make([]int, 0, 2*n)
	for x := range n {
		order = append(order, x)
	}
	for x := n - 1; x >= n-50; x-- {
		order = append(order, x)
	}
	for _, x := range order {
		if got := c.Out(uint32(x)); !slices.Equal(got, want) {
			t.Fatalf("list %d: %d entries, want 0..%d (%v)", x, len(got), width-1, c.Err())
		}
		held := 0
		for _, l := range ring.lists {
			held += cap(l)
		}
		if held > most {
			t.Fatalf("after list %d the ring holds %d entries, more than %d", x, held, most)
		}
	}
}

// TestInPlaceRewrittenListIsAnError: bytes of the .graph rewritten after
// the checking pass (a mapped file changed) make a cursor report an error
// naming the file for every list that now decodes to another length: a
// list of 0xff bytes decodes as an empty list, which used to pass as the
// page's. The lists before the rewritten bytes decode as encoded.
func TestInPlaceRewrittenListIsAnError(t *testing.T) {
	lists := make([][]uint32, 60)
	for x := range lists {
		for _, s := range []uint32{1, 2, 3, 11, 29} {
			lists[x] = append(lists[x], (uint32(x)+s)%60)
		}
		slices.Sort(lists[x])
	}
	for _, cfg := range bvTestConfigs {
		for _, fill := range []byte{0x00, 0xff} {
			g := openInPlace(t, lists, cfg, false)
			mid := len(g.data) / 2
			for k := mid; k < len(g.data); k++ {
				g.data[k] = fill
			}
			for x := range uint32(len(lists)) {
				c := g.NewCursor() // of its own: a cursor that failed stays failed
				got, err := c.Out(x), c.Err()
				switch {
				case g.positions[x+1] <= uint64(mid)*8:
					if err != nil || !slices.Equal(got, lists[x]) {
						t.Fatalf("%+v, fill %#x: page %d before the rewritten bytes: %v, %v, want %v", cfg, fill, x, got, err, lists[x])
					}
				case g.positions[x] >= uint64(mid)*8:
					if err == nil || !strings.Contains(err.Error(), "t.graph") {
						t.Fatalf("%+v, fill %#x: page %d, rewritten: %v, %v, want an error naming t.graph", cfg, fill, x, got, err)
					}
				}
			}
		}
	}
}
