package crawl

import (
	"math"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
)

// TestFPRMWithMOneEqualsFPR is docs/algorithms.md section 3, worked example 3: fpr-m
// with M = 1 equals fpr step by step (same page downloaded, same key for
// every page after every download). On a graph without hosts no link is
// inter-host, so fpr-m with the default M = 100 equals fpr too.
func TestFPRMWithMOneEqualsFPR(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := drawGraph(t, webGraphs)
		cfg := Config{Graph: g, Seeds: drawSeeds(t, g)}
		m := 1.0
		if !g.HasHosts() && rapid.Bool().Draw(t, "default m") {
			m = 100
		}
		plain := newStrategyCrawl(t, cfg, "fpr", nil)
		ext := newStrategyCrawl(t, cfg, "fpr-m", Values{"m": m})
		for step := 1; !plain.Done(); step++ {
			stepOnce(t, plain)
			stepOnce(t, ext)
			if !slices.Equal(plain.Order(), ext.Order()) {
				t.Fatalf("step %d: fpr downloaded %v, fpr-m (m = %v) %v", step, plain.Order(), m, ext.Order())
			}
			for p := range uint32(g.NumNodes()) {
				if a, b := plain.Frontier().Key(p), ext.Frontier().Key(p); a != b {
					t.Fatalf("step %d: page %d has fpr %v, fpr-m (m = %v) %v", step, p, a, m, b)
				}
			}
		}
		if !ext.Done() {
			t.Fatalf("fpr finished after %d downloads, fpr-m (m = %v) did not", plain.Downloads(), m)
		}
	})
}

// TestFPRMInterHostShares checks fpr-m with M = 100 on a hand-made graph
// with hosts (Alam et al., section 3.2, Algorithm 2): a page's share is
// divided by N_intra + M·N_inter, counted over all its out-links; an
// inter-host target gets M shares, an intra-host one a single share, and
// a link to a page already downloaded still counts but its share is
// dropped.
func TestFPRMInterHostShares(t *testing.T) {
	// hosts: 0 and 1 on host 0; 2 and 4 on host 1; 3 on host 2.
	g := graphtest.FromArcs(t, 5, [][2]uint32{{0, 1}, {0, 2}, {0, 3}, {2, 0}, {2, 1}, {2, 4}})
	withHostTable(g, []uint32{0, 0, 1, 2, 1})
	cfg := Config{Graph: g, Seeds: []uint32{0}, Damping: 0.85}
	c := newStrategyCrawl(t, cfg, "fpr-m", Values{"m": 100})
	f := c.Frontier()
	near := func(got, want float64) bool { return math.Abs(got-want) <= 1e-15*math.Abs(want) }

	// fpr_0 = 0.15. out(0) = {1 intra, 2 inter, 3 inter}: denominator
	// 1 + 100·2 = 201, so page 1 gets 0.85·0.15/201 = 0.1275/201
	// (= 0.000634328...) and pages 2 and 3 get 100 times that, 12.75/201
	// (= 0.0634328...).
	stepOnce(t, c)
	intra, inter := 0.1275/201, 12.75/201
	for p, want := range map[uint32]float64{1: intra, 2: inter, 3: inter} {
		if got := f.Key(p); !near(got, want) {
			t.Errorf("after page 0: fpr_%d = %v, want %v", p, got, want)
		}
	}
	if r := f.Key(2) / f.Key(1); math.Abs(r-100) > 1e-12 {
		t.Errorf("inter-host target got %v times the intra-host share, want 100", r)
	}

	// Page 2 (ties with 3, discovered first): out(2) = {0 inter, already
	// downloaded; 1 inter; 4 intra}: denominator 1 + 100·2 = 201, unit
	// 0.85·(12.75/201)/201. Page 1 gains 100 units, page 4 one; page 0's
	// 100 units are dropped.
	stepOnce(t, c)
	unit := 0.85 * inter / 201
	for p, want := range map[uint32]float64{1: intra + 100*unit, 3: inter, 4: unit} {
		if got := f.Key(p); !near(got, want) {
			t.Errorf("after page 2: fpr_%d = %v, want %v", p, got, want)
		}
	}
	if got := f.Key(0); got != 0 {
		t.Errorf("fpr_0 = %v after its download, want 0 (the dropped share must not reach D)", got)
	}

	// Then 3 (0.0634) before 1 (0.000634 + 0.0268 = 0.0275) before 4.
	res, err := c.Run(t.Context(), nil)
	if err != nil {
		t.Fatal(err)
	}
	expectOrder(t, "fpr-m", res.Order, []uint32{0, 2, 3, 1, 4})
	// Plain fpr gives pages 1, 2 and 3 the same 0.0425 and takes 1 first.
	expectOrder(t, "fpr", crawlToEnd(t, cfg, "fpr", nil).Order, []uint32{0, 1, 2, 3, 4})
}
