package reproduce

import (
	"fmt"
	"math"
	"strings"
)

// Verdict says how crawlsim's figure compares with the paper's
// (docs/algorithms.md section 8).
type Verdict string

// The verdicts, from the closest agreement to none.
const (
	// SameValue: the same number, within a stated tolerance (the paper's
	// rounding, or a stated relative error).
	SameValue Verdict = "same value"
	// SameOrder: every pair of the compared items is in the paper's order
	// (pairs tied within the paper's rounding agree), or the claimed
	// relation holds.
	SameOrder Verdict = "same order"
	// SameTrend: the direction of the paper's effect holds but not its
	// size, or an ordering agrees in at least TrendShare of the pairs
	// ordered strictly in both (the counts are printed).
	SameTrend Verdict = "same trend"
	// Differs: otherwise; the finding names the case that fails.
	Differs Verdict = "differs"
	// NotRun: the graph or the build lacks what the figure needs.
	NotRun Verdict = "not run"
)

// TrendShare is the share of the strictly ordered pairs that must agree
// with the paper for an ordering with reversed pairs to be SameTrend.
const TrendShare = 0.8

// Pairs counts the pairs of items of an order comparison.
type Pairs struct {
	// Agree counts the pairs ordered strictly, and the same way, in the
	// paper and in crawlsim; Reversed those ordered the opposite way.
	Agree, Reversed int
	// Tied counts the pairs equal in the paper or within the tolerance in
	// crawlsim: they agree with either order and confirm neither.
	Tied int
	// Aside counts the pairs set aside because another finding judges
	// them.
	Aside int
}

// String says the counts: "2 pairs agree, 6 reversed, 7 tied".
func (p Pairs) String() string {
	s := []string{plural(p.Agree, "pair agrees", "pairs agree"), fmt.Sprintf("%d reversed", p.Reversed)}
	if p.Tied > 0 {
		s = append(s, fmt.Sprintf("%d tied", p.Tied))
	}
	if p.Aside > 0 {
		s = append(s, fmt.Sprintf("%d set aside", p.Aside))
	}
	return strings.Join(s, ", ")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// Compare is OrderPairs's verdict with no pair set aside.
func Compare(published, ours []float64, tol float64) Verdict {
	v, _ := OrderPairs(published, ours, tol, nil)
	return v
}

// OrderPairs compares the order of crawlsim's values ours with the
// paper's values published, item by item (the two slices are in the same
// item order), and returns the verdict and the pair counts. For every pair
// of items the paper's and crawlsim's differences are compared by sign: a
// pair whose values the paper gives as equal, or whose values in ours
// differ by at most tol (the paper's rounding), is tied and agrees with
// either order. The pairs of an item with aside[i] set (judged by another
// finding) are not counted. No reversed pair is SameOrder; at least
// TrendShare of the strictly ordered pairs agreeing is SameTrend; else
// Differs. Only the order matters, not the values: the papers' graphs are
// not crawlsim's. A value of ours that is NaN confirms nothing: when the
// paper orders some pair strictly and no pair of ours confirms an order
// (every such pair tied or NaN in ours), the result is Differs, not
// SameOrder. Slices of different lengths are Differs; fewer than two items
// (the others not run) are NotRun: there is no order to compare.
func OrderPairs(published, ours []float64, tol float64, aside []bool) (Verdict, Pairs) {
	return OrderPairsAside(published, ours, tol, itemsAside(aside))
}

// itemsAside is the pair rule of OrderPairs's aside: a pair is set aside
// when either of its items is (nil: none).
func itemsAside(aside []bool) func(i, j int) bool {
	if aside == nil {
		return nil
	}
	return func(i, j int) bool { return aside[i] || aside[j] }
}

// OrderPairsAside is OrderPairs with the pairs set aside chosen pair by
// pair: aside(i, j), for i < j, says whether another finding judges the
// pair of items i and j (nil: none is set aside). Set aside only the
// pairs another finding judges: a pair set aside is judged nowhere else.
func OrderPairsAside(published, ours []float64, tol float64, aside func(i, j int) bool) (Verdict, Pairs) {
	var p Pairs
	if len(published) != len(ours) {
		return Differs, p
	}
	if len(ours) < 2 {
		return NotRun, p
	}
	for _, v := range ours {
		if math.IsNaN(v) {
			return Differs, p
		}
	}
	strict := false
	for i := range published {
		for j := i + 1; j < len(published); j++ {
			if aside != nil && aside(i, j) {
				p.Aside++
				continue
			}
			ps := sign(published[i]-published[j], 0)
			os := sign(ours[i]-ours[j], tol)
			strict = strict || ps != 0
			switch {
			case ps == 0 || os == 0:
				p.Tied++
			case ps == os:
				p.Agree++
			default:
				p.Reversed++
			}
		}
	}
	return orderVerdict(p, strict), p
}

// reversedText names the pairs OrderPairsAside counts as reversed (the
// pairs of aside set aside; aside may be nil), the paper's order first,
// joined by above ("above", "slower than"): "reversed (the paper's order
// first): bfs above backlink; ...", or "" when none is.
func reversedText(labels []string, published, ours []float64, tol float64, aside func(i, j int) bool, above string) string {
	var rev []string
	for i := range labels {
		for j := i + 1; j < len(labels); j++ {
			if aside != nil && aside(i, j) {
				continue
			}
			ps, os := sign(published[i]-published[j], 0), sign(ours[i]-ours[j], tol)
			if ps != 0 && os != 0 && ps != os {
				hi, lo := labels[i], labels[j]
				if ps < 0 {
					hi, lo = lo, hi
				}
				rev = append(rev, hi+" "+above+" "+lo)
			}
		}
	}
	if len(rev) == 0 {
		return ""
	}
	return "reversed (the paper's order first): " + strings.Join(rev, "; ")
}

// orderVerdict applies the rules of OrderPairs to counted pairs; strict
// says whether the paper orders some counted pair strictly.
func orderVerdict(p Pairs, strict bool) Verdict {
	switch {
	case p.Agree == 0 && p.Reversed == 0 && strict:
		return Differs
	case p.Agree == 0 && p.Reversed == 0 && p.Tied == 0:
		return NotRun // every pair set aside
	case p.Reversed == 0:
		return SameOrder
	case float64(p.Agree) >= TrendShare*float64(p.Agree+p.Reversed):
		return SameTrend
	}
	return Differs
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
// given (the paper gives no numbers, only the order): OrderPairs against
// 1, 2, 3, ..., except that values that do not grow at all (every pair
// tied within tol) are Differs: a flat line is no increase.
func Increasing(ours []float64, tol float64) Verdict {
	v, _ := IncreasingPairs(ours, tol)
	return v
}

// IncreasingPairs is Increasing with the pair counts.
func IncreasingPairs(ours []float64, tol float64) (Verdict, Pairs) {
	ranks := make([]float64, len(ours))
	for i := range ranks {
		ranks[i] = float64(i + 1)
	}
	v, p := OrderPairs(ranks, ours, tol, nil)
	if p.Agree == 0 && v != NotRun {
		return Differs, p
	}
	return v, p
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

// Ratios judges a claim that each value is want times the one before (the
// paper's "halving the window doubles the iterations"): SameValue when
// every ratio ours[i+1]/ours[i] is within the relative error tol of want,
// SameTrend when every ratio is on want's side of 1 (the values move the
// claimed way, by another factor), else Differs. Fewer than two values,
// or a value that is not a positive number, are NotRun.
func Ratios(ours []float64, want, tol float64) Verdict {
	if len(ours) < 2 {
		return NotRun
	}
	for _, v := range ours {
		if !(v > 0) || math.IsInf(v, 0) {
			return NotRun
		}
	}
	value, trend := true, true
	for i := 1; i < len(ours); i++ {
		q := ours[i] / ours[i-1]
		value = value && math.Abs(q/want-1) <= tol
		trend = trend && sign(q-1, 0) == sign(want-1, 0) && sign(want-1, 0) != 0
	}
	switch {
	case value:
		return SameValue
	case trend:
		return SameTrend
	}
	return Differs
}
