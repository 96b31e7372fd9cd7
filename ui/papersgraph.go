package main

// GraphLine says the graph the papers were reproduced on, its numbers
// with thousands separators ("generated: 20,000 pages, ...").
func (c *PapersPanel) GraphLine() string {
	return "Graph: " + groupDigits(c.App.Papers.Result.Graph)
}
