package rank

import (
	mathbits "math/bits"
	"sync/atomic"
)

// PageRank along a given transpose holds two float64 a page (and a bit)
// beside the graphs: value, every page's y_j/c_j updated in place as on
// the layout, and aside (see the field), the previous sweep's values of
// the exported pages and the inverse out-degrees of the others.

// exportedAt reports whether page j links to a page of another chunk.
func (p *PageRank) exportedAt(j int) bool {
	return p.pullExported[j>>6]&(1<<(j&63)) != 0
}

// invAt returns 1/c_i along a given transpose: from aside, or from the
// graph for an exported page.
func (p *PageRank) invAt(i int) float64 {
	if p.exportedAt(i) {
		return p.deg.inv(i)
	}
	return p.aside[i]
}

// startPull marks the exported pages, reading the transpose once, and
// fills aside from the starting values and the out-degrees. It returns
// the first decoding error of the transpose.
func (p *PageRank) startPull() error {
	p.pool.open()
	defer p.pool.shut()
	p.pool.run(p.markExportedChunk)
	for _, err := range p.inErr {
		if err != nil {
			return err
		}
	}
	for j := range p.n {
		if p.exportedAt(j) {
			p.aside[j] = p.value[j]
		} else {
			p.aside[j] = p.deg.inv(j)
		}
	}
	return nil
}

// markExportedChunk marks, in pullExported, the in-neighbours of chunk
// k's pages that lie in other chunks.
func (p *PageRank) markExportedChunk(k int) {
	lo, hi := p.pool.bounds(k)
	lo32, size := uint32(lo), uint32(hi-lo)
	inLists := p.in.Successors()
	for i := lo; i < hi; i++ {
		for _, j := range inLists.Out(uint32(i)) {
			if j-lo32 >= size {
				atomic.OrUint64(&p.pullExported[j>>6], 1<<(j&63))
			}
		}
	}
	p.inErr[k] = inLists.Err()
}

// sweepChunk runs the Gauss-Seidel sweep over the pages of chunk k on a
// given transpose and records the chunk's partial sums (see PageRank,
// "Method"). An in-neighbour j of page i in the same chunk counts with
// value[j], which is this sweep's for j < i and the previous sweep's for
// j > i (not yet updated); one in another chunk with the previous
// sweep's, kept in aside while its chunk updates value. In-lists are
// sorted, so an in-list splits into runs (before the chunk, in the chunk
// before i, in the chunk after i, after the chunk), with the self-loop
// left out; the terms and their order
// are those of sweepLayoutChunk, so both give the same bits.
func (p *PageRank) sweepChunk(k int) {
	lo, hi := p.pool.bounds(k)
	d, coef, uniform, linear := p.damping, p.coef, p.uniform, p.linear
	inLists := p.in.Successors()
	x, aside, teleport := p.value, p.aside, p.teleport
	lo32, hi32 := uint32(lo), uint32(hi)
	var sums chunkSums
	for i := lo; i < hi; i++ {
		inv := p.invAt(i)
		if inv == 0 && linear {
			continue // dangling pages feed no page of the linear system
		}
		i32 := uint32(i)
		in := inLists.Out(i32)
		var sum float64
		a := 0
		for ; a < len(in) && in[a] < lo32; a++ {
			sum += aside[in[a]]
		}
		for ; a < len(in) && in[a] < i32; a++ {
			sum += x[in[a]]
		}
		self := a < len(in) && in[a] == i32
		if self {
			a++
		}
		for ; a < len(in) && in[a] < hi32; a++ {
			sum += x[in[a]]
		}
		for _, j := range in[a:] {
			sum += aside[j]
		}
		t := uniform
		if teleport != nil {
			t = teleport[i]
		}
		prev := x[i]
		v := pageValue(d, coef, sum, t, self, inv, prev)
		sums, x[i] = sums.add(v, prev, inv)
	}
	p.sums[k] = sums
	p.inErr[k] = inLists.Err()
}

// copyAsideChunk makes the values of chunk k's exported pages the
// previous sweep's for the next sweep: aside[j] = value[j].
func (p *PageRank) copyAsideChunk(k int) {
	lo, hi := p.pool.bounds(k)
	if lo == hi {
		return
	}
	exported, x, aside := p.pullExported, p.value, p.aside
	for w := lo >> 6; w <= (hi-1)>>6; w++ {
		bits, base := exported[w], w<<6
		if base < lo {
			bits &= ^uint64(0) << (lo - base)
		}
		if hi-base < 64 {
			bits &= 1<<(hi-base) - 1
		}
		for ; bits != 0; bits &= bits - 1 {
			j := base + mathbits.TrailingZeros64(bits)
			aside[j] = x[j]
		}
	}
}

// evaluateChunk is evaluate on the pages of chunk k, on a given
// transpose. Of aside it reads entry i alone, before it writes page i's
// score, so that the scores may be written over it (TakeResult).
func (p *PageRank) evaluateChunk(k int) {
	lo, hi := p.pool.bounds(k)
	d, coef, value, x := p.damping, p.coef, p.value, p.out
	inLists := p.in.Successors()
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
		x[i] = pageValue(d, coef, sum, p.teleportAt(i), self, p.invAt(i), value[i])
	}
}
