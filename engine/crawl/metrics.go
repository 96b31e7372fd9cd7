package crawl

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/step"
)

// Thresholds are the levels of "downloads to X" (docs/algorithms.md section 4;
// Cho and Schonfeld 2007, Table 2): model.Thresholds.
var Thresholds = model.Thresholds

// Defaults of MetricOptions (docs/algorithms.md section 4).
const (
	DefaultCurvePoints = 1000
	DefaultTauSample   = 5000
)

// Curve is a cumulative curve sampled at download counts (model.Curve).
type Curve = model.Curve

// Threshold gives the downloads needed to reach a level of importance
// (model.Threshold).
type Threshold = model.Threshold

// Summary holds the summary metrics of a crawl (model.Summary, docs/algorithms.md
// section 4).
type Summary = model.Summary

// Metrics are the measures of one crawl.
type Metrics struct {
	Curve      Curve
	Guarantee  *Curve
	LowerBound *Curve
	Summary    Summary
}

// MetricOptions configures Measure.
type MetricOptions struct {
	// CurvePoints is the number of evenly spaced curve points (default
	// 1,000); a crawl of at most 2·CurvePoints downloads keeps every k.
	CurvePoints int
	// TauSample is the most pages in Kendall's tau sample (default 5,000).
	TauSample int
	// LowerBound is the number of evenly spaced checkpoints of the generic
	// lower bound; 0 turns it off.
	LowerBound int
	// Teleport is the teleport vector of the importance (nil: uniform),
	// and Damping its d (0: default); the lower bound uses them.
	Teleport []float64
	Damping  float64
	// Rand draws tau's sample; required when a crawl has more downloads
	// than TauSample.
	Rand *rand.Rand
	// Relative makes the targets of "downloads to X" shares of C(N), the
	// importance the crawl collects in all, instead of absolute
	// importance (docs/algorithms.md section 4): Threshold.Target = X·C(N).
	Relative bool
}

// Measure computes the metrics of a finished crawl of g scored by
// importance (docs/algorithms.md section 4). It runs a Measurer to the end; use a
// Measurer to do the work in bounded steps.
func Measure(g *graph.Graph, res *Result, importance []float64, opt MetricOptions) (Metrics, error) {
	m, err := NewMeasurer(g, res, importance, opt)
	if err != nil {
		return Metrics{}, err
	}
	for {
		done, err := m.Step(math.MaxInt)
		if err != nil {
			return Metrics{}, err
		}
		if done {
			return m.Metrics(), nil
		}
	}
}

// Measurer computes the metrics of a finished crawl in bounded steps
// (docs/architecture.md, "Steppable work"; package step's Stepper).
// NewMeasurer checks the inputs; Step does the work; Metrics returns the
// result once Step has reported done.
//
// The work, in order:
//
//   - one pass over the downloads in download order: the prefix sums C(k)
//     in float64, summed in download order so the result is deterministic;
//     the curve samples; Σ_k C(k) for the average; the thresholds of C and
//     of the strategy's guaranteed curve G, both from every k;
//   - Kendall's tau-b on a uniform sample (tau.go);
//   - the generic lower bound at each checkpoint (lowerbound.go), the only
//     part that can take long: about a hundred Gauss-Seidel sweeps over the
//     links among the downloaded pages per checkpoint (on cnr-2000, about
//     0.5 s per checkpoint natively; the rest of the metrics take 10 ms).
//
// One unit of Step's budget is one page with its links, in any of these
// passes (as one download is one unit of a crawl's Step).
type Measurer struct {
	g          *graph.Graph
	res        *Result
	importance []float64
	opt        MetricOptions

	total   int     // downloads
	limit   int64   // N of the average: max(total, res.Limit)
	samples []int64 // curve sample points
	next    int     // next sample index
	k       int     // downloads summed so far
	sum     float64 // C(k)
	area    float64 // Σ_{j ≤ k} C(j)

	bound      *lowerBound // nil without a lower bound
	boundDone  int64       // Σ k over finished checkpoints, for Progress
	boundTotal int64

	stage   int
	metrics Metrics
}

// Measurer stages.
const (
	measureCurve = iota
	measureTau
	measureBound
	measureDone
)

// NewMeasurer checks the inputs of Measure and prepares the computation:
// g and res must be present; importance must have one finite, non-negative
// entry per page; res.Order must name distinct pages of g; res.Guarantee and
// res.Times, when present, one finite entry per download; res.Limit must be
// 0 or at least the downloads; the options must
// not be negative, Damping must be in [0,1], Teleport must have one finite
// non-negative entry per page summing to 1 (±1e-9), and Rand must be set
// when the crawl has more downloads than the tau sample.
func NewMeasurer(g *graph.Graph, res *Result, importance []float64, opt MetricOptions) (*Measurer, error) {
	if g == nil {
		return nil, errors.New("crawl: metrics: no graph")
	}
	if res == nil {
		return nil, errors.New("crawl: metrics: no crawl result")
	}
	n := g.NumNodes()
	if len(importance) != n {
		return nil, fmt.Errorf("crawl: metrics: importance has %d entries for %d pages; want one per page", len(importance), n)
	}
	for i, v := range importance {
		if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
			return nil, fmt.Errorf("crawl: metrics: importance of page %d is %v; want a finite non-negative number", i, v)
		}
	}
	if opt.CurvePoints < 0 {
		return nil, fmt.Errorf("crawl: metrics: curve points %d is negative; want 0 (default %d) or more", opt.CurvePoints, DefaultCurvePoints)
	}
	if opt.TauSample < 0 {
		return nil, fmt.Errorf("crawl: metrics: tau sample %d is negative; want 0 (default %d) or more", opt.TauSample, DefaultTauSample)
	}
	if opt.LowerBound < 0 {
		return nil, fmt.Errorf("crawl: metrics: lower-bound checkpoints %d is negative; want 0 (off) or more", opt.LowerBound)
	}
	if opt.CurvePoints == 0 {
		opt.CurvePoints = DefaultCurvePoints
	}
	if opt.TauSample == 0 {
		opt.TauSample = DefaultTauSample
	}
	total := len(res.Order)
	if err := checkOrder(res.Order, n); err != nil {
		return nil, err
	}
	if res.Guarantee != nil {
		if len(res.Guarantee) != total {
			return nil, fmt.Errorf("crawl: metrics: guaranteed curve has %d entries for %d downloads; want one per download", len(res.Guarantee), total)
		}
		for k, v := range res.Guarantee {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("crawl: metrics: guarantee after %d downloads is %v; want a finite number", k+1, v)
			}
		}
	}
	if res.Times != nil && len(res.Times) != total {
		return nil, fmt.Errorf("crawl: metrics: %d download times for %d downloads; want one per download", len(res.Times), total)
	}
	limit := res.Limit
	switch {
	case limit == 0:
		limit = int64(total)
	case limit < int64(total):
		return nil, fmt.Errorf("crawl: metrics: download limit %d is below the %d downloads; want 0 (no limit recorded) or at least the downloads", res.Limit, total)
	}
	if total > opt.TauSample && opt.Rand == nil {
		return nil, fmt.Errorf("crawl: metrics: a random source is needed to sample %d of %d downloads for Kendall's tau", opt.TauSample, total)
	}
	m := &Measurer{g: g, res: res, importance: importance, opt: opt, total: total, limit: limit}
	m.samples = curveSamples(total, opt.CurvePoints)
	m.metrics.Curve = newCurve(len(m.samples), res.Times != nil)
	if res.Guarantee != nil {
		c := newCurve(len(m.samples), res.Times != nil)
		m.metrics.Guarantee = &c
	}
	m.metrics.Summary = Summary{Downloads: int64(total), DownloadsTo: make([]Threshold, len(Thresholds)), RelativeTargets: opt.Relative}
	scale := 1.0
	if opt.Relative {
		// C(N), summed as the pass over the downloads sums it, so that
		// the target X·C(N) with X = 1 is reached at the last download
		// exactly.
		scale = 0
		for _, p := range res.Order {
			scale += importance[p]
		}
	}
	for i, level := range Thresholds {
		m.metrics.Summary.DownloadsTo[i] = Threshold{Level: level, Actual: -1, Guaranteed: -1, Target: level * scale}
	}
	if opt.LowerBound > 0 && total > 0 {
		d, err := dampingOrDefault(opt.Damping, "crawl: metrics")
		if err != nil {
			return nil, err
		}
		t, err := checkMetricTeleport(opt.Teleport, n)
		if err != nil {
			return nil, err
		}
		checkpoints := evenlySpaced(total, opt.LowerBound)
		m.bound = newLowerBound(g, res.Order, checkpoints, d, t)
		for _, k := range checkpoints {
			m.boundTotal += k
		}
	}
	return m, nil
}

// checkOrder checks that order names distinct pages of a graph of n pages.
func checkOrder(order []uint32, n int) error {
	seen := make([]uint64, (n+63)/64)
	for k, p := range order {
		if int64(p) >= int64(n) {
			return fmt.Errorf("crawl: metrics: download %d is page %d, which is not in the graph (%d pages)", k+1, p, n)
		}
		if seen[p/64]&(1<<(p%64)) != 0 {
			return fmt.Errorf("crawl: metrics: page %d is downloaded twice (again at download %d); a page is downloaded at most once", p, k+1)
		}
		seen[p/64] |= 1 << (p % 64)
	}
	return nil
}

// checkMetricTeleport checks the lower bound's teleport vector and returns
// it rescaled to sum to exactly 1 as package rank does, or nil for uniform.
func checkMetricTeleport(t []float64, n int) ([]float64, error) {
	if t == nil {
		return nil, nil
	}
	if len(t) != n {
		return nil, fmt.Errorf("crawl: metrics: teleport vector has %d entries for %d pages; want one per page", len(t), n)
	}
	sum := 0.0
	for i, v := range t {
		if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
			return nil, fmt.Errorf("crawl: metrics: teleport entry of page %d is %v; want a finite non-negative number", i, v)
		}
		sum += v
	}
	if math.Abs(sum-1) > 1e-9 {
		return nil, fmt.Errorf("crawl: metrics: teleport vector sums to %.12g; want 1 (±1e-9)", sum)
	}
	out := make([]float64, n)
	for i, v := range t {
		out[i] = v / sum
	}
	return out, nil
}

// newCurve returns an empty curve with room for size samples, with times
// when timed.
func newCurve(size int, timed bool) Curve {
	c := Curve{K: make([]int64, 0, size), Value: make([]float64, 0, size)}
	if timed {
		c.T = make([]float64, 0, size)
	}
	return c
}

// curveSamples returns the download counts at which a curve of a crawl of
// total downloads is sampled: every k from 1 to total when total ≤
// 2·points, else evenlySpaced(total, points) (docs/algorithms.md section 4: at least
// 1,000 points, plus the exact final value).
func curveSamples(total, points int) []int64 {
	if total-points <= points { // total ≤ 2·points without overflow
		return evenlySpaced(total, total)
	}
	return evenlySpaced(total, points)
}

// evenlySpaced returns k_i = ⌈i·total/points⌉ for i = 1..points without
// repeats: increasing, ending with total; with points ≥ total, that is
// every k from 1 to total. It is empty when total or points is 0.
func evenlySpaced(total, points int) []int64 {
	if total <= 0 || points <= 0 {
		return nil
	}
	points = min(points, total)
	ks := make([]int64, 0, min(total, points))
	t, p := int64(total), int64(points)
	for i := int64(1); i <= p; i++ {
		k := (i*t + p - 1) / p
		if len(ks) == 0 || k > ks[len(ks)-1] {
			ks = append(ks, k)
		}
	}
	return ks
}

// Step does at most budget units of work (at least one) and reports whether
// the metrics are complete.
func (m *Measurer) Step(budget int) (bool, error) {
	budget = max(budget, 1)
	for work := 0; work < budget && m.stage != measureDone; {
		switch m.stage {
		case measureCurve:
			work += m.sumCurve(budget - work)
		case measureTau:
			work += m.measureTau()
		case measureBound:
			used, finished := m.bound.step(budget - work)
			work += used
			for len(m.bound.values) > len(m.metrics.LowerBound.Value) {
				m.recordBound()
			}
			if finished {
				m.finish()
			}
		}
	}
	return m.stage == measureDone, nil
}

// sumCurve runs the pass over the downloads for at most budget downloads.
func (m *Measurer) sumCurve(budget int) int {
	order, imp, res := m.res.Order, m.importance, m.res
	sum := &m.metrics.Summary
	end := m.total
	if budget < end-m.k {
		end = m.k + budget
	}
	start := m.k
	for ; m.k < end; m.k++ {
		m.sum += imp[order[m.k]]
		m.area += m.sum
		k := int64(m.k + 1)
		for i := range sum.DownloadsTo {
			th := &sum.DownloadsTo[i]
			if th.Actual < 0 && m.sum >= th.Target {
				th.Actual = k
				if res.Times != nil {
					at := res.Times[m.k]
					th.Time = &at
				}
			}
			if res.Guarantee != nil && th.Guaranteed < 0 && res.Guarantee[m.k] >= th.Target {
				th.Guaranteed = k
			}
		}
		if m.next < len(m.samples) && m.samples[m.next] == k {
			appendPoint(&m.metrics.Curve, k, m.sum, res.Times, m.k)
			if g := m.metrics.Guarantee; g != nil {
				appendPoint(g, k, res.Guarantee[m.k], res.Times, m.k)
			}
			m.next++
		}
	}
	if m.k == m.total {
		sum.Final = m.sum
		if m.total > 0 {
			// C(k) = C(total) for k = total+1..limit (Summary.AvgCumulative).
			rest := float64(m.limit - int64(m.total))
			sum.AvgCumulative = (m.area + float64(rest*m.sum)) / float64(m.limit)
			if m.sum > 0 {
				sum.NormalisedAvgCumulative = sum.AvgCumulative / m.sum
			}
			if res.Guarantee != nil {
				sum.FinalGuarantee = res.Guarantee[m.total-1]
			}
		}
		m.stage = measureTau
	}
	return max(m.k-start, 1)
}

// appendPoint adds to c the sample after k downloads; index is download
// k's index in the crawl's slices.
func appendPoint(c *Curve, k int64, v float64, times []float64, index int) {
	c.K = append(c.K, k)
	c.Value = append(c.Value, v)
	if times != nil {
		c.T = append(c.T, times[index])
	}
}

// measureTau computes Kendall's tau on the sample and returns the units
// used.
func (m *Measurer) measureTau() int {
	s := min(m.opt.TauSample, m.total)
	positions := samplePositions(m.total, s, m.opt.Rand)
	values := make([]float64, len(positions))
	for i, pos := range positions {
		values[i] = m.importance[m.res.Order[pos]]
	}
	m.metrics.Summary.Tau = nil
	if tau, defined := kendallTauDecreasing(values); defined {
		m.metrics.Summary.Tau = &tau
	}
	m.metrics.Summary.TauSample = s
	if m.bound != nil {
		lb := newCurve(len(m.bound.checkpoints), m.res.Times != nil)
		m.metrics.LowerBound = &lb
		m.stage = measureBound
	} else {
		m.finish()
	}
	return max(s, 1)
}

// recordBound moves the next finished checkpoint's value into the curve.
func (m *Measurer) recordBound() {
	i := len(m.metrics.LowerBound.Value)
	k := m.bound.checkpoints[i]
	appendPoint(m.metrics.LowerBound, k, m.bound.values[i], m.res.Times, int(k-1))
	m.boundDone += k
}

func (m *Measurer) finish() {
	if lb := m.metrics.LowerBound; lb != nil && len(lb.Value) > 0 {
		m.metrics.Summary.FinalLowerBound = lb.Value[len(lb.Value)-1]
	}
	m.stage = measureDone
}

// Done reports whether the metrics are complete.
func (m *Measurer) Done() bool { return m.stage == measureDone }

// Progress reports the stage: "metrics" (downloads summed out of N) while
// the curve is computed, then "lower bound" (Σ k over the checkpoints
// finished, out of Σ k over all checkpoints: a checkpoint's cost grows
// with its k).
func (m *Measurer) Progress() step.Progress {
	if m.stage >= measureBound && m.bound != nil {
		return step.Progress{Stage: "lower bound", Done: m.boundDone, Total: m.boundTotal}
	}
	return step.Progress{Stage: "metrics", Done: int64(m.k), Total: int64(m.total)}
}

// Metrics returns the metrics; they are complete once Step has reported
// done. The curves are the Measurer's own.
func (m *Measurer) Metrics() Metrics { return m.metrics }
