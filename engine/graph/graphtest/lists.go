package graphtest

import (
	"slices"

	"github.com/crawlsim/crawlsim/engine/graph"
)

// AsLists returns g with its out-lists behind a graph.Lists instead of
// CSR arrays, as a BVGraph read in place holds them: each cursor copies a
// list into one buffer of its own and scribbles over the list it returned
// before, so that a caller that keeps a list past the next call of Out
// reads garbage and fails its test. Hosts and URLs are shared with g.
func AsLists(g *graph.Graph) *graph.Graph {
	return &graph.Graph{Lists: &csrLists{g: g}, Hosts: g.Hosts, URLs: g.URLs}
}

// csrLists serves a CSR graph's lists through cursors.
type csrLists struct{ g *graph.Graph }

func (l *csrLists) NumNodes() int           { return l.g.NumNodes() }
func (l *csrLists) NumArcs() int64          { return l.g.NumArcs() }
func (l *csrLists) OutDegree(i uint32) int  { return l.g.OutDegree(i) }
func (l *csrLists) NewCursor() graph.Cursor { return &csrCursor{g: l.g} }

// csrCursor copies each list into buf, which it overwrites first.
type csrCursor struct {
	g   *graph.Graph
	buf []uint32
}

func (c *csrCursor) Out(i uint32) []uint32 {
	for k := range c.buf {
		c.buf[k] = ^uint32(0) // a list kept too long now names no page
	}
	c.buf = append(c.buf[:0], c.g.Out(i)...)
	return slices.Clip(c.buf)
}

func (c *csrCursor) Err() error { return nil }

// Packed returns g with its lists packed (graph.PackWriter), its hosts and
// URLs shared: the byte-aligned lists a graph read in place is held as.
func Packed(t TB, g *graph.Graph) *graph.Graph {
	t.Helper()
	w := graph.NewPackWriter(g.NumNodes(), g.NumArcs(), 0, nil)
	s := g.Successors()
	for i := range g.NumNodes() {
		w.Add(s.Out(uint32(i)))
	}
	p, err := w.Lists()
	if err != nil {
		t.Fatal("packing: ", err)
	}
	return &graph.Graph{Lists: p, Hosts: g.Hosts, URLs: g.URLs}
}
