package crawl

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/rank"
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
	// no clock of its own (docs/architecture.md, "Steppable work").
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
	_, inOrder := s.(pushedInOrder)
	fifo = fifo || inOrder
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
		room = len(c.seeds) + padSlots
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
	c.pushOnDiscovery = c.queueAhead && !inOrder
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
