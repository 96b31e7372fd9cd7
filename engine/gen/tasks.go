package gen

import "github.com/crawlsim/crawlsim/engine/step"

// Items of work per unit of step budget. A unit is meant to cost about as
// much as drawing the links of one page at the default mean out-degree
// (roughly a microsecond natively), so that a caller who sizes its budget
// by time gets slices of similar length in every stage (DESIGN.md
// "Running": the worker runs 10-50 ms slices). An item that draws a page's
// links counts alone; cheaper items come in batches, sized from measured
// costs per item (natively, 1,000,000 pages at the defaults).
const (
	// drawnPagesPerUnit: pages whose links are drawn at random (about
	// 0.8-2.6 µs each).
	drawnPagesPerUnit = 1
	// slowItemsPerUnit: a URL parsed or written with a clash check, a page
	// removed at random, a surviving page visited to add links (100-330 ns).
	slowItemsPerUnit = 4
	// scanItemsPerUnit: a degree drawn, a page's list written or its links
	// read with a table lookup each, a URL written or hashed, a link source
	// drawn (30-140 ns).
	scanItemsPerUnit = 8
	// fastItemsPerUnit: a page's links checked, a host's share, a page
	// classified, a bucket filled, a URL copied (3-20 ns).
	fastItemsPerUnit = 64
	// cheapItemsPerUnit: a count, a prefix sum, a copied entry, one term of
	// the intra-host share's bisection (1-4 ns).
	cheapItemsPerUnit = 256
)

// maxBudget caps a step's budget so that budget·items never overflows.
const maxBudget = 1 << 40

// task is one pass of a stepped computation. run does at most limit items
// of the pass and returns how many it did and whether the pass is
// finished; a pass must do at least one item or finish. size returns the
// items the pass plans to do; it is called when the pass's stage begins, so
// it may only use what the earlier stages computed, and the pass may finish
// with fewer items than planned. Passes of one stage are consecutive.
type task struct {
	stage   string
	perUnit int64 // items per unit of budget
	size    func() int64
	run     func(limit int64) (did int64, finished bool)
}

// taskRunner runs a list of tasks in order within each step's budget and
// keeps the progress of the current stage: Done counts the items of the
// stage's finished passes as planned, plus the items done in the current
// pass; Total is the stage's planned items.
type taskRunner struct {
	tasks   []task
	planned []int64 // items planned for each task, set when its stage begins
	next    int     // the current task
	began   bool    // whether the current task's stage has begun
	stage   string
	done    int64 // items done in the current stage
	total   int64 // items planned for the current stage
	taskEnd int64 // done at the planned end of the current task
	// err, once a task sets it, stops the computation for good.
	err error
}

func newTaskRunner(tasks []task) taskRunner {
	r := taskRunner{tasks: tasks, planned: make([]int64, len(tasks))}
	if len(tasks) > 0 {
		r.stage = tasks[0].stage
	}
	return r
}

// finished reports whether every task has run.
func (r *taskRunner) finished() bool { return r.next == len(r.tasks) }

// beginStage plans the stage of the current task.
func (r *taskRunner) beginStage() {
	t := r.tasks[r.next]
	r.stage, r.done, r.total = t.stage, 0, 0
	for k := r.next; k < len(r.tasks) && r.tasks[k].stage == t.stage; k++ {
		r.planned[k] = max(r.tasks[k].size(), 0)
		r.total += r.planned[k]
	}
	r.taskEnd = r.planned[r.next]
	r.began = true
}

// step runs tasks for budget units (at least one) and reports whether every
// task has run; it does nothing once a task has set err.
func (r *taskRunner) step(budget int) bool {
	units := min(int64(max(budget, 1)), maxBudget)
	for !r.finished() && units > 0 && r.err == nil {
		if !r.began {
			r.beginStage()
		}
		t := r.tasks[r.next]
		did, finished := t.run(units * t.perUnit)
		if r.err != nil {
			return false
		}
		r.done = min(r.done+did, r.taskEnd)
		units -= (did + t.perUnit - 1) / t.perUnit
		if !finished {
			continue
		}
		r.done = r.taskEnd
		r.next++
		switch {
		case r.finished():
		case r.tasks[r.next].stage != r.stage:
			r.began = false
		default:
			r.taskEnd += r.planned[r.next]
		}
	}
	return r.finished()
}

// progress reports the current stage's progress (Total 0 before the first
// step: the first stage is not planned yet).
func (r *taskRunner) progress() step.Progress {
	return step.Progress{Stage: r.stage, Done: r.done, Total: r.total}
}
