package graphtest

import (
	"math"
	"slices"

	"github.com/crawlsim/crawlsim/engine/graph"
)

// BreadthFirst is the textbook breadth-first search from the sources (in
// their order, each once): the pages reached in the order they are
// reached, and the distance of every page from the nearest source, -1 for
// a page not reached.
func BreadthFirst(g *graph.Graph, sources []uint32) (order []uint32, dist []int) {
	dist = make([]int, g.NumNodes())
	for i := range dist {
		dist[i] = -1
	}
	for _, s := range sources {
		if dist[s] < 0 {
			dist[s] = 0
			order = append(order, s)
		}
	}
	for i := 0; i < len(order); i++ {
		p := order[i]
		for _, q := range g.Out(p) {
			if dist[q] < 0 {
				dist[q] = dist[p] + 1
				order = append(order, q)
			}
		}
	}
	return order, dist
}

// PageRank is PageRank by the plain power iteration of docs/algorithms.md section 1,
// written without the engine's code: from r = t, every page pushes
// d·r_i/c_i along each of its out-links, a dangling page pushes d·r_i·t_j
// to every page j, and every page gets (1-d)·t_j; until the L1 change of
// an iteration is below tol, or 100,000 iterations. The teleport vector t
// sums to 1; nil means uniform.
func PageRank(g *graph.Graph, d float64, t []float64, tol float64) []float64 {
	n := g.NumNodes()
	if t == nil {
		t = make([]float64, n)
		for i := range t {
			t[i] = 1 / float64(n)
		}
	}
	r := slices.Clone(t)
	next := make([]float64, n)
	for range 100000 {
		clear(next)
		dangling := 0.0
		for i := range n {
			out := g.Out(uint32(i))
			if len(out) == 0 {
				dangling += r[i]
				continue
			}
			share := d * r[i] / float64(len(out))
			for _, j := range out {
				next[j] += share
			}
		}
		change := 0.0
		for j := range n {
			next[j] += d*dangling*t[j] + (1-d)*t[j]
			change += math.Abs(next[j] - r[j])
		}
		r, next = next, r
		if change < tol {
			break
		}
	}
	return r
}
