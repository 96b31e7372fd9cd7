package session

import (
	"context"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/crawlsim/crawlsim/engine/reproduce"
	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/engine/step"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// reproduceInWorker runs a reproduce request in slices and returns its
// answer.
func reproduceInWorker(t *testing.T, s *Session, rq protocol.Reproduce) protocol.Reproduction {
	t.Helper()
	req := request(7, protocol.KindReproduce)
	req.Reproduce = &rq
	rs := handleAll(t, s, req)
	progress := 0
	for _, r := range rs[:len(rs)-1] {
		if r.Kind == protocol.KindProgress && r.Progress != nil && r.Progress.Stage != "" {
			progress++
		}
	}
	if progress == 0 {
		t.Error("no progress before the answer")
	}
	var got protocol.Reproduction
	if err := json.Unmarshal(last(t, rs, protocol.KindResult).Result, &got); err != nil {
		t.Fatal(err)
	}
	return got
}

// reproduceNatively plans, runs and assesses the papers name selects on
// in, as `crawlsim reproduce` does.
func reproduceNatively(t *testing.T, name string, in reproduce.Input, env scenario.Env) []*reproduce.Report {
	t.Helper()
	papers, err := reproduce.Find(name)
	if err != nil {
		t.Fatal(err)
	}
	var reps []*reproduce.Report
	for _, p := range papers {
		runs, notes := p.Plan(in)
		rp := reproduce.NewReproduction(runs, env)
		if err := step.Run(context.Background(), rp, scenario.RunBudget, nil); err != nil {
			t.Fatal(err)
		}
		rep, err := p.Assess(in, runs, notes, rp.Results())
		if err != nil {
			t.Fatal(err)
		}
		reps = append(reps, rep)
	}
	return reps
}

// sameReports checks that the worker's reports print the same text report
// (reproduce.WriteText: notes, tables, findings with verdicts) as the
// native ones, and carry the same charts.
func sameReports(t *testing.T, got protocol.Reproduction, want []*reproduce.Report) {
	t.Helper()
	if len(got.Reports) != len(want) {
		t.Fatalf("%d reports, want %d", len(got.Reports), len(want))
	}
	for i, w := range want {
		g := got.Reports[i]
		rep := &reproduce.Report{Paper: &reproduce.Paper{ID: g.ID, Name: g.Name, Citation: g.Citation, Reproduces: g.Reproduces}, Notes: g.Notes}
		for _, tb := range g.Tables {
			rep.Tables = append(rep.Tables, reproduce.Table{Title: tb.Title, Source: tb.Source, Head: tb.Head, Rows: tb.Rows})
		}
		for _, f := range g.Findings {
			rep.Findings = append(rep.Findings, reproduce.Finding{Figure: f.Figure, Claim: f.Claim, Published: f.Published, Ours: f.Ours, Verdict: reproduce.Verdict(f.Verdict), Reason: f.Reason})
		}
		var gt, wt strings.Builder
		if err := reproduce.WriteText(&gt, rep); err != nil {
			t.Fatal(err)
		}
		if err := reproduce.WriteText(&wt, w); err != nil {
			t.Fatal(err)
		}
		if gt.String() != wt.String() {
			t.Errorf("paper %s: the worker's report\n%s\nthe command line's\n%s", w.Paper.ID, gt.String(), wt.String())
		}
		if len(w.Tables) == 0 || len(g.Charts) != len(w.Charts) {
			t.Fatalf("paper %s: %d tables, %d charts from the worker, %d natively", w.Paper.ID, len(w.Tables), len(g.Charts), len(w.Charts))
		}
		for k, c := range w.Charts {
			if g.Charts[k].Name != c.Name || g.Charts[k].Title != c.Title || g.Charts[k].SVG != string(c.SVG) {
				t.Errorf("paper %s: chart %d is %s, want %s with the same SVG", w.Paper.ID, k, g.Charts[k].Name, c.Name)
			}
		}
	}
}

// TestReproduceGivesTheCommandLinesReport runs paper 004 on a small
// generated web in the worker: the tables, verdicts and charts are the
// command line's.
func TestReproduceGivesTheCommandLinesReport(t *testing.T) {
	in := reproduce.GeneratedInput(3000, 1)
	got := reproduceInWorker(t, New(fakeClock(time.Millisecond)), protocol.Reproduce{Paper: "crawling-a-country", Graph: in.Graph})
	if !strings.Contains(got.Graph, "generated: 3,000 pages") {
		t.Errorf("graph %q; want the generated graph described", got.Graph)
	}
	sameReports(t, got, reproduceNatively(t, "004", in, scenario.Env{}))
}

// TestReproduceSaysWhatTheGraphLacks runs paper 004 on an uploaded graph
// without hosts or previous snapshot: the worker says what cannot run in
// the command line's words and runs the rest.
func TestReproduceSaysWhatTheGraphLacks(t *testing.T) {
	var edges strings.Builder
	for i := range 400 {
		edges.WriteString(strings.Join([]string{itoa(i), itoa((i*7 + 1) % 400)}, " ") + "\n")
		edges.WriteString(strings.Join([]string{itoa(i), itoa((i*i + 3) % 400)}, " ") + "\n")
	}
	data := []byte(edges.String())
	s := New(fakeClock(time.Millisecond))
	load := request(1, protocol.KindLoad)
	load.Load = &protocol.Load{Name: "web.edges", Sizes: []int64{int64(len(data))}}
	if out := s.Handle(load, []Buffer{Bytes(data)}); len(out) != 1 || out[0].Kind != protocol.KindGraph {
		t.Fatalf("load answered %+v", out)
	}
	got := reproduceInWorker(t, s, protocol.Reproduce{Paper: "004", Graph: scenario.Source{File: "web.edges"}, RandomSeed: 3})
	in := reproduce.Input{Graph: scenario.Source{File: "web.edges"}, Pages: 400, RandomSeed: 3}
	want := reproduceNatively(t, "004", in, scenario.Env{FS: fstest.MapFS{"web.edges": {Data: data}}})
	if len(want[0].Notes) == 0 {
		t.Fatal("paper 004 on a graph without hosts has no note; the test needs one")
	}
	if len(got.Reports) != 1 || !reflect.DeepEqual(got.Reports[0].Notes, want[0].Notes) {
		t.Fatalf("notes %q, want %q", got.Reports, want[0].Notes)
	}
	sameReports(t, got, want)
}

// TestReproducePapersAreTheEngines checks the page's list of papers
// against engine/reproduce's.
func TestReproducePapersAreTheEngines(t *testing.T) {
	var want []protocol.PaperName
	for _, p := range reproduce.Papers() {
		want = append(want, protocol.PaperName{ID: p.ID, Name: p.Name})
	}
	if !reflect.DeepEqual(protocol.Papers, want) {
		t.Errorf("protocol.Papers %v, engine/reproduce.Papers %v", protocol.Papers, want)
	}
}

// TestReproduceRefusesAnUnknownPaper: the answer names the papers.
func TestReproduceRefusesAnUnknownPaper(t *testing.T) {
	s := New(fakeClock(time.Millisecond))
	req := request(1, protocol.KindReproduce)
	req.Reproduce = &protocol.Reproduce{Paper: "999", Graph: reproduce.GeneratedInput(3000, 1).Graph}
	out := s.Handle(req, nil)
	if len(out) != 1 || out[0].Kind != protocol.KindError || !strings.Contains(out[0].Error, "crawling-a-country") {
		t.Fatalf("answer %+v; want an error listing the papers", out)
	}
}

func itoa(i int) string { return strconv.Itoa(i) }
