package crawl

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
)

// TestSeedsDiscoveredInOrder: every crawler that leaves ties to discovery
// order downloads seeds that tie in the order the seed set gives them, not
// by id (docs/algorithms.md section 2). The graph is four pages without links, all of
// the same importance; the seeds 3, 1, 0, 2 are all of them, so nothing is
// discovered later and every key ties all along (no download gives another
// page a link, cash or rank). Each crawler must download them as given;
// the historical strategies get a previous snapshot of equal scores. The
// exceptions: random draws its order, and optimal ignores discovery (equal
// importance goes to the smaller id).
func TestSeedsDiscoveredInOrder(t *testing.T) {
	g := graphtest.FromArcs(t, 4, nil)
	importance := []float64{0.25, 0.25, 0.25, 0.25}
	seeds := []uint32{3, 1, 0, 2, 3} // 3 again keeps its first place
	prev := &Previous{Scores: importance, Values: importance}
	for _, info := range Strategies() {
		if info.ID == "random" {
			continue // a random draw, not discovery, orders it
		}
		params, err := resolveDefaults(info.ID)
		if err != nil {
			t.Fatal(err)
		}
		c, err := New(Config{Graph: g, Importance: importance, Seeds: seeds, Previous: prev,
			Rand: rand.New(rand.NewPCG(1, 2))}, info.New(params))
		if err != nil {
			t.Fatalf("%s: %v", info.ID, err)
		}
		res, err := c.Run(context.Background(), nil)
		if err != nil {
			t.Fatalf("%s: %v", info.ID, err)
		}
		want := []uint32{3, 1, 0, 2}
		if info.Reference {
			want = []uint32{0, 1, 2, 3} // equal importance: smaller id first
		}
		if !slices.Equal(res.Order, want) {
			t.Errorf("%s: order %v, want %v", info.ID, res.Order, want)
		}
	}
}

// resolveDefaults returns strategy id's default parameters.
func resolveDefaults(id string) (Values, error) {
	_, v, err := Resolve(id, nil)
	return v, err
}
