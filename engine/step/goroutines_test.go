package step

import (
	"errors"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// TestGoRunsBodyThroughGuard: a goroutine started with Go runs its body
// through Guard when it is set, in the new goroutine, and as it is when
// it is not.
func TestGoRunsBodyThroughGuard(t *testing.T) {
	defer func(old func(func())) { Guard = old }(Guard)
	var guarded, ran int
	var wg sync.WaitGroup
	Guard = func(body func()) {
		guarded++
		body()
	}
	wg.Add(1)
	Go(func() { ran++; wg.Done() })
	wg.Wait()
	Guard = nil
	wg.Add(1)
	Go(func() { ran++; wg.Done() })
	wg.Wait()
	if guarded != 1 || ran != 2 {
		t.Errorf("guarded %d of %d bodies, want 1 of 2", guarded, ran)
	}
}

// TestPanicsCarriesTheFirstPanic: the panics of goroutines that defer
// Catch end them without ending the process; Raise, in the goroutine that
// waited for them, panics with the first one's value and stack, which
// errors.As finds when the value is an error, and then forgets it.
func TestPanicsCarriesTheFirstPanic(t *testing.T) {
	var ps Panics
	var wg sync.WaitGroup
	wg.Add(1)
	Go(func() {
		defer wg.Done()
		defer ps.Catch()
		var s []int
		_ = s[len(s)+3] // a runtime.Error
	})
	wg.Wait()
	wg.Add(1)
	Go(func() {
		defer wg.Done()
		defer ps.Catch()
		panic("second")
	})
	wg.Wait()
	if !ps.Caught() {
		t.Fatal("no panic caught")
	}
	var raised any
	func() {
		defer func() { raised = recover() }()
		ps.Raise()
	}()
	p, ok := raised.(*Panic)
	if !ok {
		t.Fatalf("Raise panicked with %T %v, want a *Panic", raised, raised)
	}
	var re runtime.Error
	if !errors.As(p, &re) || !strings.Contains(re.Error(), "index out of range [3] with length 0") {
		t.Errorf("the first panic's value is %v, want the index out of range", p.Value)
	}
	if !strings.Contains(string(p.Stack), "TestPanicsCarriesTheFirstPanic.func") || !strings.Contains(p.Error(), "raised in another goroutine:") {
		t.Errorf("the stack does not show where the panic began:\n%s", p.Error())
	}
	if ps.Caught() {
		t.Error("a panic is still caught after Raise")
	}
	ps.Raise() // nothing left: returns
}

// TestCatchKeepsACarriedPanic: a *Panic raised again and caught once more
// (a pool inside a goroutine of another) is kept as it is, with the stack
// where it began.
func TestCatchKeepsACarriedPanic(t *testing.T) {
	first := &Panic{Value: "deep", Stack: []byte("the first stack")}
	var ps Panics
	func() {
		defer ps.Catch()
		panic(first)
	}()
	var raised any
	func() {
		defer func() { raised = recover() }()
		ps.Raise()
	}()
	if raised != first {
		t.Errorf("raised %v, want the carried panic itself", raised)
	}
}
