package model

import (
	"math"
	"strings"
	"testing"
)

// TestDefaultRefreshParamsSeedIsTheDefault checks that the defaults of a
// revisit simulation, which a program starts from before it sets what
// its user gave, hold the seed a scenario left out of its JSON gets
// (DefaultRandomSeed), not 0: a caller that forgets to set it still
// simulates what the command line and the page do by default.
func TestDefaultRefreshParamsSeedIsTheDefault(t *testing.T) {
	f, err := (Reader{}).ParseRefresh(strings.NewReader(`{}`), "refresh.json")
	if err != nil {
		t.Fatal(err)
	}
	if d := DefaultRefreshParams().Seed; d != f.Simulation.Seed || d != DefaultRandomSeed {
		t.Errorf("DefaultRefreshParams().Seed = %d; a seed left out of the JSON is %d, DefaultRandomSeed %d", d, f.Simulation.Seed, DefaultRandomSeed)
	}
}

// TestRegulationLowerThresholdIsNormal: a lower threshold below
// MinRefreshThreshold (subnormal, 1/p_l overflowing) is refused, naming
// the pair and the least threshold, for the change ratio and the
// interest; at MinRefreshThreshold it is accepted (a lower of 1e-310 once
// passed, and the simulation then never reached its horizon).
func TestRegulationLowerThresholdIsNormal(t *testing.T) {
	for _, c := range []struct {
		r    Regulation
		want string
	}{
		{Regulation{Lower: 1e-310}, "lower/upper 1e-310/0.7: the lower threshold must be at least 2.2250738585072014e-308 (the least normal float64), so that a ratio over it stays finite"},
		{Regulation{Lower: math.SmallestNonzeroFloat64}, "lower/upper 5e-324/0.7: the lower threshold must be at least"},
		{Regulation{InterestLower: 1e-310}, "interest_lower/interest_upper 1e-310/0.8: the lower threshold must be at least"},
	} {
		err := c.r.WithDefaults().Validate()
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%+v: %v; want %q", c.r, err, c.want)
		}
	}
	r := Regulation{Lower: MinRefreshThreshold, InterestLower: MinRefreshThreshold}.WithDefaults()
	if err := r.Validate(); err != nil {
		t.Errorf("thresholds of MinRefreshThreshold: %v", err)
	}
	if inv := 1 / MinRefreshThreshold; math.IsInf(inv, 0) {
		t.Errorf("1/MinRefreshThreshold = %v", inv)
	}
}

// TestRefreshSizeProblemsNameTheirField: a size of a site or of a
// migrant below 0 is a problem of its own field, so that the page marks
// that box and the command line names that flag.
func TestRefreshSizeProblemsNameTheirField(t *testing.T) {
	p := DefaultRefreshParams()
	negative := -1.0
	p.MigrantBytes = &negative
	got := p.ValueProblems()
	if len(got) != 1 || got[0].Field != "simulation.migrant_bytes" || got[0].Message != "migrant_bytes -1: want a size of 0 or more" {
		t.Errorf("a migrant of -1 bytes: %+v", got)
	}
	p.SiteBytes = &negative
	if got := p.ValueProblems(); len(got) != 2 || got[0].Field != "simulation.site_bytes" || got[1].Field != "simulation.migrant_bytes" {
		t.Errorf("sites and migrants of -1 bytes: %+v", got)
	}
}
