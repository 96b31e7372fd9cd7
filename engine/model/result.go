package model

// Result is the outcome of a Scenario (docs/architecture.md, "One scenario,
// two places"): JSON-serialisable and identical natively and in the browser,
// floats within 1e-12, except for the scheduling times
// (Cost.SchedulingSeconds). It holds no NaN or infinity.
type Result struct {
	// Version is Version.
	Version int `json:"version"`
	// Scenario is the scenario run, with every default filled in.
	Scenario Scenario `json:"scenario"`
	// Graph describes the graph crawled.
	Graph GraphSummary `json:"graph"`
	// Previous describes the previous snapshot, when there is one.
	Previous *PreviousSummary `json:"previous,omitempty"`
	// Importance says how the importance vector was computed.
	Importance ImportanceSummary `json:"importance"`
	// Seeds are the seed pages, in the order chosen.
	Seeds []uint32 `json:"seeds"`
	// SeedTrust is 1-δ = Σ_{i∈seeds} t_i, the share of the trust vector
	// the seeds hold (docs/algorithms.md section 2, Theorem 3 of Cho and Schonfeld 2007): 1 with
	// trust "seeds", the seeds' uniform PageRank with trust "pagerank".
	// The RankMass-family guarantees are scaled by it. 0 only in results
	// written before it existed.
	SeedTrust float64 `json:"seed_trust,omitempty"`
	// Reachable is the number of pages reachable from the seeds: the x
	// axis of every curve is a fraction of it.
	Reachable int64 `json:"reachable"`
	// Strategies holds one result per strategy, in the scenario's order
	// as run; the programs that show a result put it in the one order of
	// every listing first (OrderStrategies).
	Strategies []StrategyResult `json:"strategies"`
	// SeedStudy is the evaluation of the seeds, when the scenario asks
	// for it.
	SeedStudy *SeedStudyResult `json:"seed_study,omitempty"`
	// Warnings say what the user should know about the run (a strategy
	// that needs hosts on a graph without them, say).
	Warnings []string `json:"warnings,omitempty"`
}

// GraphSummary describes the crawled graph.
type GraphSummary struct {
	// Pages is n.
	Pages int64 `json:"pages"`
	// Links is m, self-loops included.
	Links int64 `json:"links"`
	// Hosts is the number of hosts, 0 for a graph without hosts.
	Hosts int `json:"hosts"`
	// InterHost counts the links between different hosts.
	InterHost int64 `json:"inter_host_links"`
	// Dangling counts the pages without out-links.
	Dangling int64 `json:"dangling_pages"`
	// SourceName says where the graph came from: the file name, or the
	// generator's parameters.
	SourceName string `json:"source"`
}

// PreviousSummary describes the previous snapshot of the historical
// strategies and how its pages were matched to the current ones.
type PreviousSummary struct {
	// SourceName says where the snapshot came from.
	SourceName string `json:"source"`
	// Pages and Links are the snapshot's size.
	Pages int64 `json:"pages"`
	Links int64 `json:"links"`
	// MatchedBy is "url", "label", "id" or "evolve": how pages were
	// matched.
	MatchedBy string `json:"matched_by"`
	// Matched counts the current pages found in the snapshot.
	Matched int64 `json:"matched"`
	// Iterations and Residual describe the snapshot's PageRank.
	Iterations int     `json:"iterations"`
	Residual   float64 `json:"residual"`
}

// The kinds of an importance read from a file (ImportanceSummary.Kind)
// besides ImportancePageRank and ImportancePersonalized.
const (
	// ImportanceHITSAuthorities and ImportanceHITSHubs are HITS's
	// vectors (docs/algorithms.md section 1).
	ImportanceHITSAuthorities = "hits-authorities"
	ImportanceHITSHubs        = "hits-hubs"
	// ImportanceUnknown is a vector whose file does not say what it is
	// (text or raw scores, of another engine or crawlsim's own rank -o
	// NAME.csv); it is taken to be PageRank.
	ImportanceUnknown = "unknown"
)

// ImportanceSummary says how the importance vector was computed.
type ImportanceSummary struct {
	// Kind is what the vector is: "pagerank" or "personalized", or, read
	// from a file, what the file says it is: also ImportanceHITSAuthorities,
	// ImportanceHITSHubs or ImportanceUnknown.
	Kind string `json:"kind"`
	// Damping is the damping factor a PageRank read from a file was
	// computed with, and Seeds the seed set of a personalized one, as
	// the file records them; both are left out when the run computed the
	// vector (with the scenario's damping and seeds) or the file is not
	// PageRank.
	Damping float64 `json:"damping,omitempty"`
	Seeds   string  `json:"seeds,omitempty"`
	// Iterations and Residual describe the iteration that computed the
	// vector (PageRank's, docs/algorithms.md section 1, or HITS's); 0 for a vector
	// of another engine.
	Iterations int     `json:"iterations"`
	Residual   float64 `json:"residual"`
	// File names the importance file the vector was read from
	// (Env.ImportanceFile), "" when the run computed it.
	File string `json:"file,omitempty"`
}

// StrategyResult is one strategy's crawl and its metrics (docs/algorithms.md section
// 4).
type StrategyResult struct {
	// ID, Label and Params repeat the scenario's strategy.
	ID     string `json:"id"`
	Label  string `json:"label"`
	Params Values `json:"params,omitempty"`
	// Reference marks the optimal reference curve.
	Reference bool `json:"reference,omitempty"`
	// Curve is C(k); its X axis as a fraction is K / Result.Reachable.
	Curve Curve `json:"curve"`
	// Guarantee is G(k), for strategies that have one.
	Guarantee *Curve `json:"guarantee,omitempty"`
	// LowerBound is the generic lower bound at checkpoints, when asked.
	LowerBound *Curve `json:"lower_bound,omitempty"`
	// Summary holds the summary metrics.
	Summary Summary `json:"summary"`
	// Cost holds the cost counters.
	Cost Cost `json:"cost"`
	// Time holds the politeness clock's figures, when it ran (never for
	// the reference).
	Time *TimeSummary `json:"time,omitempty"`
}

// TimeSummary holds the politeness clock's figures (docs/algorithms.md section 5).
type TimeSummary struct {
	// Duration is the simulated time of the crawl, in seconds.
	Duration float64 `json:"duration"`
	// Utilisation is the share of connection time spent downloading.
	Utilisation float64 `json:"utilisation"`
}

// SeedStudyResult is the evaluation of the seeds (docs/algorithms.md section 6.5).
type SeedStudyResult struct {
	// Community holds the cores the seeds came from, when they are
	// community seeds.
	Community *CommunityResult `json:"community,omitempty"`
	// Evaluation has a breadth-first profile per seed set (the scenario's
	// seeds first, then random:K and top-pagerank:K with K the seeds'
	// count, then the older snapshot's community seeds that survive), the
	// distances between the cores and the average connected distance.
	Evaluation Evaluation `json:"evaluation"`
	// Older is set when the scenario has a previous snapshot and
	// community seeds: the seeds extracted on the older snapshot and used
	// on the current graph.
	Older *OlderSeeds `json:"older,omitempty"`
	// Names name the scenario's seeds as the graph file does: their URLs
	// when the graph has URLs, else the edge list's own ids or labels,
	// else the page ids. A list of them is a seed list (list:FILE) for
	// the same file.
	Names []string `json:"names"`
}

// OlderSeeds are community seeds taken from the previous snapshot.
type OlderSeeds struct {
	// Extracted is the number of seeds found on the older snapshot, and
	// Survived the number whose page is still in the current graph.
	Extracted int `json:"extracted"`
	Survived  int `json:"survived"`
	// Seeds are the survivors, as pages of the current graph.
	Seeds []uint32 `json:"seeds"`
}

// CrawlOrder is one crawl's download order (docs/algorithms.md section 4: "Download
// order"), which the engine's runner hands to scenario.Env.Orders as each strategy's metrics
// are complete, so that any other tool can check or re-score the crawl.
// Its slices are the runner's own, valid only during the call.
type CrawlOrder struct {
	// Label is the strategy's label (StrategyResult.Label).
	Label string
	// Order lists the downloaded pages in download order.
	Order []uint32
	// Times holds the simulated time, in seconds, at which each download
	// finished on the politeness clock; nil for a crawl without it (the
	// optimal reference always).
	Times []float64
	// Importance is the vector the curves sum, one entry per page: the
	// prefix sums of Importance over Order, in order, are the crawl's
	// C(k) exactly.
	Importance []float64
	// URLs holds the graph's URLs, one per page, or nil when it has none.
	URLs []string
	// PageIDs or PageNames, when the graph file's integer ids were
	// renumbered or its pages are labels, hold each page's id or label
	// in the file, by page: the page column gives them, as rank and
	// "-seeds list:" name pages. A page past them (one that
	// previous.evolve added) is "new page N". Both are nil otherwise,
	// and the page column gives crawlsim's page numbers.
	PageIDs   []uint64
	PageNames []string
}
