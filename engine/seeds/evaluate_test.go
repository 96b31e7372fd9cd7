package seeds

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
	"github.com/crawlsim/crawlsim/engine/step"
)

func evaluate(t *testing.T, g *graph.Graph, opt EvaluationOptions, budget int) Evaluation {
	t.Helper()
	e, err := NewEvaluator(g, opt)
	if err != nil {
		t.Fatal(err)
	}
	if err := step.Run(context.Background(), e, budget, nil); err != nil {
		t.Fatal(err)
	}
	return e.Result()
}

// TestEvaluationByHand: a path 0→1→2→3, a branch 1→4, and 5→6, worked out
// by hand.
func TestEvaluationByHand(t *testing.T) {
	g := graphtest.FromArcs(t, 7, [][2]uint32{{0, 1}, {1, 2}, {2, 3}, {1, 4}, {5, 6}})
	imp := []float64{0.1, 0.2, 0.05, 0.05, 0.3, 0.1, 0.2}
	opt := EvaluationOptions{
		Sets:       []NamedSet{{"a", []uint32{0}}, {"b", []uint32{5, 2}}},
		Cores:      [][]uint32{{0}, {2, 4}, {6}},
		Importance: imp,
		Samples:    3,
		Rand:       rand.New(rand.NewPCG(1, 2)),
	}
	for _, budget := range []int{1, 1 << 20} {
		r := evaluate(t, g, opt, budget)
		a, b := r.Profiles[0], r.Profiles[1]
		// From 0: depth 0 {0}, 1 {1}, 2 {2, 4}, 3 {3}.
		if !slices.Equal(a.Pages, []int64{1, 1, 2, 1}) || a.Reached != 5 || a.Seeds != 1 {
			t.Errorf("budget %d: profile a %+v", budget, a)
		}
		for d, want := range []float64{0.1, 0.2, 0.175, 0.05} {
			if math.Abs(a.MeanImportance[d]-want) > 1e-15 {
				t.Errorf("budget %d: mean importance at depth %d: %v, want %v", budget, d, a.MeanImportance[d], want)
			}
		}
		// From 5 and 2: depth 0 {5, 2}, 1 {6, 3}.
		if !slices.Equal(b.Pages, []int64{2, 2}) || math.Abs(b.Importance-0.4) > 1e-15 {
			t.Errorf("budget %d: profile b %+v", budget, b)
		}
		// 0→{2,4}: 2; {2,4}→0: none; 0→6, {2,4}→6, 6→0, 6→{2,4}: none.
		c := r.Cores
		if c.Cores != 3 || c.Pairs != 1 || c.Unreachable != 5 || c.Min != 2 || c.Max != 2 || c.Mean != 2 {
			t.Errorf("budget %d: core distances %+v", budget, c)
		}
	}
}

// TestAverageConnectedDistance: on a directed cycle of 4 pages every
// source sees distances 1, 2 and 3.
func TestAverageConnectedDistance(t *testing.T) {
	g := graphtest.FromArcs(t, 4, [][2]uint32{{0, 1}, {1, 2}, {2, 3}, {3, 0}})
	r := evaluate(t, g, EvaluationOptions{Importance: make([]float64, 4), Samples: 10, Rand: rand.New(rand.NewPCG(3, 4))}, 1)
	if r.AverageDistance != 2 || r.DistanceSamples != 4 {
		t.Errorf("average distance %v over %d samples", r.AverageDistance, r.DistanceSamples)
	}
	// No core: no pair.
	if r.Cores.Pairs != 0 || r.Cores.Min != 0 {
		t.Errorf("cores %+v", r.Cores)
	}
}

func TestEvaluationErrors(t *testing.T) {
	g := graphtest.FromArcs(t, 3, [][2]uint32{{0, 1}})
	r := rand.New(rand.NewPCG(1, 1))
	for _, opt := range []EvaluationOptions{
		{Importance: make([]float64, 2), Rand: r},
		{Importance: make([]float64, 3)},
		{Importance: make([]float64, 3), Rand: r, Sets: []NamedSet{{"x", []uint32{3}}}},
		{Importance: make([]float64, 3), Rand: r, Samples: -1},
	} {
		if _, err := NewEvaluator(g, opt); err == nil {
			t.Errorf("%+v accepted", opt)
		}
	}
}
