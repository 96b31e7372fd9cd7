package rank

import (
	"context"
	"slices"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
	"github.com/crawlsim/crawlsim/engine/step"
)

// TestPullCNR2000 pulls along cnr-2000's stored transpose: the vector has
// the bits of the one the in-arc layout gives, after the same iterations;
// to a tight tolerance it is within 1e-12 in L1 of the plain power
// method's; and beside the graphs it holds two float64 a page and a bit
// (PullBytes), uniform, and 8 bytes a page more personalized.
func TestPullCNR2000(t *testing.T) {
	if testing.Short() {
		t.Skip("cnr-2000 takes seconds; skipped with -short")
	}
	g, tr := cnr2000(t)
	n := g.NumNodes()
	pulled := runPageRankWith(t, g, tr, Options{Workers: 2})
	laid := runPageRankWith(t, g, nil, Options{Workers: 2})
	if !slices.Equal(pulled.Scores, laid.Scores) || pulled.Iterations != laid.Iterations {
		t.Fatalf("along the transpose %d iterations, on the layout %d, or other bits", pulled.Iterations, laid.Iterations)
	}
	uniform := make([]float64, n)
	for i := range uniform {
		uniform[i] = 1 / float64(n)
	}
	tight := runPageRankWith(t, g, tr, Options{Tolerance: 1e-14, Workers: 2})
	want := graphtest.PageRank(g, DefaultDamping, uniform, 1e-15)
	if d := l1(tight.Scores, want); !(d <= 1e-12) {
		t.Errorf("along the transpose to 1e-14: L1 distance %.3g from the plain power method, want at most 1e-12", d)
	} else {
		t.Logf("along the transpose to 1e-14: %d iterations, L1 distance %.3g from the plain power method", tight.Iterations, d)
	}
	trust, err := UniformTeleport(n, []uint32{60595, 1000})
	if err != nil {
		t.Fatal(err)
	}
	for _, opt := range []Options{{}, {Teleport: trust}} {
		p, err := NewPageRank(g, tr, opt)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := p.Step(1); err != nil {
			t.Fatal(err)
		}
		held, bound := p.vectorBytes(), PullBytes(int64(n), opt.Teleport != nil)
		if held > bound || bound > held+int64(n)/8 {
			t.Errorf("teleport %v: PageRank holds %d bytes of vectors for %d pages, PullBytes says %d", opt.Teleport != nil, held, n, bound)
		}
		if limit := int64(n) * (16 + 1); opt.Teleport == nil && held > limit {
			t.Errorf("PageRank holds %d bytes of vectors, more than two float64 a page and a byte (%d)", held, limit)
		}
	}
}

// TestPullChunksMostlyExported: on chunks so small that most of their
// pages link to other chunks, the out-degrees that do not fit beside the
// exported pages' values are read from the graph, with the same bits as
// the layout, uniform, personalized and with d = 1.
func TestPullChunksMostlyExported(t *testing.T) {
	g := localGraph(t, 11, 5000)
	tr := g.Transpose()
	trust, err := UniformTeleport(g.NumNodes(), []uint32{7, 4000})
	if err != nil {
		t.Fatal(err)
	}
	for _, size := range []int{64, 100, 1000} {
		for _, opt := range []Options{{Workers: 2}, {Teleport: trust}, {Damping: 1, MaxIterations: 25}} {
			var hashes []string
			short := false
			for _, given := range []*graph.Graph{nil, tr} {
				p, err := newPageRank(g, given, opt, size)
				if err != nil {
					t.Fatal(err)
				}
				if p.pull != nil {
					for k, s := range p.pull.stored {
						lo, hi := p.pool.bounds(k)
						short = short || s < hi-lo
					}
				}
				if err := step.Run(context.Background(), p, 5, nil); err != nil {
					t.Fatal(err)
				}
				hashes = append(hashes, scoreHash(p.Result()))
			}
			if hashes[0] != hashes[1] {
				t.Errorf("chunks of %d, d=%v, teleport %v: layout %s, transpose %s", size, opt.Damping, opt.Teleport != nil, hashes[0], hashes[1])
			}
			if size == 64 && !short {
				t.Errorf("chunks of 64: every chunk's out-degrees fit beside its exported pages; the test no longer reads any from the graph")
			}
		}
	}
}

// countingLists counts the out-degrees read from a graph's lists once
// after is set.
type countingLists struct {
	graph.Lists
	after *bool
	reads int
}

func (c *countingLists) OutDegree(i uint32) int {
	if *c.after {
		c.reads++
	}
	return c.Lists.OutDegree(i)
}

// TestPullDegreesRead: along a transpose NewPageRank calls
// Options.DegreesRead once, and then neither the sweeps nor the result
// read an out-degree from the graph again when every chunk's fit beside
// its exported pages' values; on the layout it is not called.
func TestPullDegreesRead(t *testing.T) {
	base := localGraph(t, 5, 3000)
	w := graph.NewPackWriter(base.NumNodes(), base.NumArcs(), 0, nil)
	for i := range base.NumNodes() {
		w.Add(base.Out(uint32(i)))
	}
	packed, err := w.Lists()
	if err != nil {
		t.Fatal(err)
	}
	after := false
	lists := &countingLists{Lists: packed, after: &after}
	g := &graph.Graph{Lists: lists}
	tr := base.Transpose()
	calls := 0
	opt := Options{DegreesRead: func() { calls++; after = true }}
	p, err := NewPageRank(g, tr, opt)
	if err != nil {
		t.Fatal(err)
	}
	if err := step.Run(context.Background(), p, 10, nil); err != nil {
		t.Fatal(err)
	}
	got := p.TakeResult()
	if calls != 1 || lists.reads != 0 {
		t.Errorf("DegreesRead called %d times; %d out-degrees read after it", calls, lists.reads)
	}
	if want := runPageRankWith(t, base, nil, Options{}); !slices.Equal(got.Scores, want.Scores) {
		t.Error("the scores differ from the layout's")
	}
	calls, after = 0, false
	if _, err := NewPageRank(g, nil, opt); err != nil || calls != 0 {
		t.Errorf("on the layout: DegreesRead called %d times (%v)", calls, err)
	}
}
