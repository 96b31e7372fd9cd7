package rank

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
	"github.com/crawlsim/crawlsim/engine/step"
)

// randomGraph draws a graph of n pages and up to m arcs (duplicates are
// removed by the builder); self-loops occur, and about a quarter of the
// pages get no out-links at all, so most graphs have dangling pages.
func randomGraph(t testing.TB, rng *rand.Rand, n, m int) *graph.Graph {
	t.Helper()
	b := graph.NewBuilder(n)
	b.Grow(m)
	silent := make([]bool, n)
	for i := range silent {
		silent[i] = rng.IntN(4) == 0
	}
	for range m {
		src := uint32(rng.IntN(n))
		if silent[src] {
			continue
		}
		if rng.IntN(10) == 0 {
			b.Add(src, src)
		} else {
			b.Add(src, uint32(rng.IntN(n)))
		}
	}
	g, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// referenceHITS is an independent, push-based HITS over the out-arcs with
// the same start and normalisation (docs/algorithms.md section 1).
func referenceHITS(g *graph.Graph, iterations int) (hubs, auth []float64) {
	n := g.NumNodes()
	hubs = make([]float64, n)
	auth = make([]float64, n)
	for i := range hubs {
		hubs[i] = 1
	}
	normalise := func(v []float64) {
		if s := norm(v); s > 0 {
			for i := range v {
				v[i] /= s
			}
		}
	}
	for range iterations {
		clear(auth)
		for i := range n {
			for _, j := range g.Out(uint32(i)) {
				auth[j] += hubs[i]
			}
		}
		normalise(auth)
		clear(hubs)
		for i := range n {
			for _, j := range g.Out(uint32(i)) {
				hubs[i] += auth[j]
			}
		}
		normalise(hubs)
	}
	return hubs, auth
}

// reachable marks the pages reachable from the seeds along out-arcs, the
// seeds included.
func reachable(g *graph.Graph, seeds []uint32) []bool {
	seen := make([]bool, g.NumNodes())
	queue := slices.Clone(seeds)
	for _, s := range seeds {
		seen[s] = true
	}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		for _, j := range g.Out(i) {
			if !seen[j] {
				seen[j] = true
				queue = append(queue, j)
			}
		}
	}
	return seen
}

// runPageRank runs PageRank with the given chunk size and Step budget, on
// the layout it builds from g.
func runPageRank(t testing.TB, g *graph.Graph, opt Options, size, budget int) Result {
	t.Helper()
	return runPageRankOn(t, g, nil, opt, size, budget)
}

// runPageRankOn is runPageRank on the given transpose, or on the layout
// when tr is nil.
func runPageRankOn(t testing.TB, g, tr *graph.Graph, opt Options, size, budget int) Result {
	t.Helper()
	p, err := newPageRank(g, tr, opt, size)
	if err != nil {
		t.Fatal(err)
	}
	if err := step.Run(context.Background(), p, budget, nil); err != nil {
		t.Fatal(err)
	}
	return p.Result()
}

func runHITS(t testing.TB, g *graph.Graph, opt HITSOptions, size, budget int) HITSResult {
	t.Helper()
	h, err := newHITS(g, nil, opt, size)
	if err != nil {
		t.Fatal(err)
	}
	if err := step.Run(context.Background(), h, budget, nil); err != nil {
		t.Fatal(err)
	}
	return h.Result()
}

func TestPageRankProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(2024, 1))
	for trial := range 300 {
		n := 1 + rng.IntN(40)
		g := randomGraph(t, rng, n, rng.IntN(4*n+1))
		// d = 1 is left to TestPageRankDampingOne: a periodic chain need not
		// converge then, and transient pages end at 0.
		d := []float64{0.85, 0.5, 0.99, 0.2}[trial%4]
		name := fmt.Sprintf("trial %d (n=%d, m=%d, d=%v)", trial, n, g.NumArcs(), d)

		// Uniform PageRank: sums to 1, positive everywhere, agrees with the
		// reference, and the residual is below the tolerance.
		opt := Options{Damping: d, MaxIterations: 100000}
		r := runPageRank(t, g, opt, pageRankChunkSize, 1000)
		if math.Abs(sum(r.Scores)-1) > 1e-9 {
			t.Fatalf("%s: scores sum to %v", name, sum(r.Scores))
		}
		for i, x := range r.Scores {
			if !(x > 0) {
				t.Fatalf("%s: score of page %d is %v, want > 0", name, i, x)
			}
		}
		if !r.Converged || !(r.Residual < DefaultTolerance) {
			t.Fatalf("%s: not converged: iterations %d, residual %v", name, r.Iterations, r.Residual)
		}
		uniform := make([]float64, n)
		for i := range uniform {
			uniform[i] = 1 / float64(n)
		}
		// The L1 error of a vector whose last change was below the
		// tolerance is at most d/(1-d)·tolerance.
		assertClose(t, name+" vs reference", r.Scores, graphtest.PageRank(g, d, uniform, 1e-15), d/(1-d)*DefaultTolerance)

		// Workers, Step budgets and whether a transpose is given (the
		// layout or the transpose is swept) change nothing, bit for bit,
		// even with many small chunks.
		tr := g.Transpose()
		for _, size := range []int{1, 3, 7} {
			one := runPageRank(t, g, Options{Damping: d, MaxIterations: 100000, Workers: 1}, size, 1)
			four := runPageRank(t, g, Options{Damping: d, MaxIterations: 100000, Workers: 4}, size, 1000)
			if !slices.Equal(one.Scores, four.Scores) || one.Iterations != four.Iterations || one.Residual != four.Residual {
				t.Fatalf("%s, chunks of %d: Workers=1 (budget 1) gives %+v, Workers=4 (budget 1000) %+v", name, size, one, four)
			}
			onTr := runPageRankOn(t, g, tr, Options{Damping: d, MaxIterations: 100000, Workers: 3}, size, 2)
			if !slices.Equal(one.Scores, onTr.Scores) || one.Iterations != onTr.Iterations || one.Residual != onTr.Residual {
				t.Fatalf("%s, chunks of %d: the layout gives %+v, the transpose %+v", name, size, one, onTr)
			}
		}
		if single := runPageRank(t, g, opt, pageRankChunkSize, 1); !slices.Equal(single.Scores, r.Scores) || single.Iterations != r.Iterations {
			t.Fatalf("%s: Step(1) loop gives %+v, Step(1000) %+v", name, single, r)
		}

		// Personalized PageRank: exactly 0 outside the pages reachable from
		// the seeds, positive on them, summing to 1.
		seeds := make([]uint32, 1+rng.IntN(3))
		for k := range seeds {
			seeds[k] = uint32(rng.IntN(n))
		}
		trust, err := UniformTeleport(n, seeds)
		if err != nil {
			t.Fatal(err)
		}
		opt.Teleport = trust
		pr := runPageRank(t, g, opt, 3, 1000)
		reach := reachable(g, seeds)
		for i, x := range pr.Scores {
			if reach[i] != (x > 0) || x < 0 {
				t.Fatalf("%s, seeds %v: page %d (reachable %v) has score %v", name, seeds, i, reach[i], x)
			}
		}
		if math.Abs(sum(pr.Scores)-1) > 1e-9 || !pr.Converged || !(pr.Residual < DefaultTolerance) {
			t.Fatalf("%s, seeds %v: sum %v, %+v", name, seeds, sum(pr.Scores), pr)
		}
		assertClose(t, name+" personalized vs reference", pr.Scores, graphtest.PageRank(g, d, trust, 1e-15), d/(1-d)*DefaultTolerance)
		opt.Workers = 4
		if pr4 := runPageRank(t, g, opt, 3, 1); !slices.Equal(pr4.Scores, pr.Scores) {
			t.Fatalf("%s: personalized differs with Workers=4", name)
		}
		if onTr := runPageRankOn(t, g, tr, opt, 3, 5); !slices.Equal(onTr.Scores, pr.Scores) || onTr.Residual != pr.Residual {
			t.Fatalf("%s: personalized differs on the transpose", name)
		}

		// d = 1 (the dangling mass lagged a sweep) and a start vector,
		// layout against transpose.
		for _, o := range []Options{{Damping: 1, MaxIterations: 30}, {Damping: d, MaxIterations: 30, Start: trust}} {
			a := runPageRankOn(t, g, nil, o, 3, 1)
			b := runPageRankOn(t, g, tr, o, 3, 7)
			if !slices.Equal(a.Scores, b.Scores) || a.Residual != b.Residual || a.Iterations != b.Iterations {
				t.Fatalf("%s, %+v: the layout gives %+v, the transpose %+v", name, o, a, b)
			}
		}
	}
}

func TestHITSProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for trial := range 200 {
		n := 1 + rng.IntN(40)
		g := randomGraph(t, rng, n, rng.IntN(4*n+1))
		name := fmt.Sprintf("trial %d (n=%d, m=%d)", trial, n, g.NumArcs())
		r := runHITS(t, g, HITSOptions{}, chunkSize, 1000)
		wantHubs, wantAuth := referenceHITS(g, DefaultHITSIterations)
		assertClose(t, name+" hubs", r.Hubs, wantHubs, 1e-9)
		assertClose(t, name+" authorities", r.Authorities, wantAuth, 1e-9)
		for _, v := range [][]float64{r.Hubs, r.Authorities} {
			if s := norm(v); math.Abs(s-1) > 1e-12 && !(g.NumArcs() == 0 && s == 0) {
				t.Fatalf("%s: norm %v", name, s)
			}
			for _, x := range v {
				if x < 0 {
					t.Fatalf("%s: negative score %v", name, x)
				}
			}
		}
		for _, size := range []int{1, 5} {
			a := runHITS(t, g, HITSOptions{Workers: 1}, size, 1)
			b := runHITS(t, g, HITSOptions{Workers: 4}, size, 100)
			if !slices.Equal(a.Hubs, b.Hubs) || !slices.Equal(a.Authorities, b.Authorities) {
				t.Fatalf("%s, chunks of %d: Workers=1 and Workers=4 differ", name, size)
			}
		}
	}
}

// TestWorkersBitIdenticalOnLargeGraph uses the real chunk size on a graph of
// several chunks, in every mode of the solver: uniform and personalized
// (the linear system, d < 1), d = 1 (the dangling mass lagged by a sweep),
// and a start vector; with 1, 2, 3 and 8 workers, Step budgets of 1 and 4,
// on the given transpose and on the layout, the scores, the residual and
// the iterations are the same bits.
func TestWorkersBitIdenticalOnLargeGraph(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	n := 3*chunkSize + 1234 // 4 HITS chunks, 7 PageRank chunks
	g := randomGraph(t, rng, n, 4*n)
	tr := g.Transpose()
	trust, err := UniformTeleport(n, []uint32{7, 40000, 99000})
	if err != nil {
		t.Fatal(err)
	}
	start := make([]float64, n)
	for i := range start {
		start[i] = float64(1+i%7) / float64(4*n)
	}
	start[0] += 1 - sum(start)
	modes := []struct {
		name string
		opt  Options
	}{
		{"uniform", Options{MaxIterations: 15}},
		{"personalized", Options{MaxIterations: 15, Teleport: trust}},
		{"d=1", Options{MaxIterations: 15, Damping: 1}},
		{"start", Options{MaxIterations: 15, Start: start, Damping: 0.9}},
	}
	for _, m := range modes {
		var first Result
		for k, workers := range []int{1, 2, 3, 8} {
			opt := m.opt
			opt.Workers = workers
			// Odd worker counts sweep the given transpose, even ones the
			// layout built from g.
			given := tr
			if workers%2 == 0 {
				given = nil
			}
			p, err := NewPageRank(g, given, opt)
			if err != nil {
				t.Fatal(err)
			}
			if err := step.Run(context.Background(), p, 1+3*(k%2), nil); err != nil {
				t.Fatal(err)
			}
			r := p.Result()
			if workers == 1 {
				first = r
				if r.Iterations != 15 || !(r.Residual > 0) {
					t.Fatalf("%s: %d iterations, residual %v", m.name, r.Iterations, r.Residual)
				}
				continue
			}
			if !slices.Equal(r.Scores, first.Scores) || r.Residual != first.Residual || r.Iterations != first.Iterations {
				t.Fatalf("%s, Workers=%d: residual %v, Workers=1: %v (or the scores differ)", m.name, workers, r.Residual, first.Residual)
			}
		}
	}
	h1 := runHITS(t, g, HITSOptions{Iterations: 5, Workers: 1}, chunkSize, 2)
	h3 := runHITS(t, g, HITSOptions{Iterations: 5, Workers: 3}, chunkSize, 2)
	if !slices.Equal(h1.Hubs, h3.Hubs) || !slices.Equal(h1.Authorities, h3.Authorities) {
		t.Fatal("HITS differs between Workers=1 and Workers=3")
	}
}
