package crawl

import (
	"math"
	"slices"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
)

// TestFPRWorkedExample is docs/algorithms.md section 3, worked example 1 (Alam et al.,
// Fig. 2): arcs A→B, A→C, B→D, B→E, C→E, seed A, d = 0.85. Every fpr value
// the example lists is checked at the step it names, with the frontier
// exactly as the example leaves it, and the download order A, B, C, E, D.
func TestFPRWorkedExample(t *testing.T) {
	const A, B, C, D, E = 0, 1, 2, 3, 4
	name := []string{"A", "B", "C", "D", "E"}
	g := graphtest.FromArcs(t, 5, [][2]uint32{{A, B}, {A, C}, {B, D}, {B, E}, {C, E}})
	cfg := Config{Graph: g, Seeds: []uint32{A}, Damping: 0.85}
	near := func(got, want float64) bool { return math.Abs(got-want) < 1e-15 }

	// Before any download: a crawl stopped before its first step starts
	// (the seed joins F) and downloads nothing, so F = {A} with
	// fpr_A = (1-d)·t_A = 0.15.
	c0 := newStrategyCrawl(t, cfg, "fpr", nil)
	c0.Stop()
	if done, err := c0.Step(1); err != nil || !done {
		t.Fatalf("stopped crawl: done %v, err %v", done, err)
	}
	if c0.Downloads() != 0 || c0.Frontier().Len() != 1 || !c0.Frontier().Contains(A) {
		t.Fatalf("before the first download: %d downloads, frontier of %d pages, want F = {A}",
			c0.Downloads(), c0.Frontier().Len())
	}
	if got := c0.Frontier().Key(A); !near(got, 0.15) {
		t.Fatalf("fpr_A = %v before the first download, want 0.15", got)
	}

	c := newStrategyCrawl(t, cfg, "fpr", nil)
	f := c.Frontier()
	steps := []struct {
		downloads uint32
		frontier  map[uint32]float64 // F after the download, with fpr values
	}{
		// A: fpr_B = fpr_C = 0.85·0.15/2 = 0.06375.
		{A, map[uint32]float64{B: 0.06375, C: 0.06375}},
		// B wins the tie by discovery; fpr_D = fpr_E = 0.85·0.06375/2
		// = 0.02709375.
		{B, map[uint32]float64{C: 0.06375, D: 0.02709375, E: 0.02709375}},
		// C: fpr_E = 0.02709375 + 0.85·0.06375 = 0.08128125.
		{C, map[uint32]float64{D: 0.02709375, E: 0.08128125}},
		// E has no out-links.
		{E, map[uint32]float64{D: 0.02709375}},
		{D, map[uint32]float64{}},
	}
	for k, st := range steps {
		if _, err := c.Step(1); err != nil {
			t.Fatal(err)
		}
		order := c.Order()
		if len(order) != k+1 || order[k] != st.downloads {
			t.Fatalf("step %d downloaded %v, want %s", k+1, order, name[st.downloads])
		}
		if got := f.Key(st.downloads); got != 0 {
			t.Errorf("after %s: fpr_%s = %v, want 0 once downloaded", name[st.downloads], name[st.downloads], got)
		}
		if f.Len() != len(st.frontier) {
			t.Errorf("after %s: frontier holds %d pages, want %d", name[st.downloads], f.Len(), len(st.frontier))
		}
		for p, want := range st.frontier {
			if !f.Contains(p) {
				t.Errorf("after %s: %s not in the frontier", name[st.downloads], name[p])
			}
			if got := f.Key(p); !near(got, want) {
				t.Errorf("after %s: fpr_%s = %v, want %v", name[st.downloads], name[p], got, want)
			}
		}
	}
	if done, err := c.Step(1); err != nil || !done {
		t.Fatalf("after five downloads: done %v, err %v; want the crawl finished", done, err)
	}
	if want := []uint32{A, B, C, E, D}; !slices.Equal(c.Order(), want) {
		t.Fatalf("order %v, want %v (A, B, C, E, D)", c.Order(), want)
	}
}
