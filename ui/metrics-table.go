package main

// MetricsTable is the comparison table of SPEC.md section 4, with the same
// cells as the command line's (report.Rows), and the run's warnings.
type MetricsTable struct {
	App *App
}
