// Package session is the browser worker's state and scheduling in plain Go
// (docs/architecture.md, "Steppable work"): the files the page uploaded, the
// one request being worked on, and the time slices it runs in. The worker
// binary (wasm/worker) only moves messages between JavaScript and a Session,
// so everything here runs, and is tested, natively.
//
// Work happens in Slice, which steps the current request until a slice of
// wall time has passed and then returns, so that the worker can give the
// JavaScript event loop a turn: Go's WebAssembly port cannot pre-empt a
// busy goroutine for it (golang/go#39620), and a cancel message is only
// seen between slices. Slices are 25 ms, and progress goes out at most
// every 100 ms but after every slice that ends a stage, so the page hears
// from the worker at least four times a second and a cancel takes effect
// within a slice.
package session

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"time"

	"github.com/crawlsim/crawlsim/engine/gen"
	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graphio"
	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/engine/step"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// SliceTime is the wall time one Slice works for.
const SliceTime = 25 * time.Millisecond

// ProgressEvery is the least time between two progress responses of one
// request.
const ProgressEvery = 100 * time.Millisecond

// stepTarget is the wall time one Step call aims at. The step budget is
// scaled after every step by how far it was from it (at most doubled), and
// starts again at firstBudget whenever the stage changes, since a unit of
// work costs differently in different stages.
const stepTarget = 4 * time.Millisecond

// firstBudget is the Step budget at the start of every stage. This bounds
// a step only for steppers that end a step where a stage ends, as
// scenario.Runner does, or whose units cost about the same in every stage,
// as gen.Generator's do.
const firstBudget = 16

// Buffer is an uploaded file's bytes, still outside Go memory (a
// JavaScript ArrayBuffer in the worker): Len is known at once, and CopyTo
// copies the bytes into dst, of length Len, only once the Session has
// checked them against the memory budget.
type Buffer interface {
	Len() int64
	CopyTo(dst []byte) error
}

// Bytes is a Buffer over bytes already in Go memory, for native callers
// and tests.
type Bytes []byte

// Len returns len(b).
func (b Bytes) Len() int64 { return int64(len(b)) }

// CopyTo copies b into dst.
func (b Bytes) CopyTo(dst []byte) error {
	copy(dst, b)
	return nil
}

// Session is the worker's state. It is not safe for concurrent use: the
// worker calls it from one goroutine.
type Session struct {
	clock func() time.Duration
	files uploads
	// graph is the upload's graph, read once when it arrived (loaded.go).
	graph *loadedGraph
	task  *task
	// orders are the download orders of the last run finished, until the
	// next run, load, generate or reproduction (orders.go).
	orders *runOrders
}

// progressStepper is a request's work: a stepper that says how far it
// is, as the engine's steppers do.
type progressStepper interface {
	step.Stepper
	Progress() step.Progress
}

// task is the request being worked on.
type task struct {
	id int64
	// stepper does the work; the budget starts again at every new stage
	// of its progress.
	stepper  progressStepper
	progress func() protocol.Progress
	// finish makes the final response once the stepper is done.
	finish func() (protocol.Response, error)
	// budget is the current Step budget, adapted to stepTarget.
	budget       int
	stepStage    string
	lastProgress time.Duration
	stage        string
}

// newTask returns the task of request id: st does the work, finish makes
// the final response, and the progress sent is st's (the caller may set
// another).
func (s *Session) newTask(id int64, st progressStepper, finish func() (protocol.Response, error)) *task {
	return &task{id: id, stepper: st, finish: finish, budget: firstBudget, lastProgress: s.clock(),
		progress: func() protocol.Progress { return progressOf(st.Progress()) }}
}

// progressOf is a stepper's progress as the protocol carries it.
func progressOf(p step.Progress) protocol.Progress {
	return protocol.Progress{Stage: p.Stage, Done: p.Done, Total: p.Total}
}

// adapt scales the step budget after a step of budget units that took
// took, and starts it again when the step ended in another stage.
func (t *task) adapt(took time.Duration) {
	if stage := t.stepper.Progress().Stage; stage != t.stepStage {
		t.stepStage, t.budget = stage, firstBudget
		return
	}
	switch {
	case took <= stepTarget/2:
		t.budget = min(2*t.budget, 1<<24)
	default:
		t.budget = max(int(float64(t.budget)*float64(stepTarget)/float64(took)), 1)
	}
}

// New returns an empty Session. clock returns a monotonic time (time.Since,
// which in the worker wasm_exec.js reads from performance.now); the engine
// has none.
func New(clock func() time.Duration) *Session {
	return &Session{clock: clock, files: uploads{}}
}

// Busy reports whether a request is being worked on.
func (s *Session) Busy() bool { return s.task != nil }

// Handle takes a request with its buffers and returns the responses to
// send at once. A load is done here (reading a file is one step); a
// generate or run becomes the current request, worked on by Slice; a new
// one cancels the current request, which is answered KindCancelled.
func (s *Session) Handle(req protocol.Request, buffers []Buffer) []protocol.Response {
	var out []protocol.Response
	switch req.Kind {
	case protocol.KindOrders:
		return []protocol.Response{s.ordersResponse(req)}
	case protocol.KindMerge:
		return []protocol.Response{mergeResponse(req)}
	case protocol.KindRun, protocol.KindLoad, protocol.KindGenerate, protocol.KindReproduce:
		s.orders = nil
	}
	if req.Kind == protocol.KindCancel {
		if s.task != nil && s.task.id == req.Target {
			out = append(out, response(s.task.id, protocol.KindCancelled))
			s.task = nil
		}
		return out
	}
	if s.task != nil {
		out = append(out, response(s.task.id, protocol.KindCancelled))
		s.task = nil
	}
	budget := req.MemoryBudget
	if budget <= 0 {
		budget = protocol.DefaultMemoryBudget
	}
	var err error
	switch req.Kind {
	case protocol.KindLoad:
		var info *protocol.GraphInfo
		if info, err = s.load(req.Load, buffers, budget); err == nil {
			r := response(req.ID, protocol.KindGraph)
			r.Graph = info
			return append(out, r)
		}
	case protocol.KindGenerate:
		err = s.startGenerate(req.ID, *req.Generate, budget)
	case protocol.KindRun:
		err = s.startRun(req.ID, *req.Scenario, budget, req.Part, req.Parts)
	case protocol.KindRefresh:
		err = s.startRefresh(req.ID, *req.Refresh)
	case protocol.KindReproduce:
		err = s.startReproduce(req.ID, *req.Reproduce, budget)
	default:
		err = fmt.Errorf("unknown request kind %q", req.Kind)
	}
	if err != nil {
		out = append(out, errorResponse(req.ID, err))
	}
	return out
}

// Slice works on the current request for SliceTime at most and returns
// the responses to send: progress, and the final response when the request
// ends.
func (s *Session) Slice() []protocol.Response {
	t := s.task
	if t == nil {
		return nil
	}
	start := s.clock()
	for s.clock()-start < SliceTime {
		t0 := s.clock()
		done, err := t.stepper.Step(t.budget)
		took := s.clock() - t0
		if err != nil {
			s.task = nil
			return []protocol.Response{errorResponse(t.id, err)}
		}
		if done {
			s.task = nil
			r, err := t.finish()
			if err != nil {
				return []protocol.Response{errorResponse(t.id, err)}
			}
			return []protocol.Response{r}
		}
		t.adapt(took)
	}
	now := s.clock()
	p := t.progress()
	if now-t.lastProgress < ProgressEvery && p.Stage == t.stage {
		return nil
	}
	t.lastProgress, t.stage = now, p.Stage
	r := response(t.id, protocol.KindProgress)
	r.Progress = &p
	return []protocol.Response{r}
}

// load checks the uploaded files against the budget, copies them into Go
// memory, reads the graph to check it and describe it, and keeps the files
// for later runs in place of the files of the previous load.
func (s *Session) load(l *protocol.Load, buffers []Buffer, budget int64) (*protocol.GraphInfo, error) {
	names := l.Files()
	if len(buffers) != len(names) {
		return nil, fmt.Errorf("load of %d files came with %d buffers", len(names), len(buffers))
	}
	total := int64(0)
	for i, b := range buffers {
		if b.Len() != l.Sizes[i] {
			return nil, fmt.Errorf("%s: %s bytes arrived, the page sent %s", names[i], model.Count(b.Len()), model.Count(l.Sizes[i]))
		}
		total += b.Len()
	}
	if total > budget/2 {
		return nil, fmt.Errorf("%s: %s of files is more than this page can hold (its memory budget is %s, and the graph needs several times its file's size); use the command line (crawlsim run) for graphs this large",
			l.Name, bytesText(total), bytesText(budget))
	}
	seen := map[string]bool{}
	for _, name := range names {
		if model.IsSitePath(name) {
			// A graph of the page's site, by its path there.
			if err := model.CheckSitePath(name); err != nil {
				return nil, err
			}
		} else if strings.Contains(name, "\\") || !fs.ValidPath(name) {
			return nil, fmt.Errorf("%q: a file name without folders, or a path in the site's %s/ folder, is expected", name, model.SiteGraphsDir)
		}
		if seen[name] {
			return nil, fmt.Errorf("%s: the same file is given twice", name)
		}
		seen[name] = true
	}
	format, err := graphio.ParseFormat(l.Format)
	if err != nil {
		return nil, err
	}
	// The files of the last load go first, so that memory holds one
	// upload at a time; a failed load leaves none.
	s.files, s.graph = uploads{}, nil
	files := uploads{}
	for i, b := range buffers {
		data := make([]byte, b.Len())
		if err := b.CopyTo(data); err != nil {
			return nil, fmt.Errorf("%s: %w", names[i], err)
		}
		files[names[i]] = data
	}
	opts := loadLimits(budget, total)
	opts.Format, opts.URLs = format, l.URLs
	g, labels, err := graphio.Load(files, l.Name, opts)
	if err != nil {
		return nil, s.tooLarge(err, budget, 0, "crawlsim run")
	}
	if need := scenario.RunBytes(int64(g.NumNodes()), g.NumArcs()) + total; need > budget {
		return nil, fmt.Errorf("%s: %s pages and %s links need about %s to compare strategies, above this page's memory budget of %s; use the command line (crawlsim run)",
			l.Name, model.Count(g.NumNodes()), model.Count(g.NumArcs()), bytesText(need), bytesText(budget))
	}
	s.files = files
	s.graph = &loadedGraph{file: l.Name, urls: l.URLs, format: format, g: g, labels: labels}
	info := &protocol.GraphInfo{Name: l.Name, URLs: l.URLs, Stats: graph.ComputeStats(g, 5)}
	if odd := labels.OddLabel(l.Name); odd != "" {
		info.Warnings = append(info.Warnings, odd)
	}
	return info, nil
}

// startGenerate makes a generate request the current one.
func (s *Session) startGenerate(id int64, g scenario.Generate, budget int64) error {
	sc, err := scenario.Normalize(scenario.Scenario{Graph: scenario.Source{Generate: &g}})
	if err != nil {
		return err
	}
	p := scenario.GeneratorParams(*sc.Graph.Generate)
	if need := p.EstimatedBytes(); need > budget {
		return fmt.Errorf("a generated graph of %s pages needs about %s, above this page's memory budget of %s; use the command line (crawlsim gen) for graphs this large",
			model.Count(p.Pages), bytesText(need), bytesText(budget))
	}
	if err := s.fitsBesideUpload("a generated graph of "+model.Count(p.Pages)+" pages", "crawlsim gen", p.EstimatedBytes(), budget); err != nil {
		return err
	}
	gr, err := gen.NewGenerator(p)
	if err != nil {
		return err
	}
	s.task = s.newTask(id, gr, func() (protocol.Response, error) {
		r := response(id, protocol.KindGraph)
		r.Graph = &protocol.GraphInfo{Name: describeGenerate(*sc.Graph.Generate), Stats: graph.ComputeStats(gr.Graph(), 5)}
		return r, nil
	})
	s.task.progress = func() protocol.Progress {
		p := progressOf(gr.Progress())
		p.Stage = "generate (" + p.Stage + ")"
		return p
	}
	return nil
}

// startRun makes a run request the current one: part of parts
// (partOf) when parts is positive.
func (s *Session) startRun(id int64, sc scenario.Scenario, budget int64, part, parts int) error {
	norm, err := scenario.Normalize(sc)
	if err != nil {
		return byScenario(err)
	}
	only, err := partOf(norm, part, parts)
	if err != nil {
		return byScenario(err)
	}
	// fileBytes is the memory held beside the run: all the upload's files,
	// and its graph when the run does not take it (a generated graph, or
	// the files read again in another format or with other URLs).
	fileBytes := int64(0)
	if g := norm.Graph.Generate; g != nil {
		p, need := generatedRunBytes(*g)
		if need > budget {
			return fmt.Errorf("a run on a generated graph of %s pages needs about %s, above this page's memory budget of %s; use the command line (crawlsim run) for graphs this large",
				model.Count(p.Pages), bytesText(need), bytesText(budget))
		}
		if err := s.fitsBesideUpload("a run on a generated graph of "+model.Count(p.Pages)+" pages", "crawlsim run", need, budget); err != nil {
			return err
		}
		fileBytes = s.heldBytes()
	} else if _, err = s.uploadedBytes(norm.Graph.File, norm.Graph.URLs); err != nil {
		return err
	} else if _, _, ok := s.loaded(norm.Graph.File, norm.Graph.URLs, norm.Graph.Format); ok {
		fileBytes = s.files.total()
	} else {
		fileBytes = s.heldBytes()
	}
	if norm.Previous != nil && norm.Previous.File != "" {
		return byScenario(errors.New("previous.file: the page cannot load a second snapshot; use previous.evolve, or the command line (crawlsim run -previous)"))
	}
	orders := &runOrders{run: id, limit: protocol.OrdersLimit(budget)}
	env := s.env(budget, fileBytes)
	env.Orders, env.Only, env.Loaded = orders.keep, only, s.loaded
	sizeErr := func(err error) error { return byScenario(s.tooLarge(err, budget, fileBytes, "crawlsim run")) }
	r, err := scenario.New(norm, env)
	if err != nil {
		return sizeErr(err)
	}
	s.task = s.newTask(id, sizeErrors{r, sizeErr}, func() (protocol.Response, error) {
		out, err := resultOf(id, r.Result, scenario.MarshalResult)()
		if err != nil {
			return out, byScenario(err)
		}
		s.orders = orders
		return out, nil
	})
	s.task.progress = func() protocol.Progress { return runProgress(r) }
	return nil
}

// startRefresh makes a revisit simulation the current request. Its memory
// is small beside any graph's (a few hundred bytes per site and one series
// per policy), and refresh.Params bounds its events.
func (s *Session) startRefresh(id int64, r scenario.Refresh) error {
	rr, err := scenario.NewRefreshRunner(r)
	if err != nil {
		return err
	}
	s.task = s.newTask(id, rr, resultOf(id, rr.Result, scenario.MarshalRefreshResult))
	return nil
}

// resultOf makes the final answer of a request whose result is JSON: the
// result, encoded by marshal, in a KindResult response.
func resultOf[T any](id int64, result func() (T, error), marshal func(T) ([]byte, error)) func() (protocol.Response, error) {
	return func() (protocol.Response, error) {
		res, err := result()
		if err != nil {
			return protocol.Response{}, err
		}
		data, err := marshal(res)
		if err != nil {
			return protocol.Response{}, err
		}
		out := response(id, protocol.KindResult)
		out.Result = data
		return out, nil
	}
}

// runProgress reports a Runner's stage and its strategies' progress.
func runProgress(r *scenario.Runner) protocol.Progress {
	out := progressOf(r.Progress())
	sc := r.Scenario()
	for k, sp := range r.StrategyProgress() {
		label := ""
		if k < len(sc.Strategies) {
			label = sc.Strategies[k].Label
		}
		out.Strategies = append(out.Strategies, protocol.StrategyProgress{Label: label, Stage: sp.Stage, Done: sp.Done, Total: sp.Total})
	}
	return out
}

// describeGenerate names the graph g generates, as the run's result does.
func describeGenerate(g scenario.Generate) string {
	return model.GeneratedGraphName(g.Pages, g.Hosts, g.MeanOutDegree, g.Seed)
}

func response(id int64, kind string) protocol.Response {
	return protocol.Response{Version: protocol.Version, ID: id, Kind: kind}
}

// errorResponse answers err. When err is a scenario's normalisation
// refusing fields (one *scenario.FieldError, or several joined), the
// response lists them in Fields, so that the page shows them beside its
// form.
func errorResponse(id int64, err error) protocol.Response {
	r := response(id, protocol.KindError)
	if f, ok := err.(*scenarioFault); ok {
		r.ScenarioFault, err = true, f.err
	}
	r.Error = err.Error()
	r.Fields = fieldErrors(err)
	return r
}

// scenarioFault is an error the engine gave for a run's scenario (or the
// graph it names), which any worker would give: errorResponse answers it
// with Response.ScenarioFault.
type scenarioFault struct{ err error }

// Error is the engine's message, unchanged.
func (f *scenarioFault) Error() string { return f.err.Error() }

// Unwrap returns the engine's error: errors.Is and errors.As see it
// through the mark.
func (f *scenarioFault) Unwrap() error { return f.err }

// byScenario marks err as the scenario's fault, unless it is a refusal
// for this worker's memory budget (a *graphio.TooLargeError), which
// stays the worker's own; nil stays nil.
func byScenario(err error) error {
	var tl *graphio.TooLargeError
	if err == nil || errors.As(err, &tl) {
		return err
	}
	return &scenarioFault{err}
}

// fieldErrors returns the fields err refuses, nil when err is not only
// field errors.
func fieldErrors(err error) []protocol.FieldError {
	errs := []error{err}
	if joined, ok := err.(interface{ Unwrap() []error }); ok {
		errs = joined.Unwrap()
	}
	var out []protocol.FieldError
	for _, e := range errs {
		fe, ok := e.(*scenario.FieldError)
		if !ok {
			return nil
		}
		out = append(out, protocol.FieldError{Field: fe.Field, Message: fe.Message})
	}
	return out
}
