package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/ui/formcheck"
)

// TestRevisitErrorsNameTheLabels: each mistake in the Revisits panel is
// said once, under the field that is wrong as the panel labels it, with
// the value and what the field wants in the engine's words, those
// crawlsim refresh prints after the flag ("-alpha 2: want a weight in
// [0, 1]"; the panel said "want a weight from 0 to 1"), and limits with
// thousands separators; the order of two fields in the panel's words,
// under the field changed. A user review found "highest change rate: change_max -1:
// want a positive number" followed by a second, derived "lowest change
// rate: change_min 0.01 is above change_max -1", "t min: min -1 and max
// 200", "t0: initial 10 is outside [min, max] = [1, 2.5]" for a t max of
// 2.5, the error of a t max of -1 under t min, "user_rate", "alpha -1",
// "min_interest", "want 1 to 1048576" and "at most 1e8".
func TestRevisitErrorsNameTheLabels(t *testing.T) {
	for _, c := range []struct {
		set  func(*RefreshForm)
		want string
	}{
		{func(f *RefreshForm) { f.ChangeMax = "-1" }, "change rates to: -1: want a positive number"},
		{func(f *RefreshForm) { f.ChangeMin = " 5 " }, "change rates from: 5 is above change rates to = 1: want change rates from ≤ change rates to"},
		{func(f *RefreshForm) { f.ChangeMax = "0.001" }, "change rates to: 0.001 is below change rates from = 0.01: want change rates from ≤ change rates to"},
		{func(f *RefreshForm) { f.Min = "-1" }, "t min: -1: want a positive interval"},
		{func(f *RefreshForm) { f.Max = "2.5" }, "t max: 2.5 is below first interval t0 = 10: want t min ≤ t0 ≤ t max"},
		{func(f *RefreshForm) { f.Max = "-1" }, "t max: -1: want a positive interval"},
		{func(f *RefreshForm) { f.Min = "500" }, "t min: 500 is above t max = 200: want t min ≤ t max"},
		{func(f *RefreshForm) { f.Initial = "500" }, "first interval t0: 500 is above t max = 200: want t min ≤ t0 ≤ t max"},
		{func(f *RefreshForm) { f.Initial = "0.5" }, "first interval t0: 0.5 is below t min = 1: want t min ≤ t0 ≤ t max"},
		{func(f *RefreshForm) { f.UserRate = "-1" }, "user visits per unit: -1: want a positive number"},
		{func(f *RefreshForm) { f.Alpha = "-1" }, "weight α of changes: -1: want a weight from 0 to 1"},
		{func(f *RefreshForm) { f.MinInterest = "-1" }, "minimum interest a: -1: want a share from 0 to 1"},
		{func(f *RefreshForm) { f.Popularity = "-1" }, "popularity: -1: want a Zipf exponent of 0 or more"},
		{func(f *RefreshForm) { f.Sites = "2000000" }, "sites: 2,000,000: want 1 to 1,048,576"},
		{func(f *RefreshForm) { f.Sites = "0" }, "sites: 0: want 1 to 1,048,576"},
		{func(f *RefreshForm) { f.Users = "99999999999999999999" }, "users: 99999999999999999999: out of range for a whole number"},
		{func(f *RefreshForm) { f.Seed = "-1" }, "seed: -1: want a whole number from 0 to 18,446,744,073,709,551,615"},
		{func(f *RefreshForm) { f.Horizon = "abc" }, `horizon: "abc" is not a number`},
		{func(f *RefreshForm) { f.Alpha = "2" }, "weight α of changes: 2: want a weight from 0 to 1"},
		{func(f *RefreshForm) { f.Horizon = "0" }, "horizon: 0: want a positive number"},
		{func(f *RefreshForm) { f.Horizon = "1e400" }, "horizon: 1e400: out of range for a number"},
		// A box left blank, and one whose text is no number (which the
		// browser gives as blank; the box binds numberBox), said as
		// such: they were both '"" is not a number'.
		{func(f *RefreshForm) { f.Horizon = "" }, "horizon: empty: give a number"},
		{func(f *RefreshForm) { f.Sites = formcheck.TypedNotANumber }, "sites: what is typed is not a number"},
		// 300 sites × (1 + 1/1) + 2,000 user visits, over 100,000 units.
		{func(f *RefreshForm) { f.Horizon = "1e5" }, "horizon: about 260,000,000 events (sites × horizon × rates): at most 100,000,000; shorten the horizon or lower the rates"},
	} {
		f := DefaultRefreshForm()
		c.set(&f)
		_, err := f.Refresh()
		if err == nil || err.Error() != c.want {
			t.Errorf("%+v: error %v; want %q", f, err, c.want)
		}
	}
}

// TestRevisitChecksAgreeWithTheEngine: the panel accepts exactly the
// simulations the worker's normalisation accepts (scenario.NormalizeRefresh),
// but for a 0, which the panel refuses where the engine would take its
// default, so that its own checks say what the engine would refuse.
func TestRevisitChecksAgreeWithTheEngine(t *testing.T) {
	values := []string{"-1", "0", "0.001", "0.5", "1", "2.5", "150", "500", "2e5", "1e300", "NaN", "Inf"}
	fields := map[string]func(*RefreshForm) *string{
		"sites": func(f *RefreshForm) *string { return &f.Sites }, "horizon": func(f *RefreshForm) *string { return &f.Horizon },
		"change min": func(f *RefreshForm) *string { return &f.ChangeMin }, "change max": func(f *RefreshForm) *string { return &f.ChangeMax },
		"users": func(f *RefreshForm) *string { return &f.Users }, "user rate": func(f *RefreshForm) *string { return &f.UserRate },
		"popularity": func(f *RefreshForm) *string { return &f.Popularity }, "t0": func(f *RefreshForm) *string { return &f.Initial },
		"t min": func(f *RefreshForm) *string { return &f.Min }, "t max": func(f *RefreshForm) *string { return &f.Max },
		"alpha": func(f *RefreshForm) *string { return &f.Alpha }, "min interest": func(f *RefreshForm) *string { return &f.MinInterest },
	}
	checked := 0
	for name, field := range fields {
		for _, v := range values {
			for _, other := range []string{"", "t max", "change max", "horizon"} {
				f := DefaultRefreshForm()
				*field(&f) = v
				if other != "" && other != name {
					*fields[other](&f) = "5"
				}
				_, pageErr := f.Refresh()
				if pageErr != nil && strings.Contains(pageErr.Error(), "is not a whole number") {
					continue // the engine's sites and users are whole numbers
				}
				r, err := f.withoutChecks()
				if err != nil {
					t.Fatal(err)
				}
				_, engineErr := scenario.NormalizeRefresh(r)
				if (pageErr == nil) != (engineErr == nil) && v != "0" {
					t.Errorf("%s %s (%s 5): the page says %v, the engine %v", name, v, other, pageErr, engineErr)
				}
				checked++
			}
		}
	}
	if checked < 300 {
		t.Errorf("only %d forms compared", checked)
	}
}

// withoutChecks reads the form's numbers as they are, for the engine to
// judge.
func (f RefreshForm) withoutChecks() (scenario.Refresh, error) {
	var p scenario.Refresh
	p.Simulation = scenario.DefaultRefresh().Simulation
	s := &p.Simulation
	g := &s.Regulation
	alpha, popularity := 0.0, 0.0
	_, err := fmt.Sscan(strings.Join([]string{f.Sites, f.Horizon, f.ChangeMin, f.ChangeMax, f.Users, f.UserRate, f.Popularity,
		f.Initial, f.Min, f.Max, f.MinInterest, f.Alpha}, " "),
		&s.Sites, &s.Horizon, &s.ChangeMin, &s.ChangeMax, &s.Users, &s.UserRate, &popularity, &g.Initial, &g.Min, &g.Max, &g.MinInterest, &alpha)
	s.Popularity, g.Alpha = &popularity, &alpha
	return p, err
}

// TestRevisitSeedIsAnyUint64: the Revisits panel takes every seed crawlsim
// refresh -random-seed takes, 0 to 2^64-1 (it refused those above 2^62).
func TestRevisitSeedIsAnyUint64(t *testing.T) {
	f := DefaultRefreshForm()
	f.Seed = "18446744073709551615"
	r, err := f.Refresh()
	if err != nil || r.Simulation.Seed != 1<<64-1 {
		t.Errorf("seed 2^64-1: %v, seed %d", err, r.Simulation.Seed)
	}
	f.Seed = "18446744073709551616"
	if _, err := f.Refresh(); err == nil || err.Error() != "seed: 18446744073709551616: want a whole number from 0 to 18,446,744,073,709,551,615" {
		t.Errorf("seed 2^64: %v", err)
	}
}

// TestRevisitHorizonBounded: a horizon beyond model.MaxRefreshHorizon,
// with rates and intervals small enough for the events' bound, is refused
// under the horizon's box, as the engine refuses it; the panel let it
// through, and the worker's refusal came over the page.
func TestRevisitHorizonBounded(t *testing.T) {
	f := DefaultRefreshForm()
	f.Horizon, f.ChangeMin, f.ChangeMax, f.UserRate = "1e200", "1e-210", "1e-210", "1e-210"
	f.Initial, f.Min, f.Max = "1e199", "1e198", "1e200"
	_, err := f.Refresh()
	if err == nil || !strings.Contains(err.Error(), "horizon: 1e+200 is too long: at most 1e+150") {
		t.Errorf("the panel says %v", err)
	}
	r, err := f.withoutChecks()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := scenario.NormalizeRefresh(r); err == nil {
		t.Error("the engine takes the horizon: the test proves nothing")
	}
	f.Horizon = "1e150"
	f.Initial, f.Min, f.Max = "1e149", "1e148", "1e150"
	if _, err := f.Refresh(); err != nil {
		t.Errorf("the longest horizon: %v", err)
	}
}
