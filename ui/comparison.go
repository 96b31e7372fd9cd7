package main

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/crawlsim/crawlsim/ui/workerqueue"
	"github.com/crawlsim/crawlsim/wasm/page"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// Running reports whether a comparison is in flight.
func (a *App) Running() bool { return a.q.Has(a.q.RunReq) || a.q.Par != nil }

// Progress is the progress of the comparison in flight, nil when none.
func (a *App) Progress() *protocol.Progress {
	if a.q.Par != nil {
		return a.q.Par.Progress()
	}
	return a.q.Progress(a.q.RunReq)
}

// Run runs the form's scenario in the worker, or the address's while the
// opening run owes it (App.opening).
func (a *App) Run() {
	if a.embedCannotRun() {
		return
	}
	a.Error, a.Notice, a.FormError, a.fileLink = "", "", "", nil
	a.CopyNotice = ""
	a.refusedRun = nil
	a.panelErr, a.panelFormErr = "", ""
	a.marks = fieldMarks{}
	a.keepAddress = false
	if a.loadPickedFirst() || a.loadSiteFirst() {
		return
	}
	s, err := a.Form.Scenario()
	if a.opening != nil {
		s, err = *a.opening, nil
	}
	if err != nil {
		a.FormError = err.Error()
		return
	}
	if a.q.Dead() {
		a.Error = a.deadMessage(errors.New("no worker"))
		return
	}
	// A first worker loading the upload again (after a restart, or a load
	// it refused) runs once it holds it.
	if a.q.Worker == nil || !a.q.Ready || a.q.Resending() {
		a.q.RunLater()
		return
	}
	// The worker normalises the scenario: its refusal names the fields,
	// shown where the form's own errors go; any other answer (progress,
	// result, a failure or the cancel's) says it took the scenario, which
	// then becomes the permalink.
	accepted := false
	accept := func() {
		if !accepted {
			accepted = true
			a.setPermalink(s)
		}
	}
	if a.FirstComparison != 0 {
		a.ensureHelpers()
	}
	if !a.runParallel(s, accept) {
		a.runOne(s, accept)
	}
	a.opening = nil
}

// RunForm runs the form's scenario as it is, edits kept from before a
// reload included: the Run button's action. The edits a link replaced
// are then forgotten.
func (a *App) RunForm() {
	a.opening, a.replaced = nil, nil
	a.Run()
}

// runOne runs the comparison s in the first worker alone.
func (a *App) runOne(s model.Scenario, accept func()) {
	req := a.q.Request(protocol.KindRun)
	req.Scenario = &s
	err := a.q.Start(req, &workerqueue.Pending{
		Progressed: func(*protocol.Progress) { accept(); a.announceProgress() },
		Done:       func(r protocol.Response) { accept(); a.runDone(r) },
		Failed:     func(msg string) { accept(); a.runFailed(msg) },
		ByScenario: func(msg string) { accept(); a.runRefused(s, msg) },
		Invalid:    func(fields []protocol.FieldError) { a.refused(s, fields) },
		Cancelled: func() {
			accept()
			a.runCancelled()
		},
	})
	if errors.Is(err, workerqueue.ErrBusy) {
		a.FormError = "The worker is still busy; press Run once it is done."
		return
	}
	if err != nil {
		a.Error = err.Error()
		return
	}
	a.q.RunReq = req.ID
	a.started(s, 1)
}

// runDone takes the comparison's result and draws what is shown of it.
func (a *App) runDone(r protocol.Response) {
	res, err := reader.ParseResult(bytes.NewReader(r.Result), "the worker's result")
	if err != nil {
		a.Error = err.Error()
		return
	}
	// The one order of every listing (the command line's too).
	model.OrderStrategies(res.Strategies, catalogue.Strategies)
	a.Result, a.Graph, a.q.ResultReq = res, nil, r.ID
	head, rows := report.ReadableRows(res)
	a.MetricsHead, a.MetricsRows = head, groupRows(rows)
	a.stale, a.linked = false, false
	a.shownKey = a.runKey
	a.setTimeTable(res)
	a.Facts = graphFacts(a.Graph, a.Result)
	a.q.Succeeded()
	a.Hidden, a.Highlighted, a.Cursor = nil, "", -1
	a.drawChart()
	shown := "the chart and the table show the result"
	if a.Embed {
		// An embedded page has the chart and its legend, no table.
		shown = "the chart shows the result; the full page also has the tables"
	}
	a.Announce = fmt.Sprintf("Done: %s compared on %s; %s.", model.Counted(int64(len(res.Strategies)), "strategy", "strategies"), model.Counted(res.Graph.Pages, "page", "pages"), shown)
	if a.FirstComparison == 0 {
		a.FirstComparison = page.Now()
	}
	a.ensureHelpers()
}

// Cancel cancels the comparison in flight.
func (a *App) Cancel() {
	if a.q.Par != nil {
		if err := a.cancelParallel(a.q.Par); err != nil {
			a.Error = err.Error()
		}
		return
	}
	if err := a.q.Cancel(a.q.RunReq); err != nil {
		a.Error = err.Error()
	}
}

// UseSeeds makes the extracted community seeds the comparison's seeds and
// runs it: the run extracts them again, the same way (same graph, same
// random seed), so the crawls start from exactly these pages.
func (a *App) UseSeeds() {
	if spec := a.Community.Seeds(); spec != "" {
		a.Form.Seeds = spec
		a.RunForm()
	}
}

// ProgressPercent returns p's fraction done in percent, 0 when unknown.
func ProgressPercent(done, total int64) int {
	if total <= 0 {
		return 0
	}
	return int(min(100, 100*done/total))
}

// Stage returns the stage of the run in flight, in words.
func (a *App) Stage() string { return progressText(a.Progress()) }

// progressText writes a progress in words: its stage and how far it is.
func progressText(p *protocol.Progress) string {
	switch {
	case p == nil:
		return ""
	case p.Total > 0:
		return fmt.Sprintf("%s: %d%%", p.Stage, ProgressPercent(p.Done, p.Total))
	case p.Done > 0:
		return fmt.Sprintf("%s: %s", p.Stage, model.Count(p.Done))
	}
	return p.Stage
}
