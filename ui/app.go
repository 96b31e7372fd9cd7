package main

import (
	"github.com/vugu/vugu"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/crawlsim/crawlsim/ui/workerqueue"
	"github.com/crawlsim/crawlsim/wasm/page"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// App is the page's state and what the user can do with it. The
// components show it and call its methods; every change happens under the
// Vugu event environment's lock (event handlers hold it; work arriving from
// the worker takes it in Deliver).
//
// The worker does one request at a time; q (workerqueue.Queue) holds the
// pending ones, each with its panel's handlers, the first worker's
// restarts and the run it owes, and the helper workers. App keeps the
// comparison (the form, the graph, the run and its result); the
// Community, Revisits and Papers panels keep their own state.
//
// Its methods are kept by concern: the form's setters here, the worker's
// start, events and restarts in worker.go, the graph's load and generate
// in graph.go, the comparison's run, cancel and result in comparison.go,
// the permalink and downloads in share.go.
type App struct {
	env vugu.EventEnv
	q   workerqueue.Queue

	// Embed is the embed mode (?embed=1 or #embed): chart and Run only.
	Embed bool
	// embedFragment is set when #embed asked for it, so the fragment keeps
	// it after a run.
	embedFragment bool
	// Form is the scenario being edited.
	Form Form
	// FormError says which fields do not read.
	FormError string

	// Graph describes the graph last loaded or generated (q.GraphReq is
	// the load or generate in flight).
	Graph *protocol.GraphInfo
	// Facts are the graph's statistics as label and value pairs, from
	// Graph or else from the result.
	Facts [][2]string

	// Result is the last comparison, and what is drawn from it.
	Result *model.Result
	// MetricsHead and MetricsRows are the metrics table, the command
	// line's figures a column each (report.ReadableRows), made once per
	// result.
	MetricsHead []string
	MetricsRows [][]string
	// ResultState marks the result stale while another run goes, and
	// holds the simulated-time table of a politeness run.
	ResultState
	// Chart is the chart's state: axis, size, legend, crosshair.
	Chart
	// Pinned is the result kept to compare with the next runs (pin.go).
	Pinned *Pinned
	// Announce is what the aria-live region says: the run's progress and
	// its end.
	Announce string
	// announced is the last progress announced, in tens of percent (-1:
	// none yet).
	announced int

	// Community is the Community seeds panel's state.
	Community Community
	// Revisits is the Revisits panel's state.
	Revisits Revisits
	// Papers is the Papers panel's state.
	Papers Papers
	// Glossary is the metrics glossary's state (glossary.go).
	Glossary Glossary

	// Error and Notice are shown in the page; Error until the next action.
	Error  string
	Notice string
	// CopyNotice says where the last copy of the metrics table went,
	// beside the buttons that copy it (CopyTable), until the next copy or
	// run: the page's notice is a screen or more above them.
	CopyNotice string
	// panelErr is the error of the last load or generate that the Graph
	// panel's own buttons asked for; Error is shown in that panel, by
	// the button pressed, while it is still this one (PanelError).
	panelErr string
	// panelAsks is set while Load or Generate starts its request, so
	// that the request's failure is said in the Graph panel.
	panelAsks bool
	// panelFormErr is the FormError of the last Generate that refused
	// the form's fields: shown in the Graph panel too (PanelError)
	// while FormError is still this one.
	panelFormErr string

	// Permalink is the page's address with the last run scenario, and
	// permalinkGraph that scenario's graph (EmbedFileNote).
	Permalink      string
	permalinkGraph model.Source
	// permalinkTimed says that scenario runs on the politeness clock,
	// so that its chart has a time axis (showPermalink).
	permalinkTimed bool
	// scenarioFragment is the fragment that holds the last run scenario,
	// without the chart's view (showPermalink).
	scenarioFragment string

	// keepAddress keeps the page's address as the user opened it, a
	// link the page could not read, until the user runs something
	// (permalink.go).
	keepAddress bool
	// waitingLink is a permalink put in the address while the worker
	// was busy, applied once it is idle (permalink.go).
	waitingLink *waitingLink
	// marks are the form's inputs its refusal names (InvalidInputs).
	marks fieldMarks
	// fileLink is the link whose files the notice asks for, until the
	// next run (embed_upload.go).
	fileLink *fileLink
	// picked is the upload taken last from the file inputs, by Load or
	// by Run (run_picked.go).
	picked *page.Upload
	// FirstComparison is the time from the page's start to the first
	// comparison drawn, in milliseconds (0 until then).
	FirstComparison float64
	// lastProgressRender is when a progress last re-rendered the page
	// (page.Now, in milliseconds; quietProgress).
	lastProgressRender float64
	// siteState is the graphs of the page's site (sitegraphs.go).
	siteState
	// opening, when set, is the address's scenario, which the opening run
	// runs while the form shows edits kept from before a reload
	// (restoreDraft); the user's Run takes the form (RunForm).
	opening *model.Scenario
	// draftKept is the form's text last kept in the tab's storage
	// (keepDraft).
	draftKept string
	// replaced is what a link put in the address replaced: the form's
	// edits not run on the address before it (takeReplacedEdits).
	replaced *replacedEdits
	// refusedRun is the scenario the engine refused once its run started
	// (runRefused), until the next Run.
	refusedRun *model.Scenario
	// chartIntoView asks the next render to scroll the chart's box into
	// view (ChartView.Rendered).
	chartIntoView bool
}

// NewApp returns the page's state for the page's address (query and
// fragment, without ? and #): the scenario of a permalink, or the default
// one, to be run as soon as the worker is ready.
func NewApp(query, fragment string) *App {
	a := &App{Form: DefaultForm(), Chart: Chart{XAxis: report.XFraction, Cursor: -1}, q: workerqueue.New(workersOf(query))}
	a.q.RunLater()
	a.Community, a.Revisits = newCommunity(&a.q.Requests), newRevisits(&a.q.Requests)
	a.Papers = newPapers(&a.q.Requests)
	a.Embed, a.embedFragment = embedOf(query, fragment)
	s, ok, err := DecodePermalink(fragment)
	switch {
	case err != nil:
		a.Error, a.keepAddress = linkError(err, "the default scenario is shown instead"), true
	case ok:
		var notice string
		a.Form, notice = FormOfLink(s)
		var viewNotice string
		a.XAxis, a.LogX, viewNotice = viewOf(fragment)
		notice = joinNotices(notice, viewNotice)
		// A graph of the site is downloaded by the opening run
		// (loadSiteFirst); an upload's files must be chosen.
		if a.Form.Source == SourceUpload {
			a.q.DropRun()
			a.askForFiles(s)
		}
		a.Notice = joinNotices(a.Notice, notice)
	}
	a.restoreDraft(fragment)
	return a
}

// SetImportance chooses the importance that scores the crawls.
func (a *App) SetImportance(importance string) { a.Form.Importance = importance }

// SetTrust chooses the trust vector: uniform over the seeds, or the
// PageRank vector (docs/algorithms.md section 2).
func (a *App) SetTrust(trust string) { a.Form.Trust = trust }

// SetRelative makes downloads to X count against what each crawl
// collects, or against absolute importance.
func (a *App) SetRelative(on bool) { a.Form.Relative = on }

// SetSharedLink gives the bandwidth to one link shared by the
// connections, or to each connection.
func (a *App) SetSharedLink(on bool) { a.Form.SharedLink = on }

// SetTimed turns the politeness clock on or off.
func (a *App) SetTimed(on bool) {
	a.Form.Timed = on
	if !on && a.XAxis == report.XTime {
		a.SetXAxis(report.XFraction)
	}
}

// SetStrategy selects or drops strategy i of the form.
func (a *App) SetStrategy(i int, on bool) { a.Form.Strategies[i].On = on }

// ApplyPreset selects a paper's strategies, those the graph supports
// (needs.go).
func (a *App) ApplyPreset(i int) {
	a.Form.ApplyPreset(Presets[i])
	a.dropUnavailable()
}

// cellClass is a table cell's class: the first column is a label, the
// others figures aligned right.
func cellClass(i int) string {
	if i == 0 {
		return "label"
	}
	return "num"
}
