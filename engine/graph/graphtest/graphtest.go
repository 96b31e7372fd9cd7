// Package graphtest holds what the engine's tests share, as net/http/httptest
// does for HTTP: graphs made from arcs or drawn at random, obviously correct
// reference computations (breadth-first distances, PageRank) to check the
// engine's fast ones against, and stand-ins for files (an in-memory
// io.WriteSeeker, an endless input, gzip-compressed bytes).
//
// It is a normal package so that the tests of several packages can import
// it; nothing outside tests should. It is pure Go and builds for js/wasm,
// as the rest of the engine. The helpers that can fail take a TB, which
// *testing.T, *testing.B and *rapid.T all are.
package graphtest

import (
	"pgregory.net/rapid"

	"github.com/crawlsim/crawlsim/engine/graph"
)

// TB is the part of testing.TB (and rapid.TB) the helpers use, so that
// tests, benchmarks and rapid's property tests can all call them.
type TB interface {
	Helper()
	Fatal(args ...any)
}

// FromArcs returns the graph of n pages with the given arcs (the builder
// removes duplicates, keeps self-loops and grows the graph for an arc that
// names a larger page); it fails the test if the graph cannot be built.
func FromArcs(t TB, n int, arcs [][2]uint32) *graph.Graph {
	t.Helper()
	b := graph.NewBuilder(n)
	for _, a := range arcs {
		b.Add(a[0], a[1])
	}
	g, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// DrawArcs draws a graph of 1 to maxPages pages with 0 to maxArcs arcs,
// each drawn uniformly among all pairs (self-loops and duplicates
// included, so dangling pages are common), and returns it with the arcs as
// drawn. It draws the page count, then the arc count, then each arc's
// source and target, in that order.
func DrawArcs(t *rapid.T, maxPages, maxArcs int) (*graph.Graph, [][2]uint32) {
	n := rapid.IntRange(1, maxPages).Draw(t, "pages")
	m := rapid.IntRange(0, maxArcs).Draw(t, "arcs")
	arcs := make([][2]uint32, m)
	for k := range arcs {
		arcs[k] = [2]uint32{uint32(rapid.IntRange(0, n-1).Draw(t, "src")), uint32(rapid.IntRange(0, n-1).Draw(t, "dst"))}
	}
	return FromArcs(t, n, arcs), arcs
}
