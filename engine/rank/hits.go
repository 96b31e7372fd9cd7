package rank

import (
	"context"
	"fmt"
	"math"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/step"
)

// DefaultHITSIterations is the fixed number of HITS iterations (docs/algorithms.md
// section 1, section 6 step 2).
const DefaultHITSIterations = 60

// HITSOptions configures HITS. Zero values take the defaults.
type HITSOptions struct {
	// Iterations is the fixed number of iterations, default 60.
	Iterations int
	// Workers is the number of goroutines used inside one Step on graphs of
	// more than one chunk; <= 1 means none. The scores are bit-identical
	// whatever Workers is.
	Workers int
}

// HITSResult holds hub and authority scores, each of unit L2 norm (or all
// zero when the graph has no links).
type HITSResult struct {
	// Hubs holds every page's hub score h, of unit L2 norm.
	Hubs []float64 `json:"hubs"`
	// Authorities holds every page's authority score a, of unit L2 norm.
	Authorities []float64 `json:"authorities"`
	// Iterations is the number of iterations run.
	Iterations int `json:"iterations"`
}

// HITS is a steppable computation of Kleinberg's hubs and authorities as
// paper 003 uses them (Daneshpajouh et al. 2008, section 2.1; docs/algorithms.md section 1). Starting
// from all-ones vectors, one iteration computes
//
//	a ← Aᵀh, then a ← a/‖a‖₂;   h ← A·a, then h ← h/‖h‖₂
//
// (the hub step uses the new authorities), for a fixed number of
// iterations. A vector whose norm is 0 (a graph without links) is left at 0.
//
// Authorities pull along in-arcs (the transpose), hubs along out-arcs. The
// sum of squares is summed page by page within each chunk of 32,768 pages
// and the chunk sums in chunk order, so the result is bit-identical for any
// Workers.
type HITS struct {
	n       int
	out, in *graph.Graph
	// outLists and inLists keep the readers of out's and in's lists
	// between chunks and iterations.
	outLists, inLists *cursorPool
	hubs, auth        []float64
	squares           []float64 // per chunk Σ x² of the vector being computed
	norm              float64   // the norm the scale pass divides by

	pool                          *chunkPool
	authChunk, hubChunk           func(chunk int) // stored method values
	scaleAuthChunk, scaleHubChunk func(chunk int)
	iterations, total             int
	done                          bool // the fixed count is reached, or the graph is empty
}

// NewHITS prepares HITS on g. transpose must be g's transpose or nil, in
// which case it is built. A negative iteration count is an error.
func NewHITS(g, transpose *graph.Graph, opt HITSOptions) (*HITS, error) {
	return newHITS(g, transpose, opt, chunkSize)
}

// newHITS is NewHITS with a chosen chunk size, for tests.
func newHITS(g, transpose *graph.Graph, opt HITSOptions, size int) (*HITS, error) {
	total := opt.Iterations
	if total == 0 {
		total = DefaultHITSIterations
	}
	if total < 0 {
		return nil, fmt.Errorf("rank: HITS iteration count %d is negative (0 means the default %d)", opt.Iterations, DefaultHITSIterations)
	}
	tr, err := checkGraphs(g, transpose)
	if err != nil {
		return nil, err
	}
	n := g.NumNodes()
	h := &HITS{
		n:        n,
		out:      g,
		in:       tr,
		outLists: &cursorPool{g: g},
		inLists:  &cursorPool{g: tr},
		hubs:     make([]float64, n),
		auth:     make([]float64, n),
		pool:     newChunkPool(n, size, opt.Workers),
		total:    total,
	}
	h.squares = make([]float64, h.pool.chunks)
	h.authChunk, h.hubChunk = h.computeAuthorities, h.computeHubs
	h.scaleAuthChunk, h.scaleHubChunk = h.scaleAuthorities, h.scaleHubs
	for i := range n {
		h.hubs[i], h.auth[i] = 1, 1
	}
	h.done = n == 0
	return h, nil
}

// pullSums sets dst[i] = Σ_{j in adjacency list of i} src[j] for the pages
// of chunk k and returns the chunk's Σ dst[i]².
func (h *HITS) pullSums(k int, adjacency *cursorPool, src, dst []float64) float64 {
	lo, hi := h.pool.bounds(k)
	lists := adjacency.get()
	defer adjacency.put(lists)
	squares := 0.0
	for i := lo; i < hi; i++ {
		var sum float64
		for _, j := range lists.Out(uint32(i)) {
			sum += src[j]
		}
		dst[i] = sum
		squares += float64(sum * sum) // no fused multiply-add
	}
	return squares
}

func (h *HITS) computeAuthorities(k int) { h.squares[k] = h.pullSums(k, h.inLists, h.hubs, h.auth) }
func (h *HITS) computeHubs(k int)        { h.squares[k] = h.pullSums(k, h.outLists, h.auth, h.hubs) }
func (h *HITS) scaleAuthorities(k int)   { h.scale(k, h.auth) }
func (h *HITS) scaleHubs(k int)          { h.scale(k, h.hubs) }

// scale divides the entries of chunk k of v by h.norm.
func (h *HITS) scale(k int, v []float64) {
	lo, hi := h.pool.bounds(k)
	norm := h.norm
	for i := lo; i < hi; i++ {
		v[i] /= norm
	}
}

// normalise computes the norm from the chunk sums of squares, in chunk
// order, and scales v's chunks by it unless it is 0.
func (h *HITS) normalise(scaleChunk func(int)) {
	squares := 0.0
	for _, s := range h.squares {
		squares += s
	}
	h.norm = math.Sqrt(squares)
	if h.norm > 0 {
		h.pool.run(scaleChunk)
	}
}

// Step runs up to budget iterations (at least one) and reports whether the
// fixed number of iterations is complete; on an empty graph it is done at
// once. It never fails.
func (h *HITS) Step(budget int) (bool, error) {
	if h.done {
		return true, nil
	}
	h.pool.open()
	defer h.pool.shut()
	for range max(budget, 1) {
		h.pool.run(h.authChunk)
		h.normalise(h.scaleAuthChunk)
		h.pool.run(h.hubChunk)
		h.normalise(h.scaleHubChunk)
		h.iterations++
		if h.iterations >= h.total {
			h.done = true
			break
		}
	}
	return h.done, nil
}

// Progress reports iterations done out of the fixed count (Stage "hits").
func (h *HITS) Progress() step.Progress {
	return step.Progress{Stage: "hits", Done: int64(h.iterations), Total: int64(h.total)}
}

// Result returns copies of the current hub and authority vectors (all ones
// before the first iteration); it may be called at any time.
func (h *HITS) Result() HITSResult {
	hubs := make([]float64, h.n)
	auth := make([]float64, h.n)
	copy(hubs, h.hubs)
	copy(auth, h.auth)
	return HITSResult{Hubs: hubs, Authorities: auth, Iterations: h.iterations}
}

// HITSOf runs HITS on g for the fixed number of iterations, building the
// transpose; it stops early with the context's error.
func HITSOf(ctx context.Context, g *graph.Graph, opt HITSOptions) (HITSResult, error) {
	h, err := NewHITS(g, nil, opt)
	if err != nil {
		return HITSResult{}, err
	}
	if err := step.Run(ctx, h, 1, nil); err != nil {
		return HITSResult{}, err
	}
	return h.Result(), nil
}
