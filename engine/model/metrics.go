package model

// Thresholds are the levels of "downloads to X" (docs/algorithms.md section 4;
// Cho and Schonfeld 2007, Table 2).
var Thresholds = []float64{0.5, 0.8, 0.9, 0.98}

// Curve is a cumulative curve sampled at download counts: Value[i] is the
// importance (or guarantee) after K[i] downloads, and T[i], for crawls on
// the politeness clock, the simulated time in seconds at which download K[i]
// finished. K is increasing and ends with the crawl's last download.
//
// K starts at the first sample (K[0] ≥ 1): there is no point for k = 0,
// whose value is 0 for every curve; a chart draws each curve from (0, 0).
type Curve struct {
	K     []int64   `json:"k"`
	Value []float64 `json:"value"`
	T     []float64 `json:"t,omitempty"`
}

// Threshold gives the downloads needed to reach Level: the smallest k with
// C(k) ≥ Target (Actual) and with G(k) ≥ Target (Guaranteed); -1 when the
// crawl never reaches it, or has no guaranteed curve. Target is Level
// itself (absolute importance, Cho and Schonfeld 2007 Table 2), or, with relative
// targets (crawl.MetricOptions.Relative, docs/algorithms.md section 4), Level·C(N): a share
// of the importance the whole crawl collects, which a crawl reaches even
// when part of the importance lies beyond the seeds' reach.
type Threshold struct {
	Level      float64 `json:"level"`
	Actual     int64   `json:"actual"`
	Guaranteed int64   `json:"guaranteed"`
	// Target is the importance to reach: Level, or Level·C(N) with
	// relative targets.
	Target float64 `json:"target"`
	// Time is the simulated time, in seconds, at which download Actual
	// finished, for a crawl on the politeness clock that reached Target:
	// read at that download, not at the next curve point. Nil otherwise.
	Time *float64 `json:"time,omitempty"`
}

// Summary holds the summary metrics of a crawl (docs/algorithms.md section 4).
type Summary struct {
	// Downloads is the number of pages downloaded, N.
	Downloads int64 `json:"downloads"`
	// Final is C(N).
	Final float64 `json:"final"`
	// FinalGuarantee is G(N), 0 without a guaranteed curve.
	FinalGuarantee float64 `json:"final_guarantee,omitempty"`
	// FinalLowerBound is the generic lower bound at k = N, 0 when it was
	// not computed.
	FinalLowerBound float64 `json:"final_lower_bound,omitempty"`
	// AvgCumulative is (1/N) Σ_{k=1..N} C(k) (Baeza-Yates et al. 2005, Table 2; docs/algorithms.md
	// section 4), summed over every k, not over the curve's samples; 0 when
	// N = 0. Section 4's N is the pages downloaded by the full crawl: here
	// crawl.Result.Limit, the downloads the crawl was allowed (its budget, or
	// every page reachable from the seeds), not this crawl's downloads.
	// A crawl that a stop rule ended early (an ε of rankmass, l-neighbor or
	// windowed-rankmass) keeps C at its last value C(Downloads) for k =
	// Downloads+1..N, as if it downloaded nothing more, so it averages
	// over the same N as the strategies without a stop rule and stays
	// comparable with them; the average then counts the pages it left
	// undownloaded as importance 0, the least they could add. A
	// crawl.Result with Limit 0 (built by hand) uses N = Downloads.
	AvgCumulative float64 `json:"avg_cumulative"`
	// NormalisedAvgCumulative is (1/N) Σ_{k=1..N} C(k)/C(N), that is
	// AvgCumulative / Final: the area under the curve scaled to end at 1,
	// which paper 004's Table 2 reports (its crawls reach the whole
	// collection), comparable across graphs whatever share of the
	// importance the seeds cannot reach (docs/algorithms.md section 4). 0 when C(N)
	// is 0.
	NormalisedAvgCumulative float64 `json:"normalised_avg_cumulative"`
	// Tau is Kendall's tau-b between download position and importance on
	// a uniform sample of TauSample downloaded pages: +1 when they were
	// downloaded in decreasing importance. It is nil, and left out of the
	// JSON, when tau-b is undefined: when TauSample < 2 or every sampled
	// page has the same importance.
	Tau       *float64 `json:"tau,omitempty"`
	TauSample int      `json:"tau_sample"`
	// DownloadsTo holds one entry per Thresholds level.
	DownloadsTo []Threshold `json:"downloads_to"`
	// RelativeTargets says the DownloadsTo targets are shares of C(N)
	// (crawl.MetricOptions.Relative), not absolute importance.
	RelativeTargets bool `json:"relative_targets,omitempty"`
}

// Cost counts the work a crawl did besides downloading (docs/algorithms.md section 4).
type Cost struct {
	// SchedulingSeconds is the wall time spent in the crawl's steps, when
	// its crawl.Config has a Clock; it is the only figure that differs
	// between runs.
	SchedulingSeconds float64 `json:"scheduling_seconds"`
	// PriorityUpdates counts frontier pushes and key changes.
	PriorityUpdates int64 `json:"priority_updates"`
	// Recomputations counts PageRank recomputations (batch and partial
	// PageRank).
	Recomputations int64 `json:"recomputations"`
	// PageRankIterations counts the iterations of those recomputations.
	PageRankIterations int64 `json:"pagerank_iterations"`
	// VirtualReexpansions counts RankMass expansions of pages already
	// downloaded.
	VirtualReexpansions int64 `json:"virtual_reexpansions"`
	// Iterations counts windowed-rankmass windows and l-neighbor levels.
	Iterations int64 `json:"iterations"`
}

// Values holds a strategy's parameter values by name (Param.Name).
type Values map[string]float64
