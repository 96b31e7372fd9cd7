package reproduce

import (
	"errors"
	"fmt"

	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/engine/step"
)

// Reproduction runs the runs of one or more papers one after the other,
// step by step (step.Stepper), so that the command line can show progress
// and stop on Ctrl-C and the browser's worker can return to its event
// loop between steps. Each crawl run is a scenario.Runner on Env, each
// revisit run a scenario.RefreshRunner.
type Reproduction struct {
	env     scenario.Env
	runs    []Run
	next    int
	crawl   *scenario.Runner
	refresh *scenario.RefreshRunner
	res     Results
	err     error
}

// NewReproduction prepares the runs; nothing runs before the first Step.
func NewReproduction(runs []Run, env scenario.Env) *Reproduction {
	return &Reproduction{env: env, runs: runs,
		res: Results{Crawl: map[string]*scenario.Result{}, Refresh: map[string]*scenario.RefreshResult{}}}
}

// Step does about budget units of work of the current run (a unit as a
// scenario.Runner counts it), starting the next run when one ends.
func (r *Reproduction) Step(budget int) (bool, error) {
	if r.err != nil {
		return false, r.err
	}
	if r.next == len(r.runs) {
		return true, nil
	}
	run := r.runs[r.next]
	done, err := r.stepRun(run, budget)
	if err != nil {
		r.err = fmt.Errorf("%s: %w", run.Name, err)
		return false, r.err
	}
	if done {
		r.crawl, r.refresh = nil, nil
		r.next++
	}
	return r.next == len(r.runs), nil
}

// stepRun steps run, starting it when needed, and keeps its result.
func (r *Reproduction) stepRun(run Run, budget int) (bool, error) {
	switch {
	case run.Crawl != nil:
		if r.crawl == nil {
			c, err := scenario.New(*run.Crawl, r.env)
			if err != nil {
				return false, err
			}
			r.crawl = c
		}
		done, err := r.crawl.Step(budget)
		if err != nil || !done {
			return false, err
		}
		res, err := r.crawl.Result()
		if err != nil {
			return false, err
		}
		r.res.Crawl[run.Name] = res
		return true, nil
	case run.Refresh != nil:
		if r.refresh == nil {
			c, err := scenario.NewRefreshRunner(*run.Refresh)
			if err != nil {
				return false, err
			}
			r.refresh = c
		}
		done, err := r.refresh.Step(budget)
		if err != nil || !done {
			return false, err
		}
		res, err := r.refresh.Result()
		if err != nil {
			return false, err
		}
		r.res.Refresh[run.Name] = res
		return true, nil
	}
	return false, errors.New("a run with no scenario")
}

// Progress names the current run and its stage ("004-table2 (2/5): crawl
// bfs (3/13)"); Done and Total are the stage's.
func (r *Reproduction) Progress() step.Progress {
	if r.next == len(r.runs) {
		return step.Progress{Stage: "done", Done: int64(len(r.runs)), Total: int64(len(r.runs))}
	}
	var p step.Progress
	switch {
	case r.crawl != nil:
		p = r.crawl.Progress()
	case r.refresh != nil:
		p = r.refresh.Progress()
	default:
		p.Stage = "waiting"
	}
	p.Stage = fmt.Sprintf("%s (%d/%d): %s", r.runs[r.next].Name, r.next+1, len(r.runs), p.Stage)
	return p
}

// Results returns the results of the runs finished so far.
func (r *Reproduction) Results() Results { return r.res }
