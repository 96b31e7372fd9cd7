package main

import (
	"strings"
	"testing"
)

// TestTimeTableNotesAreTheCommandLines: the notes under the page's table
// of simulated times are those crawlsim run prints under its own
// (report.TimeNotes), the strategies run without the clock named as it
// names them.
func TestTimeTableNotesAreTheCommandLines(t *testing.T) {
	a, finish := sessionApp(t)
	a.SetTimed(true)
	a.Run()
	finish()
	got := (&TimeTable{App: a}).Notes()
	for _, want := range []string{
		"to X%: simulated time of the download that brings the importance downloaded to X (—: never)",
		"duration: simulated time of the whole crawl; util.: share of the connections' time spent downloading. ",
		"optimal: not timed; it was run without the politeness clock.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the notes lack %q:\n%s", want, got)
		}
	}
}
