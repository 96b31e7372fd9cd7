package report

import (
	"io"
	"slices"
	"strings"
	"testing"
)

// TestSVGIdenticalCurvesNamedTogether: two strategies with the same curve
// are drawn once and named together, in the chart's legend and in Legend.
func TestSVGIdenticalCurvesNamedTogether(t *testing.T) {
	r := sampleResult()
	r.Strategies[2].Curve = r.Strategies[1].Curve // rankmass crawls as bfs
	svg := render(t, func(w io.Writer) error { return SVG(w, r, ChartOptions{}) })
	texts := svgTexts(t, svg)
	if !slices.Contains(texts["text"], "bfs = rankmass") || slices.Contains(texts["text"], "rankmass") {
		t.Errorf("the legend says %q; want one entry bfs = rankmass", texts["text"])
	}
	if n := strings.Count(string(svg), "<polyline"); n != 4 {
		t.Errorf("%d polylines for 4 distinct curves", n)
	}
	entries, err := Legend(r, ChartOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var labels []string
	for _, e := range entries {
		labels = append(labels, e.Label)
	}
	if strings.Join(labels, "|") != "optimal|bfs = rankmass|batch-pagerank k=5|"+oddLabel || !slices.Equal(entries[1].Labels, []string{"bfs", "rankmass"}) ||
		!entries[0].Reference || !strings.HasPrefix(entries[1].Swatch, "<svg") {
		t.Errorf("Legend: %+v", entries)
	}
	// Guarantee lines may differ: no merging then.
	with := svgTexts(t, render(t, func(w io.Writer) error { return SVG(w, r, ChartOptions{Guarantees: true}) }))
	if !slices.Contains(with["text"], "rankmass") {
		t.Errorf("with guarantees the legend says %q", with["text"])
	}
}

// TestSVGMarkersAndReference: every strategy line carries markers of its
// own shape, the optimal reference none and a wider stroke.
func TestSVGMarkersAndReference(t *testing.T) {
	svg := string(render(t, func(w io.Writer) error { return SVG(w, sampleResult(), ChartOptions{}) }))
	markers := svg[strings.Index(svg, `<g class="chart-markers">`):]
	markers = markers[:strings.Index(markers, "</g>")]
	for i, shape := range []string{"<circle", "<rect", "<path"} { // circle, square, triangle and diamond
		if !strings.Contains(markers, shape) {
			t.Errorf("no %s marker (strategy %d)", shape, i)
		}
	}
	if !strings.Contains(svg, `<polyline class="chart-ref" stroke="#222222" stroke-dasharray="6 4" stroke-width="2.75"`) {
		t.Error("the optimal reference is not drawn wider and dashed")
	}
}

// TestSVGHiddenHighlightNoLegend: hidden curves are not drawn but keep
// the axes; a highlighted curve is drawn last and wider, the others faded;
// NoLegend leaves the legend out and widens the plot.
func TestSVGHiddenHighlightNoLegend(t *testing.T) {
	r := sampleResult()
	all := string(render(t, func(w io.Writer) error { return SVG(w, r, ChartOptions{}) }))
	hid := string(render(t, func(w io.Writer) error { return SVG(w, r, ChartOptions{Hidden: []string{"bfs", "optimal"}}) }))
	if strings.Count(hid, "<polyline") != 3 || strings.Contains(hid, "<title>bfs</title></polyline>") {
		t.Errorf("with bfs and optimal hidden the chart draws %d lines", strings.Count(hid, "<polyline"))
	}
	if all[:strings.Index(all, "<g fill=\"none\"")] != hid[:strings.Index(hid, "<g fill=\"none\"")] {
		t.Error("hiding curves changed the axes")
	}
	hl := string(render(t, func(w io.Writer) error { return SVG(w, r, ChartOptions{Highlight: "rankmass"}) }))
	polys := strings.Split(hl, "<polyline")[1:]
	last := polys[len(polys)-1]
	if !strings.Contains(last, "<title>rankmass</title>") || !strings.Contains(last, `stroke-width="3"`) || strings.Count(hl, `stroke-opacity="0.25"`) != 4 {
		t.Errorf("highlight: the last line is %.120s, %d faded", last, strings.Count(hl, `stroke-opacity="0.25"`))
	}
	a, _ := Plot(r, ChartOptions{})
	b, _ := Plot(r, ChartOptions{NoLegend: true})
	nl := svgTexts(t, render(t, func(w io.Writer) error { return SVG(w, r, ChartOptions{NoLegend: true}) }))
	if b.Width <= a.Width || slices.Contains(nl["text"], "rankmass") {
		t.Errorf("NoLegend: plot %v wide (with legend %v), texts %q", b.Width, a.Width, nl["text"])
	}
}

// TestSVGLogX: a logarithmic x axis from the first positive x, ticks at
// the powers of ten, the origin point left out, and Plot says so.
func TestSVGLogX(t *testing.T) {
	r := sampleResult() // 10 reachable pages: fractions from 0.1 to 1
	texts := svgTexts(t, render(t, func(w io.Writer) error { return SVG(w, r, ChartOptions{LogX: true}) }))
	if !slices.Contains(texts["text"], "0.1") || !slices.Contains(texts["text"], "fraction of the 10 reachable pages downloaded (logarithmic)") {
		t.Errorf("log axis texts %q", texts["text"])
	}
	area, err := Plot(r, ChartOptions{LogX: true})
	if err != nil || !area.Log || area.XMin != 0.1 || area.XMax != 1 {
		t.Errorf("Plot of a log axis: %+v, %v", area, err)
	}
}
