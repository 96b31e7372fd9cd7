package graphio_test

import (
	"testing"

	"github.com/crawlsim/crawlsim/engine/gen"
	"github.com/crawlsim/crawlsim/engine/graphio"
)

// TestRoundTripGenerated saves a web-like generated graph (engine/gen,
// with hosts and URLs) in every format and loads it back.
func TestRoundTripGenerated(t *testing.T) {
	p := gen.DefaultParams()
	p.Pages, p.Hosts, p.Seed = 5000, 40, 11
	g, err := gen.Generate(p)
	if err != nil {
		t.Fatal(err)
	}
	if g.NumHosts() != 40 || g.URLs == nil || g.NumArcs() == 0 {
		t.Fatalf("generated %d hosts, %d links, URLs %v", g.NumHosts(), g.NumArcs(), g.URLs != nil)
	}
	graphio.RTSaveAndLoad(t, "generated", g)
}
