package main

import (
	"strconv"
	"strings"

	"github.com/vugu/vugu"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/report"
)

// RefreshPanel is the Revisit panel (docs/algorithms.md section 7; Singhal et al. 2012): how
// often to come back to each site of a changing web, by a fixed interval,
// by the change ratio, or by the change ratio and the users' interest,
// with freshness and the traffic of central and migrating crawlers. Its
// state is App.Revisits.
type RefreshPanel struct {
	App *App
}

// Chart is the freshness and traffic chart as markup (report.RefreshSVG
// escapes every label).
func (c *RefreshPanel) Chart() vugu.HTML { return vugu.HTML(c.App.Revisits.SVG) }

// Notes explains the table's columns in the command line's words
// (report.RefreshNotes).
func (c *RefreshPanel) Notes() string {
	return strings.Join(report.RefreshNotes(c.App.Revisits.Result), " ") + "."
}

// Stage is the simulation's progress in words.
func (c *RefreshPanel) Stage() string {
	return progressText(c.App.Revisits.Progress())
}

// Defaults says where the fields' defaults come from: crawlsim refresh's,
// but for fewer sites.
func (c *RefreshPanel) Defaults() string {
	return "The fields start at crawlsim refresh's defaults, except sites: " + strconv.Itoa(RefreshSites) + " here, " +
		model.Count(model.DefaultRefreshParams().Sites) + " there (-sites), so that the simulation takes a moment in the browser."
}

// Rendered redraws the panel's chart, after the page was drawn, when its
// box no longer has the width it was drawn for (App.redrawWhenResized).
func (c *RefreshPanel) Rendered(ctx vugu.RenderedCtx) { c.App.redrawWhenResized(ctx, &c.App.Revisits) }
