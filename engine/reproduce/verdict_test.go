package reproduce

import (
	"math"
	"testing"
)

// TestCompare checks the verdicts on hand-made orders.
func TestCompare(t *testing.T) {
	for _, c := range []struct {
		name            string
		published, ours []float64
		tol             float64
		want            Verdict
	}{
		{"same order, other values", []float64{0.5, 0.6, 0.7}, []float64{10, 20, 30}, 0, SameOrder},
		{"ties in the paper agree with either order", []float64{0.67, 0.67, 0.64}, []float64{0.60, 0.70, 0.50}, 0, SameOrder},
		// Pairs (0,1) and (1,2) agree, (0,2) agrees, (2,3) reversed:
		// 5 concordant, 1 discordant.
		{"one pair reversed", []float64{1, 2, 3, 4}, []float64{1, 2, 4, 3}, 0, SameTrend},
		{"reversed", []float64{1, 2, 3}, []float64{3, 2, 1}, 0, Differs},
		// (0,1) agrees, (0,2) and (1,2) are reversed: 1 against 2.
		{"mostly reversed", []float64{1, 2, 3}, []float64{1, 3, 0}, 0, Differs},
		{"two neighbours swapped twice: 4 pairs agree, 2 reversed", []float64{1, 2, 3, 4}, []float64{2, 1, 4, 3}, 0, SameTrend},
		// (0,1) is tied within tol, (0,2) and (1,2) agree.
		{"within tolerance is a tie", []float64{1, 2, 3}, []float64{0.501, 0.5, 0.7}, 0.005, SameOrder},
		// Nothing in ours confirms the paper's order: a flat line, or
		// values that are not numbers, do not agree with it.
		{"flat: every pair tied", []float64{3, 2, 1}, []float64{0, 0, 0}, 0.005, Differs},
		{"two items within tolerance", []float64{1, 2}, []float64{0.501, 0.5}, 0.005, Differs},
		{"NaN", []float64{3, 2, 1}, []float64{math.NaN(), math.NaN(), math.NaN()}, 0, Differs},
		{"equal in the paper, tied in ours", []float64{2, 2}, []float64{0.5, 0.5}, 0, SameOrder},
		{"beyond tolerance is reversed", []float64{1, 2}, []float64{0.51, 0.5}, 0.005, Differs},
		{"lengths differ", []float64{1, 2}, []float64{1}, 0, Differs},
		{"one item (the others not run)", []float64{1}, []float64{5}, 0, NotRun},
	} {
		if got := Compare(c.published, c.ours, c.tol); got != c.want {
			t.Errorf("%s: Compare(%v, %v, %v) = %q, want %q", c.name, c.published, c.ours, c.tol, got, c.want)
		}
	}
}

// TestCompareBalanced: with as many agreeing as reversed pairs the verdict
// is Differs, not SameTrend.
func TestCompareBalanced(t *testing.T) {
	// 4,1,2,3 against 1,2,3,4: the pairs of the first item are reversed
	// three times, the other three pairs agree.
	if got := Compare([]float64{1, 2, 3, 4}, []float64{4, 1, 2, 3}, 0); got != Differs {
		t.Errorf("balanced pairs: %q, want %q", got, Differs)
	}
}

func TestIncreasingHoldsMatches(t *testing.T) {
	if got := Increasing([]float64{0.1, 0.2, 0.2, 0.3}, 0); got != SameOrder {
		t.Errorf("non-decreasing: %q, want same order", got)
	}
	// fpr-m on a graph without hosts: the same value for every M.
	if got := Increasing([]float64{0.5, 0.5, 0.5, 0.5}, 1e-9); got != Differs {
		t.Errorf("flat: %q, want differs", got)
	}
	if got := Increasing([]float64{0.3, 0.2, 0.1}, 0); got != Differs {
		t.Errorf("decreasing: %q, want differs", got)
	}
	if Holds(true) != SameOrder || Holds(false) != Differs {
		t.Error("Holds does not map true to same order and false to differs")
	}
	// The paper prints Δt = -21.42 where the exact value is -21.43: within
	// its rounding of 0.01.
	if got := Matches(78.58, 78.5714, revisitRounding); got != SameValue {
		t.Errorf("78.58 against 78.5714: %q, want same value", got)
	}
	if got := Matches(89.29, 89.4, revisitRounding); got != Differs {
		t.Errorf("89.29 against 89.4: %q, want differs", got)
	}
}

func TestFind(t *testing.T) {
	for _, name := range []string{"004", "crawling-a-country"} {
		ps, err := Find(name)
		if err != nil || len(ps) != 1 || ps[0].ID != "004" {
			t.Errorf("Find(%q) = %v, %v; want paper 004", name, ps, err)
		}
	}
	if ps, err := Find("all"); err != nil || len(ps) != 5 {
		t.Errorf("Find(all) = %d papers, %v; want 5", len(ps), err)
	}
	if _, err := Find("005"); err == nil {
		t.Error("Find(005) found a paper")
	}
}

// TestOrderText lists labels by decreasing value, ties with "=".
func TestOrderText(t *testing.T) {
	got := orderText([]string{"a", "b", "c"}, []float64{0.5, 0.7, 0.5})
	if want := "b > a = c"; got != want {
		t.Errorf("orderText = %q, want %q", got, want)
	}
}
