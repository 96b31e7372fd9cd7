package main

import (
	"strconv"

	"github.com/vugu/vugu"

	"github.com/crawlsim/crawlsim/engine/report"
)

// ChartView shows the chart of cumulative importance (report.SVG: one line
// per strategy, optimal dashed), the choice of x axis, and a readout of
// every strategy's value under the pointer.
type ChartView struct {
	App *App
}

// Axes are the x axes the chart offers.
func (c *ChartView) Axes() [][2]string {
	axes := [][2]string{{report.XFraction, "fraction downloaded"}, {report.XCount, "pages downloaded"}}
	if c.App.Timed() {
		axes = append(axes, [2]string{report.XTime, "simulated time"})
	}
	return axes
}

// Move updates the readout from a mousemove over the chart.
func (c *ChartView) Move(event vugu.DOMEvent) {
	c.App.Hover(event.PropFloat64("offsetX"), event.PropFloat64("target", "clientWidth"))
}

// ReadoutStyle places the readout beside the pointer.
func (c *ChartView) ReadoutStyle() string {
	pos := c.App.ReadoutPos
	if pos > 60 {
		return "right:" + strconv.FormatFloat(100-pos+1, 'f', 1, 64) + "%"
	}
	return "left:" + strconv.FormatFloat(pos+1, 'f', 1, 64) + "%"
}

// FirstComparison is the time to the first comparison, in milliseconds.
func (c *ChartView) FirstComparison() string {
	return strconv.FormatFloat(c.App.FirstComparison, 'f', 0, 64)
}

// SVG is the chart as markup. report.SVG escapes every label, so the page
// inserts it as it is.
func (c *ChartView) SVG() vugu.HTML { return vugu.HTML(c.App.ChartSVG) }
