package crawl

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/crawlsim/crawlsim/engine/internal/indexheap"
)

// flight is a download in progress.
type flight struct {
	// end is the tick at which the download ends (per connection), or its
	// latency ends (shared link, before its transfer starts).
	end int64
	// last is the link's work count at which its transfer ends (shared
	// link, during its transfer).
	last  float64
	no    uint64 // start number, to order downloads that finish together
	page  uint32
	host  uint32
	start int64 // the tick the download started
}

// nanosecond is the clock's finest tick, in seconds.
const nanosecond = 1e-9

// politeClock runs a crawl in simulated time (docs/algorithms.md section 5). A host is
// eligible when it has selectable pages, nothing in flight and its wait has
// passed; each free connection takes the eligible host whose best page
// ranks highest (the Frontier's host order); when nothing is eligible the
// clock jumps to the next event: a download finishing, or a host's wait
// ending while a connection is free.
//
// The clock counts whole ticks (nanoseconds, unless the crawl could last
// too long to count them in an int64: then a coarser power of ten of a
// second, ticksPerSecond): every latency, wait and transfer is rounded to
// the nearest tick, so that times reached along different paths (a wait
// after one download, two downloads on another connection) that are equal
// in exact arithmetic are equal on the clock, and events that coincide
// happen at one instant in the order of the rules (docs/algorithms.md
// section 5), not in an order set by rounding errors.
type politeClock struct {
	c         *Crawl
	p         Politeness
	perSecond float64 // ticks a second
	latency   int64   // ticks
	wait      int64   // ticks
	now       int64
	free      int
	busy      float64 // connection-ticks spent downloading (whole numbers)
	times     []float64

	flights []flight // min-heap by (end, no)
	// With SharedLink, flights holds the downloads in their latency and
	// transfers those transferring, by the link's work count at which they
	// end: work grows by Bandwidth/len(transfers) bytes a second since
	// workAt (processor sharing, so the order in which transfers end is
	// the order of their end counts, fixed when they start; the downloads
	// that end at one tick move to ended).
	transfers []flight // min-heap by (last, no)
	ended     []flight // downloads that ended at tick now, by start number, still to complete
	work      float64
	workAt    int64
	// rebaseAt is the work count above which it starts again from 0, so
	// that its rounding stays below an eighth of a tick of any transfer.
	rebaseAt  float64
	hostBusy  []bool
	ready     []int64               // tick each host may start its next download
	waiting   indexheap.Heap[int64] // hosts whose wait has not passed, by (ready, id)
	nextStart uint64
}

// maxTicks bounds a crawl's duration in ticks, far inside int64.
const maxTicks = 1 << 62

// ticksPerSecond returns the ticks a second of the clock of a crawl of at
// most downloads downloads: 10^9 when it cannot last 2^62 ns, else the
// largest power of ten, down to 1, at which it cannot last 2^62 ticks. A
// crawl lasts at most the sum over its downloads of latency, transfer at
// the full rate and wait: the connections are never all idle unless a
// host waits, and the shared link carries Bandwidth bytes a second while
// any transfer is in progress.
func ticksPerSecond(p Politeness, downloads int64) (float64, error) {
	largest := p.PageSize
	if p.PageSizes != nil {
		largest = 0
		for _, s := range p.PageSizes {
			largest = max(largest, s)
		}
	}
	n := float64(downloads)
	longest := n * (p.Latency + largest/p.Bandwidth + p.Wait)
	for perSecond := 1 / nanosecond; perSecond >= 1; perSecond /= 10 {
		// Each download's rounding adds at most a tick and a half.
		if longest*perSecond+2*n+2 < maxTicks {
			return perSecond, nil
		}
	}
	return 0, fmt.Errorf("politeness: %d downloads of up to %v s each, with waits of %v s, could last longer than the clock counts", downloads, p.Latency+largest/p.Bandwidth, p.Wait)
}

// ticks returns seconds in whole ticks, rounded to the nearest.
func (k *politeClock) ticks(seconds float64) int64 {
	return int64(math.Round(seconds * k.perSecond))
}

// seconds returns ticks in seconds.
func (k *politeClock) seconds(ticks int64) float64 {
	return float64(ticks) / k.perSecond
}

func newPoliteClock(c *Crawl, p Politeness, numHosts int) (*politeClock, error) {
	if err := p.Validate(c.g.NumNodes()); err != nil {
		return nil, err
	}
	perSecond, err := ticksPerSecond(p, c.downloadsAtMost())
	if err != nil {
		return nil, err
	}
	k := &politeClock{
		c:         c,
		p:         p,
		perSecond: perSecond,
		free:      p.Connections,
		times:     make([]float64, 0, c.downloadsAtMost()),
		hostBusy:  make([]bool, numHosts),
		ready:     make([]int64, numHosts),
	}
	k.latency, k.wait = k.ticks(p.Latency), k.ticks(p.Wait)
	// A count rounds by at most 2^-52 of itself, which a transfer
	// sharing the link Connections ways carries in under an eighth of a
	// tick while the count is below 2^49·Bandwidth/(Connections·perSecond).
	k.rebaseAt = (1 << 49) * p.Bandwidth / (float64(p.Connections) * perSecond)
	k.waiting = indexheap.New(k.ready)
	c.front.wake = k.wake
	return k, nil
}

// size returns page p's size in bytes.
func (k *politeClock) size(p uint32) float64 {
	if k.p.PageSizes != nil {
		return k.p.PageSizes[p]
	}
	return k.p.PageSize
}

// duration returns how long downloading page p takes on its own
// connection, in ticks: the latency and the transfer, each rounded.
func (k *politeClock) duration(p uint32) int64 {
	return k.latency + k.ticks(k.size(p)/k.p.Bandwidth)
}

// wake is called by the Frontier when closed host h receives its first
// selectable page.
func (k *politeClock) wake(h uint32) {
	if k.hostBusy[h] || k.waiting.Has(h) {
		return
	}
	if k.ready[h] <= k.now {
		k.c.front.setOpen(h, true)
		return
	}
	k.waiting.Push(h)
}

func (k *politeClock) mayStart() bool {
	return !k.c.stopped && k.c.started < k.c.limit
}

// step runs events until budget units of work are done or the crawl ends.
func (k *politeClock) step(budget int) error {
	c := k.c
	for work := 0; work < budget; work++ {
		if k.inFlight() > 0 && k.nextEvent() <= k.now {
			// Every download event of this instant happens before a
			// free connection chooses.
			k.event()
			continue
		}
		for k.waiting.Len() > 0 && k.ready[k.waiting.Top()] <= k.now {
			h := k.waiting.Pop()
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
		if k.inFlight() == 0 {
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
			case k.waiting.Len() > 0 && c.front.Len() > 0:
				// A host with selectable pages is waiting out its delay.
				k.now = k.ready[k.waiting.Top()]
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
		next := k.nextEvent()
		if k.free > 0 && k.mayStart() && k.waiting.Len() > 0 && k.ready[k.waiting.Top()] < next {
			k.now = k.ready[k.waiting.Top()]
			continue
		}
		k.event()
	}
	return nil
}

// start begins downloading page p of host h.
func (k *politeClock) start(p, h uint32) {
	c := k.c
	setBit(c.flying, p)
	c.started++
	k.free--
	k.hostBusy[h] = true
	c.front.setOpen(h, false)
	f := flight{no: k.nextStart, page: p, host: h, start: k.now}
	k.nextStart++
	if k.p.SharedLink {
		f.end = k.now + k.latency
		k.flights = pushFlight(k.flights, f, endsBefore)
		return
	}
	d := k.duration(p)
	k.busy += float64(d)
	f.end = k.now + d
	k.flights = pushFlight(k.flights, f, endsBefore)
}

// inFlight is the number of downloads in progress.
func (k *politeClock) inFlight() int { return len(k.flights) + len(k.transfers) + len(k.ended) }

// nextEvent is the tick of the next download event: a download ending,
// or with SharedLink a latency ending or a transfer ending.
func (k *politeClock) nextEvent() int64 {
	next := int64(math.MaxInt64)
	if len(k.ended) > 0 {
		return k.now
	}
	if len(k.flights) > 0 {
		next = k.flights[0].end
	}
	if len(k.transfers) > 0 {
		next = min(next, k.transferEnd())
	}
	return next
}

// transferEnd is the tick the first transfer on the shared link ends, if
// no other starts before, rounded to the nearest.
func (k *politeClock) transferEnd() int64 {
	left := max(k.transfers[0].last-k.work, 0)
	return k.workAt + k.ticks(left*float64(len(k.transfers))/k.p.Bandwidth)
}

// advanceWork brings the link's work count to tick t.
func (k *politeClock) advanceWork(t int64) {
	if len(k.transfers) > 0 && t > k.workAt {
		k.work += k.seconds(t-k.workAt) * k.p.Bandwidth / float64(len(k.transfers))
	}
	k.workAt = t
}

// event handles the next download event: per connection, the download
// ends (complete); with SharedLink, the first of the downloads that ended
// at tick now completes, or when none is left the events of the next tick
// are handled (instant), and the first download they end completes, so
// that the downloads of one tick complete one an event in the order they
// started.
func (k *politeClock) event() {
	if !k.p.SharedLink {
		var f flight
		k.flights, f = popFlight(k.flights, endsBefore)
		k.complete(f, f.end)
		return
	}
	if len(k.ended) == 0 {
		k.instant()
		if len(k.ended) == 0 {
			return // latencies ended: their transfers started
		}
	}
	f := k.ended[0]
	k.ended = k.ended[1:]
	k.busy += float64(k.now - f.start)
	k.complete(f, k.now)
}

// instant brings the shared link's clock to its next download event and
// handles every event of that tick: the latencies that end start their
// pages' transfers, first, so that those start with the transfers in
// progress; then the transfers that end at the tick end together (which
// of them had the fewest bytes left is below the clock's resolution).
// The downloads that end, those transfers and the pages of size 0 whose
// latency ends, go to ended in the order they started.
func (k *politeClock) instant() {
	at := k.nextEvent()
	k.now = at
	for len(k.flights) > 0 && k.flights[0].end <= at {
		var f flight
		k.flights, f = popFlight(k.flights, endsBefore)
		size := k.size(f.page)
		if size == 0 {
			k.ended = append(k.ended, f)
			continue
		}
		if len(k.transfers) == 0 {
			// The link is idle: its work count starts again from 0.
			k.work = 0
		}
		k.advanceWork(at)
		f.last = k.work + size
		k.transfers = pushFlight(k.transfers, f, lastBefore)
	}
	k.advanceWork(at)
	for len(k.transfers) > 0 && k.transferEnd() <= at {
		var f flight
		k.transfers, f = popFlight(k.transfers, lastBefore)
		k.work = max(k.work, f.last)
		k.ended = append(k.ended, f)
	}
	slices.SortFunc(k.ended, func(a, b flight) int { return cmp.Compare(a.no, b.no) })
	if k.work > k.rebaseAt {
		k.rebase()
	}
}

// rebase starts the link's work count again from 0, the end counts of
// the transfers in progress with it.
func (k *politeClock) rebase() {
	for i := range k.transfers {
		k.transfers[i].last -= k.work
	}
	k.work = 0
	// The subtractions round: their order is made again.
	for i := len(k.transfers)/2 - 1; i >= 0; i-- {
		siftDown(k.transfers, i, lastBefore)
	}
}

// complete finishes download f at tick at.
func (k *politeClock) complete(f flight, at int64) {
	c := k.c
	k.now = at
	k.free++
	k.hostBusy[f.host] = false
	k.ready[f.host] = k.now + k.wait
	switch {
	case k.wait == 0:
		c.front.setOpen(f.host, true)
	case c.front.hostPending(f.host) > 0:
		k.waiting.Push(f.host)
	}
	c.download(f.page)
	k.times = append(k.times, k.seconds(k.now))
}

// endsBefore orders flights by (end, no).
func endsBefore(a, b *flight) bool {
	if a.end != b.end {
		return a.end < b.end
	}
	return a.no < b.no
}

// lastBefore orders transfers by (last, no).
func lastBefore(a, b *flight) bool {
	if a.last != b.last {
		return a.last < b.last
	}
	return a.no < b.no
}

// pushFlight adds f to the min-heap h ordered by before. The downloads
// are a plain heap of values, not an indexed one (engine/internal/indexheap):
// a download is pushed and popped, never moved or taken out from the
// middle, so it needs no place kept, and the heap holds the downloads
// themselves.
func pushFlight(h []flight, f flight, before func(a, b *flight) bool) []flight {
	h = append(h, f)
	i := len(h) - 1
	for i > 0 {
		parent := (i - 1) / 2
		if !before(&h[i], &h[parent]) {
			break
		}
		h[i], h[parent] = h[parent], h[i]
		i = parent
	}
	return h
}

// popFlight removes the first flight of the min-heap h ordered by before.
func popFlight(h []flight, before func(a, b *flight) bool) ([]flight, flight) {
	top := h[0]
	last := len(h) - 1
	h[0] = h[last]
	h = h[:last]
	siftDown(h, 0, before)
	return h, top
}

// siftDown moves h[i] down the min-heap h ordered by before to its place.
func siftDown(h []flight, i int, before func(a, b *flight) bool) {
	for {
		c := 2*i + 1
		if c >= len(h) {
			return
		}
		if r := c + 1; r < len(h) && before(&h[r], &h[c]) {
			c = r
		}
		if !before(&h[c], &h[i]) {
			return
		}
		h[i], h[c] = h[c], h[i]
		i = c
	}
}
