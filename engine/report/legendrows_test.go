package report

import (
	"strings"
	"testing"
)

// TestLegendBelowMatchesSVG: LegendBelow places labels where SVG places a
// narrow chart's legend entries of the same labels, and shortens a label
// too long for the chart's width.
func TestLegendBelowMatchesSVG(t *testing.T) {
	r := namedResult(5)
	opt := ChartOptions{Width: 360, Height: 300}
	opt, _ = chartDefaults(r, opt)
	lay, err := layoutChart(r, opt)
	if err != nil {
		t.Fatal(err)
	}
	if !lay.legend.below {
		t.Fatal("a 360-pixel chart of 5 strategies keeps its legend beside the plot")
	}
	var labels []string
	for _, e := range lay.entries {
		labels = append(labels, e.label)
	}
	rows := LegendBelow(labels, opt.Width, lay.legend.y)
	if rows.Height != lay.height || rows.Columns != lay.legend.columns || rows.Rows != lay.legend.rows {
		t.Errorf("LegendBelow: %d columns, %d rows, %d high; SVG: %d, %d, %d", rows.Columns, rows.Rows, rows.Height, lay.legend.columns, lay.legend.rows, lay.height)
	}
	for i := range labels {
		gx, gy := rows.At(i)
		wx, wy := lay.legendAt(i)
		if gx != wx || gy != wy {
			t.Errorf("entry %d at (%v, %v), SVG draws it at (%v, %v)", i, gx, gy, wx, wy)
		}
	}
	long := strings.Repeat("a long label ", 10)
	if got := LegendBelow([]string{long}, 300, 0).Label(long); float64(len([]rune(got))) > (300-2*narrowMargin-legendSwatch)/charWidth || !strings.HasSuffix(got, "…") {
		t.Errorf("a label of %d characters on a 300-pixel chart reads %q", len(long), got)
	}
}
