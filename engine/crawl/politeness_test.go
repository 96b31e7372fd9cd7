package crawl

import (
	"math/rand/v2"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
	"pgregory.net/rapid"
)

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
		p := DefaultPoliteness()
		p.SharedLink = true
		p.Connections = rapid.IntRange(2, 4).Draw(t, "connections")
		p.Wait = rapid.SampledFrom([]float64{0, 0.1, 2, 15}).Draw(t, "wait")
		if rapid.Bool().Draw(t, "page sizes") {
			sizes := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "size seed"), 0))
			p.PageSizes = make([]float64, n)
			for i := range p.PageSizes {
				p.PageSizes[i] = float64(sizes.IntN(60001))
			}
		}
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
