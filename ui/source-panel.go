package main

import "github.com/crawlsim/crawlsim/engine/model"

// SourcePanel chooses the graph: generated from the generator's
// parameters, or uploaded in any format the command line reads, with an
// optional URL list for hosts; it shows the graph's statistics.
type SourcePanel struct {
	App *App
}

// UploadHintID is the id of the hint that says which files the page
// reads, which describes both file inputs (aria-describedby). It is bound
// (:id, :aria-describedby), not written in the template, and that
// matters: Vugu writes a block without bound attributes as static HTML
// that it sets again at every render, which made new, empty file inputs
// each time, so a file picked and then any render (a helper's progress,
// a field edited) left Load nothing to send.
func (c *SourcePanel) UploadHintID() string { return "upload-hint" }

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
	return "1 or more, as crawlsim run -n takes. This page starts with " + model.Count(PagePages) + " pages so that the first comparison appears in seconds; crawlsim run generates " +
		model.Count(catalogue.DefaultPages) + " unless -n says otherwise."
}

// FactsClass is the facts table's CSS class: "facts pending" while it
// shows App.ShownFacts' stand-ins.
func (c *SourcePanel) FactsClass() string {
	if c.App.FactsPending() {
		return "facts pending"
	}
	return "facts"
}

// FactClass is the CSS class of the facts table's row f: "warning" for
// what the reading of the graph warned of (graphFacts), else none.
func (c *SourcePanel) FactClass(f [2]string) string {
	if f[0] == factWarning {
		return "warning"
	}
	return ""
}
