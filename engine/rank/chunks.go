package rank

import (
	"sync"
	"sync/atomic"

	"github.com/crawlsim/crawlsim/engine/step"
)

// chunkSize is the number of pages in one unit of work inside an iteration.
// It is a constant, independent of Options.Workers: every chunk is computed
// by the same sequential loop whichever goroutine runs it, and its partial
// sums are combined with the other chunks' in chunk order, so the result is
// bit-identical for any number of workers.
const chunkSize = 1 << 15

// pageRankChunkSize is the chunk size of PageRank's sweeps: a chunk is
// also the block of pages that a Gauss-Seidel sweep updates in place, and
// 16,384 pages converge in as few sweeps as larger blocks on the crawls we
// measured (cnr-2000, generated webs) while giving two workers twice as
// many chunks to share.
const pageRankChunkSize = 1 << 14

// chunkPool runs a task over the chunks of 0..n-1, either on the calling
// goroutine alone or with helper goroutines that take chunks from a shared
// counter.
//
// The helpers live only between open and shut, which the steppers call at the
// start and end of one Step: no goroutine outlives a Step. Natively work may
// be shared between goroutines (docs/architecture.md, "Steppable work"): the
// command line asks for runtime.NumCPU() workers, the browser worker for one,
// which starts no goroutine at all.
type chunkPool struct {
	n       int // pages
	size    int // pages per chunk
	chunks  int
	helpers int // goroutines besides the caller; 0 runs everything inline

	task    func(chunk int)
	next    atomic.Int64
	signals chan bool // true: run a round; false: return
	running bool      // helpers are running
	round   sync.WaitGroup
	exited  sync.WaitGroup
	panics  step.Panics // of a round's chunks, raised again by run

	// cancel, when set, is called before each chunk of a round; once it
	// returns an error, err holds the first and no chunk starts again.
	cancel func() error
	errMu  sync.Mutex
	err    error
}

// cancelled calls cancel, when set, and reports whether the work must
// stop, recording the first error.
func (p *chunkPool) cancelled() bool {
	if p.cancel == nil {
		return false
	}
	err := p.cancel()
	if err == nil {
		return false
	}
	p.errMu.Lock()
	if p.err == nil {
		p.err = err
	}
	p.errMu.Unlock()
	return true
}

// newChunkPool splits n pages into chunks of size pages and plans for
// workers goroutines in all (the caller included). Fewer than two workers,
// or a single chunk, means no helper goroutines.
func newChunkPool(n, size, workers int) *chunkPool {
	chunks := (n + size - 1) / size
	helpers := min(workers, chunks) - 1
	if helpers < 0 {
		helpers = 0
	}
	p := &chunkPool{n: n, size: size, chunks: chunks, helpers: helpers}
	if helpers > 0 {
		p.signals = make(chan bool, helpers)
	}
	return p
}

// bounds returns the pages [lo, hi) of chunk k.
func (p *chunkPool) bounds(k int) (lo, hi int) {
	lo = k * p.size
	return lo, min(lo+p.size, p.n)
}

// open starts the helper goroutines (step.Go); shut must follow before the
// Step ends.
func (p *chunkPool) open() {
	if p.helpers == 0 || p.running {
		return
	}
	p.running = true
	p.exited.Add(p.helpers)
	for range p.helpers {
		step.Go(p.help)
	}
}

// shut stops the helper goroutines and waits until they have returned.
func (p *chunkPool) shut() {
	if !p.running {
		return
	}
	for range p.helpers {
		p.signals <- false
	}
	p.exited.Wait()
	p.running = false
}

func (p *chunkPool) help() {
	defer p.exited.Done()
	for <-p.signals {
		p.drainCaught()
		p.round.Done()
	}
}

// drainCaught is drain with a panic of a chunk kept for run to raise.
func (p *chunkPool) drainCaught() {
	defer p.panics.Catch()
	p.drain()
}

// drain runs the task on chunks taken from the shared counter until none is
// left.
func (p *chunkPool) drain() {
	for {
		if p.cancelled() {
			return
		}
		k := int(p.next.Add(1) - 1)
		if k >= p.chunks {
			return
		}
		p.task(k)
	}
}

// run calls task once for every chunk and returns when all calls have
// returned. Inline (no helpers, or the pool is not open) the chunks run in
// order on the caller's goroutine. task must be a value stored once (a
// method value kept in a field), so that passing it does not allocate.
// When a chunk panics, on any goroutine, run shuts the pool once the
// round is over and raises the first panic again (a *step.Panic).
func (p *chunkPool) run(task func(chunk int)) {
	if !p.running {
		for k := range p.chunks {
			if p.cancelled() {
				return
			}
			task(k)
		}
		return
	}
	p.task = task
	p.next.Store(0)
	p.round.Add(p.helpers)
	for range p.helpers {
		p.signals <- true
	}
	p.drainCaught()
	p.round.Wait()
	p.task = nil
	if p.panics.Caught() {
		p.shut()
		p.panics.Raise()
	}
}

// wordIn returns word w of the bitset set with only the bits of the pages
// in [lo, hi) kept, so that the set pages of a chunk are visited word by
// word without a branch for each page skipped.
func wordIn(set []uint64, w, lo, hi int) uint64 {
	bits, base := set[w], w<<6
	if base < lo {
		bits &= ^uint64(0) << (lo - base)
	}
	if hi-base < 64 {
		bits &= 1<<(hi-base) - 1
	}
	return bits
}
