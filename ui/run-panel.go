package main

import (
	"strconv"

	"github.com/crawlsim/crawlsim/wasm/page"
)

// RunPanel runs and cancels the comparison and shows its progress, one bar
// per strategy.
type RunPanel struct {
	App *App
}

// CancelDisabled is the aria-disabled attribute of Cancel: "true" when
// no comparison runs. It is not given the disabled property, so that
// the keyboard user who pressed it, or waits on it, keeps the focus when
// the run ends (App.BusyDisabled).
func (c *RunPanel) CancelDisabled() string { return strconv.FormatBool(!c.App.Running()) }

// CancelTabIndex is the tabindex of Cancel: out of the Tab order ("-1")
// when no comparison runs, as a disabled button is, so that Tab goes
// from Run to the chart as quickly; it still keeps the focus it holds.
func (c *RunPanel) CancelTabIndex() string {
	if c.App.Running() {
		return "0"
	}
	return "-1"
}

// Cancel is the press of Cancel: it cancels the comparison, if one runs.
func (c *RunPanel) Cancel() {
	if c.App.Running() {
		c.App.Cancel()
	}
}

// Percent returns a progress in percent.
func (c *RunPanel) Percent(done, total int64) int { return ProgressPercent(done, total) }

// StageClass is the class of the line beside Run: "stage reason" when
// it says why Run waits, which phones show too (they leave the run's
// stage to the drop-down).
func (c *RunPanel) StageClass() string {
	if c.App.BusyReason() != "" {
		return "stage reason"
	}
	return "stage"
}

// Stage is the line beside Run: the comparison's stage while it runs,
// else why Run is disabled (App.BusyReason).
func (c *RunPanel) Stage() string {
	if reason := c.App.BusyReason(); reason != "" {
		return reason
	}
	return c.App.Stage()
}

// ShowsStaleNote reports whether the run panel says why the result is
// dimmed, when no run goes (the run's drop-down says it meanwhile): not
// in embed mode when the chart says it (ChartView), which would leave the
// chart less of the frame's height for the same words.
func (c *RunPanel) ShowsStaleNote() bool {
	return c.App.StaleNote() != "" && !c.App.Running() && !(c.App.Embed && c.App.Stale())
}

// InvalidField is the name of the first field the run bar's form error
// names that the form has an input for (goToTarget), which the button
// under the error goes to (GoToInvalid); "" when it names none, and in
// embed mode, which has no form. On a phone the form is many screens
// under the run bar, and a keyboard reader dozens of Tab presses from it.
func (c *RunPanel) InvalidField() string {
	if c.App.Embed {
		return ""
	}
	_, name := goToTarget(c.App)
	return name
}

// GoToInvalid gives the focus to the input of the field InvalidField
// names, scrolled to the middle of the view, with its label and its hint.
func (c *RunPanel) GoToInvalid() {
	if id, _ := goToTarget(c.App); id != "" {
		focusField(id)
	}
}

// focusField gives a field of the form the focus (page.FocusCentred);
// tests replace it.
var focusField = page.FocusCentred
