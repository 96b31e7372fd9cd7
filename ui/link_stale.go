package main

// linkedNote says why the result is dimmed when the form holds a link's
// scenario that has not run (markLinked). It names no control, since
// embed mode shows the form's neither.
const linkedNote = "Results of the previous scenario, not of the link's."

// markLinked marks the result shown as of the previous scenario, with the
// dim and note of a run that replaces it (StaleNote), when a link applied
// to the open page puts another scenario in the form without running it:
// an upload's link whose file the page lacks, or any link once the worker
// failed for good. Edits to the form not run yet do not mark the result:
// the user made them and knows they have not run, and a mark at every
// keystroke would dim the chart while the user types; a link replaces the
// whole form at once, and the previous chart would read as the link's.
func (a *App) markLinked() {
	a.stale, a.cancelled, a.linked = true, false, true
}
