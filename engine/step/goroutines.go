package step

import (
	"fmt"
	"runtime/debug"
	"sync"
)

// The engine starts goroutines natively only, and joins them before the
// call that started them returns: the workers that share an iteration of
// PageRank or HITS (rank) and the strategies crawled at once (scenario,
// Env.Parallel). Each starts them with Go and carries a panic of one of
// them to the goroutine that waits for them with Panics, so that the
// caller sees it as a panic of its own rather than the process dying of
// it.

// Guard, when set, runs the body of every goroutine started with Go: the
// new goroutine calls Guard(body) instead of body(). Guard must call body
// once, in the goroutine it was called in, and let a panic of body go on.
//
// The native command line sets it once, before it computes anything, to
// make a fault on one of its memory-mapped files (a file truncated while
// it is read) a panic in every goroutine that reads them
// (debug.SetPanicOnFault holds for one goroutine only); Panics carries
// that panic back to the command's goroutine, which turns it into an
// error naming the file. It is nil in the browser, where nothing is
// mapped and no goroutine is started.
var Guard func(body func())

// Go runs body in a new goroutine, through Guard when it is set.
func Go(body func()) {
	if guard := Guard; guard != nil {
		go guard(body)
		return
	}
	go body()
}

// Panics keeps the first panic of a set of goroutines for the goroutine
// that waits for them: each goroutine defers Catch, and once they have
// all returned the waiting goroutine calls Raise. The zero value is ready
// to use.
type Panics struct {
	mu    sync.Mutex
	first *Panic
}

// Panic is a panic carried from the goroutine where it was raised to the
// one that raises it again.
type Panic struct {
	// Value is the value the goroutine panicked with.
	Value any
	// Stack is that goroutine's stack where it panicked.
	Stack []byte
}

// Error returns the panic's value and the stack where it was raised, so
// that a carried panic that ends the process shows where it began.
func (p *Panic) Error() string {
	return fmt.Sprintf("%v\n\nraised in another goroutine:\n%s", p.Value, p.Stack)
}

// Unwrap returns the panic's value when it is an error (a runtime.Error,
// say), for errors.As.
func (p *Panic) Unwrap() error {
	err, _ := p.Value.(error)
	return err
}

// Catch recovers the panic of the goroutine that defers it, if any, and
// keeps it when it is the first. It must be deferred itself (defer
// ps.Catch()), not called from another deferred function.
func (ps *Panics) Catch() {
	r := recover()
	if r == nil {
		return
	}
	p, ok := r.(*Panic)
	if !ok {
		p = &Panic{Value: r, Stack: debug.Stack()}
	}
	ps.mu.Lock()
	defer ps.mu.Unlock()
	if ps.first == nil {
		ps.first = p
	}
}

// Caught reports whether a panic was caught and not raised yet.
func (ps *Panics) Caught() bool {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	return ps.first != nil
}

// Raise panics with the first panic caught (a *Panic), if any, and
// forgets it; without one it returns.
func (ps *Panics) Raise() {
	ps.mu.Lock()
	p := ps.first
	ps.first = nil
	ps.mu.Unlock()
	if p != nil {
		panic(p)
	}
}
