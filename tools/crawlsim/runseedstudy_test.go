package main

import (
	"os"
	"strings"
	"testing"
)

// seedStudyScenario is a run scenario with a seed study on a generated web
// of 2,000 pages (10 hosts) and the strategies given (none: the study
// alone, as reproduce's 003-fig7-10.json is).
func seedStudyScenario(t *testing.T, strategies string) string {
	t.Helper()
	text := `{"version": 1, "graph": {"generate": {"pages": 2000}}, "seeds": "community:3", "strategies": [` + strategies + `], "seed_study": {}}` + "\n"
	if err := os.WriteFile("study.json", []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return "study.json"
}

// TestRunPrintsTheSeedStudy: a run whose scenario has a seed study and no
// strategy prints the study (as 'crawlsim seeds' does), not an empty
// strategy table; -svg draws its per-depth chart and -csv writes its
// per-depth table, where they failed ("no curve to plot") or wrote a
// header alone.
func TestRunPrintsTheSeedStudy(t *testing.T) {
	t.Chdir(t.TempDir())
	file := seedStudyScenario(t, "")
	out := mustRun(t, "run", "-scenario", file, "-svg", "depths.svg", "-csv", "depths.csv")
	for _, want := range []string{"community seeds from", "breadth-first crawls from each seed set", "average connected distance"} {
		if !strings.Contains(out, want) {
			t.Errorf("run prints no %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "strategy  downloads") || strings.Contains(out, "avg cum.:") {
		t.Errorf("run prints a strategy table with no strategy:\n%s", out)
	}
	if b, err := os.ReadFile("depths.svg"); err != nil || !strings.HasPrefix(string(b), "<svg") || !strings.Contains(string(b), "Breadth-first crawls from each seed set") {
		t.Errorf("-svg did not draw the per-depth chart (%v)", err)
	}
	rows := readCSV(t, "depths.csv")
	if len(rows) < 4 || strings.Join(rows[0], ",") != "seed_set,depth,pages,mean_importance" {
		t.Fatalf("-csv wrote %d rows, header %q; want the per-depth table", len(rows), rows[0])
	}
	sets := map[string]bool{}
	for _, r := range rows[1:] {
		sets[r[0]] = true
	}
	if len(sets) != 3 {
		t.Errorf("-csv holds the seed sets %v; want the community, random and top-PageRank ones", sets)
	}
}

// TestRunWithCrawlsAndSeedStudy: a run with strategies and a seed study
// prints both, the graph's facts once; -csv and -svg hold the crawls'
// curves and a note says where the study is.
func TestRunWithCrawlsAndSeedStudy(t *testing.T) {
	t.Chdir(t.TempDir())
	file := seedStudyScenario(t, `{"id": "bfs"}`)
	out, errOut, status := crawlsim(t, "run", "-scenario", file, "-csv", "curves.csv")
	if status != 0 {
		t.Fatalf("status %d: %s", status, errOut)
	}
	if !strings.Contains(out, "strategy  downloads") || !strings.Contains(out, "breadth-first crawls from each seed set") {
		t.Errorf("run does not print both the strategy table and the seed study:\n%s", out)
	}
	if n := strings.Count(out, "importance  pagerank"); n != 1 {
		t.Errorf("the graph's facts are printed %d times, want once:\n%s", n, out)
	}
	if rows := readCSV(t, "curves.csv"); rows[0][0] != "strategy" || len(rows) < 2 {
		t.Errorf("-csv with crawls does not hold their curves: %q", rows[0])
	}
	if !strings.Contains(errOut, "note: -csv holds the crawls' curves; the seed study") {
		t.Errorf("no note on where the seed study went: %q", errOut)
	}
}
