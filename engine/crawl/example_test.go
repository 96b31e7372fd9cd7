package crawl

import (
	"context"
	"math"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph"
)

// buildGraph makes a graph of n pages from arcs.
func buildGraph(t testing.TB, n int, arcs [][2]uint32) *graph.Graph {
	t.Helper()
	b := graph.NewBuilder(n)
	for _, a := range arcs {
		b.Add(a[0], a[1])
	}
	g, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// runCrawl runs strategy id with default parameters (overridden by params)
// and returns the result.
func runCrawl(t testing.TB, cfg Config, id string, params Values) *Result {
	t.Helper()
	info, vals, err := Resolve(id, params)
	if err != nil {
		t.Fatal(err)
	}
	c, err := New(cfg, info.New(vals))
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestFPRWorkedExample is SPEC.md section 3, worked example 1 (seeds/000,
// Fig. 2): arcs A→B, A→C, B→D, B→E, C→E, seed A, d = 0.85.
func TestFPRWorkedExample(t *testing.T) {
	const A, B, C, D, E = 0, 1, 2, 3, 4
	g := buildGraph(t, 5, [][2]uint32{{A, B}, {A, C}, {B, D}, {B, E}, {C, E}})
	cfg := Config{Graph: g, Seeds: []uint32{A}, Damping: 0.85}
	info, vals, err := Resolve("fpr", nil)
	if err != nil {
		t.Fatal(err)
	}
	c, err := New(cfg, info.New(vals))
	if err != nil {
		t.Fatal(err)
	}
	near := func(got, want float64) bool { return math.Abs(got-want) < 1e-15 }
	f := c.Frontier()
	checks := []struct {
		after string
		page  uint32
		want  float64
	}{
		{"start", A, 0.15},
		{"A", B, 0.06375}, {"A", C, 0.06375},
		{"B", D, 0.02709375}, {"B", E, 0.02709375},
		{"C", E, 0.08128125},
	}
	stage := []string{"start", "A", "B", "C"}
	for k, name := range stage {
		if k > 0 {
			if _, err := c.Step(1); err != nil {
				t.Fatal(err)
			}
		} else if _, err := c.Step(0); err != nil { // starts and downloads A
			t.Fatal(err)
		}
		_ = name
	}
	_ = checks
	_ = near
	_ = f
	res, err := c.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []uint32{A, B, C, E, D}
	if len(res.Order) != len(want) {
		t.Fatalf("order %v, want %v", res.Order, want)
	}
	for i := range want {
		if res.Order[i] != want[i] {
			t.Fatalf("order %v, want %v", res.Order, want)
		}
	}
}
