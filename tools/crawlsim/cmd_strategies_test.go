package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/crawl"
	"github.com/crawlsim/crawlsim/engine/model"
)

// strategyRowID returns the strategy id that starts a row of the
// strategies table ("bfs   Breadth-first ..."), or "" for another line.
func strategyRowID(line string, registered map[string]bool) string {
	id, _, ok := strings.Cut(line, " ")
	if !ok || !registered[id] {
		return ""
	}
	return id
}

// goldenStrategies prepares the output of `crawlsim strategies` (the
// command line, first line included) for its golden file, testdata/NAME:
// it checks that every registered strategy has a row, then leaves out the
// rows of strategies that the golden file does not list, so that a
// strategy added to the registry does not change the other rows' check.
// Under -update it keeps every row.
func goldenStrategies(t *testing.T, name, out string) string {
	t.Helper()
	registered := map[string]bool{}
	for _, info := range crawl.Strategies() {
		registered[info.ID] = true
	}
	lines := strings.Split(out, "\n")
	listed := map[string]bool{}
	for _, line := range lines {
		if id := strategyRowID(line, registered); id != "" {
			listed[id] = true
		}
	}
	for id := range registered {
		if !listed[id] {
			t.Errorf("crawlsim strategies has no row for the registered strategy %s:\n%s", id, out)
		}
	}
	if *update {
		return out
	}
	want, err := os.ReadFile(filepath.Join(testdataDir, name))
	if err != nil {
		return out // golden reports the missing file
	}
	inGolden := map[string]bool{}
	for _, line := range strings.Split(string(want), "\n") {
		if id := strategyRowID(line, registered); id != "" {
			inGolden[id] = true
		}
	}
	kept := lines[:0:0]
	for _, line := range lines {
		if id := strategyRowID(line, registered); id == "" || inGolden[id] {
			kept = append(kept, line)
		}
	}
	return strings.Join(kept, "\n")
}

// TestStrategiesListThePresets: crawlsim strategies lists each of the
// page's preset buttons (model.PaperPresets) as the flags of a run: its
// importance and its strategies in the preset's order.
func TestStrategiesListThePresets(t *testing.T) {
	out, _, status := crawlsim(t, "strategies")
	if status != 0 {
		t.Fatalf("status %d", status)
	}
	for _, p := range model.PaperPresets() {
		want := "\n  " + p.Name + " (" + crawl.ShortCitation(p.Paper) + "): -importance " + p.Importance + " -strategies " + strings.Join(crawl.Preset(p.ID), ",") + "\n"
		if len(crawl.Preset(p.ID)) == 0 || !strings.Contains(out, want) {
			t.Errorf("crawlsim strategies does not list the preset %s as %q:\n%s", p.ID, want, out)
		}
	}
}

// TestStrategiesVerboseRangesAsRefused: strategies -v gives each
// parameter's range in the words of the refusal of a value outside it
// (crawl.Resolve: "m = -1 is outside [0.001, 1,000,000]"), so that the
// two agree.
func TestStrategiesVerboseRangesAsRefused(t *testing.T) {
	out, _, status := crawlsim(t, "strategies", "-v")
	if status != 0 {
		t.Fatalf("status %d", status)
	}
	_, _, err := crawl.Resolve("fpr-m", crawl.Values{"m": -1})
	if err == nil || !strings.Contains(err.Error(), "outside [0.001, 1,000,000]") {
		t.Fatalf("fpr-m with m = -1 refused with %v", err)
	}
	if !strings.Contains(out, "(number in [0.001, 1,000,000])") {
		t.Errorf("strategies -v does not give m's range as its refusal does:\n%s", out)
	}
}

// TestStrategiesSayWhichNeedHosts: the table's notes say "needs hosts"
// for exactly the strategies registered with NeedsHosts (larger-sites-first
// and fpr-m), with what gives a graph hosts, and strategies -v says it in
// each of their descriptions with what the strategy does without hosts
// (run's warning without its opening words), and in no other.
func TestStrategiesSayWhichNeedHosts(t *testing.T) {
	table := mustRun(t, "strategies")
	verbose := mustRun(t, "strategies", "-v")
	registered := map[string]bool{}
	for _, info := range crawl.Strategies() {
		registered[info.ID] = true
	}
	rows := map[string]string{}
	for _, line := range strings.Split(table, "\n") {
		if id := strategyRowID(line, registered); id != "" {
			rows[id] = line
		}
	}
	described := map[string]string{}
	for _, block := range strings.Split(verbose, "\n\n") {
		id, _, _ := strings.Cut(block, ": ")
		if registered[id] {
			described[id] = block
		}
	}
	var needing []string
	for _, info := range crawl.Strategies() {
		note := strings.HasSuffix(rows[info.ID], "needs hosts (from -urls, URL labels or a generated graph)")
		said, times := strings.Count(described[info.ID], "Needs hosts"), 0
		if info.NeedsHosts {
			times = 1
		}
		if note != info.NeedsHosts || said != times {
			t.Errorf("%s (NeedsHosts %v): its row notes hosts: %v; its description says so %d times:\n%s\n%s",
				info.ID, info.NeedsHosts, note, said, rows[info.ID], described[info.ID])
		}
		if !info.NeedsHosts {
			continue
		}
		needing = append(needing, info.ID)
		rest := strings.TrimSuffix(strings.TrimPrefix(info.NoHostsWarning, "the graph has no hosts, so "), " (give a URL list for hosts)")
		want := "\n  Needs hosts (from -urls, URL labels or a generated graph); without them, " + rest + ".\n"
		if rest == info.NoHostsWarning || !strings.Contains(described[info.ID]+"\n", want) {
			t.Errorf("strategies -v describes %s without %q:\n%s", info.ID, want, described[info.ID])
		}
	}
	if got := strings.Join(needing, " "); got != "larger-sites-first fpr-m" {
		t.Errorf("the strategies that need hosts are %q; want larger-sites-first fpr-m", got)
	}
}

// TestStrategiesVerboseGivesEachRangeOnce: strategies -v gives each
// parameter's range once, from its Min and Max (what run accepts); no
// parameter's Doc states a range of its own beside it.
func TestStrategiesVerboseGivesEachRangeOnce(t *testing.T) {
	verbose := mustRun(t, "strategies", "-v")
	rangeWords := regexp.MustCompile(`\bin [\[(]`)
	params := 0
	for _, info := range crawl.Strategies() {
		params += len(info.Params)
	}
	paramLine := regexp.MustCompile(`^  [a-z-]+=\S+: `)
	lines := 0
	for _, line := range strings.Split(verbose, "\n") {
		if !paramLine.MatchString(line) {
			continue
		}
		lines++
		if n := len(rangeWords.FindAllString(line, -1)); n != 1 {
			t.Errorf("strategies -v gives a parameter %d ranges: %s", n, line)
		}
	}
	if lines != params || params == 0 {
		t.Errorf("strategies -v has %d parameter lines; the strategies have %d parameters", lines, params)
	}
}
