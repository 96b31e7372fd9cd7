package crawl

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
	"github.com/crawlsim/crawlsim/engine/rank"
)

func mustMeasure(t testing.TB, g *graph.Graph, res *Result, importance []float64, opt MetricOptions) Metrics {
	t.Helper()
	m, err := Measure(g, res, importance, opt)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func equalInt64s(a, b []int64) bool { return slices.Equal(a, b) }

func withinEach(a, b []float64, tol float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Abs(a[i]-b[i]) > tol {
			return false
		}
	}
	return true
}

// TestMetricsHandComputed checks every summary metric on a crawl of five
// pages whose importances are multiples of 1/32, so every sum is exact:
// importance [2, 6, 12, 4, 8]/32, order 2, 4, 1, 3, 0.
//
//	C(k)  = 12/32, 20/32, 26/32, 30/32, 32/32
//	      = 0.375, 0.625, 0.8125, 0.9375, 1
//	avg   = (12+20+26+30+32)/32/5 = 120/160 = 0.75
//	to 0.5: k=2; 0.8: k=3; 0.9: k=4; 0.98: k=5.
//	G(k)  = 0.1, 0.5, 0.5, 0.85, 0.9 (given): to 0.5: k=2; 0.8: k=4;
//	        0.9: k=5; 0.98: never (-1).
//	tau: importances along the order are 12, 8, 6, 4, 2 (decreasing), so +1.
func TestMetricsHandComputed(t *testing.T) {
	g := graphtest.FromArcs(t, 5, nil)
	imp := []float64{2.0 / 32, 6.0 / 32, 12.0 / 32, 4.0 / 32, 8.0 / 32}
	res := &Result{
		Order:     []uint32{2, 4, 1, 3, 0},
		Guarantee: []float64{0.1, 0.5, 0.5, 0.85, 0.9},
		Times:     []float64{0.65, 1.3, 1.95, 2.6, 3.25},
	}
	m := mustMeasure(t, g, res, imp, MetricOptions{})
	if want := []int64{1, 2, 3, 4, 5}; !equalInt64s(m.Curve.K, want) {
		t.Errorf("curve K = %v, want %v", m.Curve.K, want)
	}
	if want := []float64{0.375, 0.625, 0.8125, 0.9375, 1}; !slices.Equal(m.Curve.Value, want) {
		t.Errorf("curve = %v, want %v", m.Curve.Value, want)
	}
	if !slices.Equal(m.Curve.T, res.Times) {
		t.Errorf("curve times = %v, want %v", m.Curve.T, res.Times)
	}
	if m.Guarantee == nil || !slices.Equal(m.Guarantee.Value, res.Guarantee) || !equalInt64s(m.Guarantee.K, m.Curve.K) {
		t.Errorf("guarantee curve = %+v, want the guarantee at every k", m.Guarantee)
	}
	s := m.Summary
	if s.Downloads != 5 || s.Final != 1 || s.FinalGuarantee != 0.9 || s.AvgCumulative != 0.75 {
		t.Errorf("summary = %+v, want downloads 5, final 1, final guarantee 0.9, average 0.75", s)
	}
	if s.Tau == nil || *s.Tau != 1 || s.TauSample != 5 {
		t.Errorf("tau = %v on %d pages, want 1 on 5", fmtTau(s.Tau), s.TauSample)
	}
	// The times are those of downloads 2, 3, 4 and 5 exactly.
	want := []Threshold{{Level: 0.5, Actual: 2, Guaranteed: 2, Target: 0.5, Time: ptr(1.3)}, {Level: 0.8, Actual: 3, Guaranteed: 4, Target: 0.8, Time: ptr(1.95)}, {Level: 0.9, Actual: 4, Guaranteed: 5, Target: 0.9, Time: ptr(2.6)}, {Level: 0.98, Actual: 5, Guaranteed: -1, Target: 0.98, Time: ptr(3.25)}}
	if !equalThresholds(s.DownloadsTo, want) {
		t.Errorf("downloads to = %v, want %v", thresholdsString(s.DownloadsTo), thresholdsString(want))
	}
	if m.LowerBound != nil || s.FinalLowerBound != 0 {
		t.Errorf("lower bound computed without being asked: %+v", m.LowerBound)
	}
}

// TestMetricsAverageOverLimit checks N of the average cumulative importance
// (docs/algorithms.md section 4: the pages downloaded by the full crawl) on the crawl
// of TestMetricsHandComputed stopped after 3 of its 5 allowed downloads,
// importance [2, 6, 12, 4, 8]/32, order 2, 4, 1:
//
//	Limit 5:  C = 12, 20, 26, then held at 26 for k = 4, 5 (/32):
//	          (12+20+26+26+26)/32/5 = 110/160 = 0.6875
//	Limit 3:  (12+20+26)/32/3 = 1.8125/3 (no stop: N = downloads)
//	Limit 0:  the same as Limit 3 (a Result built by hand)
//
// The curve, Final and Downloads still describe the 3 downloads.
func TestMetricsAverageOverLimit(t *testing.T) {
	g := graphtest.FromArcs(t, 5, nil)
	imp := []float64{2.0 / 32, 6.0 / 32, 12.0 / 32, 4.0 / 32, 8.0 / 32}
	order := []uint32{2, 4, 1}
	for _, c := range []struct {
		limit int64
		want  float64
	}{{5, 0.6875}, {3, 1.8125 / 3}, {0, 1.8125 / 3}} {
		m := mustMeasure(t, g, &Result{Order: order, Limit: c.limit}, imp, MetricOptions{})
		s := m.Summary
		if s.AvgCumulative != c.want || s.Downloads != 3 || s.Final != 0.8125 || len(m.Curve.K) != 3 {
			t.Errorf("limit %d: average %v, downloads %d, final %v, %d curve points; want %v, 3, 0.8125, 3",
				c.limit, s.AvgCumulative, s.Downloads, s.Final, len(m.Curve.K), c.want)
		}
	}
}

// TestMetricsAverageOfStoppedCrawl measures a crawl that a stop rule ended:
// rankmass with epsilon 0.5 on a directed cycle of ten pages from seed 0
// stops after 5 downloads (TestRankMassEpsilonStop), and the full crawl
// would download all 10, so Result.Limit = 10. With importance 0.1 per
// page, C(k) = k/10 up to k = 5 and is held at 0.5 after:
// (0.1+0.2+0.3+0.4+0.5 + 5·0.5)/10 = 4/10 = 0.4, where averaging over the 5
// downloads only would give 1.5/5 = 0.3.
func TestMetricsAverageOfStoppedCrawl(t *testing.T) {
	arcs := make([][2]uint32, 10)
	for i := range arcs {
		arcs[i] = [2]uint32{uint32(i), uint32((i + 1) % 10)}
	}
	g := graphtest.FromArcs(t, 10, arcs)
	res := crawlToEnd(t, Config{Graph: g, Seeds: []uint32{0}, Damping: 0.85}, "rankmass", Values{"epsilon": 0.5})
	if len(res.Order) != 5 || res.Limit != 10 {
		t.Fatalf("%d downloads of a limit of %d, want 5 of 10", len(res.Order), res.Limit)
	}
	imp := make([]float64, 10)
	for i := range imp {
		imp[i] = 0.1
	}
	m := mustMeasure(t, g, res, imp, MetricOptions{})
	if got := m.Summary.AvgCumulative; math.Abs(got-0.4) > 1e-15 {
		t.Errorf("average cumulative importance %v, want 0.4", got)
	}
}

// TestMetricsCurveSampling checks the sampling rule of docs/algorithms.md section 4
// with CurvePoints = 3: a crawl of 6 = 2·3 downloads keeps every k; one of 7
// takes k = ⌈i·7/3⌉ = 3, 5, 7. Every page has importance 1/8, so C(k) = k/8,
// and the average is over every k, not over the samples:
// Σ_{k=1..7} (k/8) / 7 = (28/8)/7 = 0.5 (the samples would give 0.625).
func TestMetricsCurveSampling(t *testing.T) {
	g := graphtest.FromArcs(t, 8, nil)
	imp := make([]float64, 8)
	for i := range imp {
		imp[i] = 1.0 / 8
	}
	order := []uint32{0, 1, 2, 3, 4, 5, 6}
	times := []float64{1, 2, 3, 4, 5, 6, 7}

	m := mustMeasure(t, g, &Result{Order: order[:6]}, imp, MetricOptions{CurvePoints: 3})
	if want := []int64{1, 2, 3, 4, 5, 6}; !equalInt64s(m.Curve.K, want) {
		t.Errorf("N = 6: K = %v, want %v", m.Curve.K, want)
	}
	if m.Curve.T != nil {
		t.Errorf("untimed crawl has times %v", m.Curve.T)
	}

	m = mustMeasure(t, g, &Result{Order: order, Times: times}, imp, MetricOptions{CurvePoints: 3})
	if want := []int64{3, 5, 7}; !equalInt64s(m.Curve.K, want) {
		t.Errorf("N = 7: K = %v, want %v", m.Curve.K, want)
	}
	if want := []float64{3.0 / 8, 5.0 / 8, 7.0 / 8}; !slices.Equal(m.Curve.Value, want) {
		t.Errorf("N = 7: values = %v, want %v", m.Curve.Value, want)
	}
	if want := []float64{3, 5, 7}; !slices.Equal(m.Curve.T, want) {
		t.Errorf("N = 7: times = %v, want %v", m.Curve.T, want)
	}
	if m.Summary.AvgCumulative != 0.5 {
		t.Errorf("average cumulative = %v, want 0.5", m.Summary.AvgCumulative)
	}
	if m.Summary.Final != 7.0/8 {
		t.Errorf("final = %v, want 7/8", m.Summary.Final)
	}
}

// TestMetricsCurveSamplingDefault checks the default 1,000 points: 2,000
// downloads keep all 2,000 points; 2,001 take k = ⌈i·2001/1000⌉ = 3, 5, 7,
// ..., ending at 2,001 with the exact final value.
func TestMetricsCurveSamplingDefault(t *testing.T) {
	n := 2001
	g := graphtest.FromArcs(t, n, nil)
	imp := make([]float64, n)
	order := make([]uint32, n)
	for i := range imp {
		imp[i] = 1 / float64(n)
		order[i] = uint32(n - 1 - i)
	}
	m := mustMeasure(t, g, &Result{Order: order[:2000]}, imp, MetricOptions{Rand: rand.New(rand.NewPCG(1, 2))})
	if len(m.Curve.K) != 2000 || m.Curve.K[0] != 1 || m.Curve.K[1999] != 2000 {
		t.Errorf("N = 2000: %d points from %d to %d, want 2000 from 1 to 2000", len(m.Curve.K), m.Curve.K[0], m.Curve.K[len(m.Curve.K)-1])
	}
	m = mustMeasure(t, g, &Result{Order: order}, imp, MetricOptions{Rand: rand.New(rand.NewPCG(1, 2))})
	k := m.Curve.K
	if len(k) != 1000 || k[0] != 3 || k[1] != 5 || k[499] != 1001 || k[999] != 2001 {
		t.Errorf("N = 2001: %d points, K[0,1,499,999] = %d %d %d %d; want 1000 points 3 5 1001 2001", len(k), k[0], k[1], k[499], k[999])
	}
	final := 0.0
	for _, p := range order {
		final += imp[p]
	}
	if last := m.Curve.Value[len(m.Curve.Value)-1]; last != final || m.Summary.Final != final {
		t.Errorf("final value %v (summary %v), want the exact sum %v", last, m.Summary.Final, final)
	}
}

func TestEvenlySpaced(t *testing.T) {
	cases := []struct {
		total, points int
		want          []int64
	}{
		{10, 4, []int64{3, 5, 8, 10}},
		{3, 5, []int64{1, 2, 3}}, // ⌈i·3/5⌉ = 1,2,2,3,3 without repeats
		{1, 1, []int64{1}},
		{0, 5, nil},
		{5, 0, nil},
	}
	for _, c := range cases {
		if got := evenlySpaced(c.total, c.points); !equalInt64s(got, c.want) {
			t.Errorf("evenlySpaced(%d, %d) = %v, want %v", c.total, c.points, got, c.want)
		}
	}
	// Huge counts neither overflow nor loop for long.
	if got := evenlySpaced(3, math.MaxInt); !equalInt64s(got, []int64{1, 2, 3}) {
		t.Errorf("evenlySpaced(3, MaxInt) = %v, want 1 2 3", got)
	}
	if got := curveSamples(3, math.MaxInt); !equalInt64s(got, []int64{1, 2, 3}) {
		t.Errorf("curveSamples(3, MaxInt) = %v, want 1 2 3", got)
	}
	if got := curveSamples(7, 3); !equalInt64s(got, []int64{3, 5, 7}) {
		t.Errorf("curveSamples(7, 3) = %v, want 3 5 7", got)
	}
	if got := curveSamples(6, 3); len(got) != 6 {
		t.Errorf("curveSamples(6, 3) = %v, want every k", got)
	}
}

// TestMetricsEmptyCrawl: a crawl with no download has empty curves and
// thresholds that are never reached, and nothing is NaN.
func TestMetricsEmptyCrawl(t *testing.T) {
	g := graphtest.FromArcs(t, 3, nil)
	m := mustMeasure(t, g, &Result{}, []float64{0.2, 0.3, 0.5}, MetricOptions{LowerBound: 4})
	if len(m.Curve.K) != 0 || m.Summary.AvgCumulative != 0 || m.Summary.Tau != nil || m.LowerBound != nil {
		t.Errorf("empty crawl metrics = %+v", m)
	}
	for _, th := range m.Summary.DownloadsTo {
		if th.Actual != -1 || th.Guaranteed != -1 {
			t.Errorf("threshold %+v reached by an empty crawl", th)
		}
	}
	if _, err := json.Marshal(m); err != nil {
		t.Error(err)
	}
}

// TestTauHandComputedWithTies: importances [3, 1, 3, 2, 2] at positions
// 0..4. Of the 10 pairs i < j, five have v_i > v_j ((0,1), (0,3), (0,4),
// (2,3), (2,4): concordant with a decreasing order), three have v_i < v_j
// ((1,2), (1,3), (1,4)) and two tie ((0,2), (3,4)). Tau-b = (5-3)/√(10·(10-2))
// = 2/√80 = 1/(2√5) = 0.22360679774997896.
func TestTauHandComputedWithTies(t *testing.T) {
	got, _ := kendallTauDecreasing([]float64{3, 1, 3, 2, 2})
	if want := 1 / (2 * math.Sqrt(5)); math.Abs(got-want) > 1e-15 {
		t.Errorf("tau-b = %v, want %v", got, want)
	}
	for _, c := range []struct {
		values []float64
		want   float64
	}{
		{[]float64{5, 4, 3, 2, 1}, 1},
		{[]float64{1, 2, 3, 4, 5}, -1},
		{[]float64{7}, 0},
		{nil, 0},
		{[]float64{2, 2, 2}, 0}, // undefined: all tied
		// One tie (2,2) among 3 pairs: C=2, D=0, T=1: 2/√(3·2).
		{[]float64{3, 2, 2}, 2 / math.Sqrt(6)},
	} {
		if got, _ := kendallTauDecreasing(c.values); math.Abs(got-c.want) > 1e-15 {
			t.Errorf("tau-b(%v) = %v, want %v", c.values, got, c.want)
		}
	}
}

// naiveKendallTau is the O(s²) definition of tau-b: +1 for decreasing values.
func naiveKendallTau(v []float64) float64 {
	var conc, disc, tied float64
	for i := range v {
		for j := i + 1; j < len(v); j++ {
			switch {
			case v[i] > v[j]:
				conc++
			case v[i] < v[j]:
				disc++
			default:
				tied++
			}
		}
	}
	n0 := conc + disc + tied
	if n0 == 0 || n0 == tied {
		return 0
	}
	return (conc - disc) / math.Sqrt(n0*(n0-tied))
}

// TestTauAgainstNaive compares Knight's O(s log s) count with the O(s²)
// definition on random data with many ties.
func TestTauAgainstNaive(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		levels := rapid.IntRange(1, 50).Draw(t, "levels")
		size := rapid.IntRange(0, 300).Draw(t, "size")
		v := rapid.SliceOfN(rapid.IntRange(0, levels-1), size, size).Draw(t, "values")
		f := make([]float64, len(v))
		for i, x := range v {
			f[i] = float64(x) / 7
		}
		got, _ := kendallTauDecreasing(f)
		want := naiveKendallTau(f)
		if math.Abs(got-want) > 1e-12 {
			t.Fatalf("tau-b = %v, naive %v", got, want)
		}
	})
}

// TestTauSampleSize5000 runs tau on the largest default sample, against the
// naive count (the time this takes is in BenchmarkTau).
func TestTauSampleSize5000(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	v := make([]float64, DefaultTauSample)
	for i := range v {
		v[i] = float64(r.IntN(400)) // ties
		if i%3 == 0 {
			v[i] = r.Float64()
		}
	}
	if got, _ := kendallTauDecreasing(v); math.Abs(got-naiveKendallTau(v)) > 1e-12 {
		t.Errorf("tau-b = %v, naive %v", got, naiveKendallTau(v))
	}
}

func BenchmarkTau(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	v := make([]float64, DefaultTauSample)
	for i := range v {
		v[i] = r.Float64()
	}
	b.ReportAllocs()
	for b.Loop() {
		kendallTauDecreasing(v)
	}
}

// TestTauSampling checks the sample: s distinct increasing positions,
// the same for the same seed, each position about equally likely (3 of 10
// positions, 30,000 draws with a fixed seed: every frequency within 0.3 ±
// 0.015, five standard deviations of a fair sample).
func TestTauSampling(t *testing.T) {
	a := samplePositions(1000, 50, rand.New(rand.NewPCG(7, 8)))
	b := samplePositions(1000, 50, rand.New(rand.NewPCG(7, 8)))
	if !slices.Equal(a, b) {
		t.Fatal("same seed, different samples")
	}
	if len(a) != 50 || !slices.IsSorted(a) || a[0] < 0 || a[49] >= 1000 {
		t.Fatalf("sample %v: want 50 increasing positions in [0,1000)", a)
	}
	for i := 1; i < len(a); i++ {
		if a[i] == a[i-1] {
			t.Fatalf("position %d sampled twice", a[i])
		}
	}
	if all := samplePositions(4, 9, nil); !slices.Equal(all, []int{0, 1, 2, 3}) {
		t.Errorf("s ≥ total: %v, want every position", all)
	}
	r := rand.New(rand.NewPCG(9, 10))
	var count [10]int
	const draws = 30000
	for range draws {
		for _, p := range samplePositions(10, 3, r) {
			count[p]++
		}
	}
	for p, c := range count {
		if f := float64(c) / draws; math.Abs(f-0.3) > 0.015 {
			t.Errorf("position %d sampled with frequency %v, want 0.3", p, f)
		}
	}
}

// TestMetricTauSampledFromCrawl: with more downloads than TauSample, tau
// is computed on TauSample pages drawn with opt.Rand: the same seed gives
// the same tau, and a crawl in exactly decreasing importance scores 1 on
// any sample.
func TestMetricTauSampledFromCrawl(t *testing.T) {
	n := 300
	g := graphtest.FromArcs(t, n, nil)
	imp := make([]float64, n)
	order := make([]uint32, n)
	for i := range imp {
		imp[i] = float64(i+1) / float64(n*(n+1)/2)
		order[i] = uint32(n - 1 - i)
	}
	opt := MetricOptions{TauSample: 40, Rand: rand.New(rand.NewPCG(1, 1))}
	m := mustMeasure(t, g, &Result{Order: order}, imp, opt)
	if m.Summary.TauSample != 40 || m.Summary.Tau == nil || math.Abs(*m.Summary.Tau-1) > 1e-15 {
		t.Errorf("tau = %v on %d pages, want 1 on 40", fmtTau(m.Summary.Tau), m.Summary.TauSample)
	}
	r := rand.New(rand.NewPCG(5, 6))
	r.Shuffle(n, func(i, j int) { order[i], order[j] = order[j], order[i] })
	opt.Rand = rand.New(rand.NewPCG(2, 2))
	a := mustMeasure(t, g, &Result{Order: order}, imp, opt).Summary.Tau
	opt.Rand = rand.New(rand.NewPCG(2, 2))
	b := mustMeasure(t, g, &Result{Order: order}, imp, opt).Summary.Tau
	if a == nil || b == nil || *a != *b {
		t.Errorf("same seed, tau %v then %v", fmtTau(a), fmtTau(b))
	}
	// The sample is positions sorted by position: recompute it by hand.
	pos := samplePositions(n, 40, rand.New(rand.NewPCG(2, 2)))
	v := make([]float64, len(pos))
	for i, p := range pos {
		v[i] = imp[order[p]]
	}
	if want := naiveKendallTau(v); a == nil || math.Abs(*a-want) > 1e-12 {
		t.Errorf("tau = %v, the sample's naive tau %v", fmtTau(a), want)
	}
}

// specExample8Graph is the graph of docs/algorithms.md section 3, worked example 8: arcs
// 0→1, 0→2, 1→2, 2→0, 3→2, 3→4.
func specExample8Graph(t testing.TB) *graph.Graph {
	return graphtest.FromArcs(t, 5, [][2]uint32{{0, 1}, {0, 2}, {1, 2}, {2, 0}, {3, 2}, {3, 4}})
}

// TestLowerBoundHandComputed computes the generic lower bound by hand on
// the graph of docs/algorithms.md worked example 8 (d = 0.85) crawled in the order
// 0, 1, 2, with checkpoints after 1, 2 and 3 downloads.
//
// Uniform teleport (t = 1/5, so (1-d)·t = 0.03); c_0 = 2, c_1 = c_2 = 1:
//
//	D = {0}:       0→0 is no link, x_0 = 0.03.                       Σ = 0.03
//	D = {0,1}:     x_0 = 0.03 (2→0 leaves D); x_1 = 0.03 + 0.85·x_0/2
//	               = 0.04275.                                        Σ = 0.07275
//	D = {0,1,2}:   every link of D stays in D, so Σ x = 3·0.03 + 0.85·Σ x,
//	               Σ = 0.09/0.15 = 0.6.
//
// The true PageRank of {0,1,2} is 0.903992081821182 (docs/algorithms.md section 3, worked
// example 8), above
// every bound. Personalized, t = 0.5 on pages 0 and 3 ((1-d)·t_0 = 0.075):
// Σ = 0.075, then 0.075 + 0.85·0.075/2 = 0.106875, then 0.075/0.15 = 0.5,
// below the personalized PageRank of {0,1,2}, 0.869565217391305.
func TestLowerBoundHandComputed(t *testing.T) {
	g := specExample8Graph(t)
	res := &Result{Order: []uint32{0, 1, 2}, Times: []float64{1, 2, 3}}
	imp := []float64{0.350178362311886, 0.188416698076911, 0.365397021432385, 0.039590894094358, 0.056417024084461}
	m := mustMeasure(t, g, res, imp, MetricOptions{LowerBound: 3})
	lb := m.LowerBound
	// The iteration stops when a sweep changes the sum by less than 1e-12,
	// about 1e-12·d/(1-d) below the fixed point, hence the tolerance 1e-11.
	if lb == nil || !equalInt64s(lb.K, []int64{1, 2, 3}) || !withinEach(lb.Value, []float64{0.03, 0.07275, 0.6}, 1e-11) {
		t.Fatalf("uniform lower bound = %+v, want K 1 2 3, values 0.03 0.07275 0.6", lb)
	}
	if !slices.Equal(lb.T, []float64{1, 2, 3}) {
		t.Errorf("lower bound times = %v, want 1 2 3", lb.T)
	}
	if math.Abs(m.Summary.FinalLowerBound-0.6) > 1e-11 || m.Summary.FinalLowerBound > 0.6 {
		t.Errorf("final lower bound = %v, want 0.6", m.Summary.FinalLowerBound)
	}
	ppr := []float64{0.375653415742517, 0.159652701690570, 0.334259099958218, 0.091533180778032, 0.038901601830664}
	m = mustMeasure(t, g, res, ppr, MetricOptions{LowerBound: 3, Teleport: []float64{0.5, 0, 0, 0.5, 0}})
	if lb := m.LowerBound; !withinEach(lb.Value, []float64{0.075, 0.106875, 0.5}, 1e-11) {
		t.Fatalf("personalized lower bound = %v, want 0.075 0.106875 0.5", lb.Value)
	}
	// Two checkpoints of three downloads: k = ⌈3/2⌉ = 2 and 3.
	m = mustMeasure(t, g, res, imp, MetricOptions{LowerBound: 2})
	if lb := m.LowerBound; !equalInt64s(lb.K, []int64{2, 3}) || !withinEach(lb.Value, []float64{0.07275, 0.6}, 1e-11) {
		t.Fatalf("two checkpoints: %+v, want K 2 3, values 0.07275 0.6", lb)
	}
}

// TestLowerBoundKeepsDanglingMass computes the generic lower bound by hand
// on the star 0→1, 0→2 (pages 1 and 2 dangling) crawled in the order 0, 1,
// 2 from seed 0 with personalized importance (t_0 = 1), d = 0.85. A
// dangling page of D sends its value along t, so back to page 0:
//
//	D = {0}:       x_0 = 0.15 (both links leave D).               Σ = 0.15
//	D = {0,1}:     x_1 = 0.85·x_0/2 = 0.425·x_0; x_0 = 0.15 + 0.85·x_1
//	               = 0.15 + 0.36125·x_0, so x_0 = 0.15/0.63875 and
//	               Σ = 1.425·0.15/0.63875 = 0.21375/0.63875 = 171/511.
//	D = {0,1,2}:   x_1 = x_2 = 0.425·x_0; x_0 = 0.15 + 0.85·(x_1 + x_2)
//	               = 0.15 + 0.7225·x_0, so x_0 = 0.15/0.2775 and
//	               Σ = 1.85·0.15/0.2775 = 0.2775/0.2775 = 1.
//
// After the full crawl nothing is lost: the bound is the whole personalized
// PageRank, 1, which is C(3). Dropping the dangling mass would give 0.15,
// 0.21375 and 0.2775 instead.
func TestLowerBoundKeepsDanglingMass(t *testing.T) {
	g := graphtest.FromArcs(t, 3, [][2]uint32{{0, 1}, {0, 2}})
	// The personalized PageRank is x_0, x_1, x_2 of the last case:
	// 0.15/0.2775 = 20/37, and 0.425·20/37 = 8.5/37 for pages 1 and 2.
	ppr := []float64{20.0 / 37, 8.5 / 37, 8.5 / 37}
	res := &Result{Order: []uint32{0, 1, 2}}
	m := mustMeasure(t, g, res, ppr, MetricOptions{LowerBound: 3, Teleport: []float64{1, 0, 0}})
	lb := m.LowerBound
	if lb == nil || !equalInt64s(lb.K, []int64{1, 2, 3}) || !withinEach(lb.Value, []float64{0.15, 171.0 / 511, 1}, 1e-11) {
		t.Fatalf("star lower bound = %+v, want K 1 2 3, values 0.15 %v 1", lb, 171.0/511)
	}
	if got := m.Summary.FinalLowerBound; math.Abs(got-1) > 1e-9 || got > m.Summary.Final+1e-12 {
		t.Errorf("final lower bound %v, want 1 (C(3) = %v)", got, m.Summary.Final)
	}
}

// denseSubgraphPageRankSum solves (I - d·W_DD - d·t_D·δ_Dᵀ)·x = (1-d)·t_D
// by Gaussian elimination with partial pivoting and returns Σ x. W_DD holds
// the links among D (1/c_j from j to i), and δ_D marks the dangling pages of
// D, which send their value along t (docs/algorithms.md section 1), as lowerbound.go's
// map T does.
func denseSubgraphPageRankSum(g *graph.Graph, d []uint32, damping float64, teleport []float64) float64 {
	k := len(d)
	idx := make(map[uint32]int, k)
	for i, p := range d {
		idx[p] = i
	}
	t := make([]float64, k)
	a := make([][]float64, k)
	for i := range a {
		a[i] = make([]float64, k+1)
		a[i][i] = 1
		t[i] = 1 / float64(g.NumNodes())
		if teleport != nil {
			t[i] = teleport[d[i]]
		}
		a[i][k] = (1 - damping) * t[i]
	}
	for j, p := range d {
		c := g.OutDegree(p)
		if c == 0 {
			for i := range a {
				a[i][j] -= damping * t[i]
			}
			continue
		}
		for _, q := range g.Out(p) {
			if i, ok := idx[q]; ok {
				a[i][j] -= damping / float64(c)
			}
		}
	}
	for col := 0; col < k; col++ {
		piv := col
		for r := col + 1; r < k; r++ {
			if math.Abs(a[r][col]) > math.Abs(a[piv][col]) {
				piv = r
			}
		}
		a[col], a[piv] = a[piv], a[col]
		for r := 0; r < k; r++ {
			if r == col || a[r][col] == 0 {
				continue
			}
			f := a[r][col] / a[col][col]
			for c := col; c <= k; c++ {
				a[r][c] -= f * a[col][c]
			}
		}
	}
	sum := 0.0
	for i := 0; i < k; i++ {
		sum += a[i][k] / a[i][i]
	}
	return sum
}

// TestLowerBoundAgainstDenseSolve compares the iteration with a direct
// solve of (I - d·W_DD - d·t_D·δ_Dᵀ)·x = (1-d)·t_D at every prefix of a random order,
// for uniform and personalized teleports and several damping factors, and
// checks it never exceeds the PageRank of D computed by package rank (to
// 1e-15) nor the direct solve. With d ≤ 0.85 the stop rule (a sweep
// changing less than 1e-12) leaves the bound within 1e-12·d/(1-d) < 1e-11
// of the solve; with d = 0.99 a page with a self-loop needs more than the
// 1,000 sweeps allowed (x = 0.01·Σ 0.99^m), so only the order is checked.
func TestLowerBoundAgainstDenseSolve(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g, _ := graphtest.DrawArcs(t, 25, 80)
		n := g.NumNodes()
		perm := rapid.Permutation(func() []uint32 {
			p := make([]uint32, n)
			for i := range p {
				p[i] = uint32(i)
			}
			return p
		}()).Draw(t, "order")
		order := perm[:rapid.IntRange(1, n).Draw(t, "downloads")]
		damping := rapid.SampledFrom([]float64{0.85, 0.5, 0.99, 0.1}).Draw(t, "damping")
		var teleport []float64
		if rapid.Bool().Draw(t, "personalized") {
			trusted := rapid.SliceOfNDistinct(rapid.IntRange(0, n-1), 1, 4, rapid.ID).Draw(t, "trusted")
			ids := make([]uint32, len(trusted))
			for i, p := range trusted {
				ids[i] = uint32(p)
			}
			var err error
			if teleport, err = rank.UniformTeleport(n, ids); err != nil {
				t.Fatal(err)
			}
		}
		imp, err := rank.PageRankOf(context.Background(), g, rank.Options{Damping: damping, Tolerance: 1e-15, Teleport: teleport})
		if err != nil {
			t.Fatal(err)
		}
		m, err := Measure(g, &Result{Order: order}, imp.Scores, MetricOptions{LowerBound: len(order), Teleport: teleport, Damping: damping})
		if err != nil {
			t.Fatal(err)
		}
		// C(k) sums the importance PageRankOf computed; at d = 0.99 it may
		// stop at its iteration limit, within about residual·d/(1-d) of
		// the fixed point (docs/algorithms.md section 1), and C(k) with it.
		slack := 1e-12
		if !imp.Converged {
			slack += imp.Residual * damping / (1 - damping)
		}
		sum := 0.0
		for k, v := range m.LowerBound.Value {
			want := denseSubgraphPageRankSum(g, order[:k+1], damping, teleport)
			if v > want+1e-12 || (damping <= 0.85 && v < want-1e-11) {
				t.Fatalf("after %d downloads: bound %v, dense solve %v", k+1, v, want)
			}
			sum += imp.Scores[order[k]]
			if v > sum+slack {
				t.Fatalf("after %d downloads: bound %v exceeds C(k) = %v (PageRank: %d iterations, residual %g, converged %v)", k+1, v, sum, imp.Iterations, imp.Residual, imp.Converged)
			}
			if k > 0 && v < m.LowerBound.Value[k-1]-1e-15 {
				t.Fatalf("bound fell from %v to %v at k = %d", m.LowerBound.Value[k-1], v, k+1)
			}
		}
		// With every page downloaded nothing is lost, dangling mass
		// included: the bound is the whole PageRank, which sums to 1.
		if last := m.LowerBound.Value[len(order)-1]; len(order) == n && damping <= 0.85 && math.Abs(last-1) > 1e-10 {
			t.Fatalf("every page downloaded: bound %v, want 1", last)
		}
	})
}

// TestMeasurerSteps: stepping one unit at a time gives exactly the metrics
// of Measure, progress never goes back, and every step does bounded work.
func TestMeasurerSteps(t *testing.T) {
	g := specExample8Graph(t)
	imp := []float64{0.350178362311886, 0.188416698076911, 0.365397021432385, 0.039590894094358, 0.056417024084461}
	res := &Result{Order: []uint32{3, 2, 0, 1, 4}, Guarantee: []float64{0.1, 0.2, 0.3, 0.4, 0.5}}
	opt := MetricOptions{LowerBound: 5, CurvePoints: 2, TauSample: 3}
	opt.Rand = rand.New(rand.NewPCG(1, 2))
	want := mustMeasure(t, g, res, imp, opt)
	opt.Rand = rand.New(rand.NewPCG(1, 2))
	ms, err := NewMeasurer(g, res, imp, opt)
	if err != nil {
		t.Fatal(err)
	}
	steps := 0
	var last float64
	for {
		done, err := ms.Step(1)
		if err != nil {
			t.Fatal(err)
		}
		steps++
		if p := ms.Progress(); p.Stage == "lower bound" {
			if f := p.Fraction(); f < last {
				t.Fatalf("progress went back from %v to %v", last, f)
			} else {
				last = f
			}
		}
		if done {
			break
		}
	}
	if steps < 20 {
		t.Errorf("%d steps of one unit; the lower bound alone takes dozens of sweeps", steps)
	}
	if last != 1 || !ms.Done() {
		t.Errorf("finished with progress %v", last)
	}
	got := ms.Metrics()
	a, _ := json.Marshal(got)
	b, _ := json.Marshal(want)
	if string(a) != string(b) {
		t.Errorf("stepped metrics\n%s\ndiffer from Measure's\n%s", a, b)
	}
	if !equalInt64s(got.Curve.K, []int64{3, 5}) {
		t.Errorf("curve K = %v, want 3 5 (⌈5/2⌉, 5)", got.Curve.K)
	}
}

// TestMetricsBadInput checks that every bad input is a clear error.
func TestMetricsBadInput(t *testing.T) {
	g := graphtest.FromArcs(t, 3, nil)
	imp := []float64{0.2, 0.3, 0.5}
	ok := &Result{Order: []uint32{0, 1, 2}}
	cases := []struct {
		name string
		g    *graph.Graph
		res  *Result
		imp  []float64
		opt  MetricOptions
		want string
	}{
		{"no graph", nil, ok, imp, MetricOptions{}, "no graph"},
		{"no result", g, nil, imp, MetricOptions{}, "no crawl result"},
		{"short importance", g, ok, imp[:2], MetricOptions{}, "importance has 2 entries for 3 pages"},
		{"NaN importance", g, ok, []float64{0.2, math.NaN(), 0.5}, MetricOptions{}, "importance of page 1 is NaN"},
		{"negative importance", g, ok, []float64{0.2, -0.3, 0.5}, MetricOptions{}, "importance of page 1 is -0.3"},
		{"page out of range", g, &Result{Order: []uint32{0, 7}}, imp, MetricOptions{}, "download 2 is page 7"},
		{"page twice", g, &Result{Order: []uint32{1, 0, 1}}, imp, MetricOptions{}, "page 1 is downloaded twice"},
		{"short guarantee", g, &Result{Order: []uint32{0, 1}, Guarantee: []float64{0.1}}, imp, MetricOptions{}, "guaranteed curve has 1 entries for 2 downloads"},
		{"NaN guarantee", g, &Result{Order: []uint32{0}, Guarantee: []float64{math.NaN()}}, imp, MetricOptions{}, "guarantee after 1 downloads is NaN"},
		{"short times", g, &Result{Order: []uint32{0, 1}, Times: []float64{1}}, imp, MetricOptions{}, "1 download times for 2 downloads"},
		{"limit below downloads", g, &Result{Order: []uint32{0, 1}, Limit: 1}, imp, MetricOptions{}, "download limit 1 is below the 2 downloads"},
		{"negative limit", g, &Result{Order: []uint32{0, 1}, Limit: -1}, imp, MetricOptions{}, "download limit -1 is below the 2 downloads"},
		{"negative points", g, ok, imp, MetricOptions{CurvePoints: -1}, "curve points -1"},
		{"negative sample", g, ok, imp, MetricOptions{TauSample: -1}, "tau sample -1"},
		{"negative checkpoints", g, ok, imp, MetricOptions{LowerBound: -2}, "checkpoints -2"},
		{"no rand", g, ok, imp, MetricOptions{TauSample: 2}, "random source is needed"},
		{"bad damping", g, ok, imp, MetricOptions{LowerBound: 1, Damping: 1.5}, "damping 1.5"},
		{"short teleport", g, ok, imp, MetricOptions{LowerBound: 1, Teleport: []float64{1}}, "teleport vector has 1 entries for 3 pages"},
		{"teleport sum", g, ok, imp, MetricOptions{LowerBound: 1, Teleport: []float64{0.5, 0.2, 0.2}}, "teleport vector sums to 0.9"},
		{"negative teleport", g, ok, imp, MetricOptions{LowerBound: 1, Teleport: []float64{1.5, -0.5, 0}}, "teleport entry of page 1 is -0.5"},
	}
	for _, c := range cases {
		_, err := Measure(c.g, c.res, c.imp, c.opt)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.want)
		}
	}
}

// TestDampingOutsideRangeRefused: New and Measure (for the generic lower
// bound) refuse a damping factor outside [0, 1], NaN included, naming it;
// 0 is the default.
func TestDampingOutsideRangeRefused(t *testing.T) {
	g := graphtest.FromArcs(t, 2, [][2]uint32{{0, 1}})
	info, vals, err := Resolve("bfs", nil)
	if err != nil {
		t.Fatal(err)
	}
	res := crawlToEnd(t, Config{Graph: g, Seeds: []uint32{0}}, "bfs", nil)
	imp := []float64{0.5, 0.5}
	for _, d := range []float64{-0.1, 1.5, math.NaN()} {
		_, err := New(Config{Graph: g, Seeds: []uint32{0}, Damping: d}, info.New(vals))
		if want := fmt.Sprintf("crawl: damping %v is outside [0,1]", d); err == nil || err.Error() != want {
			t.Errorf("New with damping %v: %v, want %q", d, err, want)
		}
		_, err = Measure(g, res, imp, MetricOptions{Damping: d, LowerBound: 2})
		if want := fmt.Sprintf("crawl: metrics: damping %v is outside [0,1]", d); err == nil || err.Error() != want {
			t.Errorf("Measure with damping %v: %v, want %q", d, err, want)
		}
	}
	if _, err := Measure(g, res, imp, MetricOptions{LowerBound: 2}); err != nil {
		t.Errorf("Measure with the default damping: %v", err)
	}
}

// fmtTau writes a summary's tau, "none" when it is undefined.
func fmtTau(tau *float64) string {
	if tau == nil {
		return "none"
	}
	return fmt.Sprint(*tau)
}
