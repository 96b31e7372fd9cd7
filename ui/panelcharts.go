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

// redrawPanelCharts redraws the Revisits and Community seeds charts whose
// box changed width since they were drawn, and reports whether it did.
func (a *App) redrawPanelCharts() bool {
	r, c := &a.Revisits, &a.Community
	changed := false
	if r.Result != nil && panelChartWidth(refreshChartID, r.drawnWidth) != r.drawnWidth {
		r.draw()
		changed = true
	}
	if c.Study != nil && panelChartWidth(seedsChartID, c.drawnWidth) != c.drawnWidth {
		c.draw()
		changed = true
	}
	return changed
}

// panelChartsResized says whether a panel's chart box changed width
// since its chart was drawn.
func (a *App) panelChartsResized() bool {
	r, c := &a.Revisits, &a.Community
	return r.Result != nil && panelChartWidth(refreshChartID, r.drawnWidth) != r.drawnWidth ||
		c.Study != nil && panelChartWidth(seedsChartID, c.drawnWidth) != c.drawnWidth
}

// redrawWhenResized redraws, after the page was drawn, the panels' charts
// whose box no longer has the width they were drawn for (they arrived
// before their box was on the page, or the window was resized), as
// ChartView.Rendered does for the main chart. Nothing is measured while a
// comparison runs (its progress renders the page several times a second).
func (a *App) redrawWhenResized(ctx vugu.RenderedCtx) {
	if a.Running() || a.Revisits.Result == nil && a.Community.Study == nil {
		return
	}
	if a.panelChartsResized() {
		env := ctx.EventEnv()
		go func() {
			env.Lock()
			defer env.UnlockRender()
			a.redrawPanelCharts()
		}()
	}
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
