package rank

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/crawlsim/crawlsim/engine/graph"
)

// Defaults of Options (docs/algorithms.md section 1).
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
	// successive vectors (normalized to sum 1; see PageRank.Residual) is
	// below it; default 1e-10.
	Tolerance float64
	// MaxIterations stops the iteration after that many iterations even if
	// it has not converged; default 1000.
	MaxIterations int
	// Teleport is t: one non-negative entry per page, summing to 1
	// (±1e-9); nil means uniform 1/n. Dangling pages send their whole rank
	// along t (docs/algorithms.md section 1). It is copied and rescaled to sum to 1.
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
	// Release, when set, is called by NewPageRank, while it builds its
	// layout (no transpose given), with consecutive parts of the graph's
	// Targets it has finished reading, every 16 MiB; each link is handed
	// over twice (two passes). The sweeps never read the graph's links
	// again, so a caller that memory-maps the graph can let the operating
	// system drop those pages from its resident memory (the bytes must
	// stay readable: Result and later users may still read them).
	Release func(links []uint32)
	// Building, when set, is called as the layout is built, with the work
	// done and the work in all (links read, two passes), for a progress
	// bar: at a billion links the build takes tens of seconds.
	Building func(done, total int64)
	// DegreesRead, when set, is called by NewPageRank along a given
	// transpose once it has read the graph's out-degrees, before it
	// fills its vectors: the sweeps read the graph's lists no more (but
	// the out-degrees of the last pages of chunks where most pages link
	// to other chunks), so a caller that memory-maps the graph can let
	// the operating system drop its pages then.
	DegreesRead func()
	// Push, when no transpose is given, sweeps by pushing values along
	// the graph's out-lists instead of building the in-arc layout: no
	// memory of the links' size, two float64 a page beside the graph and
	// a bit a page (8 bytes more with a teleport vector), and each sweep
	// decodes the out-lists again, those of pages linking outside their
	// chunk twice (see push.go). The scores are the pull's within a few
	// ulps, after the same iterations.
	Push bool
	// Cancel, when set, is called before every chunk of pages of a sweep
	// (pageRankChunkSize pages, a few milliseconds) and every 64 Ki pages
	// of NewPageRank's passes (the in-arc layout's included): at a billion links a sweep takes tens of
	// seconds. Once it returns an error, NewPageRank or Step stops and
	// returns it, and the PageRank is spent: later Steps return it again.
	// A PageRank that is never cancelled computes the same bits as
	// without it.
	Cancel func() error
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
// is nil (see checkTranspose).
func checkGraphs(g, transpose *graph.Graph) (*graph.Graph, error) {
	if err := checkGraph(g); err != nil {
		return nil, err
	}
	if transpose == nil {
		return g.Transpose(), nil
	}
	if err := checkTranspose(g, transpose); err != nil {
		return nil, err
	}
	return transpose, nil
}

// checkGraph validates g.
func checkGraph(g *graph.Graph) error {
	if g == nil {
		return fmt.Errorf("rank: no graph")
	}
	if err := g.Validate(); err != nil {
		return fmt.Errorf("rank: %w", err)
	}
	return nil
}

// ErrNotTranspose is wrapped by NewPageRank's error when its transpose is
// not the graph's (checkTranspose), so that a caller can name the file
// the transpose came from.
var ErrNotTranspose = errors.New("transpose is not the graph's")

// checkTranspose validates the transpose of the valid graph g. A transpose
// that is not g's is refused: a wrong page or link count, in-degrees that
// differ from g's, or a link of g missing from it among the links of a
// sample of g's pages (checkTransposeArcs). Passing g itself by mistake is
// caught unless g is symmetric, when g is its own transpose.
func checkTranspose(g, transpose *graph.Graph) error {
	return checkTransposeWith(g, transpose, nil)
}

// checkTransposeWith is checkTranspose calling cancel (Options.Cancel),
// when not nil, every pollPages pages of its passes, and returning its
// error: a pass decodes every list of a transpose read in place, tens of
// seconds at a billion links.
func checkTransposeWith(g, transpose *graph.Graph, cancel func() error) error {
	poll := func(i int) error {
		if cancel != nil && i%pollPages == 0 {
			return cancel()
		}
		return nil
	}
	if err := transpose.Validate(); err != nil {
		return fmt.Errorf("rank: transpose: %w", err)
	}
	n := g.NumNodes()
	if transpose.NumNodes() != n || transpose.NumArcs() != g.NumArcs() {
		return fmt.Errorf("rank: %w: it has %d pages and %d links, the graph %d and %d",
			ErrNotTranspose, transpose.NumNodes(), transpose.NumArcs(), n, g.NumArcs())
	}
	if !g.IsCSR() {
		// Count along the transpose, which PageRank reads in every sweep
		// (packed in memory where the graph is read in place), rather
		// than decode every list of the graph once more for this check.
		out := make([]uint32, n)
		s := transpose.Successors()
		for i := range n {
			if err := poll(i); err != nil {
				return err
			}
			for _, t := range s.Out(uint32(i)) {
				out[t]++
			}
		}
		if err := s.Err(); err != nil {
			return fmt.Errorf("rank: reading the transpose: %w", err)
		}
		for j := range n {
			if err := poll(j); err != nil {
				return err
			}
			if c := g.OutDegree(uint32(j)); c != int(out[j]) {
				if err := decodeErr(g, uint32(j)); err != nil {
					return fmt.Errorf("rank: reading the graph: %w", err)
				}
				return fmt.Errorf("rank: %w: page %d has %d out-links in the graph but %d in-links in the transpose", ErrNotTranspose, j, c, out[j])
			}
		}
		return checkTransposeArcs(g, transpose)
	}
	in := g.InDegrees()
	for i := range n {
		if err := poll(i); err != nil {
			return err
		}
		if c := transpose.OutDegree(uint32(i)); c != int(in[i]) {
			if err := decodeErr(transpose, uint32(i)); err != nil {
				return fmt.Errorf("rank: reading the transpose: %w", err)
			}
			return fmt.Errorf("rank: %w: page %d has %d in-links in the graph but %d out-links in the transpose", ErrNotTranspose, i, in[i], c)
		}
	}
	return checkTransposeArcs(g, transpose)
}

// decodeErr returns the error of decoding page i's list of g, or nil (on
// CSR arrays, always): a degree read from a list's head that differs from
// the other graph's may be the sign of a list that no longer decodes (a
// memory-mapped file rewritten after it was opened), which the error
// reports rather than a transpose that is not the graph's.
func decodeErr(g *graph.Graph, i uint32) error {
	s := g.Successors()
	s.Out(i)
	return s.Err()
}

// The sample of checkTransposeArcs: at most this many pages of the graph,
// and at most this many of their links.
const (
	transposeSamplePages = 1024
	transposeSampleLinks = 1 << 14
)

// checkTransposeArcs looks up, in the transpose, the links of pages of g
// spread evenly over its ids (every page when g has at most
// transposeSamplePages, and every link when those have at most
// transposeSampleLinks): for each link i → j taken, i must be in the
// transpose's list of j. With the counts and degrees already equal, a
// transpose holding every link of g is g's transpose, so on such a small
// graph the check is exact; on a larger one it finds a transpose whose
// links were shuffled, or that is another graph's with the same degrees,
// unless only a few of its links are wrong. It costs at most
// transposeSampleLinks lookups, milliseconds, where a check of every link
// would decode both graphs once more (minutes at the scale of the LAW
// graphs).
func checkTransposeArcs(g, transpose *graph.Graph) error {
	n := g.NumNodes()
	pages := min(n, transposeSamplePages)
	out, in := g.Successors(), transpose.Successors()
	links := 0
	var list []uint32
	for k := 0; k < pages && links < transposeSampleLinks; k++ {
		// pages spread over [0, n), from 0 to n-1 when all are taken
		i := uint32(int64(k) * int64(n) / int64(pages))
		// copied: on a Lists, a cursor's list is valid until its next call
		list = append(list[:0], out.Out(i)...)
		list = list[:min(len(list), transposeSampleLinks-links)]
		links += len(list)
		for _, j := range list {
			if _, found := slices.BinarySearch(in.Out(j), i); !found {
				if err := listsErr(&out, &in); err != nil {
					return err
				}
				return fmt.Errorf("rank: %w: page %d links to page %d in the graph, but page %d does not link to page %d in the transpose", ErrNotTranspose, i, j, j, i)
			}
		}
	}
	return listsErr(&out, &in)
}

// listsErr returns the first decoding error of the graph's lists, out, or
// else of the transpose's, in, saying which one failed.
func listsErr(out, in *graph.Successors) error {
	if err := out.Err(); err != nil {
		return fmt.Errorf("rank: reading the graph: %w", err)
	}
	if err := in.Err(); err != nil {
		return fmt.Errorf("rank: reading the transpose: %w", err)
	}
	return nil
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
