package report

import (
	"io"
	"regexp"
	"strings"
	"testing"
)

// TestDepthChartLinesApartInGrey: the seed study's chart tells its seed
// sets apart by more than colour, as run's chart does: the line of the
// k-th set and its legend swatch carry the k-th dash pattern
// (strategyDashes) and the k-th marker (markerShapes), the same styles as
// run's k-th strategy, and every point of a line (a depth) has its
// marker. Lines told apart by colour only cannot be read in greyscale.
func TestDepthChartLinesApartInGrey(t *testing.T) {
	r := sampleStudy()
	svg := string(render(t, func(w io.Writer) error { return DepthChart(w, r, DepthChartWidth) }))
	profiles := r.SeedStudy.Evaluation.Profiles
	polyline := regexp.MustCompile(`<polyline [^>]*>`)
	lines := polyline.FindAllString(svg, -1)
	if len(lines) != 2*len(profiles) {
		t.Fatalf("%d lines drawn; want %d (one per seed set and panel)", len(lines), 2*len(profiles))
	}
	legend := svg[strings.Index(svg, `<g class="chart-legend"`):]
	legend = legend[:strings.Index(legend, "</g>")]
	for k, p := range profiles {
		colour, dash, shape := palette[k%len(palette)], strategyDashes[k%len(strategyDashes)], markerShapes[k%len(markerShapes)]
		for panel := range 2 {
			l := lines[panel*len(profiles)+k]
			if !strings.Contains(l, `stroke="`+colour+`"`) {
				t.Errorf("%s, panel %d: line %s is not in colour %s", p.Name, panel, l, colour)
			}
			if hasDash := strings.Contains(l, `stroke-dasharray="`+dash+`"`); dash != "" && !hasDash {
				t.Errorf("%s, panel %d: line %s has not the dash pattern %q", p.Name, panel, l, dash)
			}
		}
		var one strings.Builder
		writeMarker(&one, shape, colour, 0, 0, "")
		element := one.String()[:strings.IndexAny(one.String(), " ")]
		marker := regexp.MustCompile(regexp.QuoteMeta(element) + `[^>]*fill="` + colour + `"`)
		// One marker per point of both panels (every depth has pages
		// here), and one on the legend's swatch.
		if got, want := len(marker.FindAllString(svg, -1)), 2*len(p.Pages)+1; got != want {
			t.Errorf("%s: %d %s markers in %s; want %d", p.Name, got, shape, colour, want)
		}
		if !marker.MatchString(legend) {
			t.Errorf("%s: the legend has no %s marker in %s", p.Name, shape, colour)
		}
		if dash != "" && !strings.Contains(legend, `stroke-dasharray="`+dash+`"`) {
			t.Errorf("%s: the legend has no swatch dashed %q", p.Name, dash)
		}
	}
}
