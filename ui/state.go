package main

import (
	"cmp"
	"slices"
	"strconv"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/crawlsim/crawlsim/ui/formcheck"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// ResultState says what the shown result is while the page works on
// another: stale is set when a comparison starts (or a link puts another
// scenario in the form without running it: markLinked) and cleared when
// its result replaces the shown one, so a cancelled or failed run leaves
// the old result marked.
type ResultState struct {
	stale bool
	// cancelled says the comparison last started was cancelled.
	cancelled bool
	// linked says the form holds a link's scenario, applied and not run
	// yet (markLinked): the result is stale, of the scenario before.
	linked bool
	// before is stale and cancelled as they were before the comparison
	// last started, for a scenario the worker refuses (refused).
	before resultMark
	// TimeHead and TimeRows are the simulated-time table of a politeness
	// run, as the command line prints it after the comparison table
	// (report.TimeRows); TimeRows is empty when no strategy was timed.
	// TimeUntimed lists the strategies run without the clock, TimeLate
	// says a time was read at a later curve point (written ≤).
	TimeHead    []string
	TimeRows    [][]string
	TimeUntimed []string
	TimeLate    bool
	// runTimeRows and runTimeUntimed are the simulated-time table's
	// stand-ins of the comparison last started (timeStandIns).
	runTimeRows    [][]string
	runTimeUntimed []string
	// runKey is the comparison last started, and shownKey the one whose
	// result is shown (scenarioKey), so that a cancelled re-run of the
	// shown scenario leaves its result unmarked (rerun.go).
	runKey, shownKey string
	// runOrder lists the labels of the comparison last started in the one
	// order of the table and the legend (pendingResult's).
	runOrder []string
}

// resultMark is what the page says of the result shown: stale (of an
// earlier scenario than the one last started), and whether the last run
// was cancelled.
type resultMark struct{ stale, cancelled, linked bool }

// started records that a comparison of s started in workers workers: the
// result shown is now stale, and the time table's stand-ins are s's.
func (a *App) started(s model.Scenario, workers int) {
	a.setUsedWorkers(workers)
	a.before = resultMark{stale: a.stale, cancelled: a.cancelled, linked: a.linked}
	a.stale, a.cancelled, a.linked = true, false, false
	a.runKey = scenarioKey(s)
	a.runOrder = a.runOrder[:0]
	for _, st := range pendingResult(s).Strategies {
		a.runOrder = append(a.runOrder, st.Label)
	}
	a.runTimeRows, a.runTimeUntimed = timeStandIns(s)
	// The first progress is said whatever its figure, so that a short
	// run too says how far it is before it is done.
	a.Announce, a.announced = "Running the comparison…", -1
}

// Stale reports whether the result shown is of an earlier scenario than
// the one running or last started.
func (a *App) Stale() bool { return a.Result != nil && a.stale }

// StaleNote says why the shown result is dimmed, or that the run was
// cancelled when there is no result to dim; "" when neither.
func (a *App) StaleNote() string {
	switch {
	case a.Running() && a.Stale():
		return "Results of the previous run, shown dimmed until this run finishes."
	case a.Running():
	case a.cancelled && a.Stale():
		return "Run cancelled: these results are of the previous run, not of the scenario in the form."
	case a.cancelled && a.Result != nil:
		return cancelledRerunNote
	case a.cancelled:
		return "Run cancelled."
	case a.linked && a.Stale():
		return linkedNote
	case a.Stale():
		return "Results of the previous run: the last run did not finish, so these are not of the scenario in the form."
	}
	return ""
}

// StaleClass is the CSS class of a part of the page that shows the
// result: "stale" dims it while it is of an earlier run.
func (a *App) StaleClass() string {
	if a.Stale() {
		return "result stale"
	}
	return "result"
}

// runCancelled takes the cancel of the comparison: the note under the
// run bar says so (not a banner over the page, which pushed everything
// down), and the aria-live region.
func (a *App) runCancelled() {
	a.cancelled = true
	a.keepShownIfRerun()
	a.Announce = "Run cancelled."
}

// refused takes the worker's refusal of the fields of the comparison s,
// named as the form names them: no run started, so the result shown is as stale as
// before, the aria-live region no longer says a run is going, and the
// refusal is shown where the form's errors go (an alert: it is read
// out).
func (a *App) refused(s model.Scenario, fields []protocol.FieldError) {
	a.FormError = fieldsText(fields, func(path string) string { return comparisonFieldName(s, path) })
	a.stale, a.cancelled, a.linked = a.before.stale, a.before.cancelled, a.before.linked
	a.Announce = ""
}

// runFailed takes the worker's error for the comparison last started: it
// is shown over the page (an alert: it is read out), so the aria-live
// region no longer says a run is going. The result shown stays marked as
// left by a run that did not finish.
func (a *App) runFailed(msg string) {
	a.Error = msg
	a.Announce = ""
}

// runRefused takes an error the engine gave for the comparison's
// scenario s (protocol.Response.ScenarioFault) once its run started: it
// is shown as runFailed shows an error, or, when it names a field of the
// form ("seeds: item 1: page 999999 is beyond the last page 2999", which
// only the graph can tell), beside Run as the form's own refusals are,
// the field marked (InvalidInputs). As for a refusal of its fields
// (refused), the result keeps the mark it had before the run started,
// the error saying why no result came. No estimate of s's time is shown
// beside it (RunEstimate).
func (a *App) runRefused(s model.Scenario, msg string) {
	a.refusedRun = &s
	if id, _ := invalidTarget(a.Form, msg); id != "" {
		a.FormError, a.Announce = msg, ""
	} else {
		a.runFailed(msg)
	}
	a.stale, a.cancelled, a.linked = a.before.stale, a.before.cancelled, a.before.linked
}

// setTimeTable makes the simulated-time table of r.
func (a *App) setTimeTable(r *model.Result) {
	head, rows, late, untimed := report.TimeRows(r)
	a.TimeHead, a.TimeRows, a.TimeLate, a.TimeUntimed = head, groupRows(rows), late, untimed
}

// NoHostsReason says why the work that needs hosts (community seeds) cannot
// run on the form's graph: an uploaded graph whose hosts are known to be
// none. It is "" when the graph has hosts (a generated one always has) or
// when the page does not know yet (a file not loaded).
func (a *App) NoHostsReason() string {
	hosts, known := a.formGraphHosts()
	if !known || hosts > 0 {
		return ""
	}
	return "This graph has no hosts: load it again with its URL list (hosts come from the URLs' host names)."
}

// formGraphHosts returns the hosts of the form's graph, and whether the
// page knows them: from the graph last loaded, or else from the result of
// a run on the same file.
func (a *App) formGraphHosts() (int, bool) {
	f := a.Form
	switch {
	case !f.OnFile():
		// The generator puts every page on a host (at least one).
		return 1, true
	case f.File == "":
		return 0, false
	case a.Graph != nil && a.Graph.Name == f.File:
		return a.Graph.Stats.Hosts, true
	case a.Result != nil && a.Result.Scenario.Graph.File == f.File && a.Result.Scenario.Graph.URLs == f.URLs:
		return a.Result.Graph.Hosts, true
	}
	return 0, false
}

// pagesField reads the generator's page count as the command line reads
// -n: 1 or more (the worker checks the rest, as scenario.Normalize does
// for the command line), a 0 refused in the command line's words. A blank
// field is refused too, where the command line would take its default,
// 100,000 pages: a long run in a browser, which this page starts with
// PagePages instead.
func pagesField(e *formcheck.Errors, text string) int {
	if text == "" {
		want, _ := zeroNotAllowed("graph.generate.pages")
		e.Bad("pages", "empty: give the number of pages, %s (this page starts with %s; crawlsim run generates %s unless -n says otherwise)",
			want, model.Count(PagePages), model.Count(catalogue.DefaultPages))
		return 0
	}
	if v, err := strconv.ParseInt(text, 10, 64); err == nil && v <= 0 {
		// Not the generic zero's advice: blank is refused here too.
		want, _ := zeroNotAllowed("graph.generate.pages")
		e.Bad("pages", "%d is not allowed: want %s", v, want)
		return 0
	}
	return int(e.Count("pages", "graph.generate.pages", text))
}

// ProgressBars are the running comparison's progress bars, one per
// strategy, in the order in which the table and the legend list them
// (model.OrderStrategies), whatever order the scenario and the worker
// gave; a strategy the order does not know comes last.
func (a *App) ProgressBars() []protocol.StrategyProgress {
	p := a.Progress()
	if p == nil {
		return nil
	}
	place := func(label string) int {
		if i := slices.Index(a.runOrder, label); i >= 0 {
			return i
		}
		return len(a.runOrder)
	}
	bars := slices.Clone(p.Strategies)
	slices.SortStableFunc(bars, func(x, y protocol.StrategyProgress) int { return cmp.Compare(place(x.Label), place(y.Label)) })
	return bars
}
