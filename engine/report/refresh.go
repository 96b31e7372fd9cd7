package report

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
)

// RefreshTable writes a revisit comparison (SPEC.md section 7; seeds/002)
// as text: the simulated web, then per policy the freshness, user-weighted
// freshness, mean age, crawler visits and those that found no change, the
// network traffic of a central and of a migrating crawler, and the mean
// interval at the end.
func RefreshTable(w io.Writer, r *model.RefreshResult) error {
	if r == nil {
		return fmt.Errorf("report: no result")
	}
	p := r.Refresh.Simulation
	g := p.Regulation
	var b strings.Builder
	fmt.Fprintf(&b, "web         %d sites over %g units of time; change rates %g to %g per unit (log-uniform); %d users, %g visits per unit (Zipf %g)\n",
		p.Sites, p.Horizon, p.ChangeMin, p.ChangeMax, p.Users, p.UserRate, *p.Popularity)
	fmt.Fprintf(&b, "regulation  t0 %g in [%g, %g]; change ratio over %d visits, thresholds %g/%g; interest thresholds %g/%g, weight α %g, minimum %g\n",
		g.Initial, g.Min, g.Max, g.Window, g.Lower, g.Upper, g.InterestLower, g.InterestUpper, *g.Alpha, g.MinInterest)
	fmt.Fprintf(&b, "traffic     %s per site download, %s per migrant; seed %d\n\n", bytesText(*p.SiteBytes), bytesText(*p.MigrantBytes), p.Seed)
	head, body := RefreshRows(r)
	rows := append([][]string{head}, body...)
	left := make([]bool, len(rows[0]))
	left[0] = true
	WriteColumns(&b, rows, left)
	b.WriteString("\nfreshness: time-averaged share of sites whose copy is current; user fresh.: share of user visits that found it current;\n" +
		"mean age: time-averaged time since a copy went stale (0 while current); unchanged: visits that found no change;\n" +
		"central/migrating: network traffic of a central crawler (every visit downloads the site) and of migrants\n" +
		"(one migrant per visit, the site only when it changed); saved: what migrants save; interval: mean interval at the end\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// RefreshRows returns the cells of RefreshTable's table: the header, then
// one row per outcome. The page shows the same cells.
func RefreshRows(r *model.RefreshResult) (head []string, rows [][]string) {
	head = []string{"policy", "freshness", "user fresh.", "mean age", "visits", "unchanged", "central", "migrating", "saved", "interval"}
	for _, o := range r.Outcomes {
		saved := "—"
		if o.CentralBytes > 0 {
			saved = strconv.FormatFloat(100*(1-o.MigrantBytes/o.CentralBytes), 'f', 1, 64) + "%"
		}
		unchanged := "—"
		if o.Visits > 0 {
			unchanged = strconv.FormatFloat(100*float64(o.Unchanged)/float64(o.Visits), 'f', 1, 64) + "%"
		}
		rows = append(rows, []string{o.Label, strconv.FormatFloat(o.Freshness, 'f', 4, 64), strconv.FormatFloat(o.UserFreshness, 'f', 4, 64),
			strconv.FormatFloat(o.MeanAge, 'f', 2, 64), strconv.FormatInt(o.Visits, 10), unchanged,
			bytesText(o.CentralBytes), bytesText(o.MigrantBytes), saved, strconv.FormatFloat(o.MeanInterval, 'f', 2, 64)})
	}
	return head, rows
}

// bytesText writes a byte count with a unit.
func bytesText(v float64) string {
	switch {
	case v >= 1e12:
		return strconv.FormatFloat(v/1e12, 'f', 2, 64) + " TB"
	case v >= 1e9:
		return strconv.FormatFloat(v/1e9, 'f', 2, 64) + " GB"
	case v >= 1e6:
		return strconv.FormatFloat(v/1e6, 'f', 2, 64) + " MB"
	case v >= 1e3:
		return strconv.FormatFloat(v/1e3, 'f', 1, 64) + " kB"
	}
	return strconv.FormatFloat(v, 'f', 0, 64) + " B"
}

// RefreshCSV writes every policy's series over time, one point per line,
// under the header "policy,time,fresh,central_bytes,migrant_bytes".
func RefreshCSV(w io.Writer, r *model.RefreshResult) error {
	if r == nil {
		return fmt.Errorf("report: no result")
	}
	c := csv.NewWriter(w)
	c.Write([]string{"policy", "time", "fresh", "central_bytes", "migrant_bytes"})
	f := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	for _, o := range r.Outcomes {
		s := o.Series
		for i := range s.Times {
			c.Write([]string{o.Label, f(s.Times[i]), f(s.Fresh[i]), f(s.Central[i]), f(s.Migrant[i])})
		}
	}
	c.Flush()
	return c.Error()
}

// RefreshSVG draws a revisit comparison as two panels over simulated time:
// on the left the share of sites whose copy is current, on the right the
// traffic so far, a central crawler's dashed and a migrating one's solid,
// one colour per policy.
func RefreshSVG(w io.Writer, r *model.RefreshResult) error {
	if r == nil {
		return fmt.Errorf("report: no result")
	}
	const width, height, panelW, top, left, bottom = 960, 420, 340.0, 40.0, 64.0, 96.0
	plotH := height - top - bottom
	horizon := r.Refresh.Simulation.Horizon
	traffic := 0.0
	for _, o := range r.Outcomes {
		traffic = math.Max(traffic, o.CentralBytes)
		traffic = math.Max(traffic, o.MigrantBytes)
	}
	unit, unitName := 1e6, "MB"
	if traffic >= 1e9 {
		unit, unitName = 1e9, "GB"
	}
	xs := niceScale(horizon, 5)
	fresh := niceScale(1, 5)
	ys := niceScale(traffic/unit, 5)

	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="%d">`+"\n",
		width, height, width, height, fontSize)
	b.WriteString("<title>Freshness and network traffic over simulated time</title>\n")
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#ffffff"/>`+"\n", width, height)
	type line struct {
		label, colour, dash string
		ys                  []float64
	}
	panel := func(x0 float64, title string, y axisScale, lines []line) {
		px := func(t float64) float64 { return x0 + t/xs.top*panelW }
		py := func(v float64) float64 { return top + plotH - v/y.top*plotH }
		fmt.Fprintf(&b, `<text x="%s" y="24" text-anchor="middle" font-weight="bold">`, coord(x0+panelW/2))
		escape(&b, title)
		b.WriteString("</text>\n<g stroke=\"#e3e3e3\">")
		for _, t := range y.ticks[1:] {
			fmt.Fprintf(&b, `<line x1="%s" y1="%s" x2="%s" y2="%s"/>`, coord(x0), coord(py(t)), coord(x0+panelW), coord(py(t)))
		}
		fmt.Fprintf(&b, "</g>\n"+`<g stroke="#333333"><line x1="%s" y1="%s" x2="%s" y2="%s"/><line x1="%s" y1="%s" x2="%s" y2="%s"/></g>`+"\n",
			coord(x0), coord(top+plotH), coord(x0+panelW), coord(top+plotH), coord(x0), coord(top), coord(x0), coord(top+plotH))
		b.WriteString(`<g fill="#333333" text-anchor="middle">`)
		for i, t := range xs.ticks {
			fmt.Fprintf(&b, `<text x="%s" y="%s">%s</text>`, coord(px(t)), coord(top+plotH+18), xs.labels[i])
		}
		fmt.Fprintf(&b, `<text x="%s" y="%s">simulated time</text></g>`+"\n", coord(x0+panelW/2), coord(top+plotH+36))
		b.WriteString(`<g fill="#333333" text-anchor="end">`)
		for i, t := range y.ticks {
			fmt.Fprintf(&b, `<text x="%s" y="%s">%s</text>`, coord(x0-6), coord(py(t)+4), y.labels[i])
		}
		b.WriteString("</g>\n<g fill=\"none\" stroke-width=\"2\">\n")
		for _, l := range lines {
			var pts []string
			pts = append(pts, coord(px(0))+","+coord(py(l.ys[0])))
			for i, t := range r.Outcomes[0].Series.Times {
				if i+1 < len(l.ys) {
					pts = append(pts, coord(px(t))+","+coord(py(l.ys[i+1])))
				}
			}
			fmt.Fprintf(&b, `<polyline stroke="%s"`, l.colour)
			if l.dash != "" {
				fmt.Fprintf(&b, ` stroke-dasharray="%s"`, l.dash)
			}
			fmt.Fprintf(&b, ` points="%s"><title>`, strings.Join(pts, " "))
			escape(&b, l.label)
			b.WriteString("</title></polyline>\n")
		}
		b.WriteString("</g>\n")
	}
	var freshLines, trafficLines []line
	for k, o := range r.Outcomes {
		c := palette[k%len(palette)]
		freshLines = append(freshLines, line{label: o.Label, colour: c, ys: append([]float64{1}, o.Series.Fresh...)})
		central := []float64{0}
		migrant := []float64{0}
		for i := range o.Series.Times {
			central = append(central, o.Series.Central[i]/unit)
			migrant = append(migrant, o.Series.Migrant[i]/unit)
		}
		trafficLines = append(trafficLines, line{label: o.Label + " (central)", colour: c, dash: "6 4", ys: central},
			line{label: o.Label + " (migrating)", colour: c, ys: migrant})
	}
	panel(left, "share of sites whose copy is current", fresh, freshLines)
	panel(left+panelW+110, "network traffic so far ("+unitName+"; dashed: central, solid: migrating)", ys, trafficLines)
	// The legend below the panels, two entries per row.
	for k, o := range r.Outcomes {
		x := left + float64(k%2)*440
		y := float64(height) - 40 + float64(k/2)*16
		fmt.Fprintf(&b, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="2"/><text x="%s" y="%s">`,
			coord(x), coord(y-4), coord(x+22), coord(y-4), palette[k%len(palette)], coord(x+28), coord(y))
		escape(&b, o.Label)
		b.WriteString("</text>\n")
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}
