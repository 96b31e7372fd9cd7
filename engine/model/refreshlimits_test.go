package model

import (
	"math"
	"strings"
	"testing"
)

// TestRefreshLimitsWithSeparators: Validate writes its limits and the
// events it counts with thousands separators, as the page does, and the
// value given as it is ("sites 2000000"), so that the command line says
// "1,048,576" and "100,000,000" as the page does, not "want 1 to 1048576"
// and "at most 1e8".
func TestRefreshLimitsWithSeparators(t *testing.T) {
	for _, c := range []struct {
		set  func(*RefreshParams)
		want string
	}{
		{func(p *RefreshParams) { p.Sites = 2000000 }, "sites 2,000,000: want 1 to 1,048,576"},
		{func(p *RefreshParams) { p.Users = 70000 }, "users 70,000: want 1 to 65,536"},
		{func(p *RefreshParams) { p.Samples = 200000 }, "samples 200,000: want 1 to 100,000"},
		// 1e9 × (1,000 sites × (1 + 1/1) + 2,000 user visits) = 4e12.
		{func(p *RefreshParams) { p.Horizon = 1e9 }, "about 4,000,000,000,000 events (sites × horizon × rates): at most 100,000,000; shorten the horizon or lower the rates"},
		// Beyond what a count reads as in digits (10^21, where Number
		// turns to e-notation) the events are said in words, not as
		// "about 4e+303 events".
		// A size of more than MaxRefreshBytes made the traffic +Inf and
		// what migrants save NaN.
		{func(p *RefreshParams) { p.SiteBytes = Float(1e305) }, "site_bytes 1e+305 is too large: at most 1,000,000,000,000,000 bytes, so that the traffic stays computable"},
		{func(p *RefreshParams) { p.MigrantBytes = Float(math.MaxFloat64) }, "migrant_bytes 1.7976931348623157e+308 is too large: at most 1,000,000,000,000,000 bytes, so that the traffic stays computable"},
		{func(p *RefreshParams) { p.SiteBytes = Float(math.Inf(1)) }, "site_bytes +Inf is too large: at most 1,000,000,000,000,000 bytes, so that the traffic stays computable"},
		{func(p *RefreshParams) { p.Horizon = 1e150 }, "far more events than can be simulated (sites × horizon × rates): at most 100,000,000; shorten the horizon or lower the rates"},
		// Beyond MaxRefreshHorizon the mean age would overflow, whatever
		// the rates (it was +Inf, and the result could not be written as
		// JSON).
		{func(p *RefreshParams) { p.Horizon = 1e300 }, "horizon 1e+300 is too long: at most 1e+150, so that the mean age, a sum of squared times, stays finite"},
		{func(p *RefreshParams) { p.Horizon = math.MaxFloat64 }, "horizon 1.7976931348623157e+308 is too long: at most 1e+150, so that the mean age, a sum of squared times, stays finite"},
	} {
		p := DefaultRefreshParams()
		c.set(&p)
		err := p.WithDefaults().Validate()
		if err == nil || err.Error() != c.want {
			t.Errorf("%v; want %q", err, c.want)
		}
	}
}

// TestRefreshEvents: Events counts what Validate bounds, and Validate
// refuses just above MaxRefreshEvents, not at it.
func TestRefreshEvents(t *testing.T) {
	p := DefaultRefreshParams()
	// 1,000 units × (1,000 sites × (1 + 1/1) + 2,000 user visits).
	if got := p.Events(); got != 4e6 {
		t.Errorf("Events() = %v, want 4e6", got)
	}
	p.Horizon = MaxRefreshEvents / 4000
	if err := p.Validate(); err != nil {
		t.Errorf("at the limit: %v", err)
	}
	p.Horizon *= 1.01
	if err := p.Validate(); err == nil || !strings.Contains(err.Error(), "events") {
		t.Errorf("above the limit: %v", err)
	}
}

// TestRefreshMeanAgeAtTheLongestHorizon: at MaxRefreshHorizon, with the
// most sites, the bound of the mean age's sum (a site's squared stale
// times add to at most Horizon²/2) is finite.
func TestRefreshMeanAgeAtTheLongestHorizon(t *testing.T) {
	if sum := float64(MaxRefreshSites) * MaxRefreshHorizon * MaxRefreshHorizon / 2; math.IsInf(sum, 0) {
		t.Errorf("the mean age's sum reaches %v", sum)
	}
}

// TestRefreshTrafficAtTheLargestSizes: sizes of MaxRefreshBytes are
// accepted, and the traffic of twice the events bound of visits, each
// downloading both, is finite.
func TestRefreshTrafficAtTheLargestSizes(t *testing.T) {
	p := DefaultRefreshParams()
	p.SiteBytes, p.MigrantBytes = Float(MaxRefreshBytes), Float(MaxRefreshBytes)
	if err := p.WithDefaults().Validate(); err != nil {
		t.Errorf("sizes of MaxRefreshBytes: %v", err)
	}
	if traffic := 2 * MaxRefreshEvents * 2 * MaxRefreshBytes; math.IsInf(traffic, 0) || traffic > 1e30 {
		t.Errorf("traffic up to %v", traffic)
	}
}
