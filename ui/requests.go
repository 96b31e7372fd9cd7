package main

import (
	"errors"

	"github.com/crawlsim/crawlsim/wasm/page"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// workerHandle is what the page asks of its worker (page.Worker; a fake in
// the tests).
type workerHandle interface {
	Send(protocol.Request) error
	SendFiles(r protocol.Request, graphInput, urlsInput string, maxBytes int64) (protocol.Load, error)
	SendUpload(r protocol.Request, u *page.Upload, maxBytes int64) (protocol.Load, error)
	Terminate() error
}

var _ workerHandle = (*page.Worker)(nil)

// pending is a request the worker has not answered for good: its progress
// so far and what its end does. Each panel makes its own and keeps its id.
type pending struct {
	// Progress is the last progress the worker sent, or "starting".
	Progress *protocol.Progress
	// progressed, when set, hears every progress.
	progressed func(*protocol.Progress)
	// done takes the final answer (KindGraph or KindResult), failed the
	// worker's error message, cancelled the cancel's answer; cancelled
	// may be nil. invalid, when set, takes instead of failed an error
	// that lists the fields the scenario's normalisation refused
	// (Response.Fields), to name them as its form does (fieldsText).
	done   func(protocol.Response)
	failed func(string)
	// doneWith, when set, takes a KindResult instead of done, with the
	// buffers that came with it (the download orders).
	doneWith func(protocol.Response, []page.Buffer)
	invalid  func([]protocol.FieldError)
	// byScenario, when set, takes instead of failed an error the
	// request's scenario caused (Response.ScenarioFault), which any
	// worker would give.
	byScenario func(string)
	cancelled  func()
}

// requests is the page's side of the worker: the worker, whether it said
// it is ready, and the registry of pending requests by id. The worker does
// one request at a time (a new one cancels the current one), so the page
// starts one only when none is pending.
type requests struct {
	worker  workerHandle
	ready   bool
	nextID  int64
	pending map[int64]*pending
	// forgotten are requests the page gave up (forget) that the worker
	// may still answer: their answers are dropped, not taken for
	// errors about no request.
	forgotten map[int64]bool
}

// forget gives up the pending request id: its handlers run no more, and
// the worker's answers to it, until its last, are dropped.
func (q *requests) forget(id int64) {
	if !q.has(id) {
		return
	}
	delete(q.pending, id)
	if q.forgotten == nil {
		q.forgotten = map[int64]bool{}
	}
	q.forgotten[id] = true
}

// Errors of start.
var (
	errNoWorker = errors.New("The worker is not running yet; try again in a moment.")
	errBusy     = errors.New("The worker is busy; try again when it is done.")
)

// Busy reports whether a request is pending.
func (q *requests) Busy() bool { return len(q.pending) > 0 }

// has reports whether request id is pending.
func (q *requests) has(id int64) bool { return id != 0 && q.pending[id] != nil }

// progress returns the progress of request id, nil when it is not
// pending.
func (q *requests) progress(id int64) *protocol.Progress {
	if p := q.pending[id]; p != nil {
		return p.Progress
	}
	return nil
}

// request returns a new request of the kind.
func (q *requests) request(kind string) protocol.Request {
	q.nextID++
	return protocol.Request{Version: protocol.Version, ID: q.nextID, Kind: kind}
}

// start sends req to a ready, idle worker and registers p for its answers.
func (q *requests) start(req protocol.Request, p *pending) error {
	if q.worker == nil || !q.ready {
		return errNoWorker
	}
	if q.Busy() {
		return errBusy
	}
	if err := q.worker.Send(req); err != nil {
		return err
	}
	q.register(req.ID, p)
	return nil
}

// register records p as the pending request id, with progress "starting".
func (q *requests) register(id int64, p *pending) {
	if q.pending == nil {
		q.pending = map[int64]*pending{}
	}
	p.Progress = &protocol.Progress{Stage: "starting"}
	q.pending[id] = p
}

// cancel asks the worker to cancel request id, if it is pending.
func (q *requests) cancel(id int64) error {
	if !q.has(id) || q.worker == nil {
		return nil
	}
	req := q.request(protocol.KindCancel)
	req.Target = id
	return q.worker.Send(req)
}

// deliver gives a response, and the buffers that came with it, to its
// pending request and reports whether one took it. A final answer ends
// the request before its handler runs, so the handler may start the next
// one.
func (q *requests) deliver(e page.Event) bool {
	r := e.Response
	p := q.pending[r.ID]
	if p == nil {
		if !q.forgotten[r.ID] {
			return false
		}
		if r.Kind != protocol.KindProgress {
			delete(q.forgotten, r.ID)
		}
		return true
	}
	if r.Kind == protocol.KindProgress {
		p.Progress = r.Progress
		if p.progressed != nil {
			p.progressed(r.Progress)
		}
		return true
	}
	delete(q.pending, r.ID)
	switch r.Kind {
	case protocol.KindResult:
		if p.doneWith != nil {
			p.doneWith(r, e.Buffers)
			break
		}
		p.done(r)
	case protocol.KindGraph:
		p.done(r)
	case protocol.KindError:
		if len(r.Fields) > 0 && p.invalid != nil {
			p.invalid(r.Fields)
			break
		}
		if r.ScenarioFault && p.byScenario != nil {
			p.byScenario(r.Error)
			break
		}
		p.failed(r.Error)
	case protocol.KindCancelled:
		if p.cancelled != nil {
			p.cancelled()
		}
	}
	return true
}

// drop forgets every pending request and the worker, which failed, and
// returns the error of terminating it.
func (q *requests) drop() error {
	clear(q.pending)
	clear(q.forgotten)
	w := q.worker
	q.worker, q.ready = nil, false
	if w == nil {
		return nil
	}
	return w.Terminate()
}

// panelRequest is a panel's request to the worker, one at a time: the id
// of the request pending, and the panel's error message. The Community,
// Revisits and Papers panels embed it, so that each starts, follows and
// cancels its request the same way.
type panelRequest struct {
	q   *requests
	req int64
	// Error is what the panel shows went wrong: its form, the worker's
	// refusal or failure, or the result.
	Error string
}

// Busy reports whether the panel's request is pending.
func (p *panelRequest) Busy() bool { return p.q.has(p.req) }

// Progress is the progress of the panel's request, nil when none is
// pending.
func (p *panelRequest) Progress() *protocol.Progress { return p.q.progress(p.req) }

// Cancel cancels the panel's request, if it is pending.
func (p *panelRequest) Cancel() {
	if err := p.q.cancel(p.req); err != nil {
		p.Error = err.Error()
	}
}

// start sends req with h's handlers and makes it the panel's request; a
// failure the worker answers becomes Error unless h.failed says otherwise.
// It reports whether the worker took req; when not, Error says why.
func (p *panelRequest) start(req protocol.Request, h *pending) bool {
	if h.failed == nil {
		h.failed = func(msg string) { p.Error = msg }
	}
	if err := p.q.start(req, h); err != nil {
		p.Error = err.Error()
		return false
	}
	p.req = req.ID
	return true
}
