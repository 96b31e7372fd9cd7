// Package rank computes the importance vectors of docs/algorithms.md section 1:
// PageRank with a uniform or personalized teleport vector (the RankMass
// paper, Cho and Schonfeld 2007, section 2) and HITS hubs and authorities (Daneshpajouh et al. 2008,
// section 2.1).
//
// Both are steppable values (docs/architecture.md, "Steppable work"):
// Step(budget) runs at most budget iterations (for PageRank, Gauss-Seidel
// sweeps: see PageRank) and the current vector can be read at any time; the
// PageRankOf and HITSOf conveniences loop over Step with a context.
//
// PageRank pulls rank along in-arcs. Given no transpose, it builds from the
// graph the in-arc layout it sweeps fastest; pass a transpose you already
// hold (built in steps, or memory-mapped) to sweep that instead, with the
// same result. With Options.Push it holds neither and pushes rank along
// the graph's out-lists (push.go), with the same result to within
// rounding.
//
// Goroutines: with Workers > 1 an iteration on a graph of more than one chunk
// (16,384 pages for PageRank, 32,768 for HITS) is shared by that many
// goroutines, which are started and joined inside one Step: the engine runs
// on one goroutine in the browser, but natively independent work may run
// concurrently (docs/architecture.md, "Steppable work"), so the command line
// asks for Workers = runtime.NumCPU() and the browser worker for 1. Results
// are bit-identical whatever Workers is (but when pushing, see push.go): pages
// are split into chunks of a fixed size, what a chunk computes does not depend
// on when the others are computed, each chunk is computed sequentially and its
// partial sums are combined in chunk order on the calling goroutine.
package rank

import (
	"context"
	"fmt"
	"math"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/step"
)

// Result is a PageRank vector and how it was reached.
type Result struct {
	// Scores holds r, one entry per page, summing to 1.
	Scores []float64 `json:"scores"`
	// Iterations is the number of iterations run.
	Iterations int `json:"iterations"`
	// Residual is the L1 change of the last iteration (an upper bound of
	// it, see PageRank.Residual), 0 before the first.
	Residual float64 `json:"residual"`
	// Converged reports whether Residual fell below the tolerance (an empty
	// graph has converged at once).
	Converged bool `json:"converged"`
}

// PageRank is a steppable PageRank computation (docs/algorithms.md section 1):
//
//	r = d·W·r + (d·Σ_{j dangling} r_j + (1-d))·t
//
// where W_ij = 1/c_j for every arc j→i and a dangling page (c_j = 0) sends
// its whole rank along the teleport vector t.
//
// # Method
//
// For d < 1 it solves the equivalent linear system of PRPACK (Gleich et
// al.), which has no dangling term:
//
//	y = d·W·y + t,   r = y / Σ_i y_i
//
// (r solves the first equation if and only if r/(d·Σ_{dangling} r_j + 1-d)
// solves the second). A dangling page feeds no other page of this system,
// so sweeps skip dangling pages and compute them once, when the result is
// read. For d = 1 that system is singular whenever the graph has
// a set of pages that links nowhere else, so it iterates on r itself, with
// the dangling mass of the previous sweep.
//
// Each iteration is one Gauss-Seidel sweep over the pages in id order,
// split into chunks of 16,384 pages: the in-arc sum of page i takes the
// value of this sweep for an in-neighbour in the same chunk before i, and
// the value of the previous sweep for any other (Gauss-Seidel inside a
// chunk, Jacobi between chunks), so chunks can be computed in any order
// and on any goroutine with the same result. A self-loop i→i is solved
// for, y_i = (d·Σ_{j≠i} y_j/c_j + t_i) / (1 - d/c_i), instead of being
// lagged. This converges in 55-60% of the iterations of the power method
// used before (cnr-2000 to 1e-10: 68 instead of 116; a generated web of a
// million pages: 57 instead of 107). Reading the result (Result) takes one
// more step, a Jacobi one from the last sweep's values, which gives the
// dangling pages their values and pages with the same in-links the same
// score.
//
// The iteration starts from t (or Options.Start), rescaled for the linear
// system, and stops when Residual, an upper bound of the L1 change of the
// last sweep relative to the vector's sum (so the L1 change of the vector
// normalized to 1), falls below the tolerance, or at MaxIterations.
// Starting from t makes personalized PageRank exactly 0 on every page that
// cannot be reached from a page with t_i > 0.
//
// # Determinism and memory
//
// The in-arc sum of a page runs over its in-neighbours in increasing id;
// the chunk sums (L1 change, mass) are added in chunk order. Products are
// rounded separately (no fused multiply-add), so native and wasm builds
// give the same bits, for any number of workers, on a given transpose or on
// the layout. Beside the graph and a given transpose, PageRank holds 16
// bytes a page, two float64 (8 more with a teleport vector): the value of
// the last sweep and that of the running one, each page's out-degree read
// from the graph as the sweep reaches the page (on a BVGraph, one code at
// the start of its list). Given none, it builds a
// layout of 4 bytes a link and 4 a page (8 beyond 2^32 links), plus 12 an
// exported page (sweepLayout), and holds 16 bytes a page beside it, 8
// more with a teleport vector; nothing more while it builds it, and the
// sweeps never read the graph's links (see Options.Release).
type PageRank struct {
	n  int
	g  *graph.Graph // the graph, read by the sweeps when they push
	in *graph.Graph // a given transpose: in-arcs of every page (CSR or Lists)
	// inCursors keeps the readers of in's lists between chunks.
	inCursors *cursorPool
	inErr     []error      // per chunk, a decoding error of the lists the sweeps read
	lay       *sweepLayout // built from the graph when no transpose is given
	push      *pushState   // Options.Push without a transpose: no layout
	// swept has bit i%64 of word i/64 set for the pages a sweep on the
	// layout computes: those with out-links for d < 1 (the linear
	// system's sweeps skip dangling pages), every page for d = 1.
	swept  []uint64
	invOut []float64 // on the layout, 1/c_j, 0 for a dangling page
	// deg reads c_j from the graph for the sweeps along a given
	// transpose, which hold no invOut (pull.go).
	deg      outDegrees
	teleport []float64 // t rescaled to sum 1; nil for uniform
	uniform  float64   // 1/n

	damping   float64
	tolerance float64
	maxIter   int
	// linear is set when the iteration solves y = d·W·y + t (d < 1); then
	// the entries of rank and contrib for dangling pages are not updated
	// by the sweeps.
	linear bool
	// danglingTeleport is Σ t_i over dangling pages: the least mass the
	// dangling pages add to y, in the denominator of Residual.
	danglingTeleport float64

	// value holds, on a given transpose (and pushing), y_j/c_j for a page
	// with out-links, what its in-neighbours add up, and y_j itself for a
	// dangling page (read for d = 1 only), updated in place by the sweeps.
	// On the layout, x holds the same: x[:n] updated in place, x[n:] the
	// previous sweep's of the exported pages (sweepLayout): with invOut,
	// 16 to 24 bytes a page.
	value []float64
	x     []float64
	// pull is the rest of the state on a given transpose (pull.go): with
	// value, 16 bytes a page and a bit.
	pull     *pullState
	initial  []float64 // the vector before the first sweep, nil for uniform
	dangling float64   // d = 1: Σ r_j over dangling pages j after the last sweep
	coef     float64   // teleport coefficient of the running sweep
	sums     []chunkSums

	// The chunk tasks, method values stored once so that running them
	// allocates nothing: sweepChunk and evaluateChunk on a given
	// transpose, their layout versions and copyLayoutChunk otherwise.
	pool       *chunkPool
	sweep      func(chunk int)
	copyValues func(chunk int)
	eval       func(chunk int)
	out        []float64 // where eval writes

	iterations int
	residual   float64
	// earlier holds the residuals of the two iterations before the last
	// (earlier[1] the older), for IterationsEstimate.
	earlier   [2]float64
	converged bool
	done      bool
	// cancel is Options.Cancel; err is its error once a Step or
	// NewPageRank was cancelled.
	cancel func() error
	err    error
}

// chunkSums are the partial sums of one chunk in one sweep.
type chunkSums struct {
	change   float64 // Σ |v_i - old v_i|
	mass     float64 // Σ v_i over the pages swept
	dangling float64 // d = 1: Σ v_i over dangling pages
}

// NewPageRank prepares PageRank on g. transpose must be g's transpose (as
// returned by g.Transpose()) or nil, in which case PageRank builds from g
// the in-arc layout it sweeps fastest (sweepLayout: as much memory as a
// transpose, and faster sweeps than on one); the scores are the same bits
// either way. The options are checked: damping in [0,1], tolerance and
// MaxIterations not negative, a teleport vector of one non-negative finite
// entry per page summing to 1 (±1e-9). The graphs are only read and may be
// shared.
func NewPageRank(g, transpose *graph.Graph, opt Options) (*PageRank, error) {
	return newPageRank(g, transpose, opt, pageRankChunkSize)
}

// newPageRank is NewPageRank with a chosen chunk size, so that tests can
// split small graphs into many chunks.
func newPageRank(g, transpose *graph.Graph, opt Options, size int) (*PageRank, error) {
	d, tol, maxIter, err := checkOptions(opt)
	if err != nil {
		return nil, err
	}
	if err := checkGraph(g); err != nil {
		return nil, err
	}
	n := g.NumNodes()
	push := opt.Push && transpose == nil
	if transpose == nil && n > maxLayoutPages && !push {
		transpose = g.Transpose()
	} else if transpose != nil {
		if err := checkTransposeWith(g, transpose, opt.Cancel); err != nil {
			return nil, err
		}
	}
	teleport, err := checkTeleport(opt.Teleport, n)
	if err != nil {
		return nil, err
	}
	start, err := checkDistribution("start", opt.Start, n)
	if err != nil {
		return nil, err
	}
	p := &PageRank{
		n:         n,
		teleport:  teleport,
		damping:   d,
		tolerance: tol,
		maxIter:   maxIter,
		linear:    d < 1,
		pool:      newChunkPool(n, size, opt.Workers),
		cancel:    opt.Cancel,
	}
	p.sums = make([]chunkSums, p.pool.chunks)
	switch {
	case push:
		p.g = g
		p.push = &pushState{acc: make([]float64, n), exported: make([]uint64, (n+63)/64), cursors: cursorPool{g: g}}
		p.inErr = make([]error, p.pool.chunks)
		p.value = make([]float64, n)
		p.sweep, p.copyValues = p.pushSweepChunk, p.pushExternalChunk
	case transpose != nil:
		p.in = transpose
		p.inCursors = &cursorPool{g: transpose}
		p.deg = degreesOf(g)
		p.inErr = make([]error, p.pool.chunks)
		p.value = make([]float64, n)
		p.pull = &pullState{aside: make([]float64, n), exported: make([]uint64, (n+63)/64), stored: make([]int, p.pool.chunks)}
		p.sweep, p.copyValues, p.eval = p.sweepChunk, p.copyAsideChunk, p.evaluateChunk
	default:
		p.invOut = make([]float64, n)
		b := &layoutBuild{release: opt.Release, progress: opt.Building, cancel: opt.Cancel}
		p.lay = newSweepLayout(g, size, b)
		if b.err != nil {
			return nil, b.err
		}
		p.x = make([]float64, n+len(p.lay.exported))
		p.sweep, p.copyValues, p.eval = p.sweepLayoutChunk, p.copyLayoutChunk, p.evaluateLayoutChunk
	}
	if n == 0 {
		p.converged, p.done = true, true
		return p, nil
	}
	p.uniform = 1 / float64(n)
	p.initial = start
	if p.initial == nil {
		p.initial = teleport
	}
	// On a BVGraph, an out-degree is one code read at the list's start;
	// along a transpose PageRank reads them once, into aside, and lets
	// the caller know that it reads the graph no more (but the few
	// degrees that do not fit there, pull.go).
	degree := g.OutDegree
	if p.pull != nil {
		if err := p.startPull(); err != nil {
			return nil, fmt.Errorf("rank: transpose: %w", err)
		}
		if opt.DegreesRead != nil {
			opt.DegreesRead()
		}
		r := &storedDegrees{p: p}
		degree = r.at
	}
	var startDangling float64
	if p.lay != nil {
		p.swept = make([]uint64, (n+63)/64)
	}
	for j := range n {
		if err := p.poll(j); err != nil {
			return nil, err
		}
		c := degree(uint32(j))
		if p.swept != nil && (c > 0 || !p.linear) {
			p.swept[j>>6] |= 1 << (j & 63)
		}
		if c > 0 {
			if p.invOut != nil {
				p.invOut[j] = 1 / float64(c)
			}
		} else {
			startDangling += p.initialAt(j)
			p.danglingTeleport += p.teleportAt(j)
		}
	}
	// The linear system's solution is r/(d·(dangling mass of r) + 1-d);
	// the start vector is scaled alike, so that a start close to r is
	// close to y.
	scale := 1.0
	if p.linear {
		scale = 1 / (float64(d*startDangling) + (1 - d))
	} else {
		p.dangling = startDangling
	}
	values := p.lastValues()
	for j := range n {
		if err := p.poll(j); err != nil {
			return nil, err
		}
		y := p.initialAt(j) * scale
		if c := degree(uint32(j)); c > 0 {
			y *= 1 / float64(c)
		}
		values[j] = y
	}
	if p.pull != nil {
		p.pool.run(p.copyAsideChunk)
	}
	if p.lay != nil {
		for k, j := range p.lay.exported {
			p.x[n+k] = p.x[j]
		}
	}
	if p.push != nil {
		p.pool.cancel = p.cancel
		err := p.startPush()
		p.pool.cancel = nil
		if err := p.pool.err; err != nil {
			return nil, err
		}
		if err != nil {
			return nil, fmt.Errorf("rank: %w", err)
		}
	}
	return p, nil
}

// pollPages is how many pages NewPageRank's passes read between two calls
// of Options.Cancel.
const pollPages = 1 << 16

// poll calls Options.Cancel, when set, every pollPages pages j.
func (p *PageRank) poll(j int) error {
	if p.cancel != nil && j%pollPages == 0 {
		return p.cancel()
	}
	return nil
}

// lastValues returns the values of the last sweep (see the field value).
func (p *PageRank) lastValues() []float64 {
	if p.lay != nil {
		return p.x[:p.n]
	}
	return p.value
}

// initialAt returns entry j of the vector the iteration starts from.
func (p *PageRank) initialAt(j int) float64 {
	if p.initial == nil {
		return p.uniform
	}
	return p.initial[j]
}

// teleportAt returns t_j.
func (p *PageRank) teleportAt(j int) float64 {
	if p.teleport == nil {
		return p.uniform
	}
	return p.teleport[j]
}

// Step runs up to budget iterations (at least one) and reports whether the
// computation has finished: converged, or MaxIterations reached. It never
// fails; the error is there for step.Stepper.
func (p *PageRank) Step(budget int) (bool, error) {
	if p.err != nil {
		return false, p.err
	}
	if p.done {
		return true, nil
	}
	p.pool.open()
	defer p.pool.shut()
	p.pool.cancel = p.cancel
	defer func() { p.pool.cancel = nil }()
	for range max(budget, 1) {
		p.iterateOnce()
		if err := p.pool.err; err != nil {
			p.err = err
			return false, err
		}
		for _, err := range p.inErr {
			if err != nil {
				p.done = true
				if p.push != nil {
					return false, fmt.Errorf("rank: %w", err)
				}
				return false, fmt.Errorf("rank: transpose: %w", err)
			}
		}
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

// IterationsEstimate returns how many iterations the computation will
// take in all, estimated from the residual's geometric decay over the
// last two iterations: with ρ the mean ratio of successive residuals, it
// needs the first k with residual·ρ^k < tolerance more, at most
// MaxIterations in all.
// It returns the iterations run once finished, and 0 when there is no
// estimate yet (fewer than three iterations, or a residual that did not
// decrease). For a progress bar: Progress's Total stays 0.
func (p *PageRank) IterationsEstimate() int {
	if p.done {
		return p.iterations
	}
	if p.iterations < 3 {
		return 0
	}
	return estimateIterations(p.iterations, p.residual, p.earlier[1], p.tolerance, p.maxIter)
}

// estimateIterations returns the iterations a geometric decay of the
// residual reaches tol in, capped at maxIter: done iterations were run, the
// last with residual r, the one two iterations before with residual
// before; 0 when the residual did not decrease.
func estimateIterations(done int, r, before, tol float64, maxIter int) int {
	if !(r > 0 && before > r) {
		return 0
	}
	if r < tol {
		return done
	}
	// The run stops at the first residual below tol: r·ρ^k < tol.
	rate := math.Sqrt(r / before)
	left := math.Floor(math.Log(tol/r)/math.Log(rate)) + 1
	if !(left < float64(maxIter-done)) {
		return maxIter
	}
	return done + int(left)
}

// Residual returns the L1 change of the last iteration relative to the
// vector's sum, so the L1 change of the vector normalized to 1, without
// copying the vector as Result does; 0 before the first iteration. For d <
// 1 it is an upper bound: the sweeps leave the dangling pages out, and
// their change, at most d times the others' (each is d·Σ_{j→i} y_j/c_j +
// t_i), is counted as that much.
func (p *PageRank) Residual() float64 { return p.residual }

// Result returns a copy of the current vector, normalized to sum 1, with
// how it was reached; it may be called at any time. Before the first
// iteration it is the starting vector. For d < 1 it computes the dangling
// pages' entries from the others (one pass over their in-arcs).
func (p *PageRank) Result() Result {
	scores := make([]float64, p.n)
	if p.iterations == 0 {
		for i := range scores {
			scores[i] = p.initialAt(i)
		}
		return Result{Scores: scores, Converged: p.converged}
	}
	return p.resultIn(scores)
}

// TakeResult returns what Result returns, the same bits, but writes the
// scores over one of PageRank's own vectors instead of a new one, and
// drops the rest of its memory (the layout, the values): for
// a caller done with the computation, at sizes where 8 bytes a page
// matter (a billion links). The PageRank must not be used afterwards.
func (p *PageRank) TakeResult() Result {
	if p.iterations == 0 {
		return p.Result()
	}
	// evaluate reads 1/c_i (for a self-loop) before it writes page i's
	// score, and only then: the scores can take the place of invOut,
	// and along a transpose that of aside, which evaluateChunk has read
	// before it writes; pushing, that of acc, which page i's score
	// is computed from (pushEvaluateChunk).
	into := p.invOut
	switch {
	case p.push != nil:
		into = p.push.acc
	case p.in != nil:
		into = p.pull.aside
	}
	res := p.resultIn(into)
	p.invOut, p.x, p.lay, p.swept, p.value, p.pull, p.in, p.push, p.g = nil, nil, nil, nil, nil, nil, nil, nil, nil
	p.deg = outDegrees{}
	p.done = true
	return res
}

// resultIn is Result after the first iteration, writing the scores into
// scores.
func (p *PageRank) resultIn(scores []float64) Result {
	p.evaluate(scores)
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
// building the transpose; it stops early with the context's error, within
// a chunk of pages of a sweep (the context's Err is Options.Cancel when
// that is not set).
func PageRankOf(ctx context.Context, g *graph.Graph, opt Options) (Result, error) {
	if opt.Cancel == nil {
		opt.Cancel = ctx.Err
	}
	p, err := NewPageRank(g, nil, opt)
	if err != nil {
		return Result{}, err
	}
	if err := step.Run(ctx, p, 1, nil); err != nil {
		return Result{}, err
	}
	return p.Result(), nil
}
