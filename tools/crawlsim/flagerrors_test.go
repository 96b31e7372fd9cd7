package main

import (
	"flag"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// badValue returns a value that a flag of the kind of v does not parse,
// and what the error should say it expects; ok is false for a flag that
// takes any text.
func badValue(v flag.Value) (value, want string, ok bool) {
	getter, isGetter := v.(flag.Getter)
	if !isGetter {
		return "", "", false
	}
	switch getter.Get().(type) {
	case int, int64:
		return "abc", "expected a whole number", true
	case uint, uint64:
		return "abc", "expected a whole number, 0 or more", true
	case float64:
		return "abc", "expected a number", true
	case bool:
		return "maybe", "expected true or false", true
	case time.Duration:
		return "abc", "expected a duration", true
	}
	return "", "", false
}

// checkOneLine checks that a refused command line printed one line: the
// error, which starts with first, ending with where to read the flags,
// as every usage error does.
func checkOneLine(t *testing.T, cmd string, args []string, first string) {
	t.Helper()
	_, errOut, status := crawlsim(t, args...)
	lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
	if status != 2 || len(lines) != 1 || !strings.HasPrefix(lines[0], first) || !strings.HasSuffix(lines[0], " (see crawlsim help "+cmd+")") {
		t.Errorf("crawlsim %s: status %d, stderr:\n%s\nwant status 2 and one line starting %q, ending with a pointer at crawlsim help %s", strings.Join(args, " "), status, errOut, first, cmd)
	}
}

// TestFlagValueErrorsAreShort: a flag value that does not parse, a flag
// that does not exist and a flag without its value are said in one line
// naming the flag and what it wants, and one line pointing at the
// command's help, for every flag of every command (run -n 1e99 printed
// "invalid value ... parse error" and then 150 lines of help, which
// scrolled the error away).
func TestFlagValueErrorsAreShort(t *testing.T) {
	checkOneLine(t, "run", []string{"run", "-n", "1e99"}, `crawlsim run: -n 1e99: out of range for a whole number`)
	for _, c := range commands() {
		fs, _ := c.flagSet(io.Discard)
		tested := 0
		fs.VisitAll(func(f *flag.Flag) {
			value, want, ok := badValue(f.Value)
			if !ok {
				return
			}
			tested++
			sep := " "
			_, isBool := f.Value.(interface{ IsBoolFlag() bool })
			if isBool {
				sep = "=" // as a boolean flag takes its value
			}
			checkOneLine(t, c.name, []string{c.name, "-" + f.Name + "=" + value}, "crawlsim "+c.name+": -"+f.Name+sep+value+": "+want)
			if !isBool {
				checkOneLine(t, c.name, []string{c.name, "-" + f.Name}, "crawlsim "+c.name+": -"+f.Name+" needs a value")
			}
		})
		if tested == 0 && c.name != "strategies" {
			t.Errorf("%s: no flag of a number or a boolean was tested", c.name)
		}
		checkOneLine(t, c.name, []string{c.name, "-nosuchflag"}, "crawlsim "+c.name+": -nosuchflag is not a flag of crawlsim "+c.name)
	}
	// -h still prints the whole help, on stdout, where it can be paged.
	if out, errOut, status := crawlsim(t, "run", "-h"); status != 0 || !strings.Contains(out, "usage: crawlsim run") || strings.Count(out, "\n") < 50 || errOut != "" {
		t.Errorf("run -h: status %d, stdout:\n%s\nstderr:\n%s", status, out, errOut)
	}
}

// TestFlagsAfterTheGraph: a flag given after the graph file, which the flag
// package leaves as an argument, is said to belong before it (run said
// "expected at most one graph file, got 3 arguments"), and one that is no
// flag of the command gets the same suggestion as before the graph.
func TestFlagsAfterTheGraph(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "h.csr", "-strategies", "bfs"}, "crawlsim run: -strategies must come before the graph file: crawlsim run [flags] [GRAPH]"},
		{[]string{"run", "h.csr", "-politeness"}, "crawlsim run: -politeness must come before the graph file: crawlsim run [flags] [GRAPH]"},
		{[]string{"info", "h.edges", "-urls=h.urls"}, "crawlsim info: -urls must come before the graph file: crawlsim info [flags] GRAPH"},
		{[]string{"rank", "h.edges", "-top", "5"}, "crawlsim rank: -top must come before the graph file: crawlsim rank [flags] GRAPH"},
		{[]string{"reproduce", "000", "h.edges", "-n", "5"}, "crawlsim reproduce: -n must come before the arguments: crawlsim reproduce [flags] PAPER [GRAPH]"},
		{[]string{"run", "h.csr", "-nosuch"}, "crawlsim run: -nosuch is not a flag of crawlsim run, and flags come before the graph file: crawlsim run [flags] [GRAPH] (see"},
		{[]string{"run", "h.csr", "-d", "0.9"}, "crawlsim run: -d is not a flag of crawlsim run, and flags come before the graph file: crawlsim run [flags] [GRAPH]; did you mean -damping?"},
		{[]string{"run", "h.csr", "-strategis", "bfs"}, "crawlsim run: -strategis is not a flag of crawlsim run, and flags come before the graph file: crawlsim run [flags] [GRAPH]; did you mean -strategies?"},
	} {
		_, errOut, status := crawlsim(t, c.args...)
		if status != 2 || !strings.HasPrefix(errOut, c.want) {
			t.Errorf("crawlsim %s: status %d, stderr %q; want status 2 and %q", strings.Join(c.args, " "), status, errOut, c.want)
		}
	}
}

// TestSameSettingSuggested: a flag by which another command names a
// setting is answered with this command's name of it (run -d suggested
// -j, and run -seed only -seeds), and never by another name the command
// takes (aliasFlag: rank -gen-seed is answered -random-seed, not -seed
// too; gen -random-seed -seed, not -gen-seed too). Names another command
// uses that this one takes are no mistake to answer: gen -gen-seed, rank
// -damping and rank -random-seed are flags.
func TestSameSettingSuggested(t *testing.T) {
	for _, c := range [][2]string{{"gen", "gen-seed"}, {"rank", "damping"}, {"rank", "random-seed"}} {
		if fs, _ := findCommand(c[0]).flagSet(io.Discard); fs.Lookup(c[1]) == nil {
			t.Errorf("-%s is not a flag of crawlsim %s", c[1], c[0])
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "-d", "0.9"}, "crawlsim run: -d is not a flag of crawlsim run; did you mean -damping? (see crawlsim help run)"},
		{[]string{"run", "-seed", "3"}, "crawlsim run: -seed is not a flag of crawlsim run; did you mean -random-seed, -gen-seed or -seeds? (see crawlsim help run)"},
		{[]string{"gen", "-random-seed", "3", "-o", "w.csr"}, "crawlsim gen: -random-seed is not a flag of crawlsim gen; did you mean -seed? (see crawlsim help gen)"},
		{[]string{"rank", "-gen-seed", "3", "h.edges"}, "crawlsim rank: -gen-seed is not a flag of crawlsim rank; did you mean -random-seed? (see crawlsim help rank)"},
		{[]string{"reproduce", "-seed", "3", "all"}, "crawlsim reproduce: -seed is not a flag of crawlsim reproduce; did you mean -random-seed? (see crawlsim help reproduce)"},
		{[]string{"seeds", "-hits-iter", "3", "h.edges"}, "crawlsim seeds: -hits-iter is not a flag of crawlsim seeds; did you mean -iterations? (see crawlsim help seeds)"},
		// A flag of no group keeps the suggestion by spelling.
		{[]string{"run", "-budjet", "5"}, "crawlsim run: -budjet is not a flag of crawlsim run; did you mean -budget? (see crawlsim help run)"},
		// A group none of whose names the command has suggests nothing of it.
		{[]string{"strategies", "-seed", "3"}, "crawlsim strategies: -seed is not a flag of crawlsim strategies (see crawlsim help strategies)"},
	} {
		_, errOut, status := crawlsim(t, c.args...)
		if status != 2 || strings.TrimSuffix(errOut, "\n") != c.want {
			t.Errorf("crawlsim %s: status %d, stderr %q; want status 2 and %q", strings.Join(c.args, " "), status, errOut, c.want)
		}
	}
}

// TestOneWayToRefuse: an empty value is refused, not taken for the
// default; every count flag reads 1e3 as -n does; a seed-study sample
// count out of range is a usage error naming the flag; and a page id
// beyond 2^32 in a seed list is a page out of range, not an unknown URL.
func TestOneWayToRefuse(t *testing.T) {
	dir := t.TempDir()
	g := filepath.Join(dir, "g.csr")
	mustRun(t, "gen", "-n", "200", "-o", g)
	checkFails(t, 2, []string{"run", "-importance", "", "-n", "200"}, `-importance "": expected pagerank or personalized`)
	checkFails(t, 2, []string{"run", "-trust", "", "-n", "200"}, `-trust "": expected seeds or pagerank`)
	checkFails(t, 2, []string{"refresh", "-policies", "", "-sites", "20"}, `-policies "": expected a list of policies`)
	checkFails(t, 2, []string{"seeds", "-samples", "1000000", g}, "-samples 1000000: want 1 to 100,000 searches")
	checkFails(t, 1, []string{"run", "-n", "200", "-seeds", "list:4294967296"}, "page 4294967296 is beyond the last page 199")
	for _, args := range [][]string{
		{"rank", "-top", "1e1", g},
		{"info", "-top", "1e1", g},
		{"run", "-n", "2e2", "-politeness", "-connections", "1e1"},
		{"refresh", "-sites", "2e1", "-users", "1e2", "-samples", "1e1", "-window", "1e1", "-horizon", "30"},
	} {
		mustRun(t, args...)
	}
}
