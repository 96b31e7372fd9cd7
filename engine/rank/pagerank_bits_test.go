package rank

import (
	"context"
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/step"
)

// localGraph draws a web-like graph of n pages: a fifth of the pages are
// dangling, the others have 1 to 15 out-links, most of them to pages at
// most 300 ids away (so that a chunk holds both ends of most arcs, as on
// real crawls in URL order), some anywhere, and some self-loops.
func localGraph(t testing.TB, seed uint64, n int) *graph.Graph {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	b := graph.NewBuilder(n)
	for i := range n {
		if rng.IntN(5) == 0 {
			continue
		}
		for range 1 + rng.IntN(15) {
			var j int
			switch r := rng.IntN(20); {
			case r == 0:
				j = i
			case r < 4:
				j = rng.IntN(n)
			default:
				j = min(max(i+rng.IntN(601)-300, 0), n-1)
			}
			b.Add(uint32(i), uint32(j))
		}
	}
	g, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// scoreHash returns the FNV-1a hash of the bits of every score, the
// iterations and the residual.
func scoreHash(r Result) string {
	h := fnv.New64a()
	var buf [8]byte
	for _, x := range r.Scores {
		binary.LittleEndian.PutUint64(buf[:], math.Float64bits(x))
		h.Write(buf[:])
	}
	binary.LittleEndian.PutUint64(buf[:], math.Float64bits(r.Residual))
	h.Write(buf[:])
	return fmt.Sprintf("%016x/%d", h.Sum64(), r.Iterations)
}

// TestPageRankBitsNativeEqualWasm pins the exact bits of the solver's
// output in each of its modes, on the layout and on a given transpose. The
// hashes (FNV-1a of the scores' bits and the residual, then the
// iterations) were computed natively (linux/amd64) by the Gauss-Seidel
// solver that replaced the power method; the test passes unchanged under
// GOOS=js GOARCH=wasm, which shows that the browser computes the same bits.
// A change of the solver that changes the bits must update them, saying
// why.
func TestPageRankBitsNativeEqualWasm(t *testing.T) {
	g := localGraph(t, 3, 60000)
	n := g.NumNodes()
	trust, err := UniformTeleport(n, []uint32{5, 31000, 59999})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		opt  Options
		size int
		want string
	}{
		{"uniform", Options{}, pageRankChunkSize, "a8ab21c36fd3a551/31"},
		{"uniform, chunks of 1000", Options{Workers: 3}, 1000, "cc3d86ffe7f7ccfa/34"},
		{"personalized", Options{Teleport: trust, Workers: 2}, pageRankChunkSize, "2326b15b5df36fa0/39"},
		{"d=1", Options{Damping: 1, MaxIterations: 40}, 7000, "3c81eed68c2f0357/40"},
	}
	tr := g.Transpose()
	for _, c := range cases {
		for _, given := range []*graph.Graph{nil, tr} { // the layout, the transpose
			p, err := newPageRank(g, given, c.opt, c.size)
			if err != nil {
				t.Fatal(err)
			}
			if err := step.Run(context.Background(), p, 7, nil); err != nil {
				t.Fatal(err)
			}
			if got := scoreHash(p.Result()); got != c.want {
				t.Errorf("%s (transpose given: %v): hash %s, want %s", c.name, given != nil, got, c.want)
			}
		}
	}
}
