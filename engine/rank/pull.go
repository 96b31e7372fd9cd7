package rank

import (
	"math"
	mathbits "math/bits"
	"sync"
	"sync/atomic"
)

// PageRank along a given transpose holds two float64 a page beside the
// graphs (and a bit a page): value, every page's y_j/c_j, updated in
// place by the sweeps as on the layout, and aside. A page that links to
// a page of another chunk is exported: the sweeps of the other chunks
// read its value of the previous sweep while its own chunk updates
// value, so aside keeps that. The entries of the other pages, which no
// other chunk reads, hold the out-degrees of their chunk's pages: as
// 32-bit halves, in page order, the first two in the chunk's first
// entry that is not exported, the next two in the second, and so on.
// When more than half the pages of a chunk are exported, the
// out-degrees of its last pages do not fit there and are read from the
// graph (deg) in every sweep.

// pullState is PageRank's state along a given transpose, beside value.
type pullState struct {
	aside []float64
	// exported has bit j%64 of word j/64 set when page j links to a
	// page of another chunk.
	exported []uint64
	// stored[k] is the number of chunk k's first pages whose
	// out-degrees aside holds.
	stored []int
	// scratch holds buffers of one chunk's out-degrees (*[]uint32).
	scratch sync.Pool
}

// exportedAt reports whether page j links to a page of another chunk.
func (s *pullState) exportedAt(j int) bool {
	return s.exported[j>>6]&(1<<(j&63)) != 0
}

// startPull marks the exported pages, reading the transpose once, and
// stores the out-degrees in aside (the exported pages' values are
// copied there once computed: copyAsideChunk). It returns the first
// decoding error of the transpose.
func (p *PageRank) startPull() error {
	p.pool.open()
	defer p.pool.shut()
	p.pool.run(p.markExportedChunk)
	for _, err := range p.inErr {
		if err != nil {
			return err
		}
	}
	p.pool.run(p.storeDegreesChunk)
	return nil
}

// markExportedChunk marks the in-neighbours of chunk k's pages that lie
// in other chunks.
func (p *PageRank) markExportedChunk(k int) {
	lo, hi := p.pool.bounds(k)
	lo32, size := uint32(lo), uint32(hi-lo)
	inLists := p.inCursors.get()
	defer p.inCursors.put(inLists)
	for i := lo; i < hi; i++ {
		for _, j := range inLists.Out(uint32(i)) {
			if j-lo32 >= size {
				atomic.OrUint64(&p.pull.exported[j>>6], 1<<(j&63))
			}
		}
	}
	p.inErr[k] = inLists.Err()
}

// storeDegreesChunk stores the out-degrees of chunk k's pages in the
// entries of aside of its pages that are not exported.
func (p *PageRank) storeDegreesChunk(k int) {
	lo, hi := p.pool.bounds(k)
	s := p.pull
	next := lo // the page whose out-degree is stored next
	for q := lo; q < hi; q++ {
		if s.exportedAt(q) {
			continue
		}
		var pair uint64
		if next < hi {
			pair = uint64(p.deg.at(next))
			next++
		}
		if next < hi {
			pair |= uint64(p.deg.at(next)) << 32
			next++
		}
		s.aside[q] = math.Float64frombits(pair)
	}
	s.stored[k] = next - lo
}

// storedDegrees reads the out-degrees stored in aside page by page, a
// chunk at a time, for NewPageRank.
type storedDegrees struct {
	p   *PageRank
	k   int       // the chunk buf holds
	buf *[]uint32 // its out-degrees, or nil
}

// at returns c_j.
func (r *storedDegrees) at(j uint32) int {
	size := r.p.pool.size
	if k := int(j) / size; r.buf == nil || k != r.k {
		if r.buf != nil {
			r.p.pull.scratch.Put(r.buf)
		}
		r.buf, r.k = r.p.chunkDegrees(k), k
	}
	return int((*r.buf)[int(j)-r.k*size])
}

// chunkDegrees returns the out-degrees of chunk k's pages, in a buffer
// to give back to p.pull.scratch.
func (p *PageRank) chunkDegrees(k int) *[]uint32 {
	lo, hi := p.pool.bounds(k)
	s := p.pull
	buf, _ := s.scratch.Get().(*[]uint32)
	if buf == nil {
		b := make([]uint32, p.pool.size)
		buf = &b
	}
	deg := (*buf)[:hi-lo]
	m, stored := 0, s.stored[k]
	for q := lo; m < stored; q++ {
		if s.exportedAt(q) {
			continue
		}
		pair := math.Float64bits(s.aside[q])
		deg[m] = uint32(pair)
		m++
		if m < stored {
			deg[m] = uint32(pair >> 32)
			m++
		}
	}
	for ; m < len(deg); m++ {
		deg[m] = p.deg.at(lo + m)
	}
	return buf
}

// sweepChunk runs the Gauss-Seidel sweep over the pages of chunk k on a
// given transpose and records the chunk's partial sums (see PageRank,
// "Method"). An in-neighbour j of page i in the same chunk counts with
// value[j], which is this sweep's for j < i and the previous sweep's for
// j > i (not yet updated); one in another chunk with the previous
// sweep's, kept in aside while its chunk updates value. In-lists are
// sorted, so an in-list splits into runs (before the chunk, in the chunk
// before i, in the chunk after i, after the chunk), with the self-loop
// left out; the terms and their order are those of sweepLayoutChunk, so
// both give the same bits.
func (p *PageRank) sweepChunk(k int) {
	lo, hi := p.pool.bounds(k)
	d, coef, uniform, linear := p.damping, p.coef, p.uniform, p.linear
	inLists := p.inCursors.get()
	defer p.inCursors.put(inLists)
	x, aside, teleport := p.value, p.pull.aside, p.teleport
	buf := p.chunkDegrees(k)
	deg := (*buf)[:hi-lo]
	lo32, hi32 := uint32(lo), uint32(hi)
	var sums chunkSums
	for i := lo; i < hi; i++ {
		inv := inverse(deg[i-lo])
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
	p.pull.scratch.Put(buf)
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
	exported, x, aside := p.pull.exported, p.value, p.pull.aside
	for w := lo >> 6; w <= (hi-1)>>6; w++ {
		bits, base := wordIn(exported, w, lo, hi), w<<6
		for ; bits != 0; bits &= bits - 1 {
			j := base + mathbits.TrailingZeros64(bits)
			aside[j] = x[j]
		}
	}
}

// evaluateChunk is evaluate on the pages of chunk k, on a given
// transpose. It reads aside only for the chunk's out-degrees, all of them
// before it writes a score, so that the scores may be written over aside
// (TakeResult).
func (p *PageRank) evaluateChunk(k int) {
	lo, hi := p.pool.bounds(k)
	d, coef, value, x := p.damping, p.coef, p.value, p.out
	buf := p.chunkDegrees(k)
	defer p.pull.scratch.Put(buf)
	deg := (*buf)[:hi-lo]
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
		x[i] = pageValue(d, coef, sum, p.teleportAt(i), self, inverse(deg[i-lo]), value[i])
	}
}

// PullBytes is the memory PageRank holds beside the graph and a given
// transpose of n pages: two float64 a page and a bit, and with a teleport
// vector (personalized) its rescaled copy, 8 bytes a page more.
func PullBytes(n int64, teleport bool) int64 {
	b := 16*n + (n+63)/64*8
	if teleport {
		b += 8 * n
	}
	return b
}

// vectorBytes returns the bytes of the per-page vectors p holds (the
// graph, the layout and the transpose aside): what PullBytes estimates
// along a transpose.
func (p *PageRank) vectorBytes() int64 {
	b := 8 * int64(len(p.invOut)+len(p.value)+len(p.x)+len(p.teleport)+len(p.swept))
	if len(p.initial) > 0 && (len(p.teleport) == 0 || &p.initial[0] != &p.teleport[0]) {
		b += 8 * int64(len(p.initial)) // Options.Start's copy, until the first sweep
	}
	if p.pull != nil {
		b += 8 * int64(len(p.pull.aside)+len(p.pull.exported))
	}
	if p.push != nil {
		b += 8 * int64(len(p.push.acc)+len(p.push.exported))
	}
	return b
}
