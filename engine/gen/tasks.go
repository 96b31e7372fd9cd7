package gen

import "github.com/crawlsim/crawlsim/engine/step"

// Items of work per unit of step budget. A unit is meant to cost about as
// much as drawing the links of one page at the default mean out-degree
// (roughly a microsecond natively), so that a caller who sizes its budget
// by time gets slices of similar length in every stage
// (docs/architecture.md, "Steppable work": the worker runs slices of 25 ms).
// An item that draws a page's links counts alone; cheaper items come in
// batches, sized from measured costs per item (natively, 1,000,000 pages at
// the defaults).
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

// task is one pass of a stepped computation, in gen's short form of a
// step.Task: run does at most limit items of the pass and returns how many
// it did and whether the pass is finished (a pass must do at least one
// item or finish); size returns the items it plans (step.Task.Size). A
// pass that fails sets the error that sequence's err points to.
type task struct {
	stage   string
	perUnit int64 // items per unit of budget
	size    func() int64
	run     func(limit int64) (did int64, finished bool)
}

// sequence returns the step.Sequence of tasks, which stops once *err is
// set: Done then counts the items of the stage's finished passes as
// planned, plus the items done in the current pass, and Total is the
// stage's planned items.
func sequence(err *error, tasks []task) *step.Sequence {
	s := step.NewSequence()
	for _, t := range tasks {
		s.Add(step.Task{Stage: t.stage, PerUnit: t.perUnit, Size: t.size, Run: func(limit int64) (int64, bool, error) {
			did, finished := t.run(limit)
			return did, finished, *err
		}})
	}
	return s
}
