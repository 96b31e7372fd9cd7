package main

// Formats are the formats the table is copied in: id and name.
func (c *MetricsTable) Formats() [][2]string {
	out := make([][2]string, len(tableFormats))
	for i, f := range tableFormats {
		out[i] = [2]string{f.Format, f.Name}
	}
	return out
}

// CompareClass is the class of the tables' box: "compare on" while a
// pinned result is shown beside the current one (side by side, stacked at
// phone width).
func (c *MetricsTable) CompareClass() string {
	if c.App.Comparing() {
		return "compare on"
	}
	return "compare"
}
