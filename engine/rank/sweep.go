package rank

import "math"

// pageValue returns page i's new value y_i = d·sum + coef·t, given sum =
// Σ y_j/c_j over its in-neighbours j other than itself and its teleport t,
// with a self-loop (self) solved for by solveSelfLoop from inv = 1/c_i and
// the value it stores, prev. Every sweep and evaluation computes a page's
// value with it, so that all give the same bits. The conversions forbid
// fusing into a multiply-add (Go spec, "Floating-point operators"), so
// every platform rounds alike.
func pageValue(d, coef, sum, t float64, self bool, inv, prev float64) float64 {
	v := float64(d*sum) + float64(coef*t)
	if self {
		v = solveSelfLoop(v, d, inv, prev)
	}
	return v
}

// add returns the sums with page i of value v added, and what a sweep
// stores for the page, y_i/c_i (v·inv). The previous value of page i is
// read back from what was stored, prev = y_i/c_i, within a rounding error
// (a few ulps of y_i, far below any tolerance); a dangling page (inv = 0,
// d = 1 only) stores y_i itself and adds it to the dangling mass.
func (s chunkSums) add(v, prev, inv float64) (chunkSums, float64) {
	s.mass += v
	if inv != 0 {
		s.change += math.Abs(v - prev/inv)
		return s, v * inv
	}
	s.change += math.Abs(v - prev)
	s.dangling += v
	return s, v
}

// solveSelfLoop returns page i's value when it links to itself, given v =
// d·Σ_{j≠i} y_j/c_j + coef·t_i: the self-loop is solved for rather than
// lagged, y_i = v / (1 - d/c_i); otherwise a page whose links mostly point
// to itself would converge only as fast as d^k. For d = 1 and a page that
// links to itself alone there is nothing to solve; its previous value
// (prev, y_i/c_i = y_i) is added as an ordinary in-neighbour's.
func solveSelfLoop(v, d, inv, prev float64) float64 {
	if keep := 1 - float64(d*inv); keep > 0 {
		return v / keep
	}
	return v + float64(d*prev)
}

// iterateOnce runs one sweep and updates the stopping state.
func (p *PageRank) iterateOnce() {
	if p.linear {
		p.coef = 1
	} else {
		p.coef = float64(p.damping*p.dangling) + (1 - p.damping)
	}
	p.pool.run(p.sweep)
	if p.pool.err != nil {
		return // cancelled: the PageRank is spent
	}
	p.pool.run(p.copyValues) // pushing: the arcs into other chunks
	if p.pool.err != nil {
		return
	}
	p.initial = nil // only Result before the first sweep reads it
	var change, mass, dangling float64
	for _, s := range p.sums {
		change += s.change
		mass += s.mass
		dangling += s.dangling
	}
	p.dangling = dangling
	if p.linear {
		// The sweep skipped the dangling pages. Each is d·Σ_{j→i} y_j/c_j
		// + t_i, so their L1 change is at most d times that of the others,
		// and their sum at least Σ t_i over them.
		change *= 1 + p.damping
		mass += p.danglingTeleport
	}
	p.earlier[0], p.earlier[1] = p.residual, p.earlier[0]
	p.residual = 0
	if mass > 0 {
		p.residual = change / mass
	}
	p.iterations++
	switch {
	case p.residual < p.tolerance:
		p.converged, p.done = true, true
	case p.iterations >= p.maxIter:
		p.done = true
	}
}

// evaluate writes into x one more step from the values of the last sweep,
// for every page and with every in-neighbour's value of that sweep:
// x_i = d·Σ_{j→i, j≠i} y_j/c_j + coef·t_i, the self-loop solved as in a
// sweep. It gives the dangling pages their values (the sweeps of the linear
// system skip them), and pages whose in-lists are the same get exactly the
// same value, as they do under the power method, whichever of their
// in-neighbours a sweep had already updated. The chunks are shared by the
// workers.
func (p *PageRank) evaluate(x []float64) {
	p.coef = 1
	if !p.linear {
		p.coef = float64(p.damping*p.dangling) + (1 - p.damping)
	}
	if p.push != nil {
		p.pushEvaluate(x)
		return
	}
	p.out = x
	p.pool.open()
	p.pool.run(p.eval)
	p.pool.shut()
	p.out = nil
}
