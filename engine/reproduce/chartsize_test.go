package reproduce

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/crawl"
	"github.com/crawlsim/crawlsim/engine/scenario"

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

// TestNarrowCurveChartWidened: a curve chart too narrow for its legend
// (report.SVG's legend stands right of the plot) is widened until it fits
// rather than failing the reproduction (it failed the Papers panel on a
// phone: "too small for its axes and legend").
func TestNarrowCurveChartWidened(t *testing.T) {
	r := &scenario.Result{Reachable: 10}
	for i := range 12 {
		r.Strategies = append(r.Strategies, scenario.StrategyResult{Label: fmt.Sprintf("a strategy with a long name %d", i),
			Curve: crawl.Curve{K: []int64{0, 5, 10}, Value: []float64{0, 0.5 + 0.01*float64(i), 1}}})
	}
	in := Input{ChartWidth: 326}
	if err := report.SVG(io.Discard, r, in.curveOptions(report.ChartOptions{})); err == nil {
		t.Skip("report.SVG now draws this chart 326 pixels wide: nothing to widen")
	}
	c, err := curveChart("x.svg", "a title", r, in.curveOptions(report.ChartOptions{}))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(c.SVG), "<svg") {
		t.Errorf("no chart: %.100s", c.SVG)
	}
}
