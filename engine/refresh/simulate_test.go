package refresh

import (
	"context"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/step"
)

func simulate(t *testing.T, p Params, policy string, interval float64) Outcome {
	t.Helper()
	s, err := NewSimulation(p, policy, interval, "")
	if err != nil {
		t.Fatal(err)
	}
	if err := step.Run(context.Background(), s, 64, nil); err != nil {
		t.Fatal(err)
	}
	return s.Outcome()
}

// TestIntervalsDrift: under the change policy a site that never changes
// drifts to t_max, and one that always changes to t_min.
func TestIntervalsDrift(t *testing.T) {
	p := Params{Sites: 50, Horizon: 3000, Users: 10, Seed: 1}
	p.Regulation = Regulation{Initial: 20, Min: 2, Max: 80}
	p.ChangeMin, p.ChangeMax = 1e-9, 1e-9
	if o := simulate(t, p, Change, 0); o.MeanInterval != 80 || o.Unchanged != o.Visits || o.Freshness < 0.999999 {
		t.Errorf("sites that never change: mean interval %v (want 80), %d of %d visits unchanged, freshness %v", o.MeanInterval, o.Unchanged, o.Visits, o.Freshness)
	}
	p.ChangeMin, p.ChangeMax = 100, 100
	if o := simulate(t, p, Change, 0); o.MeanInterval != 2 || o.Unchanged != 0 {
		t.Errorf("sites that always change: mean interval %v (want 2), %d unchanged visits", o.MeanInterval, o.Unchanged)
	}
}

// TestFixedFreshnessClosedForm: with visits every t and Poisson changes of
// rate λ, the share of time a copy is current is (1 - e^(-λt))/(λt)
// (Singhal et al. 2012's setting; Cho and Garcia-Molina's freshness). 2,000 sites
// over 2,000 units give 400,000 intervals: the standard error is below
// 0.001.
func TestFixedFreshnessClosedForm(t *testing.T) {
	for _, c := range []struct{ lambda, interval float64 }{{0.1, 10}, {0.05, 4}, {0.5, 6}} {
		p := Params{Sites: 2000, Horizon: 2000, Users: 10, UserRate: 10, Seed: 3, ChangeMin: c.lambda, ChangeMax: c.lambda}
		o := simulate(t, p, Fixed, c.interval)
		lt := c.lambda * c.interval
		want := (1 - math.Exp(-lt)) / lt
		if math.Abs(o.Freshness-want) > 0.005 {
			t.Errorf("λ=%v, t=%v: freshness %.4f, closed form %.4f", c.lambda, c.interval, o.Freshness, want)
		}
		// The mean age has a closed form too: t/2 - 1/λ + (1 - e^(-λt))/(λ²t).
		age := c.interval/2 - 1/c.lambda + (1-math.Exp(-lt))/(c.lambda*c.lambda*c.interval)
		if math.Abs(o.MeanAge-age)/age > 0.03 {
			t.Errorf("λ=%v, t=%v: mean age %.4f, closed form %.4f", c.lambda, c.interval, o.MeanAge, age)
		}
	}
}

// TestTraffic: a central crawler downloads every site at every visit, a
// migrating one sends a migrant and brings back only changed sites.
func TestTraffic(t *testing.T) {
	p := Params{Sites: 100, Horizon: 500, Seed: 2, SiteBytes: Float(1000), MigrantBytes: Float(100)}
	o := simulate(t, p, ChangeInterest, 0)
	if o.CentralBytes != 1000*float64(o.Visits) || o.MigrantBytes != 100*float64(o.Visits)+1000*float64(o.Visits-o.Unchanged) {
		t.Errorf("traffic %v central, %v migrant for %d visits, %d unchanged", o.CentralBytes, o.MigrantBytes, o.Visits, o.Unchanged)
	}
	se := o.Series
	if len(se.Times) != 100 || se.Times[99] != 500 || se.Central[99] != o.CentralBytes {
		t.Errorf("series of %d points ending at %v with %v bytes", len(se.Times), se.Times[len(se.Times)-1], se.Central[len(se.Central)-1])
	}
	for k := 1; k < len(se.Times); k++ {
		if se.Central[k] < se.Central[k-1] || se.Fresh[k] < 0 || se.Fresh[k] > 1 {
			t.Fatalf("series point %d: %v bytes after %v, fresh %v", k, se.Central[k], se.Central[k-1], se.Fresh[k])
		}
	}
}

func TestSameSeedSameResult(t *testing.T) {
	run := func(seed uint64) string {
		c, err := NewComparison(Params{Sites: 300, Horizon: 300, Seed: seed}, nil, true)
		if err != nil {
			t.Fatal(err)
		}
		if err := step.Run(context.Background(), c, 1, nil); err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(c.Result())
		return string(b)
	}
	a := run(5)
	if a != run(5) {
		t.Error("the same seed gave another result")
	}
	if a == run(6) {
		t.Error("another seed gave the same result")
	}
}

// TestLongWindowCostsOnlyTheVisits: a site keeps the history of the
// visits it had, not of a whole window, so that a window of 2^50 visits
// (a scenario's or a flag's number) runs, as a window longer than every
// site's visits, instead of allocating 2^50 bytes a site.
func TestLongWindowCostsOnlyTheVisits(t *testing.T) {
	run := func(window int) string {
		p := Params{Sites: 300, Horizon: 300, Seed: 3}
		p.Regulation.Window = window
		c, err := NewComparison(p, nil, true)
		if err != nil {
			t.Fatal(err)
		}
		if err := step.Run(context.Background(), c, 64, nil); err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(c.Result().Outcomes)
		return string(b)
	}
	// A site is visited at most every Regulation.Min = 1 time unit: 300
	// visits in the horizon.
	if run(1<<50) != run(1000) {
		t.Error("a window of 2^50 visits gave another result than one of 1,000")
	}
}

// TestEqualBudget: every adaptive policy is followed by a fixed policy of
// about its visits.
func TestEqualBudget(t *testing.T) {
	c, err := NewComparison(Params{Sites: 400, Horizon: 800, Seed: 7}, nil, true)
	if err != nil {
		t.Fatal(err)
	}
	if err := step.Run(context.Background(), c, 8, nil); err != nil {
		t.Fatal(err)
	}
	out := c.Result().Outcomes
	labels := []string{}
	for _, o := range out {
		labels = append(labels, o.Label)
	}
	if strings.Join(labels, ";") != "fixed;change;change+interest;fixed at the visits of change;fixed at the visits of change+interest" {
		t.Fatalf("outcomes %v", labels)
	}
	for k, adaptive := range out[1:3] {
		fixed := out[3+k]
		if r := float64(fixed.Visits) / float64(adaptive.Visits); r < 0.98 || r > 1.02 {
			t.Errorf("%s: %d visits, %s %d", fixed.Label, fixed.Visits, adaptive.Label, adaptive.Visits)
		}
	}
}

func TestParamsErrors(t *testing.T) {
	for _, c := range []struct {
		p    Params
		want string
	}{
		{Params{Sites: -1}, "sites -1"},
		{Params{ChangeMin: -0.5}, "change_min -0.5"},
		{Params{ChangeMin: 2, ChangeMax: 1}, "change_min 2 is above change_max 1"},
		{Params{UserRate: -1}, "user_rate -1"},
		{Params{Popularity: Float(-1)}, "popularity -1"},
		{Params{SiteBytes: Float(-5)}, "site_bytes -5"},
		{Params{Regulation: Regulation{Initial: 300}}, "initial 300 is outside [min, max] = [1, 200]"},
		{Params{Regulation: Regulation{Lower: 0.9, Upper: 0.2}}, "regulation: lower/upper"},
		{Params{Sites: 1 << 20, Horizon: 1e6}, "events"},
	} {
		err := c.p.WithDefaults().Validate()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.p, err, c.want)
		}
	}
	if _, err := NewComparison(Params{}, []string{"sometimes"}, false); err == nil {
		t.Error("unknown policy accepted")
	}
	if _, err := NewComparison(Params{}, []string{Fixed, Fixed}, false); err == nil {
		t.Error("policy given twice accepted")
	}
}

// TestZeroValuesKept: popularity 0 shares the users evenly and sizes of 0
// cost nothing; they are not taken for absent fields.
func TestZeroValuesKept(t *testing.T) {
	p := Params{Sites: 40, Horizon: 100, Popularity: Float(0), SiteBytes: Float(0), MigrantBytes: Float(0), Seed: 1}
	s, err := NewSimulation(p, Fixed, 0, "")
	if err != nil {
		t.Fatal(err)
	}
	for i := range s.sites {
		if s.sites[i].mu != s.sites[0].mu {
			t.Fatalf("popularity 0: site %d gets %v user visits per unit, site 0 %v", i, s.sites[i].mu, s.sites[0].mu)
		}
	}
	o := simulate(t, p, Fixed, 0)
	if o.CentralBytes != 0 || o.MigrantBytes != 0 || o.Visits == 0 {
		t.Errorf("sizes of 0: %v and %v bytes for %d visits", o.CentralBytes, o.MigrantBytes, o.Visits)
	}
	if d := p.WithDefaults(); *d.Popularity != 0 || *d.SiteBytes != 0 {
		t.Errorf("defaults overwrote zeros: %+v", d)
	}
}

// TestSamplesEndAtTheHorizon: the last sample is at the horizon exactly,
// even where H·S/S rounds above it, and holds the run's totals.
func TestSamplesEndAtTheHorizon(t *testing.T) {
	p := Params{Sites: 30, Horizon: 0.1, Samples: 3, Seed: 4, Regulation: Regulation{Initial: 0.01, Min: 0.01, Max: 0.05}}
	o := simulate(t, p, Change, 0)
	se := o.Series
	if len(se.Times) != 3 || se.Times[2] != 0.1 || se.Central[2] != o.CentralBytes || se.Migrant[2] != o.MigrantBytes {
		t.Errorf("times %v, last traffic %v/%v, totals %v/%v", se.Times, se.Central[2], se.Migrant[2], o.CentralBytes, o.MigrantBytes)
	}
}

// TestStepRefusesATimeThatIsNotANumber: an event time that is NaN (from a
// regulation that Validate refuses, a subnormal p_l) ends the run with an
// error naming the site, where the loop's e.t >= Horizon never ended it.
func TestStepRefusesATimeThatIsNotANumber(t *testing.T) {
	s, err := NewSimulation(Params{Sites: 20, Horizon: 300, Seed: 1}, Change, 0, "")
	if err != nil {
		t.Fatal(err)
	}
	s.p.Regulation.Lower = 1e-310
	for range 10000 {
		done, err := s.Step(1)
		if err != nil {
			if !strings.Contains(err.Error(), "is not a number") {
				t.Errorf("error %q does not say the time is not a number", err)
			}
			return
		}
		if done {
			t.Fatal("done, without an error")
		}
	}
	t.Fatal("10,000 steps without an end or an error")
}

// TestMeanIntervalOfHugeIntervals: intervals near the largest float64,
// which the regulation allows, have a finite mean (their sum overflowed,
// and the result with a mean interval of +Inf could not be written as
// JSON).
func TestMeanIntervalOfHugeIntervals(t *testing.T) {
	p := Params{Sites: 20, Horizon: 300, Seed: 1, Regulation: Regulation{Initial: 1.7e308, Max: 1.7e308}}
	for _, policy := range Policies {
		if o := simulate(t, p, policy, 0); !(math.Abs(o.MeanInterval-1.7e308) <= 1e-12*1.7e308) {
			t.Errorf("%s: mean interval %v, want 1.7e308", policy, o.MeanInterval)
		}
	}
}

// TestProgressOfAnyHorizon: progress counts time units for an ordinary
// horizon, and millionths of it for a horizon below one unit (it read 0
// of 0) or beyond 10^15 (at 10^19 units the count overflowed to a
// negative number of units done); it never goes past its total.
func TestProgressOfAnyHorizon(t *testing.T) {
	for _, c := range []struct {
		horizon float64
		total   int64
	}{{300, 300}, {0.1, 1e6}, {1e19, 1e6}, {1e150, 1e6}} {
		p := Params{Sites: 5, Horizon: c.horizon, Seed: 1}
		if c.horizon > 1e6 {
			// rates and intervals to match, within the events bound
			r := 10 / c.horizon
			p.ChangeMin, p.ChangeMax, p.UserRate = r, r, r
			p.Regulation = Regulation{Initial: c.horizon / 4, Min: c.horizon / 8, Max: c.horizon / 2}
		}
		s, err := NewSimulation(p, Fixed, 0, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, step := range []int{0, 1} {
			if step > 0 {
				if _, err := s.Step(1); err != nil {
					t.Fatal(err)
				}
			}
			p := s.Progress()
			if p.Total != c.total || p.Done < 0 || p.Done > p.Total {
				t.Errorf("horizon %v, after %d steps: %d of %d, want of %d", c.horizon, step, p.Done, p.Total, c.total)
			}
		}
	}
}
