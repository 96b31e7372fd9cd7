package reproduce

import (
	"bytes"
	"fmt"
	"strconv"
	"testing"

	"github.com/crawlsim/crawlsim/engine/internal/svgtext"
	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/crawlsim/crawlsim/engine/scenario"
)

// chartTextBoxes reads svg's viewBox size and its texts' boxes at the
// charts' metrics (svgtext.Parse).
func chartTextBoxes(t *testing.T, svg []byte) (width, height float64, texts []svgtext.Text) {
	t.Helper()
	c, err := svgtext.Parse(svg, svgtext.Metrics{CharWidth: report.CharWidth, FontSize: 12, BoldCharWidth: 9, BoldFontSize: 15})
	if err != nil {
		t.Fatal(err)
	}
	return c.View.X1, c.View.Y1, c.Texts
}

// TestEffectivenessChartDrawnForItsWidth: paper 000's effectiveness chart
// is drawn at the width the page asks (Input.ChartWidth), as the curve
// charts are, with 12-pixel text: every text inside the viewBox, none over
// another, the legend below the plot when the chart is narrow (it stayed
// 800 pixels wide, its text 5 pixels high on a phone); the command line's
// chart stays 800 by 440 with the legend on the right.
func TestEffectivenessChartDrawnForItsWidth(t *testing.T) {
	avg := map[string]float64{"optimal": 0.9, windowLabel(fprWindow): 0.61,
		fprLabel(1): 0.6, fprLabel(2): 0.63, fprLabel(20): 0.66, fprLabel(100): 0.665}
	for _, asked := range []int{0, 240, 300, 326, 360, 414, 500, 600, 639, 640, 700, 800, 1000, 1400} {
		in := Input{Graph: scenario.Source{File: "g"}, Hosts: true, ChartWidth: asked}
		runs, notes := paperFPR().Plan(in)
		rep, err := paperFPR().Assess(in, runs, notes, Results{Crawl: map[string]*scenario.Result{"000-fig4": handMadeFPR(avg)}})
		if err != nil {
			t.Fatal(err)
		}
		svg := rep.Charts[0].SVG
		width, height, texts := chartTextBoxes(t, svg)
		want := asked
		if asked == 0 {
			want = effectWidth
			if height != effectHeight {
				t.Errorf("the command line's chart is %v high, want %d", height, effectHeight)
			}
		}
		if width != float64(want) || !bytes.Contains(svg, []byte(fmt.Sprintf(`width="%d" height="%s"`, want, strconv.FormatFloat(height, 'f', -1, 64)))) {
			t.Errorf("asked %d px: drawn %v by %v (%.120s)", asked, width, height, svg)
		}
		// The legend's first entry, "fpr-m by M", is right of the plot
		// (the y axis's labels end at its left) or below it.
		var legend, axisEnd svgtext.Text
		for _, tx := range texts {
			switch tx.Text {
			case "fpr-m by M":
				legend = tx
			case "M (logarithmic; M = 1 is fpr)":
				axisEnd = tx
			}
			if tx.Size < 12 {
				t.Errorf("asked %d px: %q is %v pixels high", asked, tx.Text, tx.Size)
			}
			if !tx.Box.Inside(svgtext.Box{X1: width, Y1: height}) {
				t.Errorf("asked %d px: %q at %v leaves the %v by %v chart", asked, tx.Text, tx.Box, width, height)
			}
		}
		if below := legend.Box.Y0 > axisEnd.Box.Y1; below != (want < 640) {
			t.Errorf("asked %d px: legend below the plot %v", asked, below)
		}
		for i, a := range texts {
			for _, b := range texts[:i] {
				if a.Box.Overlaps(b.Box) {
					t.Errorf("asked %d px: %q at %v overlaps %q at %v", asked, a.Text, a.Box, b.Text, b.Box)
				}
			}
		}
	}
}
