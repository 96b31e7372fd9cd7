package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/reproduce"
)

// TestReproduceAllWritesTheReport runs every paper on a small generated
// web with -o DIR: the tables are printed, and DIR holds report.md with a
// section per paper, the version and the graph's fingerprint, a scenario
// file per run that "crawlsim run -scenario" (or refresh) runs again, and
// the charts report.md links to.
func TestReproduceAllWritesTheReport(t *testing.T) {
	t.Chdir(t.TempDir())
	out := mustRun(t, "reproduce", "-n", "2000", "-o", "rep", "all")
	for _, p := range reproduce.Papers() {
		if !strings.Contains(out, "paper "+p.ID+" ("+p.Name+")") {
			t.Errorf("no table for paper %s:\n%s", p.ID, out)
		}
	}
	md, err := os.ReadFile(filepath.Join("rep", "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"## 000 fpr", "## 004 crawling-a-country", "- crawlsim: ", "- graph fingerprint (CRC-32C of offsets and targets): `",
		"**Reproduce each number**, in this report's folder:", "`crawlsim run -scenario 004-table2.json`", "`crawlsim refresh -scenario 002-section4.json`", "](004-fig4.svg)"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("report.md lacks %q", want)
		}
	}
	for _, name := range []string{"000-fig4.svg", "001-fig8.svg", "002-freshness-traffic.svg", "003-fig7-10.svg", "004-fig4.svg"} {
		b, err := os.ReadFile(filepath.Join("rep", name))
		if err != nil || !strings.HasPrefix(string(b), "<svg") {
			t.Errorf("%s: not an SVG chart (%v)", name, err)
		}
	}
	// The scenario file reproduces the number the table printed.
	again := mustRun(t, "run", "-scenario", filepath.Join("rep", "000-fig4.json"))
	if !strings.Contains(again, "fpr-m M=100") {
		t.Errorf("run -scenario rep/000-fig4.json does not compare fpr-m M=100:\n%s", again)
	}
	mustRun(t, "refresh", "-scenario", filepath.Join("rep", "002-section4.json"))
}

// TestReproduceRefusals: an unknown paper, too many arguments and an
// output that would replace the graph are usage errors, before any work;
// a missing -previous file is said with its flag.
func TestReproduceRefusals(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.WriteFile("report.md", []byte("0 1\n1 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"reproduce", "005"}, `unknown paper "005"`},
		{[]string{"reproduce", "fpr", "a", "b"}, "expected PAPER and at most one graph file"},
		{[]string{"reproduce", "-urls", "u.urls", "fpr"}, "need a GRAPH"},
		{[]string{"reproduce", "-format", "edges", "-o", ".", "fpr", "report.md"}, "that is the graph report.md"},
		{[]string{"reproduce", "-budget", "100", "001"}, "-budget: a budget applies to paper 000 (fpr) only: paper 001 (rankmass) reads its runs to their ends"},
		{[]string{"reproduce", "-budget", "100", "all"}, "a budget applies to paper 000 (fpr) only"},
		{[]string{"reproduce", "-budget", "-1", "000"}, "crawlsim reproduce: -budget -1 is negative; 0 means no limit"},
		{[]string{"reproduce", "-budget", "1e3x", "000"}, "-budget"},
	} {
		_, errOut, status := crawlsim(t, c.args...)
		if status != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("crawlsim %s: status %d, stderr %q; want status 2 and %q", strings.Join(c.args, " "), status, errOut, c.want)
		}
	}
	if b, _ := os.ReadFile("report.md"); string(b) != "0 1\n1 0\n" {
		t.Errorf("the graph report.md was replaced: %q", b)
	}
	// a missing file is said with the flag that names it
	checkFails(t, 1, []string{"reproduce", "-format", "edges", "-previous", "nosuch.edges", "fpr", "report.md"}, "crawlsim reproduce: -previous nosuch.edges: cannot read it: no such file or directory")
	checkFails(t, 1, []string{"reproduce", "-format", "edges", "-previous", "report.md", "-previous-urls", "nosuch.urls", "fpr", "report.md"}, "crawlsim reproduce: -previous-urls nosuch.urls: cannot read it: no such file or directory")
}

// TestReproduceBudgetIsInTheScenario: reproduce -budget N 000 (N
// written with an exponent, as run's -budget takes it) stops every
// crawl at N downloads, says so, and the scenario file the report
// names for the numbers carries the budget, so that it reproduces them.
func TestReproduceBudgetIsInTheScenario(t *testing.T) {
	t.Chdir(t.TempDir())
	out := mustRun(t, "reproduce", "-n", "2000", "-budget", "5e2", "-o", "rep", "000")
	if !strings.Contains(out, "every crawl stopped after 500 downloads (-budget)") {
		t.Errorf("the report does not say the crawls stopped at the budget:\n%s", out)
	}
	b, err := os.ReadFile(filepath.Join("rep", "000-fig4.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"budget": 500`) {
		t.Errorf("000-fig4.json has no budget of 500:\n%s", b)
	}
}

// TestReproduceStanford reproduces paper 004 on cs-stanford (when
// ../shared/data is there) with its hosts, and compares the output with
// testdata/reproduce-004-cs-stanford.txt, written by this program (go
// test -run TestReproduceStanford -update) and checked by reading it: on
// the politeness clock the waits of the 21 hosts give larger-sites-first
// breadth-first's order (the reason says so), the historical strategies
// run apart on an evolution of the graph for want of a previous
// snapshot, and the figures of Table 2 are the paper's.
func TestReproduceStanford(t *testing.T) {
	data, err := filepath.Abs(filepath.Join("..", "..", "..", "shared", "data", "cs-stanford"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(data); err != nil {
		t.Skipf("real data not found at %s: %v", data, err)
	}
	out := mustRun(t, "reproduce", "-urls", filepath.Join(data, "cs-stanford.urls"), "004", filepath.Join(data, "cs-stanford.edges"))
	golden(t, "reproduce-004-cs-stanford.txt", out)
	if !strings.Contains(out, "historical-PageRank strategies of Table 2 run apart") {
		t.Errorf("no note on the missing previous snapshot:\n%s", out)
	}
}

// TestReproduceAllKeepsThePapersThatRun: on a generated web of 300 pages
// paper 003 finds no community core; reproduce all says so, in the
// report and on stderr, and writes the other papers' reports and files
// instead of failing with an empty folder.
func TestReproduceAllKeepsThePapersThatRun(t *testing.T) {
	t.Chdir(t.TempDir())
	_, errOut, status := crawlsim(t, "reproduce", "-n", "300", "-o", "rep", "all")
	if status != 0 || !strings.Contains(errOut, "warning: paper 003 (community-seeds) could not run, the others did: ") {
		t.Fatalf("status %d, stderr %q; want 0 and a warning about paper 003", status, errOut)
	}
	report, err := os.ReadFile(filepath.Join("rep", "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(report), "- note: It could not run on this graph: 003-fig7-10: ") || !strings.Contains(string(report), "## 004 ") {
		t.Errorf("report.md does not say that 003 could not run, or lacks 004:\n%s", short(string(report)))
	}
	for _, name := range []string{"000-fig4.json", "004-table2.json"} {
		if _, err := os.Stat(filepath.Join("rep", name)); err != nil {
			t.Errorf("%s was not written: %v", name, err)
		}
	}
}

// TestReproducePreviousHelpNamesBothPapers: reproduce -previous FILE is
// the older snapshot of paper 004's historical strategies and of paper
// 003's seeds extracted from an older snapshot (reproduce.Input.Previous,
// section 3.5.4), so its help names both; it named 004 alone.
func TestReproducePreviousHelpNamesBothPapers(t *testing.T) {
	fs, _ := findCommand("reproduce").flagSet(io.Discard)
	help := fs.Lookup("previous").Usage
	if !strings.Contains(help, "003") || !strings.Contains(help, "004") {
		t.Errorf("reproduce -previous help %q does not name papers 003 and 004", help)
	}
}

// TestReportScenariosRunFromTheReportFolder reproduces paper 000 on a
// graph named by a path relative to the folder reproduce runs in: the
// report's command names its scenario file as it is in the report's
// folder and says so, the scenario names the graph by its full path, and
// the command runs there as printed, as does -json's scenario path from
// the first folder.
func TestReportScenariosRunFromTheReportFolder(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.Mkdir("data", 0o755); err != nil {
		t.Fatal(err)
	}
	mustRun(t, "gen", "-n", "3000", "-o", filepath.Join("data", "web.csr"))
	mustRun(t, "reproduce", "-o", "rep", "000", filepath.Join("data", "web.csr"))
	md, err := os.ReadFile(filepath.Join("rep", "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"**Reproduce each number**, in this report's folder:", "`crawlsim run -scenario 000-fig4.json`"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("report.md lacks %q", want)
		}
	}
	sc, err := os.ReadFile(filepath.Join("rep", "000-fig4.json"))
	if err != nil {
		t.Fatal(err)
	}
	// dir may be reached through a link (macOS's /var), so the path is
	// compared as the process sees its folder.
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if want := `"file": "` + filepath.ToSlash(filepath.Join(wd, "data", "web.csr")) + `"`; !strings.Contains(filepath.ToSlash(string(sc)), want) {
		t.Errorf("000-fig4.json does not name the graph by its full path %s:\n%s", want, sc)
	}
	fromHere := mustRun(t, "run", "-scenario", filepath.Join("rep", "000-fig4.json"))
	t.Chdir(filepath.Join(dir, "rep"))
	fromReport := mustRun(t, "run", "-scenario", "000-fig4.json")
	if !strings.Contains(fromReport, "fpr-m M=100") || maskTimes(fromReport) != maskTimes(fromHere) {
		t.Errorf("run -scenario 000-fig4.json in the report's folder:\n%s\nfrom the folder reproduce ran in:\n%s", fromReport, fromHere)
	}
}

// TestReproduceSummarySaidAlike: the manual's list of commands says
// what reproduce does in the words of crawlsim help's summary, and the
// README as they do: it compares with the papers' published figures
// (the manual and the README said "set ... beside").
func TestReproduceSummarySaidAlike(t *testing.T) {
	summary := strings.TrimSuffix(firstLine(reproduceCommand().summary), ".")
	want := "//\treproduce   " + strings.ToLower(summary[:1]) + summary[1:] + "\n"
	if !strings.Contains(manual, want) {
		t.Errorf("the manual's list of commands has no line %q", want)
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	intro, _, _ := strings.Cut(string(readme), "\n\n## ")
	if !strings.Contains(intro, "compares its results with the five papers' published figures") {
		t.Errorf("the README's introduction does not say that crawlsim compares its results with the papers' published figures:\n%s", intro)
	}
}
