package crawl

import (
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
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
