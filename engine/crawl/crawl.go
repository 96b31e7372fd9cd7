package crawl

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/rank"
	"github.com/crawlsim/crawlsim/engine/step"
)

// Config describes one crawl.
type Config struct {
	// Graph is the graph crawled.
	Graph *graph.Graph
	// Importance is the vector the crawl is scored by (docs/algorithms.md section 1),
	// one entry per page. The omniscient strategies and the optimal
	// reference read it.
	Importance []float64
	// Seeds are the pages F starts with (docs/algorithms.md section 2), discovered one
	// after another in this order, which breaks ties among them as
	// discovery order breaks them among all pages; a page given twice
	// keeps its first place.
	Seeds []uint32
	// Trust is the trust vector t of the RankMass family and FPR (one
	// non-negative entry per page, summing to 1); nil means uniform over
	// the seeds.
	Trust []float64
	// Damping is d; 0 means rank.DefaultDamping.
	Damping float64
	// Budget is the most pages downloaded; 0 means no limit.
	Budget int64
	// Rand draws the random choices of the strategies that make them; it
	// is required by those (random, hist-pagerank-random).
	Rand *rand.Rand
	// Politeness, when set, runs the crawl on the politeness clock of
	// docs/algorithms.md section 5.
	Politeness *Politeness
	// Previous holds the previous snapshot for the historical strategies.
	Previous *Previous
	// Reachable, when positive, is the number of pages reachable from the
	// seeds, which the caller has already counted (a scenario counts them
	// once for all its crawls); otherwise New counts them, in O(n+m),
	// unless LearnReachable is set.
	Reachable int
	// LearnReachable, when Reachable is not given, has the crawl learn the
	// count as it goes instead of counting before it starts: its limit is
	// the budget alone, and a crawl that ends with every page it
	// discovered downloaded has downloaded exactly the pages the seeds
	// reach (the seeds, and every out-neighbour of a page downloaded), so
	// that their number is the count (Crawl.Reachable, Result.Reachable)
	// and Result.Limit the smaller of it and the budget, as if it had been
	// given. A crawl that its budget stopped with pages left in F has not
	// learnt it (Crawl.Reachable is 0 until SetReachable gives it), and
	// its limit, the budget, is already the smaller one. The strategies
	// that read the count before the crawl ends (rankmass,
	// windowed-rankmass and l-neighbor size arrays by it, optimal
	// downloads that many pages) ignore the field: New counts for them.
	LearnReachable bool
	// SpareBytes bounds the memory a strategy may take beyond its arrays
	// of a few bytes a page to run faster (Info.SpareBytes): it takes it
	// only when what it needs is at most SpareBytes. 0 means no bound;
	// negative, none may be taken. The results do not depend on it.
	SpareBytes int64
	// Clock, when set, returns a monotonic time; the crawl measures the
	// time spent in Step with it (Cost.SchedulingSeconds). The engine has
	// no clock of its own (DESIGN.md "Running").
	Clock func() time.Duration
}

// Previous is what the historical-PageRank strategies know of an earlier
// snapshot of the graph (Baeza-Yates et al. 2005, section 4.2).
type Previous struct {
	// Scores holds, for every page of the current graph, the PageRank of
	// the same page in the previous snapshot, or NaN for a page that was
	// not in it.
	Scores []float64
	// Values holds every PageRank value of the previous snapshot;
	// hist-pagerank-random draws from them.
	Values []float64
}

// Cost counts the work a crawl did besides downloading (model.Cost,
// docs/algorithms.md section 4).
type Cost = model.Cost

// Result is the record of a finished crawl.
type Result struct {
	// Order lists the downloaded pages in download order.
	Order []uint32
	// Guarantee[k] is the strategy's guaranteed RankMass after k+1
	// downloads; nil for strategies that are not Guarantors.
	Guarantee []float64
	// Times[k] is the simulated time, in seconds, at which download k
	// finished; nil without politeness.
	Times []float64
	// Duration is the simulated time of the whole crawl, in seconds.
	Duration float64
	// Utilisation is the share of the connections' time spent
	// downloading, in [0,1].
	Utilisation float64
	// Reachable is the number of pages reachable from the seeds.
	Reachable int
	// Limit is the most downloads the crawl was allowed: the budget or
	// the reachable pages, whichever is smaller. A crawl that a stop rule
	// ended early (an ε) has fewer; 0 means len(Order).
	Limit int64
	// Cost counts the work done.
	Cost Cost
}

// Crawl is a crawl in progress.
type Crawl struct {
	g         *graph.Graph
	links     graph.Successors // g's out-lists, for this crawl's goroutine
	cfg       Config
	damping   float64
	trust     []float64 // Config.Trust; nil: uniform over the seeds
	seedTrust []float64 // the trust of each of seeds
	// uniformTrust says every seed has the same trust, seedTrust[0].
	uniformTrust bool
	seeds        []uint32
	strategy     Strategy
	selector     Selector
	guarantor    Guarantor
	front        *Frontier
	// A page's state is three bits, bit p%64 of word p/64 of each set:
	// discovered once it joins F (it is then in F, in flight or in D),
	// downloaded once it is in D, and flying while it is in flight, on
	// the politeness clock alone (nil without it: a download starts and
	// ends in one unit). Each question asked of a page reads one set of
	// n/8 bytes, which stays in the nearer caches far longer than a byte
	// a page: the check made for every link of a download reads
	// discovered, the one opic and fpr make for every link reads
	// downloaded, and a page costs one write to each when it is
	// discovered and downloaded.
	discovered []uint64
	downloaded []uint64
	flying     []uint64
	// seq is each page's discovery number. A first-in-first-out crawl on
	// one host without the clock keeps none (nil): its queue holds the
	// pages in discovery order, and Discovery numbers them from it when
	// asked.
	seq       []uint32
	nextSeq   uint32
	pending   int // pages in F, selectable or parked
	reachable int
	limit     int64 // downloads allowed (budget, reachable for optimal)
	// learning is set while a crawl that learns its count of reachable
	// pages (Config.LearnReachable) has not learnt it: limit is then the
	// budget, or math.MaxInt64 without one.
	learning  bool
	started   int64 // downloads started
	order     []uint32
	guarantee []float64
	clock     *politeClock
	cost      Cost
	stopped   bool
	// refilling is set while the strategy's last Refill said it was not
	// done: nothing is selected until it is, so a strategy that releases
	// its pages over several Refills (optimal, the PageRank estimates)
	// is never chosen from half a list.
	refilling bool
	// queueAhead is set when F is one first-in-first-out queue, whose next
	// pages are known ahead (a breadth-first crawl without the clock);
	// touched keeps the loads that bring their link offsets into the cache
	// while the page before them is downloaded (for a keyTree frontier,
	// the offset of the best page left, most often the next one).
	queueAhead bool
	touched    uint64
	begun      bool
	done       bool
	err        error
}

// New prepares a crawl of cfg.Graph with strategy s. It checks the
// configuration; nothing is downloaded before the first Step.
func New(cfg Config, s Strategy) (*Crawl, error) {
	g := cfg.Graph
	if g == nil {
		return nil, errors.New("crawl: no graph")
	}
	n := g.NumNodes()
	if cfg.Importance != nil {
		if err := checkScores("importance", cfg.Importance, n, false); err != nil {
			return nil, err
		}
	}
	if len(cfg.Seeds) == 0 {
		return nil, errors.New("crawl: no seeds")
	}
	for _, p := range cfg.Seeds {
		if int64(p) >= int64(n) {
			return nil, fmt.Errorf("crawl: seed %d is not a page (the graph has %d)", p, n)
		}
	}
	d, err := dampingOrDefault(cfg.Damping, "crawl")
	if err != nil {
		return nil, err
	}
	if cfg.Budget < 0 {
		return nil, fmt.Errorf("crawl: negative budget %d", cfg.Budget)
	}
	trust := cfg.Trust
	if trust != nil {
		if err := checkScores("trust", trust, n, false); err != nil {
			return nil, err
		}
		sum := 0.0
		for _, x := range trust {
			sum += x
		}
		if math.Abs(sum-1) > 1e-9 {
			return nil, fmt.Errorf("crawl: trust sums to %v, want 1 (±1e-9)", sum)
		}
	}
	if cfg.Previous != nil {
		if err := checkScores("previous snapshot scores", cfg.Previous.Scores, n, true); err != nil {
			return nil, err
		}
		if err := checkScores("previous snapshot values", cfg.Previous.Values, len(cfg.Previous.Values), false); err != nil {
			return nil, err
		}
	}
	var hostOf []uint32
	numHosts := 1
	_, bySize := s.(hostOrdered)
	if g.HasHosts() && (bySize || cfg.Politeness != nil) {
		hostOf, numHosts = g.Hosts.Of, g.NumHosts()
	}
	_, fifo := s.(firstInFirstOut)
	_, keyed := s.(keysInHeap)
	c := &Crawl{
		g:          g,
		links:      g.Successors(),
		cfg:        cfg,
		damping:    d,
		trust:      trust,
		strategy:   s,
		discovered: make([]uint64, (n+63)/64),
		downloaded: make([]uint64, (n+63)/64),
	}
	if !fifo || hostOf != nil || cfg.Politeness != nil {
		c.seq = make([]uint32, n)
	}
	if cfg.Politeness != nil {
		c.flying = make([]uint64, (n+63)/64)
	}
	c.seeds = c.distinctSeeds(cfg.Seeds)
	c.seedTrust = make([]float64, len(c.seeds))
	for k, p := range c.seeds {
		if trust != nil {
			c.seedTrust[k] = trust[p]
		} else {
			// uniform over the distinct seeds, as rank.UniformTeleport
			c.seedTrust[k] = 1 / float64(len(c.seeds))
		}
	}
	c.uniformTrust = !slices.ContainsFunc(c.seedTrust, func(x float64) bool { return x != c.seedTrust[0] })
	c.selector, _ = s.(Selector)
	c.guarantor, _ = s.(Guarantor)
	room := 0
	if _, ok := s.(keysWithSeedSlots); ok {
		room = len(c.seeds)
	}
	c.front = newFrontier(n, c.seq, hostOf, numHosts, bySize, fifo, keyed, room)
	c.reachable = cfg.Reachable
	_, readsCount := s.(readsReachable)
	switch {
	case c.reachable > 0 && c.reachable <= n:
		c.limit = int64(c.reachable)
	case cfg.LearnReachable && !readsCount:
		c.reachable, c.learning = 0, true
		c.limit = math.MaxInt64
	default:
		// The count's queue is the discovery numbers or, a crawl that
		// keeps none being a queue on one host, that queue's n places.
		queue := c.seq
		if queue == nil {
			queue = c.front.hosts[0].items[:n]
		}
		c.reachable = reachableCount(g, c.seeds, queue)
		c.limit = int64(c.reachable)
	}
	if cfg.Budget > 0 && cfg.Budget < c.limit {
		c.limit = cfg.Budget
	}
	c.queueAhead = fifo && hostOf == nil && cfg.Politeness == nil
	if c.selector != nil && cfg.Politeness != nil {
		c.front.trackAllHosts()
	}
	if cfg.Politeness != nil {
		clk, err := newPoliteClock(c, *cfg.Politeness, numHosts)
		if err != nil {
			return nil, err
		}
		c.clock = clk
	}
	c.order = make([]uint32, 0, c.downloadsAtMost())
	if c.guarantor != nil {
		c.guarantee = make([]float64, 0, c.downloadsAtMost())
	}
	return c, nil
}

// keysWithSeedSlots is implemented by strategies that keep a value per
// seed in the Frontier's keys' array, after its n keys (windowed-rankmass's
// pass).
type keysWithSeedSlots interface{ seedSlots() }

// readsReachable is implemented by strategies that read the count of
// reachable pages before the crawl ends (Config.LearnReachable).
type readsReachable interface{ readsReachable() }

// ReadsReachable reports whether strategy s reads the count of pages
// reachable from the seeds before its crawl ends (rankmass,
// windowed-rankmass and l-neighbor size arrays by it, optimal downloads
// that many pages): its crawl ignores Config.LearnReachable, and New
// counts the pages unless Config.Reachable gives the count.
func ReadsReachable(s Strategy) bool {
	_, ok := s.(readsReachable)
	return ok
}

// downloadsAtMost is the most downloads the crawl can make: its limit,
// or the graph's pages while it learns its count of reachable pages.
func (c *Crawl) downloadsAtMost() int64 {
	return min(c.limit, int64(c.g.NumNodes()))
}

// dampingOrDefault returns the damping factor d, rank.DefaultDamping for 0;
// a d outside [0, 1] is an error, which what (the caller) begins.
func dampingOrDefault(d float64, what string) (float64, error) {
	if d == 0 {
		d = rank.DefaultDamping
	}
	if math.IsNaN(d) || d < 0 || d > 1 {
		return 0, fmt.Errorf("%s: damping %v is outside [0,1]", what, d)
	}
	return d, nil
}

// checkScores checks that v has n entries, each finite and non-negative
// (or NaN, when absent says NaN marks a page without a value).
func checkScores(name string, v []float64, n int, absent bool) error {
	if len(v) != n {
		return fmt.Errorf("crawl: %s has %d entries for %d pages", name, len(v), n)
	}
	for i, x := range v {
		if math.IsNaN(x) && absent {
			continue
		}
		if !(x >= 0) || math.IsInf(x, 1) {
			return fmt.Errorf("crawl: %s of page %d is %v, want a finite non-negative number", name, i, x)
		}
	}
	return nil
}

// hostOrdered is implemented by strategies that choose a host before a page
// (larger-sites-first): the Frontier then orders hosts by pending pages.
type hostOrdered interface{ ordersHosts() }

func (c *Crawl) distinctSeeds(seeds []uint32) []uint32 {
	seen := make(map[uint32]bool, len(seeds))
	out := make([]uint32, 0, len(seeds))
	for _, p := range seeds {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}

// reachableCount counts the pages reachable from the seeds (seeds included)
// by a breadth-first search (graph.Search) that queues them in queue, n
// long, zero and free to use; it leaves it zero, so that a new crawl lends
// the search its discovery numbers (or its queue) instead of allocating 4
// bytes per page more (the search's marks are n/8 bytes).
func reachableCount(g *graph.Graph, seeds []uint32, queue []uint32) int {
	s := graph.NewSearchIn(g, queue[:0])
	s.Start(seeds)
	s.Expand(math.MaxInt64)
	end := len(s.Reached())
	clear(queue[:end])
	return end
}

// frontierWord returns word k of the set of the pages in F: bit p%64 of
// word p/64 is set when page p is discovered, neither downloaded nor in
// flight.
func (c *Crawl) frontierWord(k int) uint64 {
	w := c.discovered[k] &^ c.downloaded[k]
	if c.flying != nil {
		w &^= c.flying[k]
	}
	return w
}

// hasBit reports whether bit p of set is set.
func hasBit(set []uint64, p uint32) bool { return set[p/64]&(1<<(p%64)) != 0 }

// setBit sets bit p of set.
func setBit(set []uint64, p uint32) { set[p/64] |= 1 << (p % 64) }

// Reachable returns the number of pages reachable from the seeds; 0 while
// a crawl that learns it (Config.LearnReachable) has not learnt it.
func (c *Crawl) Reachable() int { return c.reachable }

// mayTake reports whether the strategy may take b bytes beyond its
// arrays of a few bytes a page (Config.SpareBytes).
func (c *Crawl) mayTake(b int64) bool {
	return c.cfg.SpareBytes == 0 || b <= c.cfg.SpareBytes
}

// SetReachable gives a crawl that has not learnt its count of reachable
// pages (Config.LearnReachable) the count n, counted by the caller; its
// limit becomes the smaller of n and the budget, as if n had been given
// in the Config. A crawl that knows its count ignores it.
func (c *Crawl) SetReachable(n int) {
	if !c.learning || n <= 0 {
		return
	}
	c.learnt(n)
}

// learnt records the count of reachable pages n of a crawl that learns
// it.
func (c *Crawl) learnt(n int) {
	c.reachable, c.learning = n, false
	c.limit = int64(n)
	if b := c.cfg.Budget; b > 0 && b < c.limit {
		c.limit = b
	}
}

// DownloadedSum returns the sum of v over the downloaded pages, added in
// increasing page order (as graph.Reach.Sum adds over the pages it
// reached): once a crawl has learnt its count of reachable pages
// (Config.LearnReachable), the importance they hold.
func (c *Crawl) DownloadedSum(v []float64) float64 {
	sum := 0.0
	for w, word := range c.downloaded {
		for x := word; x != 0; x &= x - 1 {
			sum += v[w*64+bits.TrailingZeros64(x)]
		}
	}
	return sum
}

// Frontier returns the crawl's frontier, which the strategy keeps ordered.
func (c *Crawl) Frontier() *Frontier { return c.front }

// Graph returns the graph crawled.
func (c *Crawl) Graph() *graph.Graph { return c.g }

// Damping returns d.
func (c *Crawl) Damping() float64 { return c.damping }

// Trust returns the trust vector t. Unless the Config gave one, it is made
// for the call (the crawl itself keeps only the trust of the seeds, which
// are the only pages it reads it for).
func (c *Crawl) Trust() []float64 {
	if c.trust != nil {
		return c.trust
	}
	t := make([]float64, c.g.NumNodes())
	for k, p := range c.seeds {
		t[p] = c.seedTrust[k]
	}
	return t
}

// trustOfSeed returns the trust of page p, which must be a seed.
func (c *Crawl) trustOfSeed(p uint32) float64 {
	if c.trust != nil {
		return c.trust[p]
	}
	return c.seedTrust[0]
}

// Seeds returns the distinct seeds in the order given, which is their
// discovery order.
func (c *Crawl) Seeds() []uint32 { return c.seeds }

// Downloads returns the number of pages downloaded so far.
func (c *Crawl) Downloads() int { return len(c.order) }

// Order returns the pages downloaded so far, in order; the slice is the
// crawl's own and must not be changed.
func (c *Crawl) Order() []uint32 { return c.order }

// IsDownloaded reports whether page p is in D.
func (c *Crawl) IsDownloaded(p uint32) bool { return hasBit(c.downloaded, p) }

// InFrontier reports whether page p is in F (selectable or parked, not in
// flight).
func (c *Crawl) InFrontier(p uint32) bool {
	return hasBit(c.discovered, p) && !hasBit(c.downloaded, p) && !c.inFlight(p)
}

// inFlight reports whether page p is being downloaded on the politeness
// clock.
func (c *Crawl) inFlight(p uint32) bool { return c.flying != nil && hasBit(c.flying, p) }

// Discovered reports whether page p has been discovered (it is in F, in
// flight or in D).
func (c *Crawl) Discovered(p uint32) bool { return hasBit(c.discovered, p) }

// Discovery returns page p's discovery number: 0, 1, 2, ... in discovery
// order, the seeds first in the seed set's order (0 to |seeds|-1); 0 for
// a page not discovered.
func (c *Crawl) Discovery(p uint32) uint32 {
	if c.seq == nil {
		// A first-in-first-out crawl on one host without the clock: its
		// queue holds every page discovered, in discovery order
		// (Frontier.pushQueue). They are numbered now, and
		// from now on as they are discovered.
		c.seq = make([]uint32, c.g.NumNodes())
		for k, q := range c.front.hosts[0].items {
			c.seq[q] = uint32(k)
		}
		c.front.seq = c.seq
	}
	return c.seq[p]
}

// Pending returns the number of pages in F.
func (c *Crawl) Pending() int { return c.pending }

// Stop ends the crawl after the current download (a strategy's own stop
// rule, such as RankMass's ε).
func (c *Crawl) Stop() { c.stopped = true }

// addToFrontier adds page p to F with the next discovery number and tells
// the strategy; pages already discovered are ignored. The seeds are added
// first, one after another in the seed set's order (docs/algorithms.md section 2), so
// their discovery order breaks ties among them as it does among all pages.
func (c *Crawl) addToFrontier(p uint32, parent uint32) {
	if hasBit(c.discovered, p) {
		return
	}
	c.discover(p, parent)
}

// discover is addToFrontier for page p, not yet discovered. The
// strategies of a first-in-first-out queue on one host (queueAhead) push
// the page with key 0 and do nothing else when told (firstInFirstOut):
// the crawler pushes it itself.
func (c *Crawl) discover(p uint32, parent uint32) {
	setBit(c.discovered, p)
	if c.seq != nil {
		c.seq[p] = c.nextSeq
	}
	c.nextSeq++
	c.pending++
	if c.queueAhead {
		c.front.pushQueue(p)
		return
	}
	c.strategy.Discover(p, parent)
}

// Step does at most budget units of work (at least one) and reports whether
// the crawl has finished.
func (c *Crawl) Step(budget int) (bool, error) {
	if c.done || c.err != nil {
		return c.done, c.err
	}
	if c.cfg.Clock != nil {
		t0 := c.cfg.Clock()
		defer func() { c.cost.SchedulingSeconds += (c.cfg.Clock() - t0).Seconds() }()
	}
	if !c.begun {
		c.begun = true
		if err := c.strategy.Start(c); err != nil {
			c.err = err
			return false, err
		}
		for _, p := range c.seeds {
			c.addToFrontier(p, NoParent)
		}
	}
	budget = max(budget, 1)
	var err error
	if c.clock != nil {
		err = c.clock.step(budget)
	} else {
		err = c.stepUntimed(budget)
	}
	if err == nil {
		err = c.links.Err()
	}
	if err != nil {
		c.err = err
		return false, err
	}
	return c.done, nil
}

func (c *Crawl) stepUntimed(budget int) error {
	for work := 0; work < budget; {
		if c.stopped || c.started >= c.limit {
			c.finish()
			return nil
		}
		if c.refilling {
			used, err := c.refill(budget - work)
			if err != nil {
				return err
			}
			work += used
			continue
		}
		if c.selector != nil {
			used, ready := c.selector.BeforeSelect(budget - work)
			work += used
			if c.stopped {
				c.finish()
				return nil
			}
			if !ready || work >= budget {
				return nil // the budget went on work before the selection
			}
		}
		var p uint32
		ok := true
		if c.queueAhead && c.front.size > 0 {
			p = c.front.popQueue()
		} else {
			p, ok = c.front.popBest()
		}
		if !ok {
			if c.pending == 0 {
				c.finish()
				return nil
			}
			used, err := c.refill(budget - work)
			if err != nil {
				return err
			}
			work += used
			continue
		}
		c.started++
		if c.queueAhead {
			c.touchAhead()
		} else if t := c.front.tree; t != nil && !t.empty() {
			// The best page left is the next one taken unless this
			// download raises another above it: its link offset is
			// loaded while this page's links are followed.
			c.touched ^= c.links.Touch(t.top())
		}
		c.download(p)
		work++
	}
	return nil
}

// touchAhead loads the link offsets of the next two pages of a
// first-in-first-out queue, and on CSR arrays the first link of the next
// one (whose offset the previous call loaded), so that their cache misses
// overlap the download of the page before them instead of following it.
func (c *Crawl) touchAhead() {
	q := c.front.hosts[0].items[c.front.fifo.head[0]:]
	if len(q) == 0 {
		return
	}
	at := c.links.Touch(q[0])
	if targets := c.g.Targets; at < uint64(len(targets)) {
		c.touched ^= uint64(targets[at])
	}
	if len(q) > 1 {
		c.touched ^= c.links.Touch(q[1])
	}
}

// refill asks the strategy to release parked pages.
func (c *Crawl) refill(budget int) (int, error) {
	used, ok, err := c.strategy.Refill(budget)
	if err != nil {
		return used, err
	}
	c.refilling = !ok
	if ok && c.front.Len() == 0 && c.pending > 0 {
		return used, fmt.Errorf("crawl: strategy left %d pages parked and none selectable", c.pending)
	}
	if ok && c.guarantor != nil && len(c.guarantee) > 0 {
		c.guarantee[len(c.guarantee)-1] = c.guarantor.Guarantee()
	}
	return max(used, 1), nil
}

// download moves page p (in flight) into D, discovers its out-neighbours
// and tells the strategy.
func (c *Crawl) download(p uint32) {
	setBit(c.downloaded, p)
	if c.flying != nil {
		c.flying[p/64] &^= 1 << (p % 64)
	}
	c.pending--
	c.order = append(c.order, p)
	discovered := c.discovered
	for _, q := range c.links.Out(p) {
		if discovered[q/64]&(1<<(q%64)) == 0 {
			c.discover(q, p)
		}
	}
	c.strategy.Downloaded(p)
	if c.guarantor != nil {
		c.guarantee = append(c.guarantee, c.guarantor.Guarantee())
	}
}

// finish ends the crawl. The last guarantee is read again: a stop rule may
// have fired in work done after the last download (RankMass's virtual
// re-expansions), and the bound it reached holds for the pages downloaded.
func (c *Crawl) finish() {
	c.done = true
	if c.learning && c.pending == 0 {
		// Every page discovered is downloaded, and every out-neighbour
		// of a downloaded page is discovered: D is the pages the seeds
		// reach.
		c.learnt(len(c.order))
	}
	if c.guarantor != nil && len(c.guarantee) > 0 {
		c.guarantee[len(c.guarantee)-1] = c.guarantor.Guarantee()
	}
}

// Done reports whether the crawl has finished.
func (c *Crawl) Done() bool { return c.done }

// Progress reports downloads against the pages the crawl will download at
// most (the budget, or the pages reachable from the seeds).
func (c *Crawl) Progress() step.Progress {
	total := c.limit
	if c.learning && c.pending == 0 {
		total = c.cfg.Budget // 0, unknown, without one
	}
	return step.Progress{Stage: "crawl", Done: int64(len(c.order)), Total: total}
}

// Run steps the crawl to its end, passing progress to report (when not
// nil) after every step of 4,096 units.
func (c *Crawl) Run(ctx context.Context, report func(step.Progress)) (*Result, error) {
	if err := step.Run(ctx, c, 4096, report); err != nil {
		return nil, err
	}
	return c.Result(), nil
}

// Result returns the record of the crawl so far (complete once Step has
// reported done). The slices are the crawl's own.
func (c *Crawl) Result() *Result {
	r := &Result{
		Order:     c.order,
		Guarantee: c.guarantee,
		Reachable: c.reachable,
		Limit:     c.limit,
		Cost:      c.cost,
	}
	r.Cost.PriorityUpdates = c.front.updates
	if c.clock != nil {
		r.Times = c.clock.times
		r.Duration = c.clock.now
		if c.clock.now > 0 {
			r.Utilisation = c.clock.busy / (c.clock.now * float64(c.clock.p.Connections))
		}
	}
	return r
}

// Costs gives strategies access to the crawl's cost counters.
func (c *Crawl) Costs() *Cost { return &c.cost }
