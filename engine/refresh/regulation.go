// Package refresh simulates how often a crawler should come back to each
// site of a changing web (Singhal et al. 2012, Singhal et al., "Regulating Frequency
// of a Migrating Web Crawler based on Users Interest"; docs/algorithms.md section 7):
// sites change as Poisson processes and are visited by users; the crawler
// revisits each site after an interval that a policy regulates from what
// it saw, and pays in network traffic, centrally or with migrants.
package refresh

import (
	"math"

	"github.com/crawlsim/crawlsim/engine/model"
)

// Policies.
const (
	// Fixed keeps every site's interval at Regulation.Initial.
	Fixed = "fixed"
	// Change regulates the interval by the change ratio (Eq. 1-2).
	Change = "change"
	// ChangeInterest regulates it by the change ratio and the users'
	// interest (Eq. 3-4 as docs/algorithms.md section 7 reads them).
	ChangeInterest = "change+interest"
)

// Policies lists the policies in the order they are compared
// (model.RefreshPolicies).
var Policies = model.RefreshPolicies()

// Regulation are the parameters of the interval regulation
// (model.Regulation); WithDefaults fills them and Validate checks them.
type Regulation = model.Regulation

// DefaultRegulation returns the defaults of every field
// (model.DefaultRegulation).
func DefaultRegulation() Regulation { return model.DefaultRegulation() }

// unit is u(x) of Eq. 2: 1 when x > 0, else 0.
func unit(x float64) float64 {
	if x > 0 {
		return 1
	}
	return 0
}

// Delta is Eq. 2 of Singhal et al. 2012: the change of interval for a ratio p with
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
// the last being docs/algorithms.md's reading of Eq. 3-4 (the only one that gives
// the paper's worked numbers). An interest below MinInterest contributes
// no interest term. r must have its defaults filled in.
//
// A Δt whose t_n over a threshold overflows is infinite; where the sum
// then has no value (∞·0 for a weight α of 0 or 1, or ∞ - ∞), Next takes
// it as t_n times the sum for t_n = 1, which is finite for valid
// thresholds (at least model.MinRefreshThreshold).
func Next(r Regulation, policy string, tn, change, interest float64) float64 {
	t := nextUnclamped(r, policy, tn, change, interest)
	if math.IsNaN(t) {
		t = tn * nextUnclamped(r, policy, 1, change, interest)
	}
	return min(max(t, r.Min), r.Max)
}

// nextUnclamped is Next before the interval is clamped to [Min, Max].
func nextUnclamped(r Regulation, policy string, tn, change, interest float64) float64 {
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
	return t
}
