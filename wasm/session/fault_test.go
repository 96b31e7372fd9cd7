package session

import (
	"strings"
	"testing"
	"time"

	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// TestErrorsSayWhoIsAtFault: a run the engine refuses for its scenario
// (seeds host-roots on a graph without hosts, found while it runs; a
// strategy's parameter the normalisation refuses) is answered with
// ScenarioFault, since any worker would answer the same, so that the
// page does not retire a helper for it; a failure of the worker's own
// (the upload it does not hold, its memory budget) is not.
func TestErrorsSayWhoIsAtFault(t *testing.T) {
	graph := []byte("0 1\n1 2\n2 0\n")
	s := New(fakeClock(time.Millisecond))
	load := request(1, protocol.KindLoad)
	load.Load = &protocol.Load{Name: "g.edges", Sizes: []int64{int64(len(graph))}}
	if r := s.Handle(load, []Buffer{Bytes(graph)}); len(r) != 1 || r[0].Kind != protocol.KindGraph {
		t.Fatalf("load: %+v", r)
	}
	run := func(id int64, sc scenario.Scenario, budget int64) protocol.Response {
		req := request(id, protocol.KindRun)
		req.Scenario, req.MemoryBudget = &sc, budget
		out := append(s.Handle(req, nil), finish(t, s)...)
		return last(t, out, protocol.KindError)
	}
	onUpload := func(file, seeds string) scenario.Scenario {
		return scenario.Scenario{Graph: scenario.Source{File: file}, Seeds: seeds, Strategies: []scenario.Strategy{{ID: "bfs"}}}
	}
	big := smallRun()
	big.Graph.Generate.Pages = 3_000_000
	for _, c := range []struct {
		what   string
		sc     scenario.Scenario
		budget int64
		says   string
		fault  bool
	}{
		{"seeds host-roots without hosts", onUpload("g.edges", "host-roots"), 0, "no hosts", true},
		{"a parameter out of range", scenario.Scenario{Graph: scenario.Source{File: "g.edges"}, Strategies: []scenario.Strategy{{ID: "bfs"}, {ID: "opic", Params: map[string]float64{"nope": 1}}}}, 0, "nope", true},
		{"a file this worker does not hold", onUpload("other.edges", "top-pagerank:1"), 0, "other.edges", false},
		{"above the memory budget", big, 256 << 20, "memory budget", false},
	} {
		r := run(2, c.sc, c.budget)
		if !strings.Contains(r.Error, c.says) || r.ScenarioFault != c.fault {
			t.Errorf("%s: answered %q, scenario at fault %v; want %q, %v", c.what, r.Error, r.ScenarioFault, c.says, c.fault)
		}
	}
}
