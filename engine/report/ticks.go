package report

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/crawlsim/crawlsim/engine/model"
)

// axisScale is a linear axis from 0 to top with evenly spaced ticks.
type axisScale struct {
	// top is the axis's end: the last tick, at or above the data's largest
	// value; bottom its start on a logarithmic axis (0 on a linear one).
	top, bottom float64
	// ticks are the tick values, from 0 to top, and labels their texts
	// ("" for a tick left unlabelled, spaceLogLabels).
	ticks  []float64
	labels []string
}

// niceScale chooses ticks for data from 0 to hi: about target intervals,
// each 1, 2 or 5 times a power of ten, the last tick at or just above hi.
// Labels are computed from the integer tick multiples, so they are exact
// decimals ("0.3", never "0.30000000000000004"); all labels of an axis carry
// the same number of decimals, and axes that reach ten thousand or more
// count in thousands (k), millions (M, from a million) or billions (G). A hi that is not positive and finite is
// taken as 1.
func niceScale(hi float64, target int) axisScale {
	if !(hi > 0) || math.IsInf(hi, 0) {
		hi = 1
	}
	target = max(target, 1)
	raw := hi / float64(target)
	exp := int(math.Floor(math.Log10(raw)))
	f := raw / math.Pow(10, float64(exp))
	var m int64
	switch {
	case f <= 1*(1+1e-9):
		m = 1
	case f <= 2*(1+1e-9):
		m = 2
	case f <= 5*(1+1e-9):
		m = 5
	default:
		m, exp = 1, exp+1
	}
	step := decimalValue(m, exp)
	n := int64(math.Ceil(hi/step - 1e-9))
	n = max(n, 1)
	// The unit of the labels: thousands, millions or billions for large
	// counts.
	top := decimalValue(n*m, exp)
	unit, suffix := 0, ""
	switch {
	case top >= 1e9:
		unit, suffix = 9, "G"
	case top >= 1e6:
		unit, suffix = 6, "M"
	case top >= 1e4:
		unit, suffix = 3, "k"
	}
	s := axisScale{top: top}
	for k := int64(0); k <= n; k++ {
		s.ticks = append(s.ticks, decimalValue(k*m, exp))
		if k == 0 {
			s.labels = append(s.labels, "0")
			continue
		}
		s.labels = append(s.labels, model.GroupDigits(decimalString(k*m, exp-unit))+suffix)
	}
	return s
}

// logScale chooses a logarithmic axis for data from lo to hi (0 < lo <
// hi): from the power of ten at or below lo to the one at or above hi,
// with a tick at each power of ten, labelled like niceScale's (each in its
// own unit).
func logScale(lo, hi float64) axisScale {
	e0 := int(math.Floor(math.Log10(lo) + 1e-9))
	e1 := int(math.Ceil(math.Log10(hi) - 1e-9))
	if e1 <= e0 {
		e1 = e0 + 1
	}
	s := axisScale{bottom: decimalValue(1, e0), top: decimalValue(1, e1)}
	for e := e0; e <= e1; e++ {
		s.ticks = append(s.ticks, decimalValue(1, e))
		s.labels = append(s.labels, decadeLabel(e))
	}
	return s
}

// decadeLabel is the label of 10^e (e ≥ 0) on a logarithmic axis, in
// its own unit: whole numbers below ten thousand ("1,000"), then
// thousands, millions, billions ("10k", "100M", "1G").
func decadeLabel(e int) string {
	switch {
	case e < 4:
		return model.GroupDigits(decimalString(1, e))
	case e < 6:
		return decimalString(1, e-3) + "k"
	case e < 9:
		return decimalString(1, e-6) + "M"
	}
	return model.GroupDigits(decimalString(1, e-9)) + "G"
}

// spaceLogLabels blanks the labels of a logarithmic axis plotW pixels
// long whose decades lie too close for them: it keeps the last label
// (the axis's end) and every step-th before it, step the fewest decades
// that hold the widest label and a gap (on a 240-pixel chart of 100
// million pages, "100", "100k", "100M"). Every tick stays marked. An
// axis with no length (a chart too small, refused by its layout) is left
// as it is.
func spaceLogLabels(s *axisScale, plotW float64) {
	decades := len(s.ticks) - 1
	if decades < 2 || !(plotW > 0) {
		return
	}
	widest := 0
	for _, l := range s.labels {
		widest = max(widest, utf8.RuneCountInString(l))
	}
	const gap = 8
	step := max(int(math.Ceil((charWidth*float64(widest)+gap)/(plotW/float64(decades)))), 1)
	for k := range s.labels {
		if (decades-k)%step != 0 {
			s.labels[k] = ""
		}
	}
}

// decimalValue returns mant·10^exp, correctly rounded.
func decimalValue(mant int64, exp int) float64 {
	if exp < 0 {
		return float64(mant) / math.Pow(10, float64(-exp))
	}
	return float64(mant) * math.Pow(10, float64(exp))
}

// decimalString writes mant·10^exp exactly, with max(0, -exp) decimals.
func decimalString(mant int64, exp int) string {
	neg := mant < 0
	if neg {
		mant = -mant
	}
	digits := strconv.FormatInt(mant, 10)
	switch {
	case exp > 0:
		digits += strings.Repeat("0", exp)
	case exp < 0:
		d := -exp
		if len(digits) <= d {
			digits = strings.Repeat("0", d-len(digits)+1) + digits
		}
		digits = digits[:len(digits)-d] + "." + digits[len(digits)-d:]
	}
	if neg {
		return "-" + digits
	}
	return digits
}

// timeUnit is a unit of simulated time.
type timeUnit struct {
	name    string
	seconds float64
}

// timeUnitFor chooses the unit that keeps a duration of s seconds between
// about 1 and 300: seconds, minutes, hours or days.
func timeUnitFor(s float64) timeUnit {
	switch {
	case s < 300:
		return timeUnit{"s", 1}
	case s < 300*60:
		return timeUnit{"min", 60}
	case s < 72*3600:
		return timeUnit{"h", 3600}
	}
	return timeUnit{"d", 86400}
}
