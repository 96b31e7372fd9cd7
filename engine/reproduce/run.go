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
	env  scenario.Env
	runs []Run
	next int
	// current steps the run under way, nil between runs, and keep keeps
	// its result once it is done.
	current step.Stepper
	keep    func() error
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
		r.current, r.keep = nil, nil
		r.next++
	}
	return r.next == len(r.runs), nil
}

// stepRun steps run, starting it when needed, and keeps its result.
func (r *Reproduction) stepRun(run Run, budget int) (bool, error) {
	if r.current == nil {
		if err := r.start(run); err != nil {
			return false, err
		}
	}
	done, err := r.current.Step(budget)
	if err != nil || !done {
		return false, err
	}
	return true, r.keep()
}

// start prepares run: a crawl's scenario.Runner or a revisit
// simulation's scenario.RefreshRunner.
func (r *Reproduction) start(run Run) error {
	switch {
	case run.Crawl != nil:
		c, err := scenario.New(*run.Crawl, r.env)
		if err != nil {
			return err
		}
		r.current, r.keep = c, func() error {
			res, err := c.Result()
			if err == nil {
				r.res.Crawl[run.Name] = res
			}
			return err
		}
	case run.Refresh != nil:
		c, err := scenario.NewRefreshRunner(*run.Refresh)
		if err != nil {
			return err
		}
		r.current, r.keep = c, func() error {
			res, err := c.Result()
			if err == nil {
				r.res.Refresh[run.Name] = res
			}
			return err
		}
	default:
		return errors.New("a run with no scenario")
	}
	return nil
}

// Progress names the current run and its stage ("004-table2, 2 of 5: crawl
// bfs, 3 of 13"); Done and Total are the stage's.
func (r *Reproduction) Progress() step.Progress {
	if r.next == len(r.runs) {
		return step.Progress{Stage: "done", Done: int64(len(r.runs)), Total: int64(len(r.runs))}
	}
	p := step.Progress{Stage: "waiting"}
	if r.current != nil {
		p = r.current.Progress()
	}
	p.Stage = fmt.Sprintf("%s, %d of %d: %s", r.runs[r.next].Name, r.next+1, len(r.runs), p.Stage)
	return p
}

// StrategyProgress returns, while a crawl run is under way, its
// strategies' labels and one progress each (scenario.Runner's
// StrategyProgress: Done and Total count downloads); nil between runs and
// during a revisit run.
func (r *Reproduction) StrategyProgress() ([]string, []step.Progress) {
	c, ok := r.current.(*scenario.Runner)
	if !ok {
		return nil, nil
	}
	strategies := c.Scenario().Strategies
	labels := make([]string, len(strategies))
	for k, s := range strategies {
		labels[k] = s.Label
	}
	return labels, c.StrategyProgress()
}

// Results returns the results of the runs finished so far.
func (r *Reproduction) Results() Results { return r.res }
