package session

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// TestHeldUploadCounts: the upload a session keeps between requests (its
// files and the graph read from them) counts against the memory budget
// of what comes next on another graph: a generate, a run on a generated
// graph and a reproduction on one that fit the budget alone are refused
// beside a 1 MiB upload when the budget leaves less than the upload's
// size, and say why, with the command that runs them natively (crawlsim
// gen, run or reproduce); a session without the upload takes them.
func TestHeldUploadCounts(t *testing.T) {
	var b strings.Builder
	for i := 0; b.Len() < 1<<20; i++ {
		fmt.Fprintf(&b, "%d %d\n", i%5000, (i*7+1)%5000)
	}
	edges := []byte(b.String())
	sc := smallRun()
	g := *sc.Graph.Generate
	norm := mustNormalize(t, sc)
	p, runNeed := generatedRunBytes(*norm.Graph.Generate)
	commands := map[string]string{"generate": "crawlsim gen", "run": "crawlsim run", "reproduce": "crawlsim reproduce"}
	requests := map[string]func() protocol.Request{
		"generate": func() protocol.Request {
			r := request(2, protocol.KindGenerate)
			r.Generate, r.MemoryBudget = &g, p.EstimatedBytes()+64<<10
			return r
		},
		"run": func() protocol.Request {
			r := request(2, protocol.KindRun)
			r.Scenario, r.MemoryBudget = &sc, runNeed+64<<10
			return r
		},
		"reproduce": func() protocol.Request {
			r := request(2, protocol.KindReproduce)
			r.Reproduce, r.MemoryBudget = &protocol.Reproduce{Paper: "004", Graph: scenario.Source{Generate: &g}}, runNeed+64<<10
			return r
		},
	}
	for name, req := range requests {
		t.Run(name, func(t *testing.T) {
			fresh := New(fakeClock(time.Millisecond))
			if out := fresh.Handle(req(), nil); len(out) != 0 {
				t.Fatalf("without an upload: %+v", out)
			}
			s := New(fakeClock(time.Millisecond))
			load := request(1, protocol.KindLoad)
			load.Load = &protocol.Load{Name: "big.edges", Sizes: []int64{int64(len(edges))}}
			if out := s.Handle(load, []Buffer{Bytes(edges)}); len(out) != 1 || out[0].Kind != protocol.KindGraph {
				t.Fatalf("load: %+v", out)
			}
			out := s.Handle(req(), nil)
			if len(out) != 1 || out[0].Kind != protocol.KindError || !strings.Contains(out[0].Error, "beside the uploaded graph big.edges") {
				t.Fatalf("beside the upload: busy %v, answered %+v", s.Busy(), out)
			}
			if want := "use the command line (" + commands[name] + ")"; !strings.Contains(out[0].Error, want) {
				t.Errorf("the refusal %q does not say %q", out[0].Error, want)
			}
		})
	}
}
