package gen

import (
	"slices"
	"testing"
)

// neighbourShare returns the share of links of a page that the page
// before it on the same host also has, and the share of intra-host links
// at most localityReach ids from their source.
func neighbourShare(t *testing.T, p Params) (shared, near float64) {
	t.Helper()
	g, err := Generate(p)
	if err != nil {
		t.Fatal(err)
	}
	var sharedLinks, nearLinks, intra, links int
	for i := 1; i < g.NumNodes(); i++ {
		out, prev := g.Out(uint32(i)), g.Out(uint32(i-1))
		for _, t := range out {
			links++
			if g.Hosts.Of[i] == g.Hosts.Of[i-1] {
				if _, ok := slices.BinarySearch(prev, t); ok {
					sharedLinks++
				}
			}
			if g.Hosts.Of[t] == g.Hosts.Of[i] {
				intra++
				if d := int(t) - i; d >= -localityReach && d <= localityReach {
					nearLinks++
				}
			}
		}
	}
	return float64(sharedLinks) / float64(links), float64(nearLinks) / float64(intra)
}

// TestLocalityMakesLinksFallAsACrawls: with Locality a page shares twice
// as many of its links with the page before it (a share bounded by their
// heavy-tailed degrees) and far more of its intra-host links fall near
// it. The same seed still gives the
// same graph.
func TestLocalityMakesLinksFallAsACrawls(t *testing.T) {
	p := DefaultParams()
	p.Pages, p.MeanOutDegree, p.Seed = 20000, 20, 3
	shared0, near0 := neighbourShare(t, p)
	p.Locality = 0.9
	shared, near := neighbourShare(t, p)
	if !(shared > 0.2 && shared > 2*shared0) {
		t.Errorf("links shared with the previous page: %.3f with locality 0.9, %.3f without", shared, shared0)
	}
	if !(near > 2*near0) {
		t.Errorf("intra-host links within %d ids: %.3f with locality 0.9, %.3f without", localityReach, near, near0)
	}
	a, err := Generate(p)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Generate(p)
	if !slices.Equal(a.Targets, b.Targets) || !slices.Equal(a.Offsets, b.Offsets) {
		t.Error("the same seed gives different graphs with locality")
	}
	p.Locality = 1.5
	if _, err := Generate(p); err == nil {
		t.Error("locality 1.5 was accepted")
	}
}
