package rank

import (
	"math"
	mathbits "math/bits"
	"slices"
	"sync/atomic"
	"unsafe"
)

// PageRank without a transpose in memory: Options.Push sweeps by pushing
// each page's value along its out-list instead of pulling it along
// in-lists, so it holds no transpose and no layout, only two float64 a
// page beside the graph (and a bit a page): value, the iterate y_j/c_j as
// on a transpose (y_j for a dangling page, d = 1 only), and acc, the sums
// Σ y_j/c_j its in-neighbours have pushed so far.
//
// The sweeps are those of the pull (PageRank, "Method"): Gauss-Seidel
// inside a chunk, Jacobi between chunks, the self-loop solved for. Page
// i of chunk C must add, in sweep k, its in-neighbours of C before it
// with their values of sweep k and all others with those of sweep k-1. A
// single accumulator per page gives exactly that inside C: when page j's
// turn comes, acc[j] is read and set to 0, and j's new value is added to
// acc[t] of every t of C it links to; a t after j reads it in this
// sweep, a t before j (its turn passed) in the next one. An arc into
// another chunk must reach its target in the next sweep whatever the
// order the chunks run in, so those are pushed after every chunk has been
// swept, in a second pass over the lists of the pages that have such
// arcs (exported, a bit a page), by atomic additions. The result is the
// pull's vector up to the order of the additions (within 5e-14 L1 on
// cnr-2000), after the same number of iterations; with more than one
// worker the order of the atomic additions varies from run to run, so the
// last bits may too.

// pushState is PageRank's state when it pushes (Options.Push).
type pushState struct {
	// acc[i] holds Σ y_j/c_j over the in-neighbours j ≠ i that have
	// pushed since page i's last turn.
	acc []float64
	// exported has bit i%64 of word i/64 set when page i links to a page
	// of another chunk.
	exported []uint64
	// cursors keeps the graph's list readers between chunks.
	cursors cursorPool
}

// atomicAdd adds v to *x atomically.
func atomicAdd(x *float64, v float64) {
	p := (*uint64)(unsafe.Pointer(x))
	for {
		old := atomic.LoadUint64(p)
		if atomic.CompareAndSwapUint64(p, old, math.Float64bits(math.Float64frombits(old)+v)) {
			return
		}
	}
}

// startPush makes acc what the first sweep expects: for every page i,
// the starting values of its in-neighbours after it in its chunk and of
// those in other chunks; and marks the exported pages. It returns the
// first decoding error of the graph's lists.
func (p *PageRank) startPush() error {
	p.pool.open()
	defer p.pool.shut()
	p.pool.run(p.pushStartChunk)
	p.pool.run(p.pushExternalChunk)
	for _, err := range p.inErr {
		if err != nil {
			return err
		}
	}
	return nil
}

// pushStartChunk marks the exported pages of chunk k and pushes each
// page's starting value to the pages before it in the chunk.
func (p *PageRank) pushStartChunk(k int) {
	lo, hi := p.pool.bounds(k)
	lo32, size := uint32(lo), uint32(hi-lo)
	s := p.push.cursors.get()
	defer p.push.cursors.put(s)
	acc, x := p.push.acc, p.value
	for j := lo; j < hi; j++ {
		out := s.Out(uint32(j))
		if len(out) == 0 {
			continue
		}
		if out[0] < lo32 || out[len(out)-1]-lo32 >= size {
			atomic.OrUint64(&p.push.exported[j>>6], 1<<(j&63))
		}
		xj := x[j]
		for _, t := range out {
			if t >= uint32(j) {
				break
			}
			if t >= lo32 {
				acc[t] += xj
			}
		}
	}
	p.inErr[k] = s.Err()
}

// pushSweepChunk is sweepChunk by pushing: each page of chunk k in turn
// takes its sum from acc, gets its new value, and pushes it to the pages
// of the chunk it links to.
func (p *PageRank) pushSweepChunk(k int) {
	lo, hi := p.pool.bounds(k)
	d, coef, uniform, linear, teleport := p.damping, p.coef, p.uniform, p.linear, p.teleport
	lo32, size := uint32(lo), uint32(hi-lo)
	s := p.push.cursors.get()
	defer p.push.cursors.put(s)
	acc, x := p.push.acc, p.value
	var sums chunkSums
	for i := lo; i < hi; i++ {
		i32 := uint32(i)
		out := s.Out(i32)
		sum := acc[i]
		acc[i] = 0
		if len(out) == 0 && linear {
			continue // dangling pages feed no page of the linear system
		}
		inv := 0.0
		if len(out) > 0 {
			inv = 1 / float64(len(out))
		}
		_, self := slices.BinarySearch(out, i32)
		t := uniform
		if teleport != nil {
			t = teleport[i]
		}
		prev := x[i]
		v := pageValue(d, coef, sum, t, self, inv, prev)
		var xi float64
		sums, xi = sums.add(v, prev, inv)
		x[i] = xi
		for _, t := range out {
			if t-lo32 < size && t != i32 {
				acc[t] += xi
			}
		}
	}
	p.sums[k] = sums
	p.inErr[k] = s.Err()
}

// pushExternalChunk pushes the values of chunk k's exported pages to the
// pages of other chunks they link to, for the next sweep.
func (p *PageRank) pushExternalChunk(k int) {
	lo, hi := p.pool.bounds(k)
	if lo == hi {
		return
	}
	lo32, size := uint32(lo), uint32(hi-lo)
	s := p.push.cursors.get()
	defer p.push.cursors.put(s)
	acc, x, exported := p.push.acc, p.value, p.push.exported
	for w := lo >> 6; w <= (hi-1)>>6; w++ {
		bits, base := wordIn(exported, w, lo, hi), w<<6
		for ; bits != 0; bits &= bits - 1 {
			j := base + mathbits.TrailingZeros64(bits)
			xj := x[j]
			for _, t := range s.Out(uint32(j)) {
				if t-lo32 >= size {
					atomicAdd(&acc[t], xj)
				}
			}
		}
	}
	if err := s.Err(); err != nil {
		p.inErr[k] = err
	}
}

// pushEvaluate is evaluate by pushing, into out (which may be acc
// itself: TakeResult). It adds up every page's in-sum from scratch, in
// one pass over the out-lists in increasing page order on one goroutine,
// so that the terms of a sum come in increasing in-neighbour order, as on
// a transpose: pages with the same in-links get the same score, as they
// do when pulling (Top then breaks their ties by id, as it does there).
// A second pass, without decoding, gives each page its value from its
// sum.
func (p *PageRank) pushEvaluate(out []float64) {
	clear(out)
	x := p.value
	selfLoops := make([]uint64, (p.n+63)/64)
	s := p.push.cursors.get()
	defer p.push.cursors.put(s)
	for j := range p.n {
		j32 := uint32(j)
		xj := x[j]
		for _, t := range s.Out(j32) {
			if t != j32 {
				out[t] += xj
			} else {
				selfLoops[j>>6] |= 1 << (j & 63)
			}
		}
	}
	if err := s.Err(); err != nil {
		p.inErr[0] = err
	}
	d, coef := p.damping, p.coef
	for i := range p.n {
		inv := 0.0
		if c := p.g.OutDegree(uint32(i)); c > 0 {
			inv = 1 / float64(c)
		}
		self := selfLoops[i>>6]&(1<<(i&63)) != 0
		out[i] = pageValue(d, coef, out[i], p.teleportAt(i), self, inv, x[i])
	}
}

// PushBytes is the memory PageRank holds beside the graph when it pushes
// (Options.Push) on n pages: two float64 a page and a bit, and with a
// teleport vector its rescaled copy, 8 bytes a page more.
func PushBytes(n int64, teleport bool) int64 {
	return PullBytes(n, teleport)
}

// ChoosePush reports whether PageRank, given no transpose, should push
// along the graph's out-lists (Options.Push) rather than build its in-arc
// layout: when budget, the bytes the caller may use (0 or less: no
// limit), is below layout, what it needs in all with the layout, and not
// below push, what it needs in all pushing. The layout sweeps several
// times faster, so it is built whenever it fits; when neither fits, the
// caller refuses the layout's need.
func ChoosePush(budget, layout, push int64) bool {
	return budget > 0 && layout > budget && push <= budget
}
