// Package mailbox passes values from callbacks that must not block, such
// as a JavaScript event handler, to one goroutine that takes them in the
// order they came. The page (wasm/page) queues the worker's events in one;
// the worker (wasm/worker) the page's requests.
package mailbox

import "sync"

// Mailbox holds the values put and not yet taken. Put never blocks; Take
// and Wait are for one goroutine.
type Mailbox[T any] struct {
	mu     sync.Mutex
	values []T
	closed bool
	// wake holds one token once something was put or the mailbox closed.
	wake chan struct{}
}

// New returns an empty, open mailbox.
func New[T any]() *Mailbox[T] {
	return &Mailbox[T]{wake: make(chan struct{}, 1)}
}

// Put adds v, after the values put before, and wakes a Wait.
func (m *Mailbox[T]) Put(v T) {
	m.mu.Lock()
	m.values = append(m.values, v)
	m.mu.Unlock()
	m.signal()
}

// Close closes the mailbox: Wait returns false from then on, and the
// values put before or after are never taken by it.
func (m *Mailbox[T]) Close() {
	m.mu.Lock()
	m.closed = true
	m.mu.Unlock()
	m.signal()
}

// signal wakes a Wait without blocking.
func (m *Mailbox[T]) signal() {
	select {
	case m.wake <- struct{}{}:
	default:
	}
}

// Take returns the values put since the last Take or Wait, in order, nil
// when none; it does not wait.
func (m *Mailbox[T]) Take() []T {
	m.mu.Lock()
	defer m.mu.Unlock()
	v := m.values
	m.values = nil
	return v
}

// Wait waits until values were put, and returns them as Take does, with
// true; or until the mailbox is closed, and returns false.
func (m *Mailbox[T]) Wait() ([]T, bool) {
	for {
		m.mu.Lock()
		v, closed := m.values, m.closed
		if !closed && len(v) > 0 {
			m.values = nil
		}
		m.mu.Unlock()
		if closed {
			return nil, false
		}
		if len(v) > 0 {
			return v, true
		}
		<-m.wake
	}
}
