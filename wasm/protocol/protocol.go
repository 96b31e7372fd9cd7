// Package protocol defines the messages between the crawlsim page and its web
// worker (docs/architecture.md, "The page and its workers"): plain Go structs
// with JSON tags, no JavaScript, so both sides and the native tests share one
// definition.
//
// A message travels as a JavaScript object {json, buffers}: json is the
// Request or Response encoded by Encode, and buffers holds the
// ArrayBuffers that go with it, transferred rather than copied by
// postMessage. A Load request carries its files in the order of
// Load.Files: the graph file first, then the other files of a BVGraph,
// then the URL list; the worker copies each once into Go memory.
//
// A response travels the same way: {json, buffers}, the buffers (the
// download orders of KindOrders) transferred to the page, which offers
// them as a file without reading them into its own memory.
//
// Every message names the protocol Version; a side that receives another
// version refuses it with an error, so a page and a worker built from
// different commits (a stale cache) say so instead of misreading each
// other.
package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/crawlsim/crawlsim/engine/model"
)

// Version is the protocol's version; it changes with any incompatible
// change of the messages (2: the download orders travel as buffers).
const Version = 2

// Request kinds, from the page to the worker.
const (
	// KindLoad loads an uploaded graph file (Request.Load) and answers
	// KindGraph with its statistics. The worker keeps the file's bytes, so
	// a later scenario can name it in graph.file.
	KindLoad = "load"
	// KindGenerate generates a graph from Request.Generate and answers
	// KindGraph with its statistics.
	KindGenerate = "generate"
	// KindRun runs Request.Scenario, answering KindProgress several times a
	// second and then KindResult, KindError or KindCancelled.
	KindRun = "run"
	// KindRefresh runs the revisit scenario Request.Refresh, answering
	// like a run; its KindResult holds a scenario.RefreshResult.
	KindRefresh = "refresh"
	// KindReproduce runs the papers' experiments of Request.Reproduce,
	// answering like a run; its KindResult holds a Reproduction.
	KindReproduce = "reproduce"
	// KindOrders asks for the download orders of the crawls of run
	// Request.Target, the last run the worker finished, as CSV (docs/algorithms.md
	// section 4, "Download order"; the command line's run -orders file);
	// the worker answers KindResult with Response.Orders and a buffer per
	// strategy, or KindError when it no longer holds them (another
	// request came in between) or they are too large for the page
	// (OrdersLimit). It does not cancel the current request.
	KindOrders = "orders"
	// KindMerge merges the results of the parts of a comparison run in
	// parallel (a KindRun with Part and Parts each): Request.Scenario is
	// the comparison's scenario, Request.Parts the number of parts and
	// Request.Results their results, in the order of their parts. The
	// worker answers at once, KindResult with the one result a single run
	// gives (scenario.Merge), or KindError; it does not cancel the current
	// request nor drop the orders it holds.
	KindMerge = "merge"
	// KindCancel cancels the work of request Request.Target (a load,
	// generate or run); the worker answers KindCancelled for that request.
	KindCancel = "cancel"
)

// Response kinds, from the worker to the page.
const (
	// KindReady says the worker has started and takes requests; ID is 0.
	KindReady = "ready"
	// KindGraph answers a load or generate with Response.Graph.
	KindGraph = "graph"
	// KindProgress reports how far a request is (Response.Progress).
	KindProgress = "progress"
	// KindResult answers a run with Response.Result.
	KindResult = "result"
	// KindError says a request failed (Response.Error); the worker goes on
	// taking requests.
	KindError = "error"
	// KindCancelled says a request was cancelled.
	KindCancelled = "cancelled"
)

// DefaultMemoryBudget is the memory the worker may use for one graph and
// its run when the page sets none: 1 GiB, well inside the 4 GiB a 32-bit
// WebAssembly memory can reach and what a browser tab usually gets.
const DefaultMemoryBudget = 1 << 30

// OrdersLimit is the most bytes the download orders of one run may take
// as CSV within the memory budget budget (0 for DefaultMemoryBudget): a
// quarter of it, at most 1 GiB. The worker refuses to write more, and the
// page to put together more from several workers.
func OrdersLimit(budget int64) int64 {
	if budget <= 0 {
		budget = DefaultMemoryBudget
	}
	return min(budget/4, 1<<30)
}

// OrdersTooLarge is the error of download orders beyond OrdersLimit(budget).
func OrdersTooLarge(budget int64) error {
	if budget <= 0 {
		budget = DefaultMemoryBudget
	}
	return fmt.Errorf("the download orders of this run are too large for this page (its memory budget is %s); use the command line: crawlsim run -orders FILE", BytesText(budget))
}

// BytesText writes a byte count for messages: "1.5 GiB", "200 MiB",
// "12 KiB" or "300 bytes", so that a small budget does not read "0 MiB".
func BytesText(b int64) string {
	switch {
	case b >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(b)/(1<<30))
	case b >= 1<<20:
		return fmt.Sprintf("%.0f MiB", float64(b)/(1<<20))
	case b >= 1<<10:
		return fmt.Sprintf("%.0f KiB", float64(b)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", b)
}

// Request is a message from the page to the worker.
type Request struct {
	// Version is the protocol Version.
	Version int `json:"version"`
	// ID numbers the request; responses carry it. The page counts from 1.
	ID int64 `json:"id"`
	// Kind is one of the request kinds (KindLoad, ...).
	Kind string `json:"kind"`
	// MemoryBudget, when positive, replaces DefaultMemoryBudget for this
	// request: a graph or run estimated to need more is refused before
	// anything is allocated for it.
	MemoryBudget int64 `json:"memory_budget,omitempty"`
	// Load describes the uploaded files of a KindLoad.
	Load *Load `json:"load,omitempty"`
	// Generate is the generator's parameters of a KindGenerate.
	Generate *model.Generate `json:"generate,omitempty"`
	// Scenario is the scenario of a KindRun. Its graph.file and graph.urls
	// name files loaded before (KindLoad).
	Scenario *model.Scenario `json:"scenario,omitempty"`
	// Refresh is the revisit scenario of a KindRefresh.
	Refresh *model.Refresh `json:"refresh,omitempty"`
	// Reproduce is the reproduction of a KindReproduce.
	Reproduce *Reproduce `json:"reproduce,omitempty"`
	// Target is the request a KindCancel cancels, or the run whose
	// download orders a KindOrders asks for.
	Target int64 `json:"target,omitempty"`
	// Part and Parts, when Parts is positive, make a KindRun run one part
	// of the scenario's strategies, for a comparison run in parallel
	// workers: part Part (from 1) of scenario.Split(scenario, Parts), the
	// shared stages whole. Its result holds that part's strategies, its
	// progress says StageElsewhere of the others, and its download orders
	// are those of its strategies. A KindMerge gives Parts alone.
	Part  int `json:"part,omitempty"`
	Parts int `json:"parts,omitempty"`
	// Results are the parts' results of a KindMerge, as their KindResult
	// responses carried them.
	Results []json.RawMessage `json:"results,omitempty"`
}

// Load describes an uploaded graph: its files and their sizes. Their bytes
// travel as the message's buffers, in the order of Files.
type Load struct {
	// Name is the graph file's name, or, for a graph of the page's site,
	// its path there ("graphs/NAME": model.IsSitePath), as the other
	// names are; its format follows the name as on the command line
	// unless Format is given.
	Name string `json:"name"`
	// Format overrides the format the name implies ("edges", "graph-txt",
	// "bvgraph", "csr").
	Format string `json:"format,omitempty"`
	// Extra names the graph's other files: a BVGraph's NAME.properties
	// and, optionally, NAME.offsets.
	Extra []string `json:"extra,omitempty"`
	// URLs names the URL list; empty when there is none.
	URLs string `json:"urls,omitempty"`
	// Sizes are the byte lengths of the buffers, so the worker can refuse
	// files above its memory budget before copying them.
	Sizes []int64 `json:"sizes"`
}

// Files returns the names of the files a Load carries, in the order of
// its buffers: Name, Extra, then URLs when given.
func (l *Load) Files() []string {
	files := append([]string{l.Name}, l.Extra...)
	if l.URLs != "" {
		files = append(files, l.URLs)
	}
	return files
}

// Buffers returns the number of buffers a Load carries.
func (l *Load) Buffers() int { return len(l.Files()) }

// Response is a message from the worker to the page.
type Response struct {
	// Version is the protocol Version.
	Version int `json:"version"`
	// ID is the request answered; 0 for KindReady.
	ID int64 `json:"id"`
	// Kind is one of the response kinds (KindReady, ...).
	Kind string `json:"kind"`
	// Graph answers a load or generate.
	Graph *GraphInfo `json:"graph,omitempty"`
	// Progress tells how far the request is.
	Progress *Progress `json:"progress,omitempty"`
	// Result is the run's result as scenario.MarshalResult encodes it (a
	// refresh's as scenario.MarshalRefreshResult does).
	Result json.RawMessage `json:"result,omitempty"`
	// Orders answers a KindOrders: the labels of the strategies whose
	// download orders the message's buffers hold, one buffer per label
	// in this order, each the strategy's CSV rows (report.Orders) without
	// the header "strategy,position,page,url,importance,time". The page
	// writes the header and the buffers of the result's strategies, in
	// its order, as one file without reading them: the strategies of a
	// comparison run in parallel workers come in several answers.
	Orders []string `json:"orders,omitempty"`
	// Buffers are the bytes that travel beside the JSON (the worker posts
	// {json, buffers} and transfers them): the download orders of a
	// KindOrders answer. The page receives them as JavaScript buffers
	// (page.Event.Buffers), never in this field.
	Buffers [][]byte `json:"-"`
	// Error says what failed, in words for the user.
	Error string `json:"error,omitempty"`
	// Fields, on a KindError, are the fields of the request's scenario
	// that its normalisation refused (the worker normalises every scenario
	// once, and the page shows these beside its form); Error then joins
	// them, one "FIELD: MESSAGE" a line.
	Fields []FieldError `json:"fields,omitempty"`
	// ScenarioFault, on a KindError, says the request itself is at
	// fault: the engine refused its scenario (or the graph it names), so
	// any worker would answer the same, and the page says so rather than
	// trying another worker. It is false when the worker failed on its
	// own: a file it does not hold, its memory budget, a message it could
	// not read; another worker may then do the request.
	ScenarioFault bool `json:"scenario_fault,omitempty"`
}

// FieldError is one field of a scenario that its normalisation refused.
type FieldError struct {
	// Field is the field's JSON path ("strategies[2].params.m"), "" for
	// the whole scenario.
	Field string `json:"field"`
	// Message says what is wrong and what is expected.
	Message string `json:"message"`
}

// GraphInfo is the statistics of a loaded or generated graph, for the
// page's source panel.
type GraphInfo struct {
	// Name is the file name, or a description of the generated graph.
	Name string `json:"name"`
	// URLs names the URL list loaded with the file, if any.
	URLs string `json:"urls,omitempty"`
	// Stats are the graph's statistics (graph.ComputeStats, with the five
	// largest hosts).
	Stats model.GraphStats `json:"stats"`
	// Warnings say what reading the file found amiss but read anyway: an
	// edge list of integer ids read as labels for one id that is not
	// (graphio.Labels.OddLabel), as crawlsim info warns.
	Warnings []string `json:"warnings,omitempty"`
}

// Progress tells how far a request is: its current stage, and per strategy
// of a run how far its crawl and metrics are.
type Progress struct {
	// Stage names the current stage ("importance", "crawl bfs", ...).
	Stage string `json:"stage"`
	// Done and Total measure the stage; Total is 0 when unknown.
	Done  int64 `json:"done"`
	Total int64 `json:"total"`
	// Strategies has one entry per strategy of a run, in its order.
	Strategies []StrategyProgress `json:"strategies,omitempty"`
}

// StrategyProgress is how far one strategy of a run is.
type StrategyProgress struct {
	// Label is the strategy's label.
	Label string `json:"label"`
	// Stage is "waiting", "crawl", "metrics" or "done".
	Stage string `json:"stage"`
	// Done and Total measure the stage.
	Done  int64 `json:"done"`
	Total int64 `json:"total"`
}

// Encode returns the JSON of a Request or Response.
func Encode(v any) ([]byte, error) {
	return json.Marshal(v)
}

// DecodeRequest reads a Request and checks its version, kind and the
// fields its kind needs. buffers is the number of buffers that came with
// it.
func DecodeRequest(data []byte, buffers int) (Request, error) {
	var r Request
	if err := decodeStrict(data, &r); err != nil {
		return r, err
	}
	if r.Version != Version {
		return r, fmt.Errorf("protocol: request of version %d, this worker speaks version %d; reload the page", r.Version, Version)
	}
	if r.ID <= 0 {
		return r, fmt.Errorf("protocol: request id %d; ids count from 1", r.ID)
	}
	if r.MemoryBudget < 0 {
		return r, fmt.Errorf("protocol: memory budget %d; want a positive number of bytes, or 0 for the default", r.MemoryBudget)
	}
	want := 0
	switch r.Kind {
	case KindLoad:
		if r.Load == nil || r.Load.Name == "" {
			return r, errors.New("protocol: a load request needs load.name")
		}
		want = r.Load.Buffers()
		if len(r.Load.Sizes) != want {
			return r, fmt.Errorf("protocol: load of %d files gives %d sizes", want, len(r.Load.Sizes))
		}
		for i, n := range r.Load.Sizes {
			if n < 0 {
				return r, fmt.Errorf("protocol: file %s of %d bytes", r.Load.Files()[i], n)
			}
		}
	case KindGenerate:
		if r.Generate == nil {
			return r, errors.New("protocol: a generate request needs generate")
		}
	case KindRun:
		if r.Scenario == nil {
			return r, errors.New("protocol: a run request needs scenario")
		}
		if r.Parts < 0 || r.Parts == 0 && r.Part != 0 || r.Parts > 0 && (r.Part < 1 || r.Part > r.Parts) {
			return r, fmt.Errorf("protocol: a run of part %d of %d parts; want a part from 1 to parts, or neither", r.Part, r.Parts)
		}
	case KindMerge:
		if r.Scenario == nil || r.Parts < 1 || len(r.Results) != r.Parts || r.Part != 0 {
			return r, fmt.Errorf("protocol: a merge request needs scenario, parts (at least 1) and one result per part, and no part; it has %d results for %d parts", len(r.Results), r.Parts)
		}
	case KindRefresh:
		if r.Refresh == nil {
			return r, errors.New("protocol: a refresh request needs refresh")
		}
	case KindReproduce:
		if r.Reproduce == nil || r.Reproduce.Paper == "" {
			return r, errors.New("protocol: a reproduce request needs reproduce.paper")
		}
	case KindCancel:
		if r.Target <= 0 {
			return r, errors.New("protocol: a cancel request needs target, the id of the request to cancel")
		}
	case KindOrders:
		if r.Target <= 0 {
			return r, errors.New("protocol: an orders request needs target, the id of the run whose download orders it asks for")
		}
	default:
		return r, fmt.Errorf("protocol: unknown request kind %q; want load, generate, run, merge, refresh, reproduce, orders or cancel", r.Kind)
	}
	if buffers != want {
		return r, fmt.Errorf("protocol: %s request came with %d buffers, want %d", r.Kind, buffers, want)
	}
	return r, nil
}

// DecodeResponse reads a Response and checks its version and kind.
func DecodeResponse(data []byte) (Response, error) {
	var r Response
	if err := decodeStrict(data, &r); err != nil {
		return r, err
	}
	if r.Version != Version {
		return r, fmt.Errorf("protocol: response of version %d, this page speaks version %d; reload the page", r.Version, Version)
	}
	switch r.Kind {
	case KindReady, KindGraph, KindProgress, KindResult, KindError, KindCancelled:
	default:
		return r, fmt.Errorf("protocol: unknown response kind %q", r.Kind)
	}
	return r, nil
}

func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("protocol: bad message: %w", err)
	}
	if dec.More() {
		return errors.New("protocol: bad message: data after the JSON value")
	}
	return nil
}
