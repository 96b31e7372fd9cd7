package main

import (
	"context"
	"errors"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"time"

	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/engine/step"
)

// stepRunner runs the engine's steppers (a scenario's runner, a
// reproduction) as the command line does: Env reads files from the disk,
// each with a progress bar, uses every core (PageRank's workers, and as
// many strategies crawled at once as GOMAXPROCS) and the memory budget, stops
// on Ctrl-C (the context), and gives a crawl's arrays back to the system
// before the next crawl allocates its own (at 125 M pages, 3 GB each).
type stepRunner struct {
	ctx    context.Context
	budget memoryBudget
	files  *fileBars
	// Env is the environment to build the stepper with; the caller may
	// set more of its fields.
	Env scenario.Env
}

// newStepRunner returns a stepRunner whose clock starts now.
func newStepRunner(ctx context.Context, e *env) (*stepRunner, error) {
	budget, err := currentMemoryBudget()
	if err != nil {
		return nil, err
	}
	start := time.Now()
	files := &fileBars{ctx: ctx, e: e}
	return &stepRunner{ctx: ctx, budget: budget, files: files, Env: scenario.Env{
		FS:       osFS{},
		Clock:    func() time.Duration { return time.Since(start) },
		Workers:  runtime.NumCPU(),
		Parallel: runtime.GOMAXPROCS(0),
		Wrap:     files.wrap,
		MaxBytes: budget.bytes,
		Cancel:   ctx.Err,
		Release:  releaseMemory,
		InPlace:  true,
		Pack:     budget.packBytes(),
	}}, nil
}

// releaseWorthwhile is the garbage below which releaseMemory does nothing:
// a full collection per strategy cost 90 s for 8,000 strategies on a
// graph of 200 pages, whose crawls leave a few kB each.
const releaseWorthwhile = 64 << 20

// releaseMemory returns the memory the runner has just freed to the
// operating system (scenario.Env.Release) when the Go heap holds enough
// for that to matter, so that the next crawl's arrays are not laid on top
// of the last one's garbage.
func releaseMemory() {
	s := []metrics.Sample{{Name: "/gc/heap/goal:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() == metrics.KindUint64 && s[0].Value.Uint64() < releaseWorthwhile {
		return
	}
	debug.FreeOSMemory()
}

// run steps s to its end, calling progress after every step (once the bar
// of a file the step read is finished). An interruption says that no
// output was written; a failure is explained against the memory budget.
func (r *stepRunner) run(s step.Stepper, progress func(step.Progress)) error {
	err := step.Run(r.ctx, s, scenario.RunBudget, func(p step.Progress) {
		r.files.finish() // a step that read a file has ended
		progress(p)
	})
	r.files.finish()
	if errors.Is(err, context.Canceled) {
		return &renamedError{msg: "interrupted; no output was written", err: err}
	}
	if err != nil {
		return r.budget.explain(err)
	}
	return nil
}
