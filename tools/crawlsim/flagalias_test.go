package main

import (
	"flag"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestAliasFlag: aliasFlag makes another name of a flag, which sets its
// value; aliasOf knows it from the aliases aliasFlag registered, not from
// the usage text (a flag of its own whose usage reads "same as -damping"
// was taken for an alias); suggestions leave it out (flagNames); a flag
// given by either name is given by its own (explicitFlags), and
// typedName says the name typed.
func TestAliasFlag(t *testing.T) {
	newSet := func() *flag.FlagSet {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		fs.Float64("damping", 0.85, "damping factor")
		aliasFlag(fs, "d", "damping")
		fs.Float64("lookalike", 0, aliasUsage+"damping")
		return fs
	}
	fs := newSet()
	for name, want := range map[string]string{"d": "damping", "damping": "", "lookalike": ""} {
		if got := aliasOf(fs.Lookup(name)); got != want {
			t.Errorf("aliasOf -%s = %q; want %q", name, got, want)
		}
	}
	if got := flagNames(fs); !slices.Equal(got, []string{"damping", "lookalike"}) {
		t.Errorf("flagNames = %q; want damping and lookalike", got)
	}
	if !strings.Contains(fs.Lookup("damping").Usage, "-d is the same flag") {
		t.Errorf("-damping's usage %q does not say -d", fs.Lookup("damping").Usage)
	}
	for _, typed := range []string{"d", "damping"} {
		fs := newSet()
		if err := fs.Parse([]string{"-" + typed, "0.5"}); err != nil {
			t.Fatal(err)
		}
		if got := fs.Lookup("damping").Value.String(); got != "0.5" {
			t.Errorf("-%s 0.5 sets -damping to %s", typed, got)
		}
		if set := explicitFlags(fs); !set["damping"] || set["lookalike"] {
			t.Errorf("-%s 0.5: explicitFlags = %v; want damping set", typed, slices.Sorted(maps.Keys(set)))
		}
		if got := typedName(fs, "damping"); got != typed {
			t.Errorf("-%s 0.5: typedName = %q", typed, got)
		}
		if msg := bothNames(fs); msg != "" {
			t.Errorf("-%s 0.5: bothNames says %q", typed, msg)
		}
	}
	if got := typedName(newSet(), "damping"); got != "damping" {
		t.Errorf("typedName of a flag not given = %q; want its own name", got)
	}
}

// TestFlagUnderBothNamesRefused: a flag given under its name and another
// (aliasFlag) is refused, naming both with their values in the order
// given, in every command with an alias; rank -d 0.8 -damping 0.9 ran
// with 0.9. A flag repeated under one name keeps its last value, as Go's
// flag package has it, in every command.
func TestFlagUnderBothNamesRefused(t *testing.T) {
	dir := t.TempDir()
	web := filepath.Join(dir, "web.csr")
	mustRun(t, "gen", "-n", "300", "-o", web)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"rank", "-top", "2", "-d", "0.8", "-damping", "0.9", web}, "crawlsim rank: -d 0.8 and -damping 0.9 set the same flag; give one (see crawlsim help rank)"},
		{[]string{"rank", "-top", "2", "-damping", "0.9", "-d", "0.8", web}, "crawlsim rank: -damping 0.9 and -d 0.8 set the same flag; give one (see crawlsim help rank)"},
		{[]string{"rank", "-hits", "-iterations", "5", "-hits-iter", "5", web}, "crawlsim rank: -iterations 5 and -hits-iter 5 set the same flag; give one"},
		{[]string{"rank", "-seeds", "random:3", "-seed", "1", "-random-seed", "2", web}, "crawlsim rank: -seed 1 and -random-seed 2 set the same flag; give one"},
		{[]string{"gen", "-seed", "1", "-gen-seed", "2", "-o", filepath.Join(dir, "g.csr")}, "crawlsim gen: -seed 1 and -gen-seed 2 set the same flag; give one"},
		{[]string{"refresh", "-random-seed", "1", "-seed", "2"}, "crawlsim refresh: -random-seed 1 and -seed 2 set the same flag; give one"},
	} {
		_, errOut, status := crawlsim(t, c.args...)
		if status != 2 || !strings.HasPrefix(errOut, c.want) {
			t.Errorf("crawlsim %s: status %d, stderr %q; want status 2 and %q", strings.Join(c.args, " "), status, errOut, c.want)
		}
	}
	// Repeated under one name, the last value counts, by either name.
	for _, names := range [][2]string{{"damping", "damping"}, {"d", "d"}} {
		got := mustRun(t, "rank", "-top", "2", "-"+names[0], "0.5", "-"+names[1], "0.9", web)
		if want := mustRun(t, "rank", "-top", "2", "-damping", "0.9", web); got != want {
			t.Errorf("rank -%s 0.5 -%s 0.9 prints\n%s\nwant, as -damping 0.9,\n%s", names[0], names[1], got, want)
		}
	}
}
