package crawl

import (
	"context"
	"fmt"

	"github.com/crawlsim/crawlsim/engine/internal/prefetch"
	"github.com/crawlsim/crawlsim/engine/step"
)

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
			if t := c.front.tree; t != nil && !t.empty() {
				c.prefetchLinks(t.top())
			}
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
			c.prefetchNext(t)
		}
		c.download(p)
		work++
	}
	return nil
}

// touchAhead brings in ahead of time what the next downloads of a
// first-in-first-out queue read first, so that their cache misses overlap
// the downloads before them instead of following them. Where the
// processor takes prefetch instructions and the links are CSR arrays, it
// asks for the link offset of the page offsetsAhead places further in the
// queue and for the first link of the page linksAhead places further
// (whose offset it asked for offsetsAhead-linksAhead downloads before);
// a prefetch waits for nothing. Elsewhere (WebAssembly, or lists decoded
// as they are read) it loads the link offsets of the next two pages and,
// on CSR arrays, the first link of the next one, setting their values
// aside: a load that misses holds the loop back once the processor's
// window is full, so it cannot reach further ahead.
func (c *Crawl) touchAhead() {
	q := c.front.hosts[0].items[c.front.fifo.head[0]:]
	if offsets, targets := c.g.Offsets, c.g.Targets; prefetch.Available && len(offsets) > 0 {
		if len(q) > offsetsAhead {
			prefetch.Uint64s(&offsets[0], q[offsetsAhead:offsetsAhead+1])
		}
		if len(q) > linksAhead {
			if at := offsets[q[linksAhead]]; at < uint64(len(targets)) {
				prefetch.Uint32(&targets[at])
			}
		}
		return
	}
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

// prefetchNext brings in, while a keyTree crawl (opic, fpr, fpr-m)
// downloads a page, what taking the best page left reads: that page is
// the next one taken unless the download raises another above it. Taking
// it scans its block, asked for here (keyTree.prefetchBlock: prefetch
// instructions where the processor takes them, nothing elsewhere), and
// reads its link offset, asked for too on CSR arrays where the processor
// takes prefetch instructions, else loaded, its value set aside. Then,
// once the page is sure to be next, stepUntimed asks for its first link
// (prefetchLinks) before the tree is restored around its leaving. On a
// generated web of 4 M pages opic and fpr took about a quarter less time
// with the three (docs/performance.md, "The eighteenth round").
func (c *Crawl) prefetchNext(t *keyTree) {
	next := t.top()
	t.prefetchBlock(next)
	if offsets := c.g.Offsets; prefetch.Available && len(offsets) > 0 {
		prefetch.Uint64s(&offsets[0], []uint32{next})
		return
	}
	c.touched ^= c.links.Touch(next)
}

// prefetchLinks asks for the cache line of page p's first link, on CSR
// arrays where the processor takes prefetch instructions: stepUntimed
// calls it for the page it is about to take (see prefetchNext).
func (c *Crawl) prefetchLinks(p uint32) {
	if offsets, targets := c.g.Offsets, c.g.Targets; prefetch.Available && len(offsets) > 0 {
		if at := offsets[p]; at < uint64(len(targets)) {
			prefetch.Uint32(&targets[at])
		}
	}
}

// How far ahead in the queue touchAhead prefetches. A breadth-first crawl
// of a generated web of 4 M pages from its 160 pages of highest PageRank
// took 0.51-0.52 s of CPU with offsets 8 pages ahead and first links 3
// ahead, 0.86-0.95 s with the loads of the next two pages; 16 and 6
// ahead did no better (docs/performance.md, "The sixteenth round").
const (
	offsetsAhead = 8
	linksAhead   = 3
)

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
		r.Duration = c.clock.seconds(c.clock.now)
		if c.clock.now > 0 {
			r.Utilisation = c.clock.busy / (float64(c.clock.now) * float64(c.clock.p.Connections))
		}
	}
	return r
}

// Costs gives strategies access to the crawl's cost counters.
func (c *Crawl) Costs() *Cost { return &c.cost }
