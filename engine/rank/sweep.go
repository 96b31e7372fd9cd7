package rank

import "math"

// sweepChunk runs the Gauss-Seidel sweep over the pages of chunk k on a
// given transpose and records the chunk's partial sums (see PageRank,
// "Method"). An in-neighbour j of page i counts with its value y_j/c_j of
// this sweep (nextValue) when it lies in the chunk before i, and with that
// of the previous sweep (value) otherwise. In-lists are sorted, so an
// in-list splits into three runs (before the chunk, in the chunk before i,
// the rest), with the self-loop left out; the terms and their order are
// those of sweepLayoutChunk.
func (p *PageRank) sweepChunk(k int) {
	lo, hi := p.pool.bounds(k)
	d, coef, uniform, linear := p.damping, p.coef, p.uniform, p.linear
	inLists := p.inCursors.get()
	defer p.inCursors.put(inLists)
	old, cur, invOut, teleport := p.value, p.nextValue, p.invOut, p.teleport
	lo32 := uint32(lo)
	var sums chunkSums
	for i := lo; i < hi; i++ {
		inv := invOut[i]
		if inv == 0 && linear {
			continue // dangling pages feed no page of the linear system
		}
		i32 := uint32(i)
		in := inLists.Out(i32)
		var sum float64
		a := 0
		for ; a < len(in) && in[a] < lo32; a++ {
			sum += old[in[a]]
		}
		for ; a < len(in) && in[a] < i32; a++ {
			sum += cur[in[a]]
		}
		self := a < len(in) && in[a] == i32
		if self {
			a++
		}
		for _, j := range in[a:] {
			sum += old[j]
		}
		t := uniform
		if teleport != nil {
			t = teleport[i]
		}
		prev := old[i]
		v := pageValue(d, coef, sum, t, self, inv, prev)
		sums, cur[i] = sums.add(v, prev, inv)
	}
	p.sums[k] = sums
	p.inErr[k] = inLists.Err()
}

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
	if p.lay != nil || p.push != nil {
		p.pool.run(p.copyValues) // pushing: the arcs into other chunks
		if p.pool.err != nil {
			return
		}
	} else {
		p.value, p.nextValue = p.nextValue, p.value
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

// evaluateChunk is evaluate on the pages of chunk k, on a given transpose.
func (p *PageRank) evaluateChunk(k int) {
	lo, hi := p.pool.bounds(k)
	d, coef, value, x := p.damping, p.coef, p.value, p.out
	inLists := p.inCursors.get()
	defer p.inCursors.put(inLists)
	for i := lo; i < hi; i++ {
		var sum float64
		self := false
		for _, j := range inLists.Out(uint32(i)) {
			if int(j) == i {
				self = true
				continue
			}
			sum += value[j] // j has out-links, so this is y_j/c_j
		}
		x[i] = pageValue(d, coef, sum, p.teleportAt(i), self, p.invOut[i], value[i])
	}
}
