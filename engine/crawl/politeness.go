package crawl

import (
	"fmt"
	"math"

	"github.com/crawlsim/crawlsim/engine/model"
)

// Politeness holds the parameters of the politeness clock of SPEC.md section
// 5 (seeds/004, section 3.2): the crawler keeps Connections downloads in
// flight, never two from one host at once, and waits Wait seconds between
// the end of one download from a host and the start of the next from it.
type Politeness struct {
	// Connections is r, the downloads in flight at most (default 1).
	Connections int `json:"connections"`
	// Wait is w in seconds (default 15; 0 disables the wait).
	Wait float64 `json:"wait"`
	// Latency is the fixed time of every download, in seconds (default
	// 0.5).
	Latency float64 `json:"latency"`
	// PageSize is the size of every page in bytes (default 15,000), unless
	// PageSizes gives one per page.
	PageSize float64 `json:"page_size"`
	// Bandwidth is the transfer rate of a connection in bytes per second
	// (default 100,000).
	Bandwidth float64 `json:"bandwidth"`
	// PageSizes optionally gives every page's size in bytes.
	PageSizes []float64 `json:"-"`
}

// DefaultPoliteness returns the defaults of SPEC.md section 5
// (model.DefaultPoliteness, which a scenario's absent fields take).
func DefaultPoliteness() Politeness {
	d := model.DefaultPoliteness()
	return Politeness{Connections: d.Connections, Wait: *d.Wait, Latency: *d.Latency, PageSize: *d.PageSize, Bandwidth: d.Bandwidth}
}

// Validate checks the parameters for a graph of n pages.
func (p Politeness) Validate(n int) error {
	finite := func(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
	switch {
	case p.Connections < 1:
		return fmt.Errorf("politeness: connections must be at least 1, not %d", p.Connections)
	case !finite(p.Wait) || p.Wait < 0:
		return fmt.Errorf("politeness: wait must be a non-negative number of seconds, not %v", p.Wait)
	case !finite(p.Latency) || p.Latency < 0:
		return fmt.Errorf("politeness: latency must be a non-negative number of seconds, not %v", p.Latency)
	case !finite(p.PageSize) || p.PageSize < 0:
		return fmt.Errorf("politeness: page size must be a non-negative number of bytes, not %v", p.PageSize)
	case !finite(p.Bandwidth) || p.Bandwidth <= 0:
		return fmt.Errorf("politeness: bandwidth must be a positive number of bytes per second, not %v", p.Bandwidth)
	case p.PageSizes != nil && len(p.PageSizes) != n:
		return fmt.Errorf("politeness: %d page sizes for %d pages", len(p.PageSizes), n)
	}
	for i, s := range p.PageSizes {
		if !finite(s) || s < 0 {
			return fmt.Errorf("politeness: page %d has size %v", i, s)
		}
	}
	return nil
}

// flight is a download in progress.
type flight struct {
	finish float64
	no     uint64 // start number, to order downloads that finish together
	page   uint32
	host   uint32
}

// politeClock runs a crawl in simulated time (SPEC.md section 5). A host is
// eligible when it has selectable pages, nothing in flight and its wait has
// passed; each free connection takes the eligible host whose best page
// ranks highest (the Frontier's host order); when nothing is eligible the
// clock jumps to the next event: a download finishing, or a host's wait
// ending while a connection is free.
type politeClock struct {
	c     *Crawl
	p     Politeness
	now   float64
	free  int
	busy  float64 // connection-seconds spent downloading
	times []float64

	flights   []flight // min-heap by (finish, no)
	hostBusy  []bool
	ready     []float64 // time each host may start its next download
	waiting   []uint32  // min-heap of hosts by (ready, id) whose wait has not passed
	waitPos   []uint32
	nextStart uint64
}

func newPoliteClock(c *Crawl, p Politeness, numHosts int) (*politeClock, error) {
	if err := p.Validate(c.g.NumNodes()); err != nil {
		return nil, err
	}
	k := &politeClock{
		c:        c,
		p:        p,
		free:     p.Connections,
		times:    make([]float64, 0, c.limit),
		hostBusy: make([]bool, numHosts),
		ready:    make([]float64, numHosts),
		waitPos:  newPositions(numHosts),
	}
	c.front.wake = k.wake
	return k, nil
}

// duration returns how long downloading page p takes.
func (k *politeClock) duration(p uint32) float64 {
	size := k.p.PageSize
	if k.p.PageSizes != nil {
		size = k.p.PageSizes[p]
	}
	return k.p.Latency + size/k.p.Bandwidth
}

// wake is called by the Frontier when closed host h receives its first
// selectable page.
func (k *politeClock) wake(h uint32) {
	if k.hostBusy[h] || k.waitPos[h] != noPos {
		return
	}
	if k.ready[h] <= k.now {
		k.c.front.setOpen(h, true)
		return
	}
	k.pushWaiting(h)
}

func (k *politeClock) mayStart() bool {
	return !k.c.stopped && k.c.started < k.c.limit
}

// step runs events until budget units of work are done or the crawl ends.
func (k *politeClock) step(budget int) error {
	c := k.c
	for work := 0; work < budget; work++ {
		for len(k.waiting) > 0 && k.ready[k.waiting[0]] <= k.now {
			h := k.popWaiting()
			c.front.setOpen(h, true)
		}
		for k.free > 0 && k.mayStart() && !c.refilling {
			if c.selector != nil {
				used, ready := c.selector.BeforeSelect(max(budget-work, 1))
				work += used
				if !ready || work >= budget {
					return nil // the budget went on work before the selection
				}
				if !k.mayStart() {
					break
				}
			}
			h, ok := c.front.bestHost()
			if !ok {
				break
			}
			k.start(c.front.popHost(h), h)
		}
		if len(k.flights) == 0 {
			switch {
			case !k.mayStart() || c.pending == 0:
				c.finish()
				return nil
			case c.refilling:
				// The strategy has not finished releasing its pages:
				// nothing is selected from half a list.
				used, err := c.refill(budget - work)
				if err != nil {
					return err
				}
				work += used - 1
			case len(k.waiting) > 0 && c.front.Len() > 0:
				// A host with selectable pages is waiting out its delay.
				k.now = k.ready[k.waiting[0]]
			default:
				// Everything pending is parked: the strategy releases
				// pages now, without waiting for the hosts' delays.
				used, err := c.refill(budget - work)
				if err != nil {
					return err
				}
				work += used - 1
			}
			continue
		}
		next := k.flights[0].finish
		if k.free > 0 && k.mayStart() && len(k.waiting) > 0 && k.ready[k.waiting[0]] < next {
			k.now = k.ready[k.waiting[0]]
			continue
		}
		k.complete()
	}
	return nil
}

// start begins downloading page p of host h.
func (k *politeClock) start(p, h uint32) {
	c := k.c
	c.state[p] = inFlight
	c.started++
	k.free--
	k.hostBusy[h] = true
	c.front.setOpen(h, false)
	d := k.duration(p)
	k.busy += d
	k.pushFlight(flight{finish: k.now + d, no: k.nextStart, page: p, host: h})
	k.nextStart++
}

// complete finishes the earliest download.
func (k *politeClock) complete() {
	c := k.c
	f := k.popFlight()
	k.now = f.finish
	k.free++
	k.hostBusy[f.host] = false
	k.ready[f.host] = k.now + k.p.Wait
	switch {
	case k.p.Wait == 0:
		c.front.setOpen(f.host, true)
	case c.front.hostPending(f.host) > 0:
		k.pushWaiting(f.host)
	}
	c.download(f.page)
	k.times = append(k.times, k.now)
}

func flightBefore(a, b flight) bool {
	if a.finish != b.finish {
		return a.finish < b.finish
	}
	return a.no < b.no
}

func (k *politeClock) pushFlight(f flight) {
	k.flights = append(k.flights, f)
	i := len(k.flights) - 1
	for i > 0 {
		parent := (i - 1) / 2
		if !flightBefore(k.flights[i], k.flights[parent]) {
			break
		}
		k.flights[i], k.flights[parent] = k.flights[parent], k.flights[i]
		i = parent
	}
}

func (k *politeClock) popFlight() flight {
	top := k.flights[0]
	last := len(k.flights) - 1
	k.flights[0] = k.flights[last]
	k.flights = k.flights[:last]
	for i := 0; ; {
		c := 2*i + 1
		if c >= last {
			break
		}
		if r := c + 1; r < last && flightBefore(k.flights[r], k.flights[c]) {
			c = r
		}
		if !flightBefore(k.flights[c], k.flights[i]) {
			break
		}
		k.flights[i], k.flights[c] = k.flights[c], k.flights[i]
		i = c
	}
	return top
}

func (k *politeClock) waitBefore(a, b uint32) bool {
	if k.ready[a] != k.ready[b] {
		return k.ready[a] < k.ready[b]
	}
	return a < b
}

func (k *politeClock) pushWaiting(h uint32) {
	k.waiting = append(k.waiting, h)
	i := len(k.waiting) - 1
	for i > 0 {
		parent := (i - 1) / 2
		q := k.waiting[parent]
		if !k.waitBefore(h, q) {
			break
		}
		k.waiting[i] = q
		k.waitPos[q] = uint32(i)
		i = parent
	}
	k.waiting[i] = h
	k.waitPos[h] = uint32(i)
}

func (k *politeClock) popWaiting() uint32 {
	top := k.waiting[0]
	k.waitPos[top] = noPos
	last := len(k.waiting) - 1
	h := k.waiting[last]
	k.waiting = k.waiting[:last]
	if last == 0 {
		return top
	}
	i := 0
	for {
		c := 2*i + 1
		if c >= last {
			break
		}
		if r := c + 1; r < last && k.waitBefore(k.waiting[r], k.waiting[c]) {
			c = r
		}
		q := k.waiting[c]
		if !k.waitBefore(q, h) {
			break
		}
		k.waiting[i] = q
		k.waitPos[q] = uint32(i)
		i = c
	}
	k.waiting[i] = h
	k.waitPos[h] = uint32(i)
	return top
}
