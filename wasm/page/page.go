// Package page is the page's side of the bridge to JavaScript (DESIGN.md
// "Layout": wasm/ is the only code that touches JavaScript): the web
// worker that runs the engine, the files the user picked, the page's
// address for permalinks and embed mode, and file downloads. The Vugu
// components in ui/ call it and never JavaScript themselves.
//
// Every function has a native stub that returns ErrNotInBrowser, so ui/
// builds and its logic is tested natively.
package page

import (
	"errors"
	"sync"

	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// ErrNotInBrowser is returned natively, where there is no browser.
var ErrNotInBrowser = errors.New("page: only available in the browser")

// Event is what the worker sent, or its failure.
type Event struct {
	// Response is the worker's message, when Failed is nil.
	Response protocol.Response
	// Failed is set when the worker itself failed: it could not start,
	// it crashed, or it sent a message the page cannot read. The page
	// should start a new worker.
	Failed error
}

// queue delivers events in order on one goroutine, so a JavaScript
// callback never blocks and progress never overtakes a result.
type queue struct {
	mu      sync.Mutex
	events  []Event
	wake    chan struct{}
	deliver func(Event)
	stopped bool
}

func newQueue(deliver func(Event)) *queue {
	q := &queue{wake: make(chan struct{}, 1), deliver: deliver}
	go q.loop()
	return q
}

func (q *queue) push(e Event) {
	q.mu.Lock()
	q.events = append(q.events, e)
	q.mu.Unlock()
	select {
	case q.wake <- struct{}{}:
	default:
	}
}

func (q *queue) stop() {
	q.mu.Lock()
	q.stopped = true
	q.mu.Unlock()
	select {
	case q.wake <- struct{}{}:
	default:
	}
}

func (q *queue) loop() {
	for range q.wake {
		q.mu.Lock()
		events, stopped := q.events, q.stopped
		q.events = nil
		q.mu.Unlock()
		if stopped {
			return
		}
		for _, e := range events {
			q.deliver(e)
		}
	}
}
