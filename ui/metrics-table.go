package main

// MetricsTable is the comparison table of docs/algorithms.md section 4,
// with the command line's figures a column each, headed by what they
// count (report.ReadableRows), and the run's warnings.
type MetricsTable struct {
	App *App
}

// TableID is the metrics table's id: "metrics" when it shows a result,
// "metrics-pending" while it shows App.ShownRows' stand-ins (the browser
// tests take rows of #metrics for a comparison shown).
func (c *MetricsTable) TableID() string {
	if c.App.Result == nil {
		return "metrics-pending"
	}
	return "metrics"
}

// TableClass is the metrics table's CSS class: "metrics pending" while it
// shows App.ShownRows' stand-ins.
func (c *MetricsTable) TableClass() string {
	if c.App.Result == nil {
		return "metrics pending"
	}
	return "metrics"
}
