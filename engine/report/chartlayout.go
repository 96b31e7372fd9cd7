// The chart's layout: where the plot, axes and legend go (chartLayout),
// and the plot area a page needs for its hover readout (PlotArea, Plot).

package report

import (
	"fmt"
	"math"
	"unicode/utf8"

	"github.com/crawlsim/crawlsim/engine/model"
)

// chartLayout is where a chart's parts go: SVG draws it, PlotArea tells
// the page where the plot is.
type chartLayout struct {
	lines  []line
	xTitle string
	// xTitleLines are the lines the x axis's title is drawn on: xTitle
	// alone, or wrapped to the width of a narrow chart (layoutBelow).
	xTitleLines []string
	// yTitle is the y axis's title, yTitleLines the lines it is drawn on
	// (yTitleLines): the plot starts yTitleLine further right for each
	// line after the first.
	yTitle            string
	yTitleLines       []string
	title             []string
	entries           []line
	legend            legendLayout
	top, plotH, plotW float64
	left              float64
	height            int
	xs, ys            axisScale
	// log marks a logarithmic x axis from xs.bottom to xs.top.
	log bool
}

// xFraction returns where x lies along the x axis, 0 at its start and 1
// at its end.
func (c chartLayout) xFraction(x float64) float64 {
	if c.log {
		return (math.Log10(x) - math.Log10(c.xs.bottom)) / (math.Log10(c.xs.top) - math.Log10(c.xs.bottom))
	}
	return x / c.xs.top
}

// layoutChart computes the layout of r's chart under opt (with its
// defaults filled in).
func layoutChart(r *model.Result, opt ChartOptions) (chartLayout, error) {
	lines, xTitle, err := chartAndPinnedLines(r, opt)
	if err != nil {
		return chartLayout{}, err
	}

	// Scales from the data.
	xHi, yHi, xLo := 0.0, 0.0, math.Inf(1)
	for _, l := range lines {
		for i := range l.xs {
			xHi = math.Max(xHi, l.xs[i])
			yHi = math.Max(yHi, l.ys[i])
			if l.xs[i] > 0 {
				xLo = math.Min(xLo, l.xs[i])
			}
		}
	}
	if opt.X == XFraction {
		xHi = math.Max(xHi, 1)
	}

	// Layout: the title on top, the y labels on the left, the x labels
	// below, the legend on the right.
	title := TitleLines(opt.Title, opt.Width)
	top := 16.0 + titleHeight(title)
	bottom := 52.0
	entries := legendEntries(lines)
	legend := layoutLegend(entries, opt.Width, opt.Height, top)
	if opt.NoLegend {
		entries, legend = nil, legendLayout{height: opt.Height, width: -16}
	}
	height := legend.height
	plotH := float64(height) - top - bottom
	yTitle := "cumulative " + importanceName(r)
	yLines := yTitleLines(yTitle, plotH)
	ys := niceScale(yHi, int(plotH/50))
	left := yLabelsLeft(ys) + yTitleLine*float64(len(yLines)-1)
	plotW := float64(opt.Width) - left - legend.width - 32
	xs, logX, sideXTitle := xScale(opt, plotW, xLo, xHi, xTitle)
	lay := chartLayout{lines: lines, xTitle: xTitle, yTitle: yTitle, title: title, entries: entries, top: top}
	if !opt.NoLegend && opt.Width < narrowChartWidth && (plotW < narrowPlotShare*float64(opt.Width) ||
		charWidth*float64(utf8.RuneCountInString(sideXTitle)) > 2*math.Min(left+plotW/2, plotW/2+24)) {
		// Beside the plot the legend leaves it too narrow, or its x
		// axis's title runs off the chart or into the legend.
		return layoutBelow(opt, lay, xLo, xHi, yHi)
	}
	if plotW < 120 || plotH < 80 {
		return chartLayout{}, fmt.Errorf("report: a chart of %d by %d pixels is too small for its axes and legend; make it larger", opt.Width, opt.Height)
	}
	lay.legend, lay.height = legend, height
	if opt.NoLegend {
		return layoutNoLegend(opt, lay, xLo, xHi, yHi)
	}
	lay.xTitle, lay.xTitleLines, lay.yTitleLines = sideXTitle, []string{sideXTitle}, yLines
	lay.plotH, lay.plotW, lay.left, lay.xs, lay.ys, lay.log = plotH, plotW, left, xs, ys, logX
	return lay, nil
}

// yLabelsLeft is the plot's left edge: room for the y axis's title and
// its longest tick label.
func yLabelsLeft(ys axisScale) float64 {
	labelChars := 0
	for _, s := range ys.labels {
		labelChars = max(labelChars, utf8.RuneCountInString(s))
	}
	return 36.0 + charWidth*float64(labelChars)
}

// xScale is the x axis of a plot plotW pixels wide for x values up to xHi
// (the smallest positive xLo): linear, or logarithmic with opt.LogX, its
// title xTitle then saying so.
func xScale(opt ChartOptions, plotW, xLo, xHi float64, xTitle string) (axisScale, bool, string) {
	xs := niceScale(xHi, int(plotW/65))
	logX := opt.LogX && !math.IsInf(xLo, 1) && xHi > xLo
	if logX {
		xs = logScale(xLo, xHi)
		spaceLogLabels(&xs, plotW)
		if opt.X == XFraction {
			xTitle += " (logarithmic)"
		} else {
			xTitle += ", logarithmic"
		}
	}
	return xs, logX, xTitle
}

// PlotArea says where the plot of r's chart under opt lies, in the chart's
// own units (its viewBox): the plot spans x from Left to Left+Width, and
// the x axis runs from 0 at Left to XMax at Left+Width. ChartWidth is the
// viewBox's width. The page uses it to turn the pointer's position into a
// value of the x axis for its hover readout.
type PlotArea struct {
	Left, Width, XMax, ChartWidth float64
	// Top and Height place the plot vertically, YMax is the y axis's end
	// and ChartHeight the viewBox's height.
	Top, Height, YMax, ChartHeight float64
	// Log marks a logarithmic x axis, which runs from XMin at Left to XMax
	// at Left+Width.
	Log  bool
	XMin float64
	// TimeUnit is, on the time axis (XTime), the unit its values are in
	// ("s", "min", "h" or "d", as its title says), and TimeUnitSeconds
	// that unit's length in seconds: a value x of the axis is
	// x*TimeUnitSeconds simulated seconds. Both are zero on other axes.
	TimeUnit        string
	TimeUnitSeconds float64
}

// Plot returns the PlotArea of r's chart under opt, as SVG draws it.
func Plot(r *model.Result, opt ChartOptions) (PlotArea, error) {
	opt, err := chartDefaults(r, opt)
	if err != nil {
		return PlotArea{}, err
	}
	lay, err := layoutChart(r, opt)
	if err != nil {
		return PlotArea{}, err
	}
	area := PlotArea{Left: lay.left, Width: lay.plotW, XMax: lay.xs.top, ChartWidth: float64(opt.Width),
		Top: lay.top, Height: lay.plotH, YMax: lay.ys.top, ChartHeight: float64(lay.height), Log: lay.log, XMin: lay.xs.bottom}
	if opt.X == XTime {
		// The unit xAxis drew the curves in.
		u := timeUnitFor(axisLongest(r, opt))
		area.TimeUnit, area.TimeUnitSeconds = u.name, u.seconds
	}
	return area, nil
}
