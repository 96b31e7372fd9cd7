package reproduce

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// drawFloat draws any float64, the odd ones often: NaN, ±Inf, ±0, the
// smallest denormal, the largest finite, values a hair apart.
func drawFloat(t *rapid.T, label string) float64 {
	special := []float64{math.NaN(), math.Inf(1), math.Inf(-1), 0, math.Copysign(0, -1),
		math.SmallestNonzeroFloat64, -math.SmallestNonzeroFloat64, math.MaxFloat64, -math.MaxFloat64,
		0.5, 0.5 + 1e-13, 0.49995, 0.50005, 1e15, 1e-12}
	switch rapid.IntRange(0, 2).Draw(t, label+" kind") {
	case 0:
		return rapid.SampledFrom(special).Draw(t, label)
	case 1:
		return rapid.Float64Range(-2, 2).Draw(t, label)
	}
	return math.Float64frombits(rapid.Uint64().Draw(t, label))
}

// TestFixedFromProperty: on any values, fixedFrom never panics and
// formats with 'f' at one count of decimals d, from least to 12: the
// least that prints apart every two finite values more than tol apart,
// or 12 when none does. NaN and ±Inf print as strconv writes them.
func TestFixedFromProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		least := rapid.IntRange(0, 12).Draw(t, "least")
		tol := rapid.SampledFrom([]float64{0, 1e-9, 1e-6, 0.005, 0.05}).Draw(t, "tol")
		values := make([]float64, rapid.IntRange(0, 6).Draw(t, "len"))
		for i := range values {
			values[i] = drawFloat(t, "value")
		}
		format := fixedFrom(least, tol, values...)
		x := drawFloat(t, "x")
		s := format(x)
		d := -1
		for k := least; k <= 12; k++ {
			if strconv.FormatFloat(x, 'f', k, 64) == s {
				d = k
				break
			}
		}
		if d < 0 {
			t.Fatalf("%v printed as %q, which is no 'f' format with %d to 12 decimals", x, s, least)
		}
		if !math.IsNaN(x) && !math.IsInf(x, 0) && math.Abs(x) < 1e15 && len(s) > 16+d {
			t.Fatalf("%v printed as %q: too long", x, s)
		}
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return // the decimals are the values', read below on a finite x
		}
		apart := func(k int) bool {
			for i := range values {
				for j := i + 1; j < len(values); j++ {
					a, b := values[i], values[j]
					if math.Abs(a-b) > tol && printedAs(a, k) == printedAs(b, k) {
						return false
					}
				}
			}
			return true
		}
		if d < 12 && !apart(d) {
			t.Fatalf("%d decimals print together values of %v more than %v apart", d, values, tol)
		}
		if d > least && apart(d-1) {
			t.Fatalf("%d decimals where %d print %v apart", d, d-1, values)
		}
	})
}

// TestGainTextProperty: gainText reads as two signed numbers on any
// changes, ±Inf and NaN among them: never "++Inf" nor "+-0".
func TestGainTextProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		first, second := drawFloat(t, "first"), drawFloat(t, "second")
		s := gainText(first, second)
		a, b, ok := strings.Cut(s, " vs ")
		if !ok {
			t.Fatalf("gainText(%v, %v) = %q", first, second, s)
		}
		for _, part := range []string{a, b} {
			if strings.HasPrefix(part, "++") || strings.HasPrefix(part, "+-") || strings.HasPrefix(part, "--") {
				t.Fatalf("gainText(%v, %v) = %q", first, second, s)
			}
			if _, err := strconv.ParseFloat(part, 64); err != nil {
				t.Fatalf("gainText(%v, %v) = %q: %q is not a number", first, second, s, part)
			}
		}
	})
}

// TestNearTextTellsTheGapFromTheBound: a gap just beyond the bound
// printed "1.0% apart, beyond crawlsim's bound of 1%"; the gap is
// printed with the decimals that tell it from the bound.
func TestNearTextTellsTheGapFromTheBound(t *testing.T) {
	if got, want := nearText(1.01004, 1, 0.01), "1.0100 vs 1.0000: 1.004% apart, beyond crawlsim's bound of 1%"; got != want {
		t.Errorf("nearText = %q, want %q", got, want)
	}
	if got, want := nearText(0.9565, 0.9410, 0.01), "0.9565 vs 0.9410: 1.6% apart, beyond crawlsim's bound of 1%"; got != want {
		t.Errorf("nearText = %q, want %q", got, want)
	}
}
