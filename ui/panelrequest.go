package main

import (
	"github.com/crawlsim/crawlsim/ui/workerqueue"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// panelRequest is a panel's request to the worker, one at a time: the id
// of the request pending, and the panel's error message. The Community,
// Revisits and Papers panels embed it, so that each starts, follows and
// cancels its request the same way.
type panelRequest struct {
	q   *workerqueue.Requests
	req int64
	// Error is what the panel shows went wrong: its form, the worker's
	// refusal or failure, or the result.
	Error string
}

// Busy reports whether the panel's request is pending.
func (p *panelRequest) Busy() bool { return p.q.Has(p.req) }

// Progress is the progress of the panel's request, nil when none is
// pending.
func (p *panelRequest) Progress() *protocol.Progress { return p.q.Progress(p.req) }

// Cancel cancels the panel's request, if it is pending.
func (p *panelRequest) Cancel() {
	if err := p.q.Cancel(p.req); err != nil {
		p.Error = err.Error()
	}
}

// start sends req with h's handlers and makes it the panel's request; a
// failure the worker answers becomes Error unless h.Failed says otherwise.
// It reports whether the worker took req; when not, Error says why.
func (p *panelRequest) start(req protocol.Request, h *workerqueue.Pending) bool {
	if h.Failed == nil {
		h.Failed = func(msg string) { p.Error = msg }
	}
	if err := p.q.Start(req, h); err != nil {
		p.Error = err.Error()
		return false
	}
	p.req = req.ID
	return true
}
