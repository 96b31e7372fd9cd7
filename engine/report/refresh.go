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

// RefreshTable writes a revisit comparison (docs/algorithms.md section 7; Singhal et al. 2012)
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
	fmt.Fprintf(&b, "web         %s sites over %s units of time; change rates %g to %g per unit (log-uniform); %s users, %s visits per unit (Zipf %g)\n",
		model.Count(p.Sites), model.Number(p.Horizon), p.ChangeMin, p.ChangeMax, model.Count(p.Users), model.Number(p.UserRate), *p.Popularity)
	fmt.Fprintf(&b, "regulation  t0 %g in [%g, %g]; change ratio over %d visits, thresholds %g/%g; interest thresholds %g/%g, weight α %g, minimum %g\n",
		g.Initial, g.Min, g.Max, g.Window, g.Lower, g.Upper, g.InterestLower, g.InterestUpper, *g.Alpha, g.MinInterest)
	fmt.Fprintf(&b, "traffic     %s per site download, %s per migrant; seed %d\n\n", bytesText(*p.SiteBytes), bytesText(*p.MigrantBytes), p.Seed)
	head, body := RefreshRows(r)
	rows := append([][]string{head}, body...)
	left := make([]bool, len(rows[0]))
	left[0] = true
	WriteColumns(&b, rows, left)
	b.WriteByte('\n')
	for _, line := range RefreshNotes(r) {
		b.WriteString(line + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// RefreshNotes explains the columns of RefreshTable's table of r, in
// lines as it prints them under the table, and the rows of fixed
// policies at another's visits when r has them; the page shows them
// under its own table. r may be nil (no result yet): the columns alone.
func RefreshNotes(r *model.RefreshResult) []string {
	notes := []string{
		"freshness: time-averaged share of sites whose copy is current; user fresh.: share of user visits that found it current;",
		"mean age: time-averaged time since a copy went stale (0 while current); unchanged: visits that found no change;",
		"central/migrating: network traffic of a central crawler (every visit downloads the site) and of migrants",
		"(one migrant per visit, the site only when it changed); saved: what migrants save; interval: mean interval at the end",
	}
	if r != nil {
		for _, o := range r.Outcomes {
			if o.Label != o.Policy {
				notes[len(notes)-1] += ";"
				notes = append(notes, "fixed at the visits of P: the fixed interval that makes as many visits as policy P, to compare them at equal cost")
				break
			}
		}
	}
	return notes
}

// RefreshRows returns the cells of RefreshTable's table: the header, then
// one row per outcome. The page shows the same cells.
func RefreshRows(r *model.RefreshResult) (head []string, rows [][]string) {
	head = []string{"policy", "freshness", "user fresh.", "mean age", "visits", "unchanged", "central", "migrating", "saved", "interval"}
	var central, migrating []float64
	for _, o := range r.Outcomes {
		central, migrating = append(central, o.CentralBytes), append(migrating, o.MigrantBytes)
	}
	centralText, migratingText := BytesColumn(central), BytesColumn(migrating)
	for k, o := range r.Outcomes {
		saved := "—"
		if o.CentralBytes > 0 {
			saved = strconv.FormatFloat(100*(1-o.MigrantBytes/o.CentralBytes), 'f', 1, 64) + "%"
		}
		unchanged := "—"
		if o.Visits > 0 {
			unchanged = strconv.FormatFloat(100*float64(o.Unchanged)/float64(o.Visits), 'f', 1, 64) + "%"
		}
		rows = append(rows, []string{o.Label, strconv.FormatFloat(o.Freshness, 'f', 4, 64), strconv.FormatFloat(o.UserFreshness, 'f', 4, 64),
			timeCell(o.MeanAge), model.Count(o.Visits), unchanged,
			centralText[k], migratingText[k], saved, timeCell(o.MeanInterval)})
	}
	return head, rows
}

// timeCell writes a time of the revisit table (a mean age or interval)
// with two decimals, or from 10^9 units on in exponent form with three
// significant digits, where two decimals of the longest horizons
// (model.MaxRefreshHorizon) would run to 150 digits.
func timeCell(v float64) string {
	if math.Abs(v) < 1e9 {
		return strconv.FormatFloat(v, 'f', 2, 64)
	}
	return strconv.FormatFloat(v, 'g', 3, 64)
}

// BytesColumn writes a column of byte counts in one unit, that of its
// largest count, with one number of decimals: at least two (none for
// bytes), more, up to four, for three significant digits of its smallest
// non-zero count; thousands grouped. The revisit table's traffic
// (RefreshTable), and reproduce's, are written with it.
func BytesColumn(values []float64) []string {
	largest := 0.0
	for _, v := range values {
		largest = max(largest, v)
	}
	unit, name := 1.0, "B"
	for _, u := range []struct {
		size float64
		name string
	}{{1e12, "TB"}, {1e9, "GB"}, {1e6, "MB"}, {1e3, "kB"}} {
		if largest >= u.size {
			unit, name = u.size, u.name
			break
		}
	}
	scaled := make([]float64, len(values))
	for i, v := range values {
		scaled[i] = v / unit
	}
	decimals := 0
	if unit > 1 {
		decimals = max(SignificantDecimals(scaled, 3, 4), 2)
	}
	out := make([]string, len(values))
	for i, v := range scaled {
		out[i] = model.GroupDigits(strconv.FormatFloat(v, 'f', decimals, 64)) + " " + name
	}
	return out
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

// RefreshSVG draws a revisit comparison as two panels over simulated time,
// RefreshChartWidth pixels wide (RefreshChart).
func RefreshSVG(w io.Writer, r *model.RefreshResult) error {
	return RefreshChart(w, r, RefreshChartWidth)
}

// RefreshChartWidth is the width of RefreshSVG's chart, in pixels.
const RefreshChartWidth = 960

// RefreshChart draws a revisit comparison width pixels wide as two
// panels over simulated time: the share of sites whose copy is current,
// and the traffic so far of a central crawler and of a migrating one.
// The k-th policy is drawn as run draws its k-th strategy, in the k-th
// colour, dash pattern and marker (closedSeriesStyle: a marker that can
// be hollow), so that the policies
// stay apart in grey; its central traffic has hollow markers, its
// migrating traffic filled ones. One legend above both panels names the
// policies. The panels stand side by side on a wide chart and one above
// the other on a narrow one (layoutPanels), so that its 12-pixel text
// stays 12 pixels on a phone.
func RefreshChart(w io.Writer, r *model.RefreshResult, width int) error {
	if r == nil {
		return fmt.Errorf("report: no result")
	}
	if width <= 0 {
		return fmt.Errorf("report: a chart %d pixels wide; expected a positive width", width)
	}
	horizon := r.Refresh.Simulation.Horizon
	traffic := 0.0
	var labels []string
	var styles []line
	for k, o := range r.Outcomes {
		traffic = math.Max(traffic, o.CentralBytes)
		traffic = math.Max(traffic, o.MigrantBytes)
		labels, styles = append(labels, o.Label), append(styles, closedSeriesStyle(k))
	}
	unit, unitName := 1e6, "MB"
	if traffic >= 1e9 {
		unit, unitName = 1e9, "GB"
	}
	lay := layoutPanels(width, [2]string{"share of sites whose copy is current",
		"traffic so far (" + unitName + "; hollow: central, filled: migrating)"}, labels)
	ticks := panelTicks(lay.panels[0].plotW, 5)
	xs := niceScale(horizon, ticks)
	fresh := niceScale(1, 5)
	ys := niceScale(traffic/unit, 5)

	var b strings.Builder
	writePanelsHead(&b, lay, "Freshness and network traffic over simulated time", labels, styles)
	// series is a line of a panel: its title, its policy's style, its
	// values at time 0 and at the series' times, and whether its markers
	// are hollow (a central crawler's traffic).
	type series struct {
		label  string
		style  line
		ys     []float64
		hollow bool
	}
	panel := func(p panelBox, y axisScale, lines []series) {
		writePanelFrame(&b, p, xs, "simulated time", y.ticks, y.labels, y.top)
		px := func(t float64) float64 { return p.x0 + t/xs.top*p.plotW }
		py := func(v float64) float64 { return p.top + p.plotH - v/y.top*p.plotH }
		b.WriteString("<g fill=\"none\" stroke-width=\"2\">\n")
		var markers strings.Builder
		for _, l := range lines {
			pxs, pys := []float64{px(0)}, []float64{py(l.ys[0])}
			for i, t := range r.Outcomes[0].Series.Times {
				if i+1 < len(l.ys) {
					pxs, pys = append(pxs, px(t)), append(pys, py(l.ys[i+1]))
				}
			}
			pts := make([]string, len(pxs))
			for i := range pxs {
				pts[i] = coord(pxs[i]) + "," + coord(pys[i])
			}
			fmt.Fprintf(&b, `<polyline stroke="%s"`, l.style.colour)
			if l.style.dash != "" {
				fmt.Fprintf(&b, ` stroke-dasharray="%s"`, l.style.dash)
			}
			fmt.Fprintf(&b, ` points="%s"><title>`, strings.Join(pts, " "))
			escape(&b, l.label)
			b.WriteString("</title></polyline>\n")
			// The central line's markers half a step along from the
			// migrating line's, where the two lines may meet.
			for _, f := range markerSpots(l.style.series, l.hollow) {
				x, y, ok := along(pxs, pys, p.x0+f*p.plotW)
				switch {
				case ok && l.hollow:
					writeHollowMarker(&markers, l.style.marker, l.style.colour, x, y, "")
				case ok:
					writeMarker(&markers, l.style.marker, l.style.colour, x, y, "")
				}
			}
		}
		b.WriteString("</g>\n")
		b.WriteString(`<g class="chart-markers">` + "\n" + markers.String() + "</g>\n")
	}
	var freshLines, trafficLines []series
	for k, o := range r.Outcomes {
		st := styles[k]
		freshLines = append(freshLines, series{label: o.Label, style: st, ys: append([]float64{1}, o.Series.Fresh...)})
		central := []float64{0}
		migrant := []float64{0}
		for i := range o.Series.Times {
			central = append(central, o.Series.Central[i]/unit)
			migrant = append(migrant, o.Series.Migrant[i]/unit)
		}
		trafficLines = append(trafficLines, series{label: o.Label + " (central)", style: st, ys: central, hollow: true},
			series{label: o.Label + " (migrating)", style: st, ys: migrant})
	}
	panel(lay.panels[0], fresh, freshLines)
	panel(lay.panels[1], ys, trafficLines)
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}
