package workerqueue

import (
	"errors"
	"testing"

	"github.com/crawlsim/crawlsim/wasm/page"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// fakeWorker records what the page sends; sendErr, when set, fails Send.
type fakeWorker struct {
	sent       []protocol.Request
	sendErr    error
	terminated int
}

func (w *fakeWorker) Send(r protocol.Request) error {
	if w.sendErr != nil {
		return w.sendErr
	}
	w.sent = append(w.sent, r)
	return nil
}

func (w *fakeWorker) SendUpload(r protocol.Request, _ *page.Upload, _ int64) (protocol.Load, error) {
	return protocol.Load{}, w.Send(r)
}

func (w *fakeWorker) Terminate() error {
	w.terminated++
	return nil
}

// ready returns the requests of a ready fake worker.
func ready() (*Requests, *fakeWorker) {
	w := &fakeWorker{}
	return &Requests{Worker: w, Ready: true}, w
}

// answer is the worker's answer of the kind to request id.
func answer(id int64, kind string) page.Event {
	return page.Event{Response: protocol.Response{Version: protocol.Version, ID: id, Kind: kind}}
}

// record is a Pending whose handlers append what they heard to got.
func record(got *[]string) *Pending {
	return &Pending{
		Progressed: func(p *protocol.Progress) { *got = append(*got, "progress "+p.Stage) },
		Done:       func(r protocol.Response) { *got = append(*got, "done "+r.Kind) },
		Failed:     func(msg string) { *got = append(*got, "failed "+msg) },
		Cancelled:  func() { *got = append(*got, "cancelled") },
	}
}

func TestRequestNumbersRequests(t *testing.T) {
	var q Requests
	a, b := q.Request(protocol.KindRun), q.Request(protocol.KindLoad)
	if a.ID <= 0 || b.ID <= a.ID || a.Kind != protocol.KindRun || b.Kind != protocol.KindLoad || a.Version != protocol.Version {
		t.Errorf("requests %+v then %+v", a, b)
	}
}

func TestStartSendsOneRequestAtATime(t *testing.T) {
	var none Requests
	if err := none.Start(none.Request(protocol.KindRun), &Pending{}); !errors.Is(err, ErrNoWorker) {
		t.Errorf("no worker: %v", err)
	}
	w := &fakeWorker{}
	starting := Requests{Worker: w}
	if err := starting.Start(starting.Request(protocol.KindRun), &Pending{}); !errors.Is(err, ErrNoWorker) || len(w.sent) != 0 {
		t.Errorf("a worker not ready: %v, sent %v", err, w.sent)
	}

	q, w := ready()
	first := q.Request(protocol.KindRun)
	if err := q.Start(first, &Pending{}); err != nil || len(w.sent) != 1 || !q.Busy() || !q.Has(first.ID) || q.Idle() {
		t.Fatalf("start: %v, sent %d, busy %v", err, len(w.sent), q.Busy())
	}
	if p := q.Progress(first.ID); p == nil || p.Stage != "starting" {
		t.Errorf("a request just sent has progress %+v, want starting", p)
	}
	second := q.Request(protocol.KindGenerate)
	if err := q.Start(second, &Pending{}); !errors.Is(err, ErrBusy) || len(w.sent) != 1 || q.Has(second.ID) {
		t.Errorf("a second request while one is pending: %v, sent %d", err, len(w.sent))
	}

	// A request the worker could not be sent is not pending.
	q2, w2 := ready()
	w2.sendErr = errors.New("closed")
	req := q2.Request(protocol.KindRun)
	if err := q2.Start(req, &Pending{}); err != w2.sendErr || q2.Busy() {
		t.Errorf("a failed send: %v, busy %v", err, q2.Busy())
	}
}

// TestDeliverEndsTheRequestBeforeItsHandler checks that progress goes to
// the pending request, and that its final answer ends it before its
// handler runs, so that the handler can start the next request: the
// requests reach the worker in the order the page starts them.
func TestDeliverEndsTheRequestBeforeItsHandler(t *testing.T) {
	q, w := ready()
	var got []string
	load := q.Request(protocol.KindLoad)
	p := record(&got)
	var run protocol.Request
	p.Done = func(r protocol.Response) {
		got = append(got, "done "+r.Kind)
		run = q.Request(protocol.KindRun)
		if err := q.Start(run, record(&got)); err != nil {
			t.Errorf("the next request, from the handler: %v", err)
		}
	}
	if err := q.Start(load, p); err != nil {
		t.Fatal(err)
	}
	e := answer(load.ID, protocol.KindProgress)
	e.Response.Progress = &protocol.Progress{Stage: "reading", Done: 5, Total: 10}
	if !q.Deliver(e) || q.Progress(load.ID).Done != 5 {
		t.Errorf("progress not taken: %+v", q.Progress(load.ID))
	}
	if !q.Deliver(answer(load.ID, protocol.KindGraph)) {
		t.Fatal("the graph was not taken")
	}
	if len(w.sent) != 2 || w.sent[0].ID != load.ID || w.sent[1].ID != run.ID || !q.Has(run.ID) || q.Has(load.ID) {
		t.Errorf("sent %+v; pending load %v, run %v", w.sent, q.Has(load.ID), q.Has(run.ID))
	}
	if !q.Deliver(answer(run.ID, protocol.KindCancelled)) || q.Busy() {
		t.Errorf("the cancel's answer: busy %v", q.Busy())
	}
	want := []string{"progress reading", "done graph", "cancelled"}
	if len(got) != len(want) {
		t.Fatalf("handlers heard %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("handlers heard %q, want %q", got, want)
		}
	}
}

// TestDeliverRoutesErrors checks which handler takes an error: the
// fields' refusal, the scenario's fault, or the failure, each falling
// back to Failed when its handler is not set; and a result with its
// buffers.
func TestDeliverRoutesErrors(t *testing.T) {
	fields := []protocol.FieldError{{Field: "seeds", Message: "bad"}}
	for _, c := range []struct {
		name                      string
		r                         protocol.Response
		invalid, byScenario, with bool
		want                      string
	}{
		{"fields", protocol.Response{Kind: protocol.KindError, Error: "e", Fields: fields}, true, true, false, "invalid"},
		{"fields, no Invalid", protocol.Response{Kind: protocol.KindError, Error: "e", Fields: fields}, false, true, false, "failed e"},
		{"scenario", protocol.Response{Kind: protocol.KindError, Error: "e", ScenarioFault: true}, true, true, false, "scenario e"},
		{"scenario, no ByScenario", protocol.Response{Kind: protocol.KindError, Error: "e", ScenarioFault: true}, true, false, false, "failed e"},
		{"failure", protocol.Response{Kind: protocol.KindError, Error: "e"}, true, true, false, "failed e"},
		{"result", protocol.Response{Kind: protocol.KindResult}, false, false, false, "done result"},
		{"result with buffers", protocol.Response{Kind: protocol.KindResult}, false, false, true, "with 1"},
	} {
		q, _ := ready()
		var got []string
		p := record(&got)
		if c.invalid {
			p.Invalid = func(f []protocol.FieldError) { got = append(got, "invalid") }
		}
		if c.byScenario {
			p.ByScenario = func(msg string) { got = append(got, "scenario "+msg) }
		}
		if c.with {
			p.DoneWith = func(_ protocol.Response, b []page.Buffer) { got = append(got, "with "+string(rune('0'+len(b)))) }
		}
		req := q.Request(protocol.KindRun)
		if err := q.Start(req, p); err != nil {
			t.Fatal(err)
		}
		c.r.ID = req.ID
		if !q.Deliver(page.Event{Response: c.r, Buffers: []page.Buffer{page.Bytes("x")}}) || q.Busy() {
			t.Errorf("%s: not taken, or still pending", c.name)
		}
		if len(got) != 1 || got[0] != c.want {
			t.Errorf("%s: handlers heard %q, want %q", c.name, got, c.want)
		}
	}
}

// TestForgottenAnswersAreDropped checks that the answers to a request
// the page gave up, up to its last, are taken without running its
// handlers (a stale result is not shown), and that an answer to no
// request is not taken.
func TestForgottenAnswersAreDropped(t *testing.T) {
	q, _ := ready()
	var got []string
	run := q.Request(protocol.KindRun)
	if err := q.Start(run, record(&got)); err != nil {
		t.Fatal(err)
	}
	q.Forget(run.ID)
	if q.Busy() || q.Has(run.ID) || q.Progress(run.ID) != nil {
		t.Errorf("a forgotten request is pending")
	}
	if !q.Deliver(answer(run.ID, protocol.KindProgress)) || !q.Deliver(answer(run.ID, protocol.KindResult)) {
		t.Error("the forgotten request's answers were not taken")
	}
	if len(got) != 0 {
		t.Errorf("a forgotten request's handlers ran: %q", got)
	}
	if q.Deliver(answer(run.ID, protocol.KindResult)) {
		t.Error("an answer after the forgotten request's last was taken")
	}
	if q.Deliver(answer(99, protocol.KindError)) {
		t.Error("an answer to no request was taken")
	}
	q.Forget(98) // not pending: nothing to forget
	if q.Deliver(answer(98, protocol.KindResult)) {
		t.Error("an answer to a request never sent was taken after Forget")
	}
}

func TestCancelSendsACancelForAPendingRequest(t *testing.T) {
	q, w := ready()
	if err := q.Cancel(7); err != nil || len(w.sent) != 0 {
		t.Errorf("cancel of no request: %v, sent %+v", err, w.sent)
	}
	run := q.Request(protocol.KindRun)
	if err := q.Start(run, &Pending{}); err != nil {
		t.Fatal(err)
	}
	if err := q.Cancel(run.ID); err != nil || len(w.sent) != 2 || w.sent[1].Kind != protocol.KindCancel || w.sent[1].Target != run.ID {
		t.Errorf("cancel: %v, sent %+v", err, w.sent)
	}
	if !q.Has(run.ID) {
		t.Error("a cancelled request ends with the cancel's answer, not before")
	}
}

func TestRegisterAndUnregister(t *testing.T) {
	q, w := ready()
	load := q.Request(protocol.KindLoad)
	q.Register(load.ID, &Pending{})
	if !q.Busy() || len(w.sent) != 0 || q.Progress(load.ID).Stage != "starting" {
		t.Errorf("registered: busy %v, sent %d", q.Busy(), len(w.sent))
	}
	q.Unregister(load.ID)
	if q.Busy() || q.Deliver(answer(load.ID, protocol.KindGraph)) {
		t.Error("an unregistered request is still known")
	}
}

func TestDropForgetsTheWorker(t *testing.T) {
	q, w := ready()
	a := q.Request(protocol.KindRun)
	if err := q.Start(a, &Pending{}); err != nil {
		t.Fatal(err)
	}
	q.Forget(a.ID)
	b := q.Request(protocol.KindRun)
	if err := q.Start(b, &Pending{}); err != nil {
		t.Fatal(err)
	}
	if err := q.Drop(); err != nil || w.terminated != 1 || q.Worker != nil || q.Ready || q.Busy() {
		t.Errorf("drop: %v, terminated %d, worker %v, ready %v, busy %v", err, w.terminated, q.Worker, q.Ready, q.Busy())
	}
	if q.Deliver(answer(a.ID, protocol.KindResult)) || q.Deliver(answer(b.ID, protocol.KindResult)) {
		t.Error("the dropped worker's requests are still known")
	}
	if err := q.Drop(); err != nil {
		t.Errorf("a second drop: %v", err)
	}
}
