package main

import (
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/scenario"
)

// TestFormErrorsSayTheRangeAccepted: the generator's and the politeness
// fields are refused under their labels, once, with the value as typed
// and the range the field accepts, the same for a 0 and for another
// value out of range, blank said the same way in both, and limits with
// thousands separators. A user review found "hosts: hosts -1 is negative:
// want 1 to the number of pages (0 takes the default pages/200)" beside
// "hosts: 0 is not allowed ... leave the field blank", "mean out-degree:
// mean out-degree -1 ... want a number from 0 to 9999.5" beside "0 is not
// allowed: want a positive mean", "at most 1e+06" and "from 0 to
// 18446744073709551615".
func TestFormErrorsSayTheRangeAccepted(t *testing.T) {
	for _, c := range []struct {
		set  func(*Form)
		want string
	}{
		{func(f *Form) { f.Hosts = "-1" }, "hosts: -1: want 1 to the number of pages (20,000); leave the field blank for the default"},
		{func(f *Form) { f.Hosts = "20001" }, "hosts: 20001: want 1 to the number of pages (20,000); leave the field blank for the default"},
		{func(f *Form) { f.Hosts = "0" }, "hosts: 0 is not allowed: want 1 to the number of pages; leave the field blank for the default"},
		{func(f *Form) { f.Degree = "-1" }, "mean out-degree: -1: want a positive mean, at most (pages-1)/2 = 9,999.5; leave the field blank for the default"},
		{func(f *Form) { f.Degree = "1e5" }, "mean out-degree: 1e5: want a positive mean, at most (pages-1)/2 = 9,999.5; leave the field blank for the default"},
		{func(f *Form) { f.Degree = "0" }, "mean out-degree: 0 is not allowed: want a positive mean, at most (pages-1)/2; leave the field blank for the default"},
		{func(f *Form) { f.Intra = "-1" }, "intra-host share: -1: want a number from 0 to 1; leave the field blank for the default"},
		{func(f *Form) { f.Timed, f.Wait = true, "2e6" }, "wait: 2e6: want a number of seconds from 0 to 1,000,000; leave the field blank for the default"},
		{func(f *Form) { f.Timed, f.Latency = true, "-1" }, "latency: -1: want a number of seconds from 0 to 1,000,000; leave the field blank for the default"},
		{func(f *Form) { f.Timed, f.PageSize = true, "NaN" }, "page size: NaN: want a number of bytes, 0 or more; leave the field blank for the default"},
		{func(f *Form) { f.RandomSeed = "-1" }, `random seed: "-1" is not a whole number from 0 to 18,446,744,073,709,551,615`},
	} {
		f := DefaultForm()
		c.set(&f)
		_, err := f.Scenario()
		if err == nil || err.Error() != c.want {
			t.Errorf("error %v; want %q", err, c.want)
		}
	}
}

// TestFormChecksAgreeWithTheEngine: what the form's own checks accept,
// the worker's normalisation accepts (scenario.Normalize), and what they
// refuse it refuses, but for a 0 the form refuses where the engine
// would take its default; the limits of wait and latency included.
func TestFormChecksAgreeWithTheEngine(t *testing.T) {
	fields := map[string]func(*Form) *string{
		"hosts": func(f *Form) *string { return &f.Hosts }, "mean out-degree": func(f *Form) *string { return &f.Degree },
		"intra-host share": func(f *Form) *string { return &f.Intra }, "wait": func(f *Form) *string { return &f.Wait },
		"latency": func(f *Form) *string { return &f.Latency }, "page size": func(f *Form) *string { return &f.PageSize },
	}
	for name, field := range fields {
		for _, v := range []string{"-1", "0.5", "1", "1.5", "20000", "20001", "9999.5", "9999.6", "1000000", "1000000.1", "NaN", "Inf"} {
			f := DefaultForm()
			f.Timed = true
			*field(&f) = v
			s, err := f.Scenario()
			// A count that is no whole number (hosts 1.5, NaN, Inf) has
			// no value in the scenario for the engine to judge (NaN
			// converted to an int is another number on each platform).
			if err != nil && name == "hosts" && (strings.Contains(err.Error(), "is not a whole number") || strings.Contains(err.Error(), "is not a number")) {
				continue
			}
			if err != nil {
				s, _ = f.withoutChecks(name, v)
			}
			_, engineErr := scenario.Normalize(s)
			if (err == nil) != (engineErr == nil) {
				t.Errorf("%s %s: the form says %v, the engine %v", name, v, err, engineErr)
			}
		}
	}
}

// withoutChecks returns the form's scenario with the value v of the
// field name as it reads, for the engine to judge.
func (f Form) withoutChecks(name, v string) (scenario.Scenario, error) {
	g := DefaultForm()
	g.Timed = true
	s, err := g.Scenario()
	if err != nil {
		return s, err
	}
	var e fieldErrors
	x := e.real(name, v)
	switch name {
	case "hosts":
		s.Graph.Generate.Hosts = int(*x)
	case "mean out-degree":
		s.Graph.Generate.MeanOutDegree = *x
	case "intra-host share":
		s.Graph.Generate.IntraHostShare = x
	case "wait":
		s.Politeness.Wait = x
	case "latency":
		s.Politeness.Latency = x
	case "page size":
		s.Politeness.PageSize = x
	}
	return s, nil
}
