package rank

import (
	"math"
	"slices"

	"github.com/crawlsim/crawlsim/engine/graph"
)

// selfLoopBit marks, in sweepLayout.order, a page that links to itself.
const selfLoopBit = 1 << 31

// maxLayoutPages is the most pages a sweepLayout can index: page ids keep
// bit 31 free for selfLoopBit, and the previous sweep's value of page j is
// entry n+j of one array of 2n values, which a uint32 must address.
const maxLayoutPages = 1 << 31

// sweepLayout is the in-arc structure that PageRank builds from the graph
// itself when it is given no transpose: the transpose without self-loops,
// each in-neighbour already pointing at the value a Gauss-Seidel sweep must
// read. PageRank keeps its values in one array x of 2n entries: x[j] is
// page j's value, updated in place by the sweep, and x[n+j] its value of
// the previous sweep (kept for the pages that another chunk reads). An in-neighbour j of page i is stored as j when j
// lies in i's chunk (so the sweep reads the value of this sweep for j < i
// and of the previous one for j > i, which x[j] holds until j's turn) and
// as n+j otherwise (the previous sweep's, whichever goroutine is updating
// j's chunk). The sum over an in-list is then one plain loop, and its
// terms and their order are those of the sweep over a given transpose
// (PageRank.sweepChunk), so both give the same bits.
type sweepLayout struct {
	offsets []uint64 // in-arcs of page i: sources[offsets[i]:offsets[i+1]]
	sources []uint32 // j or n+j, in increasing j; no self-loops
	// order lists the pages a sweep computes, in increasing id, with
	// selfLoopBit set on those that link to themselves: the pages with
	// out-links for d < 1 (the linear system's sweeps skip dangling
	// pages), every page for d = 1.
	order   []uint32
	chunkAt []int // chunk k sweeps order[chunkAt[k]:chunkAt[k+1]]
	// exported lists, in increasing id, the pages that some page of
	// another chunk reads as n+j: only their previous values need keeping
	// (on cnr-2000, one page in six). Chunk k's are
	// exported[exportedAt[k]:exportedAt[k+1]].
	exported   []uint32
	exportedAt []int
}

// newSweepLayout builds the layout of g for chunks of size pages, in two
// passes over its links like graph.Transpose; with all, order lists every
// page, else only those with out-links. g must be valid and have at most
// maxLayoutPages pages.
func newSweepLayout(g *graph.Graph, size int, all bool) *sweepLayout {
	n := g.NumNodes()
	offsets := make([]uint64, n+1)
	for _, t := range g.Targets {
		offsets[t+1]++
	}
	// Out-lists are sorted: a page links to itself where a binary search
	// finds it, and outside its chunk if its first or last link does.
	selfLoops := make([]uint64, (n+63)/64)
	exports := make([]uint64, (n+63)/64)
	swept, exported := 0, 0
	for j := range n {
		out := g.Out(uint32(j))
		if len(out) == 0 {
			if all {
				swept++
			}
			continue
		}
		swept++
		if _, self := slices.BinarySearch(out, uint32(j)); self {
			selfLoops[j/64] |= 1 << (j % 64)
			offsets[j+1]--
		}
		lo := j / size * size
		if int(out[0]) < lo || int(out[len(out)-1]) >= lo+size {
			exports[j/64] |= 1 << (j % 64)
			exported++
		}
	}
	for i := range n {
		offsets[i+1] += offsets[i]
	}
	next := make([]uint64, n)
	copy(next, offsets[:n])
	sources := make([]uint32, offsets[n])
	for j := range n {
		lo := uint32(j / size * size)
		near, far := uint32(j), uint32(n+j)
		for _, t := range g.Out(uint32(j)) {
			if t == near {
				continue
			}
			q := far
			if t-lo < uint32(size) {
				q = near
			}
			sources[next[t]] = q
			next[t]++
		}
	}
	lay := &sweepLayout{offsets: offsets, sources: sources, order: make([]uint32, 0, swept), exported: make([]uint32, 0, exported)}
	for i := range n {
		if i%size == 0 {
			lay.chunkAt = append(lay.chunkAt, len(lay.order))
			lay.exportedAt = append(lay.exportedAt, len(lay.exported))
		}
		if exports[i/64]&(1<<(i%64)) != 0 {
			lay.exported = append(lay.exported, uint32(i))
		}
		if g.Offsets[i+1] == g.Offsets[i] && !all {
			continue
		}
		e := uint32(i)
		if selfLoops[i/64]&(1<<(i%64)) != 0 {
			e |= selfLoopBit
		}
		lay.order = append(lay.order, e)
	}
	lay.chunkAt = append(lay.chunkAt, len(lay.order))
	lay.exportedAt = append(lay.exportedAt, len(lay.exported))
	return lay
}

// sweepLayoutChunk is sweepChunk on the layout: the same arithmetic in the
// same order, reading x[j] or x[n+j] as the layout says.
func (p *PageRank) sweepLayoutChunk(k int) {
	lay := p.lay
	d, coef, uniform, teleport, invOut := p.damping, p.coef, p.uniform, p.teleport, p.invOut
	offsets, sources, x := lay.offsets, lay.sources, p.x
	var change, mass, dangling float64
	for _, e := range lay.order[lay.chunkAt[k]:lay.chunkAt[k+1]] {
		i := int(e &^ selfLoopBit)
		var sum float64
		for _, j := range sources[offsets[i]:offsets[i+1]] {
			sum += x[j]
		}
		t := uniform
		if teleport != nil {
			t = teleport[i]
		}
		inv, prev := invOut[i], x[i]
		v := float64(d*sum) + float64(coef*t)
		if e&selfLoopBit != 0 {
			v = solveSelfLoop(v, d, inv, prev)
		}
		if inv != 0 {
			change += math.Abs(v - prev/inv)
			x[i] = v * inv
		} else {
			change += math.Abs(v - prev)
			dangling += v
			x[i] = v
		}
		mass += v
	}
	p.sums[k] = chunkSums{change: change, mass: mass, dangling: dangling}
}

// copyLayoutChunk makes the values of chunk k's exported pages the previous
// sweep's for the next sweep: x[n+j] = x[j].
func (p *PageRank) copyLayoutChunk(k int) {
	lay, x, n := p.lay, p.x, p.n
	for _, j := range lay.exported[lay.exportedAt[k]:lay.exportedAt[k+1]] {
		x[n+int(j)] = x[j]
	}
}

// evaluateLayoutChunk is evaluateChunk on the layout.
func (p *PageRank) evaluateLayoutChunk(k int) {
	lo, hi := p.pool.bounds(k)
	lay := p.lay
	d, coef, x, out := p.damping, p.coef, p.x, p.out
	order := lay.order[lay.chunkAt[k]:lay.chunkAt[k+1]]
	for i := lo; i < hi; i++ {
		self := false
		if len(order) > 0 && int(order[0]&^selfLoopBit) == i {
			self = order[0]&selfLoopBit != 0
			order = order[1:]
		}
		var sum float64
		for _, j := range lay.sources[lay.offsets[i]:lay.offsets[i+1]] {
			sum += x[j]
		}
		v := float64(d*sum) + float64(coef*p.teleportAt(i))
		if self {
			v = solveSelfLoop(v, d, p.invOut[i], x[i])
		}
		out[i] = v
	}
}
