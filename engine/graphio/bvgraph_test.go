package graphio

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/bits"
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

func TestReadBVGraphPropertiesCNR2000(t *testing.T) {
	data := bvReadFileOrSkip(t, "cnr-2000/cnr-2000.properties")
	p, err := ReadBVGraphProperties(bytes.NewReader(data), "cnr-2000.properties")
	if err != nil {
		t.Fatal(err)
	}
	// Values as written in the file.
	want := BVGraphProperties{Nodes: 325557, Arcs: 3216152, WindowSize: 7, MaxRefCount: 3,
		MinIntervalLength: 4, ZetaK: 3, Version: 0, CompressionFlags: "", GraphClass: "it.unimi.dsi.webgraph.BVGraph"}
	if *p != want {
		t.Errorf("got %+v\nwant %+v", *p, want)
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
// Instantaneous codes on hand-computed bit strings.

// bvBitsToBytes packs a string of '0' and '1' (blanks ignored) MSB-first.
func bvBitsToBytes(s string) []byte {
	var out []byte
	n := 0
	for _, c := range s {
		if c != '0' && c != '1' {
			continue
		}
		if n%8 == 0 {
			out = append(out, 0)
		}
		if c == '1' {
			out[n/8] |= 0x80 >> (n % 8)
		}
		n++
	}
	return out
}

func TestBVCodesHandComputed(t *testing.T) {
	type read struct {
		code bvCode
		k    uint
		want uint64
	}
	cases := []struct {
		name  string
		bits  string
		reads []read
	}{
		// Unary: x zeros then a one.
		{"unary", "1 01 0001", []read{{bvCodeUnary, 0, 0}, {bvCodeUnary, 0, 1}, {bvCodeUnary, 0, 3}}},
		// γ(x): x+1 in binary has msb+1 digits; write msb in unary, then the
		// msb digits after the leading one.
		// 0: 1 = 1b → "1"; 1: 2 = 10b → "0 1 0"; 2: 3 = 11b → "0 1 1";
		// 3: 4 = 100b → "00 1 00"; 6: 7 = 111b → "00 1 11"; 7: 8 = 1000b → "000 1 000".
		{"gamma", "1 010 011 00100 00111 0001000", []read{
			{bvCodeGamma, 0, 0}, {bvCodeGamma, 0, 1}, {bvCodeGamma, 0, 2},
			{bvCodeGamma, 0, 3}, {bvCodeGamma, 0, 6}, {bvCodeGamma, 0, 7}}},
		// δ(x): as γ, with msb in γ. 0: msb 0 → γ(0) = "1"; 1: 2 = 10b, msb 1
		// → γ(1) "010" + "0"; 4: 5 = 101b, msb 2 → γ(2) "011" + "01".
		{"delta", "1 0100 01101", []read{{bvCodeDelta, 0, 0}, {bvCodeDelta, 0, 1}, {bvCodeDelta, 0, 4}}},
		// ζ_3(x): v = x+1 in [2^(3h), 2^(3h+3)); h in unary; then z = v-2^(3h)
		// in minimal binary over 2^(3h+3)-2^(3h) values: z < 2^(3h) in 3h+2
		// bits, else z+2^(3h) in 3h+3 bits.
		// 0: v=1, h=0, z=0 < 1 → "1"+"00". 1: v=2, z=1 ≥ 1 → 1+1=2 in 3 bits "010".
		// 6: v=7, z=6 → 7 = "111". 7: v=8, h=1, z=0 < 8 → "01"+"00000".
		// 8: z=1 → "01"+"00001". 15: v=16, z=8 ≥ 8 → 16 in 6 bits "010000".
		{"zeta3", "1 00 1 010 1 111 01 00000 01 00001 01 010000", []read{
			{bvCodeZeta, 3, 0}, {bvCodeZeta, 3, 1}, {bvCodeZeta, 3, 6},
			{bvCodeZeta, 3, 7}, {bvCodeZeta, 3, 8}, {bvCodeZeta, 3, 15}}},
		// ζ_1 is γ: 3 → "00100".
		{"zeta1", "00100 1", []read{{bvCodeZeta, 1, 3}, {bvCodeZeta, 1, 0}}},
		// Nibble: stop bit (1 = last group) then 3 bits. 5 = 101b → "1 101";
		// 9 = 001 001b → "0 001" "1 001"; 0 → "1 000".
		{"nibble", "1101 0001 1001 1000", []read{{bvCodeNibble, 0, 5}, {bvCodeNibble, 0, 9}, {bvCodeNibble, 0, 0}}},
		// Golomb b=3: quotient in unary, remainder r in minimal binary over
		// [0,3): log2 3 = 1, threshold 2^2-3 = 1; r=0 → "0", r ≥ 1 → r+1 in 2
		// bits. 7 = 2·3+1 → "001"+"10"; 0 → "1"+"0"; 5 = 1·3+2 → "01"+"11".
		{"golomb3", "001 10 1 0 01 11", []read{{bvCodeGolomb, 3, 7}, {bvCodeGolomb, 3, 0}, {bvCodeGolomb, 3, 5}}},
		// Codes longer than the 64-bit window: unary 100; γ(2^40-1) is 40
		// zeros, a one, 40 zeros; ζ_3(2^45-1): v = 2^45, h = 15, z = 0 <
		// 2^45 in 47 bits.
		{"long", strings.Repeat("0", 100) + "1" + strings.Repeat("0", 40) + "1" + strings.Repeat("0", 40) +
			strings.Repeat("0", 15) + "1" + strings.Repeat("0", 47) + "1",
			[]read{{bvCodeUnary, 0, 100}, {bvCodeGamma, 0, 1<<40 - 1}, {bvCodeZeta, 3, 1<<45 - 1}, {bvCodeGamma, 0, 0}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := newBVBitReader(bvBitsToBytes(tc.bits))
			for i, rd := range tc.reads {
				got := r.read(rd.code, rd.k)
				if r.overrun() {
					t.Fatalf("read %d (%v): overrun at bit %d (%s)", i, rd.code, r.pos, r.faultMsg)
				}
				if got != rd.want {
					t.Fatalf("read %d (%v): got %d, want %d", i, rd.code, got, rd.want)
				}
			}
			wantBits := uint64(len(strings.Map(func(c rune) rune {
				if c == '0' || c == '1' {
					return c
				}
				return -1
			}, tc.bits)))
			if r.pos != wantBits {
				t.Errorf("consumed %d bits, want %d", r.pos, wantBits)
			}
		})
	}
}

func TestBVCodesRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	type item struct {
		code bvCode
		k    uint
		v    uint64
	}
	var items []item
	var w bvTestBitWriter
	codes := []bvCode{bvCodeGamma, bvCodeDelta, bvCodeUnary, bvCodeZeta, bvCodeNibble, bvCodeGolomb}
	for i := 0; i < 20000; i++ {
		c := codes[rng.IntN(len(codes))]
		k := uint(1 + rng.IntN(7))
		v := rng.Uint64() >> (1 + rng.IntN(63))
		switch c {
		case bvCodeUnary, bvCodeGolomb:
			v %= 300
		case bvCodeZeta:
			v >>= 8 // at most 56 bits: (h+1)·k ≤ 63 for every k ≤ 7
		}
		w.write(c, v, k)
		items = append(items, item{c, k, v})
	}
	r := newBVBitReader(w.bytes())
	for i, it := range items {
		if got := r.read(it.code, it.k); got != it.v || r.overrun() {
			t.Fatalf("item %d: %v(k=%d) of %d read back as %d (overrun %v)", i, it.code, it.k, it.v, got, r.overrun())
		}
	}
	if r.pos != w.n {
		t.Fatalf("read %d bits, wrote %d", r.pos, w.n)
	}
}

func TestBVNat2Int(t *testing.T) {
	// Fast.nat2int: even 2x ↦ x, odd 2x+1 ↦ -x-1.
	for nat, want := range []int64{0, -1, 1, -2, 2, -3, 3} {
		if got := bvNat2Int(uint64(nat)); got != want {
			t.Errorf("nat2int(%d) = %d, want %d", nat, got, want)
		}
	}
	if got := bvNat2Int(1<<64 - 1); got != -(1 << 63) {
		t.Errorf("nat2int(2^64-1) = %d", got)
	}
}

func TestBVBitReaderOverrunAndFault(t *testing.T) {
	// γ whose suffix is cut: "001" announces two more bits.
	r := newBVBitReader(bvBitsToBytes("00000001")) // "0000000 1" = msb 7, needs 7 more bits
	r.readGamma()
	if !r.overrun() || r.faultMsg != "" {
		t.Errorf("cut γ: overrun %v, fault %q; want a plain overrun", r.overrun(), r.faultMsg)
	}
	// All zeros: the unary part never ends.
	r = newBVBitReader(make([]byte, 20))
	r.readZeta(3)
	if !r.overrun() {
		t.Error("ζ over zeros should overrun")
	}
	// 70 zeros then a one: a γ code of a 70-bit number cannot be held.
	r = newBVBitReader(bvBitsToBytes(strings.Repeat("0", 70) + "1" + strings.Repeat("1", 80)))
	r.readGamma()
	if r.pos != bvFaulted || !strings.Contains(r.faultMsg, "64 bits") || r.faultPos != 0 {
		t.Errorf("long γ: pos %d fault %q at %d", r.pos, r.faultMsg, r.faultPos)
	}
	// After a fault every read stays faulted and cheap.
	for _, c := range []bvCode{bvCodeGamma, bvCodeDelta, bvCodeUnary, bvCodeZeta, bvCodeNibble, bvCodeGolomb} {
		r.read(c, 3)
		if !r.overrun() {
			t.Errorf("%v after a fault: not overrun", c)
		}
	}
}

// ---------------------------------------------------------------------------
// A test-only BVGraph encoder, written from the format description in
// BVGraph.java (Java WebGraph) and BVComp (webgraph-rs): for every node it
// tries every reference in the window and keeps the shortest encoding.

// bvTestBitWriter writes codes MSB-first.
type bvTestBitWriter struct {
	buf []byte
	n   uint64 // bits written
}

func (w *bvTestBitWriter) writeBit(b uint64) {
	if w.n%8 == 0 {
		w.buf = append(w.buf, 0)
	}
	if b != 0 {
		w.buf[w.n/8] |= 0x80 >> (w.n % 8)
	}
	w.n++
}

func (w *bvTestBitWriter) writeBits(v uint64, k uint) {
	for i := int(k) - 1; i >= 0; i-- {
		w.writeBit(v >> uint(i) & 1)
	}
}

func (w *bvTestBitWriter) writeUnary(x uint64) {
	for ; x > 0; x-- {
		w.writeBit(0)
	}
	w.writeBit(1)
}

func (w *bvTestBitWriter) writeGamma(x uint64) {
	msb := uint(bits.Len64(x+1) - 1)
	w.writeUnary(uint64(msb))
	w.writeBits(x+1, msb)
}

func (w *bvTestBitWriter) writeDelta(x uint64) {
	msb := uint(bits.Len64(x+1) - 1)
	w.writeGamma(uint64(msb))
	w.writeBits(x+1, msb)
}

func (w *bvTestBitWriter) writeZeta(x uint64, k uint) {
	v := x + 1
	h := uint(bits.Len64(v)-1) / k
	w.writeUnary(uint64(h))
	left := uint64(1) << (h * k)
	z := v - left
	if z < left {
		w.writeBits(z, h*k+k-1)
	} else {
		w.writeBits(z+left, h*k+k)
	}
}

func (w *bvTestBitWriter) writeNibble(x uint64) {
	groups := max(1, (bits.Len64(x)+2)/3)
	for g := groups - 1; g >= 0; g-- {
		stop := uint64(0)
		if g == 0 {
			stop = 1
		}
		w.writeBit(stop)
		w.writeBits(x>>(3*uint(g))&7, 3)
	}
}

func (w *bvTestBitWriter) writeGolomb(x, b uint64) {
	w.writeUnary(x / b)
	r := x % b
	log2b := uint(bits.Len64(b) - 1)
	m := (uint64(1) << (log2b + 1)) - b
	if r < m {
		w.writeBits(r, log2b)
	} else {
		w.writeBits(r+m, log2b+1)
	}
}

func (w *bvTestBitWriter) write(c bvCode, x uint64, k uint) {
	switch c {
	case bvCodeGamma:
		w.writeGamma(x)
	case bvCodeDelta:
		w.writeDelta(x)
	case bvCodeUnary:
		w.writeUnary(x)
	case bvCodeZeta:
		w.writeZeta(x, k)
	case bvCodeNibble:
		w.writeNibble(x)
	case bvCodeGolomb:
		w.writeGolomb(x, uint64(k))
	default:
		panic("bad code")
	}
}

func (w *bvTestBitWriter) bytes() []byte { return slices.Clone(w.buf) }

// bvTestConfig are the parameters of a test encoding.
type bvTestConfig struct {
	window, minIntv int
	zetaK           uint
	flags           string // compressionflags
}

func (c bvTestConfig) props(lists [][]uint32) *BVGraphProperties {
	m := 0
	for _, l := range lists {
		m += len(l)
	}
	return &BVGraphProperties{Nodes: int64(len(lists)), Arcs: int64(m), WindowSize: c.window,
		MaxRefCount: 3, MinIntervalLength: c.minIntv, ZetaK: int(c.zetaK), CompressionFlags: c.flags,
		GraphClass: "it.unimi.dsi.webgraph.BVGraph"}
}

func bvInt2Nat(v int64) uint64 { return uint64(v<<1) ^ uint64(v>>63) }

// bvTestEncode encodes sorted, duplicate-free successor lists; it returns
// the .graph bytes and the .offsets bytes.
func bvTestEncode(lists [][]uint32, cfg bvTestConfig) ([]byte, []byte) {
	codes, msg := bvParseFlags(cfg.flags)
	if msg != "" {
		panic(msg)
	}
	var w bvTestBitWriter
	var offs bvTestBitWriter
	prevPos := uint64(0)
	for x := range lists {
		offs.write(codes.offset, w.n-prevPos, cfg.zetaK)
		prevPos = w.n
		var best *bvTestBitWriter
		for r := 0; r <= min(cfg.window, x); r++ {
			var t bvTestBitWriter
			bvTestEncodeList(&t, lists, x, r, cfg, codes)
			if best == nil || t.n < best.n {
				best = &t
			}
			if len(lists[x]) == 0 {
				break
			}
		}
		for i := uint64(0); i < best.n; i++ {
			w.writeBit(uint64(best.buf[i/8]>>(7-i%8)) & 1)
		}
	}
	offs.write(codes.offset, w.n-prevPos, cfg.zetaK)
	return w.bytes(), offs.bytes()
}

// bvTestEncodeList writes the list of node x using reference r.
func bvTestEncodeList(w *bvTestBitWriter, lists [][]uint32, x, r int, cfg bvTestConfig, c bvCodes) {
	k := cfg.zetaK
	cur := lists[x]
	w.write(c.outdegree, uint64(len(cur)), k)
	if len(cur) == 0 {
		return
	}
	if cfg.window > 0 {
		w.write(c.reference, uint64(r), k)
	}
	extras := cur
	if r > 0 {
		ref := lists[x-r]
		in := map[uint32]bool{}
		for _, s := range cur {
			in[s] = true
		}
		// Alternating runs over the referenced list, starting with copy.
		var blocks []uint64
		copying, run := true, uint64(0)
		copied := map[uint32]bool{}
		for _, s := range ref {
			if in[s] != copying {
				blocks = append(blocks, run)
				copying, run = !copying, 0
			}
			run++
			if copying {
				copied[s] = true
			}
		}
		// The last run is implicit.
		w.write(c.blockCount, uint64(len(blocks)), k)
		for i, b := range blocks {
			if i > 0 {
				b--
			}
			w.write(c.block, b, k)
		}
		extras = nil
		for _, s := range cur {
			if !copied[s] {
				extras = append(extras, s)
			}
		}
	}
	if len(extras) == 0 {
		return
	}
	residuals := extras
	if cfg.minIntv > 0 {
		// Intervalize as BVGraph.intervalize does: maximal runs of
		// consecutive successors at least minIntv long.
		var lefts, lens []int
		residuals = nil
		for i := 0; i < len(extras); {
			j := i + 1
			for j < len(extras) && extras[j] == extras[j-1]+1 {
				j++
			}
			if j-i >= cfg.minIntv && j-i >= 2 {
				lefts = append(lefts, int(extras[i]))
				lens = append(lens, j-i)
			} else {
				residuals = append(residuals, extras[i:j]...)
			}
			i = j
		}
		w.write(c.interval, uint64(len(lefts)), k)
		next := 0
		for i := range lefts {
			if i == 0 {
				w.write(c.interval, bvInt2Nat(int64(lefts[0]-x)), k)
			} else {
				w.write(c.interval, uint64(lefts[i]-next-1), k)
			}
			w.write(c.interval, uint64(lens[i]-cfg.minIntv), k)
			next = lefts[i] + lens[i]
		}
	}
	for i, s := range residuals {
		if i == 0 {
			w.write(c.residual, bvInt2Nat(int64(s)-int64(x)), k)
		} else {
			w.write(c.residual, uint64(s-residuals[i-1]-1), k)
		}
	}
}

// bvRandomLists returns n successor lists with the locality BVGraph
// exploits: copies of recent lists with changes, runs of consecutive
// pages, scattered links, self-loops and empty lists.
func bvRandomLists(rng *rand.Rand, n int) [][]uint32 {
	lists := make([][]uint32, n)
	for x := range lists {
		set := map[uint32]bool{}
		switch rng.IntN(5) {
		case 0: // empty
		case 1: // like a recent list
			if x > 0 {
				src := lists[x-1-rng.IntN(min(x, 9))]
				for _, s := range src {
					if rng.IntN(4) != 0 {
						set[s] = true
					}
				}
			}
			fallthrough
		default:
			for i := rng.IntN(6); i > 0; i-- {
				set[uint32(rng.IntN(n))] = true
			}
			if rng.IntN(2) == 0 { // a run
				a := rng.IntN(n)
				for l := rng.IntN(9); l > 0 && a < n; l-- {
					set[uint32(a)] = true
					a++
				}
			}
			if rng.IntN(3) == 0 {
				set[uint32(x)] = true
			}
		}
		for s := range set {
			lists[x] = append(lists[x], s)
		}
		slices.Sort(lists[x])
	}
	return lists
}

// bvListsEqual reports whether a graph holds exactly the given lists.
func bvListsEqual(g *graph.Graph, lists [][]uint32) error {
	if g.NumNodes() != len(lists) {
		return fmt.Errorf("%d pages, want %d", g.NumNodes(), len(lists))
	}
	for i, l := range lists {
		if got := g.Out(uint32(i)); !slices.Equal(got, l) && (len(got) != 0 || len(l) != 0) {
			return fmt.Errorf("page %d: got %v, want %v", i, got, l)
		}
	}
	return nil
}

// bvTestConfigs cover the parameters and every code the reader accepts.
var bvTestConfigs = []bvTestConfig{
	{window: 7, minIntv: 4, zetaK: 3},
	{window: 0, minIntv: 0, zetaK: 3},
	{window: 1, minIntv: 2, zetaK: 1},
	{window: 3, minIntv: 0, zetaK: 5},
	{window: 7, minIntv: 3, zetaK: 3, flags: "OUTDEGREES_GAMMA|REFERENCES_UNARY|BLOCKS_GAMMA|RESIDUALS_ZETA|OFFSETS_GAMMA|BLOCK_COUNT_GAMMA|INTERVALS_GAMMA"},
	{window: 7, minIntv: 4, zetaK: 2, flags: "OUTDEGREES_DELTA | RESIDUALS_GAMMA | REFERENCES_GAMMA | OFFSETS_DELTA"},
	{window: 5, minIntv: 4, zetaK: 3, flags: "BLOCKS_DELTA|BLOCK_COUNT_UNARY|RESIDUALS_DELTA|REFERENCES_DELTA"},
	{window: 4, minIntv: 2, zetaK: 4, flags: "RESIDUALS_NIBBLE|INTERVALS_DELTA|OUTDEGREES_ZETA|REFERENCES_ZETA"},
	{window: 2, minIntv: 5, zetaK: 6, flags: "RESIDUALS_GOLOMB|BLOCK_COUNT_DELTA|BLOCKS_ZETA|INTERVALS_ZETA|OUTDEGREES_UNARY"},
	{window: 7, minIntv: 4, zetaK: 3, flags: "RESIDUALS_UNARY|INTERVALS_UNARY|BLOCKS_UNARY|BLOCK_COUNT_GAMMA"},
}

// Property test: random graphs encoded under every configuration decode to
// themselves, with the offsets check on.
func TestReadBVGraphRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for ci, cfg := range bvTestConfigs {
		for trial := 0; trial < 15; trial++ {
			n := []int{0, 1, 2, 5, 40, 300}[trial%6]
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

func TestReadBVGraphPropertiesErrors(t *testing.T) {
	base := "nodes=10\narcs=5\nwindowsize=7\nminintervallength=4\nversion=0\n"
	cases := []struct {
		text      string
		line      int64
		fragments []string
	}{
		{base + "compressionflags=RESIDUALS_FOO\n", 6, []string{"RESIDUALS_FOO"}},
		{base + "compressionflags=OUTDEGREES_GAMMA|WHATEVER_GAMMA\n", 6, []string{"WHATEVER_GAMMA"}},
		{base + "compressionflags=RESIDUALS_SKEWED_GOLOMB\n", 6, []string{"RESIDUALS_SKEWED_GOLOMB", "not supported"}},
		{base + "compressionflags=OUTDEGREES_NIBBLE\n", 6, []string{"OUTDEGREES_NIBBLE"}},
		{base + "compressionflags=RESIDUALS_GAMMA|RESIDUALS_DELTA\n", 6, []string{"RESIDUALS_DELTA", "contradict"}},
		{base + "compressionflags=BLOCKS_DELTA\n", 6, []string{"BLOCKS_DELTA", "ambiguous"}},
		{base + "graphclass=it.unimi.dsi.webgraph.EFGraph\n", 6, []string{"EFGraph"}},
		{strings.Replace(base, "version=0", "version=1", 1), 5, []string{"version 1"}},
		{base + "endianness=little\n", 6, []string{"little"}},
		{base + "zetak=0\n", 6, []string{"zetak"}},
		{strings.Replace(base, "arcs=5", "arcs=101", 1), 2, []string{"arcs"}},
		{strings.Replace(base, "arcs=5", "arcs=five", 1), 2, []string{"arcs", "five"}},
		{strings.Replace(base, "windowsize=7", "windowsize=-1", 1), 3, []string{"windowsize"}},
		{strings.Replace(base, "version=0\n", "", 1), 0, []string{"version"}},
		{"nodes=1\\u00zz\n", 1, []string{`\u`}},
	}
	for _, tc := range cases {
		_, err := ReadBVGraphProperties(strings.NewReader(tc.text), "x.properties")
		e := bvWantError(t, err, "x.properties", tc.fragments...)
		if e.Line != tc.line {
			t.Errorf("%q: line %d, want %d (%v)", tc.text, e.Line, tc.line, e)
		}
	}
}

func TestReadBVGraphPropertiesSyntax(t *testing.T) {
	// java.util.Properties syntax: '!' comments, ':' and blank separators,
	// continuation lines, escapes, CRLF, and the last duplicate winning.
	text := "! comment\r\n  # another\r\nnodes : 12\r\narcs   3\r\nwindow\\\n   size=2\n" +
		"minintervallength=\\\n  0\nversion=0\nzetak=4\nzetak=5\ncompressionflags=RESIDUALS_GAMMA |\\\n OUTDEGREES_DELTA\n" +
		"graph\\u0063lass=it.unimi.dsi.big.webgraph.BVGraph\nbitsperlink=1.5\n"
	p, err := ReadBVGraphProperties(strings.NewReader(text), "s.properties")
	if err != nil {
		t.Fatal(err)
	}
	want := BVGraphProperties{Nodes: 12, Arcs: 3, WindowSize: 2, MaxRefCount: 3, MinIntervalLength: 0, ZetaK: 5,
		CompressionFlags: "RESIDUALS_GAMMA |OUTDEGREES_DELTA", GraphClass: "it.unimi.dsi.big.webgraph.BVGraph"}
	if *p != want {
		t.Errorf("got %+v\nwant %+v", *p, want)
	}
}

func TestReadBVGraphUnknownFlagByHand(t *testing.T) {
	props := &BVGraphProperties{Nodes: 1, Arcs: 0, WindowSize: 7, MinIntervalLength: 4, ZetaK: 3, CompressionFlags: "RESIDUALS_PI2"}
	_, err := ReadBVGraph(bytes.NewReader([]byte{0x80}), "f.graph", props, nil, "")
	bvWantError(t, err, "f.graph", "RESIDUALS_PI2")
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

// bvPropertiesText writes p as a .properties file.
func bvPropertiesText(p *BVGraphProperties) string {
	return fmt.Sprintf("nodes=%d\narcs=%d\nwindowsize=%d\nmaxrefcount=%d\nminintervallength=%d\nzetak=%d\nversion=0\ncompressionflags=%s\ngraphclass=%s\n",
		p.Nodes, p.Arcs, p.WindowSize, p.MaxRefCount, p.MinIntervalLength, p.ZetaK, p.CompressionFlags, p.GraphClass)
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
	rtWantError(t, err, "k.properties", 0, -1, "k.properties: graph has 262144 links, above the limit of 262143")
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
			rtWantError(t, err, file, 0, csrAtArcs, "graph has 262144 links, above the limit of 262143")
		} else {
			rtWantError(t, err, file, 0, -1, "graph has 262144 links, above the limit of 262143")
		}
	}
}
