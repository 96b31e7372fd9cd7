package refresh

import (
	"math"
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
		{Regulation{Min: -1}, "want positive intervals"},
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
