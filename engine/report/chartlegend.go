// The chart's legend: its entries (LegendEntry, Legend for a page that
// draws its own), and their layout in one or two columns with shortened
// labels.

package report

import (
	"math"
	"strings"
	"unicode/utf8"

	"github.com/crawlsim/crawlsim/engine/model"
)

// Legend layout: a swatch and its gap before the label, the gap between
// two columns, the legend's largest share of the chart's width, and the
// fewest characters a shortened label keeps.
const (
	legendSwatch     = 34.0
	legendColumnGap  = 12.0
	legendWidthShare = 0.4
	legendMinChars   = 6
)

// LegendEntry is one entry of a chart's legend, for a page that draws the
// legend itself (ChartOptions.NoLegend).
type LegendEntry struct {
	// Label names the entry: a strategy's label, or the labels of
	// strategies with identical curves joined by " = "; ChartOptions.Hidden
	// and Highlight take it.
	Label string
	// Labels are the strategies' labels of the entry, in the scenario's
	// order.
	Labels []string
	// Reference marks the optimal reference; Untimed a strategy without
	// simulated times on the time axis (no line drawn).
	Reference, Untimed bool
	// Swatch is an SVG of the entry's line and marker, 30 by 12 units.
	Swatch string
	// PinnedLabels are the labels of the pinned run's strategies
	// (ChartOptions.Pinned) drawn with the entry: hidden, shown and
	// highlighted with it. PinnedSwatch is their line's swatch, "" when
	// the entry has none.
	PinnedLabels []string
	PinnedSwatch string
	// Pinned marks an entry of the pinned run alone: a strategy the
	// result charted lacks (its Label is the strategy's with " (pinned)",
	// its Labels empty).
	Pinned bool
}

// Legend returns the legend's entries of r's chart under opt, in the
// order SVG lists them.
func Legend(r *model.Result, opt ChartOptions) ([]LegendEntry, error) {
	opt, err := chartDefaults(r, opt)
	if err != nil {
		return nil, err
	}
	lines, _, err := chartAndPinnedLines(r, opt)
	if err != nil {
		return nil, err
	}
	swatch := func(l line) string {
		var b strings.Builder
		b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" width="30" height="12" viewBox="0 0 30 12" aria-hidden="true" stroke-width="1.75">`)
		writeSwatch(&b, l, 3, 6)
		b.WriteString(`</svg>`)
		return b.String()
	}
	var out []LegendEntry
	for _, l := range legendEntries(lines) {
		e := LegendEntry{Label: l.entry, Labels: l.members, Reference: l.reference, Untimed: l.untimed, Swatch: swatch(l), Pinned: l.pinnedOnly}
		if l.pinnedOnly {
			e.Labels, e.PinnedLabels = nil, l.members
		}
		for _, t := range l.twins {
			e.PinnedLabels = append(e.PinnedLabels, t.members...)
		}
		if len(l.twins) > 0 {
			e.PinnedSwatch = swatch(l.twins[0])
		}
		out = append(out, e)
	}
	return out, nil
}

// legendEntries lists the lines of the legend: one per strategy, one per
// strategy of the pinned run alone, and one per kind of guarantee line
// drawn. The pinned run's other lines are the twins of the entry they
// are drawn with.
func legendEntries(lines []line) []line {
	var out, pinnedOnly []line
	guaranteed, lower := false, false
	for _, l := range lines {
		switch {
		case l.kind == kindGuaranteed:
			guaranteed = true
		case l.kind == kindLowerBound:
			lower = true
		case l.pinnedOnly:
			e := l
			e.label, e.xs, e.ys = l.entry, nil, nil
			pinnedOnly = append(pinnedOnly, e)
		case l.pinned:
		default:
			e := l
			e.label, e.xs, e.ys = l.entry, nil, nil
			for _, t := range lines {
				if t.pinned && !t.pinnedOnly && t.entry == l.entry {
					t.xs, t.ys = nil, nil
					e.twins = append(e.twins, t)
				}
			}
			out = append(out, e)
		}
	}
	out = append(out, pinnedOnly...)
	if guaranteed {
		out = append(out, line{label: "guaranteed", entry: "guaranteed", kind: kindGuaranteed, colour: "#666666", dash: guaranteedDash})
	}
	if lower {
		out = append(out, line{label: "lower bound", entry: "lower bound", kind: kindLowerBound, colour: "#666666", dash: lowerBoundDash})
	}
	return out
}

// legendLayout is where the legend's entries go: rows per column, the
// characters a label keeps, a column's width and the whole legend's, and
// the chart's height, grown when the entries need it.
type legendLayout struct {
	rows, chars        int
	columnWidth, width float64
	height             int
	// below marks a legend under the plot (layoutLegendBelow): columns
	// entries a row, left to right, the first row's swatches from (x, y).
	below   bool
	columns int
	x, y    float64
}

// legendAt is where the legend's entry i goes in the chart laid out as c:
// the left end of its swatch and the swatch's line, its label 30 pixels
// right and 4 lower. Beside the plot the entries go down one column, then
// the next; below the plot along one row, then the next.
func (c chartLayout) legendAt(i int) (x, y float64) {
	l := c.legend
	if l.below {
		return l.x + float64(i%l.columns)*(l.columnWidth+legendColumnGap), l.y + 8 + float64(i/l.columns)*legendLine
	}
	lx := c.left + c.plotW + 24
	return lx + float64(i/l.rows)*(l.columnWidth+legendColumnGap), c.top + 8 + float64(i%l.rows)*legendLine
}

// layoutLegend places n entries in one column, or two when one does not
// fit the height, and grows the chart when two do not fit either. Labels
// keep as many characters as the legend's share of the width allows.
func layoutLegend(entries []line, width, height int, top float64) legendLayout {
	n := max(len(entries), 1)
	// Entry i's line is at top+8+i·legendLine, its text 4 pixels lower,
	// and the last one keeps 8 pixels from the edge.
	fit := max(int((float64(height)-top-20)/legendLine)+1, 1)
	columns := 1
	if n > fit {
		columns = 2
	}
	l := legendLayout{rows: (n + columns - 1) / columns, height: height}
	if l.rows > fit {
		l.height = int(math.Ceil(top + 20 + float64(l.rows-1)*legendLine))
	}
	longest := 0
	for _, e := range entries {
		longest = max(longest, utf8.RuneCountInString(e.label))
	}
	share := legendWidthShare*float64(width) - float64(columns-1)*legendColumnGap
	l.chars = min(longest, max(int((share/float64(columns)-legendSwatch)/charWidth), legendMinChars))
	l.columnWidth = legendSwatch + charWidth*float64(l.chars)
	l.width = float64(columns)*l.columnWidth + float64(columns-1)*legendColumnGap
	return l
}

// shorten keeps the first chars runes of label, the last one replaced by
// "…" when the label is longer.
func shorten(label string, chars int) string {
	if utf8.RuneCountInString(label) <= chars {
		return label
	}
	r := []rune(label)
	return string(r[:max(chars-1, 0)]) + "…"
}
