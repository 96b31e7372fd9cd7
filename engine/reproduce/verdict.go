package reproduce

import "math"

// Verdict says how crawlsim's figure compares with the paper's.
type Verdict string

// The verdicts, from the closest agreement to none.
const (
	// SameValue: the same number, within the paper's rounding (its worked
	// examples).
	SameValue Verdict = "same value"
	// SameOrder: the items rank in the same order as in the paper (or the
	// claimed relation holds): no pair of items is reversed.
	SameOrder Verdict = "same order"
	// SameTrend: more pairs of items agree with the paper than are
	// reversed, but some are reversed.
	SameTrend Verdict = "same trend"
	// Differs: as many pairs or more are reversed as agree, or the claimed
	// relation does not hold.
	Differs Verdict = "differs"
	// NotRun: the graph or the build lacks what the figure needs.
	NotRun Verdict = "not run"
)

// Compare compares the order of crawlsim's values ours with the paper's
// values published, item by item (the two slices are in the same item
// order). For every pair of items the paper's and crawlsim's differences
// are compared by sign: a pair whose values the paper gives as equal, or
// whose values in ours differ by at most tol, agrees with either order.
// No reversed pair is SameOrder; more agreeing (strictly ordered in both
// and the same way) than reversed pairs is SameTrend; else Differs. Only
// the order matters, not the values: the papers' graphs are not crawlsim's.
// A value of ours that is NaN confirms nothing: when the paper orders some
// pair strictly and no pair of ours confirms an order (every such pair
// tied or NaN in ours), the result is Differs, not SameOrder. Slices of
// different lengths are Differs; fewer than two items (the others not
// run) are NotRun: there is no order to compare.
func Compare(published, ours []float64, tol float64) Verdict {
	if len(published) != len(ours) {
		return Differs
	}
	if len(ours) < 2 {
		return NotRun
	}
	for _, v := range ours {
		if math.IsNaN(v) {
			return Differs
		}
	}
	concordant, discordant := pairCounts(published, ours, tol)
	switch {
	case concordant == 0 && discordant == 0 && strictPair(published):
		return Differs
	case discordant == 0:
		return SameOrder
	case concordant > discordant:
		return SameTrend
	}
	return Differs
}

// strictPair reports whether some two of the paper's values differ.
func strictPair(published []float64) bool {
	for i := range published {
		for j := i + 1; j < len(published); j++ {
			if sign(published[i]-published[j], 0) != 0 {
				return true
			}
		}
	}
	return false
}

// pairCounts counts the pairs ordered the same way in both (concordant)
// and the opposite way (discordant); pairs tied in either are neither.
func pairCounts(published, ours []float64, tol float64) (concordant, discordant int) {
	for i := range published {
		for j := i + 1; j < len(published); j++ {
			p := sign(published[i]-published[j], 0)
			o := sign(ours[i]-ours[j], tol)
			switch {
			case p == 0 || o == 0:
			case p == o:
				concordant++
			default:
				discordant++
			}
		}
	}
	return concordant, discordant
}

// sign is -1, 0 or +1: 0 when |x| <= tol (or x is NaN).
func sign(x, tol float64) int {
	switch {
	case math.IsNaN(x) || math.Abs(x) <= tol:
		return 0
	case x > 0:
		return 1
	}
	return -1
}

// Increasing compares ours with a claim that the items grow in the order
// given (the paper gives no numbers, only the order): Compare against 1,
// 2, 3, ..., except that values that do not grow at all (every pair tied
// within tol) are Differs: a flat line is no increase.
func Increasing(ours []float64, tol float64) Verdict {
	ranks := make([]float64, len(ours))
	for i := range ranks {
		ranks[i] = float64(i + 1)
	}
	if concordant, _ := pairCounts(ranks, ours, tol); concordant == 0 {
		return Differs
	}
	return Compare(ranks, ours, tol)
}

// Holds is SameOrder when a claimed relation holds in crawlsim's figures,
// else Differs.
func Holds(ok bool) Verdict {
	if ok {
		return SameOrder
	}
	return Differs
}

// Matches is SameValue when ours equals the paper's value to within tol
// (the paper's rounding), else Differs.
func Matches(published, ours, tol float64) Verdict {
	if math.Abs(published-ours) <= tol {
		return SameValue
	}
	return Differs
}
