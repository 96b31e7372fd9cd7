package main

import (
	"errors"
	"testing"

	"github.com/vugu/vugu"

	"github.com/crawlsim/crawlsim/engine/crawl"
	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/ui/workerqueue"
	"github.com/crawlsim/crawlsim/wasm/page"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// fakeWorker records the requests the page sends. When files is set,
// the loads (SendUpload, which the page calls on a goroutine of its own)
// go there instead of to sent.
type fakeWorker struct {
	sent  []protocol.Request
	files chan sentFiles
}

// sentFiles is a load a fakeWorker was sent: the request and the upload
// of SendUpload.
type sentFiles struct {
	req    protocol.Request
	upload *page.Upload
}

func (w *fakeWorker) Send(r protocol.Request) error {
	w.sent = append(w.sent, r)
	return nil
}

func (w *fakeWorker) Terminate() error { return nil }

// readyApp returns the default page with a fake worker that said it is
// ready (and so was sent the opening run, answered here with a result).
func readyApp(t *testing.T) (*App, *fakeWorker) {
	t.Helper()
	a, w := NewApp("", ""), &fakeWorker{}
	a.q.Worker = w
	a.handle(pageEvent(protocol.Response{Kind: protocol.KindReady}))
	if len(w.sent) != 1 || w.sent[0].Kind != protocol.KindRun || !a.Running() {
		t.Fatalf("the ready worker was sent %+v", w.sent)
	}
	a.handle(pageEvent(protocol.Response{ID: w.sent[0].ID, Kind: protocol.KindResult, Result: tinyResult(t)}))
	if a.WorkerBusy() || a.Result == nil || a.Error != "" {
		t.Fatalf("after the result: busy %v, result %v, error %q", a.WorkerBusy(), a.Result != nil, a.Error)
	}
	return a, w
}

// sessionApp returns a page on a generated web of 2,000 pages whose
// worker is a real session (newSessionWorker), after its opening run,
// and finish, which gives the page the worker's answers and fails the
// test unless they end in a result.
func sessionApp(t *testing.T) (*App, func()) {
	t.Helper()
	a, w := NewApp("", ""), newSessionWorker()
	a.Form.Pages = "2000"
	a.q.Worker = w
	finish := func() {
		t.Helper()
		for _, r := range w.take() {
			a.handle(pageEvent(r))
		}
		if a.Result == nil || a.Error != "" || a.Running() {
			t.Fatalf("no result: error %q, running %v", a.Error, a.Running())
		}
	}
	a.handle(pageEvent(protocol.Response{Kind: protocol.KindReady}))
	finish()
	return a, finish
}

// killWorker fails q's first worker until the page gives up on it
// (workerqueue.Queue.Dead).
func killWorker(q *workerqueue.Queue) {
	for !q.Dead() {
		q.Failed(false)
	}
}

// tinyResult is a comparison of two strategies as the worker sends it
// (the curves of TestReadoutSortedAndKeys).
func tinyResult(t *testing.T) []byte {
	t.Helper()
	r := &scenario.Result{Version: scenario.Version, Reachable: 10000, Graph: scenario.GraphSummary{Pages: 10000}, Strategies: []scenario.StrategyResult{
		{Label: "low", Curve: crawl.Curve{K: []int64{1000, 10000}, Value: []float64{0.1, 1}}},
		{Label: "high", Curve: crawl.Curve{K: []int64{1000, 10000}, Value: []float64{0.6, 1}}},
	}}
	data, err := scenario.MarshalResult(r)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// startButtons are the ids of the buttons that send the worker a request.
var startButtons = []string{"run", "generate", "load", "extract-seeds", "use-seeds", "run-refresh", "run-papers"}

// shownButton is a button of the page as the browser would get it.
type shownButton struct {
	// disabled is its disabled property: it cannot be pressed, nor
	// hold the focus.
	disabled bool
	// ariaDisabled is its aria-disabled attribute: it is said to be
	// unavailable, and keeps the focus.
	ariaDisabled bool
	// tabindex is its tabindex attribute, "" when it has none.
	tabindex string
	// press calls its click handler, as a press on it does.
	press func()
}

// unavailable reports whether the button is shown as unavailable.
func (b shownButton) unavailable() bool { return b.disabled || b.ariaDisabled }

// buttons builds the panels of the page (as the browser would render them)
// and returns their buttons, by id.
func buttons(t *testing.T, a *App) map[string]shownButton {
	t.Helper()
	env, err := vugu.NewBuildEnv()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]shownButton{}
	var walk func(res *vugu.BuildResults, n *vugu.VGNode)
	walk = func(res *vugu.BuildResults, n *vugu.VGNode) {
		if n == nil {
			return
		}
		if n.Component != nil {
			for _, m := range res.ResultFor(n.Component).Out {
				walk(res, m)
			}
		}
		if n.Data == "button" {
			id, b := "", shownButton{press: func() {}}
			for _, at := range n.Attr {
				switch at.Key {
				case "id":
					id = at.Val
				case "aria-disabled":
					b.ariaDisabled = at.Val == "true"
				case "tabindex":
					b.tabindex = at.Val
				}
			}
			for _, p := range n.Prop {
				if p.Key == "disabled" {
					b.disabled = string(p.JSONVal) == "true"
				}
			}
			for _, h := range n.DOMEventHandlerSpecList {
				if h.EventType == "click" {
					b.press = func() { h.Func(nil) }
				}
			}
			out[id] = b
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(res, c)
		}
	}
	for _, panel := range []vugu.Builder{&RunPanel{App: a}, &SourcePanel{App: a}, &CommunityPanel{App: a}, &RefreshPanel{App: a}, &PapersPanel{App: a}, &SharePanel{App: a}} {
		res := env.RunBuild(panel)
		for _, n := range res.Out.Out {
			walk(res, n)
		}
	}
	return out
}

// pageEvent is the event the page gets of the worker's response r: its
// buffers arrive beside it, as in the browser (page.Event.Buffers).
func pageEvent(r protocol.Response) page.Event {
	e := page.Event{Response: r}
	for _, b := range r.Buffers {
		e.Buffers = append(e.Buffers, page.Bytes(b))
	}
	e.Response.Buffers = nil
	return e
}

// TestWorkerBusyDisablesEveryButton: while the worker runs any request (a
// comparison, a graph, a seed study, a revisit simulation), every button
// that would send another is unavailable, Extract and "Compare from these
// seeds" included, whichever request runs: aria-disabled, so that the
// button just pressed keeps the keyboard's focus (a disabled one loses
// it), and a press on it sends nothing.
func TestWorkerBusyDisablesEveryButton(t *testing.T) {
	a, w := readyApp(t)
	// A seed study, so that "Compare from these seeds" shows.
	a.Community.Study = a.Result
	idle := buttons(t, a)
	for _, id := range append(startButtons, "download-orders") {
		if b, ok := idle[id]; !ok || b.unavailable() {
			t.Errorf("idle: button %s shown %v, unavailable %v", id, ok, b.unavailable())
		}
	}
	starts := map[string]func(){
		"comparison": a.Run,
		"generate":   a.Generate,
		"seeds":      func() { a.Community.Extract(a.Form) },
		"revisits":   a.Revisits.Run,
		"papers":     func() { a.Papers.Run(a.Form) },
	}
	for name, start := range starts {
		start()
		if !a.WorkerBusy() {
			t.Fatalf("%s: not busy after start; errors %q %q %q %q", name, a.Error, a.FormError, a.Community.Error, a.Revisits.Error)
		}
		got := buttons(t, a)
		sent := len(w.sent)
		for _, id := range append(startButtons, "download-orders") {
			b := got[id]
			if !b.ariaDisabled || b.disabled {
				t.Errorf("during %s: button %s aria-disabled %v, disabled %v; want aria-disabled alone, keeping the focus", name, id, b.ariaDisabled, b.disabled)
			}
			b.press()
			if len(w.sent) != sent {
				t.Errorf("during %s: a press on %s sent %+v", name, id, w.sent[sent:])
				sent = len(w.sent)
			}
		}
		// The worker's answer ends it.
		last := w.sent[len(w.sent)-1]
		a.handle(pageEvent(protocol.Response{ID: last.ID, Kind: protocol.KindCancelled}))
		if a.WorkerBusy() {
			t.Fatalf("%s: still busy after its end", name)
		}
	}
	if len(w.sent) != 1+len(starts) {
		t.Errorf("%d requests sent, want %d: %+v", len(w.sent), 1+len(starts), w.sent)
	}
}

// TestCancelKeepsTheFocusNearby: the run bar's Cancel is aria-disabled,
// not disabled, when no comparison runs, so that the focus stays on it
// when the run ends, out of the Tab order as a disabled button is, and a
// press on it then sends nothing; a panel's
// Cancel, which goes away with its work, cancels it and gives the focus
// to the button that started it, not to the page's start.
func TestCancelKeepsTheFocusNearby(t *testing.T) {
	var focused []string
	old := focusElement
	focusElement = func(id string) { focused = append(focused, id) }
	t.Cleanup(func() { focusElement = old })
	a, w := readyApp(t)
	idle := buttons(t, a)["cancel"]
	if !idle.ariaDisabled || idle.disabled || idle.tabindex != "-1" {
		t.Errorf("idle, Cancel is aria-disabled %v, disabled %v, tabindex %q; want aria-disabled alone, out of the Tab order", idle.ariaDisabled, idle.disabled, idle.tabindex)
	}
	sent := len(w.sent)
	idle.press()
	if len(w.sent) != sent || a.Error != "" {
		t.Errorf("Cancel pressed when no run goes sent %+v, error %q", w.sent[sent:], a.Error)
	}
	a.Run()
	running := buttons(t, a)["cancel"]
	if running.unavailable() || running.tabindex == "-1" {
		t.Fatalf("while the comparison runs Cancel is unavailable %v, tabindex %q", running.unavailable(), running.tabindex)
	}
	running.press()
	if last := w.sent[len(w.sent)-1]; last.Kind != protocol.KindCancel {
		t.Errorf("Cancel pressed during the run sent %+v; want a cancel", last)
	}
	a.handle(pageEvent(protocol.Response{ID: w.sent[len(w.sent)-2].ID, Kind: protocol.KindCancelled}))
	panels := []struct {
		start  func()
		cancel string
		button string
	}{
		{func() { a.Community.Extract(a.Form) }, "cancel-seeds", "extract-seeds"},
		{a.Revisits.Run, "cancel-refresh", "run-refresh"},
		{func() { a.Papers.Run(a.Form) }, "cancel-papers", "run-papers"},
	}
	for _, p := range panels {
		p.start()
		b, ok := buttons(t, a)[p.cancel]
		if !ok {
			t.Fatalf("no %s while its work goes", p.cancel)
		}
		focused = nil
		b.press()
		if last := w.sent[len(w.sent)-1]; last.Kind != protocol.KindCancel {
			t.Errorf("%s sent %+v; want a cancel", p.cancel, last)
		}
		if len(focused) != 1 || focused[0] != p.button {
			t.Errorf("%s gave the focus to %v; want %s", p.cancel, focused, p.button)
		}
		a.handle(pageEvent(protocol.Response{ID: w.sent[len(w.sent)-2].ID, Kind: protocol.KindCancelled}))
		if a.WorkerBusy() {
			t.Fatalf("after %s the worker is still busy", p.cancel)
		}
	}
}

// TestRequestsRouteAnswers: each answer reaches the request it is for
// (progress, error, result), an answer for no pending request is ignored
// unless it is an error, and a failed worker forgets every pending
// request.
func TestRequestsRouteAnswers(t *testing.T) {
	a, w := readyApp(t)
	a.Revisits.Run()
	id := w.sent[len(w.sent)-1].ID
	a.handle(pageEvent(protocol.Response{ID: id, Kind: protocol.KindProgress, Progress: &protocol.Progress{Stage: "simulate", Done: 1, Total: 4}}))
	if got := progressText(a.Revisits.Progress()); got != "simulate: 25%" || a.Progress() != nil {
		t.Errorf("revisits progress %q, comparison progress %+v", got, a.Progress())
	}
	a.handle(pageEvent(protocol.Response{ID: id + 100, Kind: protocol.KindResult}))
	if !a.Revisits.Busy() || a.Error != "" {
		t.Errorf("an answer for no request: busy %v, error %q", a.Revisits.Busy(), a.Error)
	}
	a.handle(pageEvent(protocol.Response{ID: id, Kind: protocol.KindError, Error: "no such policy"}))
	if a.Revisits.Busy() || a.Revisits.Error != "no such policy" || a.Error != "" {
		t.Errorf("after its error: busy %v, panel error %q, page error %q", a.Revisits.Busy(), a.Revisits.Error, a.Error)
	}
	a.handle(pageEvent(protocol.Response{Kind: protocol.KindError, Error: "unreadable request"}))
	if a.Error != "unreadable request" {
		t.Errorf("an error about no request shows %q", a.Error)
	}
	a.Community.Extract(a.Form)
	if !a.Community.Busy() {
		t.Fatalf("no extraction: %q", a.Community.Error)
	}
	a.handle(page.Event{Failed: errors.New("crashed")})
	if a.WorkerBusy() || a.Community.Busy() || a.q.Worker == w {
		t.Errorf("after the worker failed: busy %v, extraction %v", a.WorkerBusy(), a.Community.Busy())
	}
}
