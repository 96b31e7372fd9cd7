// Package rank computes the importance vectors of SPEC.md section 1:
// PageRank with a uniform or personalized teleport vector (the RankMass
// paper, seeds/001, section 2) and HITS hubs and authorities (seeds/003,
// section 2.1).
//
// Both are steppable values (DESIGN.md "Running"): Step(budget) runs at most
// budget iterations and the current vector can be read at any time; the
// PageRankOf and HITSOf conveniences loop over Step with a context.
//
// PageRank pulls rank along in-arcs, so it runs on the transpose of the
// graph; pass a transpose you already hold to avoid building another one.
//
// Goroutines: with Workers > 1 an iteration on a graph of more than one
// chunk (32,768 pages) is shared by that many goroutines, which are started
// and joined inside one Step. This is a deliberate exception to DESIGN.md's
// "no goroutines in the engine", for the native command line
// (Workers = runtime.NumCPU()); the browser worker uses Workers = 1. Results
// are bit-identical whatever Workers is: pages are split into chunks of a
// fixed size, each chunk is computed sequentially and its partial sums are
// combined in chunk order on the calling goroutine.
package rank

import (
	"context"
	"fmt"
	"math"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/step"
)

// Defaults of Options (SPEC.md section 1).
const (
	DefaultDamping       = 0.85
	DefaultTolerance     = 1e-10
	DefaultMaxIterations = 1000
)

// teleportSumTolerance is how far from 1 the sum of a teleport vector may be.
const teleportSumTolerance = 1e-9

// Options configures PageRank. Zero values take the defaults, so a damping
// factor of exactly 0 cannot be asked for (its result would be t itself).
type Options struct {
	// Damping is d, default 0.85; it must be in [0,1].
	Damping float64
	// Tolerance stops the iteration when the L1 change between two
	// successive vectors is below it; default 1e-10.
	Tolerance float64
	// MaxIterations stops the iteration after that many iterations even if
	// it has not converged; default 1000.
	MaxIterations int
	// Teleport is t: one non-negative entry per page, summing to 1
	// (±1e-9); nil means uniform 1/n. Dangling pages send their whole rank
	// along t (SPEC.md section 1). It is copied and rescaled to sum to 1.
	Teleport []float64
	// Start, when set, is the vector the iteration starts from instead of
	// t: one non-negative finite entry per page summing to 1 (±1e-9),
	// copied and rescaled. A previous estimate close to the answer saves
	// iterations (batch PageRank crawlers recompute on a graph that grew a
	// little). The fixed point does not depend on it; personalized PageRank
	// stays exactly 0 outside the teleport's reach only if Start is 0 there.
	Start []float64
	// Workers is the number of goroutines used inside one Step on graphs of
	// more than one chunk; <= 1 means none. The scores are bit-identical
	// whatever Workers is.
	Workers int
}

// Result is a PageRank vector and how it was reached.
type Result struct {
	// Scores holds r, one entry per page, summing to 1.
	Scores []float64 `json:"scores"`
	// Iterations is the number of iterations run.
	Iterations int `json:"iterations"`
	// Residual is the L1 change of the last iteration, 0 before the first.
	Residual float64 `json:"residual"`
	// Converged reports whether Residual fell below the tolerance (an empty
	// graph has converged at once).
	Converged bool `json:"converged"`
}

// PageRank is a steppable PageRank computation (SPEC.md section 1):
//
//	r ← d·W·r + (d·Σ_{j dangling} r_j + (1-d))·t
//
// where W_ij = 1/c_j for every arc j→i, a dangling page (c_j = 0) sends its
// whole rank along the teleport vector t, and the iteration starts from
// r = t. Each Step runs Jacobi (power) iterations until the L1 change falls
// below the tolerance or MaxIterations is reached.
//
// Every iteration pulls along in-arcs: r'_i = d·Σ_{j→i} contrib_j +
// coef·t_i, where contrib_j = r_j/c_j (0 for a dangling j) was stored by
// the previous iteration and coef = d·(dangling mass) + (1-d). Two pairs of
// buffers are swapped, so an iteration allocates nothing.
//
// Summation order, fixed whatever Workers is: the in-arc sum of a page runs
// over its in-neighbours in increasing id; the L1 change and the dangling
// mass are summed page by page within each chunk of 32,768 pages, and the
// chunk sums are added in chunk order. Products are rounded separately (no
// fused multiply-add), so native and wasm builds agree.
//
// Starting from t makes personalized PageRank exactly 0 on every page that
// cannot be reached from a page with t_i > 0.
type PageRank struct {
	n         int
	inOffsets []uint64 // the transpose's CSR: in-arcs of every page
	inSources []uint32
	invOut    []float64 // 1/c_j, 0 for a dangling page
	teleport  []float64 // t rescaled to sum 1; nil for uniform
	uniform   float64   // 1/n

	damping   float64
	tolerance float64
	maxIter   int

	rank, nextRank       []float64
	contrib, nextContrib []float64
	dangling             float64 // Σ r_j over dangling pages j of rank
	coef                 float64 // teleport coefficient of the running iteration
	sums                 []chunkSums

	pool    *chunkPool
	iterate func(chunk int) // p.iterateChunk, stored once

	iterations int
	residual   float64
	converged  bool
	done       bool
}

// chunkSums are the partial sums of one chunk in one iteration.
type chunkSums struct {
	change   float64 // Σ |r'_i - r_i|
	dangling float64 // Σ r'_i over dangling pages
}

// NewPageRank prepares PageRank on g. transpose must be g's transpose (as
// returned by g.Transpose()) or nil, in which case it is built. The options
// are checked: damping in [0,1], tolerance and MaxIterations not negative, a
// teleport vector of one non-negative finite entry per page summing to 1
// (±1e-9). The graphs are only read and may be shared.
func NewPageRank(g, transpose *graph.Graph, opt Options) (*PageRank, error) {
	return newPageRank(g, transpose, opt, chunkSize)
}

// newPageRank is NewPageRank with a chosen chunk size, so that tests can
// split small graphs into many chunks.
func newPageRank(g, transpose *graph.Graph, opt Options, size int) (*PageRank, error) {
	d, tol, maxIter, err := checkOptions(opt)
	if err != nil {
		return nil, err
	}
	tr, err := checkGraphs(g, transpose)
	if err != nil {
		return nil, err
	}
	n := g.NumNodes()
	teleport, err := checkTeleport(opt.Teleport, n)
	if err != nil {
		return nil, err
	}
	start, err := checkDistribution("start", opt.Start, n)
	if err != nil {
		return nil, err
	}
	p := &PageRank{
		n:           n,
		inOffsets:   tr.Offsets,
		inSources:   tr.Targets,
		invOut:      make([]float64, n),
		teleport:    teleport,
		damping:     d,
		tolerance:   tol,
		maxIter:     maxIter,
		rank:        make([]float64, n),
		nextRank:    make([]float64, n),
		contrib:     make([]float64, n),
		nextContrib: make([]float64, n),
		pool:        newChunkPool(n, size, opt.Workers),
	}
	p.sums = make([]chunkSums, p.pool.chunks)
	p.iterate = p.iterateChunk
	if n == 0 {
		p.converged, p.done = true, true
		return p, nil
	}
	p.uniform = 1 / float64(n)
	for j := range n {
		if c := g.OutDegree(uint32(j)); c > 0 {
			p.invOut[j] = 1 / float64(c)
		}
	}
	for j := range n {
		r := p.uniform
		switch {
		case start != nil:
			r = start[j]
		case teleport != nil:
			r = teleport[j]
		}
		p.rank[j] = r
		p.contrib[j] = r * p.invOut[j]
		if p.invOut[j] == 0 {
			p.dangling += r
		}
	}
	return p, nil
}

// checkOptions validates the scalar options and fills in the defaults.
func checkOptions(opt Options) (d, tol float64, maxIter int, err error) {
	d, tol, maxIter = opt.Damping, opt.Tolerance, opt.MaxIterations
	if d == 0 {
		d = DefaultDamping
	}
	if !(d >= 0 && d <= 1) {
		return 0, 0, 0, fmt.Errorf("rank: damping factor %v is outside [0,1]", opt.Damping)
	}
	if tol == 0 {
		tol = DefaultTolerance
	}
	if !(tol > 0) {
		return 0, 0, 0, fmt.Errorf("rank: tolerance %v must be positive (0 means the default %v)", opt.Tolerance, DefaultTolerance)
	}
	if maxIter == 0 {
		maxIter = DefaultMaxIterations
	}
	if maxIter < 0 {
		return 0, 0, 0, fmt.Errorf("rank: MaxIterations %d is negative (0 means the default %d)", opt.MaxIterations, DefaultMaxIterations)
	}
	return d, tol, maxIter, nil
}

// checkGraphs validates g and its transpose, building the transpose when it
// is nil. A transpose that is not g's (wrong page or link count, or in-degrees
// that differ from g's) is refused; passing g itself by mistake is caught
// unless every page's in-degree equals its out-degree.
func checkGraphs(g, transpose *graph.Graph) (*graph.Graph, error) {
	if g == nil {
		return nil, fmt.Errorf("rank: no graph")
	}
	if err := g.Validate(); err != nil {
		return nil, fmt.Errorf("rank: %w", err)
	}
	if transpose == nil {
		return g.Transpose(), nil
	}
	if err := transpose.Validate(); err != nil {
		return nil, fmt.Errorf("rank: transpose: %w", err)
	}
	n := g.NumNodes()
	if transpose.NumNodes() != n || transpose.NumArcs() != g.NumArcs() {
		return nil, fmt.Errorf("rank: transpose has %d pages and %d links, the graph %d and %d",
			transpose.NumNodes(), transpose.NumArcs(), n, g.NumArcs())
	}
	in := g.InDegrees()
	for i := range n {
		if c := transpose.OutDegree(uint32(i)); c != int(in[i]) {
			return nil, fmt.Errorf("rank: transpose is not the graph's: page %d has %d in-links in the graph but %d in the transpose", i, in[i], c)
		}
	}
	return transpose, nil
}

// checkTeleport validates t and returns a copy rescaled to sum to 1 (a
// mathematically neutral change that keeps Σ r = 1 in floating point), or
// nil when t is nil.
func checkTeleport(t []float64, n int) ([]float64, error) {
	return checkDistribution("teleport", t, n)
}

// checkDistribution validates a vector that must be a distribution over the
// n pages and returns a copy rescaled to sum to 1, or nil when t is nil.
func checkDistribution(what string, t []float64, n int) ([]float64, error) {
	if t == nil {
		return nil, nil
	}
	if len(t) != n {
		return nil, fmt.Errorf("rank: %s vector has %d entries, want one per page (%d)", what, len(t), n)
	}
	if n == 0 {
		return nil, nil
	}
	sum := 0.0
	for i, x := range t {
		if !(x >= 0) || math.IsInf(x, 1) {
			return nil, fmt.Errorf("rank: %s[%d] = %v, want a finite non-negative number", what, i, x)
		}
		sum += x
	}
	if math.Abs(sum-1) > teleportSumTolerance {
		return nil, fmt.Errorf("rank: %s vector sums to %v, want 1 (±%v)", what, sum, teleportSumTolerance)
	}
	scaled := make([]float64, n)
	for i, x := range t {
		scaled[i] = x / sum
	}
	return scaled, nil
}

// iterateChunk computes the next rank of the pages of chunk k and the
// chunk's partial sums.
func (p *PageRank) iterateChunk(k int) {
	lo, hi := p.pool.bounds(k)
	d, coef, uniform := p.damping, p.coef, p.uniform
	offsets, sources := p.inOffsets, p.inSources
	contrib, invOut, teleport := p.contrib, p.invOut, p.teleport
	rank, next, nextContrib := p.rank, p.nextRank, p.nextContrib
	var change, dangling float64
	for i := lo; i < hi; i++ {
		var sum float64
		for _, j := range sources[offsets[i]:offsets[i+1]] {
			sum += contrib[j]
		}
		t := uniform
		if teleport != nil {
			t = teleport[i]
		}
		// The conversions forbid fusing into a multiply-add (Go spec,
		// "Floating-point operators"), so every platform rounds alike.
		v := float64(d*sum) + float64(coef*t)
		change += math.Abs(v - rank[i])
		inv := invOut[i]
		if inv == 0 {
			dangling += v
		}
		next[i] = v
		nextContrib[i] = v * inv
	}
	p.sums[k] = chunkSums{change: change, dangling: dangling}
}

// iterateOnce runs one iteration and updates the stopping state.
func (p *PageRank) iterateOnce() {
	p.coef = float64(p.damping*p.dangling) + (1 - p.damping)
	p.pool.run(p.iterate)
	var change, dangling float64
	for _, s := range p.sums {
		change += s.change
		dangling += s.dangling
	}
	p.rank, p.nextRank = p.nextRank, p.rank
	p.contrib, p.nextContrib = p.nextContrib, p.contrib
	p.dangling = dangling
	p.residual = change
	p.iterations++
	switch {
	case change < p.tolerance:
		p.converged, p.done = true, true
	case p.iterations >= p.maxIter:
		p.done = true
	}
}

// Step runs up to budget iterations (at least one) and reports whether the
// computation has finished: converged, or MaxIterations reached. It never
// fails; the error is there for step.Stepper.
func (p *PageRank) Step(budget int) (bool, error) {
	if p.done {
		return true, nil
	}
	p.pool.open()
	defer p.pool.shut()
	for range max(budget, 1) {
		p.iterateOnce()
		if p.done {
			break
		}
	}
	return p.done, nil
}

// Progress reports the iterations done (Stage "pagerank").
//
// Total is 0: the number of iterations is not known in advance, since the
// iteration stops on a tolerance (MaxIterations only caps it).
func (p *PageRank) Progress() step.Progress {
	return step.Progress{Stage: "pagerank", Done: int64(p.iterations), Total: 0}
}

// Residual returns the L1 change of the last iteration (0 before the
// first) without copying the vector as Result does.
func (p *PageRank) Residual() float64 { return p.residual }

// Result returns a copy of the current vector with how it was reached; it
// may be called at any time. The copy is divided by its sum, which is 1 up
// to rounding (every iteration preserves Σ r = 1 exactly in real
// arithmetic), so the scores sum to 1 within a few ulps.
func (p *PageRank) Result() Result {
	scores := make([]float64, p.n)
	copy(scores, p.rank)
	sum := 0.0
	for _, x := range scores {
		sum += x
	}
	if sum > 0 {
		for i := range scores {
			scores[i] /= sum
		}
	}
	return Result{Scores: scores, Iterations: p.iterations, Residual: p.residual, Converged: p.converged}
}

// PageRankOf computes PageRank on g to convergence or MaxIterations,
// building the transpose; it stops early with the context's error. Each
// Step is one iteration, so cancellation takes effect within one iteration.
func PageRankOf(ctx context.Context, g *graph.Graph, opt Options) (Result, error) {
	p, err := NewPageRank(g, nil, opt)
	if err != nil {
		return Result{}, err
	}
	if err := step.Run(ctx, p, 1, nil); err != nil {
		return Result{}, err
	}
	return p.Result(), nil
}
