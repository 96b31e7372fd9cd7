package main

// RunPanel runs and cancels the comparison and shows its progress, one bar
// per strategy.
type RunPanel struct {
	App *App
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
