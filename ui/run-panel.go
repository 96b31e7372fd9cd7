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
