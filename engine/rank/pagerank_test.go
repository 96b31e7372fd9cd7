package rank

import (
	"context"
	"errors"
	"math"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
	"github.com/crawlsim/crawlsim/engine/step"
)

// pageRank runs PageRank to the end and fails the test on error.
func pageRank(t testing.TB, g *graph.Graph, opt Options) Result {
	t.Helper()
	r, err := PageRankOf(context.Background(), g, opt)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// assertClose fails unless got and want have the same length and differ by
// at most tol in every entry.
func assertClose(t testing.TB, what string, got, want []float64, tol float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d entries, want %d", what, len(got), len(want))
	}
	for i := range got {
		if !(math.Abs(got[i]-want[i]) <= tol) {
			t.Fatalf("%s[%d] = %.15g, want %.15g (±%g)\n got %v\nwant %v", what, i, got[i], want[i], tol, got, want)
		}
	}
}

func sum(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s += x
	}
	return s
}

// goldenArcs is the graph of docs/algorithms.md section 3, worked example 8: page 4 is
// dangling and page 3 has no in-links.
var goldenArcs = [][2]uint32{{0, 1}, {0, 2}, {1, 2}, {2, 0}, {3, 2}, {3, 4}}

func TestPageRankWorkedExamples(t *testing.T) {
	// docs/algorithms.md section 3, worked example 7.
	third := 1.0 / 3
	cycle := pageRank(t, graphtest.FromArcs(t, 3, [][2]uint32{{0, 1}, {1, 2}, {2, 0}}), Options{})
	assertClose(t, "3-cycle", cycle.Scores, []float64{third, third, third}, 1e-12)

	pair := pageRank(t, graphtest.FromArcs(t, 2, [][2]uint32{{0, 1}, {1, 0}}), Options{})
	assertClose(t, "two pages", pair.Scores, []float64{0.5, 0.5}, 1e-12)

	// Star: leaves 1..4 link to the centre 0, which has no out-links. n = 5,
	// t_i = 1/5, d = 0.85. The centre is dangling, so its rank goes along t.
	// By symmetry every leaf has the same rank r_L; the centre has r_C.
	//   leaf:   r_L = (d·r_C + (1-d)) / 5          (no leaf has in-links)
	//   centre: r_C = d·4·r_L + (d·r_C + (1-d))/5 = 4d·r_L + r_L = (4d+1)·r_L
	//   total:  r_C + 4·r_L = (4d+5)·r_L = 1
	// so r_L = 1/(4d+5) = 1/8.4 = 5/42 = 0.119047619047619...
	// and r_C = (4d+1)/(4d+5) = 4.4/8.4 = 11/21 = 0.523809523809524...
	// Check of the leaf equation: (0.85·11/21 + 0.15)/5 = (0.445238095 +
	// 0.15)/5 = 0.595238095/5 = 0.119047619 = 5/42.
	rL, rC := 5.0/42, 11.0/21
	star := pageRank(t, graphtest.FromArcs(t, 5, [][2]uint32{{1, 0}, {2, 0}, {3, 0}, {4, 0}}), Options{})
	assertClose(t, "star", star.Scores, []float64{rC, rL, rL, rL, rL}, 1e-9)
	for _, r := range []Result{cycle, pair, star} {
		if !r.Converged || !(r.Residual < DefaultTolerance) || r.Iterations < 1 {
			t.Fatalf("not converged: %+v", r)
		}
	}
}

func TestPageRankPeerCheckedGoldenValues(t *testing.T) {
	// docs/algorithms.md section 3, worked example 8: igraph 0.10.2, networkx 2.8.8,
	// gonum v0.17.0 and graphology 0.26.0 agree on these values (d = 0.85).
	g := graphtest.FromArcs(t, 5, goldenArcs)
	wantUniform := []float64{0.350178362311886, 0.188416698076911, 0.365397021432385, 0.039590894094358, 0.056417024084461}
	// Personalized, t = 0.5 on pages 0 and 3, dangling mass sent along t.
	wantPersonal := []float64{0.375653415742517, 0.159652701690570, 0.334259099958218, 0.091533180778032, 0.038901601830664}
	trust, err := UniformTeleport(5, []uint32{0, 3})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(trust, []float64{0.5, 0, 0, 0.5, 0}) {
		t.Fatalf("UniformTeleport(5, {0,3}) = %v", trust)
	}
	// At the default tolerance the L1 error is at most d/(1-d)·1e-10.
	assertClose(t, "pagerank", pageRank(t, g, Options{}).Scores, wantUniform, 1e-9)
	assertClose(t, "personalized", pageRank(t, g, Options{Teleport: trust}).Scores, wantPersonal, 1e-9)
	// Iterated further, the values match to the 15 places given.
	tight := Options{Tolerance: 1e-15, Damping: 0.85}
	assertClose(t, "pagerank (tight)", pageRank(t, g, tight).Scores, wantUniform, 1e-14)
	tight.Teleport = trust
	assertClose(t, "personalized (tight)", pageRank(t, g, tight).Scores, wantPersonal, 1e-14)
}

func TestPageRankEmptyAndSinglePage(t *testing.T) {
	empty := graphtest.FromArcs(t, 0, nil)
	p, err := NewPageRank(empty, nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if done, err := p.Step(1); !done || err != nil {
		t.Fatalf("empty graph: Step = %v, %v; want done", done, err)
	}
	if r := p.Result(); r.Scores == nil || len(r.Scores) != 0 || r.Iterations != 0 || !r.Converged {
		t.Fatalf("empty graph: %+v", r)
	}

	for _, arcs := range [][][2]uint32{nil, {{0, 0}}} { // dangling, self-loop
		r := pageRank(t, graphtest.FromArcs(t, 1, arcs), Options{})
		if !slices.Equal(r.Scores, []float64{1}) || !r.Converged {
			t.Fatalf("single page with arcs %v: %+v, want scores [1]", arcs, r)
		}
	}
}

func TestPageRankDampingOne(t *testing.T) {
	// d = 1: the only teleport is the dangling page's. Arcs 0→1, 1→2, 2→0,
	// 2→3; page 3 is dangling and sends r3/4 to every page (t = 1/4):
	//   r0 = r2/2 + r3/4,  r1 = r0 + r3/4,  r2 = r1 + r3/4,  r3 = r2/2 + r3/4.
	// The last gives r3 = 2·r2/3. With r2 = x: r3 = 2x/3, r0 = x/2 + x/6 =
	// 2x/3, r1 = 2x/3 + x/6 = 5x/6, and r2 = 5x/6 + x/6 = x as required.
	// Sum (2/3 + 5/6 + 1 + 2/3)·x = (19/6)·x = 1, so x = 6/19 and
	// r = [4/19, 5/19, 6/19, 4/19].
	g := graphtest.FromArcs(t, 4, [][2]uint32{{0, 1}, {1, 2}, {2, 0}, {2, 3}})
	r := pageRank(t, g, Options{Damping: 1, MaxIterations: 100000})
	assertClose(t, "d=1", r.Scores, []float64{4.0 / 19, 5.0 / 19, 6.0 / 19, 4.0 / 19}, 1e-8)
	if !r.Converged {
		t.Fatalf("d=1 did not converge: %+v", r)
	}
}

func TestPageRankOptionErrors(t *testing.T) {
	g := graphtest.FromArcs(t, 3, [][2]uint32{{0, 1}, {1, 2}})
	cases := []struct {
		name string
		opt  Options
		want string
	}{
		{"damping above 1", Options{Damping: 1.5}, "damping factor 1.5 is outside [0,1]"},
		{"negative damping", Options{Damping: -0.1}, "outside [0,1]"},
		{"NaN damping", Options{Damping: math.NaN()}, "outside [0,1]"},
		{"negative tolerance", Options{Tolerance: -1}, "tolerance -1 must be positive"},
		{"NaN tolerance", Options{Tolerance: math.NaN()}, "must be positive"},
		{"negative iterations", Options{MaxIterations: -3}, "MaxIterations -3 is negative"},
		{"short teleport", Options{Teleport: []float64{0.5, 0.5}}, "has 2 entries, want one per page (3)"},
		{"negative teleport", Options{Teleport: []float64{1.5, -0.5, 0}}, "teleport[1] = -0.5"},
		{"NaN teleport", Options{Teleport: []float64{math.NaN(), 0.5, 0.5}}, "teleport[0] = NaN"},
		{"infinite teleport", Options{Teleport: []float64{0, math.Inf(1), 0}}, "teleport[1] = +Inf"},
		{"teleport sum", Options{Teleport: []float64{0.5, 0.25, 0.25 + 2e-9}}, "sums to 1.000000002, want 1"},
		{"zero teleport", Options{Teleport: []float64{0, 0, 0}}, "sums to 0, want 1"},
	}
	for _, c := range cases {
		_, err := NewPageRank(g, nil, c.opt)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want one containing %q", c.name, err, c.want)
		}
	}
	// Within ±1e-9 of 1 is accepted, and rescaled.
	r := pageRank(t, g, Options{Teleport: []float64{1 + 5e-10, 0, 0}})
	if math.Abs(sum(r.Scores)-1) > 1e-12 {
		t.Fatalf("sum = %v", sum(r.Scores))
	}
}

func TestPageRankGraphErrors(t *testing.T) {
	g := graphtest.FromArcs(t, 3, [][2]uint32{{0, 1}, {0, 2}, {1, 2}})
	cases := []struct {
		name  string
		g, tr *graph.Graph
		want  string
	}{
		{name: "no graph", g: nil, want: "no graph"},
		{name: "broken graph", g: &graph.Graph{Offsets: []uint64{0, 1}, Targets: []uint32{7}}, want: "beyond the last page"},
		{name: "graph as its own transpose", g: g, tr: g, want: "transpose is not the graph's: page 0 has 0 in-links in the graph but 2 out-links in the transpose"},
		// Read in place, the graph's out-degrees are checked against the
		// transpose's in-links instead of decoding the graph once more.
		{name: "graph as its own transpose, held in a Lists", g: graphtest.AsLists(g), tr: graphtest.AsLists(g), want: "transpose is not the graph's: page 0 has 2 out-links in the graph but 0 in-links in the transpose"},
		{name: "transpose of another size", g: g, tr: graphtest.FromArcs(t, 4, [][2]uint32{{1, 0}, {2, 0}, {2, 1}}), want: "transpose is not the graph's: it has 4 pages and 3 links, the graph 3 and 3"},
		{name: "broken transpose", g: g, tr: &graph.Graph{Offsets: []uint64{0, 0}, Targets: []uint32{}, URLs: []string{"a", "b"}}, want: "transpose: graph: URL list"},
	}
	for _, c := range cases {
		_, err := NewPageRank(c.g, c.tr, Options{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("PageRank, %s: err = %v, want one containing %q", c.name, err, c.want)
		}
		// A transpose that is not the graph's says so as ErrNotTranspose,
		// for the caller to name its file.
		if notTranspose := strings.Contains(c.want, "transpose is not"); errors.Is(err, ErrNotTranspose) != notTranspose {
			t.Errorf("PageRank, %s: errors.Is(%v, ErrNotTranspose) = %v", c.name, err, !notTranspose)
		}
		if _, err := NewHITS(c.g, c.tr, HITSOptions{}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("HITS, %s: err = %v, want one containing %q", c.name, err, c.want)
		}
	}
	// The right transpose is accepted and gives the same scores as none.
	p, err := NewPageRank(g, g.Transpose(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := step.Run(context.Background(), p, 1000, nil); err != nil {
		t.Fatal(err)
	}
	if got, want := p.Result().Scores, pageRank(t, g, Options{}).Scores; !slices.Equal(got, want) {
		t.Fatalf("with transpose %v, without %v", got, want)
	}
}

func TestPageRankSteppingAndProgress(t *testing.T) {
	g := graphtest.FromArcs(t, 5, goldenArcs)
	p, err := NewPageRank(g, nil, Options{MaxIterations: 500})
	if err != nil {
		t.Fatal(err)
	}
	// Before any step the vector is the starting point t and nothing is done.
	if r := p.Result(); !slices.Equal(r.Scores, []float64{0.2, 0.2, 0.2, 0.2, 0.2}) || r.Iterations != 0 || r.Converged {
		t.Fatalf("initial result %+v", r)
	}
	if pr := p.Progress(); pr != (step.Progress{Stage: "pagerank", Done: 0, Total: 0}) {
		t.Fatalf("initial progress %+v", pr)
	}
	done, err := p.Step(3)
	if done || err != nil || p.Progress().Done != 3 || p.Result().Iterations != 3 || p.Residual() != p.Result().Residual || p.Residual() <= 0 {
		t.Fatalf("after Step(3): done=%v err=%v progress=%+v", done, err, p.Progress())
	}
	if done, _ := p.Step(0); done || p.Progress().Done != 4 {
		t.Fatalf("Step(0) must run one iteration: progress %+v", p.Progress())
	}
	for !done {
		if done, err = p.Step(1); err != nil {
			t.Fatal(err)
		}
	}
	final := p.Result()
	if again, err := p.Step(5); !again || err != nil || p.Result().Iterations != final.Iterations {
		t.Fatalf("Step after done must do nothing: %v %v %+v", again, err, p.Result())
	}
	whole := pageRank(t, g, Options{MaxIterations: 500})
	if !slices.Equal(final.Scores, whole.Scores) || final.Iterations != whole.Iterations || final.Residual != whole.Residual {
		t.Fatalf("stepped %+v, whole %+v", final, whole)
	}
}

func TestPageRankMaxIterations(t *testing.T) {
	g := graphtest.FromArcs(t, 5, goldenArcs)
	r := pageRank(t, g, Options{MaxIterations: 4})
	if r.Iterations != 4 || r.Converged || !(r.Residual >= DefaultTolerance) {
		t.Fatalf("MaxIterations 4: %+v", r)
	}
	if math.Abs(sum(r.Scores)-1) > 1e-12 {
		t.Fatalf("sum after 4 iterations = %v", sum(r.Scores))
	}
}

func TestPageRankCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := PageRankOf(ctx, graphtest.FromArcs(t, 5, goldenArcs), Options{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if _, err := HITSOf(ctx, graphtest.FromArcs(t, 5, goldenArcs), HITSOptions{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("HITS err = %v, want context.Canceled", err)
	}
}

func TestPageRankIterationAllocatesNothing(t *testing.T) {
	g := graphtest.FromArcs(t, 5, goldenArcs)
	p, err := NewPageRank(g, nil, Options{MaxIterations: 1 << 30, Tolerance: 1e-300, Damping: 1})
	if err != nil {
		t.Fatal(err)
	}
	before := p.Progress().Done
	if allocs := testing.AllocsPerRun(100, func() { p.Step(1) }); allocs != 0 {
		t.Fatalf("Step(1) allocates %v times, want 0", allocs)
	}
	if p.Progress().Done <= before {
		t.Fatal("no iteration ran")
	}
}

func TestUniformTeleport(t *testing.T) {
	got, err := UniformTeleport(6, []uint32{4, 1, 4, 5, 1})
	if err != nil {
		t.Fatal(err)
	}
	third := 1.0 / 3
	if !slices.Equal(got, []float64{0, third, 0, 0, third, third}) {
		t.Fatalf("UniformTeleport = %v", got)
	}
	cases := []struct {
		n     int
		pages []uint32
		want  string
	}{
		{5, nil, "at least one page"},
		{5, []uint32{}, "at least one page"},
		{5, []uint32{0, 5}, "trusted page 5 (entry 1 of the list) is outside the graph's pages 0..4"},
		{0, []uint32{0}, "outside"},
		{-1, []uint32{0}, "outside"},
	}
	for _, c := range cases {
		if _, err := UniformTeleport(c.n, c.pages); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("UniformTeleport(%d, %v): err = %v, want one containing %q", c.n, c.pages, err, c.want)
		}
	}
}

// TestStartVector checks Options.Start: starting from another distribution
// reaches the same fixed point (the five-page PageRank vector of
// docs/algorithms.md section 1, "Worked values the tests reproduce", and
// section 3, worked example 8), starting from the answer converges in one
// iteration, and bad start vectors are refused.
func TestStartVector(t *testing.T) {
	// The graph and vector of docs/algorithms.md section 3, worked example 8.
	g := graphtest.FromArcs(t, 5, goldenArcs)
	want := []float64{0.350178362311886, 0.188416698076911, 0.365397021432385, 0.039590894094358, 0.056417024084461}
	for _, start := range [][]float64{{1, 0, 0, 0, 0}, {0, 0, 0, 0.5, 0.5}, want} {
		res, err := PageRankOf(context.Background(), g, Options{Start: start, Tolerance: 1e-14})
		if err != nil {
			t.Fatal(err)
		}
		for i := range want {
			if math.Abs(res.Scores[i]-want[i]) > 1e-12 {
				t.Fatalf("start %v: page %d = %v, want %v", start, i, res.Scores[i], want[i])
			}
		}
	}
	cold, err := PageRankOf(context.Background(), g, Options{Tolerance: 1e-9})
	if err != nil {
		t.Fatal(err)
	}
	warm, err := PageRankOf(context.Background(), g, Options{Tolerance: 1e-9, Start: want})
	if err != nil {
		t.Fatal(err)
	}
	if warm.Iterations >= cold.Iterations || warm.Iterations > 2 {
		t.Fatalf("warm start took %d iterations, cold %d", warm.Iterations, cold.Iterations)
	}
	for _, c := range []struct {
		start []float64
		msg   string
	}{
		{[]float64{1, 0}, "start vector has 2 entries"},
		{[]float64{0.5, 0.5, -0.5, 0.5, 0}, "start[2] = -0.5"},
		{[]float64{0.5, 0, 0, 0, 0}, "start vector sums to 0.5"},
	} {
		_, err := NewPageRank(g, nil, Options{Start: c.start})
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("start %v: error %v, want %q", c.start, err, c.msg)
		}
	}
}

// countedLists serves a CSR graph's lists through cursors, counting the
// lists decoded; cancel fails once armAt lists are decoded (armAt > 0).
type countedLists struct {
	g       *graph.Graph
	armAt   atomic.Int64
	decoded atomic.Int64
}

func (l *countedLists) NumNodes() int           { return l.g.NumNodes() }
func (l *countedLists) NumArcs() int64          { return l.g.NumArcs() }
func (l *countedLists) OutDegree(i uint32) int  { return l.g.OutDegree(i) }
func (l *countedLists) NewCursor() graph.Cursor { return countedCursor{l} }

func (l *countedLists) cancel() error {
	if at := l.armAt.Load(); at > 0 && l.decoded.Load() >= at {
		return context.Canceled
	}
	return nil
}

type countedCursor struct{ l *countedLists }

func (c countedCursor) Out(i uint32) []uint32 {
	c.l.decoded.Add(1)
	return c.l.g.Out(i)
}

func (c countedCursor) Err() error { return nil }

// TestPageRankStopsWithinAChunkOnCancel: Options.Cancel that begins to
// fail in the middle of a sweep stops the Step once each worker has ended
// the chunk it sweeps (pageRankChunkSize pages), not at the sweep's end:
// counted in the lists decoded after the failure, on a given transpose
// and when pushing along the graph's lists. The PageRank is then spent:
// the next Step returns the error again. Without a failure the scores are
// those of a run without Cancel (to the bit on a transpose).
func TestPageRankStopsWithinAChunkOnCancel(t *testing.T) {
	const n = 400_000
	b := graph.NewBuilder(n)
	for i := range uint32(n) {
		for k := range uint32(6) {
			b.Add(i, (i*2654435761+k*40503)%n)
		}
	}
	g, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	const workers = 2
	for _, push := range []bool{false, true} {
		name := "transpose"
		if push {
			name = "push"
		}
		t.Run(name, func(t *testing.T) {
			var l *countedLists
			newRank := func(cancel bool) *PageRank {
				opt := Options{Workers: workers, MaxIterations: 3}
				var pg, tr *graph.Graph
				if push {
					l = &countedLists{g: g}
					pg, opt.Push = &graph.Graph{Lists: l}, true
				} else {
					l = &countedLists{g: g.Transpose()}
					pg, tr = g, &graph.Graph{Lists: l}
				}
				if cancel {
					opt.Cancel = l.cancel
				}
				p, err := NewPageRank(pg, tr, opt)
				if err != nil {
					t.Fatal(err)
				}
				return p
			}
			want := newRank(false)
			if err := step.Run(context.Background(), want, 1, nil); err != nil {
				t.Fatal(err)
			}
			got := newRank(true)
			if err := step.Run(context.Background(), got, 1, nil); err != nil {
				t.Fatal(err)
			}
			// Pushing with several workers adds in an order that varies
			// from run to run (push.go): equal within a few ulps there.
			var diff float64
			gs, ws := got.Result().Scores, want.Result().Scores
			for i, x := range gs {
				diff += math.Abs(x - ws[i])
			}
			if !push && diff != 0 || diff > 1e-12 {
				t.Errorf("with a Cancel that never fails the scores differ from those without by %g (L1)", diff)
			}

			p := newRank(true)
			if _, err := p.Step(1); err != nil {
				t.Fatal(err)
			}
			l.armAt.Store(l.decoded.Load() + n/3)
			_, err := p.Step(1)
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("the Step in which Cancel began to fail returned %v, want context.Canceled", err)
			}
			after := l.decoded.Load() - l.armAt.Load()
			if limit := int64(workers * pageRankChunkSize); after > limit {
				t.Errorf("the Step decoded %d lists after Cancel began to fail, want at most %d (%d workers' chunks of %d pages)", after, limit, workers, pageRankChunkSize)
			}
			if _, err := p.Step(1); !errors.Is(err, context.Canceled) {
				t.Errorf("the Step after a cancelled one returned %v, want context.Canceled again", err)
			}
		})
	}
}
