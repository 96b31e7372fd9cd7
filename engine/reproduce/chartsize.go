package reproduce

import (
	"math"

	"github.com/crawlsim/crawlsim/engine/report"
)

// Bounds of Input.ChartWidth: the narrowest and widest chart drawn.
const (
	minChartWidth = 240
	maxChartWidth = 4000
)

// chartWidth is the width to draw a chart at: Input.ChartWidth within
// its bounds, or def when it is 0 (the command line's size).
func (in Input) chartWidth(def int) int {
	if in.ChartWidth <= 0 {
		return def
	}
	return min(max(in.ChartWidth, minChartWidth), maxChartWidth)
}

// curveOptions are opt drawn for Input.ChartWidth: that wide, and about
// 0.6 times as high, between 300 pixels and report.DefaultChartHeight;
// opt as it is at the command line's size.
func (in Input) curveOptions(opt report.ChartOptions) report.ChartOptions {
	if in.ChartWidth <= 0 {
		return opt
	}
	opt.Width = in.chartWidth(report.DefaultChartWidth)
	opt.Height = int(math.Min(math.Max(math.Round(0.6*float64(opt.Width)), 300), report.DefaultChartHeight))
	return opt
}
