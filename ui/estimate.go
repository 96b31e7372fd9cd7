package main

import (
	"fmt"
	"math"

	"github.com/crawlsim/crawlsim/engine/model"
)

// How long a comparison on a generated graph takes in the browser, said
// before it starts (RunEstimate): a student who asks for two million
// pages learns that it takes minutes, not after half a minute of an
// importance bar. The figures are CPU time per link of the graph,
// measured with crawlsim's engine compiled to WebAssembly under Node on
// the 2-core machine of docs/performance.md: the shared stages (generating the
// graph, its PageRank, the reachable pages) took 18.9 s for 16,044,580
// links (2,000,000 pages), and each strategy about ten times its
// catalogue Cost (nanoseconds per link natively, on cnr-2000: the
// default comparison's sum, 587, took 2.5 µs a link natively on a
// generated graph, WebAssembly being 2 to 4 times slower). An estimate:
// the page says "about".
const (
	estimateSharedNs   = 1200
	estimateCostFactor = 10
	// estimateFloor is the shortest estimate the page mentions.
	estimateFloor = 10.0 // seconds
)

// comparisonSeconds estimates the seconds a comparison of s on a
// generated graph takes in the browser, its strategies spread over parts
// workers, each of which runs the shared stages on its own copy of the
// graph; 0 for a graph that is not generated.
func comparisonSeconds(s model.Scenario, parts int) float64 {
	g := s.Graph.Generate
	if g == nil || g.Pages <= 0 {
		return 0
	}
	mean := g.MeanOutDegree
	if mean <= 0 {
		mean = min(defaultMeanOutDegree, float64(g.Pages-1)/2)
	}
	links := float64(g.Pages) * mean
	cost := 0.0
	for _, st := range s.Strategies {
		info, _ := lookupStrategy(st.ID)
		c := info.Cost
		if c <= 0 {
			c = defaultStrategyCost
		}
		cost += c
	}
	return links * (estimateSharedNs + estimateCostFactor*cost/float64(max(parts, 1))) / 1e9
}

// defaultStrategyCost is the engine's crawl.DefaultCost, the Cost of a
// strategy whose catalogue entry gives none.
const defaultStrategyCost = 25

// RunEstimate says, before a comparison on a large generated graph
// starts, about how long it will take in this browser (comparisonSeconds,
// over the workers it may use); "" while a run goes, for a graph that is
// not generated, when it takes less than estimateFloor, for the scenario
// whose result is shown (it ran: its time is in the time table), or for
// the scenario the engine refused at the last Run, whose error says it
// cannot run.
func (a *App) RunEstimate() string {
	if a.Running() {
		return ""
	}
	s, ok := a.pendingScenario()
	if !ok || s.Graph.Generate == nil || a.refusedRun != nil && sameScenario(s, *a.refusedRun) {
		return ""
	}
	if a.Result != nil && !a.stale && a.shownKey != "" && scenarioKey(s) == a.shownKey {
		return ""
	}
	parts := min(max(a.q.Workers, 1), max(len(s.Strategies), 1), int(max(parallelMemory/max(a.graphBytes(s), 1), 1)))
	secs := comparisonSeconds(s, parts)
	if secs < estimateFloor {
		return ""
	}
	mean := s.Graph.Generate.MeanOutDegree
	if mean <= 0 {
		mean = min(defaultMeanOutDegree, float64(s.Graph.Generate.Pages-1)/2)
	}
	links := int64(math.Round(float64(s.Graph.Generate.Pages) * mean))
	return fmt.Sprintf("This comparison will take %s in this browser: the generated graph has %s and about %s. Fewer pages run faster.",
		aboutDuration(secs), model.Counted(int64(s.Graph.Generate.Pages), "page", "pages"), model.Counted(links, "link", "links"))
}

// aboutDuration writes an estimate of secs seconds in words: tens of
// seconds, then minutes, then hours and a half.
func aboutDuration(secs float64) string {
	switch {
	case secs < 55:
		return fmt.Sprintf("about %d seconds", int(math.Round(secs/10))*10)
	case secs < 90:
		return "about a minute"
	case secs < 55*60:
		return fmt.Sprintf("about %d minutes", int(math.Round(secs/60)))
	case secs < 90*60:
		return "about an hour"
	}
	return fmt.Sprintf("about %s hours", model.Count(int64(math.Round(secs/3600))))
}
