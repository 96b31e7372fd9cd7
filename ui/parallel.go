package main

import (
	"errors"
	"strconv"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/ui/workerqueue"
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

// parallelWorkers returns the workers a comparison of s may use, the
// first worker first: at most one per strategy, as many copies of the
// graph as parallelMemory holds, and only helpers that are ready, idle
// and hold the graph file s names.
func (a *App) parallelWorkers(s model.Scenario) []*workerqueue.Requests {
	qs := []*workerqueue.Requests{&a.q.Requests}
	limit := min(a.q.Workers, len(s.Strategies), int(max(parallelMemory/max(a.graphBytes(s), 1), 1)))
	for _, h := range a.q.Helpers {
		if len(qs) >= limit {
			break
		}
		if h.Usable(s.Graph.File, s.Graph.URLs) {
			qs = append(qs, &h.Requests)
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
	return model.RunBytes(a.q.UploadPages, a.q.UploadLinks) + 8*(a.q.UploadPages+a.q.UploadLinks)
}

// runParallel starts the comparison s in several workers when the page
// has them, and reports whether it did; when it does not, the first
// worker runs s alone.
func (a *App) runParallel(s model.Scenario, accept func()) bool {
	qs := a.parallelWorkers(s)
	if len(qs) < 2 || a.q.Busy() {
		return false
	}
	pr := workerqueue.NewParallel(s, qs, accept)
	a.q.Par, a.q.LastPar = pr, nil
	for p, q := range qs {
		req := q.Request(protocol.KindRun)
		req.Scenario, req.Part, req.Parts = &s, p+1, len(qs)
		if err := q.Start(req, a.partPending(pr, p)); err != nil {
			a.fallBack(pr, err.Error())
			return true
		}
		pr.IDs[p] = req.ID
	}
	a.q.RunReq = pr.IDs[0]
	a.started(s, len(qs))
	return true
}

// setUsedWorkers records the number of workers a comparison started in,
// for the page's tests too (data-workers on the root element).
func (a *App) setUsedWorkers(n int) {
	a.q.UsedWorkers = n
	page.SetRootData("workers", strconv.Itoa(n))
}

// partPending handles the answers to part p of the comparison pr.
func (a *App) partPending(pr *workerqueue.Parallel, p int) *workerqueue.Pending {
	return &workerqueue.Pending{
		Progressed: func(pg *protocol.Progress) {
			pr.Accept()
			pr.Last[p] = pg
			a.announceProgress()
		},
		Done: func(r protocol.Response) {
			pr.Accept()
			if a.q.Par != pr {
				return
			}
			pr.Results[p] = r.Result
			if pr.Done++; pr.Done == len(pr.Qs) {
				a.mergeParts(pr)
			}
		},
		Failed: func(msg string) {
			pr.Accept()
			if a.q.Par != pr {
				return
			}
			if p > 0 {
				// A helper's failure of its own is no reason to fail
				// the comparison: one worker runs it, and the page
				// does without that helper from now on.
				a.retireHelper(pr.Qs[p])
				a.fallBack(pr, "a second worker failed ("+msg+")")
				return
			}
			a.abandonParallel()
			a.runFailed(msg)
		},
		// An error the scenario caused is the comparison's, whichever
		// worker gives it first: every worker would give it, so none is
		// retired and none runs the comparison again.
		ByScenario: func(msg string) {
			pr.Accept()
			if a.q.Par == pr {
				a.abandonParallel()
				a.runRefused(pr.Scenario, msg)
			}
		},
		Invalid: func(fields []protocol.FieldError) {
			if a.q.Par == pr {
				a.abandonParallel()
				a.refused(pr.Scenario, fields)
			}
		},
		Cancelled: func() {
			pr.Accept()
			if a.q.Par == pr {
				a.abandonParallel()
				a.runCancelled()
			}
		},
	}
}

// mergeParts asks the first worker to merge the parts' results.
func (a *App) mergeParts(pr *workerqueue.Parallel) {
	req := a.q.Request(protocol.KindMerge)
	req.Scenario, req.Parts, req.Results = &pr.Scenario, len(pr.Qs), pr.Results
	err := a.q.Start(req, &workerqueue.Pending{
		Done: func(r protocol.Response) {
			if a.q.Par != pr {
				return
			}
			a.q.Par, a.q.LastPar = nil, pr
			a.runDone(r)
		},
		Failed: func(msg string) {
			if a.q.Par == pr {
				a.fallBack(pr, "the workers' results did not merge ("+msg+")")
			}
		},
	})
	if err != nil {
		a.fallBack(pr, err.Error())
		return
	}
	pr.Merge, a.q.RunReq = req.ID, req.ID
}

// abandonParallel cancels what is left of the comparison in flight in
// several workers and forgets it: its workers are free at once (each
// takes its next request after the cancel).
func (a *App) abandonParallel() {
	pr := a.q.Par
	if pr == nil {
		return
	}
	a.q.Par = nil
	for p, q := range pr.Qs {
		if q.Has(pr.IDs[p]) {
			_ = q.Cancel(pr.IDs[p])
			q.Forget(pr.IDs[p])
		}
	}
	a.q.Forget(pr.Merge)
}

// fallBack runs the comparison pr again in the first worker alone, after
// a failure of the parallel run (why says which), and says so: a helper
// that fails costs time, never a wrong table.
func (a *App) fallBack(pr *workerqueue.Parallel, why string) {
	if a.q.Par != pr {
		return
	}
	a.abandonParallel()
	if a.q.Worker == nil || !a.q.Ready {
		a.Error = "The comparison stopped: " + why + "."
		return
	}
	// The result shown was as stale before the parallel run started as
	// it is said to have been (started) when the one worker refuses it.
	before := a.before
	a.runOne(pr.Scenario, pr.Accept)
	a.before = before
	a.Notice = "The comparison runs in one worker: " + why + "."
}

// retireHelper stops the helper whose requests are q: the page does
// without it.
func (a *App) retireHelper(q *workerqueue.Requests) {
	if h := a.q.HelperOf(q); h != nil {
		h.Retire()
	}
}

// cancelParallel cancels every part of pr still running, and the merge.
func (a *App) cancelParallel(pr *workerqueue.Parallel) error {
	var errs []error
	for p, q := range pr.Qs {
		errs = append(errs, q.Cancel(pr.IDs[p]))
	}
	if a.q.Has(pr.Merge) {
		a.abandonParallel()
		a.runCancelled()
	}
	return errors.Join(errs...)
}
