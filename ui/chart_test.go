package main

import (
	"slices"
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

// hoursLongRun is a politeness run of two strategies lasting 10 hours
// (36,000 simulated seconds), so the chart's time axis is in hours: bfs
// reaches 0.2 after 1 h, 0.5 after 4 h and 1 after 10 h; a<b reaches
// factor times those values at the same times.
func hoursLongRun(factor float64) *scenario.Result {
	times := []float64{3600, 14400, 36000}
	return &scenario.Result{Reachable: 10000, Graph: scenario.GraphSummary{Pages: 10000, SourceName: "test"},
		Scenario: scenario.Scenario{Politeness: &scenario.Politeness{}},
		Strategies: []scenario.StrategyResult{
			{Label: "bfs", Curve: crawl.Curve{K: []int64{1000, 5000, 10000}, Value: []float64{0.2, 0.5, 1}, T: times}},
			{Label: "a<b", Curve: crawl.Curve{K: []int64{1000, 5000, 10000}, Value: []float64{0.2 * factor, 0.5 * factor, factor}, T: times}},
		}}
}

// readoutText is the readout's lines as "label value".
func readoutText(a *App) []string {
	var out []string
	for _, l := range a.Readout {
		out = append(out, l.Label+" "+l.Value)
	}
	return out
}

// TestTimeReadoutInTheAxisUnit: on a time axis in hours, the crosshair at
// 5 h reads the curves at 5 h (18,000 s), after their 4 h points, and
// its caption says hours, as the axis does; the pinned run's values are
// read at the same time. Before, the readout took the 5 of the axis for
// 5 seconds: every value 0 and the caption "5 s of simulated time".
func TestTimeReadoutInTheAxisUnit(t *testing.T) {
	a := NewApp("", "")
	a.Result = hoursLongRun(0.5)
	a.XAxis = report.XTime
	a.drawChart()
	if a.ChartSVG == "" || a.XAxis != report.XTime {
		t.Fatalf("no time chart: axis %q, error %q", a.XAxis, a.Error)
	}
	if a.plot.XMax <= 5 || a.plot.XMax > 20 {
		t.Fatalf("the time axis ends at %v; want hours (10 h of runs)", a.plot.XMax)
	}
	a.Cursor = 5 / a.plot.XMax
	a.updateReadout()
	if want := "5 h of simulated time"; a.ReadoutX != want {
		t.Errorf("caption %q, want %q", a.ReadoutX, want)
	}
	if got, want := readoutText(a), []string{"bfs 0.5000", "a<b 0.2500"}; !slices.Equal(got, want) {
		t.Errorf("readout at 5 h %q, want %q", got, want)
	}

	// Pinned: the pinned run's a<b is above its bfs at every time.
	a.Result = hoursLongRun(1.5)
	a.drawChart()
	a.Pin()
	a.Result = hoursLongRun(0.5)
	a.drawChart()
	if !a.Comparing() || a.XAxis != report.XTime {
		t.Fatalf("not comparing on the time axis: axis %q, error %q", a.XAxis, a.Error)
	}
	a.Cursor = 2 / a.plot.XMax
	a.updateReadout()
	if want := "2 h of simulated time"; a.ReadoutX != want {
		t.Errorf("pinned: caption %q, want %q", a.ReadoutX, want)
	}
	want := []string{"bfs 0.2000", "bfs (pinned) 0.2000", "a<b 0.1000", "a<b (pinned) 0.3000"}
	if got := readoutText(a); !slices.Equal(got, want) {
		t.Errorf("pinned: readout at 2 h %q, want %q", got, want)
	}
}

// TestTimeCaptionGroupsDigits: a time far along the axis is written with
// thousands separators and three significant digits, not in exponent form
// ("1.235e+04 d" before).
func TestTimeCaptionGroupsDigits(t *testing.T) {
	days := report.PlotArea{TimeUnit: "d", TimeUnitSeconds: 86400}
	for x, want := range map[float64]string{
		12345.6: "12,300 d of simulated time",
		2.5:     "2.5 d of simulated time",
		0.125:   "0.125 d of simulated time",
	} {
		if got, _ := readoutAt(hoursLongRun(1), report.XTime, x, days); got != want {
			t.Errorf("caption at %v d: %q, want %q", x, got, want)
		}
	}
}
