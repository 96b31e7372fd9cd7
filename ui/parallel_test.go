package main

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/vugu/vugu"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/ui/workerqueue"
	"github.com/crawlsim/crawlsim/wasm/page"
	"github.com/crawlsim/crawlsim/wasm/protocol"
	"github.com/crawlsim/crawlsim/wasm/session"
)

// sessionWorker is a worker for the tests that works as the real one
// does, natively: every request goes through the protocol's encoding to a
// session.Session, which works on it at once; its answers wait in out
// until the test delivers them to the page.
type sessionWorker struct {
	fakeWorker
	s   *session.Session
	out []protocol.Response
}

// newSessionWorker returns a worker whose clock advances a millisecond at
// every reading, so that its time slices, and its progress reports, come
// at a fixed pace whatever the machine's speed.
func newSessionWorker() *sessionWorker {
	now := time.Duration(0)
	return &sessionWorker{s: session.New(func() time.Duration {
		now += time.Millisecond
		return now
	})}
}

func (w *sessionWorker) Send(r protocol.Request) error {
	_ = w.fakeWorker.Send(r)
	data, err := protocol.Encode(r)
	if err != nil {
		return err
	}
	req, err := protocol.DecodeRequest(data, 0)
	if err != nil {
		return err
	}
	w.out = append(w.out, w.s.Handle(req, nil)...)
	for w.s.Busy() {
		w.out = append(w.out, w.s.Slice()...)
	}
	return nil
}

// SendUpload records the request, on files when it is set.
func (w *fakeWorker) SendUpload(r protocol.Request, u *page.Upload, maxBytes int64) (protocol.Load, error) {
	if w.files != nil {
		w.files <- sentFiles{req: r, upload: u}
		return protocol.Load{}, nil
	}
	w.sent = append(w.sent, r)
	return protocol.Load{}, nil
}

// take returns the answers waiting and forgets them.
func (w *sessionWorker) take() []protocol.Response {
	out := w.out
	w.out = nil
	return out
}

// uploadApp returns parallelApp with two fake workers that record the
// files sent to them: the first worker w and its helper hw.
func uploadApp(t *testing.T) (a *App, w, hw *fakeWorker) {
	t.Helper()
	w = &fakeWorker{}
	hw = &fakeWorker{files: make(chan sentFiles, 1)}
	a = parallelApp(t, w, hw)
	w.files = make(chan sentFiles, 1)
	return a, w, hw
}

// parallelApp returns a page whose opening comparison is done, with
// room for two workers: the first one and a ready helper, both w's.
func parallelApp(t *testing.T, first, second workerqueue.Worker) *App {
	t.Helper()
	a := NewApp("workers=2", "")
	a.q.Worker = first
	a.handle(pageEvent(protocol.Response{Kind: protocol.KindReady}))
	if sw, ok := first.(*sessionWorker); ok {
		a.Form.Pages = "3000"
		for _, r := range sw.take() {
			a.handle(pageEvent(r))
		}
	} else {
		fw := first.(*fakeWorker)
		a.handle(pageEvent(protocol.Response{ID: fw.sent[0].ID, Kind: protocol.KindResult, Result: tinyResult(t)}))
	}
	if a.Running() || a.Result == nil || a.Error != "" || a.q.UsedWorkers != 1 {
		t.Fatalf("opening run: running %v, result %v, error %q, workers %d", a.Running(), a.Result != nil, a.Error, a.q.UsedWorkers)
	}
	a.q.Helpers = []*workerqueue.Helper{{Requests: workerqueue.Requests{Worker: second, Ready: true}}}
	a.Form.Pages = "3000"
	return a
}

// lastSent returns the last request a fake or session worker was sent.
func lastSent(t *testing.T, w workerqueue.Worker) protocol.Request {
	t.Helper()
	var sent []protocol.Request
	switch w := w.(type) {
	case *fakeWorker:
		sent = w.sent
	case *sessionWorker:
		sent = w.sent
	}
	if len(sent) == 0 {
		t.Fatal("nothing sent")
	}
	return sent[len(sent)-1]
}

// noScheduling returns a result's JSON without its scheduling times, the
// one figure a clock measures.
func noScheduling(t *testing.T, r *scenario.Result) string {
	t.Helper()
	c := *r
	c.Strategies = append([]scenario.StrategyResult(nil), r.Strategies...)
	for k := range c.Strategies {
		c.Strategies[k].Cost.SchedulingSeconds = 0
	}
	data, err := scenario.MarshalResult(&c)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestParallelRunGivesOneWorkersResult runs the form's comparison in two
// workers (real sessions, natively): each is sent its part, the progress
// bars show every strategy in the scenario's order with the part's own
// figures, the first worker is asked to merge the parts' results, and the
// page shows what one run gives.
func TestParallelRunGivesOneWorkersResult(t *testing.T) {
	w, hw := newSessionWorker(), newSessionWorker()
	a := parallelApp(t, w, hw)
	s, err := a.Form.Scenario()
	if err != nil {
		t.Fatal(err)
	}
	a.Run()
	first, second := lastSent(t, w), lastSent(t, hw)
	if first.Kind != protocol.KindRun || first.Part != 1 || first.Parts != 2 || second.Kind != protocol.KindRun || second.Part != 2 || second.Parts != 2 {
		t.Fatalf("sent %+v and %+v", first, second)
	}
	if !a.Running() || !a.WorkerBusy() || a.q.UsedWorkers != 2 {
		t.Fatalf("running %v, busy %v, workers %d", a.Running(), a.WorkerBusy(), a.q.UsedWorkers)
	}
	helperAnswers := hw.take()
	result := helperAnswers[len(helperAnswers)-1]
	for _, r := range helperAnswers[:len(helperAnswers)-1] {
		a.handleHelper(a.q.Helpers[0], pageEvent(r))
	}
	p := a.Progress()
	if len(p.Strategies) != len(s.Strategies) {
		t.Fatalf("progress of %d strategies, want %d", len(p.Strategies), len(s.Strategies))
	}
	ran := 0
	for i, sp := range p.Strategies {
		if sp.Label != s.Strategies[i].ID {
			t.Errorf("progress bar %d is %s, want %s", i, sp.Label, s.Strategies[i].ID)
		}
		if sp.Stage != "waiting" {
			ran++
		}
	}
	if ran == 0 || ran == len(s.Strategies) {
		t.Errorf("the helper's progress shows %d of %d strategies running or done", ran, len(s.Strategies))
	}
	a.handleHelper(a.q.Helpers[0], pageEvent(result))
	if a.Result == nil || !a.Running() {
		t.Fatal("one part's result ended the comparison")
	}
	for _, r := range w.take() {
		a.handle(pageEvent(r))
	}
	merge := lastSent(t, w)
	if merge.Kind != protocol.KindMerge || merge.Parts != 2 || len(merge.Results) != 2 {
		t.Fatalf("after both parts the first worker was sent %s with %d results", merge.Kind, len(merge.Results))
	}
	for _, r := range w.take() {
		a.handle(pageEvent(r))
	}
	if a.Running() || a.WorkerBusy() || a.Error != "" || a.Notice != "" {
		t.Fatalf("after the merge: running %v, busy %v, error %q, notice %q", a.Running(), a.WorkerBusy(), a.Error, a.Notice)
	}
	want, err := scenario.Run(context.Background(), s, scenario.Env{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	model.OrderStrategies(want.Strategies, catalogue.Strategies)
	if got, want := noScheduling(t, a.Result), noScheduling(t, want); got != want {
		t.Errorf("the page shows\n%s\nwant one run's\n%s", got, want)
	}
	if a.q.ResultReq != merge.ID || a.q.LastPar == nil {
		t.Errorf("the result is request %d, the merge %d", a.q.ResultReq, merge.ID)
	}

	// The download orders: each worker is asked for its part's, and the
	// page offers them as one file, equal to one run's (what crawlsim run
	// -orders writes: the header, then report.Orders of every crawl).
	offered := captureDownloads(t)
	a.DownloadOrders()
	o1, o2 := lastSent(t, w), lastSent(t, hw)
	if o1.Kind != protocol.KindOrders || o1.Target != first.ID || o2.Kind != protocol.KindOrders || o2.Target != second.ID {
		t.Fatalf("orders asked as %+v and %+v", o1, o2)
	}
	for _, r := range hw.take() {
		a.handleHelper(a.q.Helpers[0], pageEvent(r))
	}
	if len(*offered) != 0 {
		t.Fatal("the orders were offered before the first worker's part came")
	}
	for _, r := range w.take() {
		a.handle(pageEvent(r))
	}
	if a.Error != "" || len(*offered) != 1 {
		t.Fatalf("after both orders: error %q, %d files offered", a.Error, len(*offered))
	}
	if got, want := (*offered)[0], runOrders(t, s, scenario.Env{}); got != want {
		t.Errorf("the page offers the orders\n%.2000s\nwant one run's\n%.2000s", got, want)
	}
}

// captureDownloads makes the page's downloads of parts (offerParts)
// append the file's text to the slice it returns, for the test's time.
func captureDownloads(t *testing.T) *[]string {
	t.Helper()
	var files []string
	old := offerParts
	offerParts = func(name, mime string, parts []page.Buffer) error {
		var b strings.Builder
		for _, p := range parts {
			b.Write(p.(page.Bytes))
		}
		files = append(files, b.String())
		return nil
	}
	t.Cleanup(func() { offerParts = old })
	return &files
}

// runOrders returns the download orders of one native run of s as
// `crawlsim run -orders` writes them.
func runOrders(t *testing.T, s scenario.Scenario, env scenario.Env) string {
	t.Helper()
	parts := map[string]*bytes.Buffer{}
	env.Orders = func(o scenario.CrawlOrder) error {
		parts[o.Label] = new(bytes.Buffer)
		return report.Orders(parts[o.Label], o)
	}
	res, err := scenario.Run(context.Background(), s, env, nil)
	if err != nil {
		t.Fatal(err)
	}
	model.OrderStrategies(res.Strategies, catalogue.Strategies)
	var b bytes.Buffer
	b.WriteString(report.OrdersHeader)
	for _, st := range res.Strategies {
		b.Write(parts[st.Label].Bytes())
	}
	return b.String()
}

// TestOrdersFileAsOneRun checks that the download orders of a comparison
// run in two parts, put together, are one run's to the byte, with labels
// and URLs that CSV quotes (a quote, a comma): the parts are put together
// by label, not by reading their lines, which a quoted field would
// confuse. (A label cannot hold a line break: the scenario refuses it.)
func TestOrdersFileAsOneRun(t *testing.T) {
	graph := []byte("0 1\n1 2\n2 0\n0 3\n3 4\n4 0\n5 6\n6 5\n2 7\n7 8\n8 1\n")
	urls := []byte("http://a.org/\nhttp://a.org/x,y\nhttp://b.org/\"q\"\nhttp://b.org/1\nhttp://c.org/\nhttp://c.org/2\nhttp://d.org/\nhttp://a.org/3\nhttp://b.org/4\n")
	labels := []string{`larger sites "first", by hosts`, "windowed, rankmass", "fpr", "random", "optimal"}
	s := scenario.Scenario{Graph: scenario.Source{File: "g.edges", URLs: "g.urls"}, Seeds: "top-pagerank:1",
		Strategies: []scenario.Strategy{{ID: "larger-sites-first", Label: labels[0]}, {ID: "windowed-rankmass", Label: labels[1]}, {ID: "fpr"}, {ID: "random"}, {ID: "optimal"}}}
	orders := func(part, parts int) page.Event {
		w := newSessionWorker()
		load := protocol.Request{Version: protocol.Version, ID: 1, Kind: protocol.KindLoad,
			Load: &protocol.Load{Name: "g.edges", URLs: "g.urls", Sizes: []int64{int64(len(graph)), int64(len(urls))}}}
		if r := w.s.Handle(load, []session.Buffer{session.Bytes(graph), session.Bytes(urls)}); len(r) != 1 || r[0].Kind != protocol.KindGraph {
			t.Fatalf("load: %+v", r)
		}
		_ = w.Send(protocol.Request{Version: protocol.Version, ID: 2, Kind: protocol.KindRun, Scenario: &s, Part: part, Parts: parts})
		_ = w.Send(protocol.Request{Version: protocol.Version, ID: 3, Kind: protocol.KindOrders, Target: 2})
		out := w.take()
		if r := out[len(out)-1]; r.Kind != protocol.KindResult || len(r.Orders) == 0 {
			t.Fatalf("orders: %+v", r)
		}
		return pageEvent(out[len(out)-1])
	}
	// The page names the strategies in its result's order.
	shown := []string{"optimal", "random", labels[0], labels[1], "fpr"}
	text := func(answers ...page.Event) string {
		parts, err := ordersFile(shown, answers)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		for _, p := range parts {
			b.Write(p.(page.Bytes))
		}
		return b.String()
	}
	whole := runOrders(t, s, scenario.Env{FS: fstest.MapFS{"g.edges": {Data: graph}, "g.urls": {Data: urls}}})
	if got := text(orders(0, 0)); got != whole {
		t.Errorf("one worker's orders\n%s\none run's\n%s", got, whole)
	}
	if got := text(orders(1, 2), orders(2, 2)); got != whole {
		t.Errorf("two workers' orders\n%s\none run's\n%s", got, whole)
	}
	for _, quoted := range []string{`"http://a.org/x,y"`, `"larger sites ""first"", by hosts"`, `"windowed, rankmass"`} {
		if !strings.Contains(whole, quoted) {
			t.Errorf("no %s in\n%s", quoted, whole)
		}
	}
}

// sized is a buffer of a length, without bytes.
type sized int64

func (s sized) Len() int64 { return int64(s) }

// TestOrdersFileBounded checks that the page refuses to put together
// download orders larger in all than one worker may write, although each
// part is within it, and names a strategy whose orders are missing.
func TestOrdersFileBounded(t *testing.T) {
	part := sized(protocol.OrdersLimit(0)/2 + 1)
	answers := []page.Event{
		{Response: protocol.Response{Orders: []string{"a"}}, Buffers: []page.Buffer{part}},
		{Response: protocol.Response{Orders: []string{"b"}}, Buffers: []page.Buffer{part}},
	}
	if _, err := ordersFile([]string{"a"}, answers); err != nil {
		t.Errorf("one part: %v", err)
	}
	if _, err := ordersFile([]string{"a", "b"}, answers); err == nil || !strings.Contains(err.Error(), "crawlsim run -orders") {
		t.Errorf("both parts, %d bytes each: %v", part, err)
	}
	if _, err := ordersFile([]string{"a", "c"}, answers); err == nil || !strings.Contains(err.Error(), `"c"`) {
		t.Errorf("a strategy no worker ran: %v", err)
	}
}

// TestParallelCancelCancelsEveryPart checks that Cancel cancels both
// parts and that their answers end the comparison, cancelled.
func TestParallelCancelCancelsEveryPart(t *testing.T) {
	w, hw := &fakeWorker{}, &fakeWorker{}
	a := parallelApp(t, w, hw)
	a.Run()
	first, second := lastSent(t, w), lastSent(t, hw)
	a.Cancel()
	if c1, c2 := lastSent(t, w), lastSent(t, hw); c1.Kind != protocol.KindCancel || c1.Target != first.ID || c2.Kind != protocol.KindCancel || c2.Target != second.ID {
		t.Fatalf("Cancel sent %+v and %+v", c1, c2)
	}
	a.handle(pageEvent(protocol.Response{ID: first.ID, Kind: protocol.KindCancelled}))
	a.handleHelper(a.q.Helpers[0], pageEvent(protocol.Response{ID: second.ID, Kind: protocol.KindCancelled}))
	if a.Running() || a.WorkerBusy() || a.Notice != "" || !strings.HasPrefix(a.StaleNote(), "Run cancelled") || a.Announce != "Run cancelled." {
		t.Errorf("after the cancel: running %v, busy %v, notice %q, note %q, said %q", a.Running(), a.WorkerBusy(), a.Notice, a.StaleNote(), a.Announce)
	}
}

// TestHelperFailureFallsBackToOneWorker checks the three ways a helper
// can fail a comparison: its part's error, its crash, and results that do
// not merge. Each time the first worker runs the whole comparison again,
// alone, and the page says so; the helper that erred is not used again.
func TestHelperFailureFallsBackToOneWorker(t *testing.T) {
	for _, how := range []string{"error", "crash", "merge"} {
		t.Run(how, func(t *testing.T) {
			w, hw := &fakeWorker{}, &fakeWorker{}
			a := parallelApp(t, w, hw)
			a.Run()
			first, second := lastSent(t, w), lastSent(t, hw)
			switch how {
			case "error":
				a.handleHelper(a.q.Helpers[0], pageEvent(protocol.Response{ID: second.ID, Kind: protocol.KindError, Error: "out of memory"}))
			case "crash":
				a.handleHelper(a.q.Helpers[0], page.Event{Failed: errors.New("the worker failed")})
			case "merge":
				a.handleHelper(a.q.Helpers[0], pageEvent(protocol.Response{ID: second.ID, Kind: protocol.KindResult, Result: tinyResult(t)}))
				a.handle(pageEvent(protocol.Response{ID: first.ID, Kind: protocol.KindResult, Result: tinyResult(t)}))
				merge := lastSent(t, w)
				if merge.Kind != protocol.KindMerge {
					t.Fatalf("sent %s, want merge", merge.Kind)
				}
				a.handle(pageEvent(protocol.Response{ID: merge.ID, Kind: protocol.KindError, Error: "the parts disagree"}))
			}
			again := lastSent(t, w)
			if again.Kind != protocol.KindRun || again.Parts != 0 || again.ID == first.ID {
				t.Fatalf("after the helper's failure the first worker was sent %+v, want the whole run", again)
			}
			if !a.Running() || a.q.UsedWorkers != 1 || !strings.Contains(a.Notice, "runs in one worker") || a.Error != "" {
				t.Fatalf("running %v, workers %d, notice %q, error %q", a.Running(), a.q.UsedWorkers, a.Notice, a.Error)
			}
			// The first worker's answer to its part, cancelled by the
			// whole run, is no longer heard.
			a.handle(pageEvent(protocol.Response{ID: first.ID, Kind: protocol.KindCancelled}))
			if !a.Running() || a.cancelled {
				t.Fatalf("the old part's cancel ended the new run: running %v, cancelled %v", a.Running(), a.cancelled)
			}
			a.handle(pageEvent(protocol.Response{ID: again.ID, Kind: protocol.KindResult, Result: tinyResult(t)}))
			if a.Running() || a.Result == nil || len(a.Result.Strategies) != 2 {
				t.Fatalf("the whole run's result: running %v, result %v", a.Running(), a.Result)
			}
			if how == "error" && !a.q.Helpers[0].Dead {
				t.Error("the helper that erred is still used")
			}
		})
	}
}

// TestFirstWorkersErrorFailsTheRun checks that an error of the first
// worker's own part is the comparison's error, as with one worker, and
// cancels the helper's part.
func TestFirstWorkersErrorFailsTheRun(t *testing.T) {
	w, hw := &fakeWorker{}, &fakeWorker{}
	a := parallelApp(t, w, hw)
	a.Run()
	first, second := lastSent(t, w), lastSent(t, hw)
	a.handle(pageEvent(protocol.Response{ID: first.ID, Kind: protocol.KindError, Error: "strategy fpr: out of memory"}))
	if c := lastSent(t, hw); c.Kind != protocol.KindCancel || c.Target != second.ID {
		t.Errorf("the helper's part was sent %+v, want its cancel", c)
	}
	if a.Running() || a.WorkerBusy() || a.Error != "strategy fpr: out of memory" {
		t.Errorf("running %v, busy %v, error %q", a.Running(), a.WorkerBusy(), a.Error)
	}
}

// TestParallelWorkersChoice checks which workers a comparison uses: one
// with ?workers=1, at most one per strategy, only helpers that hold the
// uploaded graph, and no more copies of a graph than the memory holds.
func TestParallelWorkersChoice(t *testing.T) {
	if n := workersOf("workers=1"); n != 1 {
		t.Errorf("?workers=1 gives %d workers", n)
	}
	if n := workersOf("workers=3"); n != 3 {
		t.Errorf("?workers=3 gives %d workers", n)
	}
	if n := workersOf("workers=100"); n != maxWorkers {
		t.Errorf("?workers=100 gives %d workers", n)
	}
	if n := workersOf(""); n != page.Cores() {
		t.Errorf("no ?workers gives %d workers, want the cores' %d", n, page.Cores())
	}
	a := parallelApp(t, &fakeWorker{}, &fakeWorker{})
	a.q.Workers = 3
	a.q.Helpers = append(a.q.Helpers, &workerqueue.Helper{Requests: workerqueue.Requests{Worker: &fakeWorker{}, Ready: true}})
	gen := scenario.Scenario{Graph: scenario.Source{Generate: &scenario.Generate{Pages: 3000}}, Strategies: []scenario.Strategy{{ID: "bfs"}, {ID: "fpr"}, {ID: "opic"}}}
	if n := len(a.parallelWorkers(gen)); n != 3 {
		t.Errorf("three strategies on a small graph: %d workers", n)
	}
	gen.Strategies = gen.Strategies[:2]
	if n := len(a.parallelWorkers(gen)); n != 2 {
		t.Errorf("two strategies: %d workers", n)
	}
	upload := scenario.Scenario{Graph: scenario.Source{File: "g.graph"}, Strategies: gen.Strategies}
	a.q.UploadPages, a.q.UploadLinks = 1000, 5000
	if n := len(a.parallelWorkers(upload)); n != 1 {
		t.Errorf("helpers without the upload: %d workers", n)
	}
	a.q.Helpers[1].File = "g.graph"
	if n := len(a.parallelWorkers(upload)); n != 2 {
		t.Errorf("one helper with the upload: %d workers", n)
	}
	a.q.UploadPages, a.q.UploadLinks = 4e6, 150e6
	if n := len(a.parallelWorkers(upload)); n != 1 {
		t.Errorf("a graph of %d pages and %d links: %d workers, want one copy (%d bytes each)", a.q.UploadPages, a.q.UploadLinks, n, a.graphBytes(upload))
	}
}

// TestHelpersHoldTheUpload checks that the helpers load the page's upload
// once the first worker has read it, a helper that starts later too, and
// that a comparison on the upload uses only helpers that hold it.
func TestHelpersHoldTheUpload(t *testing.T) {
	a := parallelApp(t, &fakeWorker{}, &fakeWorker{})
	late := &workerqueue.Helper{Requests: workerqueue.Requests{Worker: &fakeWorker{}}}
	a.q.Helpers = append(a.q.Helpers, late)
	a.q.Workers = 3
	a.q.Upload = &page.Upload{}
	a.Form.Source = SourceUpload
	load := a.q.Request(protocol.KindLoad)
	a.q.Register(load.ID, a.graphPending(protocol.KindLoad))
	graph := &protocol.GraphInfo{Name: "g.graph"}
	graph.Stats.Pages, graph.Stats.Links = 1000, 5000
	a.handle(pageEvent(protocol.Response{ID: load.ID, Kind: protocol.KindGraph, Graph: graph}))
	s, err := a.Form.Scenario()
	if err != nil {
		t.Fatal(err)
	}
	h := a.q.Helpers[0]
	if h.Loading == 0 || late.Loading != 0 {
		t.Fatalf("after the first worker's load: the ready helper loads %d, the one not ready %d", h.Loading, late.Loading)
	}
	if n := len(a.parallelWorkers(s)); n != 1 {
		t.Errorf("a helper still loading the upload takes part: %d workers", n)
	}
	a.handleHelper(h, pageEvent(protocol.Response{ID: h.Loading, Kind: protocol.KindGraph, Graph: graph}))
	if n := len(a.parallelWorkers(s)); n != 2 || h.File != "g.graph" {
		t.Errorf("after the helper's load: %d workers, helper holds %q", n, h.File)
	}
	a.handleHelper(late, pageEvent(protocol.Response{Kind: protocol.KindReady}))
	if late.Loading == 0 {
		t.Fatal("a helper that became ready later was not sent the upload")
	}
	a.handleHelper(late, pageEvent(protocol.Response{ID: late.Loading, Kind: protocol.KindGraph, Graph: graph}))
	if n := len(a.parallelWorkers(s)); n != 3 {
		t.Errorf("with both helpers holding the upload: %d workers", n)
	}
}

// TestHelperDropsAnOlderUpload: a helper whose load of an upload ends
// after a newer upload (of the same name) does not count as holding it,
// and loads the newer one.
func TestHelperDropsAnOlderUpload(t *testing.T) {
	first := &fakeWorker{}
	a := parallelApp(t, first, &fakeWorker{})
	first.files = make(chan sentFiles, 1)
	a.q.Workers = 2
	a.Form.Source = SourceUpload
	graph := &protocol.GraphInfo{Name: "g.txt"}
	graph.Stats.Pages, graph.Stats.Links = 1000, 5000
	upload := func() { // as LoadFiles takes an upload, which the first worker reads
		a.takeUpload(&page.Upload{})
		load := (<-first.files).req
		a.handle(pageEvent(protocol.Response{ID: load.ID, Kind: protocol.KindGraph, Graph: graph}))
	}
	upload()
	h := a.q.Helpers[0]
	old := h.Loading
	if old == 0 {
		t.Fatal("the helper was not sent the first upload")
	}
	upload() // the helper is still busy with the first one
	a.handleHelper(h, pageEvent(protocol.Response{ID: old, Kind: protocol.KindGraph, Graph: graph}))
	s, err := a.Form.Scenario()
	if err != nil {
		t.Fatal(err)
	}
	if n := len(a.parallelWorkers(s)); n != 1 || h.File != "" {
		t.Fatalf("after the older upload's load: %d workers, the helper holds %q", n, h.File)
	}
	if h.Loading == 0 || h.Loading == old {
		t.Fatal("the helper was not sent the newer upload")
	}
	a.handleHelper(h, pageEvent(protocol.Response{ID: h.Loading, Kind: protocol.KindGraph, Graph: graph}))
	if n := len(a.parallelWorkers(s)); n != 2 {
		t.Errorf("with the helper holding the newer upload: %d workers", n)
	}
}

// TestProgressRendersAtMostTwiceASecond checks that progress re-renders
// the page at most every progressRenderEvery, whichever worker sends it,
// while every other answer renders at once.
func TestProgressRendersAtMostTwiceASecond(t *testing.T) {
	a := NewApp("", "")
	progress := pageEvent(protocol.Response{ID: 1, Kind: protocol.KindProgress, Progress: &protocol.Progress{}})
	result := pageEvent(protocol.Response{ID: 1, Kind: protocol.KindResult})
	for _, c := range []struct {
		e     page.Event
		at    float64
		quiet bool
	}{
		{progress, 1000, false},
		{progress, 1200, true},
		{progress, 1499, true},
		{result, 1499, false},
		{progress, 1500, false},
		{progress, 1900, true},
		{page.Event{Failed: errors.New("gone")}, 1901, false},
		{progress, 2000, false},
	} {
		if got := a.quietAt(c.e, c.at); got != c.quiet {
			t.Errorf("%s at %v ms: quiet %v, want %v", c.e.Response.Kind, c.at, got, c.quiet)
		}
	}
}

// TestRefusedScenarioSaidOnce: a scenario every worker refuses (seeds
// the normalisation rejects) is said once, where the form's errors go;
// the first worker's late refusal of its
// part, given up by then, is not shown again as an error over the page
// (it was), the result shown is not marked as left by a run that did not
// finish, since none started, and the aria-live region no longer says a
// run is going; the form's error is an alert.
func TestRefusedScenarioSaidOnce(t *testing.T) {
	w, hw := newSessionWorker(), newSessionWorker()
	a := parallelApp(t, w, hw)
	a.Form.Seeds = "top-pagerank:abc"
	a.Run()
	if a.q.UsedWorkers != 2 {
		t.Fatalf("ran in %d workers", a.q.UsedWorkers)
	}
	for _, r := range hw.take() {
		a.handleHelper(a.q.Helpers[0], pageEvent(r))
	}
	for _, r := range w.take() {
		a.handle(pageEvent(r))
	}
	if a.Error != "" || !strings.Contains(a.FormError, "top-pagerank") || a.Running() {
		t.Errorf("error %q, form error %q, running %v", a.Error, a.FormError, a.Running())
	}
	if a.Stale() || a.StaleNote() != "" {
		t.Errorf("the result is marked stale after a refusal: %q", a.StaleNote())
	}
	if a.Announce != "" {
		t.Errorf("the aria-live region says %q after the refusal", a.Announce)
	}
	if n, _ := builtNode(t, &RunPanel{App: a}, "form-error"); n == nil || !slices.ContainsFunc(n.Attr, func(at vugu.VGAttribute) bool { return at.Key == "role" && at.Val == "alert" }) {
		t.Errorf("the refusal is not an alert: %+v", n)
	}
	// The same with one worker.
	a.q.Helpers = nil
	a.Run()
	for _, r := range w.take() {
		a.handle(pageEvent(r))
	}
	if a.q.UsedWorkers != 1 || a.Error != "" || !strings.Contains(a.FormError, "top-pagerank") || a.Stale() || a.Announce != "" {
		t.Errorf("one worker: error %q, form error %q, stale %v, said %q", a.Error, a.FormError, a.Stale(), a.Announce)
	}
}

// faultMsg is an error the engine gives for the scenario, naming no
// field of the form (a transpose that is not the graph's), which every
// worker gives.
const faultMsg = "t.graph: 3 pages and 2 links, but the graph g.edges has 4 and 5: it is not its transpose"

// TestHelperRefusalForTheScenarioKeepsTheHelper: a helper's part refused
// for the scenario (Response.ScenarioFault) fails the comparison as the
// first worker's refusal would: the error is said once, over the page;
// the first worker's part is cancelled, not run again alone (it would
// give the same error), no notice says a second worker failed, and the
// helper is kept for the next comparison. Before, the helper was
// retired (terminated, never replaced) and the comparison ran again in
// one worker to fail the same way.
func TestHelperRefusalForTheScenarioKeepsTheHelper(t *testing.T) {
	w, hw := &fakeWorker{}, &fakeWorker{}
	a := parallelApp(t, w, hw)
	a.Run()
	first, second := lastSent(t, w), lastSent(t, hw)
	if a.q.UsedWorkers != 2 {
		t.Fatalf("ran in %d workers", a.q.UsedWorkers)
	}
	a.handleHelper(a.q.Helpers[0], pageEvent(protocol.Response{ID: second.ID, Kind: protocol.KindError, Error: faultMsg, ScenarioFault: true}))
	if c := lastSent(t, w); c.Kind != protocol.KindCancel || c.Target != first.ID {
		t.Errorf("the first worker was sent %+v, want the cancel of its part", c)
	}
	if h := a.q.Helpers[0]; h.Dead || h.Worker == nil {
		t.Errorf("the helper was retired (dead %v, worker %v)", h.Dead, h.Worker)
	}
	if a.Running() || a.Error != faultMsg || a.Notice != "" {
		t.Errorf("running %v, error %q, notice %q", a.Running(), a.Error, a.Notice)
	}
	// The first worker's answer to its cancelled part is not heard.
	a.handle(pageEvent(protocol.Response{ID: first.ID, Kind: protocol.KindCancelled}))
	if a.cancelled || a.Error != faultMsg {
		t.Errorf("the cancelled part's answer: cancelled %v, error %q", a.cancelled, a.Error)
	}
	checkFailureSaidOnce(t, a)
	a.Run()
	if a.q.UsedWorkers != 2 {
		t.Errorf("the next comparison ran in %d workers, want 2", a.q.UsedWorkers)
	}
}

// TestHelperFailureOfItsOwnRetiresIt: a helper's error that is not the
// scenario's (its memory, a file it lost) still costs the page that
// helper and runs the comparison again in the first worker alone.
func TestHelperFailureOfItsOwnRetiresIt(t *testing.T) {
	w, hw := &fakeWorker{}, &fakeWorker{}
	a := parallelApp(t, w, hw)
	a.Run()
	second := lastSent(t, hw)
	a.handleHelper(a.q.Helpers[0], pageEvent(protocol.Response{ID: second.ID, Kind: protocol.KindError, Error: "g.edges: no such file here"}))
	if !a.q.Helpers[0].Dead || !a.Running() || a.q.UsedWorkers != 1 || !strings.Contains(a.Notice, "runs in one worker") {
		t.Errorf("dead %v, running %v, workers %d, notice %q", a.q.Helpers[0].Dead, a.Running(), a.q.UsedWorkers, a.Notice)
	}
}
