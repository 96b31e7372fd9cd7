// A narrow chart's layout (a phone's): the legend below the plot, in
// rows, when beside it would leave the plot too narrow.

package report

import (
	"fmt"
	"math"
	"strings"
	"unicode/utf8"
)

// Narrow charts: below narrowChartWidth pixels a chart whose legend beside
// the plot leaves the plot less than narrowPlotShare of the width takes
// its legend below the plot instead. The command line draws at
// DefaultChartWidth and the goldens at 640 and 800 pixels, so that their
// charts keep the legend on the right. narrowMargin is the room kept at
// the chart's left and right edges, narrowMinPlotHeight the least height
// of the plot (the chart grows to keep it), xTitleLine the distance
// between the lines of a wrapped x axis title.
const (
	narrowChartWidth    = 640
	narrowPlotShare     = 0.6
	narrowMargin        = 12.0
	narrowMinPlotHeight = 150.0
	xTitleLine          = 15.0
	xTitleMaxLines      = 2
)

// layoutBelow lays out r's chart under opt with the legend below the plot:
// the title, top and legend entries of lay as layoutChart found them, the
// plot as wide as the chart less the y axis's labels and room for the last
// x label, at least narrowMinPlotHeight high and as high as the y axis's
// title is long, the x axis's title wrapped onto the lines that fit, then
// the legend's rows (layoutLegendBelow). The chart is as tall as all that
// needs; only a width too small for the axes is refused.
func layoutBelow(opt ChartOptions, lay chartLayout, xLo, xHi, yHi float64) (chartLayout, error) {
	yTitle := utf8.RuneCountInString(lay.yTitle)
	lay.plotH = math.Max(float64(opt.Height)-lay.top-52, math.Max(narrowMinPlotHeight, charWidth*float64(yTitle)+8))
	lay.yTitleLines = yTitleLines(lay.yTitle, lay.plotH)
	lay.ys = niceScale(yHi, int(lay.plotH/50))
	lay.left = yLabelsLeft(lay.ys)
	if err := fitXAxis(opt, &lay, xLo, xHi, lay.xTitle); err != nil {
		return chartLayout{}, err
	}
	bottom := 52 + xTitleLine*float64(len(lay.xTitleLines)-1)
	lay.legend = layoutLegendBelow(lay.entries, opt.Width, lay.top+lay.plotH+bottom+4)
	lay.height = lay.legend.height
	return lay, nil
}

// layoutNoLegend lays out a chart without its legend (ChartOptions.NoLegend,
// the page's) from lay as layoutChart found it: the plot as wide as the
// chart less the y axis's labels and room for the last x label, the x
// axis's title wrapped onto the lines that fit the chart's width (a second
// line takes its height from the plot, or, on a plot too short to give it,
// grows the chart), the y axis's title fitted to the plot's height
// (yTitleLines).
func layoutNoLegend(opt ChartOptions, lay chartLayout, xLo, xHi, yHi float64) (chartLayout, error) {
	base := lay.xTitle
	place := func() error {
		lay.yTitleLines = yTitleLines(lay.yTitle, lay.plotH)
		lay.ys = niceScale(yHi, int(lay.plotH/50))
		lay.left = yLabelsLeft(lay.ys) + yTitleLine*float64(len(lay.yTitleLines)-1)
		return fitXAxis(opt, &lay, xLo, xHi, base)
	}
	lay.plotH = float64(lay.height) - lay.top - 52
	if err := place(); err != nil {
		return chartLayout{}, err
	}
	if extra := xTitleLine * float64(len(lay.xTitleLines)-1); extra > 0 {
		lay.plotH = math.Max(lay.plotH-extra, 80)
		lay.height = max(lay.height, int(math.Ceil(lay.top+lay.plotH+52+extra)))
		if err := place(); err != nil {
			return chartLayout{}, err
		}
	}
	return lay, nil
}

// fitXAxis sets lay's plot width, x axis and x axis's title for a chart
// opt.Width pixels wide whose plot starts at lay.left: room at the right
// for half the last x label, centred on the plot's right end (at least 16
// pixels), and the title base (with xScale's "logarithmic") wrapped onto
// the lines that fit either side of the plot's centre within the chart's
// margins. Only a plot narrower than 120 pixels is refused.
func fitXAxis(opt ChartOptions, lay *chartLayout, xLo, xHi float64, base string) error {
	width := float64(opt.Width)
	right := 16.0
	for range 3 {
		lay.plotW = width - lay.left - right
		if lay.plotW < 120 {
			return fmt.Errorf("report: a chart of %d by %d pixels is too small for its axes and legend; make it larger", opt.Width, opt.Height)
		}
		lay.xs, lay.log, lay.xTitle = xScale(opt, lay.plotW, xLo, xHi, base)
		last := lay.xs.labels[len(lay.xs.labels)-1]
		need := charWidth*float64(utf8.RuneCountInString(last))/2 + 4
		if need <= right {
			break
		}
		right = need
	}
	centre := lay.left + lay.plotW/2
	lay.xTitleLines = wrapTitle(lay.xTitle, int((2*math.Min(centre, width-centre)-2*narrowMargin)/charWidth), xTitleMaxLines)
	return nil
}

// layoutLegendBelow places entries in rows under the plot from y down: as
// many columns of one width, left to right, as the chart's width holds
// between its margins, the labels shortened only when one column does not
// hold the longest. The legend's height is the chart's.
func layoutLegendBelow(entries []line, width int, y float64) legendLayout {
	avail := float64(width) - 2*narrowMargin
	longest := 0
	for _, e := range entries {
		longest = max(longest, utf8.RuneCountInString(e.label))
	}
	l := legendLayout{below: true, x: narrowMargin, y: y}
	l.chars = min(longest, max(int((avail-legendSwatch)/charWidth), legendMinChars))
	l.columnWidth = legendSwatch + charWidth*float64(l.chars)
	l.columns = max(min(int((avail+legendColumnGap)/(l.columnWidth+legendColumnGap)), len(entries)), 1)
	l.rows = max((len(entries)+l.columns-1)/l.columns, 1)
	l.width = float64(l.columns)*l.columnWidth + float64(l.columns-1)*legendColumnGap
	// Row i's line is at y+8+i·legendLine, its text 4 pixels lower; the
	// last keeps 8 pixels from the edge below.
	l.height = int(math.Ceil(y + 8 + float64(l.rows-1)*legendLine + 4 + 8))
	return l
}

// wrapTitle is WrapWords's lines of text, at most maxLines of at most
// chars characters (never fewer than legendMinChars), the last one ending
// in "…" when the text is longer still.
func wrapTitle(text string, chars, maxLines int) []string {
	chars = max(chars, legendMinChars)
	lines := WrapWords(text, chars)
	if len(lines) > maxLines {
		lines = append(lines[:maxLines-1], strings.Join(lines[maxLines-1:], " "))
	}
	for i, l := range lines {
		lines[i] = shorten(l, chars)
	}
	return lines
}
