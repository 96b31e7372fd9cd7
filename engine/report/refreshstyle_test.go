package report

import (
	"io"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestRefreshChartLinesApartInGrey: the revisit chart tells its policies
// apart by more than colour, as run's chart and the seed study's do: the
// k-th policy's lines (its freshness, its central and its migrating
// traffic) and its legend swatch carry the k-th colour, dash pattern and
// marker (seriesStyle). The two traffic lines of one policy differ by
// their markers' fill, hollow for the central crawler and filled for the
// migrating one, as the panel's title says. Policies told apart by colour
// only cannot be read in greyscale.
func TestRefreshChartLinesApartInGrey(t *testing.T) {
	r := sampleRefresh()
	svg := string(render(t, func(w io.Writer) error { return RefreshChart(w, r, RefreshChartWidth) }))
	n := len(r.Outcomes)
	lines := regexp.MustCompile(`<polyline [^>]*>`).FindAllString(svg, -1)
	if len(lines) != 3*n {
		t.Fatalf("%d lines drawn; want %d (per policy its freshness and two traffic lines)", len(lines), 3*n)
	}
	if !strings.Contains(svg, "hollow: central, filled: migrating") {
		t.Error("the traffic panel's title does not say which markers are whose")
	}
	legend := svg[strings.Index(svg, `<g class="chart-legend"`):]
	legend = legend[:strings.Index(legend, "</g>")]
	seen := map[string]string{}
	for k, o := range r.Outcomes {
		st := closedSeriesStyle(k)
		if other, ok := seen[st.dash+" "+st.marker]; ok {
			t.Errorf("%s and %s share the dash pattern %q and marker %s", other, o.Label, st.dash, st.marker)
		}
		seen[st.dash+" "+st.marker] = o.Label
		for _, l := range []string{lines[k], lines[n+2*k], lines[n+2*k+1]} {
			if !strings.Contains(l, `stroke="`+st.colour+`"`) {
				t.Errorf("%s: line %s is not in colour %s", o.Label, l, st.colour)
			}
			if hasDash := strings.Contains(l, `stroke-dasharray="`+st.dash+`"`); st.dash != "" && !hasDash || st.dash == "" && strings.Contains(l, "stroke-dasharray") {
				t.Errorf("%s: line %s has not the dash pattern %q", o.Label, l, st.dash)
			}
		}
		var one strings.Builder
		writeMarker(&one, st.marker, st.colour, 0, 0, "")
		element := regexp.QuoteMeta(one.String()[:strings.IndexAny(one.String(), " ")])
		// A cross is drawn by its stroke; hollow markers by a thinner one.
		filled := regexp.MustCompile(element + `[^>]*(fill="` + st.colour + `"|fill="none" stroke="` + st.colour + `" stroke-width="2")`)
		hollow := regexp.MustCompile(element + `[^>]*fill="none" stroke="` + st.colour + `" stroke-width="1.25"`)
		// sampleRefresh's lines span the whole time axis (0 to 1,000), so
		// every marker of a line is on it: markersPerLine on the
		// freshness and the migrating line, and one on the swatch.
		if got, want := len(filled.FindAllString(svg, -1)), 2*markersPerLine+1; got != want {
			t.Errorf("%s: %d filled %s markers in %s; want %d", o.Label, got, st.marker, st.colour, want)
		}
		if got := len(hollow.FindAllString(svg, -1)); got != markersPerLine {
			t.Errorf("%s: %d hollow %s markers in %s; want %d on the central line", o.Label, got, st.marker, st.colour, markersPerLine)
		}
		if !filled.MatchString(legend) {
			t.Errorf("%s: the legend has no %s marker in %s", o.Label, st.marker, st.colour)
		}
		if st.dash != "" && !strings.Contains(legend, `stroke-dasharray="`+st.dash+`"`) {
			t.Errorf("%s: the legend has no swatch dashed %q", o.Label, st.dash)
		}
	}
}

// TestRefreshStylesCanBeHollow: every policy's marker can be drawn hollow
// and filled (a cross looks the same either way, so a policy given one
// would have central and migrating markers alike), and no two of the first
// 16 policies share dash pattern and marker.
func TestRefreshStylesCanBeHollow(t *testing.T) {
	seen := map[string]int{}
	for k := range len(strategyDashes) * len(closedMarkers) {
		st := closedSeriesStyle(k)
		if !slices.Contains(closedMarkers, st.marker) {
			t.Errorf("policy %d has the marker %s, which cannot be hollow", k, st.marker)
		}
		if other, ok := seen[st.dash+" "+st.marker]; ok {
			t.Errorf("policies %d and %d share the dash pattern %q and marker %s", other, k, st.dash, st.marker)
		}
		seen[st.dash+" "+st.marker] = k
		if st.colour != seriesStyle(k).colour || st.dash != seriesStyle(k).dash {
			t.Errorf("policy %d: colour and dash %s %q, not seriesStyle's", k, st.colour, st.dash)
		}
	}
}
