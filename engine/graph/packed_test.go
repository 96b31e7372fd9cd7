package graph_test

import (
	"errors"
	"slices"
	"sync/atomic"
	"testing"

	"pgregory.net/rapid"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
)

// packedGraph draws a graph whose lists reach every corner of the
// encoding: empty lists, first targets far below and above their page
// (the zigzag's sign), gaps of one and gaps near 2^32, pages on both sides
// of a block boundary (2^16 pages).
func packedGraph(t *rapid.T) *graph.Graph {
	n := rapid.SampledFrom([]int{1, 2, 7, 300, 1<<16 - 1, 1 << 16, 1<<16 + 1, 140_000}).Draw(t, "n")
	b := graph.NewBuilder(n)
	lists := rapid.IntRange(0, 60).Draw(t, "lists")
	for range lists {
		i := uint32(rapid.IntRange(0, n-1).Draw(t, "page"))
		for range rapid.IntRange(0, 40).Draw(t, "links") {
			var j uint32
			switch rapid.IntRange(0, 3).Draw(t, "where") {
			case 0: // near the page
				j = uint32(min(max(int(i)+rapid.IntRange(-3, 3).Draw(t, "d"), 0), n-1))
			case 1:
				j = 0
			case 2:
				j = uint32(n - 1)
			default:
				j = uint32(rapid.IntRange(0, n-1).Draw(t, "j"))
			}
			b.Add(i, j)
		}
	}
	g, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// Pack keeps every list, its degree, the counts, hosts and URLs, with any
// number of workers, read in any order; random access answers as
// sequential access does.
func TestPackKeepsEveryList(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := packedGraph(t)
		src := g
		if rapid.Bool().Draw(t, "from lists") {
			src = graphtest.AsLists(g)
		}
		workers := rapid.IntRange(1, 5).Draw(t, "workers")
		p, err := graph.Pack(src, workers, 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		if p.IsCSR() || p.NumNodes() != g.NumNodes() || p.NumArcs() != g.NumArcs() {
			t.Fatalf("packed: CSR %v, %d pages, %d links; want lists, %d and %d", p.IsCSR(), p.NumNodes(), p.NumArcs(), g.NumNodes(), g.NumArcs())
		}
		// A link takes a byte at least, a page 4 bytes of list start.
		if by, least := p.Lists.(*graph.PackedLists).Bytes(), g.NumArcs()+4*int64(g.NumNodes()); by < least {
			t.Fatalf("%d bytes, less than %d", by, least)
		}
		s := p.Successors()
		for i := range g.NumNodes() {
			if got, want := s.Out(uint32(i)), g.Out(uint32(i)); !slices.Equal(got, want) {
				t.Fatalf("page %d: %v, want %v", i, got, want)
			}
			if d := p.Lists.OutDegree(uint32(i)); d != g.OutDegree(uint32(i)) {
				t.Fatalf("page %d: degree %d, want %d", i, d, g.OutDegree(uint32(i)))
			}
		}
		for range 50 {
			i := uint32(rapid.IntRange(0, g.NumNodes()-1).Draw(t, "random page"))
			if got, want := s.Out(i), g.Out(i); !slices.Equal(got, want) {
				t.Fatalf("page %d at random: %v, want %v", i, got, want)
			}
		}
		if s.Err() != nil {
			t.Fatal(s.Err())
		}
	})
}

// Pack stops with ErrPackTooLarge beyond its bytes, and with the first
// decoding error of the lists it reads.
func TestPackRefuses(t *testing.T) {
	b := graph.NewBuilder(200_000)
	for i := range uint32(200_000) {
		b.Add(i, (i+1)%200_000)
		b.Add(i, (i+7)%200_000)
	}
	g, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	var seen atomic.Int64
	if _, err := graph.Pack(g, 2, 100_000, func(p int64) { seen.Store(p) }); !errors.Is(err, graph.ErrPackTooLarge) {
		t.Errorf("400,000 links in 100,000 bytes: %v, want ErrPackTooLarge", err)
	}
	p, err := graph.Pack(g, 2, 1_000_000, func(p int64) { seen.Store(max(seen.Load(), p)) })
	if err != nil || seen.Load() != 200_000 {
		t.Fatalf("in 1,000,000 bytes: %v, progress %d of 200,000 pages", err, seen.Load())
	}
	// A byte a link and 4 a page, but the 7 pages whose last link wraps
	// to the first pages: their first target lies 199,993 to 199,999
	// pages back, 3 bytes (the zigzag doubles it), and the gap after it
	// 1, so 2 more bytes each, and page 199,999's gap of 5 is a byte.
	if by := p.Lists.(*graph.PackedLists).Bytes(); by != 200_000*2+4*200_000+26 {
		t.Errorf("packed into %d bytes, want %d", by, 200_000*2+4*200_000+26)
	}
	boom := errors.New("boom")
	if _, err := graph.Pack(&graph.Graph{Lists: &failingLists{g: g, err: boom}}, 2, 0, nil); !errors.Is(err, boom) {
		t.Errorf("a decoding error: %v", err)
	}
}

// failingLists serves g's lists with a cursor that reports err.
type failingLists struct {
	g   *graph.Graph
	err error
}

func (l *failingLists) NumNodes() int           { return l.g.NumNodes() }
func (l *failingLists) NumArcs() int64          { return l.g.NumArcs() }
func (l *failingLists) OutDegree(i uint32) int  { return l.g.OutDegree(i) }
func (l *failingLists) NewCursor() graph.Cursor { return l }
func (l *failingLists) Out(i uint32) []uint32   { return nil }
func (l *failingLists) Err() error              { return l.err }
