package refresh

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func twoDecimals(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }

// TestSpecWorkedExamples reproduces docs/algorithms.md section 7's worked examples
// (Singhal et al. 2012, section IV): t_n = 100, change ratio 0.85 with p_l = 0.3 and
// p_g = 0.7, α = 0.5, interest thresholds 0.5 and 0.8.
func TestSpecWorkedExamples(t *testing.T) {
	// Δt = (1 - 0.85/0.7)·100 = -21.428571... (printed -21.42 in the paper).
	d := Delta(100, 0.85, 0.3, 0.7)
	if math.Abs(d-(-150.0/7)) > 1e-12 || twoDecimals(d) != "-21.43" {
		t.Errorf("Δt = %v, want -21.43", d)
	}
	// The defaults are the example's thresholds, and their clamp must not
	// cut it (docs/algorithms.md section 7: t_max defaults to at least 200).
	r := DefaultRegulation()
	if r.Lower != 0.3 || r.Upper != 0.7 || r.InterestLower != 0.5 || r.InterestUpper != 0.8 || *r.Alpha != 0.5 {
		t.Fatalf("default thresholds %+v are not the worked example's", r)
	}
	for _, c := range []struct {
		interest float64
		want     string
		exact    float64
	}{
		{0.7, "89.29", 100 - 75.0/7},        // interest between the thresholds: no interest term
		{0.3, "109.29", 100 - 75.0/7 + 20},  // 0.5·(1 - 0.3/0.5)·100 = +20
		{0.9, "83.04", 100 - 75.0/7 - 6.25}, // 0.5·(1 - 0.9/0.8)·100 = -6.25
	} {
		got := Next(r, ChangeInterest, 100, 0.85, c.interest)
		if twoDecimals(got) != c.want || math.Abs(got-c.exact) > 1e-9 {
			t.Errorf("interest %v: t_{n+1} = %v, want %s", c.interest, got, c.want)
		}
	}
	if got := Next(r, Change, 100, 0.85, 0.9); twoDecimals(got) != "78.57" {
		t.Errorf("change policy: %v, want 78.57 (the paper's 78.58, from its rounded -21.42)", got)
	}
	if got := Next(r, Fixed, 100, 0.85, 0.9); got != 100 {
		t.Errorf("fixed policy: %v", got)
	}
}

func TestNextClampsAndMinInterest(t *testing.T) {
	r := DefaultRegulation()
	r.Min, r.Max = 5, 50
	if got := Next(r, Change, 40, 0, 0); got != 50 {
		t.Errorf("a site that never changes: %v, want the max 50", got)
	}
	if got := Next(r, Change, 6, 1, 0); got != 5 {
		t.Errorf("a site that always changes: %v, want the min 5", got)
	}
	r.MinInterest = 0.4
	if a, b := Next(r, ChangeInterest, 20, 0.5, 0.3), Next(r, ChangeInterest, 20, 0.5, 0.5); a != 20 || b != 20 {
		t.Errorf("interest below a: %v; between thresholds: %v; want 20 for both", a, b)
	}
	if got := Next(r, ChangeInterest, 20, 0.5, 0.45); got != 20+0.5*(1-0.45/0.5)*20 {
		t.Errorf("interest above a, below p_l': %v", got)
	}
}

func TestRegulationErrors(t *testing.T) {
	neg := -0.1
	for _, c := range []struct {
		r    Regulation
		want string
	}{
		{Regulation{Lower: 0.7, Upper: 0.7}, "lower threshold must be below"},
		{Regulation{Lower: 0.8, Upper: 0.3}, "lower threshold must be below"},
		{Regulation{InterestLower: 0.9, InterestUpper: 0.5}, "interest_lower/interest_upper"},
		{Regulation{Alpha: &neg}, "alpha -0.1"},
		{Regulation{Min: 10, Max: 5}, "min 10 is above max 5"},
		{Regulation{Min: -1}, "min -1: want a positive interval"},
		{Regulation{Max: math.Inf(1)}, "max +Inf: want a positive interval"},
		{Regulation{Initial: -3}, "initial -3"},
		{Regulation{Window: -1}, "window -1"},
		{Regulation{MinInterest: 2}, "min_interest 2"},
	} {
		err := c.r.WithDefaults().Validate()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want %q", c.r, err, c.want)
		}
	}
	if err := DefaultRegulation().Validate(); err != nil {
		t.Error(err)
	}
}

// TestNextOfAnOverflowingDelta: a Δt that overflows (t_n over a tiny
// p_g) weighed 0, or meeting an overflow of the other sign, still gives
// an interval: alpha 0 ignores the change term and alpha 1 the interest
// term however large they are (0·-∞ made the interval NaN, and the
// site's visit never came), and +∞ - ∞, where the interval grows by
// half past the largest float64 and the interest term is -∞, is the min.
func TestNextOfAnOverflowingDelta(t *testing.T) {
	zero, one := 0.0, 1.0
	r := Regulation{Initial: 10, Min: 1, Max: 1e10, Window: 10, Lower: 1e-300, Upper: 1e-299, Alpha: &zero,
		InterestLower: 0.5, InterestUpper: 0.8}
	if d := Delta(1e10, 1, r.Lower, r.Upper); !math.IsInf(d, -1) {
		t.Fatalf("Δt = %v; the test needs one that overflows", d)
	}
	if got := Next(r, ChangeInterest, 1e10, 1, 0.6); got != 1e10 {
		t.Errorf("alpha 0, interest between its thresholds: %v, want t_n 1e10", got)
	}
	r.Alpha = &one
	r.InterestLower, r.InterestUpper = 1e-300, 1e-299
	r.Lower, r.Upper = 0.3, 0.7
	if got := Next(r, ChangeInterest, 1e10, 0.5, 1); got != 1e10 {
		t.Errorf("alpha 1, change ratio between its thresholds: %v, want t_n 1e10", got)
	}
	half := 0.5
	r.Alpha = &half
	r.Max = math.MaxFloat64
	// t_n + 0.5·t_n overflows to +∞ (change ratio 0: the interval
	// grows), and the interest term is -∞: the interval is the min.
	if got := Next(r, ChangeInterest, 1.5e308, 0, 1); got != r.Min {
		t.Errorf("+∞ - ∞: %v, want the min %v", got, r.Min)
	}
}

// TestPoliciesAreTheModels: the policies compared, in order, are the
// model's list (model.RefreshPolicies), which the page reads, and are
// named by this package's constants.
func TestPoliciesAreTheModels(t *testing.T) {
	if !slices.Equal(Policies, []string{Fixed, Change, ChangeInterest}) {
		t.Errorf("Policies %q, want %q", Policies, []string{Fixed, Change, ChangeInterest})
	}
}
