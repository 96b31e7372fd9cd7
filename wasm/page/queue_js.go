//go:build js && wasm

package page

import "sync"

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
