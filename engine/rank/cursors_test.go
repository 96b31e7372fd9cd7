package rank

import (
	"math/rand/v2"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
)

// TestSweepsReuseListReaders: once warmed up, a sweep along a transpose
// held as packed lists, or a push along packed out-lists, allocates
// nothing per chunk: the list readers and their buffers are kept from
// one sweep to the next (cursorPool), so the heap does not grow by a
// reader a chunk and every sweep.
func TestSweepsReuseListReaders(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	const n, size = 4000, 50 // 80 chunks a sweep
	g := randomGraph(t, rng, n, 12*n)
	packed, trPacked := graphtest.Packed(t, g), graphtest.Packed(t, g.Transpose())
	for _, c := range []struct {
		name string
		run  func() (*PageRank, error)
	}{
		{"pull along a packed transpose", func() (*PageRank, error) { return newPageRank(g, trPacked, Options{Workers: 1}, size) }},
		{"push along packed lists", func() (*PageRank, error) { return newPageRank(packed, nil, Options{Workers: 1, Push: true}, size) }},
	} {
		p, err := c.run()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := p.Step(2); err != nil {
			t.Fatal(err)
		}
		allocs := testing.AllocsPerRun(3, func() {
			if _, err := p.Step(1); err != nil {
				t.Fatal(err)
			}
		})
		if p.done {
			t.Fatalf("%s: converged before the sweeps measured ended", c.name)
		}
		if allocs > 2 {
			t.Errorf("%s: %.0f allocations a sweep of %d chunks, want none a chunk", c.name, allocs, (n+size-1)/size)
		}
	}
}

// TestHITSReusesListReaders is TestSweepsReuseListReaders for HITS.
func TestHITSReusesListReaders(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 12))
	const n, size = 4000, 50
	g := randomGraph(t, rng, n, 12*n)
	h, err := newHITS(graphtest.Packed(t, g), graphtest.Packed(t, g.Transpose()), HITSOptions{Iterations: 20, Workers: 1}, size)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.Step(2); err != nil {
		t.Fatal(err)
	}
	allocs := testing.AllocsPerRun(3, func() {
		if _, err := h.Step(1); err != nil {
			t.Fatal(err)
		}
	})
	if h.done {
		t.Fatal("HITS ended before the iterations measured")
	}
	if allocs > 2 {
		t.Errorf("%.0f allocations an iteration of %d chunks, want none a chunk", allocs, (n+size-1)/size)
	}
}
