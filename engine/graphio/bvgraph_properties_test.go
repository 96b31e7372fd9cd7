package graphio

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// Reading and checking NAME.properties.

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
		{strings.NewReplacer("nodes=10", "nodes=325557", "windowsize=7", "windowsize=1000000000").Replace(base), 3, []string{"windowsize = 1000000000", "at most 65536"}},
		{strings.Replace(base, "version=0\n", "", 1), 0, []string{"version"}},
		{"nodes=1\\u00zz\n", 1, []string{`\u`}},
		// two values of a key the decoder reads: both could decode
		{base + "zetak=3\nzetak=4\n", 7, []string{"zetak = 4, but line 6 gives zetak = 3", "one value"}},
		{base + "nodes=11\n", 6, []string{"nodes = 11, but line 1 gives nodes = 10"}},
		{base + "compressionflags=RESIDUALS_GAMMA\ncompressionflags=RESIDUALS_DELTA\n", 7, []string{"compressionflags = RESIDUALS_DELTA, but line 6"}},
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
	// continuation lines, escapes, CRLF, keys given twice with one value
	// (written differently), and a key the decoder does not read given
	// twice with two.
	text := "! comment\r\n  # another\r\nnodes : 12\r\narcs   3\r\nwindow\\\n   size=2\n" +
		"minintervallength=\\\n  0\nversion=0\nzetak=5\nzetak = 05\nbitsperlink=2\ncompressionflags=OUTDEGREES_DELTA|RESIDUALS_GAMMA\ncompressionflags=RESIDUALS_GAMMA |\\\n OUTDEGREES_DELTA\n" +
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

// bvPropertiesText writes p as a .properties file.
func bvPropertiesText(p *BVGraphProperties) string {
	return fmt.Sprintf("nodes=%d\narcs=%d\nwindowsize=%d\nmaxrefcount=%d\nminintervallength=%d\nzetak=%d\nversion=0\ncompressionflags=%s\ngraphclass=%s\n",
		p.Nodes, p.Arcs, p.WindowSize, p.MaxRefCount, p.MinIntervalLength, p.ZetaK, p.CompressionFlags, p.GraphClass)
}
