package crawl

import (
	"math"
	"math/bits"
)

// knownRank is the recomputation machinery shared by batch-pagerank and
// partial-pagerank (Baeza-Yates et al. 2005, section 4.1; docs/algorithms.md section 3): PageRank of
// the graph the crawler knows, recomputed at the start, whenever the list of
// estimated pages is used up, and whenever K pages were downloaded since the
// last computation.
//
// The known graph K has the pages of D ∪ F as nodes and the out-arcs of the
// pages of D as arcs; the pages of F are dangling, since their links are not
// known yet. Its PageRank x is uniform over K, and a dangling page sends its
// rank uniformly to K, as docs/algorithms.md section 1 says. Since the teleport and the
// dangling pages go to the same vector, x is y/‖y‖₁ where y solves
//
//	y = 1_K + d·W·y,
//
// W the arcs of D with weight 1/c_i (c_i is i's whole out-degree: once i is
// downloaded every link of i is known) and no column for a dangling page:
// the rank a dangling page sends along the teleport only scales y.
//
// No copy of the known graph is made: its arcs are the graph's own, those
// of downloaded pages, and the system is solved by pushing residuals along
// them (as approximate personalized PageRank does): with r = 1_K + d·W·y -
// y, pushing page i moves r_i into y_i and adds d·r_i/c_i to r_j for every
// j in out(i) (nothing for a page of F or a dangling page). y and r are
// kept from one estimate to the next, where they stay exact bookkeeping as
// K grows: a page joining K adds 1 to its r, a page downloaded adds its new
// column, d·y_i/c_i to r_j for every j in out(i). Both are local, so each
// computation starts from the previous estimate and pushes what changed,
// where a power iteration would sweep the whole known graph dozens of
// times.
//
// Stop rule. Every r and y is non-negative and the error y* - y = e =
// (I - d·W)⁻¹·r ≥ r. On the pages of F, which have no column in W, e sums
// to at most ‖r‖₁: a unit of residual spread along W reaches F at most
// once in all (the pages of F absorb it, and d ≤ 1). Two pages p, q of F
// whose exact estimates differ by more than the tolerance, x*_p - x*_q >
// tol, have y*_p - y*_q > tol·‖y*‖₁, and y_q ≥ y_p would need e_p > tol·‖y*‖₁;
// as ‖y*‖₁ ≥ ‖y‖₁ + ‖r‖₁, no such pair can be out of order once
//
//	‖r‖₁ ≤ tol·(‖y‖₁ + ‖r‖₁),
//
// which is when a computation stops: the estimate orders F as the exact
// PageRank of the known graph does, but for pages whose exact estimates
// differ by less than the tolerance. The same holds for partial-pagerank's
// temporary scores, whose errors are shares of the estimates' errors.
//
// Pages are pushed in generations: a generation sweeps, in page order, the
// pages whose r exceeds θ = tol·(‖y‖₁ + ‖r‖₁)/|K| (θ taken when the
// computation starts; "active" pages, one bit each), and pushes those whose
// r is at least the mean residual ‖r‖₁/|K| (all of them when none is), so
// that the mass goes first where it is largest; a page that a push
// activates ahead of the sweep is pushed in the same sweep, as in
// Gauss-Seidel. When no page
// is active the stop rule holds too (‖r‖₁ ≤ θ·|K|). A generation is one
// iteration in Cost.PageRankIterations and one unit of a Refill's budget.
// At d = 1 the system may have no solution (a closed set of downloaded
// pages keeps its rank forever), so a computation also stops after 1,000
// generations.
//
// Memory per page: r (8 bytes) and an active bit. y of a page of F is its
// Frontier key (the estimate pushed: ordering by y is ordering by x =
// y/‖y‖₁), and y of a downloaded page is not needed once its column is
// added, so only ‖y‖₁ is kept. Partial-pagerank's temporary keys stand in
// the Frontier for the pages it marks fresh, whose y is 0 until the next
// computation.
//
// When the estimate is done every page of F is pushed into the Frontier
// with its estimate as key. When K downloads have happened since then,
// every page of F is taken out of the Frontier again (parked), so that the
// crawler calls Refill once nothing is in flight; this is also what makes
// the politeness clock of docs/algorithms.md section 5 wait for the recomputation.
type knownRank struct {
	c         *Crawl
	batch     float64 // K as a fraction of n
	tolerance float64 // see the stop rule
	k         int     // K: downloads between two recomputations

	// fresh, when not nil (partial-pagerank), marks the pages of F whose
	// Frontier key is a temporary score; their y is 0.
	fresh []bool

	// sinceLast counts downloads since the last estimate was pushed.
	sinceLast int
	// parking is set once K downloads have happened since the last
	// estimate: every page of F is parked until the next one.
	parking bool

	res    []float64 // r by page
	ySum   float64   // ‖y‖₁
	resSum float64   // ‖r‖₁, kept as it changes
	known  int       // |K|

	// The running computation: active marks the pages with r > theta,
	// count of them.
	running     bool
	theta       float64
	active      []uint64
	count       int
	generations int // generations of this computation
}

// maxGenerations caps one computation (see knownRank).
const maxGenerations = 1000

// batchSize returns K = max(1, ceil(batch·n)).
func batchSize(batch float64, n int) int {
	return max(1, int(math.Ceil(batch*float64(n))))
}

// start prepares the estimate for crawl c.
func (e *knownRank) start(c *Crawl) {
	e.c = c
	n := c.g.NumNodes()
	e.k = batchSize(e.batch, n)
	e.res = make([]float64, n)
	e.active = make([]uint64, (n+63)/64)
}

// joined records that page joined F, and so K: its r grows by 1.
func (e *knownRank) joined(page uint32) {
	e.res[page]++
	e.resSum++
	e.known++
}

// counted counts the download of page i: its column joins the known graph,
// and after the K-th download since the last estimate every page of F is
// parked.
func (e *knownRank) counted(i uint32) {
	c := e.c
	if out := c.links.Out(i); len(out) > 0 {
		if y := e.y(i); y > 0 {
			share := c.damping * y / float64(len(out))
			for _, j := range out {
				e.res[j] += share
			}
			e.resSum += share * float64(len(out))
		}
	}
	e.sinceLast++
	if e.parking || e.sinceLast < e.k {
		return
	}
	e.parking = true
	for k := range c.discovered {
		for w := c.frontierWord(k); w != 0; w &= w - 1 {
			c.front.Remove(uint32(k*64 + bits.TrailingZeros64(w)))
		}
	}
}

// y returns y of page i, which is in F or was just downloaded.
func (e *knownRank) y(i uint32) float64 {
	if e.fresh != nil && e.fresh[i] {
		return 0
	}
	return e.c.front.key[i]
}

// refill runs the recomputation for at most budget units (starting it is
// one unit, each generation another) and, when it is done, pushes every
// page of F with its estimate.
func (e *knownRank) refill(budget int) (int, bool, error) {
	c := e.c
	budget = max(budget, 1)
	work := 0
	if !e.running {
		e.begin()
		work++
	}
	for work < budget {
		if e.converged() {
			e.finish()
			return work, true, nil
		}
		e.push()
		work++
		c.cost.PageRankIterations++
	}
	return work, false, nil
}

// begin starts a computation: the y of fresh pages becomes 0, the
// threshold is set and the pages above it are queued.
func (e *knownRank) begin() {
	c := e.c
	c.cost.Recomputations++
	e.running = true
	e.generations = 0
	e.theta = e.tolerance * (e.ySum + e.resSum) / float64(e.known)
	e.count = 0
	for k, w := range c.discovered {
		for ; w != 0; w &= w - 1 {
			e.admit(uint32(k*64 + bits.TrailingZeros64(w)))
		}
	}
}

// admit is begin's work for page p, discovered: a fresh page's key
// starts again from 0, and p is active when its r is above theta.
func (e *knownRank) admit(p uint32) {
	if e.fresh != nil && e.fresh[p] {
		e.fresh[p] = false
		e.c.front.key[p] = 0
	}
	if e.res[p] > e.theta {
		e.active[p/64] |= 1 << (p % 64)
		e.count++
	}
}

// converged reports whether the stop rule holds, no page is active, or the
// generations are used up. The running ‖r‖₁ drifts with rounding, so a
// rule it seems to meet is checked against the sum itself, which then
// replaces it.
func (e *knownRank) converged() bool {
	if e.count == 0 || e.generations >= maxGenerations {
		return true
	}
	if !e.withinTolerance() {
		return false
	}
	exact := 0.0
	for k, w := range e.c.discovered {
		for ; w != 0; w &= w - 1 {
			exact += e.res[k*64+bits.TrailingZeros64(w)]
		}
	}
	e.resSum = exact
	return e.withinTolerance()
}

// withinTolerance reports whether ‖r‖₁ ≤ tol·(‖y‖₁ + ‖r‖₁).
func (e *knownRank) withinTolerance() bool {
	return e.resSum <= e.tolerance*(e.ySum+e.resSum)
}

// push runs one generation (see knownRank).
func (e *knownRank) push() {
	if e.sweep(max(e.theta, e.resSum/float64(e.known))) == 0 {
		e.sweep(e.theta)
	}
	e.generations++
}

// sweep pushes, in page order, every active page whose r is at least tau,
// and returns how many it pushed. Pages activated ahead of the sweep are
// met by it; within one 64-page word, only from the next word on.
func (e *knownRank) sweep(tau float64) int {
	c := e.c
	links := &c.links
	d := c.damping
	key, res, downloaded, active := c.front.key, e.res, c.downloaded, e.active
	pushed := 0
	for k := range active {
		for word := active[k]; word != 0; word &= word - 1 {
			i := uint32(k*64 + bits.TrailingZeros64(word))
			v := res[i]
			if v < tau {
				continue
			}
			pushed++
			res[i] = 0
			active[k] &^= 1 << (i % 64)
			e.count--
			e.resSum -= v
			e.ySum += v
			if downloaded[i/64]&(1<<(i%64)) == 0 {
				key[i] += v // a page of F: y is its key
				continue
			}
			out := links.Out(i)
			if len(out) == 0 {
				continue
			}
			share := d * v / float64(len(out))
			for _, j := range out {
				old := res[j]
				res[j] = old + share
				if old <= e.theta && old+share > e.theta {
					active[j/64] |= 1 << (j % 64)
					e.count++
				}
			}
			e.resSum += share * float64(len(out))
		}
	}
	return pushed
}

// finish ends a computation: every page of F is pushed with y as its key.
func (e *knownRank) finish() {
	c := e.c
	e.running = false
	for k := range c.discovered {
		for w := c.frontierWord(k); w != 0; w &= w - 1 {
			p := k*64 + bits.TrailingZeros64(w)
			c.front.Push(uint32(p), c.front.key[p])
		}
	}
	e.sinceLast = 0
	e.parking = false
}
