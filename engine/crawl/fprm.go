package crawl

// fpr-m is Extended Fractional PageRank, FPR@M (Alam et al., section 3.2,
// Algorithm 2; docs/algorithms.md section 3): fpr with every inter-host link worth M
// intra-host links. The walk itself is the fpr type of fpr.go with its m
// field set; this file registers it.
//
// M = 1 is fpr exactly, and so is any M on a graph without hosts, where no
// link is inter-host. M must be positive: with M = 0 a page whose links all
// leave its host would have no share to divide its score into.
func init() {
	register(Info{
		StrategyInfo: StrategyInfo{
			ID:      "fpr-m",
			Rank:    18,
			Presets: map[string]int{PresetDefault: 4, PresetFractionalPageRank: 3},
			Name:    "Extended Fractional PageRank (FPR@M)",
			Paper:   "000",
			Section: "§3.2, Algorithm 2",
			Summary: "Fractional PageRank that lets links to other sites carry more importance than links within a site.",
			Doc: "Fractional PageRank in which a link to another host carries M times the share of a link within the host. " +
				"M = 1 is fpr; the paper did best with M = 100.",
			Params: []Param{{
				Name:    "m",
				Doc:     "weight of an inter-host link relative to an intra-host link (1 = fpr)",
				Default: 100,
				Min:     0.001,
				Max:     1e6,
			}},
			NeedsHosts:     true,
			NoHostsWarning: "the graph has no hosts, so every link is intra-host and it downloads exactly as fpr (give a URL list for hosts)",
			NoHostsExplained: "This graph has no hosts, so every link looks like a link within one site and {name} behaves exactly like Fractional PageRank. " +
				"Load a URL list with the graph to give pages their sites.",
		},
		New: func(v Values) Strategy { return &fpr{m: v["m"]} },
	})
}
