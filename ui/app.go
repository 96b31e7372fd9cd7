package main

import (
	"bytes"
	"errors"
	"fmt"
	"html"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/vugu/vugu"

	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/engine/seeds"
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
type App struct {
	env    vugu.EventEnv
	worker *page.Worker
	nextID int64

	// Embed is the embed mode (?embed=1 or #embed): chart and Run only.
	Embed bool
	// embedFragment is set when #embed asked for it, so the fragment keeps
	// it after a run.
	embedFragment bool
	// Form is the scenario being edited.
	Form Form
	// FormError says which fields do not read.
	FormError string

	// Graph describes the graph last loaded or generated.
	Graph     *protocol.GraphInfo
	graphReq  int64
	graphKind string

	// runReq is the run in flight, 0 when none.
	runReq   int64
	Progress *protocol.Progress

	// Result is the last comparison, and what is drawn from it.
	Result *scenario.Result
	// Chart is the chart's state: axis, size, legend, crosshair.
	Chart
	// Announce is what the aria-live region says: the run's progress and
	// its end.
	Announce string
	// announced is the last progress announced, in tens of percent.
	announced int

	// The Seeds panel: community seeds extracted and evaluated in the
	// worker (a scenario with a seed study and no strategy).
	SeedsK, SeedsDensity string
	seedsReq             int64
	SeedsProgress        *protocol.Progress
	SeedStudy            *scenario.Result
	DepthSVG             string
	SeedsError           string

	// The Revisit panel: revisit policies simulated in the worker.
	RefreshForm     RefreshForm
	refreshReq      int64
	RefreshProgress *protocol.Progress
	RefreshResult   *scenario.RefreshResult
	RefreshSVG      string
	RefreshError    string

	// Error and Notice are shown in the page; Error until the next action.
	Error  string
	Notice string

	// Permalink is the page's address with the last run scenario.
	Permalink string

	// pending is the work to do once the worker is ready: a run, and
	// the upload to send again after a restart.
	runWhenReady  bool
	loadWhenReady bool
	ready         bool
	restarts      int
	// dead is set once the worker failed too often; the page then only
	// says so.
	dead bool
	// FirstComparison is the time from the page's start to the first
	// comparison drawn, in milliseconds (0 until then).
	FirstComparison float64
}

// NewApp returns the page's state for the page's address (query and
// fragment, without ? and #): the scenario of a permalink, or the default
// one, to be run as soon as the worker is ready.
func NewApp(query, fragment string) *App {
	a := &App{Form: DefaultForm(), Chart: Chart{XAxis: report.XFraction, Cursor: -1}, runWhenReady: true, SeedsK: "10", SeedsDensity: "100", RefreshForm: DefaultRefreshForm()}
	q, _ := url.ParseQuery(query)
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

// Start starts the worker; env is the page's event environment.
func (a *App) Start(env vugu.EventEnv) {
	a.env = env
	a.startWorker()
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
	a.worker, a.ready = w, false
}

// Deliver takes an event of the worker; it runs on the worker's delivery
// goroutine and takes the event environment's lock.
func (a *App) Deliver(e page.Event) {
	a.env.Lock()
	defer a.env.UnlockRender()
	a.handle(e)
}

// handle applies a worker event to the state.
func (a *App) handle(e page.Event) {
	if e.Failed != nil {
		a.workerFailed(e.Failed)
		return
	}
	r := e.Response
	switch r.Kind {
	case protocol.KindReady:
		a.ready = true
		if a.loadWhenReady {
			// The upload goes to the new worker again; a pending run
			// waits for it.
			a.loadWhenReady = false
			msg := a.Error
			a.LoadFiles()
			if a.Error == "" {
				a.Error = msg
			}
			return
		}
		a.runPending()
	case protocol.KindGraph:
		if r.ID != a.graphReq {
			return
		}
		a.graphReq, a.Graph = 0, r.Graph
		if a.graphKind == protocol.KindLoad {
			a.Form.Source, a.Form.File, a.Form.URLs = SourceUpload, r.Graph.Name, r.Graph.URLs
		}
		a.runPending()
	case protocol.KindProgress:
		switch r.ID {
		case a.runReq:
			a.Progress = r.Progress
			a.announceProgress()
		case a.seedsReq:
			a.SeedsProgress = r.Progress
		case a.refreshReq:
			a.RefreshProgress = r.Progress
		}
	case protocol.KindResult:
		if r.ID == a.seedsReq {
			a.seedsDone(r.Result)
			return
		}
		if r.ID == a.refreshReq {
			a.refreshDone(r.Result)
			return
		}
		if r.ID != a.runReq {
			return
		}
		a.runReq = 0
		res, err := scenario.ParseResult(bytes.NewReader(r.Result), "the worker's result")
		if err != nil {
			a.Error = err.Error()
			return
		}
		a.Result, a.Graph = res, nil
		a.Progress = nil
		a.restarts = 0
		a.Hidden, a.Highlighted, a.Cursor = nil, "", -1
		a.drawChart()
		a.Announce = fmt.Sprintf("Done: %d strategies compared on %s pages; the chart and the table show the result.", len(res.Strategies), groupDigits(strconv.FormatInt(res.Graph.Pages, 10)))
		if a.FirstComparison == 0 {
			a.FirstComparison = page.Now()
		}
	case protocol.KindError:
		switch r.ID {
		case a.runReq:
			a.runReq, a.Progress = 0, nil
		case a.graphReq:
			a.graphReq, a.runWhenReady = 0, false
		case a.seedsReq:
			a.seedsReq, a.SeedsProgress, a.SeedsError = 0, nil, r.Error
			return
		case a.refreshReq:
			a.refreshReq, a.RefreshProgress, a.RefreshError = 0, nil, r.Error
			return
		}
		a.Error = r.Error
	case protocol.KindCancelled:
		if r.ID == a.runReq {
			a.runReq, a.Progress = 0, nil
			a.Notice = "Run cancelled."
			a.Announce = a.Notice
		}
		if r.ID == a.graphReq {
			a.graphReq = 0
		}
		if r.ID == a.seedsReq {
			a.seedsReq, a.SeedsProgress = 0, nil
		}
		if r.ID == a.refreshReq {
			a.refreshReq, a.RefreshProgress = 0, nil
		}
	}
}

// workerFailed restarts a failed worker, keeping the scenario; the user's
// upload is sent to the new worker again.
func (a *App) workerFailed(err error) {
	running := a.runReq != 0
	a.runReq, a.graphReq, a.seedsReq, a.refreshReq = 0, 0, 0, 0
	a.Progress, a.SeedsProgress, a.RefreshProgress = nil, nil, nil
	if a.worker != nil {
		a.worker.Terminate()
		a.worker = nil
	}
	a.restarts++
	if a.restarts > 3 {
		a.dead = true
		a.Error = a.deadMessage(err)
		return
	}
	msg := fmt.Sprintf("The worker failed (%v) and was restarted; your scenario is kept.", err)
	if running {
		msg += " Press Run to try again, perhaps with a smaller graph."
	}
	a.Error = msg
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

// Busy reports whether a run is in flight.
func (a *App) Busy() bool { return a.runReq != 0 }

// GraphBusy reports whether a load or generate is in flight.
func (a *App) GraphBusy() bool { return a.graphReq != 0 }

func (a *App) request(kind string) protocol.Request {
	a.nextID++
	return protocol.Request{Version: protocol.Version, ID: a.nextID, Kind: kind}
}

// Run runs the form's scenario in the worker.
func (a *App) Run() {
	a.Error, a.Notice, a.FormError = "", "", ""
	s, err := a.Form.Scenario()
	if err != nil {
		a.FormError = err.Error()
		return
	}
	if _, err := s.Normalize(); err != nil {
		a.FormError = err.Error()
		return
	}
	if a.dead {
		a.Error = a.deadMessage(errors.New("no worker"))
		return
	}
	if a.graphReq != 0 || a.seedsReq != 0 || a.refreshReq != 0 { // a run in flight is cancelled below
		a.FormError = "The worker is still busy with the graph or the seeds; press Run once it is done."
		return
	}
	if a.worker == nil || !a.ready {
		a.runWhenReady = true
		return
	}
	if a.runReq != 0 {
		a.Cancel()
	}
	req := a.request(protocol.KindRun)
	req.Scenario = &s
	if err := a.worker.Send(req); err != nil {
		a.Error = err.Error()
		return
	}
	a.runReq = req.ID
	a.Progress = &protocol.Progress{Stage: "starting"}
	a.Announce, a.announced = "Running the comparison…", 0
	if frag, err := EncodePermalink(s); err == nil {
		a.Permalink = page.PageURL() + "#" + frag
		if a.embedFragment {
			frag = "embed&" + frag
		}
		page.SetFragment(frag)
	}
}

// SeedsBusy reports whether community seeds are being extracted.
func (a *App) SeedsBusy() bool { return a.seedsReq != 0 }

// SeedsSpec is the community seed set of the Seeds panel's fields.
func (a *App) SeedsSpec() (string, error) {
	k, err := strconv.Atoi(strings.TrimSpace(a.SeedsK))
	if err != nil || k < 1 {
		return "", fmt.Errorf("seeds: %q is not a number of seeds of at least 1", a.SeedsK)
	}
	spec := "community:" + strconv.Itoa(k)
	if d := strings.TrimSpace(a.SeedsDensity); d != "" && d != "100" {
		spec += ",density=" + d
	}
	if _, err := seeds.Parse(spec); err != nil {
		return "", err
	}
	return spec, nil
}

// ExtractSeeds extracts community seeds from the form's graph in the
// worker and evaluates them against random and top-PageRank seeds
// (seeds/003).
func (a *App) ExtractSeeds() {
	a.SeedsError = ""
	spec, err := a.SeedsSpec()
	if err != nil {
		a.SeedsError = err.Error()
		return
	}
	// The form's graph, importance and random seed; its strategies do not
	// matter here.
	f := a.Form
	f.Strategies = slices.Clone(f.Strategies)
	f.Strategies[0].On = true
	s, err := f.Scenario()
	if err != nil {
		a.SeedsError = err.Error()
		return
	}
	s.Seeds, s.Strategies, s.Previous = spec, []scenario.Strategy{}, nil
	s.SeedStudy = &scenario.SeedStudy{Samples: 50}
	s.Budget, s.Politeness = 0, nil
	if _, err := s.Normalize(); err != nil {
		a.SeedsError = err.Error()
		return
	}
	if a.worker == nil || !a.ready || a.workerBusy() {
		a.SeedsError = "The worker is busy; try again when the run is done."
		return
	}
	req := a.request(protocol.KindRun)
	req.Scenario = &s
	if err := a.worker.Send(req); err != nil {
		a.SeedsError = err.Error()
		return
	}
	a.seedsReq, a.SeedsProgress = req.ID, &protocol.Progress{Stage: "starting"}
}

// CancelSeeds cancels the extraction in flight.
func (a *App) CancelSeeds() { a.cancel(a.seedsReq) }

// seedsDone takes the seed study's result.
func (a *App) seedsDone(data []byte) {
	a.seedsReq, a.SeedsProgress = 0, nil
	res, err := scenario.ParseResult(bytes.NewReader(data), "the worker's result")
	if err != nil {
		a.SeedsError = err.Error()
		return
	}
	var b strings.Builder
	if err := report.DepthSVG(&b, res); err != nil {
		a.SeedsError = err.Error()
		return
	}
	a.SeedStudy, a.DepthSVG = res, b.String()
}

// UseSeeds makes the extracted community seeds the comparison's seeds and
// runs it: the run extracts them again, the same way (same graph, same
// random seed), so the crawls start from exactly these pages.
func (a *App) UseSeeds() {
	if a.SeedStudy == nil {
		return
	}
	a.Form.Seeds = a.SeedStudy.Scenario.Seeds
	a.Run()
}

// SeedRows are the extracted seeds: name, hub score, core authority score,
// hubs and authorities of the core.
func (a *App) SeedRows() [][]string {
	st := a.SeedStudy
	if st == nil || st.SeedStudy == nil || st.SeedStudy.Community == nil {
		return nil
	}
	var rows [][]string
	for i, c := range st.SeedStudy.Community.Cores {
		rows = append(rows, []string{st.SeedStudy.Names[i], strconv.FormatFloat(c.Hub, 'g', 4, 64), strconv.FormatFloat(c.Authority, 'g', 4, 64),
			strconv.Itoa(len(c.Hubs)), strconv.Itoa(len(c.Authorities))})
	}
	return rows
}

// SeedsSummary says what the study found, in a sentence or two.
func (a *App) SeedsSummary() string {
	st := a.SeedStudy
	if st == nil || st.SeedStudy == nil {
		return ""
	}
	ev := st.SeedStudy.Evaluation
	out := fmt.Sprintf("Average connected distance of the graph: %.2f.", ev.AverageDistance)
	if c := ev.Cores; c.Pairs > 0 {
		out = fmt.Sprintf("Distances between the %d cores: min %d, mean %.2f, max %d. ", c.Cores, c.Min, c.Mean, c.Max) + out
	}
	for _, p := range ev.Profiles {
		out += fmt.Sprintf(" From %s: %s pages reached, holding %.3f of the importance.", p.Name, groupDigits(strconv.Itoa(int(p.Reached))), p.Importance)
	}
	return out
}

// Cancel cancels the run in flight.
func (a *App) Cancel() { a.cancel(a.runReq) }

// cancel asks the worker to cancel request target (0: none in flight).
func (a *App) cancel(target int64) {
	if target == 0 || a.worker == nil {
		return
	}
	req := a.request(protocol.KindCancel)
	req.Target = target
	if err := a.worker.Send(req); err != nil {
		a.Error = err.Error()
	}
}

// workerBusy reports whether the worker has a request in flight; it does
// one at a time.
func (a *App) workerBusy() bool {
	return a.runReq != 0 || a.graphReq != 0 || a.seedsReq != 0 || a.refreshReq != 0
}

// Generate generates the form's graph in the worker, for its statistics.
func (a *App) Generate() {
	a.Error, a.FormError = "", ""
	f := a.Form
	f.Source = SourceGenerate
	s, err := f.Scenario()
	if err != nil {
		a.FormError = err.Error()
		return
	}
	if a.worker == nil {
		a.Error = "The worker is not running; reload the page."
		return
	}
	req := a.request(protocol.KindGenerate)
	req.Generate = s.Graph.Generate
	if err := a.worker.Send(req); err != nil {
		a.Error = err.Error()
		return
	}
	a.Form.Source = SourceGenerate
	a.graphReq, a.graphKind = req.ID, protocol.KindGenerate
}

// LoadFiles sends the files picked in the file inputs to the worker. The
// browser reads them while the page goes on, so the sending happens on a
// goroutine of its own.
func (a *App) LoadFiles() {
	a.Error, a.FormError = "", ""
	if a.worker == nil {
		a.Error = "The worker is not running; reload the page."
		return
	}
	req := a.request(protocol.KindLoad)
	a.graphReq, a.graphKind = req.ID, protocol.KindLoad
	w := a.worker
	go func() {
		// The files' names reach the form with the worker's answer
		// (KindGraph), once the graph read well.
		_, err := w.SendFiles(req, graphInputID, urlsInputID, protocol.DefaultMemoryBudget/2)
		if err == nil {
			return
		}
		a.env.Lock()
		defer a.env.UnlockRender()
		if a.graphReq == req.ID {
			a.graphReq, a.runWhenReady = 0, false
		}
		a.Error = err.Error()
	}()
}

// Set changes one field of the form to the text the user typed.
func (a *App) Set(field, value string) {
	f := &a.Form
	fields := map[string]*string{
		"pages": &f.Pages, "hosts": &f.Hosts, "degree": &f.Degree, "intra": &f.Intra, "gen-seed": &f.GenSeed,
		"importance": &f.Importance, "seeds": &f.Seeds, "random-seed": &f.RandomSeed, "budget": &f.Budget,
		"connections": &f.Connections, "wait": &f.Wait, "latency": &f.Latency, "page-size": &f.PageSize,
		"bandwidth": &f.Bandwidth, "source": &f.Source, "seeds-k": &a.SeedsK, "seeds-density": &a.SeedsDensity,
	}
	if p, ok := fields[field]; ok {
		*p = value
	}
}

// SetTimed turns the politeness clock on or off.
func (a *App) SetTimed(on bool) {
	a.Form.Timed = on
	if !on && a.XAxis == report.XTime {
		a.SetXAxis(report.XFraction)
	}
}

// SetStrategy selects or drops strategy i of the form.
func (a *App) SetStrategy(i int, on bool) { a.Form.Strategies[i].On = on }

// SetParam sets a parameter of strategy i.
func (a *App) SetParam(i int, name, value string) { a.Form.Strategies[i].Params[name] = value }

// ApplyPreset selects a paper's strategies.
func (a *App) ApplyPreset(i int) { a.Form.ApplyPreset(Presets[i]) }

// TableHead and TableRows are the metrics table, as the command line
// prints it (report.Rows).
func (a *App) TableHead() []string {
	if a.Result == nil {
		return nil
	}
	head, _, _ := report.Rows(a.Result)
	return head
}

// TableRows returns the rows of the metrics table.
func (a *App) TableRows() [][]string {
	if a.Result == nil {
		return nil
	}
	_, rows, _ := report.Rows(a.Result)
	return groupRows(rows)
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
func (a *App) Stage() string { return progressText(a.Progress) }

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

// GraphFacts are the statistics of the graph, as label and value pairs.
func (a *App) GraphFacts() [][2]string {
	var facts [][2]string
	if g := a.Graph; g != nil {
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
	if r := a.Result; r != nil {
		g := r.Graph
		facts = append(facts, [2]string{"graph", groupDigits(g.SourceName)}, [2]string{"pages", groupDigits(strconv.FormatInt(g.Pages, 10))},
			[2]string{"links", groupDigits(strconv.FormatInt(g.Links, 10))}, [2]string{"dangling pages", groupDigits(strconv.FormatInt(g.Dangling, 10))},
			[2]string{"hosts", groupDigits(strconv.Itoa(g.Hosts))})
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
