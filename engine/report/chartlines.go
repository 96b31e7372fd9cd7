// The chart's polylines: one per strategy (and per guarantee) from the
// result's curves on the chosen x axis, identical curves merged, and the
// point of a polyline at a given abscissa.

package report

import (
	"fmt"
	"math"
	"slices"

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
	// pinned marks a curve of the pinned run (ChartOptions.Pinned), drawn
	// with the entry of this run's strategy of the same label, or, with
	// pinnedOnly, with an entry of its own. twins are, on a legend entry,
	// the pinned run's lines drawn with it.
	pinned, pinnedOnly bool
	twins              []line
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
// reference first, and the x axis's title. Beside a pinned run
// (ChartOptions.Pinned) its lines, the reference's too, are solid, the
// pinned run's being dashed (pinnedLines).
func chartLines(r *model.Result, opt ChartOptions) ([]line, string, error) {
	xOf, xTitle, err := xAxis(r, opt, axisLongest(r, opt))
	if err != nil {
		return nil, "", err
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
		if err := l.addPoints(c, xOf); err != nil {
			return err
		}
		lines = append(lines, l)
		return nil
	}
	for _, s := range r.Strategies {
		if s.Reference {
			style := line{colour: referenceColour, dash: referenceDash, reference: true, entry: s.Label, members: []string{s.Label}}
			if opt.Pinned != nil {
				// Beside a pinned run this run's curves are solid, the
				// pinned run's dashed (the chart's key says so): the
				// reference too, wide and dark still.
				style.dash = ""
			}
			if err := add(s.Label, style, kindActual, &s.Curve); err != nil {
				return nil, "", err
			}
		}
	}
	looks := strategyLooks(opt.Catalogue, r.Strategies)[0]
	for i, s := range r.Strategies {
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
		style := looks[i]
		style.entry, style.members = s.Label, []string{s.Label}
		if opt.Guarantees || opt.Pinned != nil {
			style.dash = ""
		}
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

// addPoints gives l the points of curve c, x from xOf: every curve starts
// at the origin, since nothing is downloaded at k = 0.
func (l *line) addPoints(c *model.Curve, xOf func(c *model.Curve, i int) float64) error {
	if c.K[0] > 0 {
		l.xs, l.ys = append(l.xs, 0), append(l.ys, 0)
	}
	for i := range c.K {
		x, y := xOf(c, i), c.Value[i]
		if math.IsNaN(x) || math.IsInf(x, 0) || math.IsNaN(y) || math.IsInf(y, 0) {
			return fmt.Errorf("report: the %s curve of %q holds the point (%v, %v); expected finite numbers", l.kind, l.label, x, y)
		}
		l.xs, l.ys = append(l.xs, x), append(l.ys, y)
	}
	return nil
}

// xAxis returns the x of a point of r's curves on the x axis of opt, and
// the axis's title. On the time axis, x is in a unit chosen from longest,
// the longest simulated time charted, in seconds.
func xAxis(r *model.Result, opt ChartOptions, longest float64) (func(c *model.Curve, i int) float64, string, error) {
	switch opt.X {
	case XFraction:
		if r.Reachable <= 0 {
			return nil, "", fmt.Errorf("report: the seeds reach no page, so there is no fraction to plot; use the count axis")
		}
		n := float64(r.Reachable)
		return func(c *model.Curve, i int) float64 { return float64(c.K[i]) / n },
			"fraction of the " + model.Counted(r.Reachable, "reachable page", "reachable pages") + " downloaded", nil
	case XCount:
		return func(c *model.Curve, i int) float64 { return float64(c.K[i]) }, "pages downloaded", nil
	case XTime:
		if longest == 0 {
			return nil, "", fmt.Errorf("report: the result has no simulated times to plot; run the scenario with politeness, or use the fraction or count axis")
		}
		u := timeUnitFor(longest)
		return func(c *model.Curve, i int) float64 { return c.T[i] / u.seconds }, "simulated time (" + u.name + ")", nil
	}
	return nil, "", fmt.Errorf("report: chart x axis %q; expected %s, %s or %s", opt.X, XFraction, XCount, XTime)
}

// axisLongest is the longest simulated time, in seconds, of r's curves
// and of the pinned run's (0 when none has times).
func axisLongest(r *model.Result, opt ChartOptions) float64 {
	longest := 0.0
	for _, res := range []*model.Result{r, opt.Pinned} {
		if res == nil {
			continue
		}
		for _, s := range res.Strategies {
			if t := s.Curve.T; len(t) > 0 {
				longest = math.Max(longest, t[len(t)-1])
			}
		}
	}
	return longest
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
