package crawl

import (
	"errors"
	"math/rand/v2"

	"github.com/crawlsim/crawlsim/engine/graph"
)

// Thresholds are the levels of "downloads to X" (SPEC.md section 4; seeds/001,
// Table 2).
var Thresholds = []float64{0.5, 0.8, 0.9, 0.98}

// Curve is a cumulative curve sampled at download counts: Value[i] is the
// importance (or guarantee) after K[i] downloads, and T[i], for crawls on
// the politeness clock, the simulated time in seconds at which download K[i]
// finished. K is increasing and ends with the crawl's last download.
type Curve struct {
	K     []int64   `json:"k"`
	Value []float64 `json:"value"`
	T     []float64 `json:"t,omitempty"`
}

// Threshold gives the downloads needed to reach Level: the smallest k with
// C(k) ≥ Level (Actual) and with G(k) ≥ Level (Guaranteed); -1 when the
// crawl never reaches it, or has no guaranteed curve.
type Threshold struct {
	Level      float64 `json:"level"`
	Actual     int64   `json:"actual"`
	Guaranteed int64   `json:"guaranteed"`
}

// Summary holds the summary metrics of a crawl (SPEC.md section 4).
type Summary struct {
	// Downloads is the number of pages downloaded, N.
	Downloads int64 `json:"downloads"`
	// Final is C(N).
	Final float64 `json:"final"`
	// FinalGuarantee is G(N), 0 without a guaranteed curve.
	FinalGuarantee float64 `json:"final_guarantee,omitempty"`
	// AvgCumulative is (1/N) Σ_{k=1..N} C(k) (seeds/004, Table 2).
	AvgCumulative float64 `json:"avg_cumulative"`
	// Tau is Kendall's tau-b between download position and importance on
	// a uniform sample of TauSample downloaded pages: +1 when they were
	// downloaded in decreasing importance. It is 0 when TauSample < 2.
	Tau       float64 `json:"tau"`
	TauSample int     `json:"tau_sample"`
	// DownloadsTo holds one entry per Thresholds level.
	DownloadsTo []Threshold `json:"downloads_to"`
}

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
}

// Measure computes the metrics of a finished crawl of g scored by
// importance.
func Measure(g *graph.Graph, res *Result, importance []float64, opt MetricOptions) (Metrics, error) {
	return Metrics{}, errors.New("crawl: Measure is being written")
}
