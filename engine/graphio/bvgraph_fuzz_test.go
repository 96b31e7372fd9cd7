package graphio

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

// FuzzReadBVGraph feeds arbitrary bytes to the BVGraph decoder as the
// .graph data (and, when offsetsAt cuts it, the tail as the .offsets), with
// small properties taken from the other arguments: at most 255 pages and
// 65535 links, a window of 0-7, a minimum interval length of 0-5, and the
// codes of one of bvTestConfigs. The seeds are valid encodings from the
// test encoder, plus truncated and bit-flipped copies.
//
// Invariant: no panic; either an *Error, or a graph that passes Validate
// with exactly the announced pages and links.
func FuzzReadBVGraph(f *testing.F) {
	rng := rand.New(rand.NewPCG(42, 43))
	for i := 0; i < 24; i++ {
		ci := i % len(bvTestConfigs)
		cfg := bvTestConfigs[ci]
		lists := bvRandomLists(rng, 1+rng.IntN(40))
		data, offs := bvTestEncode(lists, cfg)
		p := cfg.props(lists)
		seed := func(d []byte, at int) {
			f.Add(d, uint8(p.Nodes), uint16(p.Arcs), uint8(cfg.window), uint8(cfg.minIntv), uint8(ci), uint16(at))
		}
		seed(data, 0)
		both := append(append([]byte(nil), data...), offs...)
		seed(both, len(data))
		switch i % 3 {
		case 0:
			seed(data[:len(data)/2], 0)
		case 1:
			flipped := append([]byte(nil), data...)
			flipped[rng.IntN(len(flipped))] ^= 1 << rng.IntN(8)
			seed(flipped, 0)
		case 2:
			seed(both, len(data)-1)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte, nodes uint8, arcs uint16, window, minIntv, config uint8, offsetsAt uint16) {
		cfg := bvTestConfigs[int(config)%len(bvTestConfigs)]
		props := &BVGraphProperties{Nodes: int64(nodes), Arcs: int64(arcs), WindowSize: int(window % 8),
			MaxRefCount: 3, MinIntervalLength: int(minIntv % 6), ZetaK: int(cfg.zetaK), CompressionFlags: cfg.flags}
		graphData := data
		var offsets *bytes.Reader
		if at := int(offsetsAt); at > 0 && at <= len(data) {
			graphData = data[:at]
			offsets = bytes.NewReader(data[at:])
		}
		var err error
		var g interface {
			NumNodes() int
			NumArcs() int64
			Validate() error
		}
		if offsets != nil {
			g, err = ReadBVGraph(bytes.NewReader(graphData), "fuzz.graph", props, offsets, "fuzz.offsets")
		} else {
			g, err = ReadBVGraph(bytes.NewReader(graphData), "fuzz.graph", props, nil, "")
		}
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error is %T, not *Error: %v", err, err)
			}
			if e.File != "fuzz.graph" && e.File != "fuzz.offsets" {
				t.Fatalf("error names %q: %v", e.File, e)
			}
			return
		}
		if verr := g.Validate(); verr != nil {
			t.Fatalf("decoded graph is invalid: %v", verr)
		}
		if g.NumNodes() != int(nodes) || g.NumArcs() != int64(arcs) {
			t.Fatalf("decoded %d pages and %d links, properties say %d and %d", g.NumNodes(), g.NumArcs(), nodes, arcs)
		}
	})
}

// bvCNR2000Properties is the .properties file of cnr-2000 as distributed
// by the Laboratory for Web Algorithmics (a fuzz seed that needs no data).
const bvCNR2000Properties = `#BVGraph properties
#Fri Nov 19 01:51:37 CET 2010
compratio=0.142
bitsforblocks=804951
version=0
zetak=3
windowsize=7
maxrefcount=3
nodes=325557
compressionflags=
arcs=3216152
minintervallength=4
graphclass=it.unimi.dsi.webgraph.BVGraph
bitsperlink=2.343
`

// FuzzReadBVGraphProperties parses arbitrary text as a .properties file.
// Invariant: no panic; either an *Error naming the file, or properties that
// pass the decoder's own checks, with which decoding a small fixed input
// also gives an *Error or a valid graph.
func FuzzReadBVGraphProperties(f *testing.F) {
	f.Add(bvCNR2000Properties)
	f.Add(strings.Replace(bvCNR2000Properties, "nodes=325557", "nodes=40", 1))
	f.Add("nodes=3\narcs=2\nwindowsize=1\nminintervallength=0\nversion=0\ncompressionflags=RESIDUALS_GAMMA|OUTDEGREES_DELTA\n")
	f.Add("! c\r\nnodes : 12\r\narcs   3\r\nwindow\\\n   size=2\nminintervallength=\\\n  0\nversion=0\ngraph\\u0063lass=it.unimi.dsi.big.webgraph.BVGraph\n")
	f.Add("nodes=1000000000000\narcs=1\n")
	f.Add("nodes=4000000000\narcs=1\nwindowsize=2000000000\nminintervallength=1\nversion=0\n")
	f.Add("nodes=2\narcs=1\nwindowsize=7\nminintervallength=4\nversion=0\ncompressionflags=BLOCKS_DELTA|BLOCK_COUNT_UNARY|RESIDUALS_GOLOMB\nzetak=1\n")
	f.Add("a\\")
	f.Add("k=\\u12")
	fixed := []byte{0xA5, 0x3C, 0x96, 0x0F, 0xF0, 0x81, 0x7E, 0x55, 0xAA, 0x01, 0x80, 0xFF, 0x00, 0x42, 0x24, 0x99}
	f.Fuzz(func(t *testing.T, text string) {
		p, err := ReadBVGraphProperties(strings.NewReader(text), "fuzz.properties")
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.File != "fuzz.properties" {
				t.Fatalf("error is not an *Error about fuzz.properties: %v", err)
			}
			return
		}
		if _, _, msg := bvCheckProperties(p); msg != "" {
			t.Fatalf("accepted properties fail the decoder's checks: %s (%+v)", msg, *p)
		}
		g, err := ReadBVGraph(bytes.NewReader(fixed), "fixed.graph", p, nil, "")
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.File != "fixed.graph" {
				t.Fatalf("decode error is not an *Error about fixed.graph: %v", err)
			}
			return
		}
		if verr := g.Validate(); verr != nil {
			t.Fatalf("decoded graph is invalid: %v", verr)
		}
	})
}
