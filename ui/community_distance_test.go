package main

import (
	"strconv"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/model"
)

// TestCommunityAndPapersEstimateOneDistance: on the same graph and random
// seed, the Community seeds panel and the Papers panel's paper 003 give
// the same estimate of the graph's average connected distance, and both
// say it is an estimate from so many sampled pages. A reviewer read 8.16
// in the panel and 8.49 in paper 003 on hollins: the panel sampled 50
// pages, the paper 100.
func TestCommunityAndPapersEstimateOneDistance(t *testing.T) {
	a, w := firstResult(t, "3000")
	a.Community.Extract(a.Form)
	for _, r := range w.take() {
		a.handle(pageEvent(r))
	}
	if a.Community.Study == nil || a.Community.Study.SeedStudy == nil {
		t.Fatalf("no seed study: %q", a.Community.Error)
	}
	ev := a.Community.Study.SeedStudy.Evaluation
	a.Papers.Paper = "003"
	a.Papers.Run(a.Form)
	for _, r := range w.take() {
		a.handle(pageEvent(r))
	}
	if a.Papers.Result == nil || len(a.Papers.Result.Reports) != 1 {
		t.Fatalf("no reproduction of paper 003: %q", a.Papers.Error)
	}
	var ours string
	for _, f := range a.Papers.Result.Reports[0].Findings {
		if f.Figure == "section 3.5.2" {
			ours = f.Ours
		}
	}
	estimate := "average connected distance " + strconv.FormatFloat(ev.AverageDistance, 'f', 2, 64) + ", estimated from " + model.Count(ev.DistanceSamples) + " sampled pages"
	if !strings.Contains(ours, estimate) {
		t.Errorf("paper 003 says %q; the panel's study found %q", ours, estimate)
	}
	panel := "estimated from " + model.Count(ev.DistanceSamples) + " sampled pages"
	if !strings.Contains(a.Community.Summary, panel) {
		t.Errorf("the panel says %q; want %q", a.Community.Summary, panel)
	}
}
