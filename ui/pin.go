package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/report"
)

// Pinned is a result the user kept to compare with the next runs: its
// table as the page showed it, and its curves, drawn grey and dashed
// under the current ones.
type Pinned struct {
	// Result is the pinned comparison.
	Result *model.Result
	// Head and Rows are its metrics table, as the page showed it.
	Head []string
	Rows [][]string
	// Caption says what was pinned: strategies, graph and pages.
	Caption string
}

// Pin keeps the current result to compare with the next run.
func (a *App) Pin() {
	if a.Result == nil {
		return
	}
	r := a.Result
	caption := counted(int64(len(r.Strategies)), "strategy", "strategies") + " on " + groupDigits(r.Graph.SourceName)
	if !strings.Contains(r.Graph.SourceName, "pages") {
		caption += " (" + counted(r.Graph.Pages, "page", "pages") + ")"
	}
	a.Pinned = &Pinned{Result: r, Head: a.MetricsHead, Rows: a.MetricsRows, Caption: caption}
	a.Notice = "Result pinned: change the scenario and press Run to compare the next run with it."
	a.drawChart()
}

// Unpin forgets the pinned result.
func (a *App) Unpin() {
	a.Pinned = nil
	a.Notice = ""
	a.drawChart()
}

// Comparing reports whether a pinned result is shown beside another one.
func (a *App) Comparing() bool {
	return a.Pinned != nil && a.Result != nil && a.Pinned.Result != a.Result
}

// pinnedColour is the pinned curves' grey, and pinnedDash their dashes.
const (
	pinnedColour = "#8a8f99"
	pinnedDash   = "5 4"
)

// withPinned adds the pinned result's curves to svg, a chart of the
// current result drawn with opt: one grey dashed polyline per strategy
// (class chart-pinned, titled "pinned: LABEL"), placed on the current
// chart's axes and cut where they leave it, and the word "pinned" at the
// end of the highest. It returns svg unchanged when nothing is compared.
func (a *App) withPinned(svg string, opt report.ChartOptions) string {
	if !a.Comparing() {
		return svg
	}
	plot, err := report.Plot(a.Result, opt)
	if err != nil || plot.Width <= 0 || plot.YMax <= 0 {
		return svg
	}
	overlay := pinnedOverlay(a.Pinned.Result, opt.X, plot)
	end := strings.LastIndex(svg, "</svg>")
	if end < 0 || overlay == "" {
		return svg
	}
	return svg[:end] + overlay + svg[end:]
}

// pinnedOverlay draws r's curves on the plot area of another chart whose
// x axis is axis.
func pinnedOverlay(r *model.Result, axis string, plot report.PlotArea) string {
	px := func(x float64) (float64, bool) {
		if plot.Log {
			if x <= 0 || plot.XMin <= 0 {
				return 0, false
			}
			return plot.Left + (math.Log10(x)-math.Log10(plot.XMin))/(math.Log10(plot.XMax)-math.Log10(plot.XMin))*plot.Width, true
		}
		return plot.Left + x/plot.XMax*plot.Width, true
	}
	py := func(y float64) float64 {
		return plot.Top + plot.Height - math.Min(y, plot.YMax)/plot.YMax*plot.Height
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<g class="chart-pinned" fill="none" stroke="%s" stroke-width="1.5" stroke-dasharray="%s">`, pinnedColour, pinnedDash)
	drawn := 0
	for _, s := range r.Strategies {
		c := s.Curve
		if axis == report.XTime && c.T == nil {
			continue
		}
		var pts strings.Builder
		lastX, lastY, n := math.NaN(), math.NaN(), 0
		for i := range c.Value {
			x := float64(c.K[i])
			switch axis {
			case report.XTime:
				x = c.T[i]
			case report.XCount:
			default:
				if r.Reachable <= 0 {
					continue
				}
				x /= float64(r.Reachable)
			}
			if x > plot.XMax*1.0000001 {
				break
			}
			X, ok := px(x)
			if !ok {
				continue
			}
			Y := py(c.Value[i])
			X, Y = math.Round(X*10)/10, math.Round(Y*10)/10
			if X == lastX && Y == lastY {
				continue
			}
			lastX, lastY = X, Y
			if n > 0 {
				pts.WriteByte(' ')
			}
			pts.WriteString(strconv.FormatFloat(X, 'f', -1, 64) + "," + strconv.FormatFloat(Y, 'f', -1, 64))
			n++
		}
		if n < 2 {
			continue
		}
		b.WriteString(`<polyline points="`)
		b.WriteString(pts.String())
		b.WriteString(`"><title>pinned: `)
		b.WriteString(xmlEscape(s.Label))
		b.WriteString(`</title></polyline>`)
		drawn++
	}
	if drawn == 0 {
		return ""
	}
	// The label, with a swatch of the dashes, in the plot's lower right
	// corner, which cumulative curves leave empty.
	x, y := plot.Left+plot.Width-8, plot.Top+plot.Height-10
	fmt.Fprintf(&b, `<line x1="%s" y1="%s" x2="%s" y2="%s"/>`, coordText(x-74), coordText(y-4), coordText(x-50), coordText(y-4))
	fmt.Fprintf(&b, `<text class="chart-pinned-label" x="%s" y="%s" text-anchor="end" stroke="none" fill="%s" font-style="italic">pinned</text>`,
		coordText(x), coordText(y), pinnedColour)
	b.WriteString("</g>\n")
	return b.String()
}

func coordText(v float64) string { return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64) }

// xmlEscape escapes text for an SVG element's content.
func xmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}
