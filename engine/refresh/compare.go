package refresh

import (
	"fmt"
	"slices"

	"github.com/crawlsim/crawlsim/engine/step"
)

// Result is a comparison of policies on one simulated web.
type Result struct {
	// Params are the simulation's parameters, defaults filled in.
	Params Params `json:"params"`
	// Outcomes has one outcome per policy, in the order asked, then, when
	// the budgets were equalized, one fixed policy per adaptive policy
	// whose interval gives it about as many visits.
	Outcomes []Outcome `json:"outcomes"`
}

// Comparison runs policies one after another on the same web
// (step.Stepper). With EqualBudget, each adaptive policy is followed by a
// fixed policy whose interval S·H/V gives it as many visits V, so that the
// policies are also compared at an equal visit budget, not only at their
// own.
type Comparison struct {
	p           Params
	policies    []string
	equalBudget bool
	current     *Simulation
	next        int
	res         Result
	// equalized lists the adaptive outcomes still to match with a fixed
	// run.
	equalized []Outcome
}

// NewComparison prepares the comparison of policies (every policy when
// empty) on the web of p.
func NewComparison(p Params, policies []string, equalBudget bool) (*Comparison, error) {
	p = p.WithDefaults()
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if len(policies) == 0 {
		policies = Policies
	}
	seen := map[string]bool{}
	for _, pol := range policies {
		if !slices.Contains(Policies, pol) {
			return nil, fmt.Errorf("refresh: unknown policy %q; want fixed, change or change+interest", pol)
		}
		if seen[pol] {
			return nil, fmt.Errorf("refresh: policy %s given twice", pol)
		}
		seen[pol] = true
	}
	return &Comparison{p: p, policies: policies, equalBudget: equalBudget, res: Result{Params: p}}, nil
}

// Progress reports the running simulation.
func (c *Comparison) Progress() step.Progress {
	if c.current != nil {
		return c.current.Progress()
	}
	return step.Progress{Stage: "simulate", Total: 1}
}

// Step runs the simulations for about budget units.
func (c *Comparison) Step(budget int) (bool, error) {
	for budget > 0 {
		if c.current == nil {
			var err error
			switch {
			case c.next < len(c.policies):
				c.current, err = NewSimulation(c.p, c.policies[c.next], 0, "")
				c.next++
			case len(c.equalized) > 0:
				o := c.equalized[0]
				c.equalized = c.equalized[1:]
				interval := float64(c.p.Sites) * c.p.Horizon / float64(max(o.Visits, 1))
				c.current, err = NewSimulation(c.p, Fixed, interval, "fixed at the visits of "+o.Label)
			default:
				return true, nil
			}
			if err != nil {
				return false, err
			}
		}
		units := min(budget, 1<<20)
		done, err := c.current.Step(units)
		if err != nil {
			return false, err
		}
		budget -= units
		if done {
			o := c.current.Outcome()
			c.res.Outcomes = append(c.res.Outcomes, o)
			if c.equalBudget && o.Policy != Fixed {
				c.equalized = append(c.equalized, o)
			}
			c.current = nil
			// A simulation's end ends the step.
			return c.next == len(c.policies) && len(c.equalized) == 0, nil
		}
	}
	return false, nil
}

// Result returns the outcomes so far (all of them once Step is done).
func (c *Comparison) Result() Result { return c.res }
