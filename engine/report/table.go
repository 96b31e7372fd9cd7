// Package report presents a model.Result: the comparison table of the
// command line, the curves as CSV, the whole result as JSON, and an SVG line
// chart of cumulative importance against pages downloaded (docs/architecture.md,
// "The arrows": report is pure Go, shared by the command line and the page).
// It imports only package model, the data, so that the page can draw
// without linking the engine.
//
// The metrics shown are those of docs/algorithms.md section 4: average cumulative
// importance (Baeza-Yates et al. 2005, Table 2), Kendall's tau-b, the downloads needed to
// reach 50, 80, 90 and 98% of the importance actually and by the strategy's
// guarantee (Cho and Schonfeld 2007, Table 2), and the cost counters; with politeness,
// the simulated duration and connection utilisation of docs/algorithms.md section 5.
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

	"github.com/crawlsim/crawlsim/engine/model"
)

// none marks a figure that does not exist: a level never reached, by a
// crawl or by its guarantee, or a tau that is undefined.
const none = "—"

// Table writes r as an aligned text table: a header with the facts of the
// graph, importance and seeds, one row per strategy in the result's
// order, notes explaining the columns, and the result's warnings.
// Downloads to a level are written "actual/guaranteed" for a strategy
// with a guarantee and "actual" for one without, with — for a level not
// reached. The guarantees of the
// RankMass family and l-neighbor bound personalized PageRank (Cho and Schonfeld 2007,
// section 4): when the importance is another, their half is written "n/a"
// (the values stay in the JSON and CSV). With politeness, a second table
// gives per timed strategy the simulated time to each level, the crawl's
// simulated duration and the connections' use (docs/algorithms.md section 5: C
// against simulated time). The scheduling time is the last column, so that
// its width does not move the others.
func Table(w io.Writer, r *model.Result) error {
	if r == nil {
		return fmt.Errorf("report: no result")
	}
	var b strings.Builder
	writeFacts(&b, r)
	b.WriteByte('\n')

	head, body, unbounded := Rows(r)
	rows := append([][]string{head}, body...)
	// The label and the cost read left to right; figures align right.
	align := make([]bool, len(head))
	align[0] = true
	align[len(head)-2] = true
	align[len(head)-1] = true
	WriteColumns(&b, rows, align)

	b.WriteString("\navg cum.: " + NoteAvgCumulative + "; norm.: " + NoteNormalised + "\n")
	if relativeTargets(r) {
		b.WriteString("to X%: downloads until the importance downloaded reaches X of what the crawl collects in all, C(N) (relative targets),\n     " + NoteActualGuaranteed + " (" + none + ": " + NoteNone + ")\n")
	} else {
		b.WriteString("to X%: " + NoteToLevel + ", " + NoteActualGuaranteed + " (" + none + ": " + NoteNone + ")\n")
	}
	if unbounded {
		name := importanceName(r)
		if r.Importance.File != "" {
			name += " read from " + r.Importance.File
		}
		first, second := NoteNotApplicable(name)
		b.WriteString("n/a: " + first + "\n     " + second + "\n")
	}
	b.WriteString(costNote() + "\n")
	writeTimes(&b, r)
	for _, warning := range r.Warnings {
		if unbounded && strings.HasPrefix(warning, guaranteesOtherWarning) {
			continue // the n/a note above says it
		}
		b.WriteString("warning: " + warning + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// guaranteesOtherWarning starts the scenario's warning that guaranteed
// curves bound another importance than the run's, which the table's n/a
// note says where it writes the guarantees n/a; the JSON keeps it.
const guaranteesOtherWarning = "importance: the guaranteed curves of "

// Rows returns the comparison table of r as cells: the header, then one
// row per strategy in the result's order (model.OrderStrategies; label,
// downloads, average cumulative importance absolute and normalised, tau,
// downloads to each level of model.Thresholds written "actual" or
// "actual/guaranteed" (thresholdString), cost, scheduling time). unbounded reports
// that some guarantee is written "n/a" because it bounds personalized
// PageRank and the run is scored by another importance, which is also the
// case of a personalized PageRank read from an importance file: its seeds
// and damping need not be the run's. Table writes these cells; the page
// shows the same ones.
func Rows(r *model.Result) (head []string, rows [][]string, unbounded bool) {
	bounded := importanceKind(r) == model.ImportancePersonalized && r.Importance.File == ""
	head = []string{"strategy", "downloads", "avg cum.", "norm.", "tau"}
	for _, level := range model.Thresholds {
		head = append(head, "to "+percent(level))
	}
	head = append(head, "cost", "scheduling")
	for _, s := range r.Strategies {
		sum := s.Summary
		row := []string{
			s.Label,
			model.Count(sum.Downloads),
			strconv.FormatFloat(sum.AvgCumulative, 'f', 4, 64),
			strconv.FormatFloat(sum.NormalisedAvgCumulative, 'f', 4, 64),
			tauString(sum),
		}
		guaranteed := hasGuarantee(s)
		hide := guaranteed && !bounded
		unbounded = unbounded || hide
		for _, level := range model.Thresholds {
			row = append(row, thresholdString(sum.DownloadsTo, level, guaranteed, hide))
		}
		row = append(row, costString(s.Cost), schedulingTime(s.Cost.SchedulingSeconds))
		rows = append(rows, row)
	}
	return head, rows, unbounded
}

// writeTimes writes, when some strategy ran on the politeness clock, the
// table of simulated times (TimeRows) with its notes.
func writeTimes(b *strings.Builder, r *model.Result) {
	head, body, late, untimed := TimeRows(r)
	if len(body) == 0 {
		return
	}
	b.WriteByte('\n')
	align := make([]bool, len(head))
	align[0] = true
	WriteColumns(b, append([][]string{head}, body...), align)
	b.WriteByte('\n')
	for _, note := range TimeNotes(late, untimed) {
		b.WriteString(note + "\n")
	}
}

// TimeNotes explains the columns of the table of simulated times
// (TimeRows), one note a line as Table prints them under it: late and
// untimed are TimeRows's. The page shows the same notes under its table.
func TimeNotes(late bool, untimed []string) []string {
	first := "to X%: simulated time of the download that brings the importance downloaded to X (" + none + ": never)"
	if late {
		first += "; ≤: read at the next curve point, so it was reached by then"
	}
	notes := []string{first, "duration: simulated time of the whole crawl; util.: share of the connections' time spent downloading"}
	if len(untimed) > 0 {
		notes = append(notes, strings.Join(untimed, ", ")+": not timed; "+isOrAre(len(untimed))+" run without the politeness clock")
	}
	return notes
}

// TimeRows returns the table of simulated times of r as cells, as Table
// prints it after the comparison table: the header, then per strategy run
// on the politeness clock its label, the simulated time to each level of
// model.Thresholds, the crawl's whole duration and the connections' use,
// all times in one unit. rows is empty when no strategy was timed. late
// reports that some time was read at a later curve point (written "≤");
// untimed lists the labels of the strategies run without the clock. The
// page shows the same cells.
func TimeRows(r *model.Result) (head []string, rows [][]string, late bool, untimed []string) {
	head = []string{"simulated time"}
	for _, level := range model.Thresholds {
		head = append(head, "to "+percent(level))
	}
	head = append(head, "duration", "util.")
	longest := 0.0
	for _, s := range r.Strategies {
		if s.Time != nil {
			longest = math.Max(longest, s.Time.Duration)
		}
	}
	// One unit for the whole table, so that its figures compare.
	unit := timeUnitFor(longest)
	for _, s := range r.Strategies {
		if s.Time == nil {
			untimed = append(untimed, s.Label)
			continue
		}
		row := []string{s.Label}
		for _, level := range model.Thresholds {
			cell, after := timeToLevel(s, level, unit)
			late = late || after
			row = append(row, cell)
		}
		row = append(row, inUnit(s.Time.Duration, unit), strconv.FormatFloat(100*s.Time.Utilisation, 'f', 1, 64)+"%")
		rows = append(rows, row)
	}
	return head, rows, late, untimed
}

// timeToLevel returns the simulated time at which s's importance reached
// level, in unit, and whether it was read at a later curve point than the
// download that reached it. The metrics record the time of that download
// (model.Threshold.Time); a result without it (written before it was
// recorded) is read at the first curve point at or after that download, an
// upper bound on the exact time.
func timeToLevel(s model.StrategyResult, level float64, unit timeUnit) (string, bool) {
	k := int64(-1)
	for _, t := range s.Summary.DownloadsTo {
		if t.Level == level {
			k = t.Actual
			if k >= 0 && t.Time != nil {
				return inUnit(*t.Time, unit), false
			}
		}
	}
	c := s.Curve
	if k < 0 || len(c.T) != len(c.K) {
		return none, false
	}
	for i, ki := range c.K {
		if ki >= k {
			if ki == k {
				return inUnit(c.T[i], unit), false
			}
			return "≤" + inUnit(c.T[i], unit), true
		}
	}
	return none, false
}

// percent writes a level as a percentage: "50%".
func percent(level float64) string {
	return strconv.FormatFloat(100*level, 'f', -1, 64) + "%"
}

func isOrAre(n int) string {
	if n == 1 {
		return "it was"
	}
	return "they were"
}

// relativeTargets reports whether some strategy's downloads to X count
// shares of C(N) (crawl.MetricOptions.Relative).
func relativeTargets(r *model.Result) bool {
	for _, s := range r.Strategies {
		if s.Summary.RelativeTargets {
			return true
		}
	}
	return false
}

// importanceKind is the kind of importance that scores r's curves.
func importanceKind(r *model.Result) string {
	if r.Importance.Kind != "" {
		return r.Importance.Kind
	}
	return r.Scenario.Importance
}

// writeFacts writes the header: the graph, the previous snapshot, the
// importance, the seeds and the run's options, one fact per line.
func writeFacts(b *strings.Builder, r *model.Result) {
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
	size := model.Counted(g.Pages, "page", "pages") + ", " + model.Counted(g.Links, "link", "links")
	if g.Hosts > 0 {
		size += ", " + model.Counted(g.Hosts, "host", "hosts") + " (" + model.Counted(g.InterHost, "inter-host link", "inter-host links") + ")"
	}
	add("", "%s, %s", size, model.Counted(g.Dangling, "dangling page", "dangling pages"))
	if p := r.Previous; p != nil {
		add("previous", "%s", p.SourceName)
		add("", "%s, %s; %s matched by %s", model.Counted(p.Pages, "page", "pages"), model.Counted(p.Links, "link", "links"),
			model.Counted(p.Matched, "current page", "current pages"), p.MatchedBy)
	}
	add("importance", "%s", importanceFact(r))
	add("seeds", "%s: %s, reaching %s", seedsText(sc.Seeds), model.Counted(len(r.Seeds), "page", "pages"), model.Count(r.Reachable))
	if sc.Trust == model.TrustPageRank {
		// Trust uniform over the seeds (the default) goes unsaid: the
		// seeds hold all of it.
		add("trust", "the PageRank vector; the seeds hold 1-δ = %s of it, which scales the guarantees", strconv.FormatFloat(r.SeedTrust, 'f', 5, 64))
	}
	add("random seed", "%d", sc.RandomSeed)
	if sc.Budget > 0 {
		add("budget", "%s per crawl", model.Counted(sc.Budget, "page", "pages"))
	}
	if p := sc.Politeness; p != nil {
		// A normalized scenario has every field; absent ones are the
		// defaults.
		d := model.DefaultPoliteness()
		or := func(v *float64, def float64) string {
			if v == nil {
				return model.Number(def)
			}
			return model.Number(*v)
		}
		connections, bandwidth := p.Connections, p.Bandwidth
		if connections == 0 {
			connections = d.Connections
		}
		if bandwidth == 0 {
			bandwidth = d.Bandwidth
		}
		size := or(p.PageSize, *d.PageSize) + " B"
		if ps := p.PageSizes; ps != nil {
			switch {
			case ps.File != "":
				size = "the page's size " + PageSizesText(ps)
			case ps.Distribution != "":
				size = "a size of mean " + size + ", " + PageSizesText(ps) + ","
			}
		}
		rate := "at " + model.Number(bandwidth) + " B/s"
		if p.BandwidthModel == model.BandwidthShared {
			rate = "on a link of " + model.Number(bandwidth) + " B/s shared by the transfers in progress"
		}
		add("politeness", "%s, wait %s s, download %s s + %s %s", model.Counted(connections, "connection", "connections"),
			or(p.Wait, *d.Wait), or(p.Latency, *d.Latency), size, rate)
	}
	for _, f := range facts {
		fmt.Fprintf(b, "%-12s%s\n", f[0], f[1])
	}
}

// sourceName describes a graph source when the result does not name it.
func sourceName(s model.Source) string {
	switch {
	case s.File != "":
		return s.File
	case s.Generate != nil:
		return fmt.Sprintf("generated (%s, seed %d)", model.Counted(s.Generate.Pages, "page", "pages"), s.Generate.Seed)
	}
	return "(unnamed)"
}

func shortFloat(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

func tauString(s model.Summary) string {
	if s.Tau == nil || s.TauSample < 2 || math.IsNaN(*s.Tau) {
		return none
	}
	return strconv.FormatFloat(*s.Tau, 'f', 3, 64)
}

// thresholdString returns the downloads to the given level: "actual"
// for a strategy without a guarantee, "actual/guaranteed" for one with
// (guaranteed), with "n/a" for the guaranteed half when hide is set. So
// "—" after a slash always means a guarantee that never reached the
// level, never a strategy without one.
func thresholdString(ts []model.Threshold, level float64, guaranteed, hide bool) string {
	count := func(k int64) string {
		if k < 0 {
			return none
		}
		return model.Count(k)
	}
	t := threshold(ts, level)
	switch {
	case !guaranteed:
		return count(t.Actual)
	case hide:
		return count(t.Actual) + "/n/a"
	}
	return count(t.Actual) + "/" + count(t.Guaranteed)
}

// costString writes the cost counters that are not zero, compactly.
func costString(c model.Cost) string {
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

// compactCount writes counts below 10,000 in full, with a thousands
// separator, and larger ones with three significant digits and a k, M or
// G suffix.
func compactCount(n int64) string {
	if n < 10000 && n > -10000 {
		return model.Count(n)
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
	case s < 0.5e-6:
		return "<1µs"
	case s < 1e-3:
		return strconv.FormatFloat(s*1e6, 'f', 0, 64) + "µs"
	case s < 1:
		return strconv.FormatFloat(s*1e3, 'f', 1, 64) + "ms"
	}
	return strconv.FormatFloat(s, 'f', 2, 64) + "s"
}

// inUnit writes a simulated time in seconds in unit u, with one decimal.
func inUnit(s float64, u timeUnit) string {
	return strconv.FormatFloat(s/u.seconds, 'f', 1, 64) + " " + u.name
}

// WriteColumns writes rows as columns two spaces apart, one line per row;
// left[i] aligns column i to the left, else to the right. Widths count
// runes, and no line ends in spaces. The table and the command line's
// lists use it.
func WriteColumns(b *strings.Builder, rows [][]string, left []bool) {
	var width []int
	for _, row := range rows {
		for i, cell := range row {
			if i == len(width) {
				width = append(width, 0)
			}
			width[i] = max(width[i], utf8.RuneCountInString(cell))
		}
	}
	var line strings.Builder
	for _, row := range rows {
		line.Reset()
		for i, cell := range row {
			pad := strings.Repeat(" ", width[i]-utf8.RuneCountInString(cell))
			if i < len(left) && left[i] {
				line.WriteString(cell)
				line.WriteString(pad)
			} else {
				line.WriteString(pad)
				line.WriteString(cell)
			}
			line.WriteString("  ")
		}
		b.WriteString(strings.TrimRight(line.String(), " "))
		b.WriteByte('\n')
	}
}
