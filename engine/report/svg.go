package report

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
)

// Chart x axes (ChartOptions.X).
const (
	// XFraction plots against the fraction of the reachable pages
	// downloaded, 0 to 1 (docs/algorithms.md section 4).
	XFraction = "fraction"
	// XCount plots against the number of pages downloaded.
	XCount = "count"
	// XTime plots against simulated time, for results run on the
	// politeness clock (docs/algorithms.md section 5).
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
	// Title, when not empty, is written above the chart, on up to three
	// lines that fit its width (TitleLines).
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
	// Pinned, when set, is an earlier result to compare with (the page's
	// pinned run): its strategies' curves are drawn too, dashed and
	// lighter, each in the colour and marker of the strategy of the same
	// label (chartpinned.go).
	Pinned *model.Result
	// Catalogue lists the registered strategies in display order
	// (model.Catalogue.Strategies): each strategy id takes its colour,
	// dash pattern and marker from its place there, the same in every
	// chart whatever else is drawn. Without it the strategies take the
	// looks in the result's order.
	Catalogue []model.StrategyInfo
}

// SVG writes a line chart of r's curves: cumulative importance against the
// x axis of opt, one line per strategy in the result's order
// (model.OrderStrategies), each with its id's own colour from a palette
// for colour-blind readers, dash pattern and marker (so that greyscale
// prints keep them apart; ChartOptions.Catalogue), the optimal reference
// wider and dashed, with nice ticks (1, 2 or 5 times a power of ten, or
// powers of ten on a logarithmic x axis, thousands separated by commas) on
// both axes, axis titles and a legend on the right. Strategies whose curves
// are identical are drawn once and named together in the legend ("bfs =
// larger-sites-first"). On the time axis a strategy without simulated
// times (the optimal reference, which runs without politeness) has a legend
// entry marked "(not timed)" and no line. With ChartOptions.Pinned the
// pinned run's curves are drawn too (pinnedLines): dashed, lighter and
// with hollow markers, in the colour and marker of this run's strategy of
// the same label, this run's strategy lines then solid, and a key in the
// plot's lower right corner says which run is which.
//
// Labels never make the chart fail: a legend label too long for the
// legend's share of the width (at most 40%) is shortened with "…" (the full
// label stays in the line's and the entry's <title>), a legend with more
// entries than the height holds takes two columns, and the chart grows
// taller when even two columns do not fit. On a chart narrower than 640
// pixels (a phone's; the command line draws 800 wide) whose legend on the
// right would leave the plot less than 60% of the width, or its x axis's
// title no room, the legend goes below the plot instead, in rows, the x
// axis's title wrapped, and the chart grows as tall as they need
// (chartnarrow.go): any width from 300 pixels draws. Only a size too small
// for the axes themselves is refused.
//
// The SVG is self-contained (no external reference), valid XML with every
// label escaped, carries a viewBox so it scales, and is the same bytes for
// the same result and options. Its parts carry classes (chart-bg,
// chart-grid, chart-axis, chart-text, chart-ref, chart-halo) so that a page
// showing it inline can restyle it, for a dark theme say.
func SVG(w io.Writer, r *model.Result, opt ChartOptions) error {
	opt, err := chartDefaults(r, opt)
	if err != nil {
		return err
	}
	lay, err := layoutChart(r, opt)
	if err != nil {
		return err
	}
	lines, entries, legend := lay.lines, lay.entries, lay.legend
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
	tx := titleX(lay.title, opt.Width, left+plotW/2)
	for i, l := range lay.title {
		fmt.Fprintf(&b, `<text class="chart-text" x="%s" y="%s" text-anchor="middle" font-size="15" font-weight="bold">`, coord(tx), strconv.FormatFloat(26+titleLine*float64(i), 'f', -1, 64))
		escape(&b, l)
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
		if xs.labels[i] == "" { // a decade left unlabelled (spaceLogLabels)
			continue
		}
		fmt.Fprintf(&b, `<text x="%s" y="%s">%s</text>`, coord(px(t)), coord(top+plotH+19), xs.labels[i])
	}
	b.WriteString("</g>\n")
	b.WriteString(`<g class="chart-text" fill="#333333" text-anchor="end">`)
	for i, t := range ys.ticks {
		fmt.Fprintf(&b, `<text x="%s" y="%s">%s</text>`, coord(left-8), coord(py(t)+4), ys.labels[i])
	}
	b.WriteString("</g>\n")

	// Axis titles.
	for i, l := range lay.xTitleLines {
		fmt.Fprintf(&b, `<text class="chart-text" x="%s" y="%s" text-anchor="middle">`, coord(left+plotW/2), coord(top+plotH+42+xTitleLine*float64(i)))
		escape(&b, l)
		b.WriteString("</text>\n")
	}
	for i, l := range lay.yTitleLines {
		yx, yy := 14.0+yTitleLine*float64(i), top+plotH/2
		fmt.Fprintf(&b, `<text class="chart-text" x="%s" y="%s" text-anchor="middle" transform="rotate(-90 %s %s)">`, coord(yx), coord(yy), coord(yx), coord(yy))
		escape(&b, l)
		if i == 0 && strings.Join(lay.yTitleLines, " ") != lay.yTitle {
			b.WriteString("<title>")
			escape(&b, lay.yTitle)
			b.WriteString("</title>")
		}
		b.WriteString("</text>\n")
	}

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
		switch {
		case l.reference && l.pinned:
			b.WriteString(` class="chart-ref chart-pinned"`)
		case l.reference:
			b.WriteString(` class="chart-ref"`)
		case l.pinned:
			b.WriteString(` class="chart-pinned"`)
		}
		fmt.Fprintf(&b, ` stroke="%s"`, l.colour)
		if l.dash != "" {
			fmt.Fprintf(&b, ` stroke-dasharray="%s"`, l.dash)
		}
		width, opacity := 0.0, ""
		switch {
		case l.pinned:
			w, o := pinnedStroke(opt.Highlight != "" && !faded(l), faded(l))
			width, opacity = w, strconv.FormatFloat(o, 'f', -1, 64)
		case l.reference:
			width = referenceWidth
		case opt.Highlight != "" && !faded(l):
			width = lineWidth + 1.25
		}
		if width > 0 {
			fmt.Fprintf(&b, ` stroke-width="%s"`, strconv.FormatFloat(width, 'f', -1, 64))
		}
		if faded(l) && !l.pinned {
			opacity = "0.25"
		}
		if opacity != "" {
			fmt.Fprintf(&b, ` stroke-opacity="%s"`, opacity)
		}
		b.WriteString(` points="`)
		b.Write(pts)
		b.WriteString(`"><title>`)
		escape(&b, l.label)
		b.WriteString("</title></polyline>\n")
		if l.marker != "" {
			opacity := ""
			switch {
			case l.pinned:
				_, o := pinnedStroke(opt.Highlight != "" && !faded(l), faded(l))
				opacity = ` opacity="` + strconv.FormatFloat(o, 'f', -1, 64) + `"`
			case faded(l):
				opacity = ` opacity="0.25"`
			}
			// Spread along the plot, by half a step more on the pinned
			// run's line.
			for _, f := range markerSpots(l.series, l.pinned) {
				x, y, ok := along(pxs, pys, left+f*plotW)
				switch {
				case ok && l.pinned:
					writeHollowMarker(&markers, l.marker, l.colour, x, y, opacity)
				case ok:
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
	if slices.ContainsFunc(lines, func(l line) bool { return l.pinned }) {
		writePinnedKey(&b, left+plotW, top+plotH)
	}

	if opt.NoLegend {
		b.WriteString("</svg>\n")
		_, err = io.WriteString(w, b.String())
		return err
	}
	// The legend, column by column beside the plot, row by row below it.
	fmt.Fprintf(&b, `<g stroke-width="%s">`+"\n", strconv.FormatFloat(lineWidth, 'f', -1, 64))
	for i, e := range entries {
		x, y := lay.legendAt(i)
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

// importanceName names the importance vector on the y axis.
func importanceName(r *model.Result) string {
	kind := r.Importance.Kind
	if kind == "" {
		kind = r.Scenario.Importance
	}
	switch kind {
	case "", "pagerank":
		return "PageRank"
	case "personalized":
		return "personalized PageRank"
	case model.ImportanceHITSAuthorities:
		return "HITS authority score"
	case model.ImportanceHITSHubs:
		return "HITS hub score"
	case model.ImportanceUnknown:
		return "importance"
	}
	return kind
}

// coord writes a pixel coordinate with one decimal.
func coord(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }

// escape writes s as XML character data, safe in text and in attributes.
func escape(b *strings.Builder, s string) {
	_ = xml.EscapeText(b, []byte(s))
}

// chartDefaults fills opt's defaults and checks r and opt.
func chartDefaults(r *model.Result, opt ChartOptions) (ChartOptions, error) {
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
