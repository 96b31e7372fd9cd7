package main

import (
	"strings"
	"testing"
)

// TestScenarioOfTheOtherCommand: a refresh scenario given to run, or a run
// scenario given to refresh, is refused naming the command that runs it,
// still at the field's line and column (it said only 'unknown field
// "simulation"'); a result (run -o, the page's Result (JSON)) is refused
// as a result, naming what reruns it (it said 'unknown field "scenario"
// in the top level; expected one of: version, graph, ...').
func TestScenarioOfTheOtherCommand(t *testing.T) {
	inputFiles(t)
	mustRun(t, "run", "-n", "200", "-strategies", "bfs", "-o", "result.json")
	_, errOut, status := crawlsim(t, "run", "-scenario", "result.json")
	if want := `result.json:1:14: unknown field "scenario": this is a result (crawlsim run -o, or the page's Result (JSON)), not a scenario; give -scenario the file -save-scenario writes, or, for a result of the page, its permalink`; status == 0 || !strings.Contains(errOut, want) {
		t.Errorf("crawlsim run -scenario result.json: status %d, stderr %q; want %q", status, errOut, want)
	}
	mustRun(t, "refresh", "-sites", "20", "-horizon", "20", "-o", "revisits.json")
	for _, command := range []string{"run", "refresh"} {
		_, errOut, status := crawlsim(t, command, "-scenario", "revisits.json")
		if want := `revisits.json:1:14: unknown field "refresh": this is a result of crawlsim refresh -o, not a scenario; give -scenario the file crawlsim refresh -save-scenario writes`; status == 0 || !strings.Contains(errOut, want) {
			t.Errorf("crawlsim %s -scenario revisits.json: status %d, stderr %q; want %q", command, status, errOut, want)
		}
	}
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
