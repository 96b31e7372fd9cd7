package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/scenario"
)

// TestHiddenSettingsAreSaid: a scenario that sets what no field shows
// (damping, tolerance, the metrics' options, the generator's exponents
// and copy probability) opens a form whose run panel says so, each
// setting with its value; the page's default scenario says nothing, nor
// does it with every default written out, as crawlsim run
// -save-scenario and -link write it.
func TestHiddenSettingsAreSaid(t *testing.T) {
	if got := FormOf(defaultScenario()).HiddenSettings(); len(got) != 0 {
		t.Errorf("the default scenario has hidden settings %q", got)
	}
	written, err := scenario.Normalize(defaultScenario())
	if err != nil {
		t.Fatal(err)
	}
	if g := written.Graph.Generate; g.OutDegreeExponent == 0 || g.CopyProbability == nil {
		t.Fatalf("the normalised scenario leaves the generator's defaults out: %+v", g)
	}
	if got := FormOf(written).HiddenSettings(); len(got) != 0 {
		t.Errorf("the default scenario written out in full has hidden settings %q", got)
	}
	s := defaultScenario()
	s.Damping, s.Tolerance = 0.9, 1e-8
	s.Metrics.CurvePoints, s.Metrics.TauSample, s.Metrics.LowerBound = 200, 2000, 5
	copyProbability := 0.5
	s.Graph.Generate.OutDegreeExponent, s.Graph.Generate.HostSizeExponent = 2.1, 1.2
	s.Graph.Generate.CopyProbability = &copyProbability
	want := []string{
		"damping 0.9", "PageRank tolerance 1e-08", "200 curve points",
		"Kendall's tau on a sample of 2,000 pages", "the lower bound at 5 checkpoints",
		"host-size exponent 1.2", "out-degree exponent 2.1", "copy probability 0.5",
	}
	a := NewApp("", "")
	a.Form = FormOf(s)
	if got := a.Form.HiddenSettings(); !slices.Equal(got, want) {
		t.Errorf("hidden settings %q, want %q", got, want)
	}
	es := built(t, &RunPanel{App: a})
	note, ok := byID(es, "hidden-settings")
	if !ok || !strings.Contains(note.text, "damping 0.9; PageRank tolerance 1e-08;") {
		t.Errorf("the run panel says %q (shown %v)", note.text, ok)
	}
	a.Form = FormOf(defaultScenario())
	if _, ok := byID(built(t, &RunPanel{App: a}), "hidden-settings"); ok {
		t.Error("the run panel speaks of hidden settings for the default scenario")
	}
}
