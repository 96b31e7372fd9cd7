package main

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/scenario"
)

// lNeighborRun runs l-neighbor from the top 20 pages of a generated web of
// 2,000 pages with personalized importance, with extra flags, as JSON.
func lNeighborRun(t *testing.T, extra ...string) *scenario.Result {
	t.Helper()
	args := append([]string{"run", "-n", "2000", "-importance", "personalized", "-seeds", "top-pagerank:20", "-strategies", "l-neighbor", "-json"}, extra...)
	out := mustRun(t, args...)
	res, err := scenario.ParseResult(strings.NewReader(out), "stdout")
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestRunTrust: -trust pagerank makes the trust the PageRank vector
// (docs/algorithms.md section 2): the result says the seeds' share 1-δ (below 1),
// l-neighbor's guarantee is that share times the guarantee with trust
// over the seeds, and the table's header says the share. Without -trust
// the header says nothing of trust.
func TestRunTrust(t *testing.T) {
	bySeeds := lNeighborRun(t)
	byPageRank := lNeighborRun(t, "-trust", "pagerank")
	if bySeeds.Scenario.Trust != "seeds" || bySeeds.SeedTrust != 1 {
		t.Errorf("default: trust %q, seed trust %v; want seeds, 1", bySeeds.Scenario.Trust, bySeeds.SeedTrust)
	}
	share := byPageRank.SeedTrust
	if byPageRank.Scenario.Trust != "pagerank" || !(share > 0 && share < 1) {
		t.Fatalf("-trust pagerank: trust %q, seed trust %v; want pagerank, a share below 1", byPageRank.Scenario.Trust, share)
	}
	gs, gp := bySeeds.Strategies[0].Summary.FinalGuarantee, byPageRank.Strategies[0].Summary.FinalGuarantee
	if math.Abs(gp-share*gs) > 1e-12 {
		t.Errorf("final guarantee %v, want 1-δ × %v = %v", gp, gs, share*gs)
	}

	args := []string{"run", "-n", "2000", "-importance", "personalized", "-seeds", "top-pagerank:20", "-strategies", "l-neighbor"}
	plain := mustRun(t, args...)
	if strings.Contains(plain, "\ntrust ") {
		t.Errorf("without -trust the table mentions trust:\n%s", plain)
	}
	table := mustRun(t, append(args, "-trust", "pagerank")...)
	line := regexp.MustCompile(`\ntrust +the PageRank vector; the seeds hold 1-δ = (0\.\d{5}) of it`).FindStringSubmatch(table)
	if line == nil {
		t.Fatalf("-trust pagerank: the table does not say the seeds' share:\n%s", table)
	}
	if want := strconv.FormatFloat(share, 'f', 5, 64); line[1] != want {
		t.Errorf("the table says 1-δ = %s, the result %s", line[1], want)
	}
	checkFails(t, 2, []string{"run", "-n", "100", "-trust", "bogus"}, `-trust "bogus" is not known`)
}

// TestRunRelative: with a budget of 150 of 2,000 pages, bfs never reaches
// 80% of the absolute importance; -relative counts the targets as shares
// of what it collects, so it reaches every level, the last within the
// budget, and the table's note says the targets are relative.
func TestRunRelative(t *testing.T) {
	args := []string{"run", "-n", "2000", "-seeds", "top-pagerank:20", "-strategies", "bfs", "-budget", "150"}
	absolute := mustRun(t, args...)
	relative := mustRun(t, append(args, "-relative")...)
	row := regexp.MustCompile(`\nbfs +150 +\S+ +\S+ +\S+ +(\S+) +(\S+) +(\S+) +(\S+) `)
	a, r := row.FindStringSubmatch(absolute), row.FindStringSubmatch(relative)
	if a == nil || r == nil {
		t.Fatalf("no bfs row:\n%s\n%s", absolute, relative)
	}
	if a[2] != "—" || a[4] != "—" {
		t.Errorf("absolute targets: bfs reaches 80%% at %s, 98%% at %s within 150 downloads; the test wants them out of reach", a[2], a[4])
	}
	for i, level := range []string{"50%", "80%", "90%", "98%"} {
		k, err := strconv.Atoi(strings.TrimSuffix(r[i+1], "/—"))
		if err != nil || k < 1 || k > 150 {
			t.Errorf("relative targets: to %s is %q, want a number of downloads within 150", level, r[i+1])
		}
	}
	if !strings.Contains(relative, "(relative targets)") || strings.Contains(absolute, "(relative targets)") {
		t.Errorf("the note on relative targets is missing from -relative's table or present without it:\n%s", relative)
	}
}

// TestRunTrustRelativeRoundTrip: -save-scenario keeps -trust pagerank and
// -relative, so the saved scenario runs again to the same result; a flag
// beside -scenario overrides the trust.
func TestRunTrustRelativeRoundTrip(t *testing.T) {
	t.Chdir(t.TempDir())
	mustRun(t, "run", "-n", "600", "-importance", "personalized", "-trust", "pagerank", "-relative", "-seeds", "top-pagerank:6",
		"-strategies", "l-neighbor,rankmass", "-save-scenario", "s.json", "-o", "r1.json")
	mustRun(t, "run", "-scenario", "s.json", "-o", "r2.json")
	r1, r2 := readResult(t, "r1.json"), readResult(t, "r2.json")
	if r1.Scenario.Trust != "pagerank" || !r1.Scenario.Metrics.Relative || !r1.Strategies[0].Summary.RelativeTargets {
		t.Fatalf("trust %q, relative %v", r1.Scenario.Trust, r1.Scenario.Metrics.Relative)
	}
	if a, b := withoutTimes(t, r1), withoutTimes(t, r2); a != b {
		t.Fatalf("the saved scenario gives another result:\n%s\nvs\n%s", a, b)
	}
	mustRun(t, "run", "-scenario", "s.json", "-trust", "seeds", "-o", "r3.json")
	if r3 := readResult(t, "r3.json"); r3.Scenario.Trust != "seeds" || r3.SeedTrust != 1 || !r3.Scenario.Metrics.Relative {
		t.Errorf("-scenario with -trust seeds: trust %q, seed trust %v, relative %v", r3.Scenario.Trust, r3.SeedTrust, r3.Scenario.Metrics.Relative)
	}
}
