package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/vugu/vugu"

	"github.com/crawlsim/crawlsim/wasm/page"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// workerScript is the worker's script, relative to the page.
const workerScript = "worker.js"

// Start starts the worker; env is the page's event environment. It holds
// the environment's lock meanwhile (Init runs without it): a worker that
// page.js started early may have said it is ready already, and
// StartWorker hands that on to Deliver, which must find the worker
// installed, or the page would wait for a second "ready" that never comes.
func (a *App) Start(env vugu.EventEnv) {
	a.env = env
	env.Lock()
	a.startWorker()
	env.UnlockRender()
	a.watchAddress()
	a.loadSiteList()
	page.OnResize(func() {
		a.env.Lock()
		defer a.env.UnlockRender()
		a.resized()
	})
	page.RevealFocusWithin(".table-scroll")
}

func (a *App) startWorker() {
	w, err := page.StartWorker(workerScript, a.Deliver)
	if err != nil {
		a.Error = err.Error()
		return
	}
	a.q.Worker, a.q.Ready = w, false
}

// Deliver takes an event of the worker; it runs on the worker's delivery
// goroutine and takes the event environment's lock.
func (a *App) Deliver(e page.Event) {
	a.env.Lock()
	quiet := a.quietProgress(e)
	busy := a.busyPanels()
	a.handle(e)
	a.keepFocusOfEndedWork(busy)
	a.applyWaitingLink()
	if quiet {
		a.env.UnlockOnly()
		return
	}
	a.env.UnlockRender()
}

// handle applies a worker event to the state: the worker's failure or
// readiness here, every other answer to its pending request.
func (a *App) handle(e page.Event) {
	if e.Failed != nil {
		a.workerFailed(e.Failed)
		return
	}
	r := e.Response
	switch {
	case r.Kind == protocol.KindReady:
		a.ready()
	case a.q.Deliver(e):
	case r.Kind == protocol.KindError:
		// An error about no pending request (one the worker could not
		// read).
		a.Error = r.Error
	}
}

// ready takes the worker's first message: the upload the user loaded
// goes to a restarted worker again (a pending run waits for it), or the
// run the page owes starts.
func (a *App) ready() {
	if a.q.WorkerReady() {
		// The files the worker accepted last, not the inputs' (they may
		// have been changed or emptied since), nor files it refused.
		if a.q.Upload != nil {
			a.resendUpload()
			return
		}
	}
	a.runPending()
}

// workerFailed restarts a failed worker, keeping the scenario; the user's
// upload is sent to the new worker again. Every pending request is
// forgotten.
func (a *App) workerFailed(err error) {
	running := a.Running()
	a.abandonParallel()
	a.q.LastPar = nil
	var msgs []string
	terr, dead := a.q.Failed(a.Form.OnFile() && a.Form.File != "")
	if terr != nil && !errors.Is(terr, page.ErrNotInBrowser) {
		msgs = append(msgs, terr.Error())
	}
	// An upload on its way was not accepted: the new worker is sent the
	// one accepted before.
	a.uploadAnswered(a.q.Sending, false, false)
	if dead {
		a.Error = strings.Join(append([]string{a.deadMessage(err)}, msgs...), " ")
		return
	}
	msg := fmt.Sprintf("The worker failed (%v) and was restarted; your scenario is kept.", err)
	if running {
		msg += " Press Run to try again, perhaps with a smaller graph."
	}
	a.Error = strings.Join(append([]string{msg}, msgs...), " ")
	a.startWorker()
}

func (a *App) deadMessage(err error) string {
	return fmt.Sprintf("The worker failed again (%v). Your scenario is kept in the form and the permalink; reload the page to try again.", err)
}

// runPending starts the run the page owes (the opening one, or one asked
// for before the worker was ready). It keeps what the page says (a
// restart's message, a permalink's notice).
func (a *App) runPending() {
	if !a.q.TakeRun() {
		return
	}
	msg, notice, keep := a.Error, a.Notice, a.keepAddress
	a.Run()
	if a.Error == "" && a.FormError == "" {
		a.Error, a.Notice = msg, notice
	}
	// A run the user did not ask for keeps the address the user opened.
	a.keepAddress = keep
}

// WorkerBusy reports whether the worker has a request in flight, or a
// graph of the site downloads for it. It does one at a time, so every
// button that starts one is disabled meanwhile (BusyDisabled).
func (a *App) WorkerBusy() bool { return a.q.Busy() || a.q.Par != nil || a.siteFetching }

// BusyDisabled is the aria-disabled attribute of a button that starts
// work in the worker: "true" while the worker is busy. Such a button is
// not given the disabled property, which would send the focus of the
// keyboard user who pressed it to the page's start (a disabled element
// cannot hold the focus): it keeps the focus and its place in the Tab
// order, is styled and announced as unavailable, and a press on it does
// nothing (WhenIdle).
func (a *App) BusyDisabled() string { return ariaBool(a.WorkerBusy()) }

// ariaBool is b as a true/false ARIA state (aria-busy, aria-pressed):
// Vugu writes a bound bool as an HTML boolean attribute, whose value is
// its name (aria-busy="aria-busy"), which no reader takes as true.
func ariaBool(b bool) string { return strconv.FormatBool(b) }

// CancelBeside is the press of a panel's Cancel button, which goes away
// with the work it cancels: it cancels, and gives the focus to the button
// start beside it, which started the work, so that the focus does not
// fall to the page's start.
func (a *App) CancelBeside(cancel func(), start string) {
	cancel()
	focusElement(start)
}

// panelWork is a panel's work in the worker: whether it goes, the id of
// the panel's Cancel button, which goes away with it, and the id of the
// button that started it.
type panelWork struct {
	busy          func() bool
	cancel, start string
}

// panelWorks returns the panels' works.
func (a *App) panelWorks() []panelWork {
	return []panelWork{
		{a.Community.Busy, "cancel-seeds", "extract-seeds"},
		{a.Revisits.Busy, "cancel-refresh", "run-refresh"},
		{a.Papers.Busy, "cancel-papers", "run-papers"},
	}
}

// busyPanels reports, for each of panelWorks, whether its work goes.
func (a *App) busyPanels() []bool {
	works := a.panelWorks()
	busy := make([]bool, len(works))
	for i, w := range works {
		busy[i] = w.busy()
	}
	return busy
}

// keepFocusOfEndedWork gives the focus to the button that started a
// panel's work when the work has ended by itself (busy says which went
// before) while its Cancel, which goes away with it, held the focus: a
// keyboard user waiting on Cancel keeps a place beside it instead of
// falling to the page's start, as a press on Cancel does (CancelBeside).
func (a *App) keepFocusOfEndedWork(busy []bool) {
	for i, w := range a.panelWorks() {
		if busy[i] && !w.busy() && focusedID() == w.cancel {
			focusElement(w.start)
		}
	}
}

// focusedID returns the id of the element that holds the focus
// (page.FocusedID).
var focusedID = page.FocusedID

// WhenIdle is the press of a button that starts work in the worker: it
// does start, unless the worker is busy (BusyDisabled).
func (a *App) WhenIdle(start func()) {
	if !a.WorkerBusy() {
		start()
	}
}

// SubmitWhenIdle is the submission of a form whose submit button starts
// work in the worker (the comparison's form in the run bar, the
// Community seeds' and the Revisits' panels): a press on that button,
// or Enter in one of the form's single-line fields, which the browser
// turns into a press on it. It starts the work unless the worker is
// busy (WhenIdle), and keeps the browser from loading the page again
// with the form's fields in its address. The forms take no part in the
// browser's own checks (novalidate): the panel's refusal names what is
// wrong, and the field, whichever way the work is asked for.
func (a *App) SubmitWhenIdle(event vugu.DOMEvent, start func()) {
	event.PreventDefault()
	a.WhenIdle(start)
}

// BusyReason says, beside the disabled Run button, what the worker is
// doing when it is not the comparison (whose progress shows there), and
// where to cancel it; "" when the worker is idle or runs the comparison.
// What it does comes first: on phones the line is cut to the room left.
func (a *App) BusyReason() string {
	if !a.WorkerBusy() || a.Running() {
		return ""
	}
	switch {
	case a.Papers.Busy():
		return "Reproducing papers: Run waits (Cancel in the Papers panel)."
	case a.Revisits.Busy():
		return "Simulating revisits: Run waits (Cancel in the Revisits panel)."
	case a.Community.Busy():
		return "Extracting community seeds: Run waits (Cancel in the Community panel)."
	case a.Loading():
		return a.GraphWork() + ": Run waits."
	}
	return "The worker is busy: Run waits."
}

// GraphWork says what the worker does with the graph while it is read
// (Loading): "Generating the graph" for Generate and describe, "Reading
// the graph" for an upload, "Downloading the graph from the site" for a
// graph of the site.
func (a *App) GraphWork() string {
	if a.siteFetching {
		return "Downloading the graph from the site"
	}
	if a.q.GraphKind == protocol.KindGenerate {
		return "Generating the graph"
	}
	return "Reading the graph"
}
