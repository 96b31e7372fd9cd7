package rank

import (
	"context"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
	"github.com/crawlsim/crawlsim/engine/step"
)

func hits(t testing.TB, h *HITS) HITSResult {
	t.Helper()
	if err := step.Run(context.Background(), h, 7, nil); err != nil {
		t.Fatal(err)
	}
	return h.Result()
}

// scaledToMax divides v by its largest entry.
func scaledToMax(v []float64) []float64 {
	top := slices.Max(v)
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = x / top
	}
	return out
}

func norm(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s += x * x
	}
	return math.Sqrt(s)
}

func TestHITSPeerCheckedGoldenValues(t *testing.T) {
	// docs/algorithms.md section 3, worked example 8: igraph 0.10.2, networkx 2.8.8,
	// gonum v0.17.0 and graphology 0.26.0 agree on these, given to 6 places
	// and scaled so that the largest entry is 1.
	r, err := HITSOf(context.Background(), graphtest.FromArcs(t, 5, goldenArcs), HITSOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Iterations != DefaultHITSIterations {
		t.Fatalf("iterations = %d, want %d", r.Iterations, DefaultHITSIterations)
	}
	assertClose(t, "hubs", scaledToMax(r.Hubs), []float64{1, 0.732051, 0, 1, 0}, 1e-6)
	assertClose(t, "authorities", scaledToMax(r.Authorities), []float64{0, 0.366025, 1, 0, 0.366025}, 1e-6)
	for _, v := range [][]float64{r.Hubs, r.Authorities} {
		if math.Abs(norm(v)-1) > 1e-12 {
			t.Fatalf("norm %v, want 1", norm(v))
		}
	}
}

func TestHITSBipartiteByHand(t *testing.T) {
	// Hubs {0, 1}, authorities {2, 3}; arcs 0→2, 0→3, 1→2. With A the
	// adjacency matrix, the authorities converge to the principal
	// eigenvector of AᵀA restricted to {2, 3}:
	//   AᵀA = [[2, 1], [1, 1]]  (a2 gets hubs 0 and 1, a3 gets hub 0)
	//   λ² - 3λ + 1 = 0, λ = (3 ± √5)/2; principal λ = 2.618034 = φ².
	//   (2-λ)·a2 + a3 = 0, so a3 = (λ-2)·a2 = ((√5-1)/2)·a2 = 0.618034·a2.
	//   Unit norm: a2 = 1/√(1 + 0.381966) = 0.850651 = √((5+√5)/10),
	//              a3 = 0.525731 = √((5-√5)/10).
	// Hubs h = A·a: h0 = a2 + a3 = 1.376382, h1 = a2 = 0.850651; the norm is
	// √(1.894427 + 0.723607) = √2.618034 = 1.618034 = φ, so
	//   h0 = 0.850651 = √((5+√5)/10), h1 = 0.525731 = √((5-√5)/10).
	// The second eigenvalue ratio is 0.381966/2.618034 = 0.146 per
	// iteration, so 60 iterations reach machine precision.
	hi, lo := math.Sqrt((5+math.Sqrt(5))/10), math.Sqrt((5-math.Sqrt(5))/10)
	g := graphtest.FromArcs(t, 4, [][2]uint32{{0, 2}, {0, 3}, {1, 2}})
	r, err := HITSOf(context.Background(), g, HITSOptions{})
	if err != nil {
		t.Fatal(err)
	}
	assertClose(t, "hubs", r.Hubs, []float64{hi, lo, 0, 0}, 1e-12)
	assertClose(t, "authorities", r.Authorities, []float64{0, 0, hi, lo}, 1e-12)
}

func TestHITSWithoutLinks(t *testing.T) {
	// No links: every vector has norm 0 after the first step and stays 0.
	h, err := NewHITS(graphtest.FromArcs(t, 3, nil), nil, HITSOptions{Iterations: 2})
	if err != nil {
		t.Fatal(err)
	}
	if r := h.Result(); !slices.Equal(r.Hubs, []float64{1, 1, 1}) || !slices.Equal(r.Authorities, []float64{1, 1, 1}) {
		t.Fatalf("HITS must start from all-ones, got %+v", r)
	}
	r := hits(t, h)
	if !slices.Equal(r.Hubs, []float64{0, 0, 0}) || !slices.Equal(r.Authorities, []float64{0, 0, 0}) || r.Iterations != 2 {
		t.Fatalf("HITS without links: %+v", r)
	}

	empty, err := NewHITS(graphtest.FromArcs(t, 0, nil), nil, HITSOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if done, err := empty.Step(1); !done || err != nil {
		t.Fatalf("empty graph: Step = %v, %v", done, err)
	}
	if r := empty.Result(); len(r.Hubs) != 0 || len(r.Authorities) != 0 || r.Iterations != 0 {
		t.Fatalf("empty graph: %+v", r)
	}
}

func TestHITSSteppingAndErrors(t *testing.T) {
	g := graphtest.FromArcs(t, 5, goldenArcs)
	h, err := NewHITS(g, nil, HITSOptions{Iterations: 10})
	if err != nil {
		t.Fatal(err)
	}
	if p := h.Progress(); p != (step.Progress{Stage: "hits", Done: 0, Total: 10}) {
		t.Fatalf("progress %+v", p)
	}
	if done, _ := h.Step(4); done || h.Progress().Done != 4 {
		t.Fatalf("after Step(4): progress %+v", h.Progress())
	}
	for {
		done, err := h.Step(0) // one iteration
		if err != nil {
			t.Fatal(err)
		}
		if done {
			break
		}
	}
	stepped := h.Result()
	if stepped.Iterations != 10 || h.Progress().Done != 10 {
		t.Fatalf("stepped %d iterations, want 10", stepped.Iterations)
	}
	if done, _ := h.Step(3); !done || h.Result().Iterations != 10 {
		t.Fatal("Step after done must do nothing")
	}
	whole, err := HITSOf(context.Background(), g, HITSOptions{Iterations: 10})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(stepped.Hubs, whole.Hubs) || !slices.Equal(stepped.Authorities, whole.Authorities) {
		t.Fatalf("stepped %+v, whole %+v", stepped, whole)
	}

	if _, err := NewHITS(g, nil, HITSOptions{Iterations: -1}); err == nil || !strings.Contains(err.Error(), "HITS iteration count -1 is negative") {
		t.Fatalf("negative iterations: err = %v", err)
	}
}

func TestHITSIterationAllocatesNothing(t *testing.T) {
	h, err := NewHITS(graphtest.FromArcs(t, 5, goldenArcs), nil, HITSOptions{Iterations: 1 << 30})
	if err != nil {
		t.Fatal(err)
	}
	if allocs := testing.AllocsPerRun(100, func() { h.Step(1) }); allocs != 0 {
		t.Fatalf("Step(1) allocates %v times, want 0", allocs)
	}
}
