package scenario

import (
	"errors"
	"fmt"
	"slices"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/refresh"
	"github.com/crawlsim/crawlsim/engine/step"
)

// DefaultRefresh returns the default revisit scenario.
func DefaultRefresh() Refresh {
	return Refresh{Version: Version, Simulation: refresh.DefaultParams(), Policies: slices.Clone(refresh.Policies)}
}

// NormalizeRefresh returns the revisit scenario r with every default
// filled in and checks it; the problems are *FieldError values naming the
// JSON fields.
func NormalizeRefresh(r Refresh) (Refresh, error) {
	var errs fieldErrors
	out := r
	switch {
	case out.Version == 0:
		out.Version = Version
	case out.Version != Version:
		errs.add("version", "%d is not supported; this program reads version %d", out.Version, Version)
	}
	out.Simulation = out.Simulation.WithDefaults()
	for _, fe := range out.Simulation.Problems() {
		errs.add(fe.Field, "%s", fe.Message)
	}
	if len(out.Policies) == 0 {
		out.Policies = slices.Clone(refresh.Policies)
	}
	seen := map[string]bool{}
	for i, p := range out.Policies {
		if !slices.Contains(refresh.Policies, p) {
			errs.add(fmt.Sprintf("policies[%d]", i), "unknown policy %q; want fixed, change or change+interest", p)
		} else if seen[p] {
			errs.add(fmt.Sprintf("policies[%d]", i), "%s is given twice", p)
		}
		seen[p] = true
	}
	if out.EqualBudget == nil {
		yes := true
		out.EqualBudget = &yes
	}
	return out, errs.err()
}

// PlaceRefreshErrors places the problems of err, an error of
// NormalizeRefresh, in data, the JSON text of the revisit scenario named
// name (the bytes ParseRefresh read), as PlaceErrors does for a crawl
// scenario (model.PlaceRefreshErrors): "refresh.json:22:16:
// simulation.regulation.alpha: alpha 2: want a weight from 0 to 1".
func PlaceRefreshErrors(err error, name string, data []byte) error {
	return model.PlaceRefreshErrors(err, name, data)
}

// RefreshRunner runs a revisit scenario step by step (step.Stepper), as
// Runner does a crawl scenario.
type RefreshRunner struct {
	r   Refresh
	cmp *refresh.Comparison
	res *RefreshResult
}

// NewRefreshRunner normalizes r and prepares its run.
func NewRefreshRunner(r Refresh) (*RefreshRunner, error) {
	n, err := NormalizeRefresh(r)
	if err != nil {
		return nil, err
	}
	cmp, err := refresh.NewComparison(n.Simulation, n.Policies, *n.EqualBudget)
	if err != nil {
		return nil, err
	}
	return &RefreshRunner{r: n, cmp: cmp}, nil
}

// Step runs about budget units of simulation (256 events each).
func (rr *RefreshRunner) Step(budget int) (bool, error) {
	if rr.res != nil {
		return true, nil
	}
	done, err := rr.cmp.Step(budget)
	if err != nil || !done {
		return false, err
	}
	rr.res = &RefreshResult{Version: Version, Refresh: rr.r, Outcomes: rr.cmp.Result().Outcomes}
	return true, nil
}

// Progress reports the simulation running.
func (rr *RefreshRunner) Progress() step.Progress { return rr.cmp.Progress() }

// Refresh returns the normalized scenario.
func (rr *RefreshRunner) Refresh() Refresh { return rr.r }

// Result returns the result once Step is done.
func (rr *RefreshRunner) Result() (*RefreshResult, error) {
	if rr.res == nil {
		return nil, errors.New("scenario: the revisit simulation has not finished")
	}
	return rr.res, nil
}
