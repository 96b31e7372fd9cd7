package main

// MetricsTable is the comparison table of SPEC.md section 4, with the same
// cells as the command line's (report.Rows), and the run's warnings.
type MetricsTable struct {
	App *App
}

// Numeric reports whether column i holds figures, aligned right.
func (c *MetricsTable) Numeric(i int) string {
	if i == 0 {
		return "label"
	}
	return "num"
}
