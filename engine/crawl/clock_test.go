package crawl

import (
	"slices"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
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

// TestRankMassEpsilonInsideReexpansion is the case of finding 2 of the
// review of engine/crawl: the graph of TestRankMassVirtualReexpansion (A→B,
// A→C, B→A, C→D, C→E, C→F; seed A, d = 0.85) with epsilon = 0.7, so the
// crawl stops once CRM ≥ 1 - 0.7 = 0.3. After A, B, C (CRM 0.15, 0.21375,
// 0.2775) the virtual re-expansion of A adds 0.0541875: CRM = 0.3316875 ≥
// 0.3, and the crawl stops before downloading D. The guarantee after the
// third download must be the CRM that stopped the crawl, 0.3316875
// (Cho and Schonfeld 2007, Theorem 4: a stopped crawl holds at least 1 - ε), so the
// guaranteed curve reaches 0.3 at k = 3. The same holds on the politeness
// clock (r = 1, w = 0: the untimed order, one download per second).
func TestRankMassEpsilonInsideReexpansion(t *testing.T) {
	const A, B, C, D, E, F = 0, 1, 2, 3, 4, 5
	g := graphtest.FromArcs(t, 6, [][2]uint32{{A, B}, {A, C}, {B, A}, {C, D}, {C, E}, {C, F}})
	want := []float64{0.15, 0.21375, 0.3316875}
	for _, timed := range []bool{false, true} {
		cfg := Config{Graph: g, Seeds: []uint32{A}, Damping: 0.85}
		if timed {
			cfg.Politeness = handClock(1, 0)
		}
		res := crawlToEnd(t, cfg, "rankmass", Values{"epsilon": 0.7})
		if !slices.Equal(res.Order, []uint32{A, B, C}) || res.Cost.VirtualReexpansions != 1 {
			t.Fatalf("timed %v: order %v with %d virtual re-expansions, want A B C and 1", timed, res.Order, res.Cost.VirtualReexpansions)
		}
		if !withinEach(res.Guarantee, want, 1e-15) {
			t.Errorf("timed %v: guarantee %v, want %v", timed, res.Guarantee, want)
		}
		reached := -1
		for k, v := range res.Guarantee {
			if v >= 0.3 {
				reached = k + 1
				break
			}
		}
		if reached != 3 {
			t.Errorf("timed %v: the guarantee reaches 1 - ε = 0.3 after %d downloads, want 3", timed, reached)
		}
		if timed && (!slices.Equal(res.Times, []float64{1, 2, 3}) || res.Duration != 3) {
			t.Errorf("timed: times %v, duration %v; want 1 2 3 and 3", res.Times, res.Duration)
		}
	}
}
