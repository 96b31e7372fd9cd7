package report

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
)

// SeedTable writes a seed study (model.Result.SeedStudy; seeds/003,
// section 3.5) as text: the seeds with their cores, the breadth-first
// crawls from each seed set depth by depth, the distances between the
// cores beside the graph's average connected distance, and what became of
// the previous snapshot's seeds.
func SeedTable(w io.Writer, r *model.Result) error {
	if r == nil || r.SeedStudy == nil {
		return fmt.Errorf("report: the result has no seed study")
	}
	st := r.SeedStudy
	var b strings.Builder
	writeFacts(&b, r)
	b.WriteByte('\n')
	if c := st.Community; c != nil {
		fmt.Fprintf(&b, "%d community seeds from %d rounds of HITS on %d links between hosts", len(c.Seeds), c.Rounds, c.PrunedLinks)
		if c.Skipped > 0 {
			fmt.Fprintf(&b, " (%d cores without hubs skipped)", c.Skipped)
		}
		if c.Exhausted {
			b.WriteString("; the links between hosts ran out")
		}
		b.WriteString("\n")
		b.WriteString("hub: the seed's hub score; authority: the score of its core's best authority\n")
		rows := [][]string{{"#", "seed", "hub", "authority", "hubs", "authorities", "density"}}
		for i, core := range c.Cores {
			rows = append(rows, []string{strconv.Itoa(i + 1), st.Names[i], shortScore(core.Hub), shortScore(core.Authority),
				strconv.Itoa(len(core.Hubs)), strconv.Itoa(len(core.Authorities)), strconv.FormatFloat(core.Density, 'f', 1, 64) + "%"})
		}
		WriteColumns(&b, rows, []bool{false, true})
	} else {
		fmt.Fprintf(&b, "seeds: %s\n", strings.Join(st.Names, " "))
	}
	b.WriteString("\n")
	ev := st.Evaluation
	b.WriteString("breadth-first crawls from each seed set: pages first reached at each depth, and their mean importance\n")
	head := []string{"depth"}
	for _, p := range ev.Profiles {
		head = append(head, p.Name, "mean")
	}
	rows := [][]string{head}
	depths := 0
	for _, p := range ev.Profiles {
		depths = max(depths, len(p.Pages))
	}
	for d := range depths {
		row := []string{strconv.Itoa(d)}
		for _, p := range ev.Profiles {
			if d < len(p.Pages) {
				row = append(row, strconv.FormatInt(p.Pages[d], 10), shortScore(p.MeanImportance[d]))
			} else {
				row = append(row, "", "")
			}
		}
		rows = append(rows, row)
	}
	total := []string{"all"}
	for _, p := range ev.Profiles {
		total = append(total, strconv.FormatInt(p.Reached, 10), shortScore(p.Importance)+" in all")
	}
	rows = append(rows, total)
	WriteColumns(&b, rows, nil)
	b.WriteString("\n")
	if c := ev.Cores; c.Cores > 1 {
		fmt.Fprintf(&b, "distances between the %d cores (shortest directed path on the full graph): ", c.Cores)
		if c.Pairs > 0 {
			fmt.Fprintf(&b, "min %d, mean %.2f, max %d over %d ordered pairs", c.Min, c.Mean, c.Max, c.Pairs)
		} else {
			b.WriteString("no path between any two")
		}
		if c.Unreachable > 0 {
			fmt.Fprintf(&b, "; %d pairs without a path", c.Unreachable)
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "average connected distance of the graph: %.2f (estimated from %d breadth-first searches)\n", ev.AverageDistance, ev.DistanceSamples)
	if o := st.Older; o != nil {
		fmt.Fprintf(&b, "previous snapshot: %d community seeds extracted, %d of them still in the graph (profiled above)\n", o.Extracted, o.Survived)
	}
	for _, warning := range r.Warnings {
		b.WriteString("warning: " + warning + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// shortScore writes a score with four significant digits.
func shortScore(v float64) string { return strconv.FormatFloat(v, 'g', 4, 64) }

// DepthSVG draws a seed study's breadth-first crawls as two panels, like
// seeds/003's Figures 7 and 8: on the left the mean importance of the pages
// first reached at each depth, on the right their number on a log scale;
// one line per seed set.
func DepthSVG(w io.Writer, r *model.Result) error {
	if r == nil || r.SeedStudy == nil {
		return fmt.Errorf("report: the result has no seed study")
	}
	profiles := r.SeedStudy.Evaluation.Profiles
	const width, height, panelW, top, left, bottom = 900, 400, 330, 40.0, 64.0, 70.0
	plotH := height - top - bottom
	depths, meanHi, countHi := 1, 0.0, 1.0
	for _, p := range profiles {
		depths = max(depths, len(p.Pages))
		for d := range p.Pages {
			meanHi = math.Max(meanHi, p.MeanImportance[d])
			countHi = math.Max(countHi, float64(p.Pages[d]))
		}
	}
	xs := niceScale(float64(max(depths-1, 1)), 6)
	means := niceScale(meanHi, 5)
	decades := max(int(math.Ceil(math.Log10(countHi))), 1)

	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="%d">`+"\n",
		width, height, width, height, fontSize)
	b.WriteString("<title>Breadth-first crawls from each seed set, depth by depth</title>\n")
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#ffffff"/>`+"\n", width, height)
	panel := func(x0 float64, title string, yTicks []float64, yLabels []string, yTop float64, value func(p int, d int) (float64, bool)) {
		px := func(d float64) float64 { return x0 + d/xs.top*panelW }
		py := func(v float64) float64 { return top + plotH - v/yTop*plotH }
		fmt.Fprintf(&b, `<text x="%s" y="24" text-anchor="middle" font-weight="bold">`, coord(x0+panelW/2))
		escape(&b, title)
		b.WriteString("</text>\n")
		b.WriteString(`<g stroke="#e3e3e3">`)
		for _, t := range yTicks[1:] {
			fmt.Fprintf(&b, `<line x1="%s" y1="%s" x2="%s" y2="%s"/>`, coord(x0), coord(py(t)), coord(x0+panelW), coord(py(t)))
		}
		b.WriteString("</g>\n")
		fmt.Fprintf(&b, `<g stroke="#333333"><line x1="%s" y1="%s" x2="%s" y2="%s"/><line x1="%s" y1="%s" x2="%s" y2="%s"/></g>`+"\n",
			coord(x0), coord(top+plotH), coord(x0+panelW), coord(top+plotH), coord(x0), coord(top), coord(x0), coord(top+plotH))
		b.WriteString(`<g fill="#333333" text-anchor="middle">`)
		for i, t := range xs.ticks {
			fmt.Fprintf(&b, `<text x="%s" y="%s">%s</text>`, coord(px(t)), coord(top+plotH+18), xs.labels[i])
		}
		fmt.Fprintf(&b, `<text x="%s" y="%s">depth (0: the seeds)</text>`, coord(x0+panelW/2), coord(top+plotH+38))
		b.WriteString("</g>\n")
		b.WriteString(`<g fill="#333333" text-anchor="end">`)
		for i, t := range yTicks {
			fmt.Fprintf(&b, `<text x="%s" y="%s">%s</text>`, coord(x0-6), coord(py(t)+4), yLabels[i])
		}
		b.WriteString("</g>\n")
		b.WriteString("<g>\n")
		for k := range profiles {
			var pts []string
			for d := range profiles[k].Pages {
				if v, ok := value(k, d); ok {
					pts = append(pts, coord(px(float64(d)))+","+coord(py(v)))
				}
			}
			colour := palette[k%len(palette)]
			fmt.Fprintf(&b, `<polyline fill="none" stroke="%s" stroke-width="2" points="%s"><title>`, colour, strings.Join(pts, " "))
			escape(&b, profiles[k].Name)
			b.WriteString("</title></polyline>\n")
		}
		b.WriteString("</g>\n")
	}
	panel(left, "mean importance of the pages reached", means.ticks, means.labels, means.top, func(k, d int) (float64, bool) {
		return profiles[k].MeanImportance[d], true
	})
	var decTicks []float64
	var decLabels []string
	for e := 0; e <= decades; e++ {
		decTicks = append(decTicks, float64(e))
		decLabels = append(decLabels, compactCount(int64(math.Round(math.Pow(10, float64(e))))))
	}
	panel(left+panelW+90, "pages first reached (log scale)", decTicks, decLabels, float64(decades), func(k, d int) (float64, bool) {
		n := profiles[k].Pages[d]
		return math.Log10(float64(n)), n > 0
	})
	// The legend below both panels.
	x := left
	for k, p := range profiles {
		y := float64(height) - 14
		fmt.Fprintf(&b, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="2"/><text x="%s" y="%s">`,
			coord(x), coord(y-4), coord(x+22), coord(y-4), palette[k%len(palette)], coord(x+28), coord(y))
		escape(&b, p.Name)
		b.WriteString("</text>\n")
		x += 40 + charWidth*float64(len([]rune(p.Name)))
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}
