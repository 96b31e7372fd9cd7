package crawl

import (
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/crawlsim/crawlsim/engine/gen"
	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
	"pgregory.net/rapid"
)

// handClock is the politeness of the hand-computed schedules below: every
// download takes exactly the latency (pages of size 0), so every time is a
// small integer and exact.
func handClock(connections int, wait float64) *Politeness {
	return &Politeness{Connections: connections, Wait: wait, Latency: 1, PageSize: 0, Bandwidth: 100000}
}

// clockCase is a timed crawl and the schedule worked out by hand.
type clockCase struct {
	id          string
	params      Values
	order       []uint32
	times       []float64
	duration    float64
	utilisation float64 // Σ download times / (duration · r)
}

// checkSchedule runs the case on cfg and compares order, times, duration
// and utilisation exactly: they are sums and ratios of small integers.
func checkSchedule(t *testing.T, cfg Config, c clockCase) {
	t.Helper()
	res := crawlToEnd(t, cfg, c.id, c.params)
	if !slices.Equal(res.Order, c.order) || !slices.Equal(res.Times, c.times) {
		t.Errorf("%s: order %v at times %v, want %v at %v", c.id, res.Order, res.Times, c.order, c.times)
	}
	if res.Duration != c.duration || res.Utilisation != c.utilisation {
		t.Errorf("%s: duration %v, utilisation %v; want %v and %v", c.id, res.Duration, res.Utilisation, c.duration, c.utilisation)
	}
}

// TestClockTwoConnectionsHandSchedule runs the politeness clock of docs/algorithms.md
// section 5 with r = 2 connections, wait w = 3 s and downloads of 1 s on
// two hosts of three pages each: host 0 = {0, 1, 2}, host 1 = {3, 4, 5};
// seeds 0 and 3; arcs 0→1, 3→4, 3→5, 4→2. A host may start again 1 + 3 =
// 4 s after it started, so both hosts download at t = 0, 4 and 8, and the
// connections idle from 1 to 4 and from 5 to 8 because no host is
// eligible (the clock jumps). Two downloads that finish together complete
// in the order they started, so the order of choice shows in Order.
//
// bfs (each free connection takes the host whose best page was discovered
// first; the seeds are numbered first, in the seed set's order: 0 is 0,
// 3 is 1):
//
//	t=0  F = {0, 3}: 0 (host 0) before 3; both start.
//	t=1  0 done: 1 joins F (number 2); 3 done: 4, 5 join (3, 4). Both
//	     hosts wait until t = 4.
//	t=4  host 0's best is 1 (2), host 1's is 4 (3): 1 starts, then 4.
//	t=5  1 done; 4 done: 2 joins (5). Both hosts wait until t = 8.
//	t=8  host 1's best is 5 (4), host 0's is 2 (5): 5 starts, then 2.
//	t=9  5 done, 2 done.
//
// larger-sites-first (the host with the most pending pages; equal counts
// go to the host discovered first, host 0, whose page 0 is the first
// seed):
//
//	t=0  one pending page each: host 0 first, 0 then 3, as bfs.
//	t=4  host 1 has two pending pages (4, 5), host 0 one (1): 4 starts
//	     first, then 1.
//	t=5  4 done (2 joins F), then 1.
//	t=8  one pending page each: host 0 first, 2 then 5.
//	t=9  2 done, 5 done.
//
// Both last 9 s; six downloads of 1 s on two connections give utilisation
// 6/(9·2) = 1/3.
func TestClockTwoConnectionsHandSchedule(t *testing.T) {
	g := graphtest.FromArcs(t, 6, [][2]uint32{{0, 1}, {3, 4}, {3, 5}, {4, 2}})
	withHostTable(g, []uint32{0, 0, 0, 1, 1, 1})
	cfg := Config{Graph: g, Seeds: []uint32{0, 3}, Politeness: handClock(2, 3)}
	times := []float64{1, 1, 5, 5, 9, 9}
	for _, c := range []clockCase{
		{id: "bfs", order: []uint32{0, 3, 1, 4, 5, 2}, times: times, duration: 9, utilisation: 1.0 / 3},
		{id: "larger-sites-first", order: []uint32{0, 3, 4, 1, 2, 5}, times: times, duration: 9, utilisation: 1.0 / 3},
	} {
		checkSchedule(t, cfg, c)
	}
}

// TestClockOneConnectionLateHost runs bfs with r = 1, w = 3 and downloads
// of 1 s on the same two hosts, from the single seed 0, with arcs 0→1, 0→3,
// 1→2, 3→4, 3→5: host 1 becomes eligible only once 0 is downloaded.
//
//	t=0  0 starts (host 0).                        t=1  0 done: 1, 3 join F.
//	     host 0 waits until 4; host 1 is eligible: 3 starts.
//	t=2  3 done: 4, 5 join; host 1 waits until 5.  Nothing is eligible:
//	     the clock jumps to t = 4.
//	t=4  1 starts.                                  t=5  1 done: 2 joins;
//	     host 0 waits until 8; host 1 is ready: 4 starts.
//	t=6  4 done; host 1 waits until 9. Jump to t = 8.
//	t=8  2 starts.                                  t=9  2 done; host 1 is
//	     ready: 5 starts.                           t=10 5 done.
//
// Six downloads of 1 s in 10 s on one connection: utilisation 6/10.
func TestClockOneConnectionLateHost(t *testing.T) {
	g := graphtest.FromArcs(t, 6, [][2]uint32{{0, 1}, {0, 3}, {1, 2}, {3, 4}, {3, 5}})
	withHostTable(g, []uint32{0, 0, 0, 1, 1, 1})
	cfg := Config{Graph: g, Seeds: []uint32{0}, Politeness: handClock(1, 3)}
	checkSchedule(t, cfg, clockCase{
		id:    "bfs",
		order: []uint32{0, 3, 1, 4, 2, 5}, times: []float64{1, 2, 5, 6, 9, 10},
		duration: 10, utilisation: 0.6,
	})
}

// TestClockRecomputesWithoutWaiting is the case of finding 1 of the review
// of engine/crawl: pages 0 and 1 on host 0, page 2 on host 1; seeds 0, 1,
// 2; no arcs; r = 1, w = 15 s, downloads of 1 s. With batch = 1/3, K = ⌈3
// /3⌉ = 1: batch- and partial-pagerank recompute after every download, and
// meanwhile every page is parked. A recomputation is the next event: it
// must happen at once, not after the waiting hosts' delays.
//
//	t=0   every estimate ties (no arcs): 0 (smallest id) starts.
//	t=1   0 done; host 0 waits until 16. Recompute at once: 1 and 2 tie,
//	      but only host 1 is eligible: 2 starts.
//	t=2   2 done. Recompute: 1 is on host 0, still waiting: jump to 16.
//	t=16  1 starts.                                 t=17  1 done.
//
// bfs downloads in the same order at the same times. Three downloads of 1
// s in 17 s on one connection: utilisation 3/17.
func TestClockRecomputesWithoutWaiting(t *testing.T) {
	g := graphtest.FromArcs(t, 3, nil)
	withHostTable(g, []uint32{0, 0, 1})
	cfg := Config{Graph: g, Seeds: []uint32{0, 1, 2}, Politeness: handClock(1, 15)}
	for _, c := range []clockCase{
		{id: "bfs"},
		{id: "batch-pagerank", params: Values{"batch": 1.0 / 3}},
		{id: "partial-pagerank", params: Values{"batch": 1.0 / 3}},
	} {
		c.order, c.times = []uint32{0, 2, 1}, []float64{1, 2, 17}
		c.duration, c.utilisation = 17, 3.0/17
		checkSchedule(t, cfg, c)
	}
}

// TestClockSharedLinkHandSchedule runs bfs on the politeness clock with
// r = 2, w = 0, a latency of 1 s and a link of 1 byte a second, on three
// pages without arcs, each its own host, seeds 0, 1, 2, of 4, 1 and 2
// bytes. On the shared link (Baeza-Yates et al. 2005, section 3.2) the
// transfers in progress share the byte a second; per connection each has
// its own.
//
// Shared link (w counts the link's bytes, each transfer ends when w
// reaches its start count plus its size):
//
//	t=0  0 and 1 start (their latencies).
//	t=1  both transfers start at w = 0: 0 ends at w = 4, 1 at w = 1;
//	     each gets 1/2 byte a second.
//	t=3  w = 1: 1 done. 2 starts; 0 alone gets 1 byte a second.
//	t=4  w = 2: 2's transfer starts, ends at w = 4, as 0's: 0 slows down
//	     to 1/2 byte a second.
//	t=8  w = 4: 0 done, then 2 (they started in that order).
//
// Downloads of 3, 8 and 5 s in 8 s on two connections: utilisation
// 16/16 = 1.
//
// Per connection:
//
//	t=0  0 and 1 start.  t=2  1 done (1 + 1/1); 2 starts.
//	t=5  0 done (1 + 4/1), then 2 (2 + 1 + 2/1).
//
// Downloads of 5, 2 and 3 s in 5 s on two connections: utilisation 1.
func TestClockSharedLinkHandSchedule(t *testing.T) {
	g := graphtest.FromArcs(t, 3, nil)
	withHostTable(g, []uint32{0, 1, 2})
	p := Politeness{Connections: 2, Wait: 0, Latency: 1, Bandwidth: 1, PageSizes: []float64{4, 1, 2}}
	shared := p
	shared.SharedLink = true
	checkSchedule(t, Config{Graph: g, Seeds: []uint32{0, 1, 2}, Politeness: &shared},
		clockCase{id: "bfs", order: []uint32{1, 0, 2}, times: []float64{3, 8, 8}, duration: 8, utilisation: 1})
	checkSchedule(t, Config{Graph: g, Seeds: []uint32{0, 1, 2}, Politeness: &p},
		clockCase{id: "bfs", order: []uint32{1, 0, 2}, times: []float64{2, 5, 5}, duration: 5, utilisation: 1})
}

// TestClockSharedLinkZeroSize: a page of 0 bytes ends with its latency on
// the shared link, without waiting for the transfers in progress.
//
//	t=0  0 (2 bytes) and 1 (0 bytes) start.  t=1  1 done; 0's transfer
//	     starts alone at 1 byte a second.    t=3  0 done.
func TestClockSharedLinkZeroSize(t *testing.T) {
	g := graphtest.FromArcs(t, 2, nil)
	withHostTable(g, []uint32{0, 1})
	p := Politeness{Connections: 2, Wait: 0, Latency: 1, Bandwidth: 1, PageSizes: []float64{2, 0}, SharedLink: true}
	checkSchedule(t, Config{Graph: g, Seeds: []uint32{0, 1}, Politeness: &p},
		clockCase{id: "bfs", order: []uint32{1, 0}, times: []float64{1, 3}, duration: 3, utilisation: 4.0 / 6})
}

// TestPropertySharedLink: on the shared link, with r = 2 to 4
// connections, any wait and equal or random page sizes, every reachable
// page is downloaded by the strategy's rules, the downloads finish in
// order, none finishes before its latency and its transfer at the full
// rate, and the link never carries more than its bandwidth: the pages
// done by time T hold at most Bandwidth·T bytes.
func TestPropertySharedLink(t *testing.T) {
	keep := func(info Info) bool {
		return info.ID == "bfs" || info.ID == "larger-sites-first" || info.ID == "opic" || info.ID == "omniscient"
	}
	forStrategies(t, keep, func(t *rapid.T, info Info) {
		c := drawPropertyCase(t, nil)
		params := propertyParams(t, info)
		n := c.g.NumNodes()
		p := drawPoliteness(t, n, []float64{0, 0.1, 2, 15})
		p.SharedLink = true
		cfg := c.config()
		cfg.Politeness = &p
		res := crawlToEnd(t, cfg, info.ID, params)
		checkDownloadRules(t, info, c, res.Order, "shared link")
		if len(res.Order) != c.reachable || len(res.Times) != len(res.Order) {
			t.Fatalf("%s: %d downloads with %d times, want %d", info.ID, len(res.Order), len(res.Times), c.reachable)
		}
		const slack = 1e-9
		bytes := 0.0
		for k, page := range res.Order {
			size := p.PageSize
			if p.PageSizes != nil {
				size = p.PageSizes[page]
			}
			bytes += size
			at := res.Times[k]
			if k > 0 && at < res.Times[k-1] {
				t.Fatalf("%s: download %d finished at %v, before download %d at %v", info.ID, k+1, at, k, res.Times[k-1])
			}
			if at < p.Latency+size/p.Bandwidth-slack*(1+at) {
				t.Fatalf("%s: page %d of %v bytes finished at %v s, faster than its latency and full rate allow", info.ID, page, size, at)
			}
			if bytes > p.Bandwidth*at*(1+slack)+slack {
				t.Fatalf("%s: %v bytes done by %v s, more than the link's %v B/s carry", info.ID, bytes, at, p.Bandwidth)
			}
		}
	})
}

// TestClockSharedLinkSlowsDown: r = 2, w = 0, latency 0.5 s, pages of 15
// kB (0, host 0) and 30 kB (1, host 1), seeds 0 and 1.
//
// Shared link of 100 kB/s (a latency uses no bandwidth):
//
//	t=0    0 and 1 start (their latencies).
//	t=0.5  both transfers start at 50 kB/s each.
//	t=0.8  0's 15 kB are done; 1 has 15 kB left and gets 100 kB/s.
//	t=0.95 1 done.
//
// Downloads of 0.8 and 0.95 s in 0.95 s on two connections: utilisation
// 1.75/1.9 = 35/38. Per connection: 0 ends at 0.5 + 0.15 = 0.65 and 1 at
// 0.5 + 0.3 = 0.8; utilisation 1.45/1.6 = 29/32.
func TestClockSharedLinkSlowsDown(t *testing.T) {
	g := graphtest.FromArcs(t, 2, nil)
	withHostTable(g, []uint32{0, 1})
	p := Politeness{Connections: 2, Latency: 0.5, Bandwidth: 100000, PageSizes: []float64{15000, 30000}}
	shared := p
	shared.SharedLink = true
	checkSchedule(t, Config{Graph: g, Seeds: []uint32{0, 1}, Politeness: &shared},
		clockCase{id: "bfs", order: []uint32{0, 1}, times: []float64{0.8, 0.95}, duration: 0.95, utilisation: 35.0 / 38})
	checkSchedule(t, Config{Graph: g, Seeds: []uint32{0, 1}, Politeness: &p},
		clockCase{id: "bfs", order: []uint32{0, 1}, times: []float64{0.65, 0.8}, duration: 0.8, utilisation: 29.0 / 32})
}

// TestClockSharedLinkTransferJoins: a transfer that starts while another
// is midway slows it down. r = 2, w = 0, latency 0.5 s, a link of 100
// kB/s; host 0 holds 0 (15 kB) and 2 (15 kB), host 1 holds 1 (120 kB);
// arc 0→2; seeds 0 and 1.
//
//	t=0    0 and 1 start.
//	t=0.5  both transfers start at 50 kB/s.
//	t=0.8  0 done (15 kB); 1 has 105 kB left, alone at 100 kB/s. 2 is
//	       found and its host is free: 2 starts (its latency).
//	t=1.3  2's transfer starts: 1 has 55 kB left, both at 50 kB/s.
//	t=1.6  2 done (15 kB); 1 has 40 kB left, alone again.
//	t=2.0  1 done.
//
// Downloads of 0.8, 0.8 and 2 s in 2 s on two connections: utilisation
// 3.6/4 = 0.9. Per connection: 0 ends at 0.65, 2 runs from 0.65 to 1.3,
// 1 ends at 0.5 + 1.2 = 1.7; utilisation 3/3.4 = 15/17.
func TestClockSharedLinkTransferJoins(t *testing.T) {
	g := graphtest.FromArcs(t, 3, [][2]uint32{{0, 2}})
	withHostTable(g, []uint32{0, 1, 0})
	p := Politeness{Connections: 2, Latency: 0.5, Bandwidth: 100000, PageSizes: []float64{15000, 120000, 15000}}
	shared := p
	shared.SharedLink = true
	checkSchedule(t, Config{Graph: g, Seeds: []uint32{0, 1}, Politeness: &shared},
		clockCase{id: "bfs", order: []uint32{0, 2, 1}, times: []float64{0.8, 1.6, 2}, duration: 2, utilisation: 0.9})
	checkSchedule(t, Config{Graph: g, Seeds: []uint32{0, 1}, Politeness: &p},
		clockCase{id: "bfs", order: []uint32{0, 2, 1}, times: []float64{0.65, 1.3, 1.7}, duration: 1.7, utilisation: 15.0 / 17})
}

// TestClockWaitEndsAsDownloadEnds: a host's wait that ends exactly when
// another download ends (0.1 + 0.2 = 0.3 s, which floating-point seconds
// make 0.30000000000000004) lets the host compete at that instant. r =
// 2, w = 0.2 s, no latency, 100 kB/s per connection; host 0 holds 0 and
// 1, hosts 1, 2 and 3 hold 2, 3 and 4; arcs 0→1, 2→3, 2→4; seeds 0 and
// 2; page 2 is 30 kB (0.3 s), the others 10 kB (0.1 s).
//
//	t=0    0 and 2 start.
//	t=0.1  0 done: 1 found (discovery 2); host 0 waits until 0.3.
//	t=0.3  2 done: 3 and 4 found (3, 4); host 0's wait is over. bfs takes
//	       1 (found first) and 3.
//	t=0.4  1 done, then 3 (they started in that order); 4 starts.
//	t=0.5  4 done.
//
// Utilisation: downloads of 0.1 + 0.3 + 0.1 + 0.1 + 0.1 = 0.7 s in 0.5 s
// on two connections, 0.7.
func TestClockWaitEndsAsDownloadEnds(t *testing.T) {
	g := graphtest.FromArcs(t, 5, [][2]uint32{{0, 1}, {2, 3}, {2, 4}})
	withHostTable(g, []uint32{0, 0, 1, 2, 3})
	p := Politeness{Connections: 2, Wait: 0.2, Bandwidth: 100000, PageSizes: []float64{10000, 10000, 30000, 10000, 10000}}
	checkSchedule(t, Config{Graph: g, Seeds: []uint32{0, 2}, Politeness: &p},
		clockCase{id: "bfs", order: []uint32{0, 2, 1, 3, 4}, times: []float64{0.1, 0.3, 0.4, 0.4, 0.5}, duration: 0.5, utilisation: 0.7})
}

// TestClockMatchesExactReference compares bfs on the politeness clock with
// refClockBFS, the same rules in exact rational arithmetic, on drawn graphs
// with 1 to 6 connections per connection or 1 to 2 on the shared link,
// waits, latencies, bandwidths and page sizes whose times are whole
// nanoseconds (the defaults among them): the order, every time, the
// duration and the utilisation must be the reference's, to the last bit,
// so that downloads that end together in exact arithmetic end together
// on the clock and a wait that ends as a download ends is seen at once.
func TestClockMatchesExactReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := drawPropertyCase(t, nil)
		n := c.g.NumNodes()
		shared := rapid.Bool().Draw(t, "shared link")
		conns := rapid.IntRange(1, 6).Draw(t, "connections")
		if shared {
			// With more transfers sharing the link their ends fall
			// between the ticks, where the clock rounds them.
			conns = min(conns, 2)
		}
		wait := rapid.SampledFrom([]*big.Rat{big.NewRat(0, 1), big.NewRat(1, 10), big.NewRat(1, 4), big.NewRat(15, 1)}).Draw(t, "wait")
		latency := rapid.SampledFrom([]*big.Rat{big.NewRat(0, 1), big.NewRat(1, 10), big.NewRat(1, 2)}).Draw(t, "latency")
		bandwidth := rapid.SampledFrom([]int64{1, 1000, 100000}).Draw(t, "bandwidth")
		sizes := make([]int64, n)
		pageSizes := make([]float64, n)
		if rapid.Bool().Draw(t, "equal sizes") {
			for i := range sizes {
				sizes[i] = 15000
			}
		} else {
			rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "size seed"), 0))
			largest := rapid.SampledFrom([]int{1, 5, 60000}).Draw(t, "largest size")
			for i := range sizes {
				sizes[i] = int64(rng.IntN(largest + 1))
			}
		}
		for i, s := range sizes {
			pageSizes[i] = float64(s)
		}
		if latency.Sign() == 0 && slices.Max(sizes) == 0 {
			latency = big.NewRat(1, 2)
		}
		wf, _ := wait.Float64()
		lf, _ := latency.Float64()
		p := Politeness{Connections: conns, Wait: wf, Latency: lf, Bandwidth: float64(bandwidth), PageSizes: pageSizes, SharedLink: shared}
		cfg := c.config()
		cfg.Politeness = &p
		res := crawlToEnd(t, cfg, "bfs", nil)
		ref := refClockBFS(c.g, c.seeds, conns, wait, latency, sizes, bandwidth, shared)
		if !slices.Equal(res.Order, ref.order) {
			t.Fatalf("order\n%v\nexact reference\n%v", res.Order, ref.order)
		}
		for k, at := range ref.times {
			if want, _ := at.Float64(); res.Times[k] != want {
				t.Fatalf("download %d (page %d) at %v s, exact reference %v = %v", k+1, res.Order[k], res.Times[k], at.RatString(), want)
			}
		}
		if want, _ := ref.duration.Float64(); res.Duration != want {
			t.Fatalf("duration %v s, exact reference %v", res.Duration, want)
		}
		want := 0.0
		if ref.duration.Sign() > 0 {
			want, _ = new(big.Rat).Quo(ref.busy, new(big.Rat).Mul(ref.duration, big.NewRat(int64(conns), 1))).Float64()
		}
		if res.Utilisation != want {
			t.Fatalf("utilisation %v, exact reference %v", res.Utilisation, want)
		}
	})
}

// refDownload is a download in flight in refClockBFS.
type refDownload struct {
	page, host uint32
	no         int      // start number
	start      *big.Rat // when it started
	end        *big.Rat // per connection: when it ends; shared link: when its latency ends, nil once its transfer started
	left       *big.Rat // shared link: the bytes its transfer has left, nil before it starts
}

// refSchedule is refClockBFS's result.
type refSchedule struct {
	order          []uint32
	times          []*big.Rat
	duration, busy *big.Rat
}

// nanoRound rounds x ≥ 0 seconds to the nearest nanosecond, as the clock
// rounds a latency, a wait or a transfer to its ticks.
func nanoRound(x *big.Rat) *big.Rat {
	y := new(big.Rat).Mul(x, big.NewRat(1e9, 1))
	y.Add(y, big.NewRat(1, 2))
	return new(big.Rat).SetFrac(new(big.Int).Quo(y.Num(), y.Denom()), big.NewInt(1e9))
}

// refClockBFS is breadth-first on the politeness clock of
// docs/algorithms.md section 5 in exact arithmetic, written from the
// rules, not from the clock's code: pages are numbered as they are
// discovered, seeds first; a host is eligible when it holds pending
// pages, nothing in flight and its wait has passed; after every event
// each free connection takes the eligible host whose best page was
// discovered first. A download takes its latency and its transfer, each
// rounded to the nanosecond; on the shared link the transfers in progress
// share the bandwidth equally, the latency uses none, and the next
// transfer end is rounded to the nanosecond. At one instant the
// latencies that start transfers end first, and downloads (a page of size
// 0 ends with its latency) end in the order they started.
func refClockBFS(g *graph.Graph, seeds []uint32, conns int, wait, latency *big.Rat, sizes []int64, bandwidth int64, shared bool) refSchedule {
	hostOf := func(p uint32) uint32 {
		if g.HasHosts() {
			return g.Hosts.Of[p]
		}
		return 0
	}
	links := g.Successors()
	seq := make([]int, g.NumNodes())
	for i := range seq {
		seq[i] = -1
	}
	next := 0
	pending := map[uint32]bool{}
	discover := func(p uint32) {
		if seq[p] < 0 {
			seq[p], next = next, next+1
			pending[p] = true
		}
	}
	for _, s := range seeds {
		discover(s)
	}
	busyHost := map[uint32]bool{}
	ready := map[uint32]*big.Rat{}
	eligible := func(h uint32, now *big.Rat) bool {
		return !busyHost[h] && (ready[h] == nil || ready[h].Cmp(now) <= 0)
	}
	bw := new(big.Rat).SetInt64(bandwidth)
	rs := refSchedule{duration: new(big.Rat), busy: new(big.Rat)}
	now := new(big.Rat)
	var flights []*refDownload
	free, started := conns, 0
	// joins reports whether d's next event is the end of its latency
	// that starts its page's transfer on the shared link.
	joins := func(d *refDownload) bool { return shared && d.left == nil && sizes[d.page] > 0 }
	// nextDownloadEvent returns the next download event and its time: at
	// one instant a latency's end that starts a transfer before a
	// download's end, then the download started first.
	nextDownloadEvent := func() (*big.Rat, *refDownload, int64) {
		var at *big.Rat
		var ev *refDownload
		transfers := int64(0)
		for _, d := range flights {
			if d.left != nil {
				transfers++
			}
		}
		for _, d := range flights {
			t := d.end
			if d.left != nil {
				t = new(big.Rat).Quo(new(big.Rat).Mul(d.left, big.NewRat(transfers, 1)), bw)
				if t.Sign() < 0 {
					t.SetInt64(0)
				}
				t = nanoRound(t)
				t.Add(t, now)
			}
			c := -1
			if at != nil {
				c = t.Cmp(at)
			}
			if c == 0 && joins(d) != joins(ev) {
				c = 1
				if joins(d) {
					c = -1
				}
			}
			if c < 0 || c == 0 && d.no < ev.no {
				at, ev = t, d
			}
		}
		return at, ev, transfers
	}
	for {
		at, ev, transfers := nextDownloadEvent()
		// Every download event of an instant happens before a free
		// connection chooses.
		if at == nil || at.Cmp(now) > 0 {
			for free > 0 {
				best, found := uint32(0), false
				for p := range pending {
					if eligible(hostOf(p), now) && (!found || seq[p] < seq[best]) {
						best, found = p, true
					}
				}
				if !found {
					break
				}
				delete(pending, best)
				busyHost[hostOf(best)] = true
				free--
				d := &refDownload{page: best, host: hostOf(best), no: started, start: new(big.Rat).Set(now)}
				started++
				d.end = new(big.Rat).Add(now, nanoRound(latency))
				if !shared {
					d.end.Add(d.end, nanoRound(big.NewRat(sizes[best], bandwidth)))
				}
				flights = append(flights, d)
			}
			at, ev, transfers = nextDownloadEvent()
		}
		// The next event: a download's, or a wait's end with a connection
		// free.
		if free > 0 || len(flights) == 0 {
			for p := range pending {
				if r := ready[hostOf(p)]; !busyHost[hostOf(p)] && r != nil && r.Cmp(now) > 0 && (at == nil || r.Cmp(at) < 0) {
					at, ev = r, nil
				}
			}
		}
		if at == nil {
			rs.duration = now
			return rs
		}
		if transfers > 0 {
			carried := new(big.Rat).Quo(new(big.Rat).Mul(new(big.Rat).Sub(at, now), bw), big.NewRat(transfers, 1))
			for _, d := range flights {
				if d.left != nil {
					d.left.Sub(d.left, carried)
				}
			}
		}
		now = at
		if ev == nil {
			continue // a wait ended
		}
		if shared && ev.left == nil {
			ev.left = big.NewRat(sizes[ev.page], 1)
			if ev.left.Sign() > 0 {
				continue // a latency ended: the transfer starts
			}
		}
		flights = slices.DeleteFunc(flights, func(d *refDownload) bool { return d == ev })
		free++
		rs.busy.Add(rs.busy, new(big.Rat).Sub(now, ev.start))
		busyHost[ev.host] = false
		ready[ev.host] = new(big.Rat).Add(now, nanoRound(wait))
		rs.order = append(rs.order, ev.page)
		rs.times = append(rs.times, now)
		for _, q := range links.Out(ev.page) {
			discover(q)
		}
	}
}

// TestClockLongCrawlKeepsTime crawls a generated web of 200,000 pages with
// r = 1 and w = 0, per connection and on the shared link: every download
// takes 0.5 s + 15 kB at 100 kB/s = 0.65 s, so download k ends at
// 0.65·k s and the crawl of n downloads lasts 0.65·n s, both to the
// nearest double of the decimal value, after every one of the n events,
// with utilisation 1.
func TestClockLongCrawlKeepsTime(t *testing.T) {
	if testing.Short() {
		t.Skip("a crawl of 200,000 pages")
	}
	params := gen.DefaultParams()
	params.Pages, params.Hosts = 200000, 2000
	g, err := gen.Generate(params)
	if err != nil {
		t.Fatal(err)
	}
	for _, shared := range []bool{false, true} {
		p := DefaultPoliteness()
		p.Wait, p.SharedLink = 0, shared
		res := crawlToEnd(t, Config{Graph: g, Seeds: []uint32{0}, Politeness: &p}, "bfs", nil)
		n := len(res.Order)
		if n < 100000 {
			t.Fatalf("shared link %v: %d downloads, want most of the 200,000 pages", shared, n)
		}
		for k, at := range res.Times {
			// 0.65·(k+1) s is 650,000,000·(k+1) ns: exact in int64,
			// then rounded once to a double.
			if want := float64(int64(k+1)*650_000_000) / 1e9; at != want {
				t.Fatalf("shared link %v: download %d ended at %.17g s, want %.17g", shared, k+1, at, want)
			}
		}
		if want := float64(int64(n)*650_000_000) / 1e9; res.Duration != want || res.Utilisation != 1 {
			t.Errorf("shared link %v: %d downloads in %.17g s with utilisation %v; want %.17g s and 1", shared, n, res.Duration, res.Utilisation, want)
		}
	}
}

// TestClockChoosesAfterEveryEventOfAnInstant: two downloads that end
// together both end before a free connection chooses, so that the host
// of the second competes with what the first found. r = 2, w = 0,
// downloads of 1 s; hosts 0 = {0, 3}, 1 = {1, 2}, 2 = {4}; arc 0→3;
// seeds 0, 1, 2, 4 (discovery numbers 0 to 3).
//
//	t=0  0 (host 0) and 1 (host 1) start; 2 waits for its host.
//	t=1  0 ends (3 found, number 4), then 1: hosts 0, 1 and 2 are
//	     eligible with 3, 2 and 4, numbered 4, 2 and 3. bfs takes 2,
//	     then 4.
//	t=2  2 and 4 end; 3 starts.  t=3  3 ends.
//
// Choosing after 0's end alone would give host 2's page 4 the first
// connection, before host 1 is free, and download 4 before 2.
func TestClockChoosesAfterEveryEventOfAnInstant(t *testing.T) {
	g := graphtest.FromArcs(t, 5, [][2]uint32{{0, 3}})
	withHostTable(g, []uint32{0, 1, 1, 0, 2})
	for _, shared := range []bool{false, true} {
		p := Politeness{Connections: 2, Latency: 1, Bandwidth: 1, SharedLink: shared}
		checkSchedule(t, Config{Graph: g, Seeds: []uint32{0, 1, 2, 4}, Politeness: &p},
			clockCase{id: "bfs", order: []uint32{0, 1, 2, 4, 3}, times: []float64{1, 1, 2, 2, 3}, duration: 3, utilisation: 5.0 / 6})
	}
}

// TestTicksPerSecond: the clock counts nanoseconds unless a crawl could
// last 2^62 ≈ 4.6·10^18 of them (about 146 years), the sum over its
// downloads of latency, transfer and wait. With the defaults (15.65 s a
// download) 10^8 downloads could last 1.565·10^18 ns; 2^32 downloads
// 6.7·10^10 s, which needs ticks of 0.1 µs. 12,437 downloads of 0.5 s +
// 10^11 bytes at 100 kB/s (10^6 s) with waits of 10^6 s could last
// 2.5·10^10 s, ticks of 10 ns; 2^32 of them 8.6·10^15 s, ticks of 10 ms.
// A crawl that could outlast 2^62 seconds is refused.
func TestTicksPerSecond(t *testing.T) {
	p := DefaultPoliteness()
	for _, c := range []struct {
		latency, size, wait float64
		downloads           int64
		want                float64
	}{
		{p.Latency, p.PageSize, p.Wait, 1e8, 1e9},
		{p.Latency, p.PageSize, p.Wait, 1 << 32, 1e7},
		{0.5, 1e11, 1e6, 12437, 1e8},
		{0.5, 1e11, 1e6, 1 << 32, 100},
	} {
		q := p
		q.Latency, q.PageSize, q.Wait = c.latency, c.size, c.wait
		if got, err := ticksPerSecond(q, c.downloads); err != nil || got != c.want {
			t.Errorf("%d downloads of %v s + %v B at %v B/s, waits of %v s: %v ticks a second (%v), want %v",
				c.downloads, c.latency, c.size, q.Bandwidth, c.wait, got, err, c.want)
		}
	}
	q := p
	q.Latency = 1e300
	if _, err := ticksPerSecond(q, 10); err == nil {
		t.Error("downloads of 1e300 s: no error")
	}
}

// TestClockSharedLinkTransfersEndTogether: two transfers that end at one
// tick complete in the order their downloads started, whatever the
// rounding of the link's work count says of the bytes they had left.
// r = 2, w = 0, latency 0.29 s, a link of 100 B/s; page 0 (host 0, 31
// bytes), pages 1 and 2 (host 1, 1 byte each); seeds 0, 1, 2.
//
//	t=0     0 and 1 start (their latencies); 2 waits for its host.
//	t=0.29  both transfers start at 50 B/s.
//	t=0.31  1 done (1 byte); 0 has 30 bytes left, alone at 100 B/s. 2
//	        starts.
//	t=0.6   2's transfer starts: 0 has 1 byte left, as 2; both at 50
//	        B/s.
//	t=0.62  0 done, then 2 (0 started first). The work count at which 2
//	        ends, 1 + 0.29·100 + 1, comes out 30.999999999999996 in
//	        float64, below 0's 31.
//
// Downloads of 0.31, 0.62 and 0.31 s in 0.62 s on two connections:
// utilisation 1.
func TestClockSharedLinkTransfersEndTogether(t *testing.T) {
	g := graphtest.FromArcs(t, 3, nil)
	withHostTable(g, []uint32{0, 1, 1})
	p := Politeness{Connections: 2, Latency: 0.29, Bandwidth: 100, PageSizes: []float64{31, 1, 1}, SharedLink: true}
	checkSchedule(t, Config{Graph: g, Seeds: []uint32{0, 1, 2}, Politeness: &p},
		clockCase{id: "bfs", order: []uint32{1, 0, 2}, times: []float64{0.31, 0.62, 0.62}, duration: 0.62, utilisation: 1})
}

// TestClockSharedLinkEmptyPageEndsInStartOrder: a page of size 0 ends
// when its latency ends, and at a tick where a transfer also ends the two
// downloads end in the order they started, as on connections of their
// own. r = 2, w = 0, latency 0.5 s, a link of 100 B/s; page 0 (host 0,
// 50 bytes), pages 1 and 2 (host 1, 0 bytes); seeds 0, 2, 1.
//
//	t=0    0 and 2 start (their latencies).
//	t=0.5  0's transfer starts, alone at 100 B/s; 2 done (0 bytes). 1
//	       starts.
//	t=1    0's 50 bytes are done and 1's latency ends (0 bytes): 0 done,
//	       then 1 (0 started first).
//
// Downloads of 1, 0.5 and 0.5 s in 1 s on two connections: utilisation
// 1. Per connection 0 ends at 0.5 + 0.5 = 1 s: the same schedule.
func TestClockSharedLinkEmptyPageEndsInStartOrder(t *testing.T) {
	g := graphtest.FromArcs(t, 3, nil)
	withHostTable(g, []uint32{0, 1, 1})
	for _, shared := range []bool{false, true} {
		p := Politeness{Connections: 2, Latency: 0.5, Bandwidth: 100, PageSizes: []float64{50, 0, 0}, SharedLink: shared}
		checkSchedule(t, Config{Graph: g, Seeds: []uint32{0, 2, 1}, Politeness: &p},
			clockCase{id: "bfs", order: []uint32{2, 0, 1}, times: []float64{0.5, 1, 1}, duration: 1, utilisation: 1})
	}
}
