package report

import (
	"io"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/crawl"
	"github.com/crawlsim/crawlsim/engine/scenario"
)

// pinnedSample is sampleResult as a pinned run: twice the reachable pages,
// bfs's curve lower, batch-pagerank not run and random run instead.
func pinnedSample() *scenario.Result {
	p := sampleResult()
	p.Reachable = 20
	p.Strategies = slices.Delete(p.Strategies, 3, 4) // batch-pagerank k=5
	for i := range p.Strategies {
		c := &p.Strategies[i].Curve
		for j := range c.K {
			c.K[j] *= 2
		}
	}
	p.Strategies[1].Curve.Value[0] = 0.05
	p.Strategies = append(p.Strategies, scenario.StrategyResult{ID: "random", Label: "random",
		Curve: crawl.Curve{K: []int64{5, 10, 20}, Value: []float64{0.2, 0.4, 1}}})
	return p
}

// chartPolyline is one polyline of a chart: its attributes and title.
type chartPolyline struct {
	attrs map[string]string
	title string
}

var (
	polylineRE = regexp.MustCompile(`<polyline([^>]*)><title>([^<]*)</title>`)
	attrRE     = regexp.MustCompile(`([a-z-]+)="([^"]*)"`)
)

// polylines lists the chart's polylines in the order drawn.
func polylines(svg string) []chartPolyline {
	var out []chartPolyline
	for _, m := range polylineRE.FindAllStringSubmatch(svg, -1) {
		p := chartPolyline{attrs: map[string]string{}, title: m[2]}
		for _, a := range attrRE.FindAllStringSubmatch(m[1], -1) {
			p.attrs[a[1]] = a[2]
		}
		out = append(out, p)
	}
	return out
}

func byTitle(lines []chartPolyline, title string) (chartPolyline, int) {
	for i, l := range lines {
		if l.title == title {
			return l, i
		}
	}
	return chartPolyline{}, -1
}

// TestSVGPinnedCurves: a pinned run's curves are drawn dashed and lighter
// in the colour of the strategy of the same label, this run's strategy
// lines solid, a pinned-only strategy in a colour of its own, on the
// pinned run's own fraction axis; a key says which is which; and the CLI's
// chart (no Pinned) keeps its dashes.
func TestSVGPinnedCurves(t *testing.T) {
	r, p := sampleResult(), pinnedSample()
	svg := string(render(t, func(w io.Writer) error { return SVG(w, r, ChartOptions{Pinned: p}) }))
	lines := polylines(svg)
	colours := map[string]string{}
	for _, l := range lines {
		if !strings.HasPrefix(l.title, "pinned: ") {
			colours[l.title] = l.attrs["stroke"]
			if l.title != "optimal" && l.attrs["stroke-dasharray"] != "" {
				t.Errorf("this run's %s is dashed %q beside a pinned run; want solid", l.title, l.attrs["stroke-dasharray"])
			}
		}
	}
	for _, s := range p.Strategies {
		l, i := byTitle(lines, "pinned: "+escapeText(s.Label))
		if i < 0 {
			t.Errorf("no pinned curve of %s", s.Label)
			continue
		}
		if !strings.Contains(l.attrs["class"], "chart-pinned") || l.attrs["stroke-dasharray"] != pinnedDash || l.attrs["stroke-opacity"] != strconv.FormatFloat(pinnedOpacity, 'f', -1, 64) {
			t.Errorf("pinned %s drawn %v; want class chart-pinned, dashed %q, opacity %v", s.Label, l.attrs, pinnedDash, pinnedOpacity)
		}
		own, ok := colours[escapeText(s.Label)]
		switch {
		case ok && l.attrs["stroke"] != own:
			t.Errorf("pinned %s is %s, this run's %s", s.Label, l.attrs["stroke"], own)
		case !ok && slices.Contains(slices.Collect(maps.Values(colours)), l.attrs["stroke"]):
			t.Errorf("pinned-only %s takes %s, a colour of this run's curves %v", s.Label, l.attrs["stroke"], colours)
		}
	}
	// Pinned markers are hollow, in the strategy's colour.
	if !strings.Contains(svg, `fill="none" stroke="`+colours["bfs"]+`"`) {
		t.Error("no hollow marker in bfs's colour")
	}
	// The pinned run's last point, all its 20 reachable pages, ends at
	// the plot's right end, as this run's, 10 pages, does.
	pa, _ := Plot(r, ChartOptions{Pinned: p})
	bfs, _ := byTitle(lines, "pinned: bfs")
	pts := strings.Fields(bfs.attrs["points"])
	if len(pts) == 0 {
		t.Fatal("no pinned bfs drawn")
	}
	if want := coord(pa.Left + pa.Width); !strings.HasPrefix(pts[len(pts)-1], want+",") {
		t.Errorf("pinned bfs ends at %s; want x %s", pts[len(pts)-1], want)
	}
	texts := svgTexts(t, []byte(svg))["text"]
	if !slices.Contains(texts, "this run") || !slices.Contains(texts, "pinned run") {
		t.Errorf("no key of the two runs among %q", texts)
	}
	plain := polylines(string(render(t, func(w io.Writer) error { return SVG(w, r, ChartOptions{}) })))
	if l, _ := byTitle(plain, "rankmass"); l.attrs["stroke-dasharray"] != strategyDashes[1] {
		t.Errorf("without a pinned run rankmass is dashed %q; want %q", l.attrs["stroke-dasharray"], strategyDashes[1])
	}
}

// TestSVGPinnedHighlightHidden: highlighting a legend entry highlights
// the pinned curve of the same strategy with it and fades the other
// pinned curves; hiding an entry hides both; a pinned-only strategy has
// an entry of its own.
func TestSVGPinnedHighlightHidden(t *testing.T) {
	r, p := sampleResult(), pinnedSample()
	lines := polylines(string(render(t, func(w io.Writer) error { return SVG(w, r, ChartOptions{Pinned: p, Highlight: "bfs"}) })))
	pb, i := byTitle(lines, "pinned: bfs")
	_, j := byTitle(lines, "bfs")
	rm, _ := byTitle(lines, "pinned: rankmass")
	if i < len(lines)-2 || j < len(lines)-2 {
		t.Errorf("bfs and pinned bfs drawn at %d and %d of %d; want on top", j, i, len(lines))
	}
	num := func(l chartPolyline, attr string) float64 { v, _ := strconv.ParseFloat(l.attrs[attr], 64); return v }
	if num(pb, "stroke-opacity") <= pinnedOpacity || num(rm, "stroke-opacity") >= pinnedOpacity || num(pb, "stroke-width") <= num(rm, "stroke-width") {
		t.Errorf("highlight bfs: pinned bfs %v, pinned rankmass %v", pb.attrs, rm.attrs)
	}
	hid := polylines(string(render(t, func(w io.Writer) error {
		return SVG(w, r, ChartOptions{Pinned: p, Hidden: []string{"bfs", "random (pinned)"}})
	})))
	for _, gone := range []string{"bfs", "pinned: bfs", "pinned: random"} {
		if _, k := byTitle(hid, gone); k >= 0 {
			t.Errorf("%s drawn with bfs and random (pinned) hidden", gone)
		}
	}
	entries, err := Legend(r, ChartOptions{Pinned: p, NoLegend: true})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]LegendEntry{}
	for _, e := range entries {
		got[e.Label] = e
	}
	if e := got["bfs"]; !slices.Equal(e.PinnedLabels, []string{"bfs"}) || !strings.Contains(e.PinnedSwatch, pinnedDash) || e.Pinned {
		t.Errorf("bfs entry %+v", e)
	}
	if e := got["batch-pagerank k=5"]; len(e.PinnedLabels) != 0 || e.PinnedSwatch != "" {
		t.Errorf("batch-pagerank, not in the pinned run, has pinned curves: %+v", e)
	}
	if e := got["random (pinned)"]; !e.Pinned || len(e.Labels) != 0 || !slices.Equal(e.PinnedLabels, []string{"random"}) || !strings.Contains(e.Swatch, pinnedDash) {
		t.Errorf("random (pinned) entry %+v", e)
	}
}

// TestSVGPinnedTime: on the time axis a pinned run without simulated
// times adds no curve, and a timed one shares this run's time unit.
func TestSVGPinnedTime(t *testing.T) {
	r := timedResult()
	untimed := polylines(string(render(t, func(w io.Writer) error { return SVG(w, r, ChartOptions{X: XTime, Pinned: pinnedSample()}) })))
	for _, l := range untimed {
		if strings.HasPrefix(l.title, "pinned: ") {
			t.Errorf("an untimed pinned run draws %s on the time axis", l.title)
		}
	}
	p := timedResult()
	svg := string(render(t, func(w io.Writer) error { return SVG(w, r, ChartOptions{X: XTime, Pinned: p}) }))
	lines := polylines(svg)
	a, _ := byTitle(lines, "bfs")
	b, _ := byTitle(lines, "pinned: bfs")
	if a.attrs["points"] == "" || a.attrs["points"] != b.attrs["points"] {
		t.Errorf("the same timed run pinned is drawn at %q, this run at %q", b.attrs["points"], a.attrs["points"])
	}
}

// escapeText is s as the chart writes it in a title.
func escapeText(s string) string {
	var b strings.Builder
	escape(&b, s)
	return b.String()
}

// TestSVGPinnedReferenceSolid: beside a pinned run this run's optimal
// reference is drawn solid (still wide and dark), as the key says this
// run's curves are, and only the pinned run's optimal is dashed, so the
// reference does not read as a pinned curve; its legend swatch is solid
// too. The CLI's chart (no Pinned) keeps the reference dashed.
func TestSVGPinnedReferenceSolid(t *testing.T) {
	r, p := sampleResult(), pinnedSample()
	opt := ChartOptions{Pinned: p}
	lines := polylines(string(render(t, func(w io.Writer) error { return SVG(w, r, opt) })))
	ref, i := byTitle(lines, "optimal")
	pinnedRef, j := byTitle(lines, "pinned: optimal")
	if i < 0 || j < 0 {
		t.Fatalf("no optimal (%d) or pinned optimal (%d) among %v", i, j, lines)
	}
	if ref.attrs["stroke-dasharray"] != "" || ref.attrs["stroke-width"] != strconv.FormatFloat(referenceWidth, 'f', -1, 64) {
		t.Errorf("beside a pinned run this run's optimal is drawn %v; want solid and %v wide", ref.attrs, referenceWidth)
	}
	if pinnedRef.attrs["stroke-dasharray"] != pinnedDash {
		t.Errorf("the pinned optimal is drawn %v; want dashed %q", pinnedRef.attrs, pinnedDash)
	}
	legend, err := Legend(r, opt)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range legend {
		if e.Reference && strings.Contains(e.Swatch, `stroke-dasharray="`+referenceDash+`"`) {
			t.Errorf("beside a pinned run the optimal's swatch is dashed: %s", e.Swatch)
		}
	}
	alone := polylines(string(render(t, func(w io.Writer) error { return SVG(w, r, ChartOptions{}) })))
	if ref, _ := byTitle(alone, "optimal"); ref.attrs["stroke-dasharray"] != referenceDash {
		t.Errorf("without a pinned run the optimal is drawn %v; want dashed %q", ref.attrs, referenceDash)
	}
}
