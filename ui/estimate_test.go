package main

import (
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/crawl"
)

// TestRunEstimate: before a comparison on a large generated graph the
// run panel says about how long it will take; a small graph, a graph
// that is not generated and a run in flight say nothing; fewer workers
// take longer.
func TestRunEstimate(t *testing.T) {
	if defaultStrategyCost != crawl.DefaultCost {
		t.Errorf("defaultStrategyCost %v, the engine's crawl.DefaultCost %v", defaultStrategyCost, crawl.DefaultCost)
	}
	a := NewApp("", "")
	if got := a.RunEstimate(); got != "" {
		t.Errorf("the default form's estimate %q, want none", got)
	}
	a.Form.Pages = "2000000"
	got := a.RunEstimate()
	for _, want := range []string{"This comparison will take about ", " minutes in this browser", "2,000,000 pages", "about 16,000,000 links"} {
		if !strings.Contains(got, want) {
			t.Errorf("estimate for 2,000,000 pages %q lacks %q", got, want)
		}
	}
	s, ok := a.pendingScenario()
	if !ok {
		t.Fatal("no scenario")
	}
	if one, three := comparisonSeconds(s, 1), comparisonSeconds(s, 3); !(one > three && three > 0) {
		t.Errorf("one worker %v s, three %v s", one, three)
	}
	for secs, want := range map[float64]string{12: "about 10 seconds", 70: "about a minute", 200: "about 3 minutes", 4000: "about an hour", 20000: "about 6 hours"} {
		if got := aboutDuration(secs); got != want {
			t.Errorf("aboutDuration(%v) = %q, want %q", secs, got, want)
		}
	}
}
