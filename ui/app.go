package main

import (
	"bytes"
	"errors"
	"fmt"
	"html"
	"net/url"
	"strconv"
	"strings"

	"github.com/vugu/vugu"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/crawlsim/crawlsim/wasm/page"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// Ids of the page's file inputs, which page.Worker.SendFiles reads.
const (
	graphInputID = "graph-file"
	urlsInputID  = "urls-file"
)

// workerScript is the worker's script, relative to the page.
const workerScript = "worker.js"

// App is the page's state and what the user can do with it. The
// components show it and call its methods; every change happens under the
// Vugu event environment's lock (event handlers hold it; work arriving from
// the worker takes it in Deliver).
//
// The worker does one request at a time; q holds the pending ones, each
// with its panel's handlers. App keeps the comparison (the form, the
// graph, the run and its result); the Community and Revisits panels keep
// their own state.
type App struct {
	env vugu.EventEnv
	q   requests

	// Embed is the embed mode (?embed=1 or #embed): chart and Run only.
	Embed bool
	// embedFragment is set when #embed asked for it, so the fragment keeps
	// it after a run.
	embedFragment bool
	// Form is the scenario being edited.
	Form Form
	// FormError says which fields do not read.
	FormError string

	// Graph describes the graph last loaded or generated; graphReq is
	// the load or generate in flight.
	Graph    *protocol.GraphInfo
	graphReq int64
	// Facts are the graph's statistics as label and value pairs, from
	// Graph or else from the result.
	Facts [][2]string

	// runReq is the comparison in flight; resultReq the run that gave
	// Result, whose download orders the worker may still hold.
	runReq, resultReq int64

	// Result is the last comparison, and what is drawn from it.
	Result *model.Result
	// MetricsHead and MetricsRows are the metrics table, as the command
	// line prints it (report.Rows), made once per result.
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
	// announced is the last progress announced, in tens of percent.
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

	// Permalink is the page's address with the last run scenario.
	Permalink string

	// The work to do once the worker is ready: a run, and the upload to
	// send again after a restart.
	runWhenReady  bool
	loadWhenReady bool
	restarts      int
	// dead is set once the worker failed too often; the page then only
	// says so.
	dead bool
	// FirstComparison is the time from the page's start to the first
	// comparison drawn, in milliseconds (0 until then).
	FirstComparison float64
	// parallelState is the workers beside the first one, which run a
	// comparison's strategies in parallel (helpers.go, parallel.go).
	parallelState
}

// NewApp returns the page's state for the page's address (query and
// fragment, without ? and #): the scenario of a permalink, or the default
// one, to be run as soon as the worker is ready.
func NewApp(query, fragment string) *App {
	a := &App{Form: DefaultForm(), Chart: Chart{XAxis: report.XFraction, Cursor: -1}, runWhenReady: true}
	a.Community, a.Revisits = newCommunity(&a.q), newRevisits(&a.q)
	a.Papers = newPapers(&a.q)
	q, _ := url.ParseQuery(query)
	a.workers, a.readyHelpers = workersOf(query), -1
	a.embedFragment = fragment == "embed" || strings.HasPrefix(fragment, "embed&")
	a.Embed = q.Get("embed") == "1" || q.Get("embed") == "true" || a.embedFragment
	s, ok, err := DecodePermalink(fragment)
	switch {
	case err != nil:
		a.Error = err.Error() + "; the default scenario is shown instead."
	case ok:
		a.Form = FormOf(s)
		if a.Form.Source == SourceUpload {
			a.runWhenReady = false
			a.Notice = fmt.Sprintf("This link's scenario runs on the file %s: upload it (with its URL list %s) and press Run.", a.Form.File, orNone(a.Form.URLs))
			a.Form.File, a.Form.URLs = "", ""
		}
	}
	return a
}

func orNone(s string) string {
	if s == "" {
		return "if it has one"
	}
	return s
}

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
	page.OnResize(func() {
		a.env.Lock()
		defer a.env.UnlockRender()
		a.resized()
	})
}

func (a *App) startWorker() {
	w, err := page.StartWorker(workerScript, a.Deliver)
	if err != nil {
		a.Error = err.Error()
		return
	}
	a.q.worker, a.q.ready = w, false
}

// Deliver takes an event of the worker; it runs on the worker's delivery
// goroutine and takes the event environment's lock.
func (a *App) Deliver(e page.Event) {
	a.env.Lock()
	quiet := a.quietProgress(e)
	a.handle(e)
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
	case a.q.deliver(r):
	case r.Kind == protocol.KindError:
		// An error about no pending request (one the worker could not
		// read).
		a.Error = r.Error
	}
}

// ready takes the worker's first message: the upload goes to a restarted
// worker again (a pending run waits for it), or the run the page owes
// starts.
func (a *App) ready() {
	a.q.ready = true
	if a.loadWhenReady {
		a.loadWhenReady = false
		msg := a.Error
		a.LoadFiles()
		if a.Error == "" {
			a.Error = msg
		}
		return
	}
	a.runPending()
}

// workerFailed restarts a failed worker, keeping the scenario; the user's
// upload is sent to the new worker again. Every pending request is
// forgotten.
func (a *App) workerFailed(err error) {
	running := a.Running()
	a.abandonParallel()
	a.lastPar = nil
	var msgs []string
	if terr := a.q.drop(); terr != nil && !errors.Is(terr, page.ErrNotInBrowser) {
		msgs = append(msgs, terr.Error())
	}
	a.restarts++
	if a.restarts > 3 {
		a.dead = true
		a.Error = strings.Join(append([]string{a.deadMessage(err)}, msgs...), " ")
		return
	}
	msg := fmt.Sprintf("The worker failed (%v) and was restarted; your scenario is kept.", err)
	if running {
		msg += " Press Run to try again, perhaps with a smaller graph."
	}
	a.Error = strings.Join(append([]string{msg}, msgs...), " ")
	a.loadWhenReady = a.Form.Source == SourceUpload && a.Form.File != ""
	a.startWorker()
}

func (a *App) deadMessage(err error) string {
	return fmt.Sprintf("The worker failed again (%v). Your scenario is kept in the form and the permalink; reload the page to try again.", err)
}

// runPending starts the run the page owes (the opening one, or one asked
// for before the worker was ready). It keeps what the page says (a
// restart's message, a permalink's notice).
func (a *App) runPending() {
	if !a.runWhenReady {
		return
	}
	a.runWhenReady = false
	msg, notice := a.Error, a.Notice
	a.Run()
	if a.Error == "" && a.FormError == "" {
		a.Error, a.Notice = msg, notice
	}
}

// WorkerBusy reports whether the worker has a request in flight. It does
// one at a time, so every button that starts one is disabled meanwhile.
func (a *App) WorkerBusy() bool { return a.q.Busy() || a.par != nil }

// Running reports whether a comparison is in flight.
func (a *App) Running() bool { return a.q.has(a.runReq) || a.par != nil }

// Progress is the progress of the comparison in flight, nil when none.
func (a *App) Progress() *protocol.Progress {
	if a.par != nil {
		return a.par.progress()
	}
	return a.q.progress(a.runReq)
}

// Loading reports whether a load or generate is in flight.
func (a *App) Loading() bool { return a.q.has(a.graphReq) }

// Run runs the form's scenario in the worker.
func (a *App) Run() {
	a.Error, a.Notice, a.FormError = "", "", ""
	s, err := a.Form.Scenario()
	if err != nil {
		a.FormError = err.Error()
		return
	}
	if a.dead {
		a.Error = a.deadMessage(errors.New("no worker"))
		return
	}
	if a.q.worker == nil || !a.q.ready {
		a.runWhenReady = true
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
}

// runOne runs the comparison s in the first worker alone.
func (a *App) runOne(s model.Scenario, accept func()) {
	req := a.q.request(protocol.KindRun)
	req.Scenario = &s
	err := a.q.start(req, &pending{
		progressed: func(*protocol.Progress) { accept(); a.announceProgress() },
		done:       func(r protocol.Response) { accept(); a.runDone(r) },
		failed:     func(msg string) { accept(); a.Error = msg },
		invalid:    func(msg string) { a.FormError = msg },
		cancelled: func() {
			accept()
			a.Notice = "Run cancelled."
			a.Announce = a.Notice
		},
	})
	if errors.Is(err, errBusy) {
		a.FormError = "The worker is still busy; press Run once it is done."
		return
	}
	if err != nil {
		a.Error = err.Error()
		return
	}
	a.runReq = req.ID
	a.setUsedWorkers(1)
	a.stale = true
	a.Announce, a.announced = "Running the comparison…", 0
}

// setPermalink makes s, a scenario the worker took, the permalink and the
// page's address.
func (a *App) setPermalink(s model.Scenario) {
	if frag, err := EncodePermalink(s); err == nil {
		a.Permalink = page.PageURL() + "#" + frag
		if a.embedFragment {
			frag = "embed&" + frag
		}
		if err := page.SetFragment(frag); err != nil && !errors.Is(err, page.ErrNotInBrowser) {
			a.Notice = "The page's address could not be changed (" + err.Error() + "); the permalink below holds the scenario."
		}
	}
}

// runDone takes the comparison's result and draws what is shown of it.
func (a *App) runDone(r protocol.Response) {
	res, err := reader.ParseResult(bytes.NewReader(r.Result), "the worker's result")
	if err != nil {
		a.Error = err.Error()
		return
	}
	a.Result, a.Graph, a.resultReq = res, nil, r.ID
	head, rows, _ := report.Rows(res)
	a.MetricsHead, a.MetricsRows = head, groupRows(rows)
	a.stale = false
	a.setTimeTable(res)
	a.Facts = graphFacts(a.Graph, a.Result)
	a.restarts = 0
	a.Hidden, a.Highlighted, a.Cursor = nil, "", -1
	a.drawChart()
	a.Announce = fmt.Sprintf("Done: %d strategies compared on %s pages; the chart and the table show the result.", len(res.Strategies), groupDigits(strconv.FormatInt(res.Graph.Pages, 10)))
	if a.FirstComparison == 0 {
		a.FirstComparison = page.Now()
	}
	a.ensureHelpers()
}

// Cancel cancels the comparison in flight.
func (a *App) Cancel() {
	if a.par != nil {
		if err := a.par.cancel(a); err != nil {
			a.Error = err.Error()
		}
		return
	}
	if err := a.q.cancel(a.runReq); err != nil {
		a.Error = err.Error()
	}
}

// UseSeeds makes the extracted community seeds the comparison's seeds and
// runs it: the run extracts them again, the same way (same graph, same
// random seed), so the crawls start from exactly these pages.
func (a *App) UseSeeds() {
	if spec := a.Community.Seeds(); spec != "" {
		a.Form.Seeds = spec
		a.Run()
	}
}

// graphPending is the pending request of a load or generate.
func (a *App) graphPending(kind string) *pending {
	return &pending{
		done: func(r protocol.Response) {
			a.Graph = r.Graph
			a.Facts = graphFacts(a.Graph, a.Result)
			if kind == protocol.KindLoad {
				a.Form.Source, a.Form.File, a.Form.URLs = SourceUpload, r.Graph.Name, r.Graph.URLs
				a.uploadPages, a.uploadLinks = int64(r.Graph.Stats.Pages), r.Graph.Stats.Links
				a.syncHelpers()
				a.markHelpers()
			}
			a.runPending()
		},
		failed: func(msg string) {
			a.runWhenReady = false
			a.Error = msg
		},
	}
}

// Generate generates the form's graph in the worker, for its statistics.
func (a *App) Generate() {
	a.Error, a.FormError = "", ""
	f := a.Form
	f.Source = SourceGenerate
	s, err := f.Setting()
	if err != nil {
		a.FormError = err.Error()
		return
	}
	req := a.q.request(protocol.KindGenerate)
	req.Generate = s.Graph.Generate
	if err := a.q.start(req, a.graphPending(protocol.KindGenerate)); err != nil {
		a.Error = err.Error()
		return
	}
	a.Form.Source = SourceGenerate
	a.graphReq = req.ID
}

// LoadFiles sends the files picked in the file inputs to the worker. The
// browser reads them while the page goes on, so the sending happens on a
// goroutine of its own.
func (a *App) LoadFiles() {
	a.Error, a.FormError = "", ""
	if a.q.worker == nil || !a.q.ready {
		a.Error = errNoWorker.Error()
		return
	}
	if a.q.Busy() {
		a.Error = errBusy.Error()
		return
	}
	req := a.q.request(protocol.KindLoad)
	a.q.register(req.ID, a.graphPending(protocol.KindLoad))
	a.graphReq = req.ID
	// The helpers get the same files, now and when they start: the page
	// keeps them, since a render may empty the inputs.
	if u, err := page.PickUpload(graphInputID, urlsInputID); err == nil {
		a.upload = u
	}
	a.loadHelpers(func(*helper) bool { return true })
	w := a.q.worker
	go func() {
		// The files' names reach the form with the worker's answer
		// (KindGraph), once the graph read well.
		_, err := w.SendFiles(req, graphInputID, urlsInputID, protocol.DefaultMemoryBudget/2)
		if err == nil {
			return
		}
		a.env.Lock()
		defer a.env.UnlockRender()
		if a.q.has(req.ID) {
			delete(a.q.pending, req.ID)
			a.runWhenReady = false
		}
		a.Error = err.Error()
	}()
}

// SetSource chooses a generated graph or an uploaded one.
func (a *App) SetSource(source string) { a.Form.Source = source }

// SetImportance chooses the importance that scores the crawls.
func (a *App) SetImportance(importance string) { a.Form.Importance = importance }

// SetTrust chooses the trust vector: uniform over the seeds, or the
// PageRank vector (SPEC.md section 2).
func (a *App) SetTrust(trust string) { a.Form.Trust = trust }

// SetRelative makes downloads to X count against what each crawl
// collects, or against absolute importance.
func (a *App) SetRelative(on bool) { a.Form.Relative = on }

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

// Download offers the result as CSV, JSON or SVG.
func (a *App) Download(kind string) {
	if a.Result == nil {
		return
	}
	var b bytes.Buffer
	var err error
	name, mime := "crawlsim-result.json", "application/json"
	switch kind {
	case "csv":
		name, mime = "crawlsim-curves.csv", "text/csv"
		err = report.CSV(&b, a.Result)
	case "svg":
		name, mime = "crawlsim-chart.svg", "image/svg+xml"
		err = report.SVG(&b, a.Result, a.chartOptions())
	default:
		err = report.JSON(&b, a.Result)
	}
	if err == nil {
		err = page.Download(name, mime, b.Bytes())
	}
	if err != nil {
		a.Error = err.Error()
	}
}

// DownloadOrders asks the worker for the download orders of the result's
// crawls and offers them as CSV (the command line's run -orders file).
func (a *App) DownloadOrders() {
	a.Error = ""
	if a.Result == nil || a.resultReq == 0 {
		return
	}
	if pr := a.lastPar; pr != nil && pr.merge == a.resultReq {
		labels := make([]string, len(a.Result.Strategies))
		for k, st := range a.Result.Strategies {
			labels[k] = st.Label
		}
		a.parallelOrders(pr, labels)
		return
	}
	req := a.q.request(protocol.KindOrders)
	req.Target = a.resultReq
	err := a.q.start(req, &pending{
		done: func(r protocol.Response) {
			if err := page.Download("crawlsim-orders.csv", "text/csv", []byte(r.Orders)); err != nil {
				a.Error = err.Error()
			}
		},
		failed: func(msg string) { a.Error = msg },
	})
	if err != nil {
		a.Error = err.Error()
	}
}

// FullPageURL is the address of the full page with the last run's
// scenario, for the embed mode's link.
func (a *App) FullPageURL() string {
	if a.Permalink != "" {
		return a.Permalink
	}
	return page.PageURL()
}

// EmbedSnippet is the HTML to paste into a course page.
func (a *App) EmbedSnippet() string {
	src := page.PageURL() + "?embed=1"
	if i := strings.IndexByte(a.Permalink, '#'); i >= 0 {
		src += a.Permalink[i:]
	}
	return `<iframe src="` + html.EscapeString(src) + `" width="900" height="620" style="border:0" title="crawlsim: crawl ordering comparison"></iframe>`
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
		return fmt.Sprintf("%s: %s", p.Stage, groupDigits(strconv.FormatInt(p.Done, 10)))
	}
	return p.Stage
}

// graphFacts are the statistics of graph g, or else of the result's
// graph, as label and value pairs.
func graphFacts(g *protocol.GraphInfo, r *model.Result) [][2]string {
	var facts [][2]string
	if g != nil {
		st := g.Stats
		facts = append(facts, [2]string{"graph", groupDigits(g.Name)}, [2]string{"pages", groupDigits(strconv.Itoa(st.Pages))},
			[2]string{"links", groupDigits(strconv.FormatInt(st.Links, 10))}, [2]string{"dangling pages", groupDigits(strconv.Itoa(st.Dangling))})
		if st.Hosts > 0 {
			facts = append(facts, [2]string{"hosts", groupDigits(strconv.Itoa(st.Hosts))},
				[2]string{"intra / inter-host links", groupDigits(fmt.Sprintf("%d / %d (%.1f%% intra)", st.IntraHost, st.InterHost, 100*st.IntraHostShare()))})
		} else {
			facts = append(facts, [2]string{"hosts", "none (give a URL list for hosts)"})
		}
		return facts
	}
	if r != nil {
		g := r.Graph
		facts = append(facts, [2]string{"graph", groupDigits(g.SourceName)}, [2]string{"pages", groupDigits(strconv.FormatInt(g.Pages, 10))},
			[2]string{"links", groupDigits(strconv.FormatInt(g.Links, 10))}, [2]string{"dangling pages", groupDigits(strconv.FormatInt(g.Dangling, 10))},
		)
		if g.Hosts == 0 {
			facts = append(facts, [2]string{"hosts", "none (give a URL list for hosts)"})
		} else {
			facts = append(facts, [2]string{"hosts", groupDigits(strconv.Itoa(g.Hosts))})
		}
		if g.Links > 0 && g.Hosts > 0 {
			facts = append(facts, [2]string{"intra / inter-host links", groupDigits(fmt.Sprintf("%d / %d (%.1f%% intra)", g.Links-g.InterHost, g.InterHost, 100*float64(g.Links-g.InterHost)/float64(g.Links)))})
		}
	}
	return facts
}

// cellClass is a table cell's class: the first column is a label, the
// others figures aligned right.
func cellClass(i int) string {
	if i == 0 {
		return "label"
	}
	return "num"
}
