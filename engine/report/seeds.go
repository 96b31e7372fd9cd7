package report

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
)

// SeedTable writes a seed study (model.Result.SeedStudy; Daneshpajouh et al. 2008,
// section 3.5) as text: the seeds with their cores, the breadth-first
// crawls from each seed set depth by depth, the distances between the
// cores beside the graph's average connected distance, and what became of
// the previous snapshot's seeds.
func SeedTable(w io.Writer, r *model.Result) error {
	if r == nil || r.SeedStudy == nil {
		return fmt.Errorf("report: the result has no seed study")
	}
	var b strings.Builder
	writeFacts(&b, r)
	b.WriteByte('\n')
	writeSeedStudy(&b, r.SeedStudy)
	for _, warning := range r.Warnings {
		b.WriteString("warning: " + warning + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// SeedStudyText writes the seed study of r as SeedTable does, without the
// graph's facts and the warnings that come before and after it: the part
// a run with crawls prints below its strategy table (Table), which has
// them already.
func SeedStudyText(w io.Writer, r *model.Result) error {
	if r == nil || r.SeedStudy == nil {
		return fmt.Errorf("report: the result has no seed study")
	}
	var b strings.Builder
	writeSeedStudy(&b, r.SeedStudy)
	_, err := io.WriteString(w, b.String())
	return err
}

// CommunityRows is the table of the community seeds of st and their
// cores, as SeedTable writes it and the page shows it: per seed its
// number, name, hub score, its core's best authority score (each score
// column with one number of decimals, ColumnDecimals), the core's hubs
// and authorities, and its density (100·links/(hubs·authorities)). It
// has no head when st holds no community study, and no rows when the
// study found no community seeds.
func CommunityRows(st *model.SeedStudyResult) (head []string, rows [][]string) {
	if st == nil || st.Community == nil {
		return nil, nil
	}
	c := st.Community
	hubs, auths := make([]float64, len(c.Cores)), make([]float64, len(c.Cores))
	for i, core := range c.Cores {
		hubs[i], auths[i] = core.Hub, core.Authority
	}
	hubDecimals, authDecimals := ColumnDecimals(hubs), ColumnDecimals(auths)
	for i, core := range c.Cores {
		rows = append(rows, []string{strconv.Itoa(i + 1), st.Names[i], strconv.FormatFloat(core.Hub, 'f', hubDecimals, 64), strconv.FormatFloat(core.Authority, 'f', authDecimals, 64),
			model.Count(len(core.Hubs)), model.Count(len(core.Authorities)), strconv.FormatFloat(core.Density, 'f', 1, 64) + "%"})
	}
	return []string{"#", "seed", "hub", "authority", "hubs", "authorities", "density"}, rows
}

// writeSeedStudy writes the seeds and their cores, the per-depth crawls,
// the core distances and the previous snapshot's seeds of st.
func writeSeedStudy(b *strings.Builder, st *model.SeedStudyResult) {
	if c := st.Community; c != nil {
		fmt.Fprintf(b, "%s from %s of HITS on %s between hosts", model.Counted(len(c.Seeds), "community seed", "community seeds"),
			model.Counted(c.Rounds, "round", "rounds"), model.Counted(c.PrunedLinks, "link", "links"))
		if c.Skipped > 0 {
			fmt.Fprintf(b, " (%s without hubs skipped)", model.Counted(c.Skipped, "core", "cores"))
		}
		if c.Exhausted {
			b.WriteString("; the links between hosts ran out")
		}
		b.WriteString("\n")
		b.WriteString("hub: the seed's hub score; authority: the score of its core's best authority\n")
		head, rows := CommunityRows(st)
		WriteColumns(b, append([][]string{head}, rows...), []bool{false, true})
	} else {
		fmt.Fprintf(b, "seeds: %s\n", strings.Join(st.Names, " "))
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
	var means []float64
	for _, p := range ev.Profiles {
		depths = max(depths, len(p.Pages))
		means = append(means, p.MeanImportance...)
	}
	// The mean columns compare the seed sets: one number of decimals
	// for all of them.
	meanDecimals := ColumnDecimals(means)
	for d := range depths {
		row := []string{strconv.Itoa(d)}
		for _, p := range ev.Profiles {
			if d < len(p.Pages) {
				row = append(row, model.Count(p.Pages[d]), strconv.FormatFloat(p.MeanImportance[d], 'f', meanDecimals, 64))
			} else {
				row = append(row, "", "")
			}
		}
		rows = append(rows, row)
	}
	total := []string{"all"}
	for _, p := range ev.Profiles {
		total = append(total, model.Count(p.Reached), shortScore(p.Importance)+" in all")
	}
	rows = append(rows, total)
	WriteColumns(b, rows, nil)
	b.WriteString("\n")
	if c := ev.Cores; c.Cores > 1 {
		fmt.Fprintf(b, "distances between the %s cores (shortest directed path on the full graph): ", model.Count(c.Cores))
		if c.Pairs > 0 {
			fmt.Fprintf(b, "min %s, mean %.2f, max %s over %s", model.Count(c.Min), c.Mean, model.Count(c.Max), model.Counted(c.Pairs, "ordered pair", "ordered pairs"))
		} else {
			b.WriteString("no path between any two")
		}
		if c.Unreachable > 0 {
			fmt.Fprintf(b, "; %s without a path", model.Counted(c.Unreachable, "pair", "pairs"))
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(b, "average connected distance of the graph: %.2f (estimated from %s)\n", ev.AverageDistance,
		model.Counted(ev.DistanceSamples, "breadth-first search", "breadth-first searches"))
	if o := st.Older; o != nil {
		fmt.Fprintf(b, "previous snapshot: %s extracted, %s of them still in the graph (profiled above)\n",
			model.Counted(o.Extracted, "community seed", "community seeds"), model.Count(o.Survived))
	}
}

// scoreDigits is how many significant digits a score column gives its
// smallest non-zero score, and maxScoreDecimals the most decimals it
// takes for one (a smaller score is written as 0 to that many).
const (
	scoreDigits      = 4
	maxScoreDecimals = 8
)

// ColumnDecimals is the number of decimals a column of the values writes
// them all with: enough for scoreDigits significant digits of its
// smallest non-zero value, at most maxScoreDecimals, and scoreDigits
// when every value is 0 or none is finite.
func ColumnDecimals(values []float64) int {
	return SignificantDecimals(values, scoreDigits, maxScoreDecimals)
}

// SignificantDecimals is the number of decimals a column of the values
// writes them all with, so that they align and compare at a glance:
// enough for digits significant digits of its smallest non-zero finite
// value, at most maxDecimals; digits when every value is 0 or none is
// finite.
func SignificantDecimals(values []float64, digits, maxDecimals int) int {
	decimals := -1
	for _, v := range values {
		if v == 0 || math.IsNaN(v) || math.IsInf(v, 0) {
			continue
		}
		d := digits - 1 - int(math.Floor(math.Log10(math.Abs(v))))
		decimals = max(decimals, min(max(d, 0), maxDecimals))
	}
	if decimals < 0 {
		return min(digits, maxDecimals)
	}
	return decimals
}

// shortScore writes a score with four significant digits.
func shortScore(v float64) string { return strconv.FormatFloat(v, 'g', 4, 64) }

// DepthSVG draws a seed study's breadth-first crawls as two panels,
// DepthChartWidth pixels wide (DepthChart).
func DepthSVG(w io.Writer, r *model.Result) error {
	return DepthChart(w, r, DepthChartWidth)
}

// DepthChartWidth is the width of DepthSVG's chart, in pixels.
const DepthChartWidth = 900

// DepthChart draws a seed study's breadth-first crawls width pixels wide
// as two panels, like Daneshpajouh et al. 2008's Figures 7 and 8: the mean importance of
// the pages first reached at each depth, and their number on a log scale;
// one line per seed set, named in one legend above both panels. The
// panels stand side by side on a wide chart and one above the other on a
// narrow one (layoutPanels).
func DepthChart(w io.Writer, r *model.Result, width int) error {
	if r == nil || r.SeedStudy == nil {
		return fmt.Errorf("report: the result has no seed study")
	}
	if width <= 0 {
		return fmt.Errorf("report: a chart %d pixels wide; expected a positive width", width)
	}
	profiles := r.SeedStudy.Evaluation.Profiles
	depths, meanHi, countHi := 1, 0.0, 1.0
	var labels []string
	var styles []line
	for k, p := range profiles {
		depths = max(depths, len(p.Pages))
		for d := range p.Pages {
			meanHi = math.Max(meanHi, p.MeanImportance[d])
			countHi = math.Max(countHi, float64(p.Pages[d]))
		}
		// Each seed set is drawn as run draws its k-th strategy: colour,
		// dash pattern and marker, so that the lines stay apart in grey.
		labels, styles = append(labels, p.Name), append(styles, seriesStyle(k))
	}
	lay := layoutPanels(width, [2]string{"mean importance of the pages reached", "pages first reached (log scale)"}, labels)
	xs := niceScale(float64(max(depths-1, 1)), panelTicks(lay.panels[0].plotW, 6))
	means := niceScale(meanHi, 5)
	decades := max(int(math.Ceil(math.Log10(countHi))), 1)

	var b strings.Builder
	writePanelsHead(&b, lay, "Breadth-first crawls from each seed set, depth by depth", labels, styles)
	panel := func(p panelBox, yTicks []float64, yLabels []string, yTop float64, value func(p int, d int) (float64, bool)) {
		writePanelFrame(&b, p, xs, "depth (0: the seeds)", yTicks, yLabels, yTop)
		px := func(d float64) float64 { return p.x0 + d/xs.top*p.plotW }
		py := func(v float64) float64 { return p.top + p.plotH - v/yTop*p.plotH }
		b.WriteString("<g>\n")
		// A marker on every point: the depths are the data, few of them.
		var markers strings.Builder
		for k := range profiles {
			st := styles[k]
			var pts []string
			for d := range profiles[k].Pages {
				if v, ok := value(k, d); ok {
					pts = append(pts, coord(px(float64(d)))+","+coord(py(v)))
					writeMarker(&markers, st.marker, st.colour, px(float64(d)), py(v), "")
				}
			}
			fmt.Fprintf(&b, `<polyline fill="none" stroke="%s" stroke-width="2"`, st.colour)
			if st.dash != "" {
				fmt.Fprintf(&b, ` stroke-dasharray="%s"`, st.dash)
			}
			fmt.Fprintf(&b, ` points="%s"><title>`, strings.Join(pts, " "))
			escape(&b, profiles[k].Name)
			b.WriteString("</title></polyline>\n")
		}
		b.WriteString("</g>\n")
		b.WriteString(`<g class="chart-markers">` + "\n" + markers.String() + "</g>\n")
	}
	panel(lay.panels[0], means.ticks, means.labels, means.top, func(k, d int) (float64, bool) {
		return profiles[k].MeanImportance[d], true
	})
	var decTicks []float64
	var decLabels []string
	for e := 0; e <= decades; e++ {
		decTicks = append(decTicks, float64(e))
		decLabels = append(decLabels, decadeLabel(e))
	}
	panel(lay.panels[1], decTicks, decLabels, float64(decades), func(k, d int) (float64, bool) {
		n := profiles[k].Pages[d]
		return math.Log10(float64(n)), n > 0
	})
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}
