package gen

import (
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
)

// TestEvolveOnListsIsTheSame: an evolution reads the older snapshot's
// out-lists through graph.Successors, without decoding them into CSR
// arrays first, and a graph held behind a
// graph.Lists (as a BVGraph read in place is; graphtest.AsLists) or
// packed (graphtest.Packed) evolves exactly as its CSR arrays do: the same
// later graph, URLs, hosts and maps, with any fractions and Step budget.
func TestEvolveOnListsIsTheSame(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := drawEvolvable(t, 300)
		p := drawEvolveParams(t)
		want, err := Evolve(g, p)
		if err != nil {
			t.Fatalf("Evolve(%+v): %v", p, err)
		}
		lists := graphtest.AsLists(g)
		if rapid.Bool().Draw(t, "packed") {
			lists = graphtest.Packed(t, g)
		}
		e, err := NewEvolver(lists, p)
		if err != nil {
			t.Fatal(err)
		}
		if e.g != lists {
			t.Fatal("NewEvolver decoded the lists into another graph")
		}
		budget := rapid.SampledFrom([]int{1, 7, 1 << 30}).Draw(t, "budget")
		for done := false; !done; {
			if done, err = e.Step(budget); err != nil {
				t.Fatal(err)
			}
		}
		got := e.Evolution()
		if !sameGraph(got.Later, want.Later) || !slices.Equal(got.OldToNew, want.OldToNew) || !slices.Equal(got.NewToOld, want.NewToOld) {
			t.Fatalf("the evolution of the graph behind a Lists differs from that of its CSR arrays (%d and %d links)", got.Later.NumArcs(), want.Later.NumArcs())
		}
	})
}
