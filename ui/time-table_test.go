package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/report"
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

// TestTimeTableHeadsItsStrategies: the page's table of simulated times
// heads its first column, the strategies, as the metrics table does;
// the command line's head "simulated time" there is its table's title,
// which the panel's heading says. The other columns are the command
// line's, before and after the result.
func TestTimeTableHeadsItsStrategies(t *testing.T) {
	a, finish := sessionApp(t)
	a.SetTimed(true)
	cli, _, _, _ := report.TimeRows(&model.Result{})
	check := func(when string) {
		head := a.ShownTimeHead()
		if len(head) != len(cli) || head[0] != report.ColStrategy || !slices.Equal(head[1:], cli[1:]) {
			t.Errorf("%s: the table's head is %q; want %q and then %q", when, head, report.ColStrategy, cli[1:])
		}
	}
	a.Run()
	check("during the run")
	finish()
	check("after it")
}
