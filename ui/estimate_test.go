package main

import (
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/crawl"
	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// TestRunEstimate: before a comparison on a large generated graph the
// run panel says about how long it will take; a small graph, a graph
// that is not generated and a run in flight say nothing; fewer workers
// take longer.
func TestRunEstimate(t *testing.T) {
	if defaultStrategyCost != crawl.DefaultCost {
		t.Errorf("defaultStrategyCost %v, the engine's crawl.DefaultCost %v", defaultStrategyCost, crawl.DefaultCost)
	}
	a := NewApp("", "")
	if got := a.RunEstimate(); got != "" {
		t.Errorf("the default form's estimate %q, want none", got)
	}
	a.Form.Pages = "2000000"
	got := a.RunEstimate()
	for _, want := range []string{"This comparison will take about ", " minutes in this browser", "2,000,000 pages", "about 16,000,000 links"} {
		if !strings.Contains(got, want) {
			t.Errorf("estimate for 2,000,000 pages %q lacks %q", got, want)
		}
	}
	s, ok := a.pendingScenario()
	if !ok {
		t.Fatal("no scenario")
	}
	if one, three := comparisonSeconds(s, 1), comparisonSeconds(s, 3); !(one > three && three > 0) {
		t.Errorf("one worker %v s, three %v s", one, three)
	}
	for secs, want := range map[float64]string{12: "about 10 seconds", 70: "about a minute", 200: "about 3 minutes", 4000: "about an hour", 20000: "about 6 hours"} {
		if got := aboutDuration(secs); got != want {
			t.Errorf("aboutDuration(%v) = %q, want %q", secs, got, want)
		}
	}
}

// TestNoEstimateBesideARefusal: once the engine refused a comparison that
// it cannot run (a graph too large for the page's memory), the run panel
// no longer says how long that comparison would take beside the error;
// another form has its estimate again.
func TestNoEstimateBesideARefusal(t *testing.T) {
	a, w := readyApp(t)
	a.Form.Pages = "2000000"
	if a.RunEstimate() == "" {
		t.Fatal("no estimate for 2,000,000 pages")
	}
	a.RunForm()
	run := w.sent[len(w.sent)-1]
	const fault = "graph: 2,000,000 pages need more memory than the page may use"
	a.handle(pageEvent(protocol.Response{ID: run.ID, Kind: protocol.KindError, Error: fault, ScenarioFault: true}))
	if a.Error != fault {
		t.Fatalf("the refusal shows %q", a.Error)
	}
	if got := a.RunEstimate(); got != "" {
		t.Errorf("beside the refusal the run panel estimates %q", got)
	}
	a.Form.Pages = "1500000"
	if a.RunEstimate() == "" {
		t.Error("a smaller graph has no estimate after the refusal")
	}
	// Once another comparison ran, the refused one has its estimate again.
	a.RunForm()
	answerRun(t, a, w)
	a.Form.Pages = "2000000"
	if a.RunEstimate() == "" {
		t.Error("after another run, the refused comparison still has no estimate")
	}
}

// TestNoEstimateOfTheResultShown: once a comparison's result is shown,
// the run panel no longer says how long that comparison "will take"; an
// edit of the form brings the estimate of the new scenario back, and so
// does a cancelled run of another one, whose estimate stays.
func TestNoEstimateOfTheResultShown(t *testing.T) {
	a, w := readyApp(t)
	a.Form.Pages = "2000000"
	if a.RunEstimate() == "" {
		t.Fatal("no estimate for 2,000,000 pages")
	}
	a.RunForm()
	answerRun(t, a, w)
	if got := a.RunEstimate(); got != "" {
		t.Errorf("beside the result of the comparison it estimates, the run panel says %q", got)
	}
	a.Form.Pages = "1500000"
	if a.RunEstimate() == "" {
		t.Error("an edited form has no estimate")
	}
	a.RunForm()
	run := w.sent[len(w.sent)-1]
	a.handle(pageEvent(protocol.Response{ID: run.ID, Kind: protocol.KindCancelled}))
	if a.Running() || a.RunEstimate() == "" {
		t.Errorf("after a cancelled run of 1,500,000 pages (running %v) the estimate is %q", a.Running(), a.RunEstimate())
	}
}

// TestRefusalNamingAFieldMarksIt: a refusal that only the graph can give
// (seeds beyond its last page) but that names a field of the form is
// shown beside Run and marks the field, as the form's own refusals are,
// not over the page with the field unmarked; a refusal naming no field
// stays over the page.
func TestRefusalNamingAFieldMarksIt(t *testing.T) {
	a, w := readyApp(t)
	a.Form.Seeds = "list:999999"
	a.RunForm()
	run := w.sent[len(w.sent)-1]
	const fault = "seeds: item 1: page 999999 is beyond the last page 19999"
	a.handle(pageEvent(protocol.Response{ID: run.ID, Kind: protocol.KindError, Error: fault, ScenarioFault: true}))
	if a.FormError != fault || a.Error != "" || a.Running() || a.Announce != "" {
		t.Errorf("form error %q, error %q, running %v, said %q", a.FormError, a.Error, a.Running(), a.Announce)
	}
	if !a.InvalidInputs()["seeds"] {
		t.Errorf("the seeds box is not marked: %v", a.InvalidInputs())
	}
	a.RunForm()
	again := w.sent[len(w.sent)-1]
	const other = "graph: 2,000,000 pages need more memory than the page may use"
	a.handle(pageEvent(protocol.Response{ID: again.ID, Kind: protocol.KindError, Error: other, ScenarioFault: true}))
	if a.Error != other || a.FormError != "" {
		t.Errorf("a refusal naming no field: error %q, form error %q", a.Error, a.FormError)
	}
	// So too on an uploaded graph or one of the site's, whose choice the
	// run bar's button goes to when the form itself says none is chosen
	// (goToTarget): the worker's refusal of the graph chosen names no
	// field of the form.
	for _, source := range []string{SourceUpload, SourceSite} {
		a.Form.Source, a.Error, a.FormError = source, "", ""
		const graph = "graph: the URL list has 5 entries, but the graph has 7 pages"
		a.runRefused(model.Scenario{}, graph)
		if a.Error != graph || a.FormError != "" {
			t.Errorf("%s: a refusal of the graph: error %q, form error %q; want it over the page", source, a.Error, a.FormError)
		}
	}
}
