package main

import (
	"testing"

	"github.com/crawlsim/crawlsim/engine/crawl"
	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/crawlsim/crawlsim/engine/scenario"
)

// TestReadoutSortedAndKeys: the readout lists the curves largest first;
// the arrow keys move the crosshair along the plot and Escape hides it.
func TestReadoutSortedAndKeys(t *testing.T) {
	r := &scenario.Result{Reachable: 10000, Graph: scenario.GraphSummary{Pages: 10000}, Strategies: []scenario.StrategyResult{
		{Label: "low", Curve: crawl.Curve{K: []int64{1000, 10000}, Value: []float64{0.1, 1}}},
		{Label: "high", Curve: crawl.Curve{K: []int64{1000, 10000}, Value: []float64{0.6, 1}}},
	}}
	caption, lines := Readout(r, report.XCount, 5000)
	if caption != "5,000 pages downloaded" || lines[0].Label != "high" || lines[1].Label != "low" {
		t.Errorf("readout %q %+v", caption, lines)
	}
	a := NewApp("", "")
	a.Result = r
	a.drawChart()
	if a.ChartSVG == "" || len(a.Legend) != 2 {
		t.Fatalf("chart %d bytes, legend %+v, error %q", len(a.ChartSVG), a.Legend, a.Error)
	}
	for range 5 {
		a.ChartKey("ArrowRight", false)
	}
	if a.Cursor < 0.099 || a.Cursor > 0.101 || len(a.Readout) != 2 || a.Readout[0].Label != "high" || a.Readout[0].Swatch == "" {
		t.Errorf("after 5 × ArrowRight: cursor %v, readout %+v", a.Cursor, a.Readout)
	}
	a.ChartKey("End", false)
	if a.Cursor != 1 || a.ReadoutX == "" {
		t.Errorf("End: cursor %v caption %q", a.Cursor, a.ReadoutX)
	}
	a.ToggleCurve("high")
	if len(a.Readout) != 1 || a.CurveShown("high") {
		t.Errorf("with high hidden the readout is %+v", a.Readout)
	}
	a.ChartKey("Escape", false)
	if a.Cursor != -1 || a.ReadoutX != "" {
		t.Errorf("Escape left cursor %v caption %q", a.Cursor, a.ReadoutX)
	}
}
