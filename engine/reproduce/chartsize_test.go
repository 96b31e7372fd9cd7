package reproduce

import (
	"fmt"
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

// TestCurveChartDrawnAtItsWidth: a curve chart with many strategies of
// long names is drawn at the width asked, down to the narrowest
// (report.SVG puts the legend below the plot on a narrow chart), not
// widened (it was widened to about 600 pixels, then shrunk on a phone:
// text 5 pixels high).
func TestCurveChartDrawnAtItsWidth(t *testing.T) {
	r := &scenario.Result{Reachable: 10}
	for i := range 18 {
		r.Strategies = append(r.Strategies, scenario.StrategyResult{Label: fmt.Sprintf("a strategy with a long name %d", i),
			Curve: crawl.Curve{K: []int64{0, 5, 10}, Value: []float64{0, 0.5 + 0.01*float64(i), 1}}})
	}
	for _, width := range []int{minChartWidth, 300, 326, 360, 414, 600, 800, 1400} {
		in := Input{ChartWidth: width}
		c, err := curveChart("x.svg", citeRankMass+", Fig. 8: actual RankMass by window size", r, in.curveOptions(report.ChartOptions{Guarantees: true}))
		if err != nil {
			t.Fatalf("%d px: %v", width, err)
		}
		if want := fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" class="crawlsim-chart" width="%d" `, width); !strings.HasPrefix(string(c.SVG), want) {
			t.Errorf("asked %d px wide, drew %.100s", width, c.SVG)
		}
	}
}
