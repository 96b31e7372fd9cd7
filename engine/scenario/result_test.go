package scenario

import (
	"math"
	"reflect"
	"testing"

	"github.com/crawlsim/crawlsim/engine/crawl"
)

// TestSanitize checks what sanitize does with numbers JSON cannot hold: a
// warning per curve that counts them, 0 in their place, and an error for a
// simulated time.
func TestSanitize(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	res := &Result{Strategies: []StrategyResult{{
		Label:     "s",
		Curve:     crawl.Curve{K: []int64{1, 2, 3, 4}, Value: []float64{0.1, nan, inf, nan}},
		Guarantee: &crawl.Curve{K: []int64{1, 2}, Value: []float64{-inf, 0.5}},
		Summary:   crawl.Summary{Tau: &nan},
	}}}
	r := &shared{}
	if err := r.sanitize(res); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"strategy s: curve: 2 NaN, 1 +Inf of 4 values, which JSON cannot hold; they are reported as 0",
		"strategy s: guaranteed curve: 1 -Inf of 2 values, which JSON cannot hold; they are reported as 0",
		"strategy s: tau was NaN, which JSON cannot hold; it is reported as 0",
	}
	if !reflect.DeepEqual(r.warnings, want) {
		t.Errorf("warnings\n got %q\nwant %q", r.warnings, want)
	}
	if v := res.Strategies[0].Curve.Value; !reflect.DeepEqual(v, []float64{0.1, 0, 0, 0}) {
		t.Errorf("curve values %v", v)
	}
	timed := &Result{Strategies: []StrategyResult{{Label: "t",
		Curve: crawl.Curve{K: []int64{1, 2}, Value: []float64{0.5, 1}, T: []float64{3, inf}}, Time: &TimeSummary{Duration: inf}}}}
	err := (&shared{}).sanitize(timed)
	if err == nil || err.Error() != "strategy t: simulated time +Inf after 2 downloads; the politeness parameters make times too large to compute" {
		t.Errorf("infinite time: %v", err)
	}
}
