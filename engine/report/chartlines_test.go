package report

import (
	"io"
	"slices"
	"testing"
)

// TestFractionAxisOfOneReachablePage: the fraction axis's title takes the
// singular when the seeds reach one page ("fraction of the 1 reachable
// page downloaded"); it said "1 reachable pages".
func TestFractionAxisOfOneReachablePage(t *testing.T) {
	r := sampleResult()
	r.Reachable = 1
	texts := svgTexts(t, render(t, func(w io.Writer) error { return SVG(w, r, ChartOptions{}) }))
	if want := "fraction of the 1 reachable page downloaded"; !slices.Contains(texts["text"], want) {
		t.Errorf("the chart's texts %q lack %q", texts["text"], want)
	}
}
