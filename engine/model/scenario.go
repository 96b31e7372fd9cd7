package model

// Version is the version of the Scenario and Result JSON written by this
// package; files of another version are refused with a clear error.
const Version = 1

// The kinds of importance (docs/algorithms.md section 1; Scenario.Importance).
const (
	// ImportancePageRank is PageRank with a uniform teleport vector.
	ImportancePageRank = "pagerank"
	// ImportancePersonalized is PageRank with the teleport vector uniform
	// over the seeds (the RankMass paper, Cho and Schonfeld 2007, section 2).
	ImportancePersonalized = "personalized"
)

// The kinds of trust (docs/algorithms.md section 2; Scenario.Trust).
const (
	// TrustSeeds is trust uniform over the seed set (the default).
	TrustSeeds = "seeds"
	// TrustPageRank is trust equal to the uniform PageRank vector, of
	// which the seeds hold 1-δ (Cho and Schonfeld 2007, section 5).
	TrustPageRank = "pagerank"
)

// Scenario fully determines a comparison of crawl strategies
// (docs/architecture.md, "One scenario, two places"): the same Scenario gives
// the same Result natively and in the browser. Zero fields take the defaults
// that the engine's normalisation (scenario.Normalize) fills in.
//
// In JSON, a field that takes a default is left out: Marshal omits the
// numbers whose 0 means "the default", and Reader.Parse refuses a 0
// written for them (damping 0, say, would otherwise silently read as
// 0.85). A 0 that is a value (budget, lower_bound, random_seed, wait, a share) is kept.
type Scenario struct {
	// Version is Version (0 is read as Version).
	Version int `json:"version,omitempty"`
	// Graph says where the graph comes from.
	Graph Source `json:"graph"`
	// Previous is the earlier snapshot that the historical-PageRank
	// strategies learn from (Baeza-Yates et al. 2005, section 4.2); nil means there is
	// none, and those strategies are refused. See PreviousSource.
	Previous *PreviousSource `json:"previous,omitempty"`
	// Importance is "pagerank" (uniform teleport, the default) or
	// "personalized" (teleport uniform over the seeds): the vector every
	// curve sums (docs/algorithms.md section 1).
	Importance string `json:"importance"`
	// Trust is the trust vector t (docs/algorithms.md section 2): "seeds" (the
	// default: uniform over the seed set) or "pagerank" (the uniform
	// PageRank vector, the RankMass paper's seed-size study, Cho and Schonfeld 2007
	// section 5, Figs. 9-10). It is the teleport vector of personalized
	// importance and the source of the RankMass-family guarantees and of
	// FPR's start, whatever the importance: with "pagerank" the seeds hold
	// only part of the trust, 1-δ = Σ_{i∈seeds} t_i (Result.SeedTrust),
	// and the guarantees of l-neighbor, rankmass and windowed-rankmass are
	// scaled by it.
	Trust string `json:"trust,omitempty"`
	// Damping is d (default 0.85), for the importance and the strategies;
	// it must be in (0, 1].
	Damping float64 `json:"damping,omitempty"`
	// Tolerance stops the importance iteration (default 1e-10).
	Tolerance float64 `json:"tolerance,omitempty"`
	// Seeds is the seed-set notation of package seeds ("top-pagerank:160",
	// "random:K", "host-roots", "list:A,B"); default "top-pagerank:160",
	// the FPR paper's choice. top-pagerank ranks by uniform PageRank. List
	// items are page ids, URLs, or, for an edge list whose ids were
	// renumbered, the file's own ids or labels.
	Seeds string `json:"seeds"`
	// Strategies are the strategies compared, in order (default:
	// DefaultStrategies).
	Strategies []Strategy `json:"strategies"`
	// Budget is the most pages each crawl downloads; 0 means no limit.
	Budget int64 `json:"budget,omitempty"`
	// Politeness, when set, runs every crawl on the politeness clock of
	// docs/algorithms.md section 5; absent fields take DefaultPoliteness's values. The optimal reference runs without it: held to the hosts'
	// waits it would no longer be the upper bound of every curve, and it
	// is not a crawler.
	Politeness *Politeness `json:"politeness,omitempty"`
	// RandomSeed seeds every random choice (random seeds, the random
	// strategies, tau's sample); the same seed gives the same result. Each
	// strategy's crawl draws from a stream named by its label, and tau's
	// sample is the same for every strategy, so the order of Strategies
	// changes no result. Left out of the JSON it is DefaultRandomSeed.
	RandomSeed uint64 `json:"random_seed"`
	// Metrics sets the metric options.
	Metrics Metrics `json:"metrics"`
	// SeedStudy, when set, also evaluates the seed set against random and
	// top-PageRank sets of its size (Daneshpajouh et al. 2008, section 3.5; docs/algorithms.md
	// section 6.5). With it, Strategies may be an empty list: the study
	// alone.
	SeedStudy *SeedStudy `json:"seed_study,omitempty"`
}

// SeedStudy sets the evaluation of the seeds.
type SeedStudy struct {
	// Samples is the number of breadth-first searches that estimate the
	// graph's average connected distance (default
	// seeds.DefaultDistanceSamples).
	Samples int `json:"samples,omitempty"`
}

// Source is a graph: a file, or generator parameters. Exactly one of File
// and Generate is set; scenario.Normalize makes a Source with neither the
// default generated graph (scenario.Default).
type Source struct {
	// File names the graph file in the runner's file system (Env.FS).
	File string `json:"file,omitempty"`
	// Format is the file's format as graphio.ParseFormat reads it ("edges",
	// "graph-txt", "bvgraph", "csr"); empty or "auto" follows the file's
	// name.
	Format string `json:"format,omitempty"`
	// URLs names an optional URL list for the file (hosts, URL seeds, and
	// matching pages with a previous snapshot).
	URLs string `json:"urls,omitempty"`
	// Renumber numbers an edge list's integer ids densely by increasing
	// id, dropping the ids no link uses; without it they are page numbers
	// as given (graphio.EdgeListOptions.Renumber). A previous snapshot's
	// edge list is read the same way.
	Renumber bool `json:"renumber,omitempty"`
	// Generate gives the generator's parameters.
	Generate *Generate `json:"generate,omitempty"`
}

// Generate is gen.Params with JSON names (see gen.Params for what each
// means). scenario.Normalize fills every absent field: the sizes and
// exponents when zero, the shares when absent (a nil pointer, since 0 is a meaningful
// share), all with gen.DefaultParams's values; Hosts defaults to one host
// per 200 pages and MeanOutDegree to 8, as the generator's own defaults.
type Generate struct {
	// Pages is the number of pages (default 100,000).
	Pages int `json:"pages,omitempty"`
	// Hosts is the number of hosts (default max(1, pages/200)).
	Hosts int `json:"hosts,omitempty"`
	// MeanOutDegree is the mean number of links per page (default 8, at
	// most (pages-1)/2).
	MeanOutDegree float64 `json:"mean_out_degree,omitempty"`
	// IntraHostShare is the share of links within their host (default
	// 0.9).
	IntraHostShare *float64 `json:"intra_host_share,omitempty"`
	// HostSizeExponent is the Zipf exponent of host sizes (default 1).
	HostSizeExponent float64 `json:"host_size_exponent,omitempty"`
	// OutDegreeExponent is the power-law exponent of out-degrees (default
	// 2.7).
	OutDegreeExponent float64 `json:"out_degree_exponent,omitempty"`
	// CopyProbability is the probability that a link copies an earlier
	// link's target (default 0.7).
	CopyProbability *float64 `json:"copy_probability,omitempty"`
	// Seed selects the generator's random stream; left out of the JSON it
	// is DefaultRandomSeed.
	Seed uint64 `json:"seed"`
}

// PreviousSource is the earlier snapshot for the historical strategies: a
// second graph file (pages matched by URL when both graphs have URLs, else
// by the ids the files use), or the current graph's predecessor made by
// evolving the scenario's graph. With Evolve, the scenario's graph
// (generated or loaded) is taken as the previous snapshot and its evolution
// (gen.Evolve) is the graph crawled. Exactly one of File and Evolve is set.
type PreviousSource struct {
	// File names the previous snapshot's graph file in Env.FS.
	File string `json:"file,omitempty"`
	// Format is File's format, as for Source.
	Format string `json:"format,omitempty"`
	// URLs names File's optional URL list.
	URLs string `json:"urls,omitempty"`
	// Evolve evolves the scenario's graph into the graph crawled.
	Evolve *Evolve `json:"evolve,omitempty"`
}

// Evolve is gen.EvolveParams with JSON names: fractions of the earlier
// graph's pages and links. Absent fractions (nil) take
// gen.DefaultEvolveParams's values, since 0 means "no change of this kind".
type Evolve struct {
	// NewPages is the share of pages added (default 0.1).
	NewPages *float64 `json:"new_pages,omitempty"`
	// RemovedPages is the share of pages removed (default 0.02).
	RemovedPages *float64 `json:"removed_pages,omitempty"`
	// NewLinks is the share of links added between surviving pages
	// (default 0.1).
	NewLinks *float64 `json:"new_links,omitempty"`
	// RemovedLinks is the share of links removed between surviving pages
	// (default 0.05).
	RemovedLinks *float64 `json:"removed_links,omitempty"`
	// Seed selects the evolution's random stream; left out of the JSON it
	// is DefaultRandomSeed.
	Seed uint64 `json:"seed"`
}

// Politeness is the politeness clock's parameters with JSON names
// (docs/algorithms.md section 5; Baeza-Yates et al. 2005, section 3.2; the crawler's own form is
// crawl.Politeness). Absent fields take DefaultPoliteness's values: zero
// Connections and Bandwidth, and nil Wait, Latency and PageSize, which
// are pointers because 0 is meaningful for them (a wait of 0 disables the
// wait).
type Politeness struct {
	// Connections is r, the downloads in flight at most (default 1).
	Connections int `json:"connections,omitempty"`
	// Wait is w, the seconds between the end of one download from a host
	// and the start of the next from it (default 15; 0 disables it).
	Wait *float64 `json:"wait,omitempty"`
	// Latency is the fixed seconds of every download (default 0.5).
	Latency *float64 `json:"latency,omitempty"`
	// PageSize is the size of every page in bytes (default 15,000).
	PageSize *float64 `json:"page_size,omitempty"`
	// Bandwidth is the rate in bytes per second (default 100,000): each
	// connection's, or with BandwidthModel "shared" the crawler's link's.
	Bandwidth float64 `json:"bandwidth,omitempty"`
	// BandwidthModel says who has Bandwidth: BandwidthPerConnection (the
	// default, also written "") gives each download the full rate;
	// BandwidthShared shares it among the transfers in progress, as
	// Baeza-Yates et al. (2005, section 3.2) model the crawler's link.
	BandwidthModel string `json:"bandwidth_model,omitempty"`
	// PageSizes, when set, gives every page a size of its own instead of
	// PageSize.
	PageSizes *PageSizes `json:"page_sizes,omitempty"`
}

// PageSizes gives every page its size in bytes for the politeness clock:
// read from File, or drawn from Distribution with Seed (exactly one of
// File and Distribution).
type PageSizes struct {
	// File names a text file of sizes in the runner's file system: one
	// non-negative number of bytes a line, line k for page k-1; blank
	// lines and lines that begin with # are skipped.
	File string `json:"file,omitempty"`
	// Distribution is PageSizeLogNormal: sizes log-normal with mean
	// Politeness.PageSize and Sigma the standard deviation of their
	// logarithm (web page sizes are close to log-normal).
	Distribution string `json:"distribution,omitempty"`
	// Sigma is the log-normal's sigma (DefaultPageSizeSigma when nil, at
	// most MaxPageSizeSigma).
	Sigma *float64 `json:"sigma,omitempty"`
	// Seed selects the draws' random stream.
	Seed uint64 `json:"seed,omitempty"`
}

// PageSizeLogNormal is the distribution of PageSizes.Distribution.
const PageSizeLogNormal = "lognormal"

// DefaultPageSizeSigma is PageSizes.Sigma when a scenario gives none.
const DefaultPageSizeSigma = 1.0

// MaxPageSizeSigma bounds PageSizes.Sigma: beyond it a few pages would
// take most of the crawl's time.
const MaxPageSizeSigma = 4

// The bandwidth models of Politeness.BandwidthModel.
const (
	BandwidthPerConnection = "per-connection"
	BandwidthShared        = "shared"
)

// DefaultPoliteness returns the defaults of docs/algorithms.md section 5, every field
// set: one connection, a wait of 15 s, downloads of 0.5 s plus 15,000
// bytes at 100,000 bytes per second. crawl.DefaultPoliteness is these.
func DefaultPoliteness() Politeness {
	return Politeness{Connections: 1, Wait: Float(15), Latency: Float(0.5), PageSize: Float(15000), Bandwidth: 100000}
}

// Float returns a pointer to v, for the optional numbers of a scenario
// (Politeness, Generate, Evolve, RefreshParams, Regulation).
func Float(v float64) *float64 { return &v }

// Strategy is one strategy of a comparison with its parameters (the
// registry's defaults fill the rest).
type Strategy struct {
	// ID is the strategy's registry id (crawl.Strategies).
	ID string `json:"id"`
	// Params are the strategy's parameters by name; normalisation fills in
	// every default, so a normalized scenario lists them all.
	Params Values `json:"params,omitempty"`
	// Label names the line in tables and charts; default the id, with
	// non-default parameters appended ("fpr-m m=100"). Labels must differ.
	// The label also names the crawl's random stream: two random crawls
	// with different labels draw differently, and renaming one changes
	// its draws.
	Label string `json:"label,omitempty"`
}

// Metrics are the metric options (docs/algorithms.md section 4).
type Metrics struct {
	// CurvePoints is the number of evenly spaced points of each curve
	// (default 1,000); crawls of at most twice that many pages keep every
	// point.
	CurvePoints int `json:"curve_points,omitempty"`
	// TauSample is the size of Kendall's tau sample (default 5,000).
	TauSample int `json:"tau_sample,omitempty"`
	// LowerBound is the number of checkpoints at which the generic lower
	// bound (personalized PageRank on the downloaded subgraph) is computed
	// for every strategy; 0 turns it off. Each checkpoint costs a PageRank
	// computation.
	LowerBound int `json:"lower_bound,omitempty"`
	// Relative makes the targets of "downloads to X" shares of the
	// importance the whole crawl collects, C(N), instead of absolute
	// importance (docs/algorithms.md section 4; crawl.MetricOptions.Relative), so
	// that a target is reachable when part of the importance lies beyond
	// the seeds' reach.
	Relative bool `json:"relative,omitempty"`
}
