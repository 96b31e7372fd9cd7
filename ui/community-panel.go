package main

import "github.com/vugu/vugu"

// CommunityPanel extracts community seeds from the graph (Daneshpajouh et al. 2008: HITS
// on the links between hosts, complete bipartite cores, one hub of each),
// shows how breadth-first crawls from them fare against random and
// top-PageRank seeds depth by depth, and can start the comparison from them.
// Its state is App.Community.
type CommunityPanel struct {
	App *App
}

// Chart is the per-depth chart as markup (report.DepthSVG escapes every
// name).
func (c *CommunityPanel) Chart() vugu.HTML { return vugu.HTML(c.App.Community.DepthSVG) }

// ReasonClass is the class of the line that says why Extract and evaluate
// is disabled: a graph without hosts is said as a problem ("reason"), a
// wait for the worker as a hint ("reason wait").
func (c *CommunityPanel) ReasonClass() string {
	if c.App.NoHostsReason() != "" {
		return "reason"
	}
	return "reason wait"
}

// Stage is the extraction's progress in words.
func (c *CommunityPanel) Stage() string {
	return progressText(c.App.Community.Progress())
}

// Extract extracts and evaluates community seeds of the form's graph.
// A graph known to have no hosts is refused (the button is disabled
// then), since the extraction works on the links between hosts.
func (c *CommunityPanel) Extract() {
	if reason := c.App.NoHostsReason(); reason != "" {
		c.App.Community.Error = reason
		return
	}
	c.App.Community.Extract(c.App.Form)
}

// Rendered redraws the panel's chart, after the page was drawn, when its
// box no longer has the width it was drawn for (App.redrawWhenResized).
func (c *CommunityPanel) Rendered(ctx vugu.RenderedCtx) {
	c.App.redrawWhenResized(ctx, &c.App.Community)
}
