package reproduce

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/crawlsim/crawlsim/engine/report"
)

// effectReference is a horizontal line of an effectiveness chart: a
// strategy without the parameter, at its value.
type effectReference struct {
	label  string
	value  float64
	colour string
	dash   string
}

// Effectiveness chart size and colours (the Okabe-Ito palette of
// report.SVG, for colour-blind readers): the command line's size, the
// legend's width beside the plot, and, below effectNarrowWidth pixels (a
// phone's; the command line draws effectWidth wide), the legend below the
// plot and the plot at least effectMinPlotHeight high, as report.SVG
// lays out a narrow chart.
const (
	effectWidth         = 800
	effectHeight        = 440
	effectSeries        = "#0072B2"
	effectLegendW       = 230
	effectNarrowWidth   = 640
	effectMinPlotHeight = 150.0
	effectMargin        = 12.0
)

// effectLayout is where an effectiveness chart's parts go.
type effectLayout struct {
	width, height           int
	top, left, plotW, plotH float64
	// below marks the legend below the plot, in rows (report.LegendBelow);
	// beside it, the first swatch's line is from (legendX, legendY).
	below            bool
	rows             report.LegendRows
	legendX, legendY float64
}

// layoutEffect lays out an effectiveness chart width pixels wide, about
// 0.6 as high (300 to effectHeight pixels), whose title takes titleLines
// lines: the legend of labels right of the plot, or below it on a chart
// narrower than effectNarrowWidth, in rows as report.SVG lays out a narrow
// chart's legend, the chart then as tall as the legend and a plot as high
// as yTitle is long need.
func layoutEffect(width, titleLines int, yTitle string, labels []string) effectLayout {
	l := effectLayout{width: width, left: 72}
	l.height = int(math.Min(math.Max(math.Round(0.6*float64(width)), 300), effectHeight))
	l.top = 16 + 26 + 19*float64(titleLines-1) + 12
	const bottom = 56.0
	if width >= effectNarrowWidth {
		l.plotW = float64(width) - l.left - effectLegendW - 24
		l.plotH = float64(l.height) - l.top - bottom
		l.legendX, l.legendY = l.left+l.plotW+24, l.top+8
		return l
	}
	l.below = true
	l.plotW = float64(width) - l.left - 24
	l.plotH = math.Max(float64(l.height)-l.top-bottom, math.Max(effectMinPlotHeight, report.CharWidth*float64(utf8.RuneCountInString(yTitle))+8))
	l.rows = report.LegendBelow(labels, width, l.top+l.plotH+bottom+4)
	l.height = l.rows.Height
	return l
}

// entryAt is where the legend's entry i goes: its swatch's left end and
// line, its label 30 pixels right and 4 lower.
func (l effectLayout) entryAt(i int) (x, y float64) {
	if !l.below {
		return l.legendX, l.legendY + 18*float64(i)
	}
	return l.rows.At(i)
}

// entryLabel is label as the legend writes it: below the plot shortened to
// the characters a column holds.
func (l effectLayout) entryLabel(label string) string {
	if !l.below {
		return label
	}
	return l.rows.Label(label)
}

// effectivenessChart draws Alam et al.'s Fig. 4 as the paper plots it,
// width pixels wide (effectWidth at the command line; layoutEffect):
// effectiveness (yTitle) against the parameter M on a logarithmic axis
// with a tick at each value of ms, the series' values as one line with a
// marked and labelled point per value (each value in its point's <title>
// instead when the labels would overlap), and refs as horizontal lines
// across the plot, named in a legend. The parts carry report.SVG's classes
// (chart-bg, chart-grid, chart-axis, chart-text) so the page restyles it.
func effectivenessChart(name, title, seriesLabel, yTitle string, width int, ms, values []float64, refs []effectReference) Chart {
	titleLines := report.TitleLines(title, width)
	labels := []string{seriesLabel + " by M"}
	for _, r := range refs {
		labels = append(labels, r.label)
	}
	lay := layoutEffect(width, len(titleLines), yTitle, labels)
	top, left, plotW, plotH := lay.top, lay.left, lay.plotW, lay.plotH

	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range values {
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	for _, r := range refs {
		lo, hi = math.Min(lo, r.value), math.Max(hi, r.value)
	}
	span := hi - lo
	if span < 1e-9 {
		span = math.Max(0.01, 0.02*math.Abs(hi))
	}
	stepY := niceStep(span / 4)
	yLo := math.Max(0, math.Floor((lo-0.15*span)/stepY)*stepY)
	yHi := math.Ceil((hi+0.15*span)/stepY) * stepY
	decimals := max(0, int(-math.Floor(math.Log10(stepY)+1e-9)))
	xLo, xHi := math.Log10(ms[0]*0.7), math.Log10(ms[len(ms)-1]*1.4)
	px := func(m float64) float64 { return left + (math.Log10(m)-xLo)/(xHi-xLo)*plotW }
	py := func(v float64) float64 { return top + plotH - (v-yLo)/(yHi-yLo)*plotH }
	c := func(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }

	var b bytes.Buffer
	esc := func(s string) { _ = xml.EscapeText(&b, []byte(s)) }
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" class="crawlsim-chart" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n",
		lay.width, lay.height, lay.width, lay.height)
	b.WriteString("<title>")
	esc(title)
	b.WriteString("</title>\n")
	fmt.Fprintf(&b, `<rect class="chart-bg" width="%d" height="%d" fill="#ffffff"/>`+"\n", lay.width, lay.height)
	b.WriteString(`<g class="chart-text" fill="#333333" text-anchor="middle" font-size="15" font-weight="bold">`)
	for i, l := range titleLines {
		fmt.Fprintf(&b, `<text x="%s" y="%s">`, c(float64(width)/2), c(26+19*float64(i)))
		esc(l)
		b.WriteString("</text>")
	}
	b.WriteString("</g>\n")

	// Grid, axes and ticks.
	b.WriteString(`<g class="chart-grid" stroke="#e3e3e3" stroke-width="1">`)
	for y := yLo + stepY; y <= yHi+stepY/2; y += stepY {
		fmt.Fprintf(&b, `<line x1="%s" y1="%s" x2="%s" y2="%s"/>`, c(left), c(py(y)), c(left+plotW), c(py(y)))
	}
	for _, m := range ms {
		fmt.Fprintf(&b, `<line x1="%s" y1="%s" x2="%s" y2="%s"/>`, c(px(m)), c(top), c(px(m)), c(top+plotH))
	}
	b.WriteString("</g>\n")
	fmt.Fprintf(&b, `<g class="chart-axis" stroke="#333333" stroke-width="1"><line x1="%s" y1="%s" x2="%s" y2="%s"/><line x1="%s" y1="%s" x2="%s" y2="%s"/></g>`+"\n",
		c(left), c(top+plotH), c(left+plotW), c(top+plotH), c(left), c(top), c(left), c(top+plotH))
	b.WriteString(`<g class="chart-text" fill="#333333" text-anchor="middle">`)
	for _, m := range ms {
		fmt.Fprintf(&b, `<text x="%s" y="%s">%s</text>`, c(px(m)), c(top+plotH+19), strconv.FormatFloat(m, 'f', -1, 64))
	}
	// The axis's title over the plot, or over the chart where the plot
	// is too narrow for it.
	const xTitle = "M (logarithmic; M = 1 is fpr)"
	xTitleX := left + plotW/2
	if half := report.CharWidth * float64(utf8.RuneCountInString(xTitle)) / 2; xTitleX+half > float64(width)-effectMargin/2 {
		xTitleX = float64(width) / 2
	}
	fmt.Fprintf(&b, `<text x="%s" y="%s">%s</text>`, c(xTitleX), c(top+plotH+42), xTitle)
	b.WriteString("</g>\n")
	b.WriteString(`<g class="chart-text" fill="#333333" text-anchor="end">`)
	for y := yLo; y <= yHi+stepY/2; y += stepY {
		fmt.Fprintf(&b, `<text x="%s" y="%s">%s</text>`, c(left-8), c(py(y)+4), strconv.FormatFloat(y, 'f', decimals, 64))
	}
	b.WriteString("</g>\n")
	yx, yy := 14.0, top+plotH/2
	fmt.Fprintf(&b, `<text class="chart-text" x="%s" y="%s" text-anchor="middle" transform="rotate(-90 %s %s)">`, c(yx), c(yy), c(yx), c(yy))
	esc(yTitle)
	b.WriteString("</text>\n")

	// References, then the series with its points and their values.
	b.WriteString(`<g fill="none" stroke-width="2">` + "\n")
	for _, r := range refs {
		fmt.Fprintf(&b, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-dasharray="%s"><title>`, c(left), c(py(r.value)), c(left+plotW), c(py(r.value)), r.colour, r.dash)
		esc(r.label)
		b.WriteString("</title></line>\n")
	}
	fmt.Fprintf(&b, `<polyline stroke="%s" stroke-width="2.5" points="`, effectSeries)
	for i, m := range ms {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%s,%s", c(px(m)), c(py(values[i])))
	}
	b.WriteString(`"><title>`)
	esc(seriesLabel)
	b.WriteString("</title></polyline>\n</g>\n")
	// Each point's value where no reference line crosses it
	// (labelBaseline), else above it as every other is, else in its
	// <title> when two values would overlap (a narrow chart's points M =
	// 1 and 2 are close).
	xs := make([]float64, len(ms))
	bases := make([]float64, len(ms))
	for i, m := range ms {
		xs[i], bases[i] = px(m), labelBaseline(py(values[i]), top, top+plotH, refs, py)
	}
	labelled := !labelsOverlap(xs, bases, values)
	if !labelled {
		for i := range ms {
			bases[i] = py(values[i]) - 10
		}
		labelled = !labelsOverlap(xs, bases, values)
	}
	b.WriteString(`<g class="chart-points">`)
	for i, m := range ms {
		fmt.Fprintf(&b, `<circle class="chart-halo" cx="%s" cy="%s" r="4.5" fill="%s" stroke="#ffffff" stroke-width="1"`, c(px(m)), c(py(values[i])), effectSeries)
		if labelled {
			b.WriteString("/>")
			continue
		}
		fmt.Fprintf(&b, `><title>M = %s: %s</title></circle>`, strconv.FormatFloat(m, 'f', -1, 64), f4(values[i]))
	}
	b.WriteString("</g>\n")
	if labelled {
		b.WriteString(`<g class="chart-text" fill="#222222" text-anchor="middle">`)
		for i, m := range ms {
			fmt.Fprintf(&b, `<text x="%s" y="%s">%s</text>`, c(px(m)), c(bases[i]), f4(values[i]))
		}
		b.WriteString("</g>\n")
	}

	// Legend.
	b.WriteString(`<g stroke-width="2">` + "\n")
	entry := func(i int, label, colour, dash string, point bool) {
		lx, y := lay.entryAt(i)
		fmt.Fprintf(&b, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s"`, c(lx), c(y), c(lx+24), c(y), colour)
		if dash != "" {
			fmt.Fprintf(&b, ` stroke-dasharray="%s"`, dash)
		}
		b.WriteString("/>")
		if point {
			fmt.Fprintf(&b, `<circle class="chart-halo" cx="%s" cy="%s" r="4" fill="%s" stroke="#ffffff" stroke-width="1"/>`, c(lx+12), c(y), colour)
		}
		fmt.Fprintf(&b, `<text class="chart-text" x="%s" y="%s" stroke="none" fill="#222222">`, c(lx+30), c(y+4))
		esc(lay.entryLabel(label))
		b.WriteString("</text>\n")
	}
	entry(0, seriesLabel+" by M", effectSeries, "", true)
	for i, r := range refs {
		entry(i+1, r.label, r.colour, r.dash, false)
	}
	b.WriteString("</g>\n</svg>\n")
	return Chart{Name: name, Title: title, SVG: b.Bytes()}
}

// labelBaseline is the baseline of the value of a point at y, in a plot
// from top to bottom: 10 pixels above the point, else 21 below it, else
// a few pixels further up or down, the first where no reference line
// (at py of its value) crosses the text; above the point when none is
// clear within 20 pixels. A 12-pixel text reaches about 10 pixels above
// its baseline and 3 below.
func labelBaseline(y, top, bottom float64, refs []effectReference, py func(float64) float64) float64 {
	clear := func(base float64) bool {
		if base-10 < top || base+3 > bottom {
			return false
		}
		for _, r := range refs {
			if ry := py(r.value); ry > base-11 && ry < base+4 {
				return false
			}
		}
		return true
	}
	for d := 0.0; d <= 20; d++ {
		if clear(y - 10 - d) {
			return y - 10 - d
		}
		if clear(y + 21 + d) {
			return y + 21 + d
		}
	}
	return y - 10
}

// labelsOverlap reports whether two of the values, written centred at
// xs on the baselines bases, would overlap, with 2 pixels between them.
func labelsOverlap(xs, bases, values []float64) bool {
	for i := range xs {
		for j := range i {
			w := report.CharWidth * float64(len(f4(values[i]))+len(f4(values[j]))) / 2
			if math.Abs(xs[i]-xs[j]) < w+2 && math.Abs(bases[i]-bases[j]) < 14 {
				return true
			}
		}
	}
	return false
}

// niceStep is 1, 2 or 5 times a power of ten, at least x.
func niceStep(x float64) float64 {
	p := math.Pow(10, math.Floor(math.Log10(x)))
	for _, f := range []float64{1, 2, 5} {
		if f*p >= x {
			return f * p
		}
	}
	return 10 * p
}
