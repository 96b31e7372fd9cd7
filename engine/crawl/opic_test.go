package crawl

import (
	"math"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
)

// TestOPICEqualsFPRWithDampingOne is docs/algorithms.md section 3, worked example 2:
// opic and fpr with d = 1 download in the same order with the same seeds.
func TestOPICEqualsFPRWithDampingOne(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := drawGraph(t, webGraphs)
		cfg := Config{Graph: g, Seeds: drawSeeds(t, g), Damping: 1}
		a := crawlToEnd(t, cfg, "opic", nil)
		b := crawlToEnd(t, cfg, "fpr", nil)
		if !slices.Equal(a.Order, b.Order) {
			t.Fatalf("opic order %v\nfpr (d = 1) order %v", a.Order, b.Order)
		}
		if len(a.Order) != a.Reachable {
			t.Fatalf("opic downloaded %d pages of the %d reachable", len(a.Order), a.Reachable)
		}
	})
}

// TestOPICOrder checks opic on a hand-made graph, cash by cash.
func TestOPICOrder(t *testing.T) {
	g := graphtest.FromArcs(t, 6, [][2]uint32{
		{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 4}, {2, 5}, {5, 1}, {5, 4}, {4, 0}, {4, 4},
	})
	cfg := Config{Graph: g, Seeds: []uint32{0}}
	c := newStrategyCrawl(t, cfg, "opic", nil)
	near := func(got, want float64) bool { return math.Abs(got-want) < 1e-15 }
	steps := []struct {
		downloads uint32
		cash      map[uint32]float64
	}{
		// 0 (cash 1) → 1, 2, 3: 1/3 each.
		{0, map[uint32]float64{1: 1.0 / 3, 2: 1.0 / 3, 3: 1.0 / 3}},
		// 1 wins the tie by discovery; 1/3 split over 2, 4: 2 = 1/3 + 1/6
		// = 1/2, 4 = 1/6.
		{1, map[uint32]float64{2: 0.5, 3: 1.0 / 3, 4: 1.0 / 6}},
		// 2 (1/2) → 5: 5 = 1/2.
		{2, map[uint32]float64{3: 1.0 / 3, 4: 1.0 / 6, 5: 0.5}},
		// 5 (1/2) over 1 and 4, 1/4 each: 1 is downloaded, its share is
		// dropped; 4 = 1/6 + 1/4 = 5/12, above 3's 1/3 = 4/12.
		{5, map[uint32]float64{3: 1.0 / 3, 4: 5.0 / 12}},
		// 4 → 0 and itself, both downloaded: nothing moves.
		{4, map[uint32]float64{3: 1.0 / 3}},
		{3, map[uint32]float64{}},
	}
	for k, st := range steps {
		stepOnce(t, c)
		if got := c.Order(); len(got) != k+1 || got[k] != st.downloads {
			t.Fatalf("step %d: downloaded %v, want page %d last", k+1, got, st.downloads)
		}
		if got := c.Frontier().Key(st.downloads); got != 0 {
			t.Errorf("page %d keeps cash %v after its download, want 0", st.downloads, got)
		}
		if c.Frontier().Len() != len(st.cash) {
			t.Errorf("step %d: frontier holds %d pages, want %d", k+1, c.Frontier().Len(), len(st.cash))
		}
		for p, want := range st.cash {
			if got := c.Frontier().Key(p); !c.Frontier().Contains(p) || !near(got, want) {
				t.Errorf("step %d: page %d has cash %v (in frontier: %v), want %v", k+1, p, got, c.Frontier().Contains(p), want)
			}
		}
	}
}

// TestOPICSeedCash checks that the seeds share one unit of cash equally,
// duplicates counted once.
func TestOPICSeedCash(t *testing.T) {
	g := graphtest.FromArcs(t, 4, [][2]uint32{{0, 1}, {2, 3}})
	c := newStrategyCrawl(t, Config{Graph: g, Seeds: []uint32{2, 0, 2, 3}}, "opic", nil)
	c.Stop()
	stepOnce(t, c)
	for _, p := range []uint32{0, 2, 3} {
		if got := c.Frontier().Key(p); got != 1.0/3 {
			t.Errorf("seed %d starts with cash %v, want 1/3", p, got)
		}
	}
	if got := c.Frontier().Key(1); got != 0 {
		t.Errorf("page 1 has cash %v before discovery, want 0", got)
	}
}
