package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestRefreshScenarioErrorsPlaced: every refusal of a revisit scenario
// file names the file, the line and column of the offending value and the
// field's full path, as run's scenario refusals do (alpha 2 once said
// "q.json: regulation.alpha: ..." with no place and without "simulation.").
// The places are counted by hand in the text below.
func TestRefreshScenarioErrorsPlaced(t *testing.T) {
	dir := t.TempDir()
	const text = `{
  "simulation": {
    "sites": 20,
    "horizon": 50,
    "regulation": {
      "initial": INITIAL,
      "min": MIN,
      "max": 200,
      "alpha": ALPHA
    }
  },
  "policies": [
    "POLICY",
    "change"
  ]
}
`
	scenarioText := func(initial, min, alpha, policy string) string {
		return strings.NewReplacer("INITIAL", initial, "MIN", min, "ALPHA", alpha, "POLICY", policy).Replace(text)
	}
	for _, c := range []struct {
		name, text string
		want       []string
	}{
		{"alpha.json", scenarioText("10", "1", "2", "fixed"),
			[]string{"alpha.json:9:16: simulation.regulation.alpha: alpha 2: want a weight from 0 to 1"}},
		{"policy.json", scenarioText("10", "1", "0.5", "fixd"),
			[]string{`policy.json:13:5: policies[0]: unknown policy "fixd"`}},
		{"initial.json", scenarioText("500", "1", "0.5", "fixed"),
			[]string{"initial.json:6:18: simulation.regulation.initial: initial 500 is outside [min, max] = [1, 200]"}},
		// Two problems, each on its own line with its own place.
		{"min.json", scenarioText("10", "300", "0.5", "fixed"),
			[]string{"2 problems:\n", "min.json:7:14: simulation.regulation.min: min 300 is above max 200\n",
				"min.json:6:18: simulation.regulation.initial: initial 10 is outside [min, max] = [300, 200]"}},
	} {
		path := writeFile(t, dir, c.name, c.text)
		want := make([]string, len(c.want))
		for i, w := range c.want {
			want[i] = strings.ReplaceAll(w, c.name+":", filepath.Join(dir, c.name)+":")
		}
		checkFails(t, 1, []string{"refresh", "-scenario", path}, want...)
	}
}
