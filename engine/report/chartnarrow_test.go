package report

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/internal/svgtext"
	"github.com/crawlsim/crawlsim/engine/scenario"
)

// box is a rectangle of a chart, in its viewBox's units.
type box = svgtext.Box

// chartMetrics are the font metrics the charts assume: charWidth at
// fontSize, titleCharWidth for the bold 15-pixel title.
var chartMetrics = svgtext.Metrics{CharWidth: charWidth, FontSize: fontSize, BoldCharWidth: titleCharWidth, BoldFontSize: 15}

// sizedTexts reads every <text> of svg with its box (svgtext.Parse at the
// charts' metrics), and the chart's viewBox.
func sizedTexts(t *testing.T, svg []byte) (view box, texts []svgtext.Text) {
	t.Helper()
	c, err := svgtext.Parse(svg, chartMetrics)
	if err != nil {
		t.Fatal(err)
	}
	return c.View, c.Texts
}

// namedResult is sampleResult with n strategies, labelled in turn as the
// papers' charts and the page label them, some long.
func namedResult(n int) *scenario.Result {
	names := []string{"bfs", "windowed-rankmass 5%", "batch-pagerank k=5", "random", "larger-sites-first",
		"l-neighbor 100 seeds", "fpr-m M=100", "rankmass", "a strategy with a long name"}
	r := manyResult(n, "s")
	for i := range n {
		r.Strategies[i+1].Label = names[i%len(names)] + " " + strconv.Itoa(i)
	}
	return r
}

// TestSVGNarrowLegendBelow: a chart of any width from 300 pixels draws with
// 12-pixel text and no overlap: below the width where the legend beside the
// plot leaves the plot too narrow the legend goes below the plot in rows,
// and the chart grows as tall as it needs. Every text lies inside the
// viewBox, legend entries (swatch and label) overlap neither each other,
// nor the plot, nor the chart's other texts, and the chart is never refused
// for its size (the papers' charts with many strategies fit below 600
// pixels, rather than being drawn wider and shrunk on a phone to text 5
// pixels high).
func TestSVGNarrowLegendBelow(t *testing.T) {
	for width := 300; width <= 1200; width += 20 {
		for n := 1; n <= 18; n++ {
			r := namedResult(n)
			for _, opt := range []ChartOptions{
				{Width: width, Height: min(max(width*3/5, 300), DefaultChartHeight), Title: "Cho and Schonfeld 2007, Fig. 8: actual RankMass by window size"},
				{Width: width, X: XCount, Guarantees: true},
				{Width: width, Pinned: namedResult(max(n-2, 1)), LogX: true},
			} {
				checkNarrowChart(t, r, opt, n)
			}
		}
	}
}

// checkNarrowChart checks r's chart under opt, with n strategies.
func checkNarrowChart(t *testing.T, r *scenario.Result, opt ChartOptions, n int) {
	t.Helper()
	name := fmt.Sprintf("%d px wide, %d strategies, x %q, guarantees %v, pinned %v", opt.Width, n, opt.X, opt.Guarantees, opt.Pinned != nil)
	var b bytes.Buffer
	if err := SVG(&b, r, opt); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	entries, err := Legend(r, opt)
	if err != nil {
		t.Fatal(err)
	}
	area, err := Plot(r, opt)
	if err != nil {
		t.Fatal(err)
	}
	view, texts := sizedTexts(t, b.Bytes())
	if view.X1 != float64(opt.Width) || area.ChartHeight != view.Y1 {
		t.Fatalf("%s: viewBox %v, Plot says %v by %v", name, view, area.ChartWidth, area.ChartHeight)
	}
	for _, tx := range texts {
		if tx.Size < fontSize {
			t.Errorf("%s: %q is %v pixels high", name, tx.Text, tx.Size)
		}
		if !tx.Box.Inside(view) {
			t.Errorf("%s: %q at %v leaves the viewBox %v", name, tx.Text, tx.Box, view)
		}
	}
	// The legend is written last: its entries are the last texts, each
	// with its swatch, 30 units left of the label, 12 high.
	if len(texts) < len(entries) {
		t.Fatalf("%s: %d texts for %d legend entries", name, len(texts), len(entries))
	}
	legend, others := texts[len(texts)-len(entries):], texts[:len(texts)-len(entries)]
	plot := box{X0: area.Left, Y0: area.Top, X1: area.Left + area.Width, Y1: area.Top + area.Height}
	var boxes []box
	for i, e := range legend {
		bx := e.Box
		bx.X0 -= 30
		boxes = append(boxes, bx)
		if want := entries[i].Label; e.Text != want && !strings.HasSuffix(e.Text, "…") {
			t.Errorf("%s: legend entry %d reads %q, want %q", name, i, e.Text, want)
		}
		if bx.Overlaps(plot) {
			t.Errorf("%s: legend entry %q at %v overlaps the plot %v", name, e.Text, bx, plot)
		}
		for j, o := range boxes[:i] {
			if bx.Overlaps(o) {
				t.Errorf("%s: legend entries %q at %v and %q at %v overlap", name, e.Text, bx, legend[j].Text, o)
			}
		}
		for _, o := range others {
			if bx.Overlaps(o.Box) {
				t.Errorf("%s: legend entry %q at %v overlaps %q at %v", name, e.Text, bx, o.Text, o.Box)
			}
		}
	}
}
