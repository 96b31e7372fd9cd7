package scenario

import (
	"fmt"
	"math"

	"github.com/crawlsim/crawlsim/engine/graph"
)

// A vector of another engine carries no fingerprint of its graph, so it is
// checked by what it claims to be: the graph's PageRank (docs/algorithms.md
// section 1), a fixed point of
//
//	x = d·W·v + (d·Σ_{j dangling} v_j + 1-d)·(1/n)
//
// One such step from the vector (pushed along the out-lists: one pass over
// the links and 8 bytes a page) gives the residual ‖x - v‖₁. The PageRank
// a run computes stops when a sweep changes it by less than its tolerance,
// so its residual is below that; another engine's, stopped at a looser
// threshold (webgraph-rs's default is 1e-6), below about that. A larger
// residual means the vector is not this graph's PageRank at this damping,
// and the candidate explanations are tried on the same step: W·v does not
// depend on d, so the residual at any damping factor costs one pass over
// the pages, and the damping that fits best is found by a ternary search
// (the residual is convex in d); the same on the transpose (the links
// read the other way, in-degrees for out-degrees) costs one more pass
// over the links. A vector no damping fits on either is not converged
// when its residual is small, else of another page order or another
// measure.

// fixedPointTolerance is the residual up to which a vector is taken to be
// the PageRank it is checked against.
const fixedPointTolerance = 1e-6

// notConvergedBelow is the residual below which a vector that fits no
// damping factor is said not to have converged, rather than to be of
// another page order or measure.
const notConvergedBelow = 0.05

// pageRankStep is one PageRank step from a vector v on a graph: W·v and
// the dangling mass, from which the residual at any damping factor
// follows.
type pageRankStep struct {
	v, wv    []float64
	dangling float64
}

// checkPollPages is how many pages the passes of the check read between
// two calls of the cancel function: a few milliseconds.
const checkPollPages = 1 << 16

// newPageRankStep computes W·v on g, or on g's transpose when transpose is
// set (each link j→i of g then carries v_i/indeg(i) to j), reading g's
// out-lists page by page (graph.Successors), whatever their
// representation. cancel, when not nil, is called every checkPollPages
// pages of each pass; its error stops the step.
func newPageRankStep(g *graph.Graph, v []float64, transpose bool, cancel func() error) (*pageRankStep, error) {
	n := g.NumNodes()
	st := &pageRankStep{v: v, wv: make([]float64, n)}
	succ := g.Successors()
	poll := func(j int) error {
		if cancel != nil && j%checkPollPages == 0 {
			return cancel()
		}
		return nil
	}
	if !transpose {
		for j := range n {
			if err := poll(j); err != nil {
				return nil, err
			}
			out := succ.Out(uint32(j))
			if len(out) == 0 {
				st.dangling += v[j]
				continue
			}
			share := v[j] / float64(len(out))
			for _, i := range out {
				st.wv[i] += share
			}
		}
		return st, succ.Err()
	}
	// On the transpose, page i's out-degree is its in-degree in g; the
	// shares v_i/indeg(i) are computed first, then pulled along g's
	// out-lists.
	indeg := make([]uint32, n)
	for j := range n {
		if err := poll(j); err != nil {
			return nil, err
		}
		for _, i := range succ.Out(uint32(j)) {
			indeg[i]++
		}
	}
	share := make([]float64, n)
	for i := range n {
		if indeg[i] == 0 {
			st.dangling += v[i]
		} else {
			share[i] = v[i] / float64(indeg[i])
		}
	}
	for j := range n {
		if err := poll(j); err != nil {
			return nil, err
		}
		var sum float64
		for _, i := range succ.Out(uint32(j)) {
			sum += share[i]
		}
		st.wv[j] = sum
	}
	return st, succ.Err()
}

// residual returns ‖x - v‖₁ for the step x at damping d.
func (st *pageRankStep) residual(d float64) float64 {
	n := len(st.v)
	if n == 0 {
		return 0
	}
	teleport := (d*st.dangling + 1 - d) / float64(n)
	var r float64
	for i, y := range st.wv {
		r += math.Abs(d*y + teleport - st.v[i])
	}
	return r
}

// bestDamping returns the damping factor in [0,1] whose step changes v
// least, and that change: a golden-section search, one residual a
// round, to within 1e-9 of the factor.
func (st *pageRankStep) bestDamping() (float64, float64) {
	const inv = 0.6180339887498949 // 1/φ
	lo, hi := 0.0, 1.0
	a, b := hi-inv*(hi-lo), lo+inv*(hi-lo)
	ra, rb := st.residual(a), st.residual(b)
	for hi-lo > 1e-9 {
		if ra <= rb {
			hi, b, rb = b, a, ra
			a = hi - inv*(hi-lo)
			ra = st.residual(a)
		} else {
			lo, a, ra = a, b, rb
			b = lo + inv*(hi-lo)
			rb = st.residual(b)
		}
	}
	d := (lo + hi) / 2
	return d, st.residual(d)
}

// fixedPointReport is what the check of a vector found.
type fixedPointReport struct {
	// residual is ‖x - v‖₁ at the damping factor checked.
	residual float64
	// fits says the vector is the PageRank checked against.
	fits bool
	// why, when it does not fit, is the likeliest explanation, said as
	// "it looks like …" completes it. It names a damping factor to three
	// digits and no residual that fits, so that it reads the same on
	// every platform.
	why string
}

// checkPageRank checks v, scores summing to 1, against the PageRank of g
// with damping d (see the comment at the top of this file). Its error is
// one of decoding g's out-lists, or cancel's (called, when not nil, every
// few milliseconds of the passes over the links).
func checkPageRank(g *graph.Graph, v []float64, d float64, cancel func() error) (fixedPointReport, error) {
	step, err := newPageRankStep(g, v, false, cancel)
	if err != nil {
		return fixedPointReport{}, err
	}
	rep := fixedPointReport{residual: step.residual(d)}
	if rep.residual <= fixedPointTolerance {
		rep.fits = true
		return rep, nil
	}
	if bd, r := step.bestDamping(); r <= fixedPointTolerance {
		rep.why = fmt.Sprintf("PageRank with damping %.3g", bd)
		return rep, nil
	}
	back, err := newPageRankStep(g, v, true, cancel)
	if err != nil {
		return rep, err
	}
	if r := back.residual(d); r <= fixedPointTolerance {
		rep.why = "the PageRank of the transpose, the links read the other way"
		return rep, nil
	}
	if bd, r := back.bestDamping(); r <= fixedPointTolerance {
		rep.why = fmt.Sprintf("the PageRank of the transpose, the links read the other way, with damping %.3g", bd)
		return rep, nil
	}
	if rep.residual < notConvergedBelow {
		rep.why = "PageRank stopped before it converged"
		return rep, nil
	}
	rep.why = "the vector of another page order, or another measure than PageRank"
	return rep, nil
}
