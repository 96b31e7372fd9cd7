// Package refresh simulates how often a crawler should come back to each
// site of a changing web (seeds/002, Singhal et al., "Regulating Frequency
// of a Migrating Web Crawler based on Users Interest"; SPEC.md section 7):
// sites change as Poisson processes and are visited by users; the crawler
// revisits each site after an interval that a policy regulates from what
// it saw, and pays in network traffic, centrally or with migrants.
package refresh

import (
	"errors"
	"fmt"
	"math"
)

// Policies.
const (
	// Fixed keeps every site's interval at Regulation.Initial.
	Fixed = "fixed"
	// Change regulates the interval by the change ratio (Eq. 1-2).
	Change = "change"
	// ChangeInterest regulates it by the change ratio and the users'
	// interest (Eq. 3-4 as SPEC.md section 7 reads them).
	ChangeInterest = "change+interest"
)

// Policies lists the policies in the order they are compared.
var Policies = []string{Fixed, Change, ChangeInterest}

// Regulation are the parameters of the interval regulation.
type Regulation struct {
	// Initial is t_0, every site's first interval (default 10).
	Initial float64 `json:"initial,omitempty"`
	// Min and Max clamp the interval (defaults 1 and 200: SPEC.md section 7
	// asks for at least 200, so that its worked examples from t_n = 100 are
	// not cut).
	Min float64 `json:"min,omitempty"`
	Max float64 `json:"max,omitempty"`
	// Window is n, the crawler's last visits of a site over which the
	// change ratio is counted (default 10).
	Window int `json:"window,omitempty"`
	// Lower and Upper are p_l and p_g for the change ratio (defaults 0.3
	// and 0.7): above p_g the interval shrinks, below p_l it grows.
	Lower float64 `json:"lower,omitempty"`
	Upper float64 `json:"upper,omitempty"`
	// Alpha weighs the change term against the interest term (default
	// 0.5, the paper's equal weighting).
	Alpha *float64 `json:"alpha,omitempty"`
	// InterestLower and InterestUpper are p_l' and p_g' for the interest
	// (defaults 0.5 and 0.8).
	InterestLower float64 `json:"interest_lower,omitempty"`
	InterestUpper float64 `json:"interest_upper,omitempty"`
	// MinInterest is a: a site whose interest is below it gets no interest
	// term (default 0).
	MinInterest float64 `json:"min_interest"`
}

// DefaultRegulation returns the defaults of every field.
func DefaultRegulation() Regulation {
	alpha := 0.5
	return Regulation{Initial: 10, Min: 1, Max: 200, Window: 10, Lower: 0.3, Upper: 0.7, Alpha: &alpha,
		InterestLower: 0.5, InterestUpper: 0.8}
}

// WithDefaults fills the zero fields (Alpha when nil) with the defaults.
func (r Regulation) WithDefaults() Regulation {
	d := DefaultRegulation()
	fill := func(v *float64, def float64) {
		if *v == 0 {
			*v = def
		}
	}
	fill(&r.Initial, d.Initial)
	fill(&r.Min, d.Min)
	fill(&r.Max, d.Max)
	fill(&r.Lower, d.Lower)
	fill(&r.Upper, d.Upper)
	fill(&r.InterestLower, d.InterestLower)
	fill(&r.InterestUpper, d.InterestUpper)
	if r.Window == 0 {
		r.Window = d.Window
	}
	if r.Alpha == nil {
		r.Alpha = d.Alpha
	}
	return r
}

// Validate checks a regulation with its defaults filled in; the errors
// name the fields.
func (r Regulation) Validate() error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	finite := func(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
	if !(r.Min > 0) || !finite(r.Min) || !finite(r.Max) {
		bad("min %v and max %v: want positive intervals", r.Min, r.Max)
	} else if r.Min > r.Max {
		bad("min %v is above max %v", r.Min, r.Max)
	}
	if !(r.Initial > 0) || !finite(r.Initial) {
		bad("initial %v: want a positive interval", r.Initial)
	} else if r.Initial < r.Min || r.Initial > r.Max {
		bad("initial %v is outside [min, max] = [%v, %v]", r.Initial, r.Min, r.Max)
	}
	if r.Window < 1 {
		bad("window %d: want at least 1 visit", r.Window)
	}
	for _, p := range []struct {
		name         string
		lower, upper float64
	}{{"lower/upper", r.Lower, r.Upper}, {"interest_lower/interest_upper", r.InterestLower, r.InterestUpper}} {
		if !(p.lower > 0 && p.upper <= 1) {
			bad("%s %v/%v: want thresholds in (0, 1]", p.name, p.lower, p.upper)
		} else if p.lower >= p.upper {
			bad("%s %v/%v: the lower threshold must be below the upper one", p.name, p.lower, p.upper)
		}
	}
	if r.Alpha != nil && !(*r.Alpha >= 0 && *r.Alpha <= 1) {
		bad("alpha %v: want a weight in [0, 1]", *r.Alpha)
	}
	if !(r.MinInterest >= 0 && r.MinInterest <= 1) {
		bad("min_interest %v: want a share in [0, 1]", r.MinInterest)
	}
	return errors.Join(errs...)
}

// unit is u(x) of Eq. 2: 1 when x > 0, else 0.
func unit(x float64) float64 {
	if x > 0 {
		return 1
	}
	return 0
}

// Delta is Eq. 2 of seeds/002: the change of interval for a ratio p with
// thresholds lower (p_l) and upper (p_g),
//
//	Δt = [(1 - p/p_g)·u(p - p_g) + (1 - p/p_l)·u(p_l - p)]·t_n,
//
// negative (come back sooner) above p_g, positive below p_l, and 0
// between them.
func Delta(tn, p, lower, upper float64) float64 {
	return ((1-p/upper)*unit(p-upper) + (1-p/lower)*unit(lower-p)) * tn
}

// Next returns the interval after tn for policy, given the change ratio
// of the site's last visits and the users' interest in it, clamped to
// [Min, Max]:
//
//	fixed:            t_{n+1} = t_n
//	change:           t_{n+1} = t_n + Δt(p_change; p_l, p_g)
//	change+interest:  t_{n+1} = t_n + α·Δt(p_change; p_l, p_g) + (1-α)·Δt(p_interest; p_l', p_g')
//
// the last being SPEC.md's reading of Eq. 3-4 (the only one that gives
// the paper's worked numbers). An interest below MinInterest contributes
// no interest term. r must have its defaults filled in.
func (r Regulation) Next(policy string, tn, change, interest float64) float64 {
	t := tn
	switch policy {
	case Change:
		t = tn + Delta(tn, change, r.Lower, r.Upper)
	case ChangeInterest:
		a := *r.Alpha
		t = tn + a*Delta(tn, change, r.Lower, r.Upper)
		if interest >= r.MinInterest {
			t += (1 - a) * Delta(tn, interest, r.InterestLower, r.InterestUpper)
		}
	}
	return min(max(t, r.Min), r.Max)
}
