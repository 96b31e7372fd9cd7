package rank

import (
	"runtime"
	"testing"

	"github.com/crawlsim/crawlsim/engine/step"
)

// TestChunkPoolRaisesAHelpersPanic: a chunk that panicked on a helper
// goroutine killed the process; run raises the first panic of a round,
// whichever goroutine it was on, in the caller's goroutine once the round
// is over, after shutting the pool, so that no helper is left waiting.
func TestChunkPoolRaisesAHelpersPanic(t *testing.T) {
	const chunks = 64
	p := newChunkPool(chunks, 1, 3)
	if p.helpers != 2 {
		t.Fatalf("%d helpers, want 2", p.helpers)
	}
	// Each chunk waits until the caller and both helpers hold one, then
	// panics: every goroutine of the pool panics.
	task := func(k int) {
		for p.next.Load() < 3 {
			runtime.Gosched()
		}
		panic("chunk failed")
	}
	p.open()
	var raised any
	func() {
		defer func() { raised = recover() }()
		p.run(task)
	}()
	if pn, ok := raised.(*step.Panic); !ok || pn.Value != "chunk failed" {
		t.Fatalf("run raised %v, want the chunk's panic as a *step.Panic", raised)
	}
	if p.running {
		t.Error("the pool is still running after the panic")
	}
	ran := 0
	p.run(func(int) { ran++ }) // inline, the pool shut
	if ran != chunks {
		t.Errorf("after the panic run did %d chunks, want %d", ran, chunks)
	}
}
