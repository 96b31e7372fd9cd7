package scenario

import (
	"github.com/crawlsim/crawlsim/engine/crawl"
)

// Version is the version of the Scenario and Result JSON written by this
// package; files of another version are refused with a clear error.
const Version = 1

// Scenario fully determines a comparison of crawl strategies (DESIGN.md
// "Data"): the same Scenario gives the same Result natively and in the
// browser. Zero fields take the defaults that Normalize fills in.
type Scenario struct {
	// Version is Version (0 is read as Version).
	Version int `json:"version"`
	// Graph says where the graph comes from.
	Graph Source `json:"graph"`
	// Previous is the earlier snapshot that the historical-PageRank
	// strategies learn from; nil means the graph evolved backwards is not
	// available, and those strategies are refused. See PreviousSource.
	Previous *PreviousSource `json:"previous,omitempty"`
	// Importance is "pagerank" (uniform teleport, the default) or
	// "personalized" (teleport uniform over the seeds): the vector every
	// curve sums (SPEC.md section 1).
	Importance string `json:"importance"`
	// Damping is d (default 0.85), for the importance and the strategies.
	Damping float64 `json:"damping"`
	// Tolerance stops the importance iteration (default 1e-10).
	Tolerance float64 `json:"tolerance"`
	// Seeds is the seed-set notation of package seeds ("top-pagerank:160",
	// "random:K", "host-roots", "list:A,B"); default "top-pagerank:160",
	// the FPR paper's choice. top-pagerank ranks by uniform PageRank.
	Seeds string `json:"seeds"`
	// Strategies are the strategies compared, in order (default:
	// DefaultStrategies).
	Strategies []Strategy `json:"strategies"`
	// Budget is the most pages each crawl downloads; 0 means no limit.
	Budget int64 `json:"budget,omitempty"`
	// Politeness, when set, runs every crawl on the politeness clock of
	// SPEC.md section 5; zero fields take crawl.DefaultPoliteness's values.
	Politeness *crawl.Politeness `json:"politeness,omitempty"`
	// RandomSeed seeds every random choice (random seeds, the random
	// strategy, tau's sample); the same seed gives the same result.
	RandomSeed uint64 `json:"random_seed"`
	// Metrics sets the metric options.
	Metrics Metrics `json:"metrics"`
}

// Source is a graph: a file, or generator parameters. Exactly one of File
// and Generate is set.
type Source struct {
	// File names the graph file in the runner's file system; its format
	// follows its name unless Format says otherwise (graphio.ParseFormat).
	File   string `json:"file,omitempty"`
	Format string `json:"format,omitempty"`
	// URLs names an optional URL list for the file (hosts, URL seeds).
	URLs string `json:"urls,omitempty"`
	// Generate gives the generator's parameters.
	Generate *Generate `json:"generate,omitempty"`
}

// Generate is gen.Params with JSON names; zero size fields take the
// generator's defaults, and the shares are used as given once Normalize has
// filled absent ones (a nil pointer) with the defaults.
type Generate struct {
	Pages             int      `json:"pages"`
	Hosts             int      `json:"hosts,omitempty"`
	MeanOutDegree     float64  `json:"mean_out_degree,omitempty"`
	IntraHostShare    *float64 `json:"intra_host_share,omitempty"`
	HostSizeExponent  float64  `json:"host_size_exponent,omitempty"`
	OutDegreeExponent float64  `json:"out_degree_exponent,omitempty"`
	CopyProbability   *float64 `json:"copy_probability,omitempty"`
	Seed              uint64   `json:"seed"`
}

// PreviousSource is the earlier snapshot for the historical strategies: a
// second graph file (pages matched by URL when both graphs have URLs, else
// by id), or the current graph's predecessor made by evolving a generated
// graph. With Evolve, the scenario's generated graph is taken as the
// previous snapshot and its evolution (gen.Evolve) is crawled.
type PreviousSource struct {
	File   string  `json:"file,omitempty"`
	Format string  `json:"format,omitempty"`
	URLs   string  `json:"urls,omitempty"`
	Evolve *Evolve `json:"evolve,omitempty"`
}

// Evolve is gen.EvolveParams with JSON names.
type Evolve struct {
	NewPages     float64 `json:"new_pages"`
	RemovedPages float64 `json:"removed_pages"`
	NewLinks     float64 `json:"new_links"`
	RemovedLinks float64 `json:"removed_links"`
	Seed         uint64  `json:"seed"`
}

// Strategy is one strategy of a comparison with its parameters (the
// registry's defaults fill the rest).
type Strategy struct {
	ID     string       `json:"id"`
	Params crawl.Values `json:"params,omitempty"`
	// Label names the line in tables and charts; default the id, with
	// non-default parameters appended ("fpr-m m=100").
	Label string `json:"label,omitempty"`
}

// Metrics are the metric options (SPEC.md section 4).
type Metrics struct {
	// CurvePoints is the number of evenly spaced points of each curve
	// (default 1,000); crawls of at most twice that many pages keep every
	// point.
	CurvePoints int `json:"curve_points"`
	// TauSample is the size of Kendall's tau sample (default 5,000).
	TauSample int `json:"tau_sample"`
	// LowerBound is the number of checkpoints at which the generic lower
	// bound (personalized PageRank on the downloaded subgraph) is computed
	// for every strategy; 0 turns it off.
	LowerBound int `json:"lower_bound,omitempty"`
}

// Result is the outcome of a Scenario (DESIGN.md "Data"): JSON-serialisable
// and identical natively and in the browser, floats within 1e-12, except
// for the scheduling times.
type Result struct {
	Version int `json:"version"`
	// Scenario is the scenario run, with every default filled in.
	Scenario Scenario `json:"scenario"`
	// Graph describes the graph crawled.
	Graph GraphSummary `json:"graph"`
	// Importance says how the importance vector was computed.
	Importance ImportanceSummary `json:"importance"`
	// Seeds are the seed pages, in the order chosen.
	Seeds []uint32 `json:"seeds"`
	// Reachable is the number of pages reachable from the seeds: the x
	// axis of every curve is a fraction of it.
	Reachable int64 `json:"reachable"`
	// Strategies holds one result per strategy, in the scenario's order.
	Strategies []StrategyResult `json:"strategies"`
	// Warnings say what the user should know about the run (a strategy
	// that needs hosts on a graph without them, say).
	Warnings []string `json:"warnings,omitempty"`
}

// GraphSummary describes the crawled graph.
type GraphSummary struct {
	Pages      int64  `json:"pages"`
	Links      int64  `json:"links"`
	Hosts      int    `json:"hosts"`
	InterHost  int64  `json:"inter_host_links"`
	Dangling   int64  `json:"dangling_pages"`
	SourceName string `json:"source"`
}

// ImportanceSummary says how the importance vector was computed.
type ImportanceSummary struct {
	Kind       string  `json:"kind"`
	Iterations int     `json:"iterations"`
	Residual   float64 `json:"residual"`
}

// StrategyResult is one strategy's crawl and its metrics (SPEC.md section
// 4).
type StrategyResult struct {
	ID     string       `json:"id"`
	Label  string       `json:"label"`
	Params crawl.Values `json:"params,omitempty"`
	// Reference marks the optimal reference curve.
	Reference bool `json:"reference,omitempty"`
	// Curve is C(k); its X axis as a fraction is K / Result.Reachable.
	Curve crawl.Curve `json:"curve"`
	// Guarantee is G(k), for strategies that have one.
	Guarantee *crawl.Curve `json:"guarantee,omitempty"`
	// LowerBound is the generic lower bound at checkpoints, when asked.
	LowerBound *crawl.Curve `json:"lower_bound,omitempty"`
	// Summary holds the summary metrics.
	Summary crawl.Summary `json:"summary"`
	// Cost holds the cost counters.
	Cost crawl.Cost `json:"cost"`
	// Time holds the politeness clock's figures, when it ran.
	Time *TimeSummary `json:"time,omitempty"`
}

// TimeSummary holds the politeness clock's figures (SPEC.md section 5).
type TimeSummary struct {
	// Duration is the simulated time of the crawl, in seconds.
	Duration float64 `json:"duration"`
	// Utilisation is the share of connection time spent downloading.
	Utilisation float64 `json:"utilisation"`
}
