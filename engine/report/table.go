// Package report presents a scenario.Result: the comparison table of the
// command line, the curves as CSV, the whole result as JSON, and an SVG line
// chart of cumulative importance against pages downloaded (DESIGN.md,
// "Layout": report is pure Go, shared by the command line and the page).
//
// The metrics shown are those of SPEC.md section 4: average cumulative
// importance (seeds/004, Table 2), Kendall's tau-b, the downloads needed to
// reach 50, 80, 90 and 98% of the importance actually and by the strategy's
// guarantee (seeds/001, Table 2), and the cost counters; with politeness,
// the simulated duration and connection utilisation of SPEC.md section 5.
//
// Every output is deterministic: the same Result gives the same bytes.
// Only the scheduling time, a wall-clock measurement, differs between runs
// of one scenario; the table prints it in its last column.
package report

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/crawlsim/crawlsim/engine/crawl"
	"github.com/crawlsim/crawlsim/engine/scenario"
)

// none marks a figure that does not exist: a level never reached, or a
// strategy without a guaranteed curve.
const none = "—"

// Table writes r as an aligned text table: a header with the facts of the
// graph, importance and seeds, one row per strategy in the scenario's
// order, a line explaining the cost abbreviations, and the result's
// warnings. Downloads to a level are written "actual/guaranteed", with —
// for a level not reached or a strategy without a guarantee. The
// scheduling time is the last column, so that its width does not move the
// others.
func Table(w io.Writer, r *scenario.Result) error {
	if r == nil {
		return fmt.Errorf("report: no result")
	}
	var b strings.Builder
	writeFacts(&b, r)
	b.WriteByte('\n')

	timed := false
	for _, s := range r.Strategies {
		if s.Time != nil {
			timed = true
		}
	}
	head := []string{"strategy", "downloads", "avg cum.", "tau"}
	for _, level := range crawl.Thresholds {
		head = append(head, "to "+strconv.FormatFloat(100*level, 'f', -1, 64)+"%")
	}
	if timed {
		head = append(head, "sim. time", "util.")
	}
	head = append(head, "cost", "scheduling")
	rows := [][]string{head}
	for _, s := range r.Strategies {
		sum := s.Summary
		row := []string{
			s.Label,
			strconv.FormatInt(sum.Downloads, 10),
			strconv.FormatFloat(sum.AvgCumulative, 'f', 4, 64),
			tauString(sum),
		}
		for _, level := range crawl.Thresholds {
			row = append(row, thresholdString(sum.DownloadsTo, level))
		}
		if timed {
			if s.Time != nil {
				row = append(row, simulatedDuration(s.Time.Duration), strconv.FormatFloat(100*s.Time.Utilisation, 'f', 1, 64)+"%")
			} else {
				row = append(row, none, none)
			}
		}
		row = append(row, costString(s.Cost), schedulingTime(s.Cost.SchedulingSeconds))
		rows = append(rows, row)
	}
	// The label and the cost read left to right; figures align right.
	align := make([]bool, len(head))
	align[0] = true
	align[len(head)-2] = true
	align[len(head)-1] = true
	writeAligned(&b, rows, align)

	b.WriteString("\nto X%: downloads until the importance downloaded reaches X, actual/guaranteed (" + none + ": never or no guarantee)\n")
	b.WriteString("cost: upd priority updates, recomp PageRank recomputations (it: their iterations), virt virtual re-expansions, iter windows or levels\n")
	for _, warning := range r.Warnings {
		b.WriteString("warning: " + warning + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeFacts writes the header: the graph, the previous snapshot, the
// importance, the seeds and the run's options, one fact per line.
func writeFacts(b *strings.Builder, r *scenario.Result) {
	sc := r.Scenario
	var facts [][2]string
	add := func(name, format string, args ...any) {
		facts = append(facts, [2]string{name, fmt.Sprintf(format, args...)})
	}
	g := r.Graph
	source := g.SourceName
	if source == "" {
		source = sourceName(sc.Graph)
	}
	add("graph", "%s", source)
	size := fmt.Sprintf("%d pages, %d links", g.Pages, g.Links)
	if g.Hosts > 0 {
		size += fmt.Sprintf(", %d hosts (%d inter-host links)", g.Hosts, g.InterHost)
	}
	add("", "%s, %d dangling pages", size, g.Dangling)
	if p := r.Previous; p != nil {
		add("previous", "%s", p.SourceName)
		add("", "%d pages, %d links; %d current pages matched by %s", p.Pages, p.Links, p.Matched, p.MatchedBy)
	}
	kind := r.Importance.Kind
	if kind == "" {
		kind = sc.Importance
	}
	add("importance", "%s, d=%s (%d iterations)", kind, shortFloat(sc.Damping), r.Importance.Iterations)
	add("seeds", "%s: %d pages, reaching %d", sc.Seeds, len(r.Seeds), r.Reachable)
	add("random seed", "%d", sc.RandomSeed)
	if sc.Budget > 0 {
		add("budget", "%d pages per crawl", sc.Budget)
	}
	if p := sc.Politeness; p != nil {
		// A normalized scenario has every field; absent ones are the
		// defaults.
		d := crawl.DefaultPoliteness()
		or := func(v *float64, def float64) string {
			if v == nil {
				return shortFloat(def)
			}
			return shortFloat(*v)
		}
		connections, bandwidth := p.Connections, p.Bandwidth
		if connections == 0 {
			connections = d.Connections
		}
		if bandwidth == 0 {
			bandwidth = d.Bandwidth
		}
		conn := "connections"
		if connections == 1 {
			conn = "connection"
		}
		add("politeness", "%d %s, wait %s s, download %s s + %s B at %s B/s", connections, conn,
			or(p.Wait, d.Wait), or(p.Latency, d.Latency), or(p.PageSize, d.PageSize), shortFloat(bandwidth))
	}
	for _, f := range facts {
		fmt.Fprintf(b, "%-12s%s\n", f[0], f[1])
	}
}

// sourceName describes a graph source when the result does not name it.
func sourceName(s scenario.Source) string {
	switch {
	case s.File != "":
		return s.File
	case s.Generate != nil:
		return fmt.Sprintf("generated (%d pages, seed %d)", s.Generate.Pages, s.Generate.Seed)
	}
	return "(unnamed)"
}

func shortFloat(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

func tauString(s crawl.Summary) string {
	if s.TauSample < 2 || math.IsNaN(s.Tau) {
		return none
	}
	return strconv.FormatFloat(s.Tau, 'f', 3, 64)
}

// thresholdString returns "actual/guaranteed" for the given level.
func thresholdString(ts []crawl.Threshold, level float64) string {
	count := func(k int64) string {
		if k < 0 {
			return none
		}
		return strconv.FormatInt(k, 10)
	}
	for _, t := range ts {
		if t.Level == level {
			return count(t.Actual) + "/" + count(t.Guaranteed)
		}
	}
	return none + "/" + none
}

// costString writes the cost counters that are not zero, compactly.
func costString(c crawl.Cost) string {
	var parts []string
	parts = append(parts, compactCount(c.PriorityUpdates)+" upd")
	if c.Recomputations > 0 {
		parts = append(parts, compactCount(c.Recomputations)+" recomp ("+compactCount(c.PageRankIterations)+" it)")
	}
	if c.VirtualReexpansions > 0 {
		parts = append(parts, compactCount(c.VirtualReexpansions)+" virt")
	}
	if c.Iterations > 0 {
		parts = append(parts, compactCount(c.Iterations)+" iter")
	}
	return strings.Join(parts, ", ")
}

// compactCount writes counts below 10,000 in full and larger ones with
// three significant digits and a k, M or G suffix.
func compactCount(n int64) string {
	if n < 10000 && n > -10000 {
		return strconv.FormatInt(n, 10)
	}
	v := float64(n)
	suffix := "k"
	switch {
	case math.Abs(v) >= 999.5e6:
		v, suffix = v/1e9, "G"
	case math.Abs(v) >= 999.5e3:
		v, suffix = v/1e6, "M"
	default:
		v /= 1e3
	}
	decimals := 0
	switch a := math.Abs(v); {
	case a < 9.995:
		decimals = 2
	case a < 99.95:
		decimals = 1
	}
	return strconv.FormatFloat(v, 'f', decimals, 64) + suffix
}

// schedulingTime writes a wall time in seconds with a readable unit.
func schedulingTime(s float64) string {
	switch {
	case s <= 0:
		return "0s"
	case s < 1e-3:
		return strconv.FormatFloat(s*1e6, 'f', 0, 64) + "µs"
	case s < 1:
		return strconv.FormatFloat(s*1e3, 'f', 1, 64) + "ms"
	}
	return strconv.FormatFloat(s, 'f', 2, 64) + "s"
}

// simulatedDuration writes a simulated time in seconds as seconds, minutes,
// hours or days.
func simulatedDuration(s float64) string {
	u := timeUnitFor(s)
	return strconv.FormatFloat(s/u.seconds, 'f', 1, 64) + " " + u.name
}

// writeAligned writes rows as columns two spaces apart; left[i] aligns
// column i to the left, else to the right. The last column is not padded.
func writeAligned(b *strings.Builder, rows [][]string, left []bool) {
	width := make([]int, len(left))
	for _, row := range rows {
		for i, cell := range row {
			width[i] = max(width[i], utf8.RuneCountInString(cell))
		}
	}
	for _, row := range rows {
		for i, cell := range row {
			pad := width[i] - utf8.RuneCountInString(cell)
			last := i == len(row)-1
			switch {
			case left[i] && last:
				b.WriteString(cell)
			case left[i]:
				b.WriteString(cell)
				b.WriteString(strings.Repeat(" ", pad))
			default:
				b.WriteString(strings.Repeat(" ", pad))
				b.WriteString(cell)
			}
			if !last {
				b.WriteString("  ")
			}
		}
		b.WriteByte('\n')
	}
}
