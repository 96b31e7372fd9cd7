package main

import (
	"strconv"

	"github.com/vugu/vugu"

	"github.com/crawlsim/crawlsim/engine/report"
)

// ChartView shows the chart of cumulative importance (report.SVG: one line
// per strategy, optimal wider and dashed), the choice of x axis, a legend
// whose entries hide, show and highlight their curve, and a crosshair with
// the readout of every curve under it, from the pointer or the arrow keys.
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

// Caption titles the chart: what it shows, on which graph.
func (c *ChartView) Caption() string {
	r := c.App.Result
	if r == nil {
		return "Cumulative importance of the pages downloaded"
	}
	caption := "Cumulative importance downloaded by " + strconv.Itoa(len(r.Strategies)) + " crawl orderings on " +
		groupDigits(strconv.FormatInt(r.Graph.Pages, 10)) + " pages"
	if c.App.Embed {
		return caption
	}
	return caption + " (" + groupDigits(r.Graph.SourceName) + ")"
}

// BoxLabel names the chart for screen readers and says how to read it.
func (c *ChartView) BoxLabel() string {
	return "Chart: " + c.Caption() + ". Press the left and right arrow keys to move a crosshair and read every curve's value."
}

// Rendered redraws the chart, after the page was drawn, when its box no
// longer has the size the chart was drawn for (the legend or the axis
// choice appeared below it, say).
func (c *ChartView) Rendered(ctx vugu.RenderedCtx) {
	a := c.App
	if a.ChartSVG == "" {
		return
	}
	if w, h := a.chartSize(); w != a.width || h != a.height {
		env := ctx.EventEnv()
		go func() {
			env.Lock()
			defer env.UnlockRender()
			a.resized()
		}()
	}
}

// Key moves the crosshair from the keyboard.
func (c *ChartView) Key(event vugu.DOMEvent) {
	if c.App.ChartKey(event.PropString("key"), event.PropBool("shiftKey")) {
		event.PreventDefault()
	}
}

// Move updates the crosshair from a mousemove over the chart.
func (c *ChartView) Move(event vugu.DOMEvent) {
	c.App.Hover(event.PropFloat64("offsetX"), event.PropFloat64("target", "clientWidth"))
}

// Swatch is a legend entry's swatch as markup (report.Legend writes it).
func (c *ChartView) Swatch(s string) vugu.HTML { return vugu.HTML(s) }

// EntryClass is a legend entry's CSS class: "off" when its curve is
// hidden.
func (c *ChartView) EntryClass(e report.LegendEntry) string {
	cls := "entry"
	if e.Reference {
		cls += " reference"
	}
	if !c.App.CurveShown(e.Label) {
		cls += " off"
	}
	return cls
}

// Pressed is a legend button's aria-pressed: "true" while its curve is
// shown.
func (c *ChartView) Pressed(label string) string {
	return strconv.FormatBool(c.App.CurveShown(label))
}

// FirstComparison is the time to the first comparison, in milliseconds.
func (c *ChartView) FirstComparison() string {
	return strconv.FormatFloat(c.App.FirstComparison, 'f', 0, 64)
}

// SVG is the chart as markup. report.SVG escapes every label, so the page
// inserts it as it is.
func (c *ChartView) SVG() vugu.HTML { return vugu.HTML(c.App.ChartSVG) }
