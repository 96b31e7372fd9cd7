package main

// GraphLine says the graph the papers were reproduced on, as the worker
// describes it: its counts with thousands separators, a file's name as
// chosen ("20240101.edges (1,200 pages, ...)").
func (c *PapersPanel) GraphLine() string {
	return "Graph: " + c.App.Papers.Result.Graph
}
