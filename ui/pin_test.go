package main

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// pinnedPolyline matches a polyline of the chart: its attributes and
// title.
var pinnedPolyline = regexp.MustCompile(`<polyline([^>]*)><title>([^<]*)</title>`)

// strokes returns, by title, the stroke, dashes, width and opacity of
// every polyline of svg, as "stroke|dashes|width|opacity".
func strokes(svg string) map[string]string {
	attr := func(attrs, name string) string {
		m := regexp.MustCompile(` ` + name + `="([^"]*)"`).FindStringSubmatch(attrs)
		if m == nil {
			return ""
		}
		return m[1]
	}
	out := map[string]string{}
	for _, m := range pinnedPolyline.FindAllStringSubmatch(svg, -1) {
		out[m[2]] = strings.Join([]string{attr(m[1], "stroke"), attr(m[1], "stroke-dasharray"), attr(m[1], "stroke-width"), attr(m[1], "stroke-opacity")}, "|")
	}
	return out
}

// comparing returns an App showing twoCurves(20000, 0.1, 0.2) beside the
// pinned twoCurves(10000, 0.3, 0.5).
func comparing(t *testing.T) *App {
	t.Helper()
	a := NewApp("", "")
	a.Result = twoCurves(10000, 0.3, 0.5)
	a.drawChart()
	a.Pin()
	a.Result = twoCurves(20000, 0.1, 0.2)
	a.drawChart()
	if !a.Comparing() || a.ChartSVG == "" {
		t.Fatalf("not comparing: chart %d bytes, error %q", len(a.ChartSVG), a.Error)
	}
	return a
}

// TestPinnedCurvesKeepTheirColour: each pinned curve is drawn in its
// strategy's colour, dashed and lighter, this run's curves solid, and
// the legend entry carries the pinned curve's swatch beside its own.
func TestPinnedCurvesKeepTheirColour(t *testing.T) {
	a := comparing(t)
	s := strokes(a.ChartSVG)
	for _, label := range []string{"bfs", "a&lt;b"} {
		now, pinned := strings.Split(s[label], "|"), strings.Split(s["pinned: "+label], "|")
		if len(pinned) < 4 || pinned[0] != now[0] || pinned[1] == "" || now[1] != "" || pinned[3] == "" {
			t.Errorf("%s drawn %q, pinned %q: want the same colour, this run solid, the pinned dashed and lighter", label, s[label], s["pinned: "+label])
		}
	}
	if s["pinned: bfs"] == s["pinned: a&lt;b"] {
		t.Errorf("both pinned curves drawn alike: %q", s["pinned: bfs"])
	}
	for _, e := range a.Legend {
		if !strings.Contains(e.PinnedSwatch, "stroke-dasharray") || !slices.Equal(e.PinnedLabels, e.Labels) {
			t.Errorf("legend entry %s: pinned swatch %q, pinned labels %q", e.Label, e.PinnedSwatch, e.PinnedLabels)
		}
	}
	if !strings.Contains(a.ChartSVG, ">pinned run</text>") {
		t.Error("the chart has no key saying which curves are the pinned run")
	}
}

// TestPinnedHighlightAndToggle: highlighting a legend entry highlights
// the pinned curve of the same strategy and fades the other; hiding an
// entry hides both.
func TestPinnedHighlightAndToggle(t *testing.T) {
	a := comparing(t)
	a.HighlightCurve("bfs")
	s := strokes(a.ChartSVG)
	hl, other := strings.Split(s["pinned: bfs"], "|"), strings.Split(s["pinned: a&lt;b"], "|")
	if len(hl) < 4 || len(other) < 4 || hl[3] <= other[3] || hl[2] <= other[2] {
		t.Errorf("bfs highlighted: pinned bfs %q, pinned a<b %q", s["pinned: bfs"], s["pinned: a&lt;b"])
	}
	a.HighlightCurve("")
	a.ToggleCurve("bfs")
	s = strokes(a.ChartSVG)
	if _, ok := s["pinned: bfs"]; ok {
		t.Error("bfs hidden, its pinned curve still drawn")
	}
	if _, ok := s["pinned: a&lt;b"]; !ok {
		t.Error("bfs hidden, a<b's pinned curve hidden too")
	}
}

// TestPinnedReadout: the readout lists the pinned run's values too, each
// right under this run's value of the same strategy, marked pinned, the
// strategies sorted by this run's value.
func TestPinnedReadout(t *testing.T) {
	a := comparing(t)
	// At 10% of the reachable pages: this run's bfs 0.1 and a<b 0.2, the
	// pinned run's 0.3 and 0.5 (twoCurves's first points).
	a.Cursor = 0.1
	a.updateReadout()
	var got []string
	for _, l := range a.Readout {
		got = append(got, l.Label+" "+l.Value)
		if l.Swatch == "" || l.Pinned != strings.HasSuffix(l.Label, "(pinned)") {
			t.Errorf("readout line %+v", l)
		}
	}
	want := []string{"a<b 0.2000", "a<b (pinned) 0.5000", "bfs 0.1000", "bfs (pinned) 0.3000"}
	if !slices.Equal(got, want) {
		t.Errorf("readout %q, want %q", got, want)
	}
	a.ToggleCurve("bfs")
	if len(a.Readout) != 2 {
		t.Errorf("bfs hidden: readout %+v", a.Readout)
	}
}
