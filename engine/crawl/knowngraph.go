package crawl

import (
	"fmt"
	"math"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/rank"
)

// knownRank is the recomputation machinery shared by batch-pagerank and
// partial-pagerank (seeds/004, section 4.1; SPEC.md section 3): PageRank of
// the graph the crawler knows, recomputed at the start, whenever the list of
// estimated pages is used up, and whenever K pages were downloaded since the
// last computation.
//
// The known graph has the pages of D ∪ F as nodes and the out-arcs of the
// pages of D as arcs; the pages of F are dangling, since their links are not
// known yet. It is built over all n page ids (pages outside D ∪ F have no
// arcs and no teleport weight, so their PageRank stays exactly 0), as flat
// CSR arrays that are reused from one computation to the next. Its PageRank
// is uniform over D ∪ F: a dangling page sends its rank to D ∪ F, as SPEC.md
// section 1 says. The computation is steppable: Refill runs at most its
// budget of iterations and is called again until the estimate is done.
//
// When the estimate is done every page of F is pushed into the Frontier
// with its estimate as key. When K downloads have happened since then,
// every page of F is taken out of the Frontier again (parked), so that the
// crawler calls Refill once nothing is in flight; this is also what makes
// the politeness clock of SPEC.md section 5 wait for the recomputation.
type knownRank struct {
	c         *Crawl
	batch     float64 // K as a fraction of n
	tolerance float64 // L1 tolerance of each recomputation
	k         int     // K: downloads between two recomputations

	// fpages lists the pages that joined F; pages since downloaded are
	// dropped whenever it is compacted.
	fpages []uint32
	// sinceLast counts downloads since the last estimate was pushed.
	sinceLast int
	// parking is set once K downloads have happened since the last
	// estimate: every page of F is parked until the next one.
	parking bool

	pr         *rank.PageRank // the running recomputation, nil between them
	iterations int            // iterations of pr already counted

	// The known graph and its transpose, reused between computations.
	offsets, inOffsets []uint64
	targets, inSources []uint32
	cursor             []uint64
	members            []uint32  // D ∪ F, for the teleport vector
	last               []float64 // the previous computation's estimates
	startVec           []float64 // the next computation's starting vector
}

// batchSize returns K = max(1, ceil(batch·n)).
func batchSize(batch float64, n int) int {
	return max(1, int(math.Ceil(batch*float64(n))))
}

// start prepares the estimate for crawl c.
func (e *knownRank) start(c *Crawl) {
	e.c = c
	e.k = batchSize(e.batch, c.g.NumNodes())
}

// joined records that page joined F.
func (e *knownRank) joined(page uint32) { e.fpages = append(e.fpages, page) }

// counted counts one download; after the K-th since the last estimate it
// parks every page of F.
func (e *knownRank) counted() {
	e.sinceLast++
	if e.parking || e.sinceLast < e.k {
		return
	}
	e.parking = true
	e.compact()
	for _, p := range e.fpages {
		e.c.front.Remove(p)
	}
}

// compact drops the pages no longer in F from fpages.
func (e *knownRank) compact() {
	kept := e.fpages[:0]
	for _, p := range e.fpages {
		if e.c.state[p] == inFrontier {
			kept = append(kept, p)
		}
	}
	e.fpages = kept
}

// refill runs the recomputation for at most budget units (building the known
// graph is one unit, each PageRank iteration another) and, when it is done,
// pushes every page of F with its estimate.
func (e *knownRank) refill(budget int) (int, bool, error) {
	c := e.c
	budget = max(budget, 1)
	work := 0
	if e.pr == nil {
		if err := e.begin(); err != nil {
			return 1, false, err
		}
		work++
		if work >= budget {
			return work, false, nil
		}
	}
	done, err := e.pr.Step(budget - work)
	if err != nil {
		return work, false, err
	}
	it := int(e.pr.Progress().Done)
	work += it - e.iterations
	c.cost.PageRankIterations += int64(it - e.iterations)
	e.iterations = it
	if !done {
		return work, false, nil
	}
	scores := e.pr.Result().Scores
	e.last = scores
	e.pr = nil
	e.iterations = 0
	for _, p := range e.fpages {
		c.front.Push(p, scores[p])
	}
	e.sinceLast = 0
	e.parking = false
	return work, true, nil
}

// begin builds the known graph and its transpose and starts PageRank on it.
func (e *knownRank) begin() error {
	c := e.c
	g := c.g
	n := g.NumNodes()
	e.compact()
	c.cost.Recomputations++

	// Forward CSR: the out-arcs of D, nothing for the other pages.
	e.offsets = resize(e.offsets, n+1)
	e.offsets[0] = 0
	for i := range n {
		deg := uint64(0)
		if c.state[i] == downloaded {
			deg = g.Offsets[i+1] - g.Offsets[i]
		}
		e.offsets[i+1] = e.offsets[i] + deg
	}
	m := e.offsets[n]
	e.targets = resize(e.targets, int(m))
	for i := range n {
		if c.state[i] == downloaded {
			copy(e.targets[e.offsets[i]:e.offsets[i+1]], g.Targets[g.Offsets[i]:g.Offsets[i+1]])
		}
	}

	// Transpose: in-arcs of every page, sources in increasing id.
	e.inOffsets = resize(e.inOffsets, n+1)
	clear(e.inOffsets)
	for _, t := range e.targets {
		e.inOffsets[t+1]++
	}
	for i := range n {
		e.inOffsets[i+1] += e.inOffsets[i]
	}
	e.cursor = resize(e.cursor, n)
	copy(e.cursor, e.inOffsets[:n])
	e.inSources = resize(e.inSources, int(m))
	for i := range n {
		for _, t := range e.targets[e.offsets[i]:e.offsets[i+1]] {
			e.inSources[e.cursor[t]] = uint32(i)
			e.cursor[t]++
		}
	}

	known := &graph.Graph{Offsets: e.offsets, Targets: e.targets}
	knownT := &graph.Graph{Offsets: e.inOffsets, Targets: e.inSources}
	e.members = append(append(e.members[:0], c.order...), e.fpages...)
	teleport, err := rank.UniformTeleport(n, e.members)
	if err != nil {
		return fmt.Errorf("batch PageRank: teleport over the known pages: %w", err)
	}
	pr, err := rank.NewPageRank(known, knownT, rank.Options{
		Damping:   c.damping,
		Tolerance: e.tolerance,
		Teleport:  teleport,
		Start:     e.warmStart(n),
	})
	if err != nil {
		return fmt.Errorf("batch PageRank: %w", err)
	}
	e.pr = pr
	e.iterations = 0
	return nil
}

// resize returns s resized to n entries, reusing its array when it is
// large enough; the contents are not cleared.
func resize[T any](s []T, n int) []T {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]T, n)
}

// warmStart returns the vector the next computation starts from: the
// previous estimates on the pages known then, and the teleport value
// 1/|D ∪ F| on pages discovered since, rescaled to sum to 1; nil before the
// first computation. The estimates converge to the same fixed point from any
// start, but the known graph grows by only K downloads between two
// computations, so the previous answer is close to the next one and saves
// most of the iterations. Pages outside D ∪ F start at 0, as they must for
// their estimate to stay 0.
func (e *knownRank) warmStart(n int) []float64 {
	if e.last == nil {
		return nil
	}
	e.startVec = resize(e.startVec, n)
	clear(e.startVec)
	fresh := 1 / float64(len(e.members))
	var sum float64
	for _, p := range e.members {
		v := e.last[p]
		if v == 0 {
			v = fresh
		}
		e.startVec[p] = v
		sum += v
	}
	for _, p := range e.members {
		e.startVec[p] /= sum
	}
	return e.startVec
}
