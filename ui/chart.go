package main

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/crawlsim/crawlsim/wasm/page"
)

// chartBoxID is the id of the element the chart fills.
const chartBoxID = "chart"

// Chart is the state of the page's chart: the x axis, the size it is drawn
// at (that of its box, so its text stays legible on a phone), the legend
// the page draws itself, the curves hidden or highlighted from it, and the
// crosshair with its readout.
type Chart struct {
	// ChartSVG is the chart's markup (report.SVG, without its legend).
	ChartSVG string
	// XAxis is report.XFraction, XCount or XTime; LogX a logarithmic x
	// axis.
	XAxis string
	LogX  bool
	// Legend lists the curves (report.Legend); Hidden the labels of those
	// not drawn, Highlighted the one drawn on top.
	Legend      []report.LegendEntry
	Hidden      []string
	Highlighted string
	plot        report.PlotArea
	// width and height are the chart's size in its own units.
	width, height float64
	// Cursor is the crosshair's place along the plot, 0 to 1, or -1 when
	// none.
	Cursor float64
	// ReadoutX is the readout's caption, Readout its lines, largest value
	// first.
	ReadoutX string
	Readout  []ReadoutLine
	// readoutHigh places the readout in the upper part of the plot (the
	// curves are low under the crosshair).
	readoutHigh bool
	// boxHeight is the height of the chart's box in CSS pixels when the
	// chart was drawn (0 when the page could not measure it).
	boxHeight float64
}

// ReadoutLine is one legend entry's value in the readout.
type ReadoutLine struct {
	// Label is the entry's label, Value the value shown, Swatch the
	// entry's swatch (SVG markup from report.Legend).
	Label, Value, Swatch string
	// Pinned marks a value of the pinned run.
	Pinned bool
	value  float64
}

// Chart size in the chart's own units when the page cannot measure its box
// (outside the browser), and the smallest drawn.
const (
	chartWidth    = 860
	chartHeight   = 460
	minChartWidth = 300
	// minChartHeight is the least height an embedded chart is drawn at,
	// a little more than report.SVG's least (a plot 80 high and 68 for
	// the axes): a smaller box shrinks the chart, its text with it.
	minChartHeight = 150
)

// chartSize returns the size to draw the chart at: its box's width, and in
// embed mode its box's height; elsewhere a height that keeps the chart
// about half as high as wide.
func (a *App) chartSize() (float64, float64) {
	w, h := page.ElementSize(chartBoxID)
	if w <= 0 {
		return chartWidth, chartHeight
	}
	w = math.Max(math.Round(w), minChartWidth)
	if a.Embed && h > 0 {
		return w, math.Max(math.Round(h), minChartHeight)
	}
	return w, math.Round(math.Min(math.Max(w*0.55, 260), 520))
}

// resized redraws the chart when its box changed size.
func (a *App) resized() {
	if w, h := a.chartSize(); w != a.width || h != a.height {
		a.drawChart()
	}
}

// SetXAxis redraws the chart against another x axis.
func (a *App) SetXAxis(x string) {
	a.XAxis = x
	a.drawChart()
	a.showPermalink()
}

// SetLogX draws the x axis on a logarithmic scale or not.
func (a *App) SetLogX(on bool) {
	a.LogX = on
	a.drawChart()
	a.showPermalink()
}

// ToggleCurve shows or hides a legend entry's curve.
func (a *App) ToggleCurve(label string) {
	if i := slices.Index(a.Hidden, label); i >= 0 {
		a.Hidden = slices.Delete(a.Hidden, i, i+1)
	} else {
		a.Hidden = append(a.Hidden, label)
	}
	a.drawChart()
}

// CurveShown reports whether a legend entry's curve is drawn.
func (a *App) CurveShown(label string) bool { return !slices.Contains(a.Hidden, label) }

// HighlightCurve draws a legend entry's curve on top and the others faded
// ("" for none).
func (a *App) HighlightCurve(label string) {
	if a.Highlighted == label {
		return
	}
	a.Highlighted = label
	a.drawChart()
}

// Timed reports whether the last result ran on the politeness clock.
func (a *App) Timed() bool { return a.Result != nil && a.Result.Scenario.Politeness != nil }

// drawChart renders the result's chart at its box's size and remembers
// its plot area and legend.
func (a *App) drawChart() {
	a.ChartSVG = ""
	if a.Result == nil {
		return
	}
	if a.XAxis == report.XTime && !a.Timed() {
		a.XAxis = report.XFraction
	}
	a.width, a.height = a.chartSize()
	_, a.boxHeight = page.ElementSize(chartBoxID)
	opt := a.chartOptions()
	opt.NoLegend, opt.Hidden, opt.Highlight = true, a.Hidden, a.Highlighted
	var b strings.Builder
	if err := report.SVG(&b, a.Result, opt); err != nil {
		a.Error = err.Error()
		return
	}
	plot, err := report.Plot(a.Result, opt)
	if err != nil {
		a.Error = err.Error()
		return
	}
	legend, err := report.Legend(a.Result, opt)
	if err != nil {
		a.Error = err.Error()
		return
	}
	a.ChartSVG, a.plot, a.Legend = b.String(), plot, legend
	a.updateReadout()
}

// chartOptions are the options of the chart as downloaded: the page's axis
// at the default size, with its legend, and the pinned run's curves when
// one is compared.
func (a *App) chartOptions() report.ChartOptions {
	w, h := chartWidth, chartHeight
	if a.width > 0 {
		w, h = int(a.width), int(a.height)
	}
	opt := report.ChartOptions{Width: w, Height: h, X: a.XAxis, LogX: a.LogX,
		Guarantees: a.Result.Scenario.Importance == model.ImportancePersonalized, Catalogue: catalogue.Strategies}
	if a.Comparing() {
		opt.Pinned = a.Pinned.Result
	}
	return opt
}

// Hover places the crosshair under the pointer, at offsetX of a chart
// shown width pixels wide; outside the plot it hides it.
func (a *App) Hover(offsetX, width float64) {
	if a.Result == nil || width <= 0 || a.plot.Width <= 0 {
		return
	}
	x := offsetX / width * a.plot.ChartWidth
	if x < a.plot.Left || x > a.plot.Left+a.plot.Width {
		a.Leave()
		return
	}
	a.Cursor = (x - a.plot.Left) / a.plot.Width
	a.updateReadout()
}

// Leave hides the crosshair and its readout.
func (a *App) Leave() {
	a.Cursor, a.Readout, a.ReadoutX = -1, nil, ""
}

// ChartKey moves the crosshair from the keyboard: the left and right
// arrows by a fiftieth of the plot (a tenth with Shift), Home and End to
// its ends, Escape hides it. It reports whether it used the key.
func (a *App) ChartKey(key string, shift bool) bool {
	if a.Result == nil {
		return false
	}
	step := 0.02
	if shift {
		step = 0.1
	}
	c := a.Cursor
	switch key {
	case "ArrowRight":
		c = math.Max(c, 0) + step
	case "ArrowLeft":
		if c < 0 {
			c = 1
		}
		c -= step
	case "Home":
		c = 0
	case "End":
		c = 1
	case "Escape":
		a.Leave()
		return true
	default:
		return false
	}
	a.Cursor = math.Min(math.Max(c, 0), 1)
	a.updateReadout()
	return true
}

// cursorValue is the x axis's value under the crosshair.
func (a *App) cursorValue() float64 {
	p := a.plot
	if p.Log && p.XMin > 0 {
		return p.XMin * math.Pow(p.XMax/p.XMin, a.Cursor)
	}
	return a.Cursor * p.XMax
}

// updateReadout computes the readout at the crosshair: one line per
// legend entry drawn, and beside a pinned run its values too, each right
// under this run's value of the same strategy and marked pinned. The
// strategies go largest value first (this run's value, or the pinned
// run's for a strategy only it has): grouped so, a strategy's two values
// read as a pair, which is what a pinned run is kept for, and the order
// of the strategies stays that of this run.
func (a *App) updateReadout() {
	a.Readout, a.ReadoutX = nil, ""
	if a.Cursor < 0 || a.Result == nil {
		return
	}
	x := a.cursorValue()
	caption, lines := readoutAt(a.Result, a.XAxis, x, a.plot)
	byLabel := map[string]ReadoutLine{}
	for _, l := range lines {
		byLabel[l.Label] = l
	}
	pinnedByLabel := map[string]ReadoutLine{}
	if a.Comparing() {
		_, pinned := readoutAt(a.Pinned.Result, a.XAxis, x, a.plot)
		for _, l := range pinned {
			pinnedByLabel[l.Label] = l
		}
	}
	var groups [][]ReadoutLine
	top := 0.0
	for _, e := range a.Legend {
		if !a.CurveShown(e.Label) {
			continue
		}
		var group []ReadoutLine
		if l, ok := byLabel[first(e.Labels)]; ok && !e.Untimed {
			l.Label, l.Swatch = e.Label, e.Swatch
			group = append(group, l)
		}
		for _, label := range e.PinnedLabels {
			l, ok := pinnedByLabel[label]
			if !ok {
				continue
			}
			l.Label, l.Swatch, l.Pinned = label+" (pinned)", e.PinnedSwatch, true
			if e.Pinned {
				l.Swatch = e.Swatch
			}
			group = append(group, l)
		}
		if len(group) == 0 {
			continue
		}
		for _, l := range group {
			top = math.Max(top, l.value)
		}
		groups = append(groups, group)
	}
	slices.SortStableFunc(groups, func(p, q []ReadoutLine) int { return cmp.Compare(q[0].value, p[0].value) })
	a.readoutHigh = a.plot.YMax > 0 && top/a.plot.YMax < 0.5
	a.ReadoutX, a.Readout = caption, slices.Concat(groups...)
}

// first is the first of labels, "" when there is none.
func first(labels []string) string {
	if len(labels) == 0 {
		return ""
	}
	return labels[0]
}

// CrosshairStyle places the crosshair over the plot, in percent of the
// chart's box.
func (a *App) CrosshairStyle() string {
	p := a.plot
	if p.ChartWidth <= 0 || p.ChartHeight <= 0 {
		return "display:none"
	}
	x := 100 * (p.Left + a.Cursor*p.Width) / p.ChartWidth
	return fmt.Sprintf("left:%.2f%%;top:%.2f%%;height:%.2f%%", x, 100*p.Top/p.ChartHeight, 100*p.Height/p.ChartHeight)
}

// Readout returns, for the value x of the chart's x axis (in seconds on
// the time axis), its caption and every strategy's cumulative importance
// there (the curve's value at the last point at or before x), largest
// first.
func Readout(r *model.Result, axis string, x float64) (string, []ReadoutLine) {
	caption, lines := readoutAt(r, axis, x, report.PlotArea{TimeUnit: "s", TimeUnitSeconds: 1})
	sortReadout(lines)
	return caption, lines
}

// sortReadout puts the readout's lines largest value first, keeping the
// order of equal ones.
func sortReadout(lines []ReadoutLine) {
	slices.SortStableFunc(lines, func(a, b ReadoutLine) int { return cmp.Compare(b.value, a.value) })
}

// readoutAt returns Readout's caption and lines, in the result's order of
// strategies, for the value x of the x axis of plot: on the time axis x
// is in the axis's unit (plot.TimeUnit), which the caption says, and the
// curves are read at x*plot.TimeUnitSeconds seconds.
func readoutAt(r *model.Result, axis string, x float64, plot report.PlotArea) (string, []ReadoutLine) {
	var caption string
	switch axis {
	case report.XCount:
		caption = model.GroupDigits(fmt.Sprintf("%.0f", x)) + " pages downloaded"
	case report.XTime:
		unit, seconds := plot.TimeUnit, plot.TimeUnitSeconds
		if seconds <= 0 {
			unit, seconds = "s", 1
		}
		caption = model.About(x) + " " + unit + " of simulated time"
		x *= seconds
	default:
		caption = fmt.Sprintf("%.1f%% of the %s reachable pages downloaded", 100*x, model.Count(r.Reachable))
		x *= float64(r.Reachable)
	}
	var lines []ReadoutLine
	for _, s := range r.Strategies {
		c := s.Curve
		var pos []float64
		if axis == report.XTime {
			if c.T == nil {
				continue
			}
			pos = c.T
		}
		value := 0.0
		for i := range c.Value {
			p := float64(c.K[i])
			if pos != nil {
				p = pos[i]
			}
			if p > x {
				break
			}
			value = c.Value[i]
		}
		lines = append(lines, ReadoutLine{Label: s.Label, Value: strconv.FormatFloat(value, 'f', 4, 64), value: value})
	}
	return caption, lines
}

// OverallPercent is the run's progress in percent: the mean of its
// strategies' when it has them.
func (a *App) OverallPercent() int {
	p := a.Progress()
	if p == nil {
		return 0
	}
	if len(p.Strategies) == 0 {
		return ProgressPercent(p.Done, p.Total)
	}
	sum := 0
	for _, s := range p.Strategies {
		sum += ProgressPercent(s.Done, s.Total)
	}
	return sum / len(p.Strategies)
}

// announceProgress says the run's progress in the aria-live region at
// every tenth, not at every message.
func (a *App) announceProgress() {
	pct := a.OverallPercent()
	if pct/10 > a.announced {
		a.announced = pct / 10
		a.Announce = fmt.Sprintf("Running: %d%% done.", pct)
	}
}

// groupRows separates thousands in every cell but the first of each row
// (the strategy's label).
func groupRows(rows [][]string) [][]string {
	out := make([][]string, len(rows))
	for i, r := range rows {
		out[i] = slices.Clone(r)
		for j := 1; j < len(r); j++ {
			out[i][j] = model.GroupDigits(r[j])
		}
	}
	return out
}
