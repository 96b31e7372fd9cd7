package main

import (
	"math"
	"strings"

	"github.com/vugu/vugu"

	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/crawlsim/crawlsim/wasm/page"
)

// The boxes the Revisits and Community seeds charts fill, and the
// Papers panel's first paragraph, as wide as the papers' charts are
// shown, which they are drawn for.
const (
	refreshChartID = "refresh-chart"
	seedsChartID   = "seeds-chart"
	papersBoxID    = "papers-about"
)

// minPanelChartWidth is the narrowest a panel's chart is drawn.
const minPanelChartWidth = 240

// elementSize measures an element of the page (page.ElementSize; a test
// replaces it, since nothing can be measured outside the browser).
var elementSize = page.ElementSize

// panelChartWidth is the width, in whole pixels, to draw a chart that
// fills the box with the id: the box's width, as the main chart is drawn
// at its box's (App.chartSize), so that its 12-pixel text is 12 pixels on
// the screen; fallback when the box cannot be measured (outside the
// browser, or before it is on the page).
func panelChartWidth(id string, fallback int) int {
	w, _ := elementSize(id)
	if w <= 0 {
		return fallback
	}
	return max(int(math.Round(w)), minPanelChartWidth)
}

// resizableChart is a panel's chart, drawn at its box's width.
type resizableChart interface {
	// resized says whether the chart's box changed width since the chart
	// was drawn (false when there is no chart).
	resized() bool
	// draw draws the chart at its box's width.
	draw()
}

// redrawIfResized redraws chart if its box changed width since it was
// drawn, and reports whether it did.
func redrawIfResized(chart resizableChart) bool {
	if !chart.resized() {
		return false
	}
	chart.draw()
	return true
}

// redrawWhenResized redraws, after the page was drawn, a panel's chart
// whose box no longer has the width it was drawn for (it arrived before
// its box was on the page, or the window was resized), as
// ChartView.Rendered does for the main chart. Each panel calls it for its
// own chart, so a resize redraws each chart once. Nothing is measured
// while a comparison runs (its progress renders the page several times a
// second).
func (a *App) redrawWhenResized(ctx vugu.RenderedCtx, chart resizableChart) {
	if a.Running() || !chart.resized() {
		return
	}
	env := ctx.EventEnv()
	go func() {
		env.Lock()
		defer env.UnlockRender()
		redrawIfResized(chart)
	}()
}

// resized says whether the Revisits chart's box changed width since the
// chart was drawn.
func (r *Revisits) resized() bool {
	return r.Result != nil && panelChartWidth(refreshChartID, r.drawnWidth) != r.drawnWidth
}

// resized says whether the Community seeds chart's box changed width
// since the chart was drawn.
func (c *Community) resized() bool {
	return c.Study != nil && panelChartWidth(seedsChartID, c.drawnWidth) != c.drawnWidth
}

// draw draws the last simulation's chart at its box's width.
func (r *Revisits) draw() {
	if r.Result == nil {
		return
	}
	w := panelChartWidth(refreshChartID, report.RefreshChartWidth)
	var b strings.Builder
	if err := report.RefreshChart(&b, r.Result, w); err != nil {
		r.Error = err.Error()
		return
	}
	r.SVG, r.drawnWidth = b.String(), w
}

// draw draws the last seed study's chart at its box's width.
func (c *Community) draw() {
	if c.Study == nil {
		return
	}
	w := panelChartWidth(seedsChartID, report.DepthChartWidth)
	var b strings.Builder
	if err := report.DepthChart(&b, c.Study, w); err != nil {
		c.Error = err.Error()
		return
	}
	c.DepthSVG, c.drawnWidth = b.String(), w
}
