package main

import (
	"flag"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/scenario"
)

// checkNamesFlags runs crawlsim name with each of cases (a flag and an
// out-of-range value) and checks that it is refused as a usage error
// that names the flag as typed, and no scenario field path; and that the
// cases cover every flag of the command that takes a number, but for
// those whose every value is allowed.
func checkNamesFlags(t *testing.T, name string, cases [][]string, anyValue ...string) {
	t.Helper()
	covered := map[string]bool{}
	for _, c := range cases {
		flagName := strings.TrimPrefix(c[len(c)-2], "-")
		covered[flagName] = true
		args := append([]string{name}, c...)
		_, errOut, status := crawlsim(t, args...)
		names := regexp.MustCompile(`(^|[^\w-])-` + regexp.QuoteMeta(flagName) + `([^\w-]|$)`)
		if status != 2 || !names.MatchString(errOut) || strings.Contains(errOut, "regulation.") || strings.Contains(errOut, "simulation.") {
			t.Errorf("crawlsim %s: status %d, stderr %q; want status 2 and a message naming -%s", strings.Join(args, " "), status, errOut, flagName)
		}
	}
	for _, f := range anyValue {
		covered[f] = true
	}
	fs, _ := findCommand(name).flagSet(io.Discard)
	fs.VisitAll(func(f *flag.Flag) {
		if _, _, number := badValue(f.Value); number && !covered[f.Name] {
			if _, isBool := f.Value.(interface{ IsBoolFlag() bool }); !isBool {
				t.Errorf("%s -%s: no out-of-range value is tried", name, f.Name)
			}
		}
	})
}

// TestRefreshRangeErrorsNameTheFlag: a refresh flag out of its range is
// refused naming the flag typed, as -sites 0 was, not the scenario's
// field (-tmin 500 said "regulation.min: min 500 is above max 200", -alpha
// 2 "regulation.alpha: alpha 2: ...").
func TestRefreshRangeErrorsNameTheFlag(t *testing.T) {
	checkNamesFlags(t, "refresh", [][]string{
		{"-sites", "-3"}, {"-horizon", "-1"}, {"-change-min", "-1"}, {"-change-max", "-1"},
		{"-users", "-1"}, {"-user-rate", "-1"}, {"-popularity", "-1"}, {"-site-bytes", "-1"},
		{"-migrant-bytes", "-1"}, {"-samples", "-1"}, {"-t0", "-1"}, {"-t0", "500"}, {"-tmin", "500"},
		{"-tmax", "-1"}, {"-tmax", "5"}, {"-window", "-1"}, {"-pl", "2"}, {"-pl", "0.9"}, {"-pg", "2"},
		{"-pg", "0.1"}, {"-alpha", "2"}, {"-interest-pl", "2"}, {"-interest-pg", "2"},
		{"-min-interest", "2"}, {"-policies", "fixed,never"}, {"-sites", "0"}, {"-horizon", "1e9"},
	}, "random-seed", "seed")
	for _, c := range []struct {
		args []string
		want string
	}{
		// A value the user did not give is marked as such, one given is
		// not (-t0 is refused for the -tmin and -tmax typed).
		{[]string{"-tmin", "500"}, "-tmin 500 is above -tmax 200 (default); -t0 10 (default) is outside [-tmin, -tmax] = [500, 200]"},
		{[]string{"-tmin", "500", "-tmax", "200"}, "-tmin 500 is above -tmax 200; -t0 10 (default) is outside"},
		{[]string{"-alpha", "2"}, "crawlsim refresh: -alpha 2: want a weight from 0 to 1"},
		{[]string{"-pl", "0.8", "-pg", "0.3"}, "-pl/-pg 0.8/0.3: the lower threshold must be below the upper one"},
		{[]string{"-policies", "fixed,never"}, `-policies: unknown policy "never"`},
		// A NaN is no 0 that the default replaces (it said "-popularity 0").
		{[]string{"-popularity", "NaN"}, "crawlsim refresh: -popularity NaN: want a Zipf exponent of 0 or more"},
		{[]string{"-t0", "NaN"}, "crawlsim refresh: -t0 NaN: want a positive interval"},
	} {
		_, errOut, _ := crawlsim(t, append([]string{"refresh"}, c.args...)...)
		if !strings.Contains(errOut, c.want) {
			t.Errorf("refresh %s: stderr %q; want %q", strings.Join(c.args, " "), errOut, c.want)
		}
	}
	// A change rate that is not a rate is said once, not again as the
	// order of the two rates ("-change-min 0.01 (default) is above
	// -change-max -1").
	for _, args := range [][]string{{"-change-max", "-1"}, {"-change-min", "NaN"}} {
		_, errOut, _ := crawlsim(t, append([]string{"refresh"}, args...)...)
		want := "crawlsim refresh: " + args[0] + " " + args[1] + ": want a positive number (see crawlsim help refresh)\n"
		if errOut != want {
			t.Errorf("refresh %s: stderr %q; want %q", strings.Join(args, " "), errOut, want)
		}
	}
}

// TestRunRangeErrorsNameTheFlag: every run flag that takes a number is
// refused out of its range naming the flag (Normalize's field errors are
// mapped back to flags by runFlags.scenarioError).
func TestRunRangeErrorsNameTheFlag(t *testing.T) {
	checkNamesFlags(t, "run", [][]string{
		{"-bandwidth", "-1"}, {"-budget", "-1"}, {"-connections", "0"}, {"-copy", "2"},
		{"-curve-points", "2000000"}, {"-damping", "2"}, {"-degree", "-1"}, {"-degree-exp", "0.5"},
		{"-host-exp", "-1"}, {"-hosts", "-1"}, {"-intra", "2"}, {"-j", "-1"}, {"-latency", "-1"},
		{"-lower-bound", "-1"}, {"-n", "-1"}, {"-page-size", "-1"}, {"-tau-sample", "-1"},
		{"-tol", "2"}, {"-wait", "-1"}, {"-politeness", "-wait", "-1"},
	}, "random-seed", "gen-seed", "evolve-seed")
}

// TestRefusalsReadAlikeWhateverTheValue: a flag's refusal reads the same
// whatever value it refuses, giving the range it wants. A 0 that the
// scenario (or gen's Validate) would read as its default was refused in
// words of its own, and any other value in the check's ("run -n 0: want
// 1 or more pages" but "-n -5 is out of range: want 1 to 4,294,967,295";
// "-tol 0: want a positive number below 1" but "-tol -1 is not a
// positive number below 1"): now every such flag of run and gen refuses
// 0 as it refuses -1. seeds -samples said "want at least 1 search" below
// its range and "at most 100,000 searches" above it; rank's -damping and
// -tol, run's flags, are refused in run's words. Above its range, -n
// said "-n 5,000,000,000 is too many: at most 4,294,967,295" where below
// it said "-n 0 is out of range: want 1 to 4,294,967,295", and reproduce
// "-n 0: want at least 100 pages".
func TestRefusalsReadAlikeWhateverTheValue(t *testing.T) {
	out := filepath.Join(t.TempDir(), "g.csr")
	refusal := func(args []string) string {
		t.Helper()
		_, errOut, status := crawlsim(t, args...)
		if status != 2 {
			t.Errorf("crawlsim %s: status %d, stderr %q; want status 2", strings.Join(args, " "), status, errOut)
		}
		_, msg, _ := strings.Cut(strings.TrimSuffix(errOut, "\n"), ": ")
		return strings.TrimSuffix(msg, " (see crawlsim help "+args[0]+")")
	}
	// same checks that cmd -name a and -name b are refused in the same
	// words but the value.
	same := func(cmd, name, a, b string, rest ...string) {
		t.Helper()
		args := func(v string) []string { return append([]string{cmd, "-" + name, v}, rest...) }
		ra, rb := refusal(args(a)), refusal(args(b))
		if got := strings.Replace(ra, "-"+name+" "+a, "-"+name+" "+b, 1); got != rb {
			t.Errorf("crawlsim %s -%s %s is refused as\n\t%s\nbut -%s %s as\n\t%s", cmd, name, a, ra, name, b, rb)
		}
	}
	// A value above the range of each flag that has one (-hosts and
	// -degree have none of their own: their limit follows -n, and their
	// refusal says by how many pages), written as typed.
	above := map[string]string{
		"damping": "2", "tol": "2", "n": "5000000000", "host-exp": "100", "degree-exp": "100",
		"connections": "20000", "curve-points": "2000000", "tau-sample": "2000000",
	}
	tried, triedAbove := 0, 0
	for _, fl := range (&runFlags{}).table() {
		if _, ok := scenario.ZeroNotAllowed(fl.field); ok && fl.field != "" {
			same("run", fl.name, "0", "-1")
			tried++
			if v, ok := above[fl.name]; ok {
				same("run", fl.name, "0", v)
				triedAbove++
			}
		}
	}
	if tried < 10 || triedAbove != len(above) {
		t.Errorf("%d flags of run refuse 0, %d tried above their range; want -damping, -tol, -n, -hosts, -degree, -host-exp, -degree-exp, -connections, -bandwidth, -curve-points and -tau-sample, and %d above", tried, triedAbove, len(above))
	}
	for _, name := range []string{"n", "hosts", "degree", "host-exp", "degree-exp"} {
		same("gen", name, "0", "-1", "-o", out)
		if v, ok := above[name]; ok {
			same("gen", name, "0", v, "-o", out)
		}
	}
	// A page count is said as typed below its range too (it said -n
	// -5,000).
	same("run", "n", "-1", "-5000")
	same("gen", "n", "-1", "-5000", "-o", out)
	same("reproduce", "n", "0", "5000000000", "000")
	same("seeds", "samples", "0", "1000000", "g.edges")
	for _, name := range []string{"damping", "tol"} {
		for _, v := range []string{"0", "2"} {
			if r, w := refusal([]string{"rank", "-" + name, v, "g.edges"}), refusal([]string{"run", "-" + name, v}); r != w {
				t.Errorf("rank -%s %s is refused as %q; want run's words, %q", name, v, r, w)
			}
		}
	}
}
