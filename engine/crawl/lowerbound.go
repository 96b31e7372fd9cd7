package crawl

import (
	"math"

	"github.com/crawlsim/crawlsim/engine/graph"
)

// Stop rules of the lower bound's iteration at each checkpoint.
const (
	lowerBoundTolerance = 1e-12
	lowerBoundMaxSweeps = 1000
)

// lowerBound computes the generic lower bound of docs/algorithms.md section 4
// ("Guaranteed curve") at checkpoints k_1 < k_2 < ... of a crawl: the
// personalized PageRank of the subgraph of the downloaded set D = D_k only,
// with the mass that leaves D lost. It bounds from below the importance
// downloaded, Σ_{i∈D} r_i, when the importance r is the PageRank with the
// same teleport vector t and damping d (the idea of Cho and Schonfeld 2007, section 4:
// a crawler can know a lower bound of the RankMass it holds from the pages
// it holds alone).
//
// For a set D, let T be the map on vectors x ≥ 0 indexed by D
//
//	T(x)_i = (1-d)·t_i + d·Σ_{j∈D, j→i} x_j/c_j + d·t_i·S(x),
//	S(x)   = Σ_{j∈D, c_j=0} x_j,
//
// where c_j is j's out-degree in the full graph, so the share of a link
// leaving D is lost, and a dangling page of D sends its value along t as
// in PageRank (docs/algorithms.md section 1), of which the part landing on D is kept.
// T is monotone (x ≤ y ⇒ T(x) ≤ T(y)) because every coefficient is
// non-negative, and a contraction in the L1 norm with factor d < 1,
// because every page sends at most d in total (d·Σ_{i∈D} 1/c_j for a
// linking page, d·Σ_{i∈D} t_i for a dangling one); so it has one fixed
// point x*.
//
// Claim 1: x* ≤ r on D. The PageRank r satisfies r_i = (1-d)·t_i +
// d·Σ_{j→i} r_j/c_j + d·t_i·Σ_{c_j=0} r_j ≥ T(r|D)_i, dropping the
// non-negative terms of pages outside D (their links and, for dangling
// pages outside D, their share of the dangling mass). From r|D ≥ T(r|D)
// and monotonicity, T^m(r|D) ≤ r|D for all m; as T^m(0) ≤ T^m(r|D) and
// T^m(0) → x*, x* ≤ r|D. Hence Σ x* ≤ C(k) whenever the importance is
// that PageRank. When D holds every page reachable from the trusted pages,
// nothing is lost and x* is that PageRank on D: the bound reaches C(k).
//
// Claim 2: the iteration computes values increasing monotonically to x*,
// each of them a lower bound. It starts from a sub-solution x ≤ T(x) with
// x ≤ x* (x = 0 at the first checkpoint). The sweeps are Gauss-Seidel: at
// the start of a sweep, S = S(x) is computed from the sweep's start vector
// x; then page by page, x_i ← U_i(z) = (1-d)·t_i + d·Σ_{j∈D, j→i} z_j/c_j +
// d·t_i·S with z the newest values. U_i is monotone in z and in the start
// vector, and equals T(z)_i when z is the start vector. By induction every
// value only grows (z ≥ x, so U_i(z) ≥ T(x)_i ≥ x_i) and stays ≤ x* (z ≤ x*
// and x ≤ x* give U_i(z) ≤ T(x*)_i = x*_i); the vector y after a sweep is
// again a sub-solution (each y_i = U_i(z) with z ≤ y and x ≤ y, so y_i ≤
// T(y)_i). So every intermediate vector is a valid lower bound, and the
// sum reported is a lower bound of C(k) even if the iteration is stopped
// early (L1 change of a sweep below 1e-12, or 1,000 sweeps). Each sweep
// gives at least T(x) (the Jacobi step), so the error shrinks by d per
// sweep in the L1 norm and the limit is x*; when a sweep changes x by δ,
// x* is within δ·d/(1-d) of the result.
//
// Warm start: the next checkpoint k' > k starts from the final vector of
// checkpoint k, extended with 0 on D_{k'} \ D_k. It is still a sub-solution
// of T' (the map of D_{k'}): T' has every term of T and more, and T'(x)_i ≥
// 0 = x_i on the new pages; and it is ≤ x*' since x ≤ x* ≤ x*'|D (x*' is a
// super-solution of T by the argument of claim 1). Claim 2 then holds for
// k', and the mass found at checkpoint k is not computed again. The new
// pages' mass must still be spread to the tolerance: on cnr-2000 (BFS from
// the 160 top pages, 10 checkpoints) each checkpoint takes about 125
// sweeps.
//
// With d = 1 the teleport term is 0 and x stays 0: a valid, empty bound.
//
// Data: every per-page value lives in a flat slice indexed by page id, so
// nothing moves when D grows. At each checkpoint the pages of D_k are listed
// in increasing id (the rows; rowOf maps a page to its row, and is the
// membership test: noPos outside D_k), and the in-arcs among D_k are
// gathered into a CSR over the rows on reused slices, in two passes over
// the out-arcs of D_k (count, fill); each in-list is sorted by source id.
// The dangling pages of D_k are listed too, in increasing id. Listing the
// rows by a scan over the ids needs no sort, and sweeping in id order
// follows the locality of graphs numbered by URL, where most links join
// nearby ids. The sweep reads, for every in-arc j→i, only contrib_j =
// d·x_j/c_j, kept up to date as x_j changes, into four partial sums taken
// in a fixed order; d·S is summed over the dangling list in its order at
// the start of the sweep; products are rounded separately (no fused
// multiply-add), so native and wasm builds agree.
//
// Step's units: a page examined while listing the rows, and a page of D_k
// with its links in a count, fill or sweep pass (the sum over the dangling
// pages belongs to the sweep's first unit).
type lowerBound struct {
	g           *graph.Graph
	links       graph.Successors
	order       []uint32
	checkpoints []int64
	damping     float64
	teleport    []float64 // nil: uniform
	uniform     float64

	values []float64 // Σ x at every finished checkpoint

	// by page, filled as pages join D
	rowOf      []uint32  // row of a page of D_k; noPos outside
	weight     []float64 // d/c_j; 0 for a dangling page
	teleportOf []float64 // t_j
	base       []float64 // (1-d)·t_j
	x          []float64 // the iterate
	contrib    []float64 // weight·x

	// the checkpoint in progress
	k        int
	added    int // pages of order[:added] are in D
	rows     []uint32
	dangling []uint32 // pages of D_k with no out-link, in increasing id
	dS       float64  // d·S(x) for the sweep in progress
	phase    int
	row      int
	inOff    []uint64 // in-arcs among D_k: row r has sources inSrc[inOff[r]:inOff[r+1]]
	inSrc    []uint32 // source pages
	fill     []uint64 // next free slot per row while filling
	change   float64
	sweeps   int
}

// lowerBound phases at each checkpoint.
const (
	boundRows = iota
	boundCount
	boundFill
	boundSweep
)

func newLowerBound(g *graph.Graph, order []uint32, checkpoints []int64, d float64, teleport []float64) *lowerBound {
	n := g.NumNodes()
	b := &lowerBound{
		g:           g,
		links:       g.Successors(),
		order:       order,
		checkpoints: checkpoints,
		damping:     d,
		teleport:    teleport,
		uniform:     1 / float64(n),
		values:      make([]float64, 0, len(checkpoints)),
		rowOf:       newPositions(n),
		weight:      make([]float64, n),
		teleportOf:  make([]float64, n),
		base:        make([]float64, n),
		x:           make([]float64, n),
		contrib:     make([]float64, n),
	}
	// The last checkpoint is the largest: room for all its rows and for
	// every link of a downloaded page, allocated once.
	var links, dangling int
	for _, p := range order {
		c := g.OutDegree(p)
		links += c
		if c == 0 {
			dangling++
		}
	}
	b.rows = make([]uint32, 0, len(order))
	b.dangling = make([]uint32, 0, dangling)
	b.inOff = make([]uint64, 0, len(order)+1)
	b.fill = make([]uint64, 0, len(order))
	b.inSrc = make([]uint32, 0, links)
	b.begin()
	return b
}

// begin starts the next checkpoint: the pages that join D get their weight
// and teleport term, and a provisional row so that the row listing finds
// them.
func (b *lowerBound) begin() {
	b.k = int(b.checkpoints[len(b.values)])
	d := b.damping
	for ; b.added < b.k; b.added++ {
		p := b.order[b.added]
		if c := b.g.OutDegree(p); c > 0 {
			b.weight[p] = d / float64(c)
		}
		t := b.uniform
		if b.teleport != nil {
			t = b.teleport[p]
		}
		b.teleportOf[p] = t
		b.base[p] = float64((1 - d) * t)
		b.rowOf[p] = 0
	}
	b.rows = b.rows[:0]
	b.dangling = b.dangling[:0]
	b.inOff = resizeReusing(b.inOff, b.k+1)
	clear(b.inOff)
	b.phase, b.row = boundRows, 0
	b.change, b.sweeps = 0, 0
}

// resizeReusing returns s with length size, reusing its array when large
// enough.
func resizeReusing[T any](s []T, size int) []T {
	if cap(s) >= size {
		return s[:size]
	}
	return make([]T, size)
}

// step does at most budget units and reports the units used and whether
// every checkpoint is finished.
func (b *lowerBound) step(budget int) (int, bool) {
	work := 0
	for work < budget {
		if len(b.values) == len(b.checkpoints) {
			return max(work, 1), true
		}
		size := b.k // rows of the pass
		if b.phase == boundRows {
			size = b.g.NumNodes() // pages examined
		}
		end := size
		if left := budget - work; left < end-b.row {
			end = b.row + left
		}
		switch b.phase {
		case boundRows:
			b.listRows(end)
		case boundCount:
			b.count(end)
		case boundFill:
			b.gather(end)
		case boundSweep:
			b.sweep(end)
		}
		work += end - b.row
		b.row = end
		if b.row < size {
			continue
		}
		b.row = 0
		switch b.phase {
		case boundRows:
			b.phase = boundCount
		case boundCount:
			b.startFill()
			b.phase = boundFill
		case boundFill:
			b.phase = boundSweep
		case boundSweep:
			b.sweeps++
			if b.change < lowerBoundTolerance || b.sweeps >= lowerBoundMaxSweeps {
				b.finishCheckpoint()
			} else {
				b.change = 0
			}
		}
	}
	return max(work, 1), len(b.values) == len(b.checkpoints)
}

// listRows gives the pages of D_k among pages row..end-1 their row, in
// increasing id.
func (b *lowerBound) listRows(end int) {
	for p := b.row; p < end; p++ {
		if b.rowOf[p] != noPos {
			b.rowOf[p] = uint32(len(b.rows))
			b.rows = append(b.rows, uint32(p))
			if b.g.OutDegree(uint32(p)) == 0 {
				b.dangling = append(b.dangling, uint32(p))
			}
		}
	}
}

// count counts, for the sources in rows row..end-1, their links into D_k
// by target: inOff[r+1] is the in-degree of row r within D_k.
func (b *lowerBound) count(end int) {
	for _, j := range b.rows[b.row:end] {
		for _, q := range b.links.Out(j) {
			if r := b.rowOf[q]; r != noPos {
				b.inOff[r+1]++
			}
		}
	}
}

// startFill turns the counts into offsets and sizes the source list.
func (b *lowerBound) startFill() {
	for i := 1; i <= b.k; i++ {
		b.inOff[i] += b.inOff[i-1]
	}
	b.inSrc = resizeReusing(b.inSrc, int(b.inOff[b.k]))
	b.fill = resizeReusing(b.fill, b.k)
	copy(b.fill, b.inOff[:b.k])
}

// gather writes, for the sources in rows row..end-1, their id into the
// in-list of each target in D_k.
func (b *lowerBound) gather(end int) {
	for _, j := range b.rows[b.row:end] {
		for _, q := range b.links.Out(j) {
			if r := b.rowOf[q]; r != noPos {
				b.inSrc[b.fill[r]] = j
				b.fill[r]++
			}
		}
	}
}

// sweep runs the Gauss-Seidel update on rows row..end-1; at row 0 it first
// sums the dangling pages' values of the sweep's start vector.
func (b *lowerBound) sweep(end int) {
	x, contrib, src, tele := b.x, b.contrib, b.inSrc, b.teleportOf
	if b.row == 0 {
		s := 0.0
		for _, j := range b.dangling {
			s += x[j]
		}
		b.dS = float64(b.damping * s)
	}
	dS := b.dS
	change := b.change
	for r := b.row; r < end; r++ {
		i := b.rows[r]
		in := src[b.inOff[r]:b.inOff[r+1]]
		// Four partial sums break the chain of dependent additions.
		var s0, s1, s2, s3 float64
		for len(in) >= 4 {
			s0 += contrib[in[0]]
			s1 += contrib[in[1]]
			s2 += contrib[in[2]]
			s3 += contrib[in[3]]
			in = in[4:]
		}
		for _, j := range in {
			s0 += contrib[j]
		}
		v := b.base[i] + ((s0 + s1) + (s2 + s3)) + float64(tele[i]*dS)
		change += math.Abs(v - x[i])
		x[i] = v
		contrib[i] = float64(b.weight[i] * v)
	}
	b.change = change
}

// finishCheckpoint records Σ x over D_k, in row order, and starts the next
// checkpoint.
func (b *lowerBound) finishCheckpoint() {
	sum := 0.0
	for _, i := range b.rows {
		sum += b.x[i]
	}
	b.values = append(b.values, sum)
	if len(b.values) < len(b.checkpoints) {
		b.begin()
	}
}
