// A legend in rows below a plot for charts drawn outside this package
// (reproduce's effectiveness chart), laid out as SVG lays out a narrow
// chart's legend.

package report

// CharWidth is the width in pixels the charts assume of one character of
// their 12-pixel text, to leave room for labels.
const CharWidth = charWidth

// LegendRows is a legend laid out in rows below a chart's plot
// (LegendBelow): as many columns of one width as the chart's width holds
// between its margins, left to right, then the next row.
type LegendRows struct {
	layout legendLayout
	// Columns and Rows are the legend's columns and rows.
	Columns, Rows int
	// Height is the chart's height: its last row and a margin below.
	Height int
}

// LegendBelow lays out a legend of labels in rows below a plot, from y
// down, on a chart width pixels wide, as SVG does on a narrow chart: the
// labels shortened with "…" (Label) only when one column does not hold
// the longest.
func LegendBelow(labels []string, width int, y float64) LegendRows {
	entries := make([]line, len(labels))
	for i, s := range labels {
		entries[i].label = s
	}
	l := layoutLegendBelow(entries, width, y)
	return LegendRows{layout: l, Columns: l.columns, Rows: l.rows, Height: l.height}
}

// At is where entry i goes: the left end of its swatch, 24 pixels long,
// and the swatch's line; its label goes 30 pixels right and 4 lower.
func (l LegendRows) At(i int) (x, y float64) {
	return chartLayout{legend: l.layout}.legendAt(i)
}

// Label is label as the legend writes it: shortened with "…" to the
// characters a column holds.
func (l LegendRows) Label(label string) string { return shorten(label, l.layout.chars) }
