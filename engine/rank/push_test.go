package rank

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
	"github.com/crawlsim/crawlsim/engine/step"
)

// l1 returns Σ |a_i - b_i|.
func l1(a, b []float64) float64 {
	d := 0.0
	for i := range a {
		d += math.Abs(a[i] - b[i])
	}
	return d
}

// pushGraph draws a graph with dangling pages, self-loops, pages that
// link only to themselves and links within and across chunks.
func pushGraph(t *rapid.T) *graph.Graph {
	n := rapid.IntRange(1, 200).Draw(t, "n")
	b := graph.NewBuilder(n)
	for i := range n {
		switch rapid.IntRange(0, 5).Draw(t, "kind") {
		case 0: // dangling
		case 1:
			b.Add(uint32(i), uint32(i))
		default:
			for range rapid.IntRange(1, 8).Draw(t, "links") {
				j := rapid.IntRange(0, n-1).Draw(t, "j")
				if rapid.IntRange(0, 2).Draw(t, "near") > 0 {
					j = min(max(i+rapid.IntRange(-4, 4).Draw(t, "d"), 0), n-1)
				}
				b.Add(uint32(i), uint32(j))
			}
		}
	}
	g, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// PageRank by pushing (Options.Push) gives the pull's vector, on the
// layout and on a given transpose, within rounding, after the same number
// of iterations and with the same residual to within rounding: uniform,
// personalized, d = 1 and from a start vector, with any chunk size,
// workers and Step budget, on CSR arrays and on a graph.Lists.
func TestPushEqualsPull(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := pushGraph(t)
		n := g.NumNodes()
		opt := Options{
			Damping:       rapid.SampledFrom([]float64{0.85, 0.5, 0.99, 1}).Draw(t, "d"),
			MaxIterations: rapid.SampledFrom([]int{3, 1000}).Draw(t, "maxIter"),
			Workers:       rapid.IntRange(1, 4).Draw(t, "workers"),
		}
		if opt.Damping == 1 {
			opt.MaxIterations = 20 // a periodic chain need not converge
		}
		switch rapid.IntRange(0, 2).Draw(t, "vector") {
		case 1:
			seeds := rapid.SliceOfN(rapid.Uint32Range(0, uint32(n-1)), 1, 4).Draw(t, "seeds")
			trust, err := UniformTeleport(n, seeds)
			if err != nil {
				t.Fatal(err)
			}
			opt.Teleport = trust
		case 2:
			start := make([]float64, n)
			for i := range start {
				start[i] = float64(1 + i%5)
			}
			s := sum(start)
			for i := range start {
				start[i] /= s
			}
			opt.Start = start
		}
		size := rapid.SampledFrom([]int{1, 3, 7, 64, 100, pageRankChunkSize}).Draw(t, "chunk")
		budget := rapid.IntRange(1, 5).Draw(t, "budget")
		var tr *graph.Graph
		if rapid.Bool().Draw(t, "transpose") {
			tr = g.Transpose()
		}
		pl, err := newPageRank(g, tr, opt, size)
		if err != nil {
			t.Fatal(err)
		}
		if err := step.Run(context.Background(), pl, budget, nil); err != nil {
			t.Fatal(err)
		}
		want := pl.Result()
		src := g
		if rapid.Bool().Draw(t, "lists") {
			src = graphtest.AsLists(g)
		}
		push := opt
		push.Push = true
		p, err := newPageRank(src, nil, push, size)
		if err != nil {
			t.Fatal(err)
		}
		if err := step.Run(context.Background(), p, budget, nil); err != nil {
			t.Fatal(err)
		}
		got := p.Result()
		if got.Iterations != want.Iterations || got.Converged != want.Converged {
			t.Fatalf("push: %d iterations (converged %v), pull %d (%v)", got.Iterations, got.Converged, want.Iterations, want.Converged)
		}
		if d := l1(got.Scores, want.Scores); !(d <= 1e-13) {
			t.Fatalf("push and pull differ by %g in L1\npush %v\npull %v", d, got.Scores, want.Scores)
		}
		if !(math.Abs(got.Residual-want.Residual) <= 1e-12*max(want.Residual, 1e-3)) {
			t.Fatalf("push residual %v, pull %v", got.Residual, want.Residual)
		}
		// Pages with the same in-links (and no self-loop) get the same score, as they do
		// when pulling, so that ties are broken alike.
		in := g.Transpose()
		first := map[string]int{}
		for i := range n {
			if slices.Contains(in.Out(uint32(i)), uint32(i)) {
				continue // a self-loop is solved for
			}
			key := fmt.Sprint(in.Out(uint32(i)))
			if k, ok := first[key]; !ok {
				first[key] = i
			} else if got.Scores[k] != got.Scores[i] && (opt.Teleport == nil || opt.Teleport[k] == opt.Teleport[i]) {
				t.Fatalf("pages %d and %d have the in-links %s but the scores %v and %v", k, i, key, got.Scores[k], got.Scores[i])
			}
		}
		// TakeResult gives Result's bits.
		if taken := p.TakeResult(); !slices.Equal(taken.Scores, got.Scores) {
			t.Fatal("TakeResult differs from Result")
		}
	})
}

// With one worker, pushing gives the same bits on every run and with any
// Step budget; on a graph of several chunks with four workers it stays
// within rounding of one worker's.
func TestPushWorkers(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	n := 3*pageRankChunkSize + 777
	g := randomGraph(t, rng, n, 5*n)
	opt := Options{MaxIterations: 15, Push: true, Workers: 1}
	one := runPageRankOn(t, g, nil, opt, pageRankChunkSize, 1)
	again := runPageRankOn(t, g, nil, opt, pageRankChunkSize, 4)
	if !slices.Equal(one.Scores, again.Scores) || one.Residual != again.Residual {
		t.Fatal("one worker: two runs differ")
	}
	opt.Workers = 4
	four := runPageRankOn(t, g, nil, opt, pageRankChunkSize, 3)
	if d := l1(one.Scores, four.Scores); !(d <= 1e-13) || four.Iterations != one.Iterations {
		t.Fatalf("four workers: L1 %g from one worker's, %d iterations against %d", d, four.Iterations, one.Iterations)
	}
	pull := runPageRankOn(t, g, nil, Options{MaxIterations: 15, Workers: 2}, pageRankChunkSize, 15)
	if d := l1(one.Scores, pull.Scores); !(d <= 1e-13) {
		t.Fatalf("push and pull differ by %g", d)
	}
}

// TestPushCNR2000 pushes along cnr-2000 read in place, with two workers:
// the vector is the pull's (along the stored transpose cnr-2000-t, and on
// the layout) within 1e-12 L1, after the same number of iterations.
func TestPushCNR2000(t *testing.T) {
	if testing.Short() {
		t.Skip("cnr-2000 takes seconds; skipped with -short")
	}
	g, tr := cnr2000(t)
	pull := runPageRankWith(t, g, tr, Options{Workers: 2})
	bg := openInPlace(t, "cnr-2000", "cnr-2000")
	push := runPageRankWith(t, bg, nil, Options{Workers: 2, Push: true})
	if d := l1(push.Scores, pull.Scores); !(d <= 1e-12) || push.Iterations != pull.Iterations {
		t.Fatalf("cnr-2000: push differs from the pull along cnr-2000-t by %g in L1, %d iterations against %d", d, push.Iterations, pull.Iterations)
	}
	t.Logf("cnr-2000: push within %.3g L1 of the pull, %d iterations", l1(push.Scores, pull.Scores), push.Iterations)
}
