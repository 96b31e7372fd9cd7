// The chart's polylines: one per strategy (and per guarantee) from the
// result's curves on the chosen x axis, identical curves merged, and the
// point of a polyline at a given abscissa.

package report

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/crawlsim/crawlsim/engine/model"
)

// Kinds of polyline.
const (
	kindActual     = "actual"
	kindGuaranteed = "guaranteed"
	kindLowerBound = "lower_bound"
)

// line is one polyline of the chart, or, with no points, a legend entry
// for a curve the axis cannot show.
type line struct {
	label  string
	kind   string // kindActual, kindGuaranteed or kindLowerBound
	colour string
	dash   string
	marker string // one of markerShapes, "" for none
	// series is the strategy's place among the strategies drawn (markers
	// shift with it), reference marks the optimal reference.
	series    int
	reference bool
	// entry is the label of the line's legend entry (the strategy's, or
	// the labels of identical curves joined by " = "), members the
	// strategies' labels it stands for.
	entry   string
	members []string
	xs, ys  []float64
	// untimed marks a strategy without simulated times on the time axis:
	// it has a legend entry but no line.
	untimed bool
}

// along returns the point of the polyline (xs, ys), in increasing x, at
// abscissa x, interpolated linearly; false when x is outside the line.
func along(xs, ys []float64, x float64) (float64, float64, bool) {
	for i := 1; i < len(xs); i++ {
		if xs[i] < x {
			continue
		}
		if xs[i-1] > x {
			return 0, 0, false
		}
		if xs[i] == xs[i-1] {
			return x, ys[i], true
		}
		f := (x - xs[i-1]) / (xs[i] - xs[i-1])
		return x, ys[i-1] + f*(ys[i]-ys[i-1]), true
	}
	return 0, 0, false
}

// chartLines returns the polylines of r for the x axis of opt, the
// reference first, and the x axis's title.
func chartLines(r *model.Result, opt ChartOptions) ([]line, string, error) {
	var xOf func(c *model.Curve, i int) float64
	var xTitle string
	switch opt.X {
	case XFraction:
		if r.Reachable <= 0 {
			return nil, "", fmt.Errorf("report: the seeds reach no page, so there is no fraction to plot; use the count axis")
		}
		n := float64(r.Reachable)
		xOf = func(c *model.Curve, i int) float64 { return float64(c.K[i]) / n }
		xTitle = "fraction of the " + groupThousands(strconv.FormatInt(r.Reachable, 10)) + " reachable pages downloaded"
	case XCount:
		xOf = func(c *model.Curve, i int) float64 { return float64(c.K[i]) }
		xTitle = "pages downloaded"
	case XTime:
		longest := 0.0
		for _, s := range r.Strategies {
			if t := s.Curve.T; len(t) > 0 {
				longest = math.Max(longest, t[len(t)-1])
			}
		}
		if longest == 0 {
			return nil, "", fmt.Errorf("report: the result has no simulated times to plot; run the scenario with politeness, or use the fraction or count axis")
		}
		u := timeUnitFor(longest)
		xOf = func(c *model.Curve, i int) float64 { return c.T[i] / u.seconds }
		xTitle = "simulated time (" + u.name + ")"
	default:
		return nil, "", fmt.Errorf("report: chart x axis %q; expected %s, %s or %s", opt.X, XFraction, XCount, XTime)
	}

	var lines []line
	add := func(label string, style line, kind string, c *model.Curve) error {
		if c == nil || len(c.K) == 0 {
			return nil
		}
		if err := checkCurve(label, kind, c); err != nil {
			return err
		}
		l := style
		l.label, l.kind = label, kind
		if opt.X == XTime && len(c.T) == 0 {
			// This curve was not run on the clock: the legend says so.
			if kind == kindActual {
				l.label += " (not timed)"
				l.entry, l.untimed = l.label, true
				lines = append(lines, l)
			}
			return nil
		}
		// Every curve starts at the origin: nothing is downloaded at k = 0.
		if c.K[0] > 0 {
			l.xs, l.ys = append(l.xs, 0), append(l.ys, 0)
		}
		for i := range c.K {
			x, y := xOf(c, i), c.Value[i]
			if math.IsNaN(x) || math.IsInf(x, 0) || math.IsNaN(y) || math.IsInf(y, 0) {
				return fmt.Errorf("report: the %s curve of %q holds the point (%v, %v); expected finite numbers", kind, label, x, y)
			}
			l.xs, l.ys = append(l.xs, x), append(l.ys, y)
		}
		lines = append(lines, l)
		return nil
	}
	for _, s := range r.Strategies {
		if s.Reference {
			style := line{colour: referenceColour, dash: referenceDash, reference: true, entry: s.Label, members: []string{s.Label}}
			if err := add(s.Label, style, kindActual, &s.Curve); err != nil {
				return nil, "", err
			}
		}
	}
	series := 0
	for _, s := range r.Strategies {
		if s.Reference {
			continue
		}
		// Identical curves are drawn once and named together (not with
		// guarantees, whose lines may differ).
		if !opt.Guarantees {
			if m := sameCurve(lines, r, s, opt.X == XTime); m >= 0 {
				lines[m].entry += " = " + s.Label
				lines[m].label = lines[m].entry
				lines[m].members = append(lines[m].members, s.Label)
				continue
			}
		}
		style := line{colour: palette[series%len(palette)], dash: strategyDashes[series%len(strategyDashes)],
			marker: markerShapes[series%len(markerShapes)], series: series, entry: s.Label, members: []string{s.Label}}
		if opt.Guarantees {
			style.dash = ""
		}
		series++
		if err := add(s.Label, style, kindActual, &s.Curve); err != nil {
			return nil, "", err
		}
		if opt.Guarantees {
			style.dash = guaranteedDash
			if err := add(s.Label+" (guaranteed)", style, kindGuaranteed, s.Guarantee); err != nil {
				return nil, "", err
			}
			style.dash = lowerBoundDash
			if err := add(s.Label+" (lower bound)", style, kindLowerBound, s.LowerBound); err != nil {
				return nil, "", err
			}
		}
	}
	drawn := false
	for _, l := range lines {
		drawn = drawn || !l.untimed
	}
	if !drawn {
		return nil, "", fmt.Errorf("report: the result has no curve to plot")
	}
	return lines, xTitle, nil
}

// sameCurve returns the index among lines of the strategy line whose
// curve equals s's (the same points, and the same times when timed), or
// -1.
func sameCurve(lines []line, r *model.Result, s model.StrategyResult, timed bool) int {
	for i, l := range lines {
		if l.reference || l.kind != kindActual {
			continue
		}
		for _, o := range r.Strategies {
			if o.Label != l.members[0] || o.Reference {
				continue
			}
			if slices.Equal(o.Curve.K, s.Curve.K) && slices.Equal(o.Curve.Value, s.Curve.Value) && (!timed || slices.Equal(o.Curve.T, s.Curve.T)) {
				return i
			}
		}
	}
	return -1
}
