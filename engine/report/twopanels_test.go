package report

import (
	"bytes"
	"io"
	"math"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/crawlsim/crawlsim/engine/internal/svgtext"
	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/engine/seeds"
)

// refreshLabels are the policies crawlsim refresh compares by default
// (refresh.Comparison's labels).
var refreshLabels = []string{"fixed", "change", "change+interest", "fixed at the visits of change", "fixed at the visits of change+interest"}

// sampleRefresh is a revisit comparison of the default policies over a
// horizon of 1,000, ten points each, traffic up to 4 GB.
func sampleRefresh() *model.RefreshResult {
	r := &model.RefreshResult{Refresh: model.Refresh{Simulation: model.RefreshParams{Horizon: 1000}}}
	for k, label := range refreshLabels {
		var s model.RefreshSeries
		for i := 1; i <= 10; i++ {
			s.Times = append(s.Times, float64(100*i))
			s.Fresh = append(s.Fresh, 0.4+0.05*float64(k))
			s.Central = append(s.Central, 4e8*float64(i)*float64(k+1)/5)
			s.Migrant = append(s.Migrant, 1e8*float64(i)*float64(k+1)/5)
		}
		r.Outcomes = append(r.Outcomes, model.RefreshOutcome{Label: label, Series: s,
			CentralBytes: s.Central[9], MigrantBytes: s.Migrant[9]})
	}
	return r
}

// sampleStudy is a seed study of three seed sets.
func sampleStudy() *scenario.Result {
	r := sampleResult()
	r.SeedStudy = &scenario.SeedStudyResult{Names: []string{"3", "7"}, Evaluation: seeds.Evaluation{Profiles: []seeds.DepthProfile{
		{Name: "community:10", Seeds: 10, Pages: []int64{10, 500, 8000, 3000, 40}, MeanImportance: []float64{2e-3, 4e-4, 1e-4, 5e-5, 1e-5}},
		{Name: "random:10", Seeds: 10, Pages: []int64{10, 90, 2000, 9000, 900, 3}, MeanImportance: []float64{1e-4, 2e-4, 1e-4, 6e-5, 2e-5, 1e-5}},
		{Name: "top-pagerank:10", Seeds: 10, Pages: []int64{10, 800, 9000, 1500}, MeanImportance: []float64{3e-3, 5e-4, 8e-5, 2e-5}},
	}}}
	return r
}

// drawnText is a <text> of a chart: its place, anchor, content, and the
// classes of it and its groups.
type drawnText struct {
	x, y    float64
	anchor  string
	text    string
	classes string
}

// left and right are the text's approximate extent (charWidth per
// character, as the charts assume).
func (d drawnText) extent() (left, right float64) {
	w := charWidth * float64(utf8.RuneCountInString(d.text))
	switch d.anchor {
	case "middle":
		return d.x - w/2, d.x + w/2
	case "end":
		return d.x - w, d.x
	}
	return d.x, d.x + w
}

// drawnChart is what a test reads of a chart: its size, its texts, its
// axes' lines (class chart-axis), and the classes on its background.
type drawnChart struct {
	width, height float64
	texts         []drawnText
	axes          [][4]float64
	bgClass       string
	gridClasses   []string
}

// readChart parses svg (svgtext.Parse), carrying text-anchor and classes
// down from the groups.
func readChart(t *testing.T, svg []byte) drawnChart {
	t.Helper()
	parsed, err := svgtext.Parse(svg, chartMetrics)
	if err != nil {
		t.Fatal(err)
	}
	c := drawnChart{width: parsed.Width, height: parsed.Height}
	for _, e := range parsed.Elements {
		switch e.Name {
		case "rect":
			if c.bgClass == "" {
				c.bgClass = e.Attr["class"]
			}
		case "g":
			if e.Attr["stroke"] == "#e3e3e3" {
				c.gridClasses = append(c.gridClasses, e.Attr["class"])
			}
		case "line":
			if strings.Contains(e.Classes, "chart-axis") {
				c.axes = append(c.axes, [4]float64{e.Num("x1"), e.Num("y1"), e.Num("x2"), e.Num("y2")})
			}
		}
	}
	for _, tx := range parsed.Texts {
		c.texts = append(c.texts, drawnText{x: tx.X, y: tx.Y, anchor: tx.Anchor, text: tx.Text, classes: tx.Classes})
	}
	return c
}

// plotTops are the tops of the chart's plots: the upper ends of its
// vertical axes, with their x.
func (c drawnChart) plots() (xs, tops []float64) {
	for _, a := range c.axes {
		if a[0] == a[2] {
			xs, tops = append(xs, a[0]), append(tops, math.Min(a[1], a[3]))
		}
	}
	return xs, tops
}

// checkTwoPanels checks a two-panel chart drawn width pixels wide: it is
// that wide; every text lies inside it; the two plots stand side by side
// from 720 pixels and one above the other below; the legend (labels) is
// one block above both plots, each of its rows centred on the chart; the
// background, grids and texts carry the classes the page colours.
func checkTwoPanels(t *testing.T, svg []byte, width int, labels []string) {
	t.Helper()
	c := readChart(t, svg)
	if c.width != float64(width) {
		t.Errorf("the chart is %g pixels wide, want %d", c.width, width)
	}
	if c.height > 2.4*c.width || c.height < 0.35*c.width {
		t.Errorf("%d wide: the chart is %g by %g", width, c.width, c.height)
	}
	for _, tx := range c.texts {
		l, r := tx.extent()
		if l < 0 || r > c.width+1 || tx.y < 10 || tx.y > c.height {
			t.Errorf("%d wide: %q at (%g, %g) runs out of the chart (%g to %g)", width, tx.text, tx.x, tx.y, l, r)
		}
		if !strings.Contains(tx.classes, "chart-text") {
			t.Errorf("%q has no chart-text class (classes %q): the page cannot colour it", tx.text, tx.classes)
		}
	}
	xs, tops := c.plots()
	if len(tops) != 2 {
		t.Fatalf("%d wide: %d vertical axes, want 2", width, len(tops))
	}
	side := tops[0] == tops[1] && xs[1] > xs[0]
	stacked := xs[0] == xs[1] && tops[1] > tops[0]
	if width >= 720 && !side || width < 720 && !stacked {
		t.Errorf("%d wide: the plots start at (%g, %g) and (%g, %g)", width, xs[0], tops[0], xs[1], tops[1])
	}
	rows := map[float64][2]float64{}
	found := 0
	for _, tx := range c.texts {
		for _, label := range labels {
			if tx.text != label {
				continue
			}
			found++
			if tx.y >= math.Min(tops[0], tops[1]) {
				t.Errorf("%d wide: legend entry %q at y %g is not above both plots (tops %g, %g)", width, label, tx.y, tops[0], tops[1])
			}
			l, r := tx.extent()
			row, ok := rows[tx.y]
			if !ok {
				row = [2]float64{l - 28, r}
			}
			rows[tx.y] = [2]float64{math.Min(row[0], l-28), math.Max(row[1], r)}
		}
	}
	if found != len(labels) {
		t.Errorf("%d wide: %d of the %d legend entries drawn", width, found, len(labels))
	}
	for y, row := range rows {
		if centre := (row[0] + row[1]) / 2; math.Abs(centre-c.width/2) > 2*charWidth {
			t.Errorf("%d wide: the legend's row at y %g spans %g to %g, not centred on the chart", width, y, row[0], row[1])
		}
	}
	if c.bgClass != "chart-bg" {
		t.Errorf("the background's class is %q, want chart-bg", c.bgClass)
	}
	for _, g := range c.gridClasses {
		if g != "chart-grid" {
			t.Errorf("a grid's class is %q, want chart-grid", g)
		}
	}
}

// TestRefreshChartFitsItsWidth: the revisit chart is drawn for the width
// it is shown at, its panels side by side or one above the other, one
// legend above both, in the page's classes (issue: the 960-pixel chart
// shown 326 pixels wide on a phone, its legend split under the panels,
// white in dark mode).
func TestRefreshChartFitsItsWidth(t *testing.T) {
	r := sampleRefresh()
	for _, width := range []int{RefreshChartWidth, 300, 326, 500, 719, 720, 1200} {
		svg := render(t, func(w io.Writer) error { return RefreshChart(w, r, width) })
		checkTwoPanels(t, svg, width, refreshLabels)
	}
	def := render(t, func(w io.Writer) error { return RefreshSVG(w, r) })
	if sized := render(t, func(w io.Writer) error { return RefreshChart(w, r, RefreshChartWidth) }); !bytes.Equal(def, sized) {
		t.Error("RefreshSVG differs from RefreshChart at RefreshChartWidth")
	}
	if err := RefreshChart(io.Discard, r, 0); err == nil {
		t.Error("a chart 0 pixels wide drawn")
	}
}

// TestDepthChartFitsItsWidth: the same for the seed study's chart.
func TestDepthChartFitsItsWidth(t *testing.T) {
	r := sampleStudy()
	labels := []string{"community:10", "random:10", "top-pagerank:10"}
	for _, width := range []int{DepthChartWidth, 300, 326, 600, 1200} {
		svg := render(t, func(w io.Writer) error { return DepthChart(w, r, width) })
		checkTwoPanels(t, svg, width, labels)
	}
	if err := DepthChart(io.Discard, r, -5); err == nil {
		t.Error("a chart -5 pixels wide drawn")
	}
}
