package main

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/crawlsim/crawlsim/engine/crawl"
	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/engine/step"
)

// schedulingTime matches the table's last column, the scheduling time: the
// only figure that differs between two runs of one scenario.
var schedulingTime = regexp.MustCompile(`(?m)  (<1µs|\d+(\.\d+)?(µs|ms|s))$`)

// maskTimes replaces the scheduling times of a table with a fixed word.
func maskTimes(table string) string { return schedulingTime.ReplaceAllString(table, "  <time>") }

// readResult reads a result JSON file.
func readResult(t *testing.T, path string) *scenario.Result {
	t.Helper()
	return readFile(t, path, scenario.ParseResult)
}

// withoutTimes returns r's JSON with the scheduling times set to zero.
func withoutTimes(t *testing.T, r *scenario.Result) string {
	t.Helper()
	for i := range r.Strategies {
		r.Strategies[i].Cost.SchedulingSeconds = 0
	}
	b, err := scenario.MarshalResult(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestRunExamples runs the manual's comparisons (doc.go) in a fresh folder
// and compares each one's output, scheduling times masked, with
// testdata/run-example-N.txt. The golden files were written by this
// program (go test -update) and checked by reading them: every table lists
// the strategies asked for, the optimal reference has tau 1 and the
// highest average, the guaranteed counts are never below the actual ones,
// the budget stops the crawls at 500 pages and the timed run adds its
// duration. The files the examples write are checked below. Examples 2 to
// 6 were last rewritten when crawls began to discover their seeds in the
// seed set's order (docs/algorithms.md section 2: top-pagerank by decreasing
// importance, random as drawn) instead of by id.
func TestRunExamples(t *testing.T) {
	examples := docExamples(t, "Comparisons, in a fresh folder")
	t.Chdir(t.TempDir())
	var outputs []string
	for k, args := range examples {
		out := mustRun(t, args...)
		outputs = append(outputs, out)
		name, got := fmt.Sprintf("run-example-%d.txt", k+1), "$ crawlsim "+strings.Join(args, " ")+"\n"+maskTimes(out)
		if args[0] == "strategies" {
			got = goldenStrategies(t, name, got)
		}
		golden(t, name, got)
	}
	for _, id := range []string{"fpr-m", "rankmass", "hist-pagerank-parent"} {
		if !strings.Contains(outputs[0], "\n"+id+" ") {
			t.Errorf("crawlsim strategies does not list %s:\n%s", id, outputs[0])
		}
	}

	res := readResult(t, "result.json")
	if len(res.Strategies) != 4 || res.Scenario.Importance != "personalized" {
		t.Fatalf("result.json: %d strategies, importance %q", len(res.Strategies), res.Scenario.Importance)
	}
	// The CSV holds every point of every curve of the result.
	rows := readCSV(t, "curves.csv")
	want := 1
	for _, s := range res.Strategies {
		want += len(s.Curve.K)
		if s.Guarantee != nil {
			want += len(s.Guarantee.K)
		}
	}
	if strings.Join(rows[0], ",") != "strategy,kind,k,fraction,value,normalised" || len(rows) != want {
		t.Errorf("curves.csv: header %v and %d rows; want strategy,kind,k,fraction,value,normalised and %d rows", rows[0], len(rows), want)
	}
	for _, name := range []string{"chart.svg", "timed.svg"} {
		checkSVG(t, name)
	}

	// The scenario saved runs again to the same result.
	mustRun(t, "run", "-scenario", "scenario.json", "-o", "again.json")
	if a, b := withoutTimes(t, res), withoutTimes(t, readResult(t, "again.json")); a != b {
		t.Errorf("-scenario scenario.json gives another result than the run that saved it:\n%s\nvs\n%s", a, b)
	}
}

// checkSVG fails unless the file is well-formed XML whose root is an svg
// element.
func checkSVG(t *testing.T, name string) {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var root struct {
		XMLName   xml.Name
		Polylines []struct{} `xml:"g>polyline"`
	}
	if err := xml.Unmarshal(b, &root); err != nil {
		t.Fatalf("%s is not XML: %v", name, err)
	}
	if root.XMLName.Local != "svg" || len(root.Polylines) == 0 {
		t.Errorf("%s: root %q with %d lines", name, root.XMLName.Local, len(root.Polylines))
	}
}

// TestRunScenarioRoundTrip: a scenario saved by -save-scenario runs again
// to the same result (scheduling times aside), and flags given beside
// -scenario override its fields.
func TestRunScenarioRoundTrip(t *testing.T) {
	t.Chdir(t.TempDir())
	mustRun(t, "gen", "-n", "800", "-hosts", "8", "-seed", "3", "-o", "web.csr")
	mustRun(t, "run", "-importance", "personalized", "-seeds", "random:5", "-random-seed", "9",
		"-strategies", "optimal,rankmass,fpr-m:m=10,random,batch-pagerank:batch=0.1,tolerance=1e-7",
		"-lower-bound", "3", "-connections", "2", "-wait", "1", "-curve-points", "100",
		"-save-scenario", "s.json", "-o", "r1.json", "web.csr")
	mustRun(t, "run", "-scenario", "s.json", "-o", "r2.json")
	r1, r2 := readResult(t, "r1.json"), readResult(t, "r2.json")
	if a, b := withoutTimes(t, r1), withoutTimes(t, r2); a != b {
		t.Fatalf("the saved scenario gives another result:\n%s\nvs\n%s", a, b)
	}
	if r1.Strategies[2].Label != "batch-pagerank batch=0.1 tolerance=1e-07" || r1.Strategies[3].LowerBound == nil {
		t.Errorf("strategy parameters or lower bound lost: label %q", r1.Strategies[2].Label)
	}

	// Flags override the file's fields and keep the others.
	mustRun(t, "run", "-scenario", "s.json", "-random-seed", "2", "-budget", "100", "-politeness=false", "-o", "r3.json")
	r3 := readResult(t, "r3.json").Scenario
	want := r1.Scenario
	want.RandomSeed, want.Budget, want.Politeness = 2, 100, nil
	if !reflect.DeepEqual(r3, want) {
		t.Errorf("-scenario with -random-seed 2 -budget 100 -politeness=false:\n%+v\nwant\n%+v", r3, want)
	}
}

func TestRunWithoutArgumentsIsTheDefaultScenario(t *testing.T) {
	got := runFlagsScenario(t)
	want, err := scenario.Normalize(scenario.Default())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("run with no flags:\n%+v\nwant scenario.Default():\n%+v", got, want)
	}
	if got.Graph.Generate == nil || got.Graph.Generate.Pages != 100000 {
		t.Errorf("the default graph is not 100,000 generated pages: %+v", got.Graph)
	}
}

func TestRunJSONToStdout(t *testing.T) {
	out := mustRun(t, "run", "-json", "-n", "300", "-seeds", "top-pagerank:5", "-strategies", "optimal,bfs")
	r, err := scenario.ParseResult(strings.NewReader(out), "stdout")
	if err != nil {
		t.Fatalf("-json does not print a result: %v\n%s", err, out)
	}
	if len(r.Strategies) != 2 || r.Strategies[1].Summary.Downloads != r.Reachable {
		t.Errorf("bfs downloaded %d of %d reachable pages", r.Strategies[1].Summary.Downloads, r.Reachable)
	}
}

func TestRunFlagErrors(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.json")
	missing := filepath.Join(dir, "missing.edges")
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"-strategies", "bfs,,opic"}, "-strategies: item 2 is empty"},
		{[]string{"-strategies", "m=3,bfs"}, "a parameter before any strategy"},
		{[]string{"-strategies", "fpr-m:m=ten"}, "fpr-m m=ten: the value is not a number"},
		{[]string{"-strategies", "fpr-m:m=1:x=2"}, "further parameters as NAME=VALUE items"},
		{[]string{"-strategies", "fpr-m:m=1,m=2"}, "fpr-m: m is given twice"},
		{[]string{"-strategies", "nosuch"}, `-strategies: unknown strategy "nosuch"`},
		{[]string{"-strategies", "fpr-m:q=1"}, `-strategies: strategy fpr-m has no parameter "q"`},
		{[]string{"-strategies", "bfs,bfs"}, "-strategies: strategies 1 (bfs) and 2 (bfs) are the same strategy with the same parameters; change a parameter of one, or give each its own label in a -scenario file"},
		{[]string{"-strategies", "fpr-m,bfs,fpr-m:m=100"}, "strategies 1 (fpr-m) and 3 (fpr-m:m=100) are the same strategy"},
		{[]string{"-strategies", "hist-pagerank-zero"}, "hist-pagerank-zero needs a previous snapshot: give -previous FILE or -evolve"},
		{[]string{"-damping", "1.5"}, "-damping 1.5 is outside (0, 1]"},
		{[]string{"-tol", "0"}, "-tol 0 is not a positive number below 1"},
		{[]string{"-tol", "-1"}, "-tol -1 is not a positive number below 1"},
		{[]string{"-importance", "hits"}, `-importance "hits" is not known; want "pagerank" or "personalized"`},
		{[]string{"-seeds", "random:0"}, "-seeds"},
		{[]string{"-budget", "-1"}, "-budget -1 is negative; 0 means no limit"},
		{[]string{"-n", "0"}, "-n 0 is out of range: want 1 to 4,294,967,295"},
		{[]string{"-hosts", "0"}, "-hosts 0 is out of range: want 1 to the number of pages"},
		{[]string{"-hosts", "-1"}, "-hosts -1 is out of range: want 1 to the number of pages"},
		{[]string{"-degree", "-1"}, "run: -degree -1 is out of range: want a positive number"},
		{[]string{"-intra", "1.5"}, "-intra 1.5 is out of range: want a number from 0 to 1"},
		{[]string{"-n", "100", "-degree", "1e9"}, "-degree 1,000,000,000 is too large for 100 pages"},
		{[]string{"-n", "5", "-hosts", "9"}, "-hosts 9 is more than the 5 pages"},
		{[]string{"-host-exp", "NaN"}, "-host-exp NaN is out of range"},
		{[]string{"-degree-exp", "0.5"}, "-degree-exp 0.5 is out of range"},
		{[]string{"-copy", "2"}, "-copy 2 is out of range"},
		{[]string{"-n", "5000", missing}, "-n describes a generated graph"},
		{[]string{"-format", "csr"}, "-format describes a graph file"},
		{[]string{"-format", "png", missing}, "-format png: expected edges"},
		{[]string{"-previous", missing, "-evolve"}, "choose one"},
		{[]string{"-evolve-seed", "3"}, "-evolve-seed needs -evolve"},
		{[]string{"-previous-urls", missing}, "give -previous FILE"},
		{[]string{"-svg", out + ".svg", "-svg-x", "time"}, "-svg-x time needs the politeness clock"},
		{[]string{"-svg", out + ".svg", "-svg-x", "log"}, `-svg-x "log" is not an axis: want fraction, count or time`},
		{[]string{"-svg-guarantees"}, "-svg-guarantees needs -svg FILE"},
		{[]string{"-o", out, "-csv", out}, "-o and -csv name the same file"},
		{[]string{"-o", dir}, "that is a folder"},
		{[]string{"-csv", "/no/such/folder/c.csv"}, "does not exist"},
		{[]string{"-connections", "0"}, "-connections 0 is not a number of connections: want 1 to 10,000"},
		{[]string{"-wait", "-1"}, "-wait -1 is not a number of seconds from 0 to 1,000,000"},
		{[]string{"-bandwidth", "0"}, "-bandwidth 0 is not a positive number of bytes per second"},
		{[]string{"-politeness", "-latency", "0", "-page-size", "0"}, "-politeness: a download must take some time"},
		{[]string{"-politeness=false", "-wait", "3"}, "turns the politeness clock off"},
		{[]string{"-curve-points", "0"}, "-curve-points 0 is out of range: want 1 to 1,000,000 points"},
		{[]string{"-lower-bound", "5000"}, "-lower-bound 5000 is out of range: want 0 to 1,000 checkpoints"},
		{[]string{"a.edges", "b.edges"}, "at most one graph file"},
		{[]string{"-seeds", "host-roots", filepath.Join(dir, "g.graph-txt")}, "-seeds host-roots needs hosts"},
		{[]string{"-seeds", "community:3", filepath.Join(dir, "g.graph-txt")}, "-seeds community needs hosts: give -urls FILE"},
		{[]string{"-nosuchflag"}, "nosuchflag"},
	}
	for _, c := range cases {
		args := append([]string{"run"}, c.args...)
		_, errOut, status := crawlsim(t, args...)
		if status != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("crawlsim %v: status %d, stderr %q; want status 2 and %q", args, status, errOut, c.want)
		}
	}
	if _, errOut, status := crawlsim(t, "strategies", "extra"); status != 2 || !strings.Contains(errOut, "takes no arguments") {
		t.Errorf("strategies extra: status %d, stderr %q", status, errOut)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("a refused command wrote %d files", len(entries))
	}
	// A missing graph is a failure (1) that names it.
	if _, errOut, status := crawlsim(t, "run", missing); status != 1 || !strings.Contains(errOut, missing) {
		t.Errorf("missing graph: status %d, stderr %q", status, errOut)
	}
	// So is a missing -page-sizes FILE, found before the graph is read
	// (a broken one here, whose error would come first otherwise).
	broken := filepath.Join(t.TempDir(), "broken.csr")
	if err := os.WriteFile(broken, []byte("not a csr file"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errOut, status := crawlsim(t, "run", "-page-sizes", missing, broken); status != 1 || !strings.Contains(errOut, "-page-sizes "+missing+": cannot read it: no such file or directory") || strings.Contains(errOut, "broken.csr") {
		t.Errorf("missing -page-sizes file: status %d, stderr %q; want status 1 naming %s before the graph", status, errOut, missing)
	}
	// And a missing -transpose FILE, named with its flag, as rank names it.
	if _, errOut, status := crawlsim(t, "run", "-transpose", missing, broken); status != 1 || !strings.Contains(errOut, "-transpose "+missing+": cannot read it: no such file or directory") || strings.Contains(errOut, "broken.csr") {
		t.Errorf("missing -transpose file: status %d, stderr %q; want status 1 naming -transpose %s before the graph", status, errOut, missing)
	}
}

// TestRunBadScenarioFile: a scenario file that is not valid JSON, or whose
// values are wrong, fails (status 1) with a message naming the file, the
// line and the column of each problem, one per line.
func TestRunBadScenarioFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	syntax := write("syntax.json", "{\n  \"seeds\": \"top-pagerank:5\",\n  \"damping\": 0.85,,\n}\n")
	unknown := write("unknown.json", "{\n  \"strategies\": [\n    {\"id\": \"fpr-m\", \"paramz\": {\"m\": 3}}\n  ]\n}\n")
	badValue := write("value.json", "{\"damping\": 2, \"graph\": {\"generate\": {\"pages\": 100}}}\n")
	badValues := write("values.json", "{\n  \"damping\": 2,\n  \"graph\": {\"generate\": {\"pages\": 100}},\n  \"strategies\": [{\"id\": \"fpr-m\", \"params\": {\"m\": -3}}, {\"id\": \"nosuch\"}]\n}\n")
	needsPrevious := write("previous.json", "{\"strategies\": [{\"id\": \"hist-pagerank-zero\"}], \"graph\": {\"generate\": {\"pages\": 100}}}\n")
	relative := write("relative.json", "{\"graph\": {\"file\": \"missing.edges\"}}\n")
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"-scenario", syntax}, syntax + ":3:19: invalid character ','"},
		{[]string{"-scenario", unknown}, unknown + `:3:21: unknown field "paramz" in strategies[0]`},
		{[]string{"-scenario", badValue}, badValue + ":1:13: damping: 2 is outside (0, 1]"},
		{[]string{"-scenario", badValues}, "scenario " + badValues + ": 3 problems:\n" +
			badValues + ":2:14: damping: 2 is outside (0, 1]\n" +
			badValues + ":4:50: strategies[0].params.m: strategy fpr-m: m = -3 is outside [0.001, 1,000,000]\n" +
			badValues + ":4:63: strategies[1].id: unknown strategy \"nosuch\""},
		{[]string{"-scenario", needsPrevious}, "scenario " + needsPrevious + ": strategy hist-pagerank-zero needs a previous snapshot"},
		{[]string{"-scenario", filepath.Join(dir, "none.json")}, "-scenario " + filepath.Join(dir, "none.json") + ": cannot read it"},
		// A relative name read from the file says where it came from.
		{[]string{"-scenario", relative}, "cannot read missing.edges: no such file or directory (graph.file in the scenario " + relative + "; its file names are read relative to the current folder)"},
		// A file a flag names is said with the flag, as -transpose's.
		{[]string{"-n", "100", "-strategies", "hist-pagerank-zero", "-previous", filepath.Join(dir, "nosuch.edges")},
			"-previous " + filepath.Join(dir, "nosuch.edges") + ": cannot read it: no such file or directory"},
	}
	for _, c := range cases {
		args := append([]string{"run"}, c.args...)
		_, errOut, status := crawlsim(t, args...)
		if status != 1 || !strings.Contains(errOut, c.want) {
			t.Errorf("crawlsim %v: status %d, stderr %q; want status 1 and %q", args, status, errOut, c.want)
		}
	}
	// A flag that sets the faulty field fixes the file's mistake.
	mustRun(t, "run", "-scenario", badValue, "-damping", "0.5", "-strategies", "bfs")
}

// TestRunCancelled: Ctrl-C (a cancelled context) stops the run and leaves
// no output.
func TestRunCancelled(t *testing.T) {
	dir := t.TempDir()
	outs := []string{filepath.Join(dir, "r.json"), filepath.Join(dir, "c.csv"), filepath.Join(dir, "c.svg")}
	args := []string{"run", "-n", "200000", "-strategies", "optimal,partial-pagerank,rankmass", "-o", outs[0], "-csv", outs[1], "-svg", outs[2]}
	before, cancel := context.WithCancel(context.Background())
	cancel()
	// The run takes seconds (3.5 s on a quiet machine where 20,000 pages
	// took 0.3 s and sometimes ended before the cancel); Ctrl-C comes
	// after 300 ms.
	during, cancel2 := context.WithCancel(context.Background())
	defer cancel2()
	for k, ctx := range []context.Context{before, during} {
		if k == 1 {
			time.AfterFunc(300*time.Millisecond, cancel2)
		}
		var errOut bytes.Buffer
		status := runMain(ctx, args, io.Discard, &errOut)
		if status != 1 || !strings.Contains(errOut.String(), "interrupted; no output was written") {
			t.Errorf("cancelled run: status %d, stderr %q", status, errOut.String())
		}
		if entries, _ := os.ReadDir(dir); len(entries) != 0 {
			t.Errorf("a cancelled run left %d files", len(entries))
		}
	}
}

func TestParseStrategyList(t *testing.T) {
	got, err := parseStrategyList("optimal, fpr-m:m=10,batch-pagerank:batch=0.05,tolerance=1e-6,bfs")
	if err != nil {
		t.Fatal(err)
	}
	want := []scenario.Strategy{
		{ID: "optimal"},
		{ID: "fpr-m", Params: crawl.Values{"m": 10}},
		{ID: "batch-pagerank", Params: crawl.Values{"batch": 0.05, "tolerance": 1e-6}},
		{ID: "bfs"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
	// The examples of crawlsim help run are valid lists.
	examples := 0
	for _, line := range strings.Split(runCommand().summary, "\n") {
		list, ok := strings.CutPrefix(line, "  -strategies ")
		if !ok {
			continue
		}
		examples++
		strategies, err := parseStrategyList(list)
		if err != nil {
			t.Fatalf("help example %q: %v", list, err)
		}
		sc := scenario.Default()
		sc.Strategies = strategies
		if _, err := scenario.Normalize(sc); err != nil {
			t.Errorf("help example %q: %v", list, err)
		}
	}
	if examples == 0 {
		t.Error("no -strategies example found in the help of run")
	}
	for _, bad := range []string{"", ":m=1", "=1", "fpr-m:m", "fpr-m:=3", "fpr-m:m=1e999x"} {
		if _, err := parseStrategyList(bad); err == nil {
			t.Errorf("parseStrategyList(%q) accepted it", bad)
		}
	}
}

// fakeProgress is a run's progress as a Runner reports it.
type fakeProgress struct {
	run        step.Progress
	strategies []step.Progress
}

func (f *fakeProgress) Progress() step.Progress           { return f.run }
func (f *fakeProgress) StrategyProgress() []step.Progress { return f.strategies }

// TestRunBars checks the terminal display: nothing in the first second,
// then a line for the run and one per strategy, redrawn in place, and
// erased at the end.
func TestRunBars(t *testing.T) {
	var buf bytes.Buffer
	e := &env{stderr: &buf, terminal: true}
	sc := scenario.Scenario{Strategies: []scenario.Strategy{{Label: "optimal"}, {Label: "fpr-m m=10"}, {Label: "bfs"}}}
	bars := newRunBars(e, sc)
	p := &fakeProgress{
		run: step.Progress{Stage: "crawl fpr-m m=10, 2 of 3", Done: 40, Total: 100},
		strategies: []step.Progress{
			{Stage: "done", Done: 100, Total: 100},
			{Stage: "crawl", Done: 40, Total: 100},
			{Stage: "waiting"},
		},
	}
	bars.update(p)
	if buf.Len() != 0 {
		t.Fatalf("bars drawn before a second had passed: %q", buf.String())
	}
	bars.start = bars.start.Add(-2 * progressDelay)
	bars.update(p)
	first := buf.String()
	for _, want := range []string{"\r\x1b[2Krun         crawl fpr-m m=10, 2 of 3", "optimal     done: 100 downloads\n", "fpr-m m=10  crawl    40%", "bfs         waiting\n"} {
		if !strings.Contains(first, want) {
			t.Errorf("first drawing lacks %q:\n%q", want, first)
		}
	}
	if strings.Contains(first, "\x1b[4A") {
		t.Errorf("the first drawing moves up: %q", first)
	}
	buf.Reset()
	bars.last = bars.last.Add(-time.Second)
	p.strategies[1].Done = 70
	bars.update(p)
	if !strings.HasPrefix(buf.String(), "\x1b[4A") || !strings.Contains(buf.String(), "70%") {
		t.Errorf("the second drawing does not redraw the 4 lines in place: %q", buf.String())
	}
	buf.Reset()
	bars.finish()
	if buf.String() != "\x1b[4A\x1b[J" {
		t.Errorf("finish wrote %q, want the lines erased", buf.String())
	}
	// Not on a terminal, nothing is ever drawn.
	buf.Reset()
	quiet := newRunBars(&env{stderr: &buf}, sc)
	quiet.start = quiet.start.Add(-time.Hour)
	quiet.update(p)
	quiet.finish()
	if buf.Len() != 0 {
		t.Errorf("bars drawn without a terminal: %q", buf.String())
	}
}

func TestStrategiesCommand(t *testing.T) {
	all := crawl.Strategies()
	out := mustRun(t, "strategies")
	for _, s := range all {
		if !regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(s.ID) + `  +` + regexp.QuoteMeta(s.Name)).MatchString(out) {
			t.Errorf("strategies does not list %s (%s):\n%s", s.ID, s.Name, out)
		}
		for _, p := range s.Params {
			if !strings.Contains(out, p.Name+"="+strconv.FormatFloat(p.Default, 'g', -1, 64)) {
				t.Errorf("strategies does not give %s's default %s", s.ID, p.Name)
			}
		}
	}
	verbose := mustRun(t, "strategies", "-v")
	for _, s := range all {
		if !strings.Contains(verbose, s.Doc) {
			t.Errorf("strategies -v lacks the description of %s", s.ID)
		}
		if s.Summary == "" || !strings.Contains(verbose, "\n  "+s.Summary+"\n") {
			t.Errorf("strategies -v lacks the one-line summary of %s", s.ID)
		}
	}
	// Every paper the registry numbers is cited, with authors and venue,
	// in both listings.
	for _, s := range all {
		for _, number := range strings.Split(s.Paper, ", ") {
			cited := regexp.MustCompile(`(?m)^  ` + regexp.QuoteMeta(crawl.ShortCitation(number)) + `: [A-Z][^"]+ "[^"]+".* (19|20)\d\d\b`)
			if !cited.MatchString(out) || !cited.MatchString(verbose) {
				t.Errorf("paper %s of %s is not cited in strategies and strategies -v", number, s.ID)
			}
		}
	}
	var list []crawl.Info
	if err := json.Unmarshal([]byte(mustRun(t, "strategies", "-json")), &list); err != nil {
		t.Fatal(err)
	}
	if len(list) != len(all) {
		t.Fatalf("-json lists %d strategies, the registry %d", len(list), len(all))
	}
	for i := range list {
		if list[i].ID != all[i].ID || list[i].Paper != all[i].Paper || !reflect.DeepEqual(list[i].Params, all[i].Params) {
			t.Errorf("-json entry %d: %+v, want %+v", i, list[i], all[i])
		}
	}
}

// TestRunRealData runs the manual's comparison on cs-stanford when
// ../shared/data is there, and checks the graph's figures against the
// data's README.
func TestRunRealData(t *testing.T) {
	data, err := filepath.Abs(filepath.Join("..", "..", "..", "shared", "data"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(data, "cs-stanford")); err != nil {
		t.Skipf("real data not found at %s: %v", data, err)
	}
	examples := docExamples(t, "On Stanford's CS web")
	for _, args := range examples {
		for k := range args {
			args[k] = strings.ReplaceAll(args[k], "$D", data)
		}
		out := mustRun(t, args...)
		// Figures from ../shared/data/README.md: 9,914 pages, 36,854
		// links, 21 hosts, 1,457 links between hosts.
		if !strings.Contains(out, "9,914 pages, 36,854 links, 21 hosts (1,457 inter-host links)") {
			t.Errorf("cs-stanford's figures are not in the table:\n%s", out)
		}
		for _, s := range scenario.DefaultStrategies() {
			if !regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(s.ID) + ` `).MatchString(out) {
				t.Errorf("no row for %s:\n%s", s.ID, out)
			}
		}
	}
}

// TestFileBars: the reader run gives the scenario runner (Env.Wrap) passes
// the file's bytes through until the context is cancelled, then fails with
// the context's error, which ends the run as an interruption.
func TestFileBars(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	files := &fileBars{ctx: ctx, e: &env{stderr: io.Discard}}
	r := files.wrap("doc.go", strings.NewReader("0 1\n1 2\n"))
	b := make([]byte, 4)
	if n, err := r.Read(b); n != 4 || err != nil || string(b) != "0 1\n" {
		t.Fatalf("Read = %d, %v, %q; want the first 4 bytes", n, err, b[:n])
	}
	if files.bar == nil {
		t.Fatal("no bar for the file being read")
	}
	cancel()
	if _, err := r.Read(b); !errors.Is(err, context.Canceled) {
		t.Errorf("Read after cancel: err = %v, want context.Canceled", err)
	}
	files.finish()
	if files.bar != nil {
		t.Error("finish leaves the bar")
	}
}

// TestGeneratorFlagsShared: gen and run declare the generator's flags
// once: the same names, defaults and help (run's after "generated graph:
// "), the seed named -seed in gen (which takes -gen-seed too) and
// -gen-seed in run, each help saying the other name.
func TestGeneratorFlagsShared(t *testing.T) {
	genFlags, _ := genCommand().flagSet(io.Discard)
	runFlags, _ := runCommand().flagSet(io.Discard)
	pairs := map[string]string{"seed": "gen-seed"}
	for _, name := range generatorFlagNames {
		pairs[name] = name
	}
	for g, r := range pairs {
		gf, rf := genFlags.Lookup(g), runFlags.Lookup(r)
		if gf == nil || rf == nil {
			t.Fatalf("gen -%s or run -%s is missing", g, r)
		}
		if gf.DefValue != rf.DefValue || strings.TrimSuffix(strings.TrimPrefix(rf.Usage, "generated graph: "), " (gen calls it -seed)") != strings.TrimSuffix(gf.Usage, "; -gen-seed is the same flag") {
			t.Errorf("gen -%s (%q, default %s) and run -%s (%q, default %s) differ", g, gf.Usage, gf.DefValue, r, rf.Usage, rf.DefValue)
		}
	}
}

// TestSeedsExamples runs the community-seed examples of the manual and
// compares their output with golden files; the seed list it writes is the
// one the following run reads. Example 3 (a run from the list) was last
// rewritten when crawls began to discover their seeds in the list's order
// (docs/algorithms.md section 2) instead of by id.
func TestSeedsExamples(t *testing.T) {
	examples := docExamples(t, "Community seeds, in a fresh folder")
	t.Chdir(t.TempDir())
	var outputs []string
	for k, args := range examples {
		out := mustRun(t, args...)
		outputs = append(outputs, out)
		golden(t, fmt.Sprintf("seeds-example-%d.txt", k+1), "$ crawlsim "+strings.Join(args, " ")+"\n"+maskTimes(out))
	}
	list, err := os.ReadFile("seeds.txt")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(list)), "\n")
	if len(lines) != 6 || !strings.HasPrefix(lines[0], "#") {
		t.Fatalf("seeds.txt holds %d lines:\n%s", len(lines), list)
	}
	for _, url := range lines[1:] {
		if !strings.Contains(outputs[1], url) {
			t.Errorf("seed %s of seeds.txt is not in the table:\n%s", url, outputs[1])
		}
	}
	if !strings.Contains(outputs[2], "list:") || !strings.Contains(outputs[2], ": 5 pages") {
		t.Errorf("the run from seeds.txt does not start from 5 listed seeds:\n%s", outputs[2])
	}
	checkSVG(t, "depth.svg")
	// Two panels of three lines: community, random and top-PageRank seeds.
	svg, _ := os.ReadFile("depth.svg")
	if n := strings.Count(string(svg), "<polyline"); n != 6 {
		t.Errorf("depth.svg draws %d lines, want 6", n)
	}
}

func TestSeedsErrors(t *testing.T) {
	dir := t.TempDir()
	edges := filepath.Join(dir, "g.edges")
	if err := os.WriteFile(edges, []byte("0 1\n1 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args   []string
		status int
		want   string
	}{
		// the file, not the seed set the command made of -k and -density
		{[]string{"seeds", edges}, 1, "crawlsim seeds: " + edges + ": the graph has no hosts, and community seeds drop"},
		{[]string{"seeds", "-k", "0", edges}, 2, "-k 0"},
		{[]string{"seeds", "-size", "4", "-density", "50", edges}, 2, "not both"},
		{[]string{"seeds", "-members", "2", edges}, 2, "-members needs -size"},
		{[]string{"seeds", "-evolve", "-previous", edges, edges}, 2, "not both"},
		{[]string{"seeds", "-o", filepath.Join(dir, "no", "x.txt"), "-urls", edges, edges}, 2, "does not exist"},
		{[]string{"seeds"}, 2, "expected one graph file"},
	} {
		_, errOut, status := crawlsim(t, c.args...)
		if status != c.status || !strings.Contains(errOut, c.want) {
			t.Errorf("crawlsim %s: status %d, stderr %q; want %d and %q", strings.Join(c.args, " "), status, errOut, c.status, c.want)
		}
	}
}

// TestRefreshExamples runs the revisit examples of the manual against
// golden files; the saved scenario runs again with flags on top.
func TestRefreshExamples(t *testing.T) {
	examples := docExamples(t, "Revisits, in a fresh folder")
	t.Chdir(t.TempDir())
	for k, args := range examples {
		out := mustRun(t, args...)
		golden(t, fmt.Sprintf("refresh-example-%d.txt", k+1), "$ crawlsim "+strings.Join(args, " ")+"\n"+out)
	}
	rows := readCSV(t, "series.csv")
	if len(rows) != 1+5*100 || strings.Join(rows[0], ",") != "policy,time,fresh,central_bytes,migrant_bytes" {
		t.Errorf("series.csv: %d rows, header %v", len(rows), rows[0])
	}
	svg, _ := os.ReadFile("refresh.svg")
	if n := strings.Count(string(svg), "<polyline"); n != 15 {
		t.Errorf("refresh.svg draws %d lines, want 15 (5 freshness, 10 traffic)", n)
	}
}

func TestRefreshErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte("{\n  \"simulation\": {\"sites\": -4}\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args   []string
		status int
		want   string
	}{
		{[]string{"refresh", "-pl", "0.8", "-pg", "0.3"}, 2, "the lower threshold must be below the upper one"},
		{[]string{"refresh", "-alpha", "2"}, 2, "alpha 2"},
		{[]string{"refresh", "-tmin", "10", "-tmax", "5"}, 2, "-tmin 10 is above -tmax 5"},
		{[]string{"refresh", "-change-min", "-1"}, 2, "-change-min -1"},
		{[]string{"refresh", "-policies", "fixed,never"}, 2, `unknown policy "never"`},
		{[]string{"refresh", "extra"}, 2, "takes no argument"},
		{[]string{"refresh", "-scenario", bad}, 1, "bad.json:2:27: simulation.sites: sites -4"},
		{[]string{"refresh", "-o", filepath.Join(dir, "no", "r.json")}, 2, "does not exist"},
	} {
		_, errOut, status := crawlsim(t, c.args...)
		if status != c.status || !strings.Contains(errOut, c.want) {
			t.Errorf("crawlsim %s: status %d, stderr %q; want %d and %q", strings.Join(c.args, " "), status, errOut, c.status, c.want)
		}
	}
}

// TestRunTransposeNeedsAGraphFile: -transpose beside a generated graph,
// whose PageRank transposes the graph itself, is refused rather than
// ignored, whether the transpose is right or not.
func TestRunTransposeNeedsAGraphFile(t *testing.T) {
	dir := t.TempDir()
	g := filepath.Join(dir, "g.graph")
	if _, errOut, status := crawlsim(t, "gen", "-n", "300", "-o", g); status != 0 {
		t.Fatalf("gen: status %d, %s", status, errOut)
	}
	checkFails(t, 2, []string{"run", "-n", "300", "-budget", "10", "-transpose", g},
		"-transpose "+g+": the graph is generated")
	scenarioFile := filepath.Join(dir, "s.json")
	if err := os.WriteFile(scenarioFile, []byte(`{"graph":{"generate":{"pages":300}},"budget":10}`), 0o644); err != nil {
		t.Fatal(err)
	}
	checkFails(t, 2, []string{"run", "-scenario", scenarioFile, "-transpose", g}, "-transpose goes with a graph file")
}
