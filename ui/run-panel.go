package main

// RunPanel runs and cancels the comparison and shows its progress, one bar
// per strategy.
type RunPanel struct {
	App *App
}

// Percent returns a progress in percent.
func (c *RunPanel) Percent(done, total int64) int { return ProgressPercent(done, total) }
