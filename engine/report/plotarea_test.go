package report

import (
	"io"
	"strings"
	"testing"
)

// TestPlotTimeUnit: on the time axis the plot area carries the unit the
// axis's title names and its length in seconds, for runs of seconds,
// minutes, hours and days (timeUnitFor's thresholds: 300 s, 300 min,
// 72 h); other axes carry none.
func TestPlotTimeUnit(t *testing.T) {
	for _, c := range []struct {
		longest float64
		unit    string
		seconds float64
	}{{100, "s", 1}, {3000, "min", 60}, {36000, "h", 3600}, {864000, "d", 86400}} {
		r := sampleResult()
		for i := range r.Strategies {
			cv := &r.Strategies[i].Curve
			cv.T = make([]float64, len(cv.K))
			for j := range cv.T {
				cv.T[j] = c.longest * float64(j+1) / float64(len(cv.T))
			}
		}
		opt := ChartOptions{X: XTime, Width: 700, Height: 400}
		area, err := Plot(r, opt)
		if err != nil {
			t.Fatal(err)
		}
		if area.TimeUnit != c.unit || area.TimeUnitSeconds != c.seconds {
			t.Errorf("runs of %v s: unit %q of %v s, want %q of %v s", c.longest, area.TimeUnit, area.TimeUnitSeconds, c.unit, c.seconds)
		}
		svg := string(render(t, func(w io.Writer) error { return SVG(w, r, opt) }))
		if !strings.Contains(svg, "simulated time ("+c.unit+")") {
			t.Errorf("runs of %v s: the axis's title does not say %q", c.longest, c.unit)
		}
		if wantMax := c.longest / c.seconds; area.XMax < wantMax || area.XMax > 2*wantMax {
			t.Errorf("runs of %v s: the axis ends at %v %s", c.longest, area.XMax, area.TimeUnit)
		}
	}
	area, err := Plot(sampleResult(), ChartOptions{X: XCount, Width: 700, Height: 400})
	if err != nil || area.TimeUnit != "" || area.TimeUnitSeconds != 0 {
		t.Errorf("count axis: %+v, %v", area, err)
	}
}
