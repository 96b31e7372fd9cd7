package main

import (
	"encoding/json"

	"github.com/crawlsim/crawlsim/engine/model"
)

// A comparison started marks the result shown as the previous run's
// (stale) until its own arrives. When it is a re-run of the very scenario
// whose result is shown and is cancelled, that result is still the form's
// scenario's: it is not marked, and the note under the run bar says so.

// cancelledRerunNote is the note under the run bar once a re-run of the
// shown scenario was cancelled.
const cancelledRerunNote = "Run cancelled: the results shown are of the same scenario, from its earlier, finished run."

// scenarioKey identifies comparison s among those the page started: its
// JSON encoding ("" when it has none, which then matches no other).
func scenarioKey(s model.Scenario) string {
	data, err := json.Marshal(s)
	if err != nil {
		return ""
	}
	return string(data)
}

// keepShownIfRerun takes the cancel of the comparison last started: when
// it was a re-run of the scenario whose result is shown, that result is
// not stale (StaleNote then says cancelledRerunNote).
func (a *App) keepShownIfRerun() {
	if a.Result != nil && a.runKey != "" && a.runKey == a.shownKey {
		a.stale = false
	}
}
