package main

import (
	"fmt"
	"regexp"
	"strconv"
	"testing"

	"github.com/crawlsim/crawlsim/engine/crawl"
	"github.com/crawlsim/crawlsim/engine/scenario"
)

// manyCurves is a result of n strategies, s0 to s(n-1), each reaching
// its importance at its own pace.
func manyCurves(n int, reachable int64) *scenario.Result {
	r := &scenario.Result{Reachable: reachable, Graph: scenario.GraphSummary{Pages: reachable, SourceName: "test"}}
	for i := range n {
		r.Strategies = append(r.Strategies, scenario.StrategyResult{Label: fmt.Sprintf("s%d", i),
			Curve: crawl.Curve{K: []int64{reachable / 10, reachable}, Value: []float64{0.05 + 0.5*float64(i)/float64(n), 1}}})
	}
	return r
}

var readoutPlace = regexp.MustCompile(`(top|bottom):([0-9.]+)%;--readout-rows:(\d+)$`)

// TestReadoutStaysInTheBox: a readout of more lines than the chart's box
// holds (15 strategies beside a pinned run of 15: 30 lines, 16 px each,
// under a 16 px caption, in a chart 460 px high) starts at the box's edge
// and goes in columns, so that it ends inside the box; one that fits
// keeps its place by the plot, in one column. Before, it was one column
// whatever its length, and ran out of the box (over the legend under a
// small embedded chart).
func TestReadoutStaysInTheBox(t *testing.T) {
	a := NewApp("", "")
	a.Result = manyCurves(15, 10000)
	a.drawChart()
	a.Pin()
	a.Result = manyCurves(15, 20000)
	a.drawChart()
	for _, c := range []struct {
		cursor float64
		lines  int
	}{{0.05, 30}, {0.95, 30}} {
		a.Cursor = c.cursor
		a.updateReadout()
		if len(a.Readout) != c.lines {
			t.Fatalf("at %v the readout has %d lines, want %d", c.cursor, len(a.Readout), c.lines)
		}
		style := a.ReadoutStyle()
		m := readoutPlace.FindStringSubmatch(style)
		if m == nil {
			t.Errorf("at %v the readout is placed %q; want top or bottom and --readout-rows", c.cursor, style)
			continue
		}
		from, _ := strconv.ParseFloat(m[2], 64)
		rows, _ := strconv.Atoi(m[3])
		box := a.plot.ChartHeight
		columns := (c.lines + rows - 1) / rows
		height := float64(readoutFrame + (1+rows)*readoutLine)
		if end := from/100*box + height; end > box || columns > 2 {
			t.Errorf("at %v the readout (%q) is %v px high from %.1f px, ending at %.1f of a box %v high, in %d columns", c.cursor, style, height, from/100*box, end, box, columns)
		}
	}
	// Without the pinned run, 15 lines fit by the plot, in one column.
	a.Unpin()
	a.Cursor = 0.05
	a.updateReadout()
	m := readoutPlace.FindStringSubmatch(a.ReadoutStyle())
	if m == nil || m[3] != strconv.Itoa(len(a.Readout)) {
		t.Errorf("15 lines in a chart 460 high are placed %q", a.ReadoutStyle())
	}
}
