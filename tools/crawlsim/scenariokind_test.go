package main

import (
	"strings"
	"testing"
)

// TestScenarioOfTheOtherCommand: a refresh scenario given to run, or a run
// scenario given to refresh, is refused naming the command that runs it,
// still at the field's line and column (it said only 'unknown field
// "simulation"').
func TestScenarioOfTheOtherCommand(t *testing.T) {
	inputFiles(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "-scenario", "refresh.json"}, `refresh.json:1:16: unknown field "simulation": this is a refresh scenario; run it with crawlsim refresh -scenario refresh.json`},
		{[]string{"refresh", "-scenario", "scenario.json"}, `scenario.json:1:16: unknown field "graph": this is a run scenario (a crawl comparison); run it with crawlsim run -scenario scenario.json`},
	} {
		_, errOut, status := crawlsim(t, c.args...)
		if status == 0 || !strings.Contains(errOut, c.want) {
			t.Errorf("crawlsim %s: status %d, stderr %q; want %q", strings.Join(c.args, " "), status, errOut, c.want)
		}
	}
	// A field of neither kind is still an unknown field, with the fields
	// expected.
	if _, errOut, _ := crawlsim(t, "run", "-scenario", "unrelated.json", "-strategies", "bfs"); strings.Contains(errOut, "this is a") {
		t.Errorf("an empty object is taken for a scenario of the other kind: %q", errOut)
	}
}
