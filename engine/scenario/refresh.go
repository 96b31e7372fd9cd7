package scenario

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"

	"github.com/crawlsim/crawlsim/engine/refresh"
	"github.com/crawlsim/crawlsim/engine/step"
)

// Refresh is a revisit-scheduling scenario (SPEC.md section 7; seeds/002):
// a simulated web of changing sites and their users, and the policies that
// regulate how often the crawler comes back. Like a Scenario, it fully
// determines its result, natively and in the browser, and reads and
// writes as strict JSON.
type Refresh struct {
	// Version is Version.
	Version int `json:"version,omitempty"`
	// Simulation describes the web and the crawler's regulation; zero
	// fields take refresh.DefaultParams's values.
	Simulation refresh.Params `json:"simulation"`
	// Policies are the policies compared, in order (default: fixed,
	// change, change+interest).
	Policies []string `json:"policies"`
	// EqualBudget also runs, for every adaptive policy, a fixed policy
	// with as many visits (default true).
	EqualBudget *bool `json:"equal_budget,omitempty"`
}

// RefreshResult is the outcome of a Refresh scenario.
type RefreshResult struct {
	// Version is Version.
	Version int `json:"version"`
	// Refresh is the scenario run, with every default filled in.
	Refresh Refresh `json:"refresh"`
	// Outcomes has one outcome per policy run (refresh.Result).
	Outcomes []refresh.Outcome `json:"outcomes"`
}

// DefaultRefresh returns the default revisit scenario.
func DefaultRefresh() Refresh {
	return Refresh{Version: Version, Simulation: refresh.DefaultParams(), Policies: slices.Clone(refresh.Policies)}
}

// Normalize returns the scenario with every default filled in and checks
// it; the problems are *FieldError values naming the JSON fields.
func (r Refresh) Normalize() (Refresh, error) {
	var errs fieldErrors
	out := r
	switch {
	case out.Version == 0:
		out.Version = Version
	case out.Version != Version:
		errs.add("version", "%d is not supported; this program reads version %d", out.Version, Version)
	}
	out.Simulation = out.Simulation.WithDefaults()
	if err := out.Simulation.Validate(); err != nil {
		for _, line := range strings.Split(err.Error(), "\n") {
			field := "simulation"
			if rest, ok := strings.CutPrefix(line, "regulation: "); ok {
				field, line = "simulation.regulation", rest
			}
			name, _, _ := strings.Cut(line, " ")
			name = strings.TrimSuffix(strings.SplitN(name, "/", 2)[0], ":")
			if name != "" && name != "about" {
				field += "." + name
			}
			errs.add(field, "%s", line)
		}
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

// ParseRefresh reads a revisit scenario from JSON as strictly as Parse
// reads a crawl scenario: errors name the file, line and column.
func ParseRefresh(rd io.Reader, name string) (Refresh, error) {
	var r Refresh
	data, err := readStrict(rd, name, &r)
	if err != nil {
		return Refresh{}, err
	}
	if err := checkExplicitZeros(name, data, reflect.TypeOf(r), refreshZeroDefaults, refreshDefaults); err != nil {
		return Refresh{}, err
	}
	if r.Version != 0 && r.Version != Version {
		return Refresh{}, fmt.Errorf("%s: version %d is not supported; this program reads version %d",
			keyPlace(name, data, reflect.TypeOf(r), "version"), r.Version, Version)
	}
	return r, nil
}

// MarshalRefresh writes a revisit scenario as indented JSON.
func MarshalRefresh(r Refresh) ([]byte, error) {
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("scenario: %w", err)
	}
	return append(data, '\n'), nil
}

// MarshalRefreshResult writes a revisit result as compact JSON.
func MarshalRefreshResult(r *RefreshResult) ([]byte, error) {
	data, err := json.Marshal(r)
	if err != nil {
		return nil, fmt.Errorf("scenario: refresh result: %w", err)
	}
	return append(data, '\n'), nil
}

// ParseRefreshResult reads a result written by MarshalRefreshResult.
func ParseRefreshResult(rd io.Reader, name string) (*RefreshResult, error) {
	var r RefreshResult
	data, err := readStrictResult(rd, name, &r)
	if err != nil {
		return nil, err
	}
	if r.Version != Version {
		return nil, fmt.Errorf("%s: result version %d is not supported; this program reads version %d",
			keyPlace(name, data, reflect.TypeOf(r), "version"), r.Version, Version)
	}
	return &r, nil
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
	n, err := r.Normalize()
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
