package main

// RunPanel runs and cancels the comparison and shows its progress, one bar
// per strategy.
type RunPanel struct {
	App *App
}

// Percent returns a progress in percent.
func (c *RunPanel) Percent(done, total int64) int { return ProgressPercent(done, total) }

// Stage is the line beside Run: the comparison's stage while it runs,
// else why Run is disabled (App.BusyReason).
func (c *RunPanel) Stage() string {
	if reason := c.App.BusyReason(); reason != "" {
		return reason
	}
	return c.App.Stage()
}
