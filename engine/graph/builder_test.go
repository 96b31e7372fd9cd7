package graph_test

import (
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
)

func TestBuilderProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g, drawn := graphtest.DrawArcs(t, 40, 200)
		if err := g.Validate(); err != nil {
			t.Fatal(err)
		}
		// The graph holds exactly the distinct drawn arcs.
		set := map[[2]uint32]bool{}
		for _, a := range drawn {
			set[a] = true
		}
		if int64(len(set)) != g.NumArcs() {
			t.Fatalf("%d distinct arcs drawn, graph has %d", len(set), g.NumArcs())
		}
		for i := 0; i < g.NumNodes(); i++ {
			for _, d := range g.Out(uint32(i)) {
				if !set[[2]uint32{uint32(i), d}] {
					t.Fatalf("arc %d>%d was never added", i, d)
				}
			}
		}
	})
}

func TestTransposeProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g, _ := graphtest.DrawArcs(t, 40, 200)
		tr := g.Transpose()
		if err := tr.Validate(); err != nil {
			t.Fatalf("transpose is not a valid graph: %v", err)
		}
		if tr.NumArcs() != g.NumArcs() {
			t.Fatalf("transpose has %d arcs, graph %d", tr.NumArcs(), g.NumArcs())
		}
		in := g.InDegrees()
		for i := range in {
			if int(in[i]) != tr.OutDegree(uint32(i)) {
				t.Fatalf("in-degree of %d is %d, transpose out-degree %d", i, in[i], tr.OutDegree(uint32(i)))
			}
		}
		back := tr.Transpose()
		if !slices.Equal(back.Offsets, g.Offsets) || !slices.Equal(back.Targets, g.Targets) {
			t.Fatal("transposing twice does not give the graph back")
		}
	})
}
