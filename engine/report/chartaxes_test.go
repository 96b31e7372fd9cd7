package report

import (
	"bytes"
	"fmt"
	"math"
	"testing"

	"github.com/crawlsim/crawlsim/engine/internal/svgtext"
	"github.com/crawlsim/crawlsim/engine/scenario"
)

// scaledResult is timedResult with reachable pages, its curves' page
// counts and times scaled from its 10 pages to them.
func scaledResult(reachable int64, importance string) *scenario.Result {
	r := timedResult()
	scale := reachable / r.Reachable
	r.Reachable = reachable
	r.Graph.Pages = reachable + 2
	r.Importance.Kind, r.Scenario.Importance = importance, importance
	for i := range r.Strategies {
		c := &r.Strategies[i].Curve
		for j := range c.K {
			c.K[j] *= scale
		}
		for j := range c.T {
			c.T[j] *= float64(scale)
		}
	}
	return r
}

// checkTextsInside draws r's chart under opt and checks that every text
// lies inside its viewBox and that no axis title overlaps another text;
// it returns the texts.
func checkTextsInside(t *testing.T, name string, r *scenario.Result, opt ChartOptions) []svgtext.Text {
	t.Helper()
	var b bytes.Buffer
	if err := SVG(&b, r, opt); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	view, texts := sizedTexts(t, b.Bytes())
	for i, tx := range texts {
		if !tx.Box.Inside(view) {
			t.Errorf("%s: %q at %v leaves the viewBox %v", name, tx.Text, tx.Box, view)
		}
		for _, o := range texts[:i] {
			if tx.Box.Overlaps(o.Box) && (tx.Rotated || o.Rotated) {
				t.Errorf("%s: %q at %v overlaps %q at %v", name, tx.Text, tx.Box, o.Text, o.Box)
			}
		}
	}
	return texts
}

// TestSVGNoLegendAxisTitlesFit: the page's chart (NoLegend, its legend is
// the page's) keeps its x axis's title and last tick label inside the chart
// at any width from 240 pixels, with up to 100,000,000 reachable pages, on
// every x axis: the title is wrapped onto a second line when it does not
// fit ("fraction of the 12,345,670 reachable pages downloaded" would run
// from x = -15 to 356 on a 300-pixel chart).
func TestSVGNoLegendAxisTitlesFit(t *testing.T) {
	for width := 240; width <= 700; width += 20 {
		for _, reachable := range []int64{10, 10_000, 12_345_670, 100_000_000} {
			r := scaledResult(reachable, "pagerank")
			for _, opt := range []ChartOptions{
				{X: XFraction}, {X: XCount}, {X: XTime}, {X: XFraction, LogX: true}, {X: XCount, LogX: true},
			} {
				opt.Width, opt.Height, opt.NoLegend = width, max(width*55/100, 260), true
				name := fmt.Sprintf("%d px wide, %d reachable, x %s, log %v", width, reachable, opt.X, opt.LogX)
				checkTextsInside(t, name, r, opt)
			}
		}
	}
}

// TestSVGYTitleFitsShortCharts: on a chart too short for the y axis's title
// ("cumulative personalized PageRank" is 224 pixels long) the title is
// shortened or wrapped onto two lines that fit beside the plot, the full
// title kept in its <title>; whole, it would run from y = -30 to 194 on a
// 200-pixel chart. Every text stays inside the chart at heights from 150
// pixels, with the legend and without.
func TestSVGYTitleFitsShortCharts(t *testing.T) {
	for _, importance := range []string{"pagerank", "personalized"} {
		r := scaledResult(10_000, importance)
		for height := 150; height <= 260; height += 10 {
			for _, width := range []int{300, 360, 600, 800} {
				for _, noLegend := range []bool{false, true} {
					opt := ChartOptions{Width: width, Height: height, NoLegend: noLegend}
					name := fmt.Sprintf("%s, %d by %d, no legend %v", importance, width, height, noLegend)
					texts := checkTextsInside(t, name, r, opt)
					var rotated []string
					for _, tx := range texts {
						if tx.Rotated {
							rotated = append(rotated, tx.Text)
						}
					}
					if len(rotated) == 0 || len(rotated) > 2 {
						t.Errorf("%s: the y axis's title is drawn as %q", name, rotated)
					}
				}
			}
		}
	}
	// Golden value: 7 pixels a character, the full title fits on a plot
	// 412 pixels high (480 less 16 above and 52 below).
	if got := yTitleLines("cumulative personalized PageRank", 412); len(got) != 1 || got[0] != "cumulative personalized PageRank" {
		t.Errorf("on a tall plot the title is drawn as %q", got)
	}
}

// TestSVGTickLabelsApart: the tick labels of an axis never touch, at any
// width from 240 pixels, up to 100,000,000 reachable pages, on every x
// axis, linear or logarithmic, with the legend or without: where the
// decades of a logarithmic axis are too close for their labels, only
// every second (third, …) decade is labelled, back from the axis's end,
// which is always labelled. Labelling every decade draws "1,000" and
// "10k" over each other on a 240-pixel chart of 100 million pages.
func TestSVGTickLabelsApart(t *testing.T) {
	for width := 240; width <= 1000; width += 20 {
		for _, reachable := range []int64{10, 10_000, 12_345_670, 100_000_000} {
			// Every curve starts at one page (and one second), so that a
			// logarithmic axis spans all its decades.
			r := scaledResult(reachable, "pagerank")
			for i := range r.Strategies {
				c := &r.Strategies[i].Curve
				c.K[0] = 1
				if len(c.T) > 0 {
					c.T[0] = 1
				}
			}
			for _, opt := range []ChartOptions{
				{X: XFraction}, {X: XCount}, {X: XTime}, {X: XFraction, LogX: true}, {X: XCount, LogX: true}, {X: XTime, LogX: true},
			} {
				for _, noLegend := range []bool{true, false} {
					opt.Width, opt.Height, opt.NoLegend = width, max(width*55/100, 260), noLegend
					name := fmt.Sprintf("%d px wide, %d reachable, x %s, log %v, no legend %v", width, reachable, opt.X, opt.LogX, noLegend)
					texts := checkTextsInside(t, name, r, opt)
					labelled := 0
					for i, tx := range texts {
						if tx.Rotated {
							continue
						}
						for _, o := range texts[:i] {
							if !o.Rotated && o.Box.Y0 == tx.Box.Y0 && tx.Box.X0 < o.Box.X1+2 && o.Box.X0 < tx.Box.X1+2 {
								t.Errorf("%s: %q at %v touches %q at %v", name, tx.Text, tx.Box, o.Text, o.Box)
							}
						}
						if tx.Text != "" {
							labelled++
						}
					}
					if labelled == 0 {
						t.Fatalf("%s: no text", name)
					}
					if opt.LogX {
						checkLogAxisEndLabelled(t, name, r, opt, texts)
					}
				}
			}
		}
	}
}

// checkLogAxisEndLabelled checks that the last tick of r's logarithmic x
// axis under opt, at the plot's right end, carries its label.
func checkLogAxisEndLabelled(t *testing.T, name string, r *scenario.Result, opt ChartOptions, texts []svgtext.Text) {
	t.Helper()
	area, err := Plot(r, opt)
	if err != nil {
		t.Fatal(err)
	}
	end := area.Left + area.Width
	for _, tx := range texts {
		if !tx.Rotated && tx.Box.Y0 > area.Top+area.Height && math.Abs((tx.Box.X0+tx.Box.X1)/2-end) < 0.5 {
			return
		}
	}
	t.Errorf("%s: no label at the x axis's end, x = %v", name, end)
}

// TestSVGTinyLogChartNeverPanics: a logarithmic chart from 1 to 199
// pixels wide is drawn or refused with an error, never a panic (spacing
// its labels divided by zero on a plot of negative width); below 100
// pixels it is always refused, its plot having no room.
func TestSVGTinyLogChartNeverPanics(t *testing.T) {
	for _, reachable := range []int64{10, 1_000, 100_000_000} {
		r := scaledResult(reachable, "pagerank")
		r.Strategies[0].Curve.K[0] = 1
		for width := 1; width < 200; width++ {
			for _, noLegend := range []bool{true, false} {
				var b bytes.Buffer
				opt := ChartOptions{LogX: true, X: XCount, Width: width, Height: 300, NoLegend: noLegend}
				var err error
				func() {
					defer func() {
						if p := recover(); p != nil {
							t.Fatalf("%d pixels wide, %d reachable: panic %v", width, reachable, p)
						}
					}()
					err = SVG(&b, r, opt)
				}()
				if width < 100 && err == nil {
					t.Errorf("%d pixels wide, %d reachable: drawn, want an error", width, reachable)
				}
			}
		}
	}
}
