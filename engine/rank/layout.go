package rank

import (
	"math"
	mathbits "math/bits"
	"slices"

	"github.com/crawlsim/crawlsim/engine/graph"
)

// maxLayoutPages is the most pages a sweepLayout can index: an
// in-neighbour is stored as j or as n plus its rank among the exported
// pages, both below 2n, which a uint32 must hold.
const maxLayoutPages = 1 << 31

// releaseBlock is how many bytes of the graph's links the layout build
// reads between two calls of Options.Release and of Options.Building.
const releaseBlock = 16 << 20

// sweepLayout is the in-arc structure that PageRank builds from the graph
// itself when it is given no transpose: the transpose without self-loops,
// each in-neighbour already pointing at the value a Gauss-Seidel sweep must
// read. PageRank keeps its values in one array x of n+e entries, e the
// number of exported pages: x[j] is page j's value, updated in place by
// the sweep, and x[n+k] the previous sweep's value of the k-th exported
// page (a page that some page of another chunk reads). An in-neighbour j
// of page i is stored as j when j lies in i's chunk (so the sweep reads
// the value of this sweep for j < i and of the previous one for j > i,
// which x[j] holds until j's turn) and as n+k otherwise (the previous
// sweep's, whichever goroutine is updating j's chunk). The sum over an
// in-list is then one plain loop, and its terms and their order are those
// of the sweep over a given transpose (PageRank.sweepChunk), so both give
// the same bits.
//
// Memory: 4 bytes a link (sources), 4 bytes a page for the offsets when
// the graph has fewer than 2^32 links (else 8), a bit a page for the
// self-loops and 4 bytes an exported page; beside it PageRank's x takes 8
// bytes a page and 8 an exported page.
type sweepLayout struct {
	// The in-arcs of page i are sources[offsets[i]:offsets[i+1]], with
	// offsets32 or offsets64 (the other nil) as the graph has fewer than
	// 2^32 links or not.
	offsets32 []uint32
	offsets64 []uint64
	sources   []uint32 // j or n+k, in increasing j; no self-loops
	// selfLoops has bit i%64 of word i/64 set when page i links to
	// itself.
	selfLoops []uint64
	// exported lists, in increasing id, the pages that some page of
	// another chunk reads (on cnr-2000, one page in six; 41% on a
	// generated web); only their previous values need keeping, x[n+k]
	// for exported[k]. Chunk c's are exported[exportedAt[c]:exportedAt[c+1]].
	exported   []uint32
	exportedAt []int
}

// selfLoop reports whether page i links to itself.
func (lay *sweepLayout) selfLoop(i int) bool { return lay.selfLoops[i>>6]&(1<<(i&63)) != 0 }

// layoutBuild is what newSweepLayout reports to and releases through; both
// may be nil.
type layoutBuild struct {
	release  func(links []uint32)
	progress func(done, total int64)
	// cancel, when set, is called every pollPages pages; its first error
	// is kept in err, and the passes then read no more.
	cancel func() error
	err    error
	// done counts the links read, twice each (two passes).
	done int64
}

// forPages calls visit on every page j and its out-list, in increasing j,
// and after every releaseBlock bytes of links hands the links read to
// release and reports progress.
//
// On a graph held in a Lists the lists are decoded in order and nothing is
// released (the lists are not on the heap).
func (b *layoutBuild) forPages(g *graph.Graph, visit func(j int, out []uint32)) {
	n := g.NumNodes()
	links := g.Successors()
	from := 0      // first page not yet released
	var read int64 // links read since from
	for j := range n {
		if b.cancel != nil && j%pollPages == 0 && b.err == nil {
			b.err = b.cancel()
		}
		if b.err != nil {
			return
		}
		out := links.Out(uint32(j))
		visit(j, out)
		read += int64(len(out))
		if read >= releaseBlock/4 || j == n-1 {
			b.flush(g, from, j+1, read)
			from, read = j+1, 0
		}
	}
}

// flush releases and reports the links of pages [from, to), read in all.
func (b *layoutBuild) flush(g *graph.Graph, from, to int, read int64) {
	b.done += read
	if g.IsCSR() && b.release != nil && read > 0 {
		b.release(g.Targets[g.Offsets[from]:g.Offsets[to]])
	}
	if b.progress != nil {
		b.progress(b.done, 2*g.NumArcs())
	}
}

// newSweepLayout builds the layout of g for chunks of size pages, in two
// passes over its links like graph.Transpose, without any array of the
// graph's size beside the layout itself. g must be valid and have at most
// maxLayoutPages pages.
func newSweepLayout(g *graph.Graph, size int, b *layoutBuild) *sweepLayout {
	if b == nil {
		b = &layoutBuild{}
	}
	lay := &sweepLayout{}
	if g.NumArcs() < math.MaxUint32 {
		lay.offsets32 = buildInArcs[uint32](g, size, lay, b)
	} else {
		lay.offsets64 = buildInArcs[uint64](g, size, lay, b)
	}
	return lay
}

// buildInArcs fills lay (sources, self-loops, exported pages) and returns
// its offsets, as words of type O.
func buildInArcs[O uint32 | uint64](g *graph.Graph, size int, lay *sweepLayout, b *layoutBuild) []O {
	n := g.NumNodes()
	// offsets[t+1] counts t's in-arcs (self-loops left out); out-lists are
	// sorted, so a page links to itself where a binary search finds it,
	// and outside its chunk if its first or last link does.
	offsets := make([]O, n+1)
	lay.selfLoops = make([]uint64, (n+63)/64)
	exports := make([]uint64, (n+63)/64)
	exported := 0
	b.forPages(g, func(j int, out []uint32) {
		if len(out) == 0 {
			return
		}
		for _, t := range out {
			offsets[t+1]++
		}
		if _, self := slices.BinarySearch(out, uint32(j)); self {
			lay.selfLoops[j>>6] |= 1 << (j & 63)
			offsets[j+1]--
		}
		lo := j / size * size
		if int(out[0]) < lo || int(out[len(out)-1]) >= lo+size {
			exports[j>>6] |= 1 << (j & 63)
			exported++
		}
	})
	lay.exported = make([]uint32, 0, exported)
	for i := range n {
		if i%size == 0 {
			lay.exportedAt = append(lay.exportedAt, len(lay.exported))
		}
		if exports[i>>6]&(1<<(i&63)) != 0 {
			lay.exported = append(lay.exported, uint32(i))
		}
	}
	lay.exportedAt = append(lay.exportedAt, len(lay.exported))
	exports = nil
	// Prefix sums: offsets[i] is where page i's in-arcs start. The second
	// pass uses offsets[t] as t's cursor, leaving it at t's end, which is
	// t+1's start; shifting by one page gives the offsets back.
	for i := range n {
		offsets[i+1] += offsets[i]
	}
	lay.sources = make([]uint32, offsets[n])
	sources := lay.sources
	rank := uint32(n) // n + the rank among the exported pages of the next one
	b.forPages(g, func(j int, out []uint32) {
		if len(out) == 0 {
			return
		}
		lo := uint32(j / size * size)
		near, far := uint32(j), uint32(j)
		if len(lay.exported) > 0 && int(rank)-n < len(lay.exported) && lay.exported[int(rank)-n] == uint32(j) {
			far = rank
			rank++
		}
		for _, t := range out {
			if t == near {
				continue
			}
			q := far
			if t-lo < uint32(size) {
				q = near
			}
			sources[offsets[t]] = q
			offsets[t]++
		}
	})
	copy(offsets[1:], offsets[:n])
	offsets[0] = 0
	return offsets
}

// sweepLayoutChunk is sweepChunk on the layout: the same arithmetic in the
// same order, reading x[j] or x[n+k] as the layout says.
func (p *PageRank) sweepLayoutChunk(k int) {
	if p.lay.offsets32 != nil {
		sweepLayoutPages(p, p.lay.offsets32, k)
	} else {
		sweepLayoutPages(p, p.lay.offsets64, k)
	}
}

// sweepLayoutPages is sweepLayoutChunk with the layout's offsets.
func sweepLayoutPages[O uint32 | uint64](p *PageRank, offsets []O, k int) {
	lo, hi := p.pool.bounds(k)
	if lo == hi {
		return
	}
	lay := p.lay
	d, coef, uniform, teleport, invOut := p.damping, p.coef, p.uniform, p.teleport, p.invOut
	sources, x, selfLoops, swept := lay.sources, p.x, lay.selfLoops, p.swept
	var sums chunkSums
	// The pages swept are the set bits of swept in [lo, hi), visited word
	// by word without a branch per page that is skipped.
	for w := lo >> 6; w <= (hi-1)>>6; w++ {
		bits, base := wordIn(swept, w, lo, hi), w<<6
		for ; bits != 0; bits &= bits - 1 {
			i := base + mathbits.TrailingZeros64(bits)
			inv := invOut[i]
			var sum float64
			for _, j := range sources[offsets[i]:offsets[i+1]] {
				sum += x[j]
			}
			t := uniform
			if teleport != nil {
				t = teleport[i]
			}
			prev := x[i]
			v := pageValue(d, coef, sum, t, selfLoops[i>>6]&(1<<(i&63)) != 0, inv, prev)
			sums, x[i] = sums.add(v, prev, inv)
		}
	}
	p.sums[k] = sums
}

// copyLayoutChunk makes the values of chunk k's exported pages the previous
// sweep's for the next sweep: x[n+e] = x[exported[e]].
func (p *PageRank) copyLayoutChunk(k int) {
	lay := p.lay
	a, b := lay.exportedAt[k], lay.exportedAt[k+1]
	prev := p.x[p.n+a : p.n+b]
	for e, j := range lay.exported[a:b] {
		prev[e] = p.x[j]
	}
}

// evaluateLayoutChunk is evaluateChunk on the layout.
func (p *PageRank) evaluateLayoutChunk(k int) {
	if p.lay.offsets32 != nil {
		evaluateLayoutPages(p, p.lay.offsets32, k)
	} else {
		evaluateLayoutPages(p, p.lay.offsets64, k)
	}
}

// evaluateLayoutPages is evaluateLayoutChunk with the layout's offsets.
func evaluateLayoutPages[O uint32 | uint64](p *PageRank, offsets []O, k int) {
	lo, hi := p.pool.bounds(k)
	lay := p.lay
	d, coef, x, out := p.damping, p.coef, p.x, p.out
	for i := lo; i < hi; i++ {
		var sum float64
		for _, j := range lay.sources[offsets[i]:offsets[i+1]] {
			sum += x[j]
		}
		out[i] = pageValue(d, coef, sum, p.teleportAt(i), lay.selfLoop(i), p.invOut[i], x[i])
	}
}
