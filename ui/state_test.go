package main

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/crawl"
	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/engine/seeds"
	"github.com/crawlsim/crawlsim/wasm/protocol"
	"github.com/vugu/vugu"
)

// TestPagesField: the page count is read as the command line reads -n,
// 1 or more, as the field says (min="1"); 0 is refused in the command
// line's words; a blank field is refused, naming the page's and the
// command line's defaults, rather than silently generating 100,000 pages.
func TestPagesField(t *testing.T) {
	for _, c := range []struct{ pages, want string }{
		{"0", "pages: 0 is not allowed: want 1 or more pages"},
		// Not "leave the field blank for the default": blank is refused
		// too; nor a scenario path and "0 takes the default" for a
		// negative count (the worker's words).
		{"-5", "pages: -5 is not allowed: want 1 or more pages"},
		{"", "pages: empty: give the number of pages, 1 or more pages (this page starts with 20,000; crawlsim run generates 100,000"},
		{"  ", "pages: empty"},
		{"1.5", `pages: "1.5" is not a whole number`},
	} {
		f := DefaultForm()
		f.Pages = c.pages
		if _, err := f.Scenario(); err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "blank for the default") {
			t.Errorf("pages %q: error %v, want one saying %q", c.pages, err, c.want)
		}
	}
	f := DefaultForm()
	f.Pages = "1"
	s, err := f.Scenario()
	if err != nil || s.Graph.Generate.Pages != 1 {
		t.Errorf("pages 1: %v, %+v", err, s.Graph.Generate)
	}
	if hint := (&SourcePanel{}).PagesHint(); !strings.HasPrefix(hint, "1 or more") {
		t.Errorf("the field's hint says %q, want the rule: 1 or more", hint)
	}
}

// timedResult is a comparison of two strategies, one on the politeness
// clock, as the worker sends it.
func timedResult(t *testing.T) ([]byte, *scenario.Result) {
	t.Helper()
	level := func(k int64, at float64) crawl.Threshold {
		return crawl.Threshold{Level: 0.5, Actual: k, Guaranteed: -1, Time: &at}
	}
	r := &scenario.Result{Version: scenario.Version, Reachable: 10000, Graph: scenario.GraphSummary{Pages: 10000}, Strategies: []scenario.StrategyResult{
		{Label: "optimal", Reference: true, Curve: crawl.Curve{K: []int64{1000, 10000}, Value: []float64{0.6, 1}}},
		{Label: "bfs", Curve: crawl.Curve{K: []int64{1000, 10000}, Value: []float64{0.1, 1}, T: []float64{1500, 15000}},
			Summary: crawl.Summary{DownloadsTo: []crawl.Threshold{level(5000, 7500)}},
			Time:    &scenario.TimeSummary{Duration: 15000, Utilisation: 0.8}},
	}}
	data, err := scenario.MarshalResult(r)
	if err != nil {
		t.Fatal(err)
	}
	return data, r
}

// TestTimeTable: after a politeness run the page holds the command line's
// simulated-time table (report.TimeRows), names the untimed strategies,
// and renders it as #time-table; an untimed run shows none.
func TestTimeTable(t *testing.T) {
	a, w := readyApp(t)
	if len(a.TimeRows) != 0 {
		t.Fatalf("an untimed run has a time table: %v", a.TimeRows)
	}
	a.Run()
	data, r := timedResult(t)
	a.handle(pageEvent(protocol.Response{ID: w.sent[len(w.sent)-1].ID, Kind: protocol.KindResult, Result: data}))
	head, rows, _, _ := report.TimeRows(r)
	if fmt.Sprint(a.TimeHead) != fmt.Sprint(head) || fmt.Sprint(a.TimeRows) != fmt.Sprint(groupRows(rows)) || len(rows) != 1 {
		t.Errorf("time table %v %v, want %v %v", a.TimeHead, a.TimeRows, head, rows)
	}
	if fmt.Sprint(a.TimeUntimed) != "[optimal]" {
		t.Errorf("untimed %v", a.TimeUntimed)
	}
	n, _ := builtNode(t, &TimeTable{App: a}, "time-table")
	if n == nil {
		t.Fatal("no #time-table")
	}
}

// TestStaleWhileRunning: while a run goes, the previous result is marked
// stale (dimmed, with a note); the new result clears the mark; a cancelled
// run leaves the old result marked, saying so under the run bar rather
// than in a banner over the page (which pushed it down), and so does a
// failed one.
func TestStaleWhileRunning(t *testing.T) {
	a, w := readyApp(t)
	if a.Stale() || a.StaleNote() != "" || strings.Contains((&Root{App: a}).Class(), "stale") {
		t.Fatal("a fresh result is marked stale")
	}
	a.Run()
	if !a.Stale() || !strings.Contains(a.StaleNote(), "previous run") || !strings.Contains((&Root{App: a}).Class(), "stale") {
		t.Errorf("while running: stale %v, note %q, class %q", a.Stale(), a.StaleNote(), (&Root{App: a}).Class())
	}
	builtNode(t, &RunPanel{App: a}, "stale-note")
	a.handle(pageEvent(protocol.Response{ID: w.sent[len(w.sent)-1].ID, Kind: protocol.KindResult, Result: tinyResult(t)}))
	if a.Stale() || a.StaleNote() != "" {
		t.Errorf("after the run: stale %v, note %q", a.Stale(), a.StaleNote())
	}
	// Another scenario (a re-run of the shown one, cancelled, leaves its
	// result unmarked: TestCancelledRerunOfTheSameScenario).
	a.Form.Pages = "1234"
	a.Run()
	a.handle(pageEvent(protocol.Response{ID: w.sent[len(w.sent)-1].ID, Kind: protocol.KindCancelled}))
	if !a.Stale() || !strings.Contains(a.StaleNote(), "Run cancelled") || !strings.Contains(a.StaleNote(), "previous run") || a.Notice != "" {
		t.Errorf("after a cancel: stale %v, note %q, notice over the page %q", a.Stale(), a.StaleNote(), a.Notice)
	}
	// A run that failed leaves the same mark, without "cancelled".
	a.Run()
	if strings.Contains(a.StaleNote(), "cancelled") {
		t.Errorf("a new run still says the last was cancelled: %q", a.StaleNote())
	}
	a.handle(pageEvent(protocol.Response{ID: w.sent[len(w.sent)-1].ID, Kind: protocol.KindError, Error: "out of memory"}))
	if !a.Stale() || !strings.Contains(a.StaleNote(), "did not finish") {
		t.Errorf("after a failure: stale %v, note %q", a.Stale(), a.StaleNote())
	}
}

// TestCommunityNeedsHosts: on an uploaded graph without hosts the
// community seeds button is disabled and says why beside it
// (aria-describedby); with hosts, or on a generated graph, it is enabled.
func TestCommunityNeedsHosts(t *testing.T) {
	a, _ := readyApp(t)
	if buttons(t, a)["extract-seeds"].disabled {
		t.Fatal("extract disabled on a generated graph")
	}
	a.Form.Source, a.Form.File = SourceUpload, "web.edges"
	a.Graph = &protocol.GraphInfo{Name: "web.edges"}
	if !buttons(t, a)["extract-seeds"].disabled {
		t.Error("extract enabled on a graph without hosts")
	}
	n, _ := builtNode(t, &CommunityPanel{App: a}, "extract-seeds-reason")
	if n.InnerHTML == nil || !strings.Contains(*n.InnerHTML, "no hosts") {
		t.Errorf("the reason says %v", n.InnerHTML)
	}
	b, _ := builtNode(t, &CommunityPanel{App: a}, "extract-seeds")
	described := false
	for _, at := range b.Attr {
		described = described || (at.Key == "aria-describedby" && slices.Contains(strings.Fields(at.Val), "extract-seeds-reason"))
	}
	if !described {
		t.Error("the button is not described by its reason")
	}
	(&CommunityPanel{App: a}).Extract()
	if !strings.Contains(a.Community.Error, "no hosts") || a.WorkerBusy() {
		t.Errorf("extract on a graph without hosts: error %q, busy %v", a.Community.Error, a.WorkerBusy())
	}
	a.Graph.Stats.Hosts = 3
	if buttons(t, a)["extract-seeds"].disabled {
		t.Error("extract disabled on a graph with hosts")
	}
}

// TestFactsSayNoHosts: the facts of a result on a graph without hosts say
// "none", as those of the loaded graph do, not "0".
func TestFactsSayNoHosts(t *testing.T) {
	for _, facts := range [][][2]string{graphFacts(&protocol.GraphInfo{Name: "g"}, nil), graphFacts(nil, &scenario.Result{})} {
		for _, f := range facts {
			if f[0] == "hosts" && !strings.HasPrefix(f[1], "none") {
				t.Errorf("hosts: %q", f[1])
			}
		}
	}
}

// TestProgressAnnouncedFromTheFirst: the aria-live region says the run's
// first progress whatever its figure (a short run may finish before
// reaching 10%, and still says its progress), then each further tenth once.
func TestProgressAnnouncedFromTheFirst(t *testing.T) {
	a, w := readyApp(t)
	a.Run()
	id := w.sent[len(w.sent)-1].ID
	said := []string{a.Announce}
	for _, done := range []int64{3, 5, 12, 14, 27} {
		a.handle(pageEvent(protocol.Response{ID: id, Kind: protocol.KindProgress, Progress: &protocol.Progress{Stage: "importance", Done: done, Total: 100}}))
		if said[len(said)-1] != a.Announce {
			said = append(said, a.Announce)
		}
	}
	want := []string{"Running the comparison…", "Running: 3% done.", "Running: 12% done.", "Running: 27% done."}
	if !slices.Equal(said, want) {
		t.Errorf("said %q, want %q", said, want)
	}
}

// TestRunSaysWhyItWaits: while the worker does a panel's job, the line
// beside the disabled Run button (which describes it) says what it does
// and where to cancel it; a comparison shows its own stage there.
func TestRunSaysWhyItWaits(t *testing.T) {
	a, w := readyApp(t)
	panel := &RunPanel{App: a}
	if s := panel.Stage(); s != "" {
		t.Fatalf("idle: the line says %q", s)
	}
	a.Papers.Run(a.Form)
	if s := panel.Stage(); !a.WorkerBusy() || !strings.HasPrefix(s, "Reproducing papers") || !strings.Contains(s, "Papers panel") || panel.StageClass() != "stage reason" {
		t.Errorf("during a reproduction: busy %v, the line says %q", a.WorkerBusy(), s)
	}
	run, _ := builtNode(t, panel, "run")
	if !slices.ContainsFunc(run.Attr, func(at vugu.VGAttribute) bool { return at.Key == "aria-describedby" && at.Val == "stage" }) {
		t.Error("Run is not described by the line beside it")
	}
	a.handle(pageEvent(protocol.Response{ID: w.sent[len(w.sent)-1].ID, Kind: protocol.KindCancelled}))
	a.Revisits.Run()
	if s := panel.Stage(); !strings.Contains(s, "Revisits panel") {
		t.Errorf("during a revisit simulation the line says %q", s)
	}
	a.handle(pageEvent(protocol.Response{ID: w.sent[len(w.sent)-1].ID, Kind: protocol.KindCancelled}))
	a.Run()
	a.handle(pageEvent(protocol.Response{ID: w.sent[len(w.sent)-1].ID, Kind: protocol.KindProgress, Progress: &protocol.Progress{Stage: "importance", Done: 1, Total: 4}}))
	if s := panel.Stage(); s != "importance: 25%" {
		t.Errorf("during a comparison the line says %q", s)
	}
}

// TestFirstRunCancelled: a run cancelled before the page has any result
// says so under the run bar too (there is nothing to dim).
func TestFirstRunCancelled(t *testing.T) {
	a, w := NewApp("", ""), &fakeWorker{}
	a.q.Worker = w
	a.handle(pageEvent(protocol.Response{Kind: protocol.KindReady}))
	if !a.Running() {
		t.Fatal("the opening run did not start")
	}
	a.Cancel()
	a.handle(pageEvent(protocol.Response{ID: w.sent[0].ID, Kind: protocol.KindCancelled}))
	if a.Running() || a.Result != nil || a.StaleNote() != "Run cancelled." {
		t.Errorf("running %v, result %v, note %q", a.Running(), a.Result != nil, a.StaleNote())
	}
}

// TestProgressBarsInTheTablesOrder: the run's progress bars list the
// strategies in the order of the table and the legend (optimal first,
// then the catalogue's), though the scenario and the worker's progress
// give them in the form's order.
func TestProgressBarsInTheTablesOrder(t *testing.T) {
	a, w := readyApp(t)
	a.Run()
	s, err := a.Form.Scenario()
	if err != nil {
		t.Fatal(err)
	}
	given := pendingLabels(s)
	var strategies []protocol.StrategyProgress
	for _, l := range given {
		strategies = append(strategies, protocol.StrategyProgress{Label: l, Stage: "waiting"})
	}
	strategies = append(strategies, protocol.StrategyProgress{Label: "not in the scenario", Stage: "waiting"})
	a.handle(pageEvent(protocol.Response{ID: w.sent[len(w.sent)-1].ID, Kind: protocol.KindProgress, Progress: &protocol.Progress{Stage: "importance", Done: 1, Total: 4, Strategies: strategies}}))
	var bars, legend []string
	for _, b := range a.ProgressBars() {
		bars = append(bars, b.Label)
	}
	for _, st := range pendingResult(s).Strategies {
		legend = append(legend, st.Label)
	}
	legend = append(legend, "not in the scenario")
	if !slices.Equal(bars, legend) || bars[0] != "optimal" {
		t.Errorf("the progress bars list %q, want the table's order %q", bars, legend)
	}
	if slices.Equal(given, legend[:len(given)]) {
		t.Errorf("the form already gives the table's order %q: the test proves nothing", given)
	}
}

// TestRunFailureSaidOnce: when the worker's error says why a comparison
// stopped (an alert over the page), the aria-live region no longer says
// "Running the comparison…" and the run bar does not add that the last
// run did not finish, whether one worker ran it or the first of two.
func TestRunFailureSaidOnce(t *testing.T) {
	for _, workers := range []int{1, 2} {
		w, hw := &fakeWorker{}, &fakeWorker{}
		a := parallelApp(t, w, hw)
		if workers == 1 {
			a.q.Helpers = nil
		}
		a.Run()
		if a.q.UsedWorkers != workers {
			t.Fatalf("ran in %d workers, want %d", a.q.UsedWorkers, workers)
		}
		first := lastSent(t, w)
		a.handle(pageEvent(protocol.Response{ID: first.ID, Kind: protocol.KindError, Error: faultMsg, ScenarioFault: true}))
		if a.Running() || a.Error != faultMsg {
			t.Errorf("%d workers: running %v, error %q", workers, a.Running(), a.Error)
		}
		checkFailureSaidOnce(t, a)

		// A failure of the worker's own (not the scenario's) leaves
		// the result marked as left by a run that did not finish, but
		// the live region no longer says a run is going.
		a.Error = ""
		a.Run()
		again := lastSent(t, w)
		a.handle(pageEvent(protocol.Response{ID: again.ID, Kind: protocol.KindError, Error: "out of memory"}))
		if a.Error != "out of memory" || a.Announce != "" || !strings.Contains(a.StaleNote(), "did not finish") {
			t.Errorf("%d workers, the worker's own failure: error %q, said %q, note %q", workers, a.Error, a.Announce, a.StaleNote())
		}
	}
}

// checkFailureSaidOnce checks that a comparison's failure is said by the
// error alone: not by the live region, nor by the run bar's note.
func checkFailureSaidOnce(t *testing.T, a *App) {
	t.Helper()
	if a.Announce != "" {
		t.Errorf("the aria-live region says %q after the failure", a.Announce)
	}
	if a.Stale() || a.StaleNote() != "" {
		t.Errorf("the run bar says %q after the failure the page shows", a.StaleNote())
	}
}

// TestSeedSetRefusalMarksTheSeeds: the engine's refusals of a seed set
// that only the graph can tell (host-roots or community seeds on a graph
// without hosts, found once the run started) are shown beside Run with
// the seeds box marked, as a listed page beyond the graph is.
func TestSeedSetRefusalMarksTheSeeds(t *testing.T) {
	b := graph.NewBuilder(2)
	b.Add(0, 1)
	g, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{"host-roots", "community:3"} {
		spec, err := seeds.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		_, refusal := seeds.Select(g, spec, seeds.Options{})
		if refusal == nil {
			t.Fatalf("%s on a graph without hosts is not refused", text)
		}
		a, w := readyApp(t)
		a.Form.Seeds = text
		a.RunForm()
		a.handle(pageEvent(protocol.Response{ID: w.sent[len(w.sent)-1].ID, Kind: protocol.KindError, Error: refusal.Error(), ScenarioFault: true}))
		if a.FormError != refusal.Error() || a.Error != "" || !a.InvalidInputs()["seeds"] {
			t.Errorf("%s: form error %q, error %q, marked %v", text, a.FormError, a.Error, a.InvalidInputs())
		}
	}
}
