package main

// SourcePanel chooses the graph: generated from the generator's
// parameters, or uploaded in any format the command line reads, with an
// optional URL list for hosts; it shows the graph's statistics.
type SourcePanel struct {
	App *App
}

// Show returns the CSS class that shows a part of the panel when on, and
// hides it otherwise (the file inputs stay in the page, keeping the
// user's files).
func (c *SourcePanel) Show(on bool) string {
	if on {
		return "fields"
	}
	return "fields hidden"
}
