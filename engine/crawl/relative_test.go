package crawl

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
)

// TestNormalisedAndRelativeHandComputed checks the normalised average
// cumulative importance and the relative targets of "downloads to X"
// (docs/algorithms.md section 4) on a crawl of five pages, one of them unreachable,
// with importances that are multiples of 1/32 so that every sum is exact:
// arcs 0→1, 0→2, 2→3, seed 0, importance [8, 4, 6, 2, 12]/32; page 4 (12/32)
// has no in-link, so bfs downloads 0, 1, 2, 3 and N = 4.
//
//	C(k)        = 8/32, 12/32, 18/32, 20/32 = 0.25, 0.375, 0.5625, 0.625
//	average     = (8+12+18+20)/32/4 = 58/128 = 0.453125
//	normalised  = (8+12+18+20)/20/4 = 58/80 = 0.725 (= 0.453125/0.625)
//	absolute:   to 0.5: k=3; 0.8, 0.9, 0.98: never (C ends at 0.625)
//	relative:   targets X·C(N) = 0.3125, 0.5, 0.5625, 0.6125:
//	            k = 2, 3, 3 (C(3) = 0.5625 exactly, and 0.9·0.625 rounds
//	            to 0.5625), 4
func TestNormalisedAndRelativeHandComputed(t *testing.T) {
	g := graphtest.FromArcs(t, 5, [][2]uint32{{0, 1}, {0, 2}, {2, 3}})
	imp := []float64{8.0 / 32, 4.0 / 32, 6.0 / 32, 2.0 / 32, 12.0 / 32}
	c, err := New(Config{Graph: g, Importance: imp, Seeds: []uint32{0}}, &bfs{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(res.Order, []uint32{0, 1, 2, 3}) {
		t.Fatalf("order %v, want [0 1 2 3]", res.Order)
	}
	for _, relative := range []bool{false, true} {
		m := mustMeasure(t, g, res, imp, MetricOptions{Relative: relative})
		s := m.Summary
		if s.Final != 0.625 || s.AvgCumulative != 0.453125 || math.Abs(s.NormalisedAvgCumulative-0.725) > 1e-15 {
			t.Errorf("relative %v: final %v, average %v, normalised %v; want 0.625, 0.453125, 0.725",
				relative, s.Final, s.AvgCumulative, s.NormalisedAvgCumulative)
		}
		want := []Threshold{{Level: 0.5, Actual: 3, Guaranteed: -1, Target: 0.5, Time: nil}, {Level: 0.8, Actual: -1, Guaranteed: -1, Target: 0.8, Time: nil}, {Level: 0.9, Actual: -1, Guaranteed: -1, Target: 0.9, Time: nil}, {Level: 0.98, Actual: -1, Guaranteed: -1, Target: 0.98, Time: nil}}
		if relative {
			want = []Threshold{{Level: 0.5, Actual: 2, Guaranteed: -1, Target: 0.3125, Time: nil}, {Level: 0.8, Actual: 3, Guaranteed: -1, Target: 0.5, Time: nil}, {Level: 0.9, Actual: 3, Guaranteed: -1, Target: 0.5625, Time: nil}, {Level: 0.98, Actual: 4, Guaranteed: -1, Target: 0.6125, Time: nil}}
		}
		if !equalThresholds(s.DownloadsTo, want) || s.RelativeTargets != relative {
			t.Errorf("relative %v (recorded %v): downloads to %s, want %s", relative, s.RelativeTargets,
				thresholdsString(s.DownloadsTo), thresholdsString(want))
		}
	}
}

// equalThresholds compares thresholds field by field, times by value.
func equalThresholds(a, b []Threshold) bool {
	return slices.EqualFunc(a, b, func(x, y Threshold) bool {
		sameTime := x.Time == nil && y.Time == nil || x.Time != nil && y.Time != nil && *x.Time == *y.Time
		return x.Level == y.Level && x.Actual == y.Actual && x.Guaranteed == y.Guaranteed && x.Target == y.Target && sameTime
	})
}

// thresholdsString writes thresholds with their times' values.
func thresholdsString(ts []Threshold) string {
	var parts []string
	for _, th := range ts {
		at := "-"
		if th.Time != nil {
			at = fmt.Sprint(*th.Time)
		}
		parts = append(parts, fmt.Sprintf("{level %v: %d/%d target %v time %s}", th.Level, th.Actual, th.Guaranteed, th.Target, at))
	}
	return strings.Join(parts, " ")
}

// ptr returns a pointer to v.
func ptr(v float64) *float64 { return &v }
