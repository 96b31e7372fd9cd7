package report

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/crawlsim/crawlsim/engine/crawl"
	"github.com/crawlsim/crawlsim/engine/scenario"
)

// Chart x axes (ChartOptions.X).
const (
	// XFraction plots against the fraction of the reachable pages
	// downloaded, 0 to 1 (SPEC.md section 4).
	XFraction = "fraction"
	// XCount plots against the number of pages downloaded.
	XCount = "count"
	// XTime plots against simulated time, for results run on the
	// politeness clock (SPEC.md section 5).
	XTime = "time"
)

// Default chart size in pixels.
const (
	DefaultChartWidth  = 800
	DefaultChartHeight = 480
)

// ChartOptions configure SVG. Zero fields take the defaults.
type ChartOptions struct {
	// Width and Height are the size of the chart in pixels (default 800 by
	// 480); the chart also carries a viewBox, so it scales to any size.
	Width, Height int
	// X is the x axis: XFraction (the default), XCount or XTime.
	X string
	// Title, when not empty, is written above the chart.
	Title string
	// Guarantees also draws each strategy's guaranteed curve (dotted) and
	// generic lower bound (dash-dotted) in the strategy's colour.
	Guarantees bool
	// LogX draws the x axis on a logarithmic scale, from the smallest
	// positive x of the curves, with a tick at each power of ten.
	LogX bool
	// NoLegend leaves the legend out and gives its room to the plot (the
	// page draws its own legend from Legend).
	NoLegend bool
	// Hidden lists the legend labels (Legend's LegendEntry.Label) whose
	// curves are not drawn; the axes stay those of every curve.
	Hidden []string
	// Highlight, when not empty, is the legend label of the curve drawn
	// wider and on top, the others faded.
	Highlight string
}

// palette colours the strategies in order: the colours of Okabe and Ito's
// palette for colour-blind readers, without its black (the optimal
// reference's) and its yellow (too light on white). The optimal reference
// is drawn wider and dashed in referenceColour instead. Each strategy also
// has a dash pattern (strategyDashes) and a marker (markerShapes), taken in
// turn, so that every curve stays distinguishable in greyscale: the pairs
// of dash and marker repeat only after len(strategyDashes)·len(markerShapes)
// strategies (lengths prime to each other), the triples with the colour
// after the least common multiple of the three lengths.
var palette = []string{"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9"}

const referenceColour = "#222222"

// strategyDashes are the dash patterns of the strategies' lines in turn:
// solid first. With Guarantees every actual line is solid, the dashes then
// telling the kinds of line apart.
var strategyDashes = []string{"", "9 4", "2 3", "12 3 3 3"}

// markerShapes are the markers of the strategies' lines in turn, drawn a
// few times along each line and on its legend swatch.
var markerShapes = []string{"circle", "square", "triangle", "diamond", "cross"}

// markersPerLine is how many markers a line carries, spread along the x
// axis and shifted from one strategy to the next so they do not overlap.
const markersPerLine = 5

// Dash patterns and widths of the lines.
const (
	referenceDash  = "6 4"
	guaranteedDash = "1.5 3"
	lowerBoundDash = "6 3 1.5 3"
	lineWidth      = 1.75
	referenceWidth = 2.75
)

// Approximate text metrics of the chart's 12-pixel sans-serif font, used
// to leave room for labels.
const (
	charWidth  = 7
	fontSize   = 12
	legendLine = 18
)

// Legend layout: a swatch and its gap before the label, the gap between
// two columns, the legend's largest share of the chart's width, and the
// fewest characters a shortened label keeps.
const (
	legendSwatch     = 34.0
	legendColumnGap  = 12.0
	legendWidthShare = 0.4
	legendMinChars   = 6
)

// Kinds of polyline.
const (
	kindActual     = "actual"
	kindGuaranteed = "guaranteed"
	kindLowerBound = "lower_bound"
)

// line is one polyline of the chart, or, with no points, a legend entry
// for a curve the axis cannot show.
type line struct {
	label  string
	kind   string // kindActual, kindGuaranteed or kindLowerBound
	colour string
	dash   string
	marker string // one of markerShapes, "" for none
	// series is the strategy's place among the strategies drawn (markers
	// shift with it), reference marks the optimal reference.
	series    int
	reference bool
	// entry is the label of the line's legend entry (the strategy's, or
	// the labels of identical curves joined by " = "), members the
	// strategies' labels it stands for.
	entry   string
	members []string
	xs, ys  []float64
	// untimed marks a strategy without simulated times on the time axis:
	// it has a legend entry but no line.
	untimed bool
}

// SVG writes a line chart of r's curves: cumulative importance against the
// x axis of opt, one line per strategy in the scenario's order, each with
// its own colour from a palette for colour-blind readers, dash pattern and
// marker (so that greyscale prints keep them apart), the optimal reference
// wider and dashed, with nice ticks (1, 2 or 5 times a power of ten, or
// powers of ten on a logarithmic x axis, thousands separated by commas) on
// both axes, axis titles and a legend on the right. Strategies whose curves
// are identical are drawn once and named together in the legend ("bfs =
// larger-sites-first"). On the time axis a strategy without simulated
// times (the optimal reference, which runs without politeness) has a legend
// entry marked "(not timed)" and no line.
//
// Labels never make the chart fail: a legend label too long for the
// legend's share of the width (at most 40%) is shortened with "…" (the full
// label stays in the line's and the entry's <title>), a legend with more
// entries than the height holds takes two columns, and the chart grows
// taller when even two columns do not fit. Only a size too small for the
// axes themselves is refused.
//
// The SVG is self-contained (no external reference), valid XML with every
// label escaped, carries a viewBox so it scales, and is the same bytes for
// the same result and options. Its parts carry classes (chart-bg,
// chart-grid, chart-axis, chart-text, chart-ref, chart-halo) so that a page
// showing it inline can restyle it, for a dark theme say.
func SVG(w io.Writer, r *scenario.Result, opt ChartOptions) error {
	opt, err := chartDefaults(r, opt)
	if err != nil {
		return err
	}
	lay, err := layoutChart(r, opt)
	if err != nil {
		return err
	}
	lines, xTitle, entries, legend := lay.lines, lay.xTitle, lay.entries, lay.legend
	top, height, plotH, plotW, left, xs, ys := lay.top, lay.height, lay.plotH, lay.plotW, lay.left, lay.xs, lay.ys
	px := func(v float64) float64 { return left + lay.xFraction(v)*plotW }
	py := func(v float64) float64 { return top + plotH - v/ys.top*plotH }

	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" class="crawlsim-chart" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="%d">`+"\n",
		opt.Width, height, opt.Width, height, fontSize)
	b.WriteString("<title>")
	if opt.Title != "" {
		escape(&b, opt.Title)
	} else {
		b.WriteString("Cumulative importance of the pages downloaded")
	}
	b.WriteString("</title>\n")
	fmt.Fprintf(&b, `<rect class="chart-bg" width="%d" height="%d" fill="#ffffff"/>`+"\n", opt.Width, height)
	if opt.Title != "" {
		fmt.Fprintf(&b, `<text class="chart-text" x="%s" y="26" text-anchor="middle" font-size="15" font-weight="bold">`, coord(left+plotW/2))
		escape(&b, opt.Title)
		b.WriteString("</text>\n")
	}

	// Grid and ticks.
	b.WriteString(`<g class="chart-grid" stroke="#e3e3e3" stroke-width="1">` + "\n")
	for _, t := range xs.ticks[1:] {
		fmt.Fprintf(&b, `<line x1="%s" y1="%s" x2="%s" y2="%s"/>`+"\n", coord(px(t)), coord(top), coord(px(t)), coord(top+plotH))
	}
	for _, t := range ys.ticks[1:] {
		fmt.Fprintf(&b, `<line x1="%s" y1="%s" x2="%s" y2="%s"/>`+"\n", coord(left), coord(py(t)), coord(left+plotW), coord(py(t)))
	}
	b.WriteString("</g>\n")
	fmt.Fprintf(&b, `<g class="chart-axis" stroke="#333333" stroke-width="1"><line x1="%s" y1="%s" x2="%s" y2="%s"/><line x1="%s" y1="%s" x2="%s" y2="%s"/>`,
		coord(left), coord(top+plotH), coord(left+plotW), coord(top+plotH), coord(left), coord(top), coord(left), coord(top+plotH))
	for _, t := range xs.ticks {
		fmt.Fprintf(&b, `<line x1="%s" y1="%s" x2="%s" y2="%s"/>`, coord(px(t)), coord(top+plotH), coord(px(t)), coord(top+plotH+5))
	}
	for _, t := range ys.ticks {
		fmt.Fprintf(&b, `<line x1="%s" y1="%s" x2="%s" y2="%s"/>`, coord(left-5), coord(py(t)), coord(left), coord(py(t)))
	}
	b.WriteString("</g>\n")
	b.WriteString(`<g class="chart-text" fill="#333333" text-anchor="middle">`)
	for i, t := range xs.ticks {
		fmt.Fprintf(&b, `<text x="%s" y="%s">%s</text>`, coord(px(t)), coord(top+plotH+19), xs.labels[i])
	}
	b.WriteString("</g>\n")
	b.WriteString(`<g class="chart-text" fill="#333333" text-anchor="end">`)
	for i, t := range ys.ticks {
		fmt.Fprintf(&b, `<text x="%s" y="%s">%s</text>`, coord(left-8), coord(py(t)+4), ys.labels[i])
	}
	b.WriteString("</g>\n")

	// Axis titles.
	fmt.Fprintf(&b, `<text class="chart-text" x="%s" y="%s" text-anchor="middle">`, coord(left+plotW/2), coord(top+plotH+42))
	escape(&b, xTitle)
	b.WriteString("</text>\n")
	yx, yy := 14.0, top+plotH/2
	fmt.Fprintf(&b, `<text class="chart-text" x="%s" y="%s" text-anchor="middle" transform="rotate(-90 %s %s)">`, coord(yx), coord(yy), coord(yx), coord(yy))
	escape(&b, "cumulative "+importanceName(r))
	b.WriteString("</text>\n")

	// The curves, the reference first so that the strategies are drawn
	// over it, a highlighted curve last. Markers follow in a group of
	// their own.
	hidden := map[string]bool{}
	for _, h := range opt.Hidden {
		hidden[h] = true
	}
	drawn := make([]line, 0, len(lines))
	var highlighted []line
	for _, l := range lines {
		switch {
		case l.untimed || hidden[l.entry]:
		case opt.Highlight != "" && l.entry == opt.Highlight:
			highlighted = append(highlighted, l)
		default:
			drawn = append(drawn, l)
		}
	}
	drawn = append(drawn, highlighted...)
	faded := func(l line) bool { return opt.Highlight != "" && l.entry != opt.Highlight }
	fmt.Fprintf(&b, `<g fill="none" stroke-width="%s" stroke-linejoin="round" stroke-linecap="round">`+"\n", strconv.FormatFloat(lineWidth, 'f', -1, 64))
	var pts []byte
	var markers strings.Builder
	for _, l := range drawn {
		pts = pts[:0]
		prevStart, prevEnd := 0, 0 // the last point written, in pts
		var pxs, pys []float64
		for i := range l.xs {
			if lay.log && l.xs[i] <= 0 {
				continue
			}
			x, y := px(l.xs[i]), py(l.ys[i])
			pxs, pys = append(pxs, x), append(pys, y)
			start := len(pts)
			if start > 0 {
				pts = append(pts, ' ')
			}
			at := len(pts)
			pts = strconv.AppendFloat(pts, x, 'f', 1, 64)
			pts = append(pts, ',')
			pts = strconv.AppendFloat(pts, y, 'f', 1, 64)
			// Drop a point that lands where the one before did.
			if start > 0 && bytes.Equal(pts[at:], pts[prevStart:prevEnd]) {
				pts = pts[:start]
				continue
			}
			prevStart, prevEnd = at, len(pts)
		}
		b.WriteString(`<polyline`)
		if l.reference {
			b.WriteString(` class="chart-ref"`)
		}
		fmt.Fprintf(&b, ` stroke="%s"`, l.colour)
		if l.dash != "" {
			fmt.Fprintf(&b, ` stroke-dasharray="%s"`, l.dash)
		}
		width := 0.0
		switch {
		case l.reference:
			width = referenceWidth
		case opt.Highlight != "" && !faded(l):
			width = lineWidth + 1.25
		}
		if width > 0 {
			fmt.Fprintf(&b, ` stroke-width="%s"`, strconv.FormatFloat(width, 'f', -1, 64))
		}
		if faded(l) {
			b.WriteString(` stroke-opacity="0.25"`)
		}
		b.WriteString(` points="`)
		b.Write(pts)
		b.WriteString(`"><title>`)
		escape(&b, l.label)
		b.WriteString("</title></polyline>\n")
		if l.marker != "" {
			opacity := ""
			if faded(l) {
				opacity = ` opacity="0.25"`
			}
			for k := range markersPerLine {
				// Spread along the plot, shifted by the golden ratio from
				// one strategy to the next.
				f := (float64(k) + 0.15 + 0.7*math.Mod(float64(l.series)*0.618034, 1)) / markersPerLine
				if x, y, ok := along(pxs, pys, left+f*plotW); ok {
					writeMarker(&markers, l.marker, l.colour, x, y, opacity)
				}
			}
		}
	}
	b.WriteString("</g>\n")
	if markers.Len() > 0 {
		b.WriteString(`<g class="chart-markers">` + "\n")
		b.WriteString(markers.String())
		b.WriteString("</g>\n")
	}

	if opt.NoLegend {
		b.WriteString("</svg>\n")
		_, err = io.WriteString(w, b.String())
		return err
	}
	// The legend, column by column.
	lx := left + plotW + 24
	fmt.Fprintf(&b, `<g stroke-width="%s">`+"\n", strconv.FormatFloat(lineWidth, 'f', -1, 64))
	for i, e := range entries {
		x := lx + float64(i/legend.rows)*(legend.columnWidth+legendColumnGap)
		y := top + 8 + float64(i%legend.rows)*legendLine
		if e.untimed {
			fmt.Fprintf(&b, `<text class="chart-muted" x="%s" y="%s" stroke="none" fill="#666666">`, coord(x+30), coord(y+4))
		} else {
			writeSwatch(&b, e, x, y)
			fmt.Fprintf(&b, `<text class="chart-text" x="%s" y="%s" stroke="none" fill="#222222">`, coord(x+30), coord(y+4))
		}
		short := shorten(e.label, legend.chars)
		escape(&b, short)
		if short != e.label {
			b.WriteString("<title>")
			escape(&b, e.label)
			b.WriteString("</title>")
		}
		b.WriteString("</text>\n")
	}
	b.WriteString("</g>\n</svg>\n")
	_, err = io.WriteString(w, b.String())
	return err
}

// writeSwatch writes a legend swatch of line e, 24 units wide, from (x, y):
// its stroke, dash and width, and its marker in the middle.
func writeSwatch(b *strings.Builder, e line, x, y float64) {
	b.WriteString(`<line`)
	if e.reference {
		b.WriteString(` class="chart-ref"`)
	}
	fmt.Fprintf(b, ` x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s"`, coord(x), coord(y), coord(x+24), coord(y), e.colour)
	if e.dash != "" {
		fmt.Fprintf(b, ` stroke-dasharray="%s"`, e.dash)
	}
	if e.reference {
		fmt.Fprintf(b, ` stroke-width="%s"`, strconv.FormatFloat(referenceWidth, 'f', -1, 64))
	}
	b.WriteString(`/>`)
	if e.marker != "" {
		writeMarker(b, e.marker, e.colour, x+12, y, "")
	}
}

// writeMarker writes a marker of the given shape centred on (x, y); filled
// shapes have a thin halo of the background's colour (class chart-halo).
func writeMarker(b *strings.Builder, shape, colour string, x, y float64, extra string) {
	c := func(v float64) string { return coord(v) }
	switch shape {
	case "circle":
		fmt.Fprintf(b, `<circle class="chart-halo" cx="%s" cy="%s" r="3.5" fill="%s" stroke="#ffffff" stroke-width="0.75" stroke-dasharray="none"%s/>`, c(x), c(y), colour, extra)
	case "square":
		fmt.Fprintf(b, `<rect class="chart-halo" x="%s" y="%s" width="6.5" height="6.5" fill="%s" stroke="#ffffff" stroke-width="0.75" stroke-dasharray="none"%s/>`, c(x-3.25), c(y-3.25), colour, extra)
	case "triangle":
		fmt.Fprintf(b, `<path class="chart-halo" d="M%s,%sL%s,%sL%s,%sZ" fill="%s" stroke="#ffffff" stroke-width="0.75" stroke-dasharray="none"%s/>`, c(x), c(y-4.5), c(x+4.2), c(y+3.2), c(x-4.2), c(y+3.2), colour, extra)
	case "diamond":
		fmt.Fprintf(b, `<path class="chart-halo" d="M%s,%sL%s,%sL%s,%sL%s,%sZ" fill="%s" stroke="#ffffff" stroke-width="0.75" stroke-dasharray="none"%s/>`, c(x), c(y-4.8), c(x+4.8), c(y), c(x), c(y+4.8), c(x-4.8), c(y), colour, extra)
	case "cross":
		fmt.Fprintf(b, `<path d="M%s,%sL%s,%sM%s,%sL%s,%s" fill="none" stroke="%s" stroke-width="2" stroke-dasharray="none"%s/>`, c(x-3.5), c(y-3.5), c(x+3.5), c(y+3.5), c(x-3.5), c(y+3.5), c(x+3.5), c(y-3.5), colour, extra)
	}
}

// along returns the point of the polyline (xs, ys), in increasing x, at
// abscissa x, interpolated linearly; false when x is outside the line.
func along(xs, ys []float64, x float64) (float64, float64, bool) {
	for i := 1; i < len(xs); i++ {
		if xs[i] < x {
			continue
		}
		if xs[i-1] > x {
			return 0, 0, false
		}
		if xs[i] == xs[i-1] {
			return x, ys[i], true
		}
		f := (x - xs[i-1]) / (xs[i] - xs[i-1])
		return x, ys[i-1] + f*(ys[i]-ys[i-1]), true
	}
	return 0, 0, false
}

// LegendEntry is one entry of a chart's legend, for a page that draws the
// legend itself (ChartOptions.NoLegend).
type LegendEntry struct {
	// Label names the entry: a strategy's label, or the labels of
	// strategies with identical curves joined by " = "; ChartOptions.Hidden
	// and Highlight take it.
	Label string
	// Labels are the strategies' labels of the entry, in the scenario's
	// order.
	Labels []string
	// Reference marks the optimal reference; Untimed a strategy without
	// simulated times on the time axis (no line drawn).
	Reference, Untimed bool
	// Swatch is an SVG of the entry's line and marker, 30 by 12 units.
	Swatch string
}

// Legend returns the legend's entries of r's chart under opt, in the
// order SVG lists them.
func Legend(r *scenario.Result, opt ChartOptions) ([]LegendEntry, error) {
	opt, err := chartDefaults(r, opt)
	if err != nil {
		return nil, err
	}
	lines, _, err := chartLines(r, opt)
	if err != nil {
		return nil, err
	}
	var out []LegendEntry
	for _, l := range legendEntries(lines) {
		var b strings.Builder
		b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" width="30" height="12" viewBox="0 0 30 12" aria-hidden="true" stroke-width="1.75">`)
		writeSwatch(&b, l, 3, 6)
		b.WriteString(`</svg>`)
		out = append(out, LegendEntry{Label: l.entry, Labels: l.members, Reference: l.reference, Untimed: l.untimed, Swatch: b.String()})
	}
	return out, nil
}

// chartLines returns the polylines of r for the x axis of opt, the
// reference first, and the x axis's title.
func chartLines(r *scenario.Result, opt ChartOptions) ([]line, string, error) {
	var xOf func(c *crawl.Curve, i int) float64
	var xTitle string
	switch opt.X {
	case XFraction:
		if r.Reachable <= 0 {
			return nil, "", fmt.Errorf("report: the seeds reach no page, so there is no fraction to plot; use the count axis")
		}
		n := float64(r.Reachable)
		xOf = func(c *crawl.Curve, i int) float64 { return float64(c.K[i]) / n }
		xTitle = "fraction of the " + groupThousands(strconv.FormatInt(r.Reachable, 10)) + " reachable pages downloaded"
	case XCount:
		xOf = func(c *crawl.Curve, i int) float64 { return float64(c.K[i]) }
		xTitle = "pages downloaded"
	case XTime:
		longest := 0.0
		for _, s := range r.Strategies {
			if t := s.Curve.T; len(t) > 0 {
				longest = math.Max(longest, t[len(t)-1])
			}
		}
		if longest == 0 {
			return nil, "", fmt.Errorf("report: the result has no simulated times to plot; run the scenario with politeness, or use the fraction or count axis")
		}
		u := timeUnitFor(longest)
		xOf = func(c *crawl.Curve, i int) float64 { return c.T[i] / u.seconds }
		xTitle = "simulated time (" + u.name + ")"
	default:
		return nil, "", fmt.Errorf("report: chart x axis %q; expected %s, %s or %s", opt.X, XFraction, XCount, XTime)
	}

	var lines []line
	add := func(label string, style line, kind string, c *crawl.Curve) error {
		if c == nil || len(c.K) == 0 {
			return nil
		}
		if err := checkCurve(label, kind, c); err != nil {
			return err
		}
		l := style
		l.label, l.kind = label, kind
		if opt.X == XTime && len(c.T) == 0 {
			// This curve was not run on the clock: the legend says so.
			if kind == kindActual {
				l.label += " (not timed)"
				l.entry, l.untimed = l.label, true
				lines = append(lines, l)
			}
			return nil
		}
		// Every curve starts at the origin: nothing is downloaded at k = 0.
		if c.K[0] > 0 {
			l.xs, l.ys = append(l.xs, 0), append(l.ys, 0)
		}
		for i := range c.K {
			x, y := xOf(c, i), c.Value[i]
			if math.IsNaN(x) || math.IsInf(x, 0) || math.IsNaN(y) || math.IsInf(y, 0) {
				return fmt.Errorf("report: the %s curve of %q holds the point (%v, %v); expected finite numbers", kind, label, x, y)
			}
			l.xs, l.ys = append(l.xs, x), append(l.ys, y)
		}
		lines = append(lines, l)
		return nil
	}
	for _, s := range r.Strategies {
		if s.Reference {
			style := line{colour: referenceColour, dash: referenceDash, reference: true, entry: s.Label, members: []string{s.Label}}
			if err := add(s.Label, style, kindActual, &s.Curve); err != nil {
				return nil, "", err
			}
		}
	}
	series := 0
	for _, s := range r.Strategies {
		if s.Reference {
			continue
		}
		// Identical curves are drawn once and named together (not with
		// guarantees, whose lines may differ).
		if !opt.Guarantees {
			if m := sameCurve(lines, r, s, opt.X == XTime); m >= 0 {
				lines[m].entry += " = " + s.Label
				lines[m].label = lines[m].entry
				lines[m].members = append(lines[m].members, s.Label)
				continue
			}
		}
		style := line{colour: palette[series%len(palette)], dash: strategyDashes[series%len(strategyDashes)],
			marker: markerShapes[series%len(markerShapes)], series: series, entry: s.Label, members: []string{s.Label}}
		if opt.Guarantees {
			style.dash = ""
		}
		series++
		if err := add(s.Label, style, kindActual, &s.Curve); err != nil {
			return nil, "", err
		}
		if opt.Guarantees {
			style.dash = guaranteedDash
			if err := add(s.Label+" (guaranteed)", style, kindGuaranteed, s.Guarantee); err != nil {
				return nil, "", err
			}
			style.dash = lowerBoundDash
			if err := add(s.Label+" (lower bound)", style, kindLowerBound, s.LowerBound); err != nil {
				return nil, "", err
			}
		}
	}
	drawn := false
	for _, l := range lines {
		drawn = drawn || !l.untimed
	}
	if !drawn {
		return nil, "", fmt.Errorf("report: the result has no curve to plot")
	}
	return lines, xTitle, nil
}

// sameCurve returns the index among lines of the strategy line whose
// curve equals s's (the same points, and the same times when timed), or
// -1.
func sameCurve(lines []line, r *scenario.Result, s scenario.StrategyResult, timed bool) int {
	for i, l := range lines {
		if l.reference || l.kind != kindActual {
			continue
		}
		for _, o := range r.Strategies {
			if o.Label != l.members[0] || o.Reference {
				continue
			}
			if slices.Equal(o.Curve.K, s.Curve.K) && slices.Equal(o.Curve.Value, s.Curve.Value) && (!timed || slices.Equal(o.Curve.T, s.Curve.T)) {
				return i
			}
		}
	}
	return -1
}

// legendEntries lists the lines of the legend: one per strategy, and one
// per kind of guarantee line drawn.
func legendEntries(lines []line) []line {
	var out []line
	guaranteed, lower := false, false
	for _, l := range lines {
		switch l.kind {
		case kindGuaranteed:
			guaranteed = true
		case kindLowerBound:
			lower = true
		default:
			e := l
			e.label, e.xs, e.ys = l.entry, nil, nil
			out = append(out, e)
		}
	}
	if guaranteed {
		out = append(out, line{label: "guaranteed", entry: "guaranteed", kind: kindGuaranteed, colour: "#666666", dash: guaranteedDash})
	}
	if lower {
		out = append(out, line{label: "lower bound", entry: "lower bound", kind: kindLowerBound, colour: "#666666", dash: lowerBoundDash})
	}
	return out
}

// legendLayout is where the legend's entries go: rows per column, the
// characters a label keeps, a column's width and the whole legend's, and
// the chart's height, grown when the entries need it.
type legendLayout struct {
	rows, chars        int
	columnWidth, width float64
	height             int
}

// layoutLegend places n entries in one column, or two when one does not
// fit the height, and grows the chart when two do not fit either. Labels
// keep as many characters as the legend's share of the width allows.
func layoutLegend(entries []line, width, height int, top float64) legendLayout {
	n := max(len(entries), 1)
	// Entry i's line is at top+8+i·legendLine, its text 4 pixels lower,
	// and the last one keeps 8 pixels from the edge.
	fit := max(int((float64(height)-top-20)/legendLine)+1, 1)
	columns := 1
	if n > fit {
		columns = 2
	}
	l := legendLayout{rows: (n + columns - 1) / columns, height: height}
	if l.rows > fit {
		l.height = int(math.Ceil(top + 20 + float64(l.rows-1)*legendLine))
	}
	longest := 0
	for _, e := range entries {
		longest = max(longest, utf8.RuneCountInString(e.label))
	}
	share := legendWidthShare*float64(width) - float64(columns-1)*legendColumnGap
	l.chars = min(longest, max(int((share/float64(columns)-legendSwatch)/charWidth), legendMinChars))
	l.columnWidth = legendSwatch + charWidth*float64(l.chars)
	l.width = float64(columns)*l.columnWidth + float64(columns-1)*legendColumnGap
	return l
}

// shorten keeps the first chars runes of label, the last one replaced by
// "…" when the label is longer.
func shorten(label string, chars int) string {
	if utf8.RuneCountInString(label) <= chars {
		return label
	}
	r := []rune(label)
	return string(r[:max(chars-1, 0)]) + "…"
}

// importanceName names the importance vector on the y axis.
func importanceName(r *scenario.Result) string {
	kind := r.Importance.Kind
	if kind == "" {
		kind = r.Scenario.Importance
	}
	switch kind {
	case "", "pagerank":
		return "PageRank"
	case "personalized":
		return "personalized PageRank"
	}
	return kind
}

// coord writes a pixel coordinate with one decimal.
func coord(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }

// escape writes s as XML character data, safe in text and in attributes.
func escape(b *strings.Builder, s string) {
	_ = xml.EscapeText(b, []byte(s))
}

// chartLayout is where a chart's parts go: SVG draws it, PlotArea tells
// the page where the plot is.
type chartLayout struct {
	lines             []line
	xTitle            string
	entries           []line
	legend            legendLayout
	top, plotH, plotW float64
	left              float64
	height            int
	xs, ys            axisScale
	// log marks a logarithmic x axis from xs.bottom to xs.top.
	log bool
}

// xFraction returns where x lies along the x axis, 0 at its start and 1
// at its end.
func (c chartLayout) xFraction(x float64) float64 {
	if c.log {
		return (math.Log10(x) - math.Log10(c.xs.bottom)) / (math.Log10(c.xs.top) - math.Log10(c.xs.bottom))
	}
	return x / c.xs.top
}

// layoutChart computes the layout of r's chart under opt (with its
// defaults filled in).
func layoutChart(r *scenario.Result, opt ChartOptions) (chartLayout, error) {
	lines, xTitle, err := chartLines(r, opt)
	if err != nil {
		return chartLayout{}, err
	}

	// Scales from the data.
	xHi, yHi, xLo := 0.0, 0.0, math.Inf(1)
	for _, l := range lines {
		for i := range l.xs {
			xHi = math.Max(xHi, l.xs[i])
			yHi = math.Max(yHi, l.ys[i])
			if l.xs[i] > 0 {
				xLo = math.Min(xLo, l.xs[i])
			}
		}
	}
	if opt.X == XFraction {
		xHi = math.Max(xHi, 1)
	}

	// Layout: the title on top, the y labels on the left, the x labels
	// below, the legend on the right.
	top := 16.0
	if opt.Title != "" {
		top += 26
	}
	bottom := 52.0
	entries := legendEntries(lines)
	legend := layoutLegend(entries, opt.Width, opt.Height, top)
	if opt.NoLegend {
		entries, legend = nil, legendLayout{height: opt.Height, width: -16}
	}
	height := legend.height
	plotH := float64(height) - top - bottom
	ys := niceScale(yHi, int(plotH/50))
	labelChars := 0
	for _, s := range ys.labels {
		labelChars = max(labelChars, utf8.RuneCountInString(s))
	}
	left := 36.0 + charWidth*float64(labelChars)
	plotW := float64(opt.Width) - left - legend.width - 32
	if plotW < 120 || plotH < 80 {
		return chartLayout{}, fmt.Errorf("report: a chart of %d by %d pixels is too small for its axes and legend; make it larger", opt.Width, opt.Height)
	}
	xs := niceScale(xHi, int(plotW/65))
	logX := opt.LogX && !math.IsInf(xLo, 1) && xHi > xLo
	if logX {
		xs = logScale(xLo, xHi)
		if opt.X == XFraction {
			xTitle += " (logarithmic)"
		} else {
			xTitle += ", logarithmic"
		}
	}
	return chartLayout{lines: lines, xTitle: xTitle, entries: entries, legend: legend, top: top, plotH: plotH,
		plotW: plotW, left: left, height: height, xs: xs, ys: ys, log: logX}, nil
}

// PlotArea says where the plot of r's chart under opt lies, in the chart's
// own units (its viewBox): the plot spans x from Left to Left+Width, and
// the x axis runs from 0 at Left to XMax at Left+Width. ChartWidth is the
// viewBox's width. The page uses it to turn the pointer's position into a
// value of the x axis for its hover readout.
type PlotArea struct {
	Left, Width, XMax, ChartWidth float64
	// Top and Height place the plot vertically, YMax is the y axis's end
	// and ChartHeight the viewBox's height.
	Top, Height, YMax, ChartHeight float64
	// Log marks a logarithmic x axis, which runs from XMin at Left to XMax
	// at Left+Width.
	Log  bool
	XMin float64
}

// Plot returns the PlotArea of r's chart under opt, as SVG draws it.
func Plot(r *scenario.Result, opt ChartOptions) (PlotArea, error) {
	opt, err := chartDefaults(r, opt)
	if err != nil {
		return PlotArea{}, err
	}
	lay, err := layoutChart(r, opt)
	if err != nil {
		return PlotArea{}, err
	}
	return PlotArea{Left: lay.left, Width: lay.plotW, XMax: lay.xs.top, ChartWidth: float64(opt.Width),
		Top: lay.top, Height: lay.plotH, YMax: lay.ys.top, ChartHeight: float64(lay.height), Log: lay.log, XMin: lay.xs.bottom}, nil
}

// chartDefaults fills opt's defaults and checks r and opt.
func chartDefaults(r *scenario.Result, opt ChartOptions) (ChartOptions, error) {
	if r == nil {
		return opt, fmt.Errorf("report: no result")
	}
	if opt.Width == 0 {
		opt.Width = DefaultChartWidth
	}
	if opt.Height == 0 {
		opt.Height = DefaultChartHeight
	}
	if opt.X == "" {
		opt.X = XFraction
	}
	if opt.Width < 0 || opt.Height < 0 {
		return opt, fmt.Errorf("report: a chart of %d by %d pixels; expected positive sizes", opt.Width, opt.Height)
	}
	return opt, nil
}
