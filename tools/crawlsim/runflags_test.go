package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/model"
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
// "absent" when 0 refuses 0 as it refuses any value out of its range
// (zeroError; TestRefusalsReadAlikeWhateverTheValue compares the words),
// rather than run with the default (run -degree 0 once crawled a graph
// of degree 8).
func TestRunGivenZero(t *testing.T) {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	f := registerRunFlags(fs)
	checked := 0
	for _, fl := range f.flags {
		if _, ok := scenario.ZeroNotAllowed(fl.field); !ok {
			continue
		}
		checked++
		checkFails(t, 2, []string{"run", "-" + fl.name, "0"}, "crawlsim run: -"+fl.name+" 0 is ")
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
	if runH, _, _ := crawlsim(t, "run", "-h"); runH != out {
		t.Errorf("run -h differs from help run:\n%s", runH)
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
	// A misspelt distribution is a file that is not there: the message
	// names the flag and both kinds of SIZES.
	checkFails(t, 1, append(append([]string(nil), base...), "-page-sizes", "lognorma:1"), "crawlsim run: -page-sizes lognorma:1: cannot read it: no such file or directory; SIZES is a FILE of sizes, one a line, or lognormal[:SIGMA[:SEED]]")
}

// TestWorkIsBounded: the number of strategies and the iteration counts
// have documented maxima, and a comparison of many strategies on a small
// graph does not force a garbage collection per strategy (8,000
// strategies on 200 pages took 90 s).
func TestWorkIsBounded(t *testing.T) {
	dir := t.TempDir()
	g := filepath.Join(dir, "g.csr")
	mustRun(t, "gen", "-n", "200", "-o", g)
	var list []string
	for i := range 1001 {
		list = append(list, fmt.Sprintf(`{"id": "bfs", "label": "b%d"}`, i))
	}
	many := filepath.Join(dir, "many.json")
	os.WriteFile(many, []byte(`{"version": 1, "graph": {"file": "`+g+`"}, "seeds": "random:3", "strategies": [`+strings.Join(list, ",")+"]}\n"), 0o644)
	checkFails(t, 1, []string{"run", "-scenario", many}, "1,001 strategies, more than the 1,000 one comparison may hold")
	checkFails(t, 2, []string{"rank", "-max-iter", "1000000", "-tol", "1e-300", g}, "-max-iter 1000000: want 1 to 100,000 iterations")
	checkFails(t, 2, []string{"rank", "-hits", "-hits-iter", "1e6", g}, "-hits-iter 1000000: want 1 to 100,000 HITS iterations")
	checkFails(t, 2, []string{"seeds", "-iterations", "1000000000", g}, "-iterations 1000000000: want 1 to 100,000")
	checkFails(t, 2, []string{"run", "-n", "200", "-seeds", "community:10,iterations=1e9"}, "iterations from 1 to 100,000")

	// 300 strategies: far fewer collections than strategies.
	few := filepath.Join(dir, "few.json")
	os.WriteFile(few, []byte(`{"version": 1, "graph": {"file": "`+g+`"}, "seeds": "random:3", "strategies": [`+strings.Join(list[:300], ",")+"]}\n"), 0o644)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	mustRun(t, "run", "-scenario", few)
	runtime.ReadMemStats(&after)
	if gcs := after.NumGC - before.NumGC; gcs >= 300 {
		t.Errorf("300 strategies on 200 pages made %d garbage collections", gcs)
	}
}

// TestSeedsHelpNamesEveryForm: run's and rank's -seeds read the same
// specs (a bare ID,ID,... list, a list:FILE with # comments), so both
// helps name every form; run's left out the two that rank's gives, and
// the options of community:K.
func TestSeedsHelpNamesEveryForm(t *testing.T) {
	for _, name := range []string{"run", "rank"} {
		fs, _ := findCommand(name).flagSet(io.Discard)
		help := fs.Lookup("seeds").Usage
		for _, form := range []string{"top-pagerank:K", "random:K", "community:K", "host-roots", "list:ID,ID,...", "list:FILE (one id or URL per line, # comments)", "or ID,ID,..."} {
			if !strings.Contains(help, form) {
				t.Errorf("%s -seeds help does not name %q: %q", name, form, help)
			}
		}
	}
	// run's help names the options of community:K (seeds.ParseSpec).
	fs, _ := findCommand("run").flagSet(io.Discard)
	for _, option := range []string{",density=D", ",size=S", "members=M", ",iterations=N"} {
		if help := fs.Lookup("seeds").Usage; !strings.Contains(help, option) {
			t.Errorf("run -seeds help does not name the community option %q: %q", option, help)
		}
	}
}

// TestRunHelpNamesPapersByAuthors: run's help names a paper by its
// authors, as the strategies' sources do, not by the number that only
// reproduce's help defines (an example was "paper 001's seed-size
// study").
func TestRunHelpNamesPapersByAuthors(t *testing.T) {
	out, _, _ := crawlsim(t, "help", "run")
	if m := regexp.MustCompile(`paper \d{3}`).FindString(out); m != "" {
		t.Errorf("help run names %q without its authors:\n%s", m, out)
	}
}

// TestRunScenarioWithoutGraphSeedsTheGenerator: a -scenario file that
// leaves out the graph, or its generator, crawls the generated graph of
// the generator's default seed (model.DefaultRandomSeed), with the
// generator's flags given or not, as the page runs the same scenario
// (scenario.Parse, then Normalize); run gave seed 0.
func TestRunScenarioWithoutGraphSeedsTheGenerator(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, text := range []string{`{"strategies": [{"id": "bfs"}]}`, `{"graph": {}, "strategies": [{"id": "bfs"}]}`} {
		writeFile(t, ".", "s.json", text)
		page, err := scenario.Parse(strings.NewReader(text), "s.json")
		if err != nil {
			t.Fatal(err)
		}
		if page, err = scenario.Normalize(page); err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{{"-scenario", "s.json"}, {"-scenario", "s.json", "-n", "300"}} {
			got := runFlagsScenario(t, args...)
			if g := got.Graph.Generate; g == nil || g.Seed != model.DefaultRandomSeed || g.Seed != page.Graph.Generate.Seed {
				t.Errorf("%s, run %q: generator %+v; want seed %d, the page's", text, args, g, model.DefaultRandomSeed)
			}
		}
	}
}

// runFlagsScenario returns the scenario run builds from the flags args.
func runFlagsScenario(t *testing.T, args ...string) scenario.Scenario {
	t.Helper()
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	f := registerRunFlags(fs)
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	sc, err := f.scenario(nil, explicitFlags(fs))
	if err != nil {
		t.Fatalf("run %q: %v", args, err)
	}
	return sc
}

// TestRunEmptySeedsSaysWhatToWrite: -seeds "" (or blanks), most often a
// script's unset variable, is refused saying what to write instead:
// leave -seeds out for the default seed set (or the -scenario's), where
// it said only `seeds "": expected top-pagerank:K, random:K, ...`. The
// page reads a blank seeds box as the default; the command line refuses
// an explicitly empty value rather than guess it.
func TestRunEmptySeedsSaysWhatToWrite(t *testing.T) {
	dir := t.TempDir()
	file := writeFile(t, dir, "s.json", `{"seeds": "random:5"}`+"\n")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "-seeds", ""}, `crawlsim run: -seeds "" names no seed set: leave -seeds out for the default, top-pagerank:160, or give one, such as top-pagerank:K or random:K (see crawlsim help run)`},
		{[]string{"run", "-seeds", "  "}, `crawlsim run: -seeds "  " names no seed set: leave -seeds out for the default, top-pagerank:160,`},
		{[]string{"run", "-scenario", file, "-seeds", ""}, `crawlsim run: -seeds "" names no seed set: leave -seeds out for the scenario file's seeds, or give one`},
	} {
		checkFails(t, 2, c.args, c.want)
	}
	if scenario.DefaultSeeds != "top-pagerank:160" {
		t.Errorf("the default seed set is %s; the messages above name top-pagerank:160", scenario.DefaultSeeds)
	}
}
