package graph_test

import (
	"errors"
	"runtime"
	"slices"
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

// pack packs g's lists through a PackWriter within maxBytes, reading
// them with a cursor in page order.
func pack(g *graph.Graph, maxBytes int64, progress func(int64)) (*graph.Graph, error) {
	w := graph.NewPackWriter(g.NumNodes(), g.NumArcs(), maxBytes, progress)
	s := g.Successors()
	for i := range g.NumNodes() {
		if !w.Add(s.Out(uint32(i))) {
			break
		}
	}
	p, err := w.Lists()
	if err != nil {
		return nil, err
	}
	return &graph.Graph{Lists: p}, nil
}

// A PackWriter keeps every list, its degree and the counts, from CSR
// arrays or lists; random access answers as sequential access does.
func TestPackKeepsEveryList(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := packedGraph(t)
		src := g
		if rapid.Bool().Draw(t, "from lists") {
			src = graphtest.AsLists(g)
		}
		p, err := pack(src, 0, nil)
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

// A PackWriter stops with ErrPackTooLarge beyond its bytes, reports its
// progress a block at a time, and refuses fewer or more lists than pages.
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
	if _, err := pack(g, 100_000, nil); !errors.Is(err, graph.ErrPackTooLarge) {
		t.Errorf("400,000 links in 100,000 bytes: %v, want ErrPackTooLarge", err)
	}
	var seen []int64
	p, err := pack(g, 1_000_000, func(p int64) { seen = append(seen, p) })
	if want := []int64{1 << 16, 2 << 16, 3 << 16, 200_000}; err != nil || !slices.Equal(seen, want) {
		t.Fatalf("in 1,000,000 bytes: %v, progress %v, want %v", err, seen, want)
	}
	// A byte a link and 4 a page, but the 7 pages whose last link wraps
	// to the first pages: their first target lies 199,993 to 199,999
	// pages back, 3 bytes (the zigzag doubles it), and the gap after it
	// 1, so 2 more bytes each, and page 199,999's gap of 5 is a byte.
	if by := p.Lists.(*graph.PackedLists).Bytes(); by != 200_000*2+4*200_000+26 {
		t.Errorf("packed into %d bytes, want %d", by, 200_000*2+4*200_000+26)
	}
	w := graph.NewPackWriter(2, 1, 0, nil)
	w.Add([]uint32{1})
	if _, err := w.Lists(); err == nil {
		t.Error("one list of two pages packed without an error")
	}
	if !w.Add(nil) || w.Add(nil) {
		t.Error("a third list of two pages was taken")
	}
	if _, err := w.Lists(); err == nil {
		t.Error("three lists of two pages packed without an error")
	}
}

// A PackWriter with a limit never holds much more than its bytes: once
// the links to come cannot fit (a byte a link at least) it stops before
// its buffer grows for them, and the buffer grows no further than the
// bytes left (then the block's exact copy).
func TestPackWriterStaysWithinItsBytes(t *testing.T) {
	const limit = 15 << 19 // 7.5 MiB
	long := make([]uint32, 1<<20)
	for k := range long {
		long[k] = uint32(k + 1) // gaps of 0: a byte a link
	}
	allocated := func(f func()) uint64 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc
	}
	// The links to come cannot fit: the first list is refused.
	w := graph.NewPackWriter(8, 8<<20, limit, nil)
	if got := allocated(func() { w.Add(long) }); got > 64<<10 {
		t.Errorf("8 Mi links in %d bytes: the first list allocated %d bytes before its refusal", limit, got)
	}
	if _, err := w.Lists(); !errors.Is(err, graph.ErrPackTooLarge) {
		t.Errorf("8 Mi links in %d bytes: %v, want ErrPackTooLarge", limit, err)
	}
	// Fewer links said than given: the list that cannot fit is refused.
	w = graph.NewPackWriter(8, 1, limit, nil)
	for range 7 {
		if !w.Add(long) {
			t.Fatal("seven lists of a megabyte refused in 7.5 MiB")
		}
	}
	if got := allocated(func() { w.Add(long) }); got > 64<<10 {
		t.Errorf("a list beyond the limit allocated %d bytes before its refusal", got)
	}
	if _, err := w.Lists(); !errors.Is(err, graph.ErrPackTooLarge) {
		t.Errorf("eight lists of a megabyte in 7.5 MiB: %v, want ErrPackTooLarge", err)
	}

	var p *graph.PackedLists
	if got := allocated(func() {
		w := graph.NewPackWriter(7, 7<<20, limit, nil)
		for range 7 {
			w.Add(long)
		}
		var err error
		if p, err = w.Lists(); err != nil {
			t.Fatal(err)
		}
	}); got > 3*limit {
		// doubling from the first list's 1 MiB to the 7.5 MiB left, then
		// the copy of 7 MiB: 21.5 MiB (Go's own growth and the copy took
		// 32 MiB)
		t.Errorf("packing 7 MiB within %d bytes allocated %d", limit, got)
	}
	if p.Bytes() < 7<<20 {
		t.Errorf("packed into %d bytes, want at least 7 MiB", p.Bytes())
	}
}
