package main

import (
	"flag"
	"io"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/scenario"
)

// TestRunFlagTable: every flag of run is a row of the table, in one of
// help run's groups, and a row that sets a field names it (so that
// Normalize's problems with the field are charged to the flag).
func TestRunFlagTable(t *testing.T) {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	f := registerRunFlags(fs)
	rows := map[string]runFlag{}
	for _, fl := range f.flags {
		if _, dup := rows[fl.name]; dup {
			t.Errorf("-%s has two rows", fl.name)
		}
		rows[fl.name] = fl
		if !slices.Contains(runFlagGroups, fl.group) {
			t.Errorf("-%s is in group %q, not one of %q", fl.name, fl.group, runFlagGroups)
		}
		if (fl.field == "") != (fl.apply == nil) {
			t.Errorf("-%s: field %q but apply set %v", fl.name, fl.field, fl.apply != nil)
		}
		if fs.Lookup(fl.name) == nil {
			t.Errorf("-%s is in the table but not declared", fl.name)
		}
	}
	fs.VisitAll(func(fl *flag.Flag) {
		if _, ok := rows[fl.Name]; !ok {
			t.Errorf("-%s is declared but in no row of the table", fl.Name)
		}
	})
}

// TestRunGivenZero: every flag that sets a number the scenario reads as
// "absent" when 0 refuses 0 with what the field accepts, rather than run
// with the default (run -degree 0 once crawled a graph of degree 8).
func TestRunGivenZero(t *testing.T) {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	f := registerRunFlags(fs)
	checked := 0
	for _, fl := range f.flags {
		want, ok := scenario.ZeroNotAllowed(fl.field)
		if !ok {
			continue
		}
		checked++
		checkFails(t, 2, []string{"run", "-" + fl.name, "0"}, "-"+fl.name+" 0: want "+want)
	}
	// damping, tolerance, the generator's pages, hosts, degree and two
	// exponents, connections, bandwidth, curve points, tau sample.
	if checked != 11 {
		t.Errorf("%d flags set a number whose 0 means its default; want 11", checked)
	}
}

// TestRunHelpGroups: help run and run -h list the flags by group, in the
// groups' order, every flag once, and end with examples.
func TestRunHelpGroups(t *testing.T) {
	out, _, status := crawlsim(t, "help", "run")
	if status != 0 {
		t.Fatalf("help run: status %d", status)
	}
	if _, errOut, _ := crawlsim(t, "run", "-h"); errOut != out {
		t.Errorf("run -h differs from help run:\n%s", errOut)
	}
	last := -1
	for _, group := range runFlagGroups {
		at := strings.Index(out, "\n"+group+" flags:\n")
		if at < last {
			t.Errorf("group %q is missing or out of order:\n%s", group, out)
		}
		last = at
	}
	flags := out[strings.Index(out, "\ngraph flags:\n"):strings.Index(out, "\nexamples:\n")]
	runFlags, _ := runCommand().flagSet(io.Discard)
	runFlags.VisitAll(func(fl *flag.Flag) {
		if n := strings.Count(flags, "\n  -"+fl.Name+" ") + strings.Count(flags, "\n  -"+fl.Name+"\n") + strings.Count(flags, "\n  -"+fl.Name+"\t"); n != 1 {
			t.Errorf("-%s is listed %d times", fl.Name, n)
		}
	})
	// The politeness group holds -wait, the generator group -n.
	pol := out[strings.Index(out, "\npoliteness flags:\n"):strings.Index(out, "\noutputs flags:\n")]
	if !strings.Contains(pol, "\n  -wait SECONDS") || strings.Contains(pol, "\n  -n N") {
		t.Errorf("the politeness group:\n%s", pol)
	}
	if !strings.Contains(out, "\nexamples:\n") || !strings.HasSuffix(out, "cnr-2000.imp cnr-2000.csr\n") {
		t.Errorf("help run does not end with examples:\n%s", out)
	}
	// The examples' flags are run's.
	examples := strings.ReplaceAll(out[strings.Index(out, "\nexamples:\n"):], "\\\n", " ")
	parsed := 0
	for _, line := range strings.Split(examples, "\n") {
		args, ok := strings.CutPrefix(strings.TrimSpace(line), "crawlsim run")
		if !ok {
			continue
		}
		fs, _ := runCommand().flagSet(io.Discard)
		if err := fs.Parse(strings.Fields(args)); err != nil || fs.NArg() > 1 {
			t.Errorf("example %q: %v, %d arguments", line, err, fs.NArg())
		}
		parsed++
	}
	if parsed < 5 {
		t.Errorf("help run has %d examples of run; want at least 5", parsed)
	}
	// Other commands keep one list.
	if rank, _, _ := crawlsim(t, "help", "rank"); !strings.Contains(rank, "\nflags:\n") {
		t.Errorf("help rank:\n%s", rank)
	}
}

// TestBandwidthModelAndPageSizesFlags: -bandwidth-model and -page-sizes
// reach the scenario (-save-scenario writes them) and change the simulated
// times; bad values are usage errors naming the flag.
func TestBandwidthModelAndPageSizesFlags(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.WriteFile("sizes.txt", []byte(strings.Repeat("20000\n", 2000)), 0o644); err != nil {
		t.Fatal(err)
	}
	base := []string{"run", "-n", "2000", "-seeds", "top-pagerank:5", "-strategies", "bfs", "-connections", "4", "-wait", "0"}
	duration := func(extra ...string) string {
		t.Helper()
		out := mustRun(t, append(append(append([]string(nil), base...), extra...), "-save-scenario", "s.json")...)
		return out[strings.Index(out, "simulated"):]
	}
	perConnection := duration()
	shared := duration("-bandwidth-model", "shared")
	if shared == perConnection {
		t.Errorf("the shared link gives the same simulated times:\n%s", shared)
	}
	if b, _ := os.ReadFile("s.json"); !strings.Contains(string(b), `"bandwidth_model": "shared"`) {
		t.Errorf("the saved scenario lacks the bandwidth model:\n%s", b)
	}
	if duration("-page-sizes", "sizes.txt") == perConnection {
		t.Error("sizes of 20,000 bytes give the times of 15,000")
	}
	duration("-page-sizes", "lognormal:1.5:7")
	if b, _ := os.ReadFile("s.json"); !strings.Contains(string(b), `"distribution": "lognormal"`) || !strings.Contains(string(b), `"seed": 7`) {
		t.Errorf("the saved scenario lacks the drawn sizes:\n%s", b)
	}
	checkFails(t, 2, append(append([]string(nil), base...), "-bandwidth-model", "pooled"), "-bandwidth-model", `"pooled" is not a bandwidth model`)
	checkFails(t, 2, append(append([]string(nil), base...), "-page-sizes", "lognormal:x"), `-page-sizes lognormal:x: "x" is not a SIGMA`)
	checkFails(t, 2, append(append([]string(nil), base...), "-page-sizes", "lognormal:9"), "-page-sizes", "9 is not a sigma of 0 to 4")
}
