package report

import (
	"bytes"
	"encoding/xml"
	"io"
	"math"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/crawlsim/crawlsim/engine/crawl"
	"github.com/crawlsim/crawlsim/engine/scenario"
)

// TestNiceScale checks tick choices worked out by hand: the interval is the
// smallest of 1, 2, 5 × 10^e at least hi/target, and the last tick the
// first multiple of it at or above hi.
func TestNiceScale(t *testing.T) {
	cases := []struct {
		hi     float64
		target int
		labels string
	}{
		{1, 5, "0 0.2 0.4 0.6 0.8 1.0"},                      // 1/5 = 0.2
		{0.87, 5, "0 0.2 0.4 0.6 0.8 1.0"},                   // 0.174 -> 0.2
		{1, 8, "0 0.2 0.4 0.6 0.8 1.0"},                      // 0.125 -> 0.2
		{1, 10, "0 0.1 0.2 0.3 0.4 0.5 0.6 0.7 0.8 0.9 1.0"}, // 0.1 exactly
		{0.3, 6, "0 0.05 0.10 0.15 0.20 0.25 0.30"},          // 0.05 exactly
		{7, 4, "0 2 4 6 8"},                                  // 1.75 -> 2
		{7, 1, "0 10"},                                       // 7 -> 10
		{0.0034, 4, "0 0.001 0.002 0.003 0.004"},             // 0.00085 -> 0.001
		{100000, 5, "0 20k 40k 60k 80k 100k"},                // counts in thousands
		{9000, 4, "0 5k 10k"},                                // 2250 -> 5000, counted in thousands from 10000
		{5000, 5, "0 1,000 2,000 3,000 4,000 5,000"},         // below 10000: whole numbers, thousands separated
		{3.2e6, 6, "0 1M 2M 3M 4M"},                          // 533k -> 1M
		{1.6e6, 4, "0 0.5M 1.0M 1.5M 2.0M"},                  // 400k -> 500k
		{2.5e10, 5, "0 5G 10G 15G 20G 25G"},                  // 5e9 exactly
		{0, 5, "0 0.2 0.4 0.6 0.8 1.0"},                      // no data: 0..1
		{math.NaN(), 5, "0 0.2 0.4 0.6 0.8 1.0"},             // no data: 0..1
		{5, 0, "0 5"},                                        // a target below 1 counts as 1
	}
	for _, c := range cases {
		s := niceScale(c.hi, c.target)
		if got := strings.Join(s.labels, " "); got != c.labels {
			t.Errorf("niceScale(%g, %d) = %s, want %s", c.hi, c.target, got, c.labels)
		}
		if s.top != s.ticks[len(s.ticks)-1] {
			t.Errorf("niceScale(%g, %d): top %g is not the last tick %g", c.hi, c.target, s.top, s.ticks[len(s.ticks)-1])
		}
	}
}

func TestDecimalString(t *testing.T) {
	cases := []struct {
		mant int64
		exp  int
		want string
	}{
		{0, 0, "0"}, {3, 0, "3"}, {3, 2, "300"}, {15, -1, "1.5"}, {10, -1, "1.0"},
		{5, -3, "0.005"}, {-25, -2, "-0.25"}, {123, -3, "0.123"},
	}
	for _, c := range cases {
		if got := decimalString(c.mant, c.exp); got != c.want {
			t.Errorf("decimalString(%d, %d) = %q, want %q", c.mant, c.exp, got, c.want)
		}
	}
}

// TestNiceScaleProperties: for any positive hi and target, the ticks start
// at 0, are evenly spaced by 1, 2 or 5 times a power of ten, the last one
// covers hi (up to 1e-9 of an interval, float noise) with less than one
// interval to spare, there are at most
// 2·target+1 of them, and every label reads back as its tick value.
func TestNiceScaleProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		hi := math.Pow(10, rapid.Float64Range(-8, 12).Draw(t, "log10 hi"))
		target := rapid.IntRange(1, 20).Draw(t, "target")
		s := niceScale(hi, target)
		n := len(s.ticks) - 1
		if s.ticks[0] != 0 || n < 1 || n > 2*target+1 {
			t.Fatalf("ticks %v for hi %g, target %d", s.ticks, hi, target)
		}
		step := s.ticks[1]
		mant := step / math.Pow(10, math.Floor(math.Log10(step)+1e-9))
		if !(near(mant, 1) || near(mant, 2) || near(mant, 5)) {
			t.Fatalf("step %g is not 1, 2 or 5 times a power of ten", step)
		}
		if s.top < hi-1e-9*step*(1+1e-9) || s.top-step >= hi {
			t.Fatalf("top %g for hi %g with step %g", s.top, hi, step)
		}
		for i, v := range s.ticks {
			if !near(v, float64(i)*step) {
				t.Fatalf("tick %d = %g, not %d × %g", i, v, i, step)
			}
			if readLabel(s.labels[i]) != v && !near(readLabel(s.labels[i]), v) {
				t.Fatalf("label %q of tick %g", s.labels[i], v)
			}
		}
	})
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(math.Abs(a), math.Abs(b)) }

func readLabel(s string) float64 {
	s = strings.ReplaceAll(s, ",", "")
	unit := 1.0
	switch {
	case strings.HasSuffix(s, "k"):
		unit, s = 1e3, strings.TrimSuffix(s, "k")
	case strings.HasSuffix(s, "M"):
		unit, s = 1e6, strings.TrimSuffix(s, "M")
	case strings.HasSuffix(s, "G"):
		unit, s = 1e9, strings.TrimSuffix(s, "G")
	}
	v, _ := strconv.ParseFloat(s, 64)
	return v * unit
}

// TestSVGOfRandomCurves: any increasing curves give valid XML whose points
// all lie inside the chart.
func TestSVGOfRandomCurves(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		reachable := rapid.Int64Range(1, 1e9).Draw(t, "reachable")
		r := &scenario.Result{Reachable: reachable}
		for s := range rapid.IntRange(1, 15).Draw(t, "strategies") {
			n := rapid.IntRange(1, 50).Draw(t, "points")
			c := crawl.Curve{}
			k, v := int64(0), 0.0
			for range n {
				k += rapid.Int64Range(1, max(1, reachable/int64(n))).Draw(t, "dk")
				v += rapid.Float64Range(0, 1.0/float64(n)).Draw(t, "dv")
				c.K, c.Value = append(c.K, k), append(c.Value, v)
			}
			label := rapid.StringN(0, 30, -1).Draw(t, "label")
			r.Strategies = append(r.Strategies, scenario.StrategyResult{Label: label, Curve: c, Reference: s == 0})
		}
		opt := ChartOptions{X: rapid.SampledFrom([]string{XFraction, XCount}).Draw(t, "x")}
		var b bytes.Buffer
		if err := SVG(&b, r, opt); err != nil {
			if strings.Contains(err.Error(), "too small") {
				return // a very long label leaves no room for the plot
			}
			t.Fatal(err)
		}
		svg := b.Bytes()
		checkXML(t, svg)
		for _, f := range bytes.Split(svg, []byte(`points="`))[1:] {
			pts, _, _ := bytes.Cut(f, []byte(`"`))
			for _, p := range strings.Fields(string(pts)) {
				xs, ys, _ := strings.Cut(p, ",")
				x, _ := strconv.ParseFloat(xs, 64)
				y, _ := strconv.ParseFloat(ys, 64)
				if x < 0 || x > DefaultChartWidth || y < 0 || y > DefaultChartHeight {
					t.Fatalf("point %s outside the chart", p)
				}
			}
		}
	})
}

func checkXML(t *rapid.T, svg []byte) {
	d := xml.NewDecoder(bytes.NewReader(svg))
	for {
		_, err := d.Token()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatalf("invalid XML: %v\n%s", err, svg)
		}
	}
}

// TestLogScale: ticks at the powers of ten around the data, labelled like
// the linear axis's.
func TestLogScale(t *testing.T) {
	for _, c := range []struct {
		lo, hi float64
		labels string
	}{
		{0.0001, 1, "0.0001 0.001 0.01 0.1 1"},
		{3, 20000, "1 10 100 1,000 10k 100k"},
		{5, 7, "1 10"},
	} {
		s := logScale(c.lo, c.hi)
		if got := strings.Join(s.labels, " "); got != c.labels || s.bottom > c.lo || s.top < c.hi {
			t.Errorf("logScale(%g, %g) = %s from %g to %g, want %s around the data", c.lo, c.hi, got, s.bottom, s.top, c.labels)
		}
	}
}
