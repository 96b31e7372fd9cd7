package workerqueue

import (
	"errors"

	"github.com/crawlsim/crawlsim/wasm/page"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// Worker is what the page asks of a worker (page.Worker; a fake in the
// tests).
type Worker interface {
	Send(protocol.Request) error
	SendUpload(r protocol.Request, u *page.Upload, maxBytes int64) (protocol.Load, error)
	Terminate() error
}

var _ Worker = (*page.Worker)(nil)

// Pending is a request the worker has not answered for good: its progress
// so far and what its end does. Each panel makes its own and keeps its id.
type Pending struct {
	// Progress is the last progress the worker sent, or "starting".
	Progress *protocol.Progress
	// Progressed, when set, hears every progress.
	Progressed func(*protocol.Progress)
	// Done takes the final answer (KindGraph or KindResult), Failed the
	// worker's error message, Cancelled the cancel's answer; Cancelled
	// may be nil. Invalid, when set, takes instead of Failed an error
	// that lists the fields the scenario's normalisation refused
	// (Response.Fields), to name them as the page's form does.
	Done   func(protocol.Response)
	Failed func(string)
	// DoneWith, when set, takes a KindResult instead of Done, with the
	// buffers that came with it (the download orders).
	DoneWith func(protocol.Response, []page.Buffer)
	Invalid  func([]protocol.FieldError)
	// ByScenario, when set, takes instead of Failed an error the
	// request's scenario caused (Response.ScenarioFault), which any
	// worker would give.
	ByScenario func(string)
	Cancelled  func()
}

// Requests is the page's side of one worker: the worker, whether it said
// it is ready, and the registry of pending requests by id. The worker does
// one request at a time (a new one cancels the current one), so the page
// starts one only when none is pending.
type Requests struct {
	// Worker is the worker, nil while none runs.
	Worker Worker
	// Ready is set once the worker said it is ready (protocol.KindReady).
	Ready   bool
	nextID  int64
	pending map[int64]*Pending
	// forgotten are requests the page gave up (Forget) that the worker
	// may still answer: their answers are dropped, not taken for
	// errors about no request.
	forgotten map[int64]bool
}

// Errors of Start.
var (
	ErrNoWorker = errors.New("The worker is not running yet; try again in a moment.")
	ErrBusy     = errors.New("The worker is busy; try again when it is done.")
)

// Busy reports whether a request is pending.
func (q *Requests) Busy() bool { return len(q.pending) > 0 }

// Idle reports whether the worker runs, is ready and has no request
// pending: whether Start would send a request.
func (q *Requests) Idle() bool { return q.Worker != nil && q.Ready && !q.Busy() }

// Has reports whether request id is pending.
func (q *Requests) Has(id int64) bool { return id != 0 && q.pending[id] != nil }

// Progress returns the progress of request id, nil when it is not
// pending.
func (q *Requests) Progress(id int64) *protocol.Progress {
	if p := q.pending[id]; p != nil {
		return p.Progress
	}
	return nil
}

// Request returns a new request of the kind, with an id no earlier
// request of q has.
func (q *Requests) Request(kind string) protocol.Request {
	q.nextID++
	return protocol.Request{Version: protocol.Version, ID: q.nextID, Kind: kind}
}

// Start sends req to a ready, idle worker and registers p for its
// answers: ErrNoWorker when there is no ready worker, ErrBusy when a
// request is pending, or the sending's error.
func (q *Requests) Start(req protocol.Request, p *Pending) error {
	if q.Worker == nil || !q.Ready {
		return ErrNoWorker
	}
	if q.Busy() {
		return ErrBusy
	}
	if err := q.Worker.Send(req); err != nil {
		return err
	}
	q.Register(req.ID, p)
	return nil
}

// Register records p as the pending request id, with progress
// "starting", for a request the caller sends itself (an upload, whose
// files are read on a goroutine of their own).
func (q *Requests) Register(id int64, p *Pending) {
	if q.pending == nil {
		q.pending = map[int64]*Pending{}
	}
	p.Progress = &protocol.Progress{Stage: "starting"}
	q.pending[id] = p
}

// Unregister drops the pending request id, which the worker was never
// sent (Register's sending failed): none of its handlers runs, and an
// answer with its id is no request's.
func (q *Requests) Unregister(id int64) { delete(q.pending, id) }

// Cancel asks the worker to cancel request id, if it is pending.
func (q *Requests) Cancel(id int64) error {
	if !q.Has(id) || q.Worker == nil {
		return nil
	}
	req := q.Request(protocol.KindCancel)
	req.Target = id
	return q.Worker.Send(req)
}

// Forget gives up the pending request id: its handlers run no more, and
// the worker's answers to it, until its last, are dropped.
func (q *Requests) Forget(id int64) {
	if !q.Has(id) {
		return
	}
	delete(q.pending, id)
	if q.forgotten == nil {
		q.forgotten = map[int64]bool{}
	}
	q.forgotten[id] = true
}

// Deliver gives a response, and the buffers that came with it, to its
// pending request and reports whether one took it; the answers to a
// forgotten request are taken and dropped. A final answer ends the
// request before its handler runs, so the handler may start the next
// one.
func (q *Requests) Deliver(e page.Event) bool {
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
		if p.Progressed != nil {
			p.Progressed(r.Progress)
		}
		return true
	}
	delete(q.pending, r.ID)
	switch r.Kind {
	case protocol.KindResult:
		if p.DoneWith != nil {
			p.DoneWith(r, e.Buffers)
			break
		}
		p.Done(r)
	case protocol.KindGraph:
		p.Done(r)
	case protocol.KindError:
		if len(r.Fields) > 0 && p.Invalid != nil {
			p.Invalid(r.Fields)
			break
		}
		if r.ScenarioFault && p.ByScenario != nil {
			p.ByScenario(r.Error)
			break
		}
		p.Failed(r.Error)
	case protocol.KindCancelled:
		if p.Cancelled != nil {
			p.Cancelled()
		}
	}
	return true
}

// Drop forgets every pending request and the worker, which failed, and
// returns the error of terminating it.
func (q *Requests) Drop() error {
	clear(q.pending)
	clear(q.forgotten)
	w := q.Worker
	q.Worker, q.Ready = nil, false
	if w == nil {
		return nil
	}
	return w.Terminate()
}
