package scenario

import (
	"reflect"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph"
	"pgregory.net/rapid"
)

// TestTransposerMatchesTranspose checks, on random graphs and step
// limits, that the steppable transpose equals graph.Graph.Transpose.
func TestTransposerMatchesTranspose(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 40).Draw(t, "n")
		b := graph.NewBuilder(n)
		if n > 0 {
			for range rapid.IntRange(0, 200).Draw(t, "m") {
				b.Add(uint32(rapid.IntRange(0, n-1).Draw(t, "src")), uint32(rapid.IntRange(0, n-1).Draw(t, "dst")))
			}
		}
		g, err := b.Build()
		if err != nil {
			t.Fatal(err)
		}
		limit := int64(rapid.IntRange(1, 50).Draw(t, "limit"))
		maxDegree := 0
		for i := range n {
			maxDegree = max(maxDegree, g.OutDegree(uint32(i)))
		}
		tr := newTransposer(g)
		steps := 0
		for done := false; !done; steps++ {
			var did int64
			did, done = tr.step(limit)
			// A step may finish the page it is on, and counts one item
			// for each pass it ends.
			if did < 1 || did > limit+int64(maxDegree)+3 {
				t.Fatalf("step did %d items with limit %d", did, limit)
			}
			if steps > 10*(2*n+len(g.Targets)+3) {
				t.Fatal("the transpose does not finish")
			}
		}
		want := g.Transpose()
		got := tr.graph()
		if !reflect.DeepEqual(got.Offsets, want.Offsets) || !reflect.DeepEqual(got.Targets, want.Targets) {
			t.Fatalf("transpose\n got %v %v\nwant %v %v", got.Offsets, got.Targets, want.Offsets, want.Targets)
		}
		if d, total := tr.progress(); d != total {
			t.Fatalf("progress %d of %d at the end", d, total)
		}
	})
}
