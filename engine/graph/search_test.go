package graph_test

import (
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
)

// TestSearchProperties checks Search against graphtest.BreadthFirst on drawn
// graphs, stepped with drawn limits and started over on the same memory:
// the same pages in the same order, the depth of each from Levels, no
// empty depth, and the items Expand reports summing to the pages expanded
// plus their links.
func TestSearchProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g, _ := graphtest.DrawArcs(t, 40, 200)
		n := g.NumNodes()
		s := graph.NewSearch(g)
		for round := range 2 {
			sources := rapid.SliceOfN(rapid.Uint32Range(0, uint32(n-1)), 0, 5).Draw(t, "sources")
			wantOrder, dist := graphtest.BreadthFirst(g, sources)
			s.Start(sources)
			items := int64(0)
			for calls := 0; ; calls++ {
				if calls > 10*(n+1) {
					t.Fatalf("round %d: the search does not end", round)
				}
				before := s.Expanded()
				did, done := s.Expand(rapid.Int64Range(0, 20).Draw(t, "limit"))
				if !done && s.Expanded() == before {
					t.Fatalf("round %d: Expand made no progress", round)
				}
				items += did
				if done {
					break
				}
			}
			if !s.Done() || s.Expanded() != len(wantOrder) {
				t.Fatalf("round %d: expanded %d of %d pages", round, s.Expanded(), len(wantOrder))
			}
			if !slices.Equal(s.Reached(), wantOrder) && !(len(wantOrder) == 0 && len(s.Reached()) == 0) {
				t.Fatalf("round %d: reached %v, want %v", round, s.Reached(), wantOrder)
			}
			wantItems := int64(len(wantOrder))
			for _, p := range wantOrder {
				wantItems += int64(g.OutDegree(p))
			}
			if items != wantItems {
				t.Fatalf("round %d: Expand reported %d items, want %d", round, items, wantItems)
			}
			levels := s.Levels()
			for d, start := range levels {
				end := len(wantOrder)
				if d+1 < len(levels) {
					end = levels[d+1]
				}
				if end <= start {
					t.Fatalf("round %d: depth %d is empty (levels %v)", round, d, levels)
				}
				for _, p := range s.Reached()[start:end] {
					if dist[p] != d {
						t.Fatalf("round %d: page %d at depth %d, want %d", round, p, d, dist[p])
					}
				}
			}
			if len(wantOrder) == 0 && len(levels) != 0 {
				t.Fatalf("round %d: a search from no page has levels %v", round, levels)
			}
			for p := range n {
				if s.Has(uint32(p)) != (dist[p] >= 0) {
					t.Fatalf("round %d: Has(%d) = %v, distance %d", round, p, s.Has(uint32(p)), dist[p])
				}
			}
		}
	})
}

// TestSearchInUsesTheLentQueue: a queue lent with room for every page is
// the one the search fills, so a crawl that lends its own array allocates
// only the marks.
func TestSearchInUsesTheLentQueue(t *testing.T) {
	b := graph.NewBuilder(4)
	b.Add(0, 1)
	b.Add(1, 2)
	g, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	lent := make([]uint32, 4)
	s := graph.NewSearchIn(g, lent[:0])
	s.Start([]uint32{0})
	if _, done := s.Expand(100); !done {
		t.Fatal("the search is not done")
	}
	if !slices.Equal(lent[:3], []uint32{0, 1, 2}) {
		t.Errorf("lent queue holds %v, want the pages reached 0, 1, 2", lent)
	}
	if allocs := testing.AllocsPerRun(10, func() { graph.NewSearchIn(g, lent[:0]) }); allocs > 2 {
		t.Errorf("NewSearchIn with a lent queue made %v allocations, want the search and its marks", allocs)
	}
}
