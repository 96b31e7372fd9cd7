package main

import (
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// TestCancelledRerunOfTheSameScenario: a run of the scenario whose result
// is shown, cancelled, leaves that result as it was, not dimmed, and the
// note says the run was cancelled and the results are of the same
// scenario's earlier run; before, it said "these results are of the
// previous run, not of the scenario in the form", untrue then. A cancelled
// run of another scenario still marks the result as the previous run's,
// and so does one of the shown scenario started after it.
func TestCancelledRerunOfTheSameScenario(t *testing.T) {
	a, w := readyApp(t)
	cancel := func() {
		t.Helper()
		a.Run()
		if !a.Running() {
			t.Fatalf("the run did not start: %q %q", a.FormError, a.Error)
		}
		a.handle(pageEvent(protocol.Response{ID: w.sent[len(w.sent)-1].ID, Kind: protocol.KindCancelled}))
	}
	cancel()
	note := a.StaleNote()
	if a.Stale() || !strings.Contains(note, "cancelled") || !strings.Contains(note, "same scenario") || strings.Contains(note, "not of the scenario in the form") {
		t.Errorf("after a cancelled re-run of the shown scenario: stale %v, note %q", a.Stale(), note)
	}
	shown := a.Form.Pages
	a.Form.Pages = "1234"
	cancel()
	if !a.Stale() || !strings.Contains(a.StaleNote(), "not of the scenario in the form") {
		t.Errorf("after a cancelled run of another scenario: stale %v, note %q", a.Stale(), a.StaleNote())
	}
	a.Form.Pages = shown
	cancel()
	if a.Stale() || !strings.Contains(a.StaleNote(), "same scenario") {
		t.Errorf("after a cancelled run of the shown scenario again: stale %v, note %q", a.Stale(), a.StaleNote())
	}
}
