package crawl

import (
	"math/bits"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/model"
)

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
	// pushOnDiscovery is set when the crawler itself pushes each page
	// into that queue as it is discovered (firstInFirstOut, but not a
	// strategy that pushes its pages in its own order: pushedInOrder).
	pushOnDiscovery bool
	touched         uint64
	begun           bool
	done            bool
	err             error
}

// keysWithSeedSlots is implemented by strategies that keep a value per
// seed in the Frontier's keys' array, after its n keys, and padSlots more
// after those (windowed-rankmass's pass).
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

// hostOrdered is implemented by strategies that choose a host before a page
// (larger-sites-first): the Frontier then orders hosts by pending pages.
type hostOrdered interface{ ordersHosts() }

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
// strategies of a first-in-first-out queue on one host (pushOnDiscovery)
// push the page with key 0 and do nothing else when told
// (firstInFirstOut): the crawler pushes it itself.
func (c *Crawl) discover(p uint32, parent uint32) {
	setBit(c.discovered, p)
	if c.seq != nil {
		c.seq[p] = c.nextSeq
	}
	c.nextSeq++
	c.pending++
	if c.pushOnDiscovery {
		c.front.pushQueue(p)
		return
	}
	c.strategy.Discover(p, parent)
}
