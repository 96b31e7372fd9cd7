package main

import "strings"

// TimeTable is the table of simulated times after a politeness run
// (docs/algorithms.md section 5), with the same cells as the second table of
// crawlsim run (report.TimeRows): per timed strategy the simulated time
// to each level of importance, the crawl's duration and the connections'
// use.
type TimeTable struct {
	App *App
}

// Notes explains the table's columns as the command line does, and names
// the strategies run without the clock.
func (c *TimeTable) Notes() string {
	s := "to X%: simulated time of the download that brings the importance downloaded to X (— never)"
	if c.App.TimeLate {
		s += "; ≤: read at the next curve point, so it was reached by then"
	}
	s += ". duration: simulated time of the whole crawl; util.: share of the connections' time spent downloading."
	if u := c.App.ShownTimeUntimed(); len(u) > 0 {
		s += " Not timed: " + strings.Join(u, ", ") + " (run without the politeness clock)."
	}
	return s
}

// TableClass is the table's class: the result's (stale or not, as
// App.StaleClass says), or pending before the first result
// and while the run's stand-ins are shown (ShownTimeRows).
func (c *TimeTable) TableClass() string {
	if c.App.Result == nil || c.App.TimeStandingIn() {
		return "metrics pending"
	}
	return "metrics " + c.App.StaleClass()
}

// ShowsStale reports whether the table shows a previous run's times
// (not the stand-ins of the run in progress).
func (c *TimeTable) ShowsStale() bool { return c.App.Stale() && !c.App.TimeStandingIn() }
