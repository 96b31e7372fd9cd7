package model

// Core is one extracted bipartite core.
type Core struct {
	// Hubs and Authorities are the core's pages, in the order they joined.
	Hubs        []uint32 `json:"hubs"`
	Authorities []uint32 `json:"authorities"`
	// Links is |E(Hubs, Authorities)|, the links from a hub to an
	// authority, and Density is 100·Links/(|Hubs|·|Authorities|).
	Links   int64   `json:"links"`
	Density float64 `json:"density"`
	// Seed is the hub chosen as a seed; a core without hubs gives none
	// (Hubs is empty, and its authority was removed).
	Seed uint32 `json:"seed"`
	// Hub is the seed's hub score in its round's HITS, and Authority the
	// authority score of the core's first authority, the best of the
	// round (a hub's own authority is 0 once intra-host links are gone).
	Hub       float64 `json:"hub"`
	Authority float64 `json:"authority"`
}

// CommunityResult is what Extract-Seeds found (Daneshpajouh et al. 2008; docs/algorithms.md section
// 6.3; seeds.Extractor).
type CommunityResult struct {
	// Seeds are the seeds, in the order found.
	Seeds []uint32 `json:"seeds"`
	// Cores are their cores, Cores[i] giving Seeds[i].
	Cores []Core `json:"cores"`
	// Skipped counts the cores without hubs, whose authority was removed.
	Skipped int `json:"skipped"`
	// Rounds counts the HITS rounds.
	Rounds int `json:"rounds"`
	// PrunedLinks is the number of inter-host links HITS ran on first.
	PrunedLinks int64 `json:"pruned_links"`
	// Exhausted is set when the pruned graph ran out of links before K
	// seeds were found.
	Exhausted bool `json:"exhausted,omitempty"`
}

// DepthProfile is a breadth-first crawl from a seed set on the full graph
// (Daneshpajouh et al. 2008, Figures 7 and 8): Pages[d] pages are first reached at depth d
// (depth 0 is the seeds), with mean importance MeanImportance[d].
type DepthProfile struct {
	Name           string    `json:"name"`
	Seeds          int       `json:"seeds"`
	Pages          []int64   `json:"pages"`
	MeanImportance []float64 `json:"mean_importance"`
	// Reached is the sum of Pages, and Importance the importance of the
	// pages reached.
	Reached    int64   `json:"reached"`
	Importance float64 `json:"importance"`
}

// CoreDistances summarizes the distances between cores: the distance from
// core i to core j is the shortest directed path from a page of i to a
// page of j on the full graph, over the ordered pairs of different cores.
type CoreDistances struct {
	Cores int `json:"cores"`
	// Pairs counts the ordered pairs with a path, Unreachable those
	// without; Min, Mean and Max are over the pairs with a path.
	Pairs       int     `json:"pairs"`
	Unreachable int     `json:"unreachable"`
	Min         int     `json:"min"`
	Mean        float64 `json:"mean"`
	Max         int     `json:"max"`
}

// Evaluation is the outcome of a seeds.Evaluator (Daneshpajouh et al. 2008, section
// 3.5; docs/algorithms.md section 6.5).
type Evaluation struct {
	Profiles []DepthProfile `json:"profiles"`
	Cores    CoreDistances  `json:"cores"`
	// AverageDistance is the average connected distance (the mean length
	// of the shortest paths between ordered pairs with a path), estimated
	// from DistanceSamples breadth-first searches from random pages.
	AverageDistance float64 `json:"average_distance"`
	DistanceSamples int     `json:"distance_samples"`
}
