package session

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// TestRefusalsGroupTheirCounts: the worker's refusals that the page shows
// write their counts of pages and links with thousands separators, as the
// rest of the page does: never "a run on a generated graph of 200000000
// pages needs about 76.8 GiB".
func TestRefusalsGroupTheirCounts(t *testing.T) {
	huge := scenario.Generate{Pages: 200_000_000, Seed: 1}
	sc := smallRun()
	sc.Graph.Generate = &huge
	requests := map[string]func() protocol.Request{
		"generate": func() protocol.Request {
			r := request(1, protocol.KindGenerate)
			r.Generate, r.MemoryBudget = &huge, 256<<20
			return r
		},
		"run": func() protocol.Request {
			r := request(1, protocol.KindRun)
			r.Scenario, r.MemoryBudget = &sc, 256<<20
			return r
		},
		"reproduce": func() protocol.Request {
			r := request(1, protocol.KindReproduce)
			r.Reproduce, r.MemoryBudget = &protocol.Reproduce{Paper: "004", Graph: scenario.Source{Generate: &huge}}, 256<<20
			return r
		},
	}
	for name, req := range requests {
		out := New(fakeClock(time.Millisecond)).Handle(req(), nil)
		if len(out) != 1 || out[0].Kind != protocol.KindError || !strings.Contains(out[0].Error, "generated graph of 200,000,000 pages need") {
			t.Errorf("%s above the budget answered %+v; want the pages as 200,000,000", name, out)
		}
	}
}

// TestBesideUploadGroupsItsCounts: the refusal of a generated graph beside
// the upload the worker keeps writes the generated graph's pages with
// separators ("a run on a generated graph of 3,000 pages needs about").
func TestBesideUploadGroupsItsCounts(t *testing.T) {
	var b strings.Builder
	for i := 0; b.Len() < 1<<20; i++ {
		fmt.Fprintf(&b, "%d %d\n", i%5000, (i*7+1)%5000)
	}
	edges := []byte(b.String())
	sc := smallRun() // 3,000 pages
	norm := mustNormalize(t, sc)
	_, runNeed := generatedRunBytes(*norm.Graph.Generate)
	s := New(fakeClock(time.Millisecond))
	load := request(1, protocol.KindLoad)
	load.Load = &protocol.Load{Name: "big.edges", Sizes: []int64{int64(len(edges))}}
	if out := s.Handle(load, []Buffer{Bytes(edges)}); len(out) != 1 || out[0].Kind != protocol.KindGraph {
		t.Fatalf("load: %+v", out)
	}
	run := request(2, protocol.KindRun)
	run.Scenario, run.MemoryBudget = &sc, runNeed+64<<10
	out := s.Handle(run, nil)
	if len(out) != 1 || !strings.Contains(out[0].Error, "a run on a generated graph of 3,000 pages needs about") {
		t.Errorf("beside the upload answered %+v", out)
	}
}

// TestLoadedGraphAboveBudgetGroupsItsCounts: an uploaded graph that loads
// but is too large to compare strategies on is refused with its pages
// and links written with separators.
func TestLoadedGraphAboveBudgetGroupsItsCounts(t *testing.T) {
	var b strings.Builder
	for i := range 5000 {
		fmt.Fprintf(&b, "%d %d\n%d %d\n", i, (i*7+1)%5000, i, (i*13+5)%5000)
	}
	edges := []byte(b.String())
	load := request(1, protocol.KindLoad)
	load.Load = &protocol.Load{Name: "mid.edges", Sizes: []int64{int64(len(edges))}}
	out := New(fakeClock(time.Millisecond)).Handle(load, []Buffer{Bytes(edges)})
	if len(out) != 1 || out[0].Graph == nil {
		t.Fatalf("load within the default budget answered %+v", out)
	}
	st := out[0].Graph.Stats
	// One byte short of what comparing strategies on it needs beside its file.
	load.MemoryBudget = scenario.RunBytes(int64(st.Pages), st.Links) + int64(len(edges)) - 1
	out = New(fakeClock(time.Millisecond)).Handle(load, []Buffer{Bytes(edges)})
	want := fmt.Sprintf("mid.edges: 5,000 pages and %s links need about", model.Count(st.Links))
	if st.Links < 1000 || len(out) != 1 || !strings.Contains(out[0].Error, want) {
		t.Errorf("a graph of %d links above the budget answered %+v; want %q", st.Links, out, want)
	}
}
