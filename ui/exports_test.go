package main

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/crawl"
	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/crawlsim/crawlsim/engine/scenario"
)

func twoCurves(reachable int64, a, b float64) *scenario.Result {
	return &scenario.Result{Reachable: reachable, Graph: scenario.GraphSummary{Pages: reachable, SourceName: "test"}, Strategies: []scenario.StrategyResult{
		{ID: "bfs", Label: "bfs", Curve: crawl.Curve{K: []int64{reachable / 10, reachable}, Value: []float64{a, 1}}},
		{ID: "opic", Label: "a<b", Curve: crawl.Curve{K: []int64{reachable / 10, reachable}, Value: []float64{b, 1}}},
	}}
}

// TestPinCompare: Pin keeps the result; the chart gains the pinned curves
// only once another result is shown, one dashed polyline per strategy
// (class chart-pinned), titled (escaped) and placed on the current
// chart's axes, and a key naming the pinned run; Unpin removes them.
func TestPinCompare(t *testing.T) {
	a := NewApp("", "")
	a.Result = twoCurves(10000, 0.3, 0.5)
	a.drawChart()
	a.Pin()
	if a.Comparing() || strings.Contains(a.ChartSVG, "chart-pinned") {
		t.Fatal("the pinned result is compared with itself")
	}
	a.Result = twoCurves(20000, 0.1, 0.2)
	a.drawChart()
	if !a.Comparing() {
		t.Fatal("not comparing after a new result")
	}
	lines := regexp.MustCompile(`<polyline class="chart-pinned"[^>]* stroke-dasharray="[^"]+"[^>]* points="([^"]*)"><title>pinned: ([^<]*)</title>`).FindAllStringSubmatch(a.ChartSVG, -1)
	if len(lines) != 2 || lines[0][2] != "bfs" || lines[1][2] != "a&lt;b" {
		t.Fatalf("pinned polylines %q in\n%s", lines, a.ChartSVG)
	}
	if !strings.Contains(a.ChartSVG, ">pinned run</text>") {
		t.Errorf("no key names the pinned run:\n%s", a.ChartSVG)
	}
	// The last point (all reachable pages, importance 1) is at the plot's
	// right end, at y of 1.
	p := a.plot
	last := strings.Fields(lines[0][1])
	wantX := p.Left + p.Width
	wantY := p.Top + p.Height - 1/p.YMax*p.Height
	if got := last[len(last)-1]; got != coord1(wantX)+","+coord1(wantY) {
		t.Errorf("last pinned point %s, want %s,%s", got, coord1(wantX), coord1(wantY))
	}
	a.Unpin()
	if a.Pinned != nil || strings.Contains(a.ChartSVG, "chart-pinned") {
		t.Error("Unpin left the pinned curves")
	}
}

// coord1 writes a coordinate as report.SVG does, with one decimal.
func coord1(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }

// TestThemedSVG: the chart drawn for the PNG carries the page's colours
// as rules of a <style> right inside its root element, and a value that
// could end a rule is left out; the size is read from the root element.
func TestThemedSVG(t *testing.T) {
	var b strings.Builder
	if err := report.SVG(&b, twoCurves(1000, 0.3, 0.5), report.ChartOptions{Width: 640, Height: 360}); err != nil {
		t.Fatal(err)
	}
	svg := themedSVG(b.String(), map[string]string{"--panel": "#1b1e23", "--ink": "rgb(232, 232, 232)", "--grid": "red}text{fill:blue"})
	i := strings.Index(svg, "<style>")
	if i < 0 || i > strings.Index(svg, "<title>") {
		t.Fatalf("no <style> at the top of\n%.400s", svg)
	}
	style := svg[i:strings.Index(svg, "</style>")]
	for _, want := range []string{".chart-bg{fill:#1b1e23}", ".chart-halo{stroke:#1b1e23}", "text, .chart-text{fill:rgb(232, 232, 232)}", ".chart-ref{stroke:rgb(232, 232, 232)}"} {
		if !strings.Contains(style, want) {
			t.Errorf("style %q lacks %q", style, want)
		}
	}
	if strings.Contains(style, "blue") || strings.Contains(style, "chart-grid") {
		t.Errorf("style %q took a value that ends its rule", style)
	}
	if w, h, ok := svgSize(svg); !ok || w != 640 || h < 360 {
		t.Errorf("svgSize = %d, %d, %v; want 640 wide, at least 360 high", w, h, ok)
	}
	if got := themedSVG(b.String(), nil); got != b.String() {
		t.Error("without the page's colours the SVG changed")
	}
}
