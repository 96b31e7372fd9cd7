package main

import (
	"strings"

	"github.com/crawlsim/crawlsim/engine/report"
)

// TimeTable is the table of simulated times after a politeness run
// (docs/algorithms.md section 5), with the same cells as the second table of
// crawlsim run (report.TimeRows): per timed strategy the simulated time
// to each level of importance, the crawl's duration and the connections'
// use.
type TimeTable struct {
	App *App
}

// Notes explains the table's columns in the command line's words
// (report.TimeNotes), and names the strategies run without the clock.
func (c *TimeTable) Notes() string {
	return strings.Join(report.TimeNotes(c.App.TimeLate, c.App.ShownTimeUntimed()), ". ") + "."
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
