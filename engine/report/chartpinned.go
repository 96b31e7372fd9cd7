// The pinned run's curves (ChartOptions.Pinned): an earlier result drawn
// beside the one charted, dashed and lighter, each strategy in the colour
// and marker it has in the result charted.

package report

import (
	"fmt"
	"slices"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
)

// The pinned run's lines: one dash pattern for all (this run's strategy
// lines are then solid, so that greyscale tells the runs apart), a
// lighter stroke and a thinner line.
const (
	pinnedDash    = "5 4"
	pinnedOpacity = 0.55
	pinnedWidth   = 1.5
)

// chartAndPinnedLines returns chartLines's lines of r with the pinned
// run's (pinnedLines) after this run's reference, so that they are drawn
// under this run's strategies, and the x axis's title.
func chartAndPinnedLines(r *model.Result, opt ChartOptions) ([]line, string, error) {
	lines, xTitle, err := chartLines(r, opt)
	if err != nil || opt.Pinned == nil {
		return lines, xTitle, err
	}
	refs := 0
	for refs < len(lines) && lines[refs].reference {
		refs++
	}
	pinned := pinnedLines(r, lines, opt)
	return slices.Concat(lines[:refs], pinned, lines[refs:]), xTitle, nil
}

// pinnedLines returns the polylines of the pinned run's strategies
// (opt.Pinned) on the x axis of r's chart, whose lines are lines: each
// titled "pinned: LABEL", dashed, in the colour and marker of r's line of
// the same label and drawn with its legend entry, or, for a strategy r
// lacks, in the look of its id (strategyLooks), with an entry
// of its own, "LABEL (pinned)". On the fraction axis a pinned curve runs
// against the pinned run's own reachable pages; on the time axis a curve
// without simulated times is left out. A curve that cannot be drawn (no
// points, or not finite) is left out: the pinned run never makes the
// chart fail.
func pinnedLines(r *model.Result, lines []line, opt ChartOptions) []line {
	p := opt.Pinned
	if p == nil || opt.X == XFraction && p.Reachable <= 0 {
		return nil
	}
	xOf, _, err := xAxis(p, opt, axisLongest(r, opt))
	if err != nil {
		return nil
	}
	looks := strategyLooks(opt.Catalogue, r.Strategies, p.Strategies)[1]
	var out []line
	for k, s := range p.Strategies {
		c := &s.Curve
		if len(c.K) == 0 || checkCurve(s.Label, kindActual, c) != nil || opt.X == XTime && len(c.T) == 0 {
			continue
		}
		l := line{label: "pinned: " + s.Label, kind: kindActual, dash: pinnedDash, members: []string{s.Label}, pinned: true}
		if i := slices.IndexFunc(lines, func(o line) bool { return o.kind == kindActual && slices.Contains(o.members, s.Label) }); i >= 0 {
			o := lines[i]
			l.colour, l.marker, l.series, l.reference, l.entry = o.colour, o.marker, o.series, o.reference, o.entry
		} else {
			l.entry, l.pinnedOnly = s.Label+" (pinned)", true
			if s.Reference {
				l.colour, l.reference = referenceColour, true
			} else {
				st := looks[k]
				l.colour, l.marker, l.series = st.colour, st.marker, st.series
			}
		}
		if l.addPoints(c, xOf) != nil {
			continue
		}
		out = append(out, l)
	}
	return out
}

// pinnedStroke returns the stroke's width and opacity of a pinned line:
// lighter and thinner than this run's, wider and darker when its entry is
// highlighted, fainter when another is.
func pinnedStroke(highlighted, faded bool) (width, opacity float64) {
	switch {
	case highlighted:
		return pinnedWidth + 1, 0.85
	case faded:
		return pinnedWidth, 0.2
	}
	return pinnedWidth, pinnedOpacity
}

// writePinnedKey writes, in the plot's lower right corner (which
// cumulative curves leave empty), a key of the two runs: a solid line
// "this run" over a dashed one "pinned run".
func writePinnedKey(b *strings.Builder, right, bottom float64) {
	x := right - 112
	b.WriteString(`<g class="chart-key" stroke="#666666" stroke-width="1.5">`)
	for i, row := range []struct{ dash, text string }{{"", "this run"}, {pinnedDash, "pinned run"}} {
		y := bottom - 30 + 18*float64(i)
		fmt.Fprintf(b, `<line x1="%s" y1="%s" x2="%s" y2="%s"`, coord(x), coord(y), coord(x+24), coord(y))
		if row.dash != "" {
			fmt.Fprintf(b, ` stroke-dasharray="%s"`, row.dash)
		}
		fmt.Fprintf(b, `/><text class="chart-muted" x="%s" y="%s" stroke="none" fill="#666666">%s</text>`, coord(x+30), coord(y+4), row.text)
	}
	b.WriteString("</g>\n")
}

// writeHollowMarker writes a pinned line's marker: writeMarker's shape,
// outlined in the line's colour and not filled.
func writeHollowMarker(b *strings.Builder, shape, colour string, x, y float64, extra string) {
	c := func(v float64) string { return coord(v) }
	paint := fmt.Sprintf(` fill="none" stroke="%s" stroke-width="1.25" stroke-dasharray="none"%s/>`, colour, extra)
	switch shape {
	case "circle":
		fmt.Fprintf(b, `<circle cx="%s" cy="%s" r="3.5"%s`, c(x), c(y), paint)
	case "square":
		fmt.Fprintf(b, `<rect x="%s" y="%s" width="6.5" height="6.5"%s`, c(x-3.25), c(y-3.25), paint)
	case "triangle":
		fmt.Fprintf(b, `<path d="M%s,%sL%s,%sL%s,%sZ"%s`, c(x), c(y-4.5), c(x+4.2), c(y+3.2), c(x-4.2), c(y+3.2), paint)
	case "diamond":
		fmt.Fprintf(b, `<path d="M%s,%sL%s,%sL%s,%sL%s,%sZ"%s`, c(x), c(y-4.8), c(x+4.8), c(y), c(x), c(y+4.8), c(x-4.8), c(y), paint)
	case "cross":
		fmt.Fprintf(b, `<path d="M%s,%sL%s,%sM%s,%sL%s,%s"%s`, c(x-3.5), c(y-3.5), c(x+3.5), c(y+3.5), c(x-3.5), c(y+3.5), c(x+3.5), c(y-3.5), paint)
	}
}
