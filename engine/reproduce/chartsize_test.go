package reproduce

import (
	"testing"

	"github.com/crawlsim/crawlsim/engine/report"
)

// TestChartsDrawnForTheirWidth: the page's width is the charts' width,
// within bounds, their height about 0.6 of it; without one, the command
// line's sizes (a user review found the papers' 800-pixel charts shown
// 326 pixels wide on a phone, their text 5 pixels high).
func TestChartsDrawnForTheirWidth(t *testing.T) {
	for _, c := range []struct{ in, width, height, depth int }{
		{0, 0, 0, report.DepthChartWidth},
		{326, 326, 300, 326},
		{700, 700, 420, 700},
		{1400, 1400, report.DefaultChartHeight, 1400},
		{100, minChartWidth, 300, minChartWidth},
		{1 << 30, maxChartWidth, report.DefaultChartHeight, maxChartWidth},
	} {
		in := Input{ChartWidth: c.in}
		opt := in.curveOptions(report.ChartOptions{X: report.XCount})
		if opt.Width != c.width || opt.Height != c.height || opt.X != report.XCount {
			t.Errorf("ChartWidth %d: curve chart %d by %d (%+v), want %d by %d", c.in, opt.Width, opt.Height, opt, c.width, c.height)
		}
		if got := in.chartWidth(report.DepthChartWidth); got != c.depth {
			t.Errorf("ChartWidth %d: depth chart %d wide, want %d", c.in, got, c.depth)
		}
	}
}
