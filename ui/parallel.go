package main

import (
	"encoding/json"
	"errors"
	"strconv"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/wasm/page"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// A comparison runs in parallel workers, so that it finishes sooner: the
// first worker and up to workers-1 helpers, one part of the strategies each
// (protocol.KindRun's Part and Parts: each worker splits the scenario the
// same way, by the strategies' costs, and runs the shared stages whole on
// its own copy of the graph), then the first worker merges the parts'
// results (protocol.KindMerge) into the result one worker gives. The page
// only sends, forwards and shows: it neither splits nor merges.

// parallelMemory is the memory all the page's workers may use together
// for one comparison: each holds its own copy of the graph and runs the
// shared stages, so a comparison runs in as many workers as copies fit.
const parallelMemory = 2 * protocol.DefaultMemoryBudget

// stageMerge is the progress stage while the first worker merges.
const stageMerge = "merging the workers' results"

// parallelRun is a comparison spread over several workers.
type parallelRun struct {
	scenario model.Scenario
	// qs are the workers, the first worker's first, and ids their parts'
	// requests; results the parts' results as they arrive, done their
	// number.
	qs      []*requests
	ids     []int64
	results []json.RawMessage
	done    int
	// last is each part's last progress.
	last []*protocol.Progress
	// merge is the merge request, once sent.
	merge int64
	// accept makes the scenario the permalink once a worker took it.
	accept func()
}

// uses reports whether q is one of pr's workers.
func (pr *parallelRun) uses(q *requests) bool {
	for _, w := range pr.qs {
		if w == q {
			return true
		}
	}
	return false
}

// parallelWorkers returns the workers a comparison of s may use, the
// first worker first: at most one per strategy, as many copies of the
// graph as parallelMemory holds, and only helpers that are ready, idle
// and hold the graph file s names.
func (a *App) parallelWorkers(s model.Scenario) []*requests {
	qs := []*requests{&a.q}
	limit := min(a.workers, len(s.Strategies), int(max(parallelMemory/max(a.graphBytes(s), 1), 1)))
	for _, h := range a.helpers {
		if len(qs) >= limit {
			break
		}
		if h.usable(s.Graph.File, s.Graph.URLs) {
			qs = append(qs, &h.q)
		}
	}
	return qs
}

// graphBytes estimates the memory one worker needs for a comparison of s:
// the graph, its copy of the files, and the run (scenario.RunBytes).
func (a *App) graphBytes(s model.Scenario) int64 {
	if g := s.Graph.Generate; g != nil {
		pages, degree := int64(g.Pages), g.MeanOutDegree
		if pages <= 0 {
			pages = 100000 // the engine's default
		}
		if degree <= 0 {
			degree = 8
		}
		links := int64(float64(pages) * degree)
		return 2 * model.RunBytes(pages, links)
	}
	return model.RunBytes(a.uploadPages, a.uploadLinks) + 8*(a.uploadPages+a.uploadLinks)
}

// runParallel starts the comparison s in several workers when the page
// has them, and reports whether it did; when it does not, the first
// worker runs s alone.
func (a *App) runParallel(s model.Scenario, accept func()) bool {
	qs := a.parallelWorkers(s)
	if len(qs) < 2 || a.q.Busy() {
		return false
	}
	pr := &parallelRun{scenario: s, qs: qs, ids: make([]int64, len(qs)), results: make([]json.RawMessage, len(qs)),
		last: make([]*protocol.Progress, len(qs)), accept: accept}
	a.par, a.lastPar = pr, nil
	for p, q := range qs {
		req := q.request(protocol.KindRun)
		req.Scenario, req.Part, req.Parts = &s, p+1, len(qs)
		if err := q.start(req, a.partPending(pr, p)); err != nil {
			a.fallBack(pr, err.Error())
			return true
		}
		pr.ids[p] = req.ID
	}
	a.runReq = pr.ids[0]
	a.started(s, len(qs))
	return true
}

// setUsedWorkers records the number of workers a comparison started in,
// for the page's tests too (data-workers on the root element).
func (a *App) setUsedWorkers(n int) {
	a.usedWorkers = n
	page.SetRootData("workers", strconv.Itoa(n))
}

// partPending handles the answers to part p of the comparison pr.
func (a *App) partPending(pr *parallelRun, p int) *pending {
	return &pending{
		progressed: func(pg *protocol.Progress) {
			pr.accept()
			pr.last[p] = pg
			a.announceProgress()
		},
		done: func(r protocol.Response) {
			pr.accept()
			if a.par != pr {
				return
			}
			pr.results[p] = r.Result
			if pr.done++; pr.done == len(pr.qs) {
				a.mergeParts(pr)
			}
		},
		failed: func(msg string) {
			pr.accept()
			if a.par != pr {
				return
			}
			if p > 0 {
				// A helper's failure of its own is no reason to fail
				// the comparison: one worker runs it, and the page
				// does without that helper from now on.
				a.retireHelper(pr.qs[p])
				a.fallBack(pr, "a second worker failed ("+msg+")")
				return
			}
			a.abandonParallel()
			a.runFailed(msg)
		},
		// An error the scenario caused is the comparison's, whichever
		// worker gives it first: every worker would give it, so none is
		// retired and none runs the comparison again.
		byScenario: func(msg string) {
			pr.accept()
			if a.par == pr {
				a.abandonParallel()
				a.runRefused(msg)
			}
		},
		invalid: func(fields []protocol.FieldError) {
			if a.par == pr {
				a.abandonParallel()
				a.refused(pr.scenario, fields)
			}
		},
		cancelled: func() {
			pr.accept()
			if a.par == pr {
				a.abandonParallel()
				a.runCancelled()
			}
		},
	}
}

// mergeParts asks the first worker to merge the parts' results.
func (a *App) mergeParts(pr *parallelRun) {
	req := a.q.request(protocol.KindMerge)
	req.Scenario, req.Parts, req.Results = &pr.scenario, len(pr.qs), pr.results
	err := a.q.start(req, &pending{
		done: func(r protocol.Response) {
			if a.par != pr {
				return
			}
			a.par, a.lastPar = nil, pr
			a.runDone(r)
		},
		failed: func(msg string) {
			if a.par == pr {
				a.fallBack(pr, "the workers' results did not merge ("+msg+")")
			}
		},
	})
	if err != nil {
		a.fallBack(pr, err.Error())
		return
	}
	pr.merge, a.runReq = req.ID, req.ID
}

// abandonParallel cancels what is left of the comparison in flight in
// several workers and forgets it: its workers are free at once (each
// takes its next request after the cancel).
func (a *App) abandonParallel() {
	pr := a.par
	if pr == nil {
		return
	}
	a.par = nil
	for p, q := range pr.qs {
		if q.has(pr.ids[p]) {
			_ = q.cancel(pr.ids[p])
			q.forget(pr.ids[p])
		}
	}
	a.q.forget(pr.merge)
}

// fallBack runs the comparison pr again in the first worker alone, after
// a failure of the parallel run (why says which), and says so: a helper
// that fails costs time, never a wrong table.
func (a *App) fallBack(pr *parallelRun, why string) {
	if a.par != pr {
		return
	}
	a.abandonParallel()
	if a.q.worker == nil || !a.q.ready {
		a.Error = "The comparison stopped: " + why + "."
		return
	}
	// The result shown was as stale before the parallel run started as
	// it is said to have been (started) when the one worker refuses it.
	before := a.before
	a.runOne(pr.scenario, pr.accept)
	a.before = before
	a.Notice = "The comparison runs in one worker: " + why + "."
}

// retireHelper stops the helper whose requests are q: the page does
// without it.
func (a *App) retireHelper(q *requests) {
	for _, h := range a.helpers {
		if &h.q == q {
			h.dead = true
			_ = h.q.drop()
		}
	}
}

// progress combines the parts' progress: the stage of the first part
// still running (or the merge), and every strategy's progress from the
// part that runs it, in the scenario's order.
func (pr *parallelRun) progress() *protocol.Progress {
	out := &protocol.Progress{Stage: "starting"}
	if pr.merge != 0 {
		out.Stage, out.Done, out.Total = stageMerge, 0, 1
	}
	staged := pr.merge != 0
	for p, pg := range pr.last {
		if pg == nil {
			continue
		}
		if !staged && pr.results[p] == nil {
			out.Stage, out.Done, out.Total, staged = pg.Stage, pg.Done, pg.Total, true
		}
		if len(out.Strategies) < len(pg.Strategies) {
			out.Strategies = append(out.Strategies, make([]protocol.StrategyProgress, len(pg.Strategies)-len(out.Strategies))...)
		}
		for i, sp := range pg.Strategies {
			switch {
			case sp.Stage == model.StageElsewhere:
				if out.Strategies[i].Label == "" {
					out.Strategies[i] = protocol.StrategyProgress{Label: sp.Label, Stage: "waiting"}
				}
				continue
			case pr.results[p] != nil:
				sp.Stage, sp.Done = "done", sp.Total
			}
			out.Strategies[i] = sp
		}
	}
	return out
}

// cancel cancels every part still running, and the merge.
func (pr *parallelRun) cancel(a *App) error {
	var errs []error
	for p, q := range pr.qs {
		errs = append(errs, q.cancel(pr.ids[p]))
	}
	if a.q.has(pr.merge) {
		a.abandonParallel()
		a.runCancelled()
	}
	return errors.Join(errs...)
}
