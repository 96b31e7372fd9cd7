package main

import "strconv"

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

// PagesHint says what the count accepts (the command line's rule for -n)
// and that the page's generated graph is smaller than the command line's
// default.
func (c *SourcePanel) PagesHint() string {
	return "1 or more, as crawlsim run -n takes. This page starts with " + groupDigits(strconv.Itoa(PagePages)) + " pages so that the first comparison appears in seconds; crawlsim run generates " +
		groupDigits(strconv.Itoa(catalogue.DefaultPages)) + " unless -n says otherwise."
}

// FactsClass is the facts table's CSS class: "facts pending" while it
// shows App.ShownFacts' stand-ins.
func (c *SourcePanel) FactsClass() string {
	if c.App.FactsPending() {
		return "facts pending"
	}
	return "facts"
}
