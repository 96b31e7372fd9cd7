// Charts of two panels over one x axis (RefreshSVG, DepthSVG): side by
// side when the chart is wide, one above the other when it is narrow, and
// one legend above both, shared by them.

package report

import (
	"fmt"
	"math"
	"strings"
	"unicode/utf8"
)

// Two-panel chart metrics, in pixels: the room left of a plot for its y
// labels, right of the chart, between two plots side by side (the second
// one's y labels), the width from which the panels stand side by side,
// the narrowest chart drawn, and the approximate width of a character of
// a panel's bold 12-pixel title.
const (
	panelsLeft       = 64.0
	panelsRight      = 24.0
	panelsGap        = 96.0
	panelsSideBySide = 720
	panelsMinWidth   = 240
	panelTitleChar   = 7.5
	panelTitleLine   = 16.0
	panelsMargin     = 12.0
)

// panelBox is where one panel is drawn: its title's lines and their
// first baseline, and its plot area.
type panelBox struct {
	titleLines            []string
	titleY                float64
	x0, top, plotW, plotH float64
}

// legendSpot is a shared legend entry's place: its swatch starts at x,
// its text's baseline is y.
type legendSpot struct {
	x, y float64
}

// panelsLayout is the layout of a two-panel chart width pixels wide.
type panelsLayout struct {
	width, height float64
	legend        []legendSpot
	panels        [2]panelBox
}

// legendEntryWidth is the width a shared legend entry takes: its swatch,
// its label and the gap before the next entry.
func legendEntryWidth(label string) float64 {
	return 28 + charWidth*float64(utf8.RuneCountInString(label)) + 18
}

// layoutPanels lays out a chart of two panels titled titles, width pixels
// wide (at least panelsMinWidth), whose legend names labels: the legend's
// entries flow in rows centred on the chart, above both panels; the
// panels stand side by side from panelsSideBySide pixels, one above the
// other below it, each plot about 0.6 times as high as wide.
func layoutPanels(width int, titles [2]string, labels []string) panelsLayout {
	w := float64(max(width, panelsMinWidth))
	l := panelsLayout{width: w}
	// The legend: rows of entries, each row centred.
	avail := w - 2*panelsMargin
	y := 20.0
	for i := 0; i < len(labels); {
		j, rowW := i, 0.0
		for j < len(labels) && (j == i || rowW+legendEntryWidth(labels[j])-18 <= avail) {
			rowW += legendEntryWidth(labels[j])
			j++
		}
		rowW -= 18
		x := math.Max(4, (w-rowW)/2)
		for k := i; k < j; k++ {
			l.legend = append(l.legend, legendSpot{x: x, y: y})
			x += legendEntryWidth(labels[k])
		}
		i = j
		y += legendLine
	}
	top := y + 8
	side := width >= panelsSideBySide
	plotW := w - panelsLeft - panelsRight
	if side {
		plotW = (w - panelsLeft - panelsRight - panelsGap) / 2
	}
	plotH := math.Round(math.Min(math.Max(plotW*0.6, 140), 300))
	for i, title := range titles {
		x0 := panelsLeft
		if side {
			x0 += float64(i) * (plotW + panelsGap)
		}
		room := plotW + panelsLeft - panelsMargin
		if side {
			room = plotW + panelsGap - panelsMargin
		}
		lines := WrapWords(title, max(int(room/panelTitleChar), 8))
		p := panelBox{titleLines: lines, titleY: top + 16, x0: x0, plotW: plotW, plotH: plotH}
		p.top = p.titleY + panelTitleLine*float64(len(lines)-1) + 16
		l.panels[i] = p
		if !side {
			top = p.top + plotH + 50
		}
	}
	if side {
		// Side by side, both plots start below the longer title.
		t := math.Max(l.panels[0].top, l.panels[1].top)
		l.panels[0].top, l.panels[1].top = t, t
	}
	last := l.panels[1]
	l.height = math.Ceil(last.top + last.plotH + 48)
	return l
}

// writePanelsHead writes a two-panel chart's root element, its title for
// screen readers, its background and its shared legend: labels, each
// after a swatch of its line's style (styles: colour, and the dash
// pattern and marker when it has them, writeSwatch). The parts carry report.SVG's classes (chart-bg, chart-text),
// so the page gives them its colours.
func writePanelsHead(b *strings.Builder, l panelsLayout, title string, labels []string, styles []line) {
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s" font-family="sans-serif" font-size="%d">`+"\n",
		coord0(l.width), coord0(l.height), coord0(l.width), coord0(l.height), fontSize)
	b.WriteString("<title>")
	escape(b, title)
	b.WriteString("</title>\n")
	fmt.Fprintf(b, `<rect class="chart-bg" width="%s" height="%s" fill="#ffffff"/>`+"\n", coord0(l.width), coord0(l.height))
	b.WriteString(`<g class="chart-legend" stroke-width="2">` + "\n")
	for k, s := range l.legend {
		writeSwatch(b, styles[k], s.x, s.y-4)
		fmt.Fprintf(b, `<text class="chart-text" fill="#333333" x="%s" y="%s">`, coord(s.x+28), coord(s.y))
		escape(b, labels[k])
		b.WriteString("</text>\n")
	}
	b.WriteString("</g>\n")
}

// writePanelFrame writes a panel's title, grid lines at yTicks (scaled
// to yTop), axes, and tick labels: xs along the x axis, titled xTitle,
// yLabels along the y axis.
func writePanelFrame(b *strings.Builder, p panelBox, xs axisScale, xTitle string, yTicks []float64, yLabels []string, yTop float64) {
	px := func(v float64) float64 { return p.x0 + v/xs.top*p.plotW }
	py := func(v float64) float64 { return p.top + p.plotH - v/yTop*p.plotH }
	b.WriteString(`<g class="chart-text" fill="#333333" text-anchor="middle" font-weight="bold">`)
	for i, line := range p.titleLines {
		fmt.Fprintf(b, `<text x="%s" y="%s">`, coord(p.x0+p.plotW/2), coord(p.titleY+panelTitleLine*float64(i)))
		escape(b, line)
		b.WriteString("</text>")
	}
	b.WriteString("</g>\n")
	b.WriteString(`<g class="chart-grid" stroke="#e3e3e3">`)
	for _, t := range yTicks[1:] {
		fmt.Fprintf(b, `<line x1="%s" y1="%s" x2="%s" y2="%s"/>`, coord(p.x0), coord(py(t)), coord(p.x0+p.plotW), coord(py(t)))
	}
	b.WriteString("</g>\n")
	bottom := p.top + p.plotH
	fmt.Fprintf(b, `<g class="chart-axis" stroke="#333333"><line x1="%s" y1="%s" x2="%s" y2="%s"/><line x1="%s" y1="%s" x2="%s" y2="%s"/></g>`+"\n",
		coord(p.x0), coord(bottom), coord(p.x0+p.plotW), coord(bottom), coord(p.x0), coord(p.top), coord(p.x0), coord(bottom))
	b.WriteString(`<g class="chart-text" fill="#333333" text-anchor="middle">`)
	for i, t := range xs.ticks {
		fmt.Fprintf(b, `<text x="%s" y="%s">%s</text>`, coord(px(t)), coord(bottom+18), xs.labels[i])
	}
	fmt.Fprintf(b, `<text x="%s" y="%s">`, coord(p.x0+p.plotW/2), coord(bottom+36))
	escape(b, xTitle)
	b.WriteString("</text></g>\n")
	b.WriteString(`<g class="chart-text" fill="#333333" text-anchor="end">`)
	for i, t := range yTicks {
		fmt.Fprintf(b, `<text x="%s" y="%s">%s</text>`, coord(p.x0-6), coord(py(t)+4), yLabels[i])
	}
	b.WriteString("</g>\n")
}

// panelTicks is how many intervals a panel's x axis aims at: fewer on a
// narrow plot, so that its labels keep apart.
func panelTicks(plotW float64, wide int) int {
	if plotW < 260 {
		return max(wide/2, 2)
	}
	return wide
}

// coord0 writes a whole-pixel size.
func coord0(v float64) string { return fmt.Sprintf("%d", int(math.Round(v))) }
