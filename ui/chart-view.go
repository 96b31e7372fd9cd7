package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/vugu/vugu"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/crawlsim/crawlsim/wasm/page"
)

// ChartView shows the chart of cumulative importance (report.SVG: one line
// per strategy, optimal wider and dashed), the choice of x axis, a legend
// whose entries hide, show and highlight their curve, and a crosshair with
// the readout of every curve under it, from the pointer or the arrow keys.
type ChartView struct {
	App *App
}

// ChartHeading titles the chart. It is the same before and after a
// result (index.html's skeleton shows it too), so that nothing under it
// moves when the first comparison is drawn.
const ChartHeading = "Cumulative importance of the pages downloaded"

// AxisChoice is an x axis the chart offers: its report.X* name, its label,
// and whether it can be chosen for the result shown.
type AxisChoice struct {
	Name, Label string
	Usable      bool
}

// Axes are the x axes the chart offers. Simulated time is listed even for
// a result without the politeness clock, disabled then (AxisTitle says
// why), so the row keeps its width and wraps the same way.
func (c *ChartView) Axes() []AxisChoice {
	return []AxisChoice{{report.XFraction, "fraction downloaded", true}, {report.XCount, "pages downloaded", true},
		{report.XTime, "simulated time", c.App.Timed()}}
}

// AxisClass is an axis choice's CSS class: "idle" (in the muted ink,
// its button disabled) when it cannot be chosen.
func (c *ChartView) AxisClass(ax AxisChoice) string {
	if ax.Usable {
		return ""
	}
	return "idle"
}

// AxisTitle says why an axis cannot be chosen: "" when it can.
func (c *ChartView) AxisTitle(ax AxisChoice) string {
	if ax.Usable {
		return ""
	}
	return "Only a run with politeness (the simulated clock) has simulated times"
}

// AxesClass is the axis row's CSS class: "axes idle" (its choices
// disabled, as in index.html's skeleton) until there is a result to draw.
func (c *ChartView) AxesClass() string {
	if c.App.Result == nil {
		return "axes idle"
	}
	return "axes"
}

// Compared says what the chart compares, on which graph. Before the first
// result it says what the first run will compare (App.pendingCompared),
// so that the line is there, of its length, when the result comes.
func (c *ChartView) Compared() string {
	if c.App.Result == nil {
		return c.App.pendingCompared()
	}
	return c.comparedResult()
}

// comparedResult says what the result's chart compares: "" before a
// result.
func (c *ChartView) comparedResult() string {
	r := c.App.Result
	if r == nil {
		return ""
	}
	return comparedText(len(r.Strategies), r.Graph.Pages, r.Graph.SourceName, c.App.Embed)
}

// Caption titles the chart with what it compares, for screen readers (the
// chart box's label).
func (c *ChartView) Caption() string {
	if compared := c.comparedResult(); compared != "" {
		return ChartHeading + ". " + strings.TrimSuffix(compared, ".")
	}
	return ChartHeading
}

// BoxLabel names the chart for screen readers and says how to read it.
func (c *ChartView) BoxLabel() string {
	return "Chart: " + c.Caption() + ". Press the left and right arrow keys to move a crosshair and read every curve's value."
}

// Rendered redraws the chart, after the page was drawn, when its box no
// longer has the size the chart was drawn for (the legend or the axis
// choice appeared below it, say), and scrolls the chart's box whole into
// view after a key moved its crosshair (Key).
func (c *ChartView) Rendered(ctx vugu.RenderedCtx) {
	a := c.App
	if a.chartIntoView {
		a.chartIntoView = false
		page.FocusInView("chart")
	}
	// While a comparison runs, the progress re-renders the page several
	// times a second and nothing changes the chart's box (the progress
	// bars drop over it): measuring the box would force the browser to
	// lay the page out each time, on the thread the workers' cores need.
	if a.ChartSVG == "" || a.Running() {
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
		// The arrow keys belong to the chart, so the page cannot be
		// scrolled with them to a readout below the screen: the chart's
		// box is scrolled whole into view once drawn (Rendered).
		c.App.chartIntoView = c.App.ReadoutX != ""
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

// PendingClass is the CSS class of a part of the chart panel (class
// base) that shows what the first run will show before its result:
// "base pending" then.
func (c *ChartView) PendingClass(base string) string {
	if c.App.Result == nil {
		return base + " pending"
	}
	return base
}

// Pressed is a legend button's aria-pressed: "true" while its curve is
// shown.
func (c *ChartView) Pressed(label string) string {
	return ariaBool(c.App.CurveShown(label))
}

// FirstComparison is the time to the first comparison, in milliseconds.
func (c *ChartView) FirstComparison() string {
	return strconv.FormatFloat(c.App.FirstComparison, 'f', 0, 64)
}

// SVG is the chart as markup. report.SVG escapes every label, so the page
// inserts it as it is.
func (c *ChartView) SVG() vugu.HTML { return vugu.HTML(c.App.ChartSVG) }

// PinnedNote says, under the chart, which curves are the pinned run's and
// what it ran.
func (c *ChartView) PinnedNote() string {
	if !c.App.Comparing() {
		return ""
	}
	return "Dashed, lighter curves in each strategy's colour (its second swatch in the legend): the pinned run, " + c.App.Pinned.Caption + ". " + c.App.PinnedDifference() + " Unpin it under the metrics."
}

// ReadoutClass is a readout line's CSS class: "line pinned" for a value
// of the pinned run.
func (c *ChartView) ReadoutClass(l ReadoutLine) string {
	if l.Pinned {
		return "line pinned"
	}
	return "line"
}

// EmbedWhat says in one line, in embed mode, what a curve is: the full
// page's paragraph (#chart-what) is longer than a frame's line.
const EmbedWhat = "Each curve is a crawler: the importance it has downloaded (up) after each page (across)."

// LegendMore is the note an embedded chart's legend shows over its last
// row while entries are scrolled out of its box (static/style.css shows
// it only then): how many curves there are, and to scroll for the rest.
// Screen readers have every entry, and do not hear it.
func (c *ChartView) LegendMore() string {
	return fmt.Sprintf("%s: scroll for the rest ↓", model.Counted(int64(len(c.App.ShownLegend())), "curve", "curves"))
}

// ToTable moves the focus to the metrics table's panel, under the chart
// (on a phone, under the legend's rows), without changing the address
// (its fragment holds the scenario).
func (c *ChartView) ToTable(event vugu.DOMEvent) {
	event.PreventDefault()
	page.Focus("metrics-panel")
}
