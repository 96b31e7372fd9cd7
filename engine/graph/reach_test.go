package graph_test

import (
	"testing"

	"pgregory.net/rapid"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
)

// reachableRef is the obviously correct reference: a plain breadth-first
// search with a bool a page.
func reachableRef(g *graph.Graph, sources []uint32) []bool {
	seen := make([]bool, g.NumNodes())
	var queue []uint32
	for _, s := range sources {
		if !seen[s] {
			seen[s] = true
			queue = append(queue, s)
		}
	}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, q := range g.Out(p) {
			if !seen[q] {
				seen[q] = true
				queue = append(queue, q)
			}
		}
	}
	return seen
}

// drawReachGraph draws a graph of up to maxPages pages whose links mix
// uniform arcs (self-loops and duplicates among them, and dangling pages
// where no arc starts) with runs of links back to the page before (i to
// i-1), the shape that makes a sweep in increasing order expand one page
// at a time, and links from one page to a run of pages after it; parts
// of the graph are then unreachable from a few sources.
func drawReachGraph(t *rapid.T, maxPages int) *graph.Graph {
	n := rapid.IntRange(1, maxPages).Draw(t, "pages")
	var arcs [][2]uint32
	for range rapid.IntRange(0, 3*n).Draw(t, "uniform arcs") {
		arcs = append(arcs, [2]uint32{uint32(rapid.IntRange(0, n-1).Draw(t, "src")), uint32(rapid.IntRange(0, n-1).Draw(t, "dst"))})
	}
	for range rapid.IntRange(0, 4).Draw(t, "backward runs") {
		end := rapid.IntRange(0, n-1).Draw(t, "run end")
		start := rapid.IntRange(0, end).Draw(t, "run start")
		for i := end; i > start; i-- {
			arcs = append(arcs, [2]uint32{uint32(i), uint32(i - 1)})
		}
	}
	for range rapid.IntRange(0, 4).Draw(t, "fans") {
		src := rapid.IntRange(0, n-1).Draw(t, "fan source")
		for q := src; q < min(n, src+rapid.IntRange(0, 300).Draw(t, "fan size")); q++ {
			arcs = append(arcs, [2]uint32{uint32(src), uint32(q)})
		}
	}
	return graphtest.FromArcs(t, n, arcs)
}

// TestReachProperties checks Reach against the reference on drawn graphs,
// CSR and behind a graph.Lists, stepped with drawn limits and started over
// on the same memory: the same pages reached, every one expanded once
// (the items Expand reports are the pages reached plus their links), the
// counts consistent at every step, and Sum the sum over the pages reached.
func TestReachProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := drawReachGraph(t, 3000)
		if rapid.Bool().Draw(t, "as lists") {
			g = graphtest.AsLists(g)
		}
		n := g.NumNodes()
		v := make([]float64, n)
		for p := range v {
			v[p] = float64(p%7) + 0.5
		}
		r := graph.NewReach(g)
		for round := range 2 {
			sources := rapid.SliceOfN(rapid.Uint32Range(0, uint32(n-1)), 0, 5).Draw(t, "sources")
			want := reachableRef(g, sources)
			wantCount, wantItems, wantSum := 0, int64(0), 0.0
			for p, ok := range want {
				if ok {
					wantCount++
					wantItems += int64(g.OutDegree(uint32(p))) + 1
					wantSum += v[p]
				}
			}
			r.Start(sources)
			items := int64(0)
			for calls := 0; ; calls++ {
				if calls > 10*(n+1) {
					t.Fatalf("round %d: the search does not end", round)
				}
				before := r.Expanded()
				did, done := r.Expand(rapid.Int64Range(0, 200).Draw(t, "limit"))
				if !done && r.Expanded() == before {
					t.Fatalf("round %d: Expand made no progress", round)
				}
				if r.Expanded() > r.Reached() || r.Reached() > wantCount {
					t.Fatalf("round %d: expanded %d of %d reached, want at most %d reached", round, r.Expanded(), r.Reached(), wantCount)
				}
				items += did
				if done != r.Done() {
					t.Fatalf("round %d: Expand says done %v, Done %v", round, done, r.Done())
				}
				if done {
					break
				}
			}
			if r.Reached() != wantCount || r.Expanded() != wantCount {
				t.Fatalf("round %d: reached %d and expanded %d, want %d", round, r.Reached(), r.Expanded(), wantCount)
			}
			for p := range n {
				if r.Has(uint32(p)) != want[p] {
					t.Fatalf("round %d: Has(%d) = %v, want %v", round, p, r.Has(uint32(p)), want[p])
				}
			}
			if items != wantItems {
				t.Fatalf("round %d: Expand reported %d items, want %d", round, items, wantItems)
			}
			if got := r.Sum(v); got != wantSum {
				t.Fatalf("round %d: Sum %v, want %v", round, got, wantSum)
			}
			if err := r.Err(); err != nil {
				t.Fatalf("round %d: %v", round, err)
			}
		}
	})
}

// TestReachBackwardChain: a chain of links each to the page before, from
// the last page, takes a sweep a link; the search turns to its queue, and
// with a queue too small for a fan of pages it leaves them to sweeps.
func TestReachBackwardChain(t *testing.T) {
	const n = 5000
	var arcs [][2]uint32
	for i := n - 1; i > 0; i-- {
		arcs = append(arcs, [2]uint32{uint32(i), uint32(i - 1)})
	}
	// Page 10 links to pages 11..999 and 2000..2999, which do not link on:
	// more pages at once than the queue's n/16.
	for q := 11; q < 1000; q++ {
		arcs = append(arcs, [2]uint32{10, uint32(q)})
	}
	for q := 2000; q < 3000; q++ {
		arcs = append(arcs, [2]uint32{10, uint32(q)})
	}
	g := graphtest.FromArcs(t, n, arcs)
	for _, sources := range [][]uint32{{n - 1}, {n / 2}, {0}, nil} {
		r := graph.NewReach(g)
		r.Start(sources)
		did, done := r.Expand(1 << 62)
		want := 0
		for _, ok := range reachableRef(g, sources) {
			if ok {
				want++
			}
		}
		if !done || r.Reached() != want {
			t.Errorf("from %v: done %v, reached %d, want %d", sources, done, r.Reached(), want)
		}
		if len(sources) == 1 && sources[0] == n-1 && did != n+g.NumArcs() {
			t.Errorf("from %v: %d items, want every page and link: %d", sources, did, n+g.NumArcs())
		}
	}
}
