package rank

import (
	"math"
	"slices"
	"testing"
	"unsafe"

	"github.com/crawlsim/crawlsim/engine/graph"
)

// TestLayoutBuildReleasesEveryLinkTwice: while NewPageRank builds its
// layout, Options.Release is handed consecutive parts of the graph's own
// Targets (not copies) covering every link once per pass, and
// Options.Building counts up to twice the links.
func TestLayoutBuildReleasesEveryLinkTwice(t *testing.T) {
	g := localGraph(t, 5, 3*releaseBlock/4/7) // about 3 blocks of links per pass
	var got []uint32
	parts := 0
	base := uintptr(unsafe.Pointer(unsafe.SliceData(g.Targets)))
	end := base + uintptr(len(g.Targets))*4
	var last, total int64
	opt := Options{
		Release: func(links []uint32) {
			at := uintptr(unsafe.Pointer(unsafe.SliceData(links)))
			if at < base || at+uintptr(len(links))*4 > end {
				t.Fatalf("released %d links that are not the graph's", len(links))
			}
			got = append(got, links...)
			parts++
		},
		Building: func(done, all int64) {
			if done < last {
				t.Fatalf("progress went back from %d to %d", last, done)
			}
			last, total = done, all
		},
	}
	if _, err := NewPageRank(g, nil, opt); err != nil {
		t.Fatal(err)
	}
	want := slices.Concat(g.Targets, g.Targets)
	if !slices.Equal(got, want) {
		t.Fatalf("released %d links in %d parts, want the graph's %d links twice, in order", len(got), parts, len(g.Targets))
	}
	if parts < 4 {
		t.Errorf("released in %d parts, want several per pass", parts)
	}
	if m := 2 * g.NumArcs(); last != m || total != m {
		t.Errorf("progress ended at %d of %d, want %d of %d", last, total, m, m)
	}
}

// TestEstimateIterations: a residual that falls tenfold every iteration,
// 1e-3 at iteration 3, falls below 1e-10 (the stopping rule is strict) at
// iteration 11; the estimate is capped at
// MaxIterations and needs a decreasing residual.
func TestEstimateIterations(t *testing.T) {
	cases := []struct {
		done         int
		r, before    float64
		tol          float64
		maxIter, out int
	}{
		{3, 1e-3, 1e-1, 1e-10, 1000, 11}, // 7 more tenfold steps
		{3, 1e-3, 1e-1, 1e-10, 8, 8},     // capped
		{3, 1e-3, 1e-3, 1e-10, 1000, 0},  // no decrease
		{3, 1e-3, 4e-3, 1e-10, 1000, 33}, // halving: 3 + ⌊log(1e-7)/log(1/2)⌋ + 1, set below
		{5, 1e-11, 1e-9, 1e-10, 1000, 5}, // below the tolerance already
		{5, 2e-10, 2e-8, 1e-10, 1000, 6}, // one more step
	}
	cases[3].out = 3 + int(math.Floor(math.Log(1e-7)/math.Log(0.5))) + 1
	for _, c := range cases {
		if got := estimateIterations(c.done, c.r, c.before, c.tol, c.maxIter); got != c.out {
			t.Errorf("estimateIterations(%d, %g, %g, %g, %d) = %d, want %d", c.done, c.r, c.before, c.tol, c.maxIter, got, c.out)
		}
	}
}

// TestIterationsEstimateOnARun: on a web-like graph, the estimate made
// after a third of the iterations is within a quarter of the iterations
// actually run, and equals them once finished.
func TestIterationsEstimateOnARun(t *testing.T) {
	g := localGraph(t, 7, 50000)
	p, err := newPageRank(g, nil, Options{}, 1000)
	if err != nil {
		t.Fatal(err)
	}
	if p.IterationsEstimate() != 0 {
		t.Fatal("an estimate before any iteration")
	}
	var estimates []int
	for {
		done, _ := p.Step(1)
		if done {
			break
		}
		estimates = append(estimates, p.IterationsEstimate())
	}
	total := p.Result().Iterations
	if got := p.IterationsEstimate(); got != total {
		t.Errorf("finished after %d iterations, estimate %d", total, got)
	}
	if e := estimates[total/3-1]; math.Abs(float64(e-total)) > float64(total)/4 {
		t.Errorf("after %d of %d iterations the estimate was %d (all: %v)", total/3, total, e, estimates)
	}
}

// TestTakeResultEqualsResult: TakeResult gives the bits of Result, on the
// layout and on a transpose, uniform, personalized and with d = 1, and
// before any iteration.
func TestTakeResultEqualsResult(t *testing.T) {
	g := localGraph(t, 9, 20000)
	trust, err := UniformTeleport(g.NumNodes(), []uint32{3, 19999})
	if err != nil {
		t.Fatal(err)
	}
	tr := g.Transpose()
	for _, opt := range []Options{{Workers: 2}, {Teleport: trust}, {Damping: 1, MaxIterations: 30}} {
		for _, given := range []*graph.Graph{nil, tr} {
			for _, steps := range []int{0, 1000} {
				p, err := newPageRank(g, given, opt, 1000)
				if err != nil {
					t.Fatal(err)
				}
				if steps > 0 {
					if _, err := p.Step(steps); err != nil {
						t.Fatal(err)
					}
				}
				want := scoreHash(p.Result())
				if got := scoreHash(p.TakeResult()); got != want {
					t.Errorf("d=%v teleport %v transpose %v steps %d: TakeResult %s, Result %s", opt.Damping, opt.Teleport != nil, given != nil, steps, got, want)
				}
			}
		}
	}
}
