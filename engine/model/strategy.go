package model

// Param describes one numeric parameter of a strategy.
type Param struct {
	// Name is the parameter's key in a scenario and on the command line.
	Name string `json:"name"`
	// Doc says what it means, with its unit.
	Doc string `json:"doc"`
	// Default is the value used when none is given.
	Default float64 `json:"default"`
	// Min and Max bound the accepted values, inclusive.
	Min float64 `json:"min"`
	Max float64 `json:"max"`
	// Integer requires a whole number.
	Integer bool `json:"integer,omitempty"`
}

// Range says the values p takes, as crawlsim strategies -v and the page's
// field of p say them: "number in [1e-09, 1]", "whole number in [1,
// 1,000]".
func (p Param) Range() string {
	kind := "number"
	if p.Integer {
		kind = "whole number"
	}
	return kind + " in [" + Number(p.Min) + ", " + Number(p.Max) + "]"
}

// StrategyInfo describes a registered strategy: every field of its
// registration but the constructor (crawl.Info embeds it and adds New), so
// that a program that runs no crawl (the page) can list, explain and
// configure it.
type StrategyInfo struct {
	// ID is the stable identifier used by the CLI, scenarios and the page.
	ID string `json:"id"`
	// Name is a short human-readable name.
	Name string `json:"name"`
	// Paper and Section cite where the strategy comes from
	// (docs/algorithms.md numbers the papers 000 to 004; several numbers are
	// separated by ", ").
	Paper   string `json:"paper"`
	Section string `json:"section"`
	// Summary says in one line, for a student, what the strategy does:
	// the page shows it beside the name, crawlsim strategies -v above Doc.
	Summary string `json:"summary"`
	// Doc is a one-paragraph description.
	Doc string `json:"doc"`
	// Params lists the parameters with their defaults.
	Params []Param `json:"params,omitempty"`
	// Guaranteed says the strategy reports a guaranteed curve.
	Guaranteed bool `json:"guaranteed,omitempty"`
	// NeedsPrevious says the strategy needs a previous snapshot.
	NeedsPrevious bool `json:"needs_previous,omitempty"`
	// Reference says the strategy is a reference curve, not a crawler
	// (optimal ignores discovery).
	Reference bool `json:"reference,omitempty"`
	// NeedsHosts says the strategy orders pages by their hosts, so that on
	// a graph without hosts it degrades; NoHostsWarning then says how, and
	// a run gives it as a warning after the strategy's label.
	NeedsHosts     bool   `json:"needs_hosts,omitempty"`
	NoHostsWarning string `json:"no_hosts_warning,omitempty"`
	// NoHostsExplained says the same for a student, in whole sentences
	// that say what the strategy's curve means on a graph without hosts,
	// with NamePlaceholder where the strategy's name goes; the page shows
	// it for the warning and beside the strategy. "" lets the page say it
	// from NoHostsWarning. Only a strategy that NeedsHosts has one.
	NoHostsExplained string `json:"no_hosts_explained,omitempty"`
	// Rank places the strategy in listings: crawl.Strategies sorts by it
	// (the order in which docs/algorithms.md section 3 lists them). Ranks are distinct.
	Rank int `json:"rank"`
	// Presets maps each preset the strategy belongs to (PresetDefault and
	// the other Preset constants) to its position in that preset's list.
	Presets map[string]int `json:"presets,omitempty"`
	// Cost is the strategy's work per link of the graph at its default
	// parameters, in nanoseconds natively: a crawl of cnr-2000 to its end
	// (crawl's BenchmarkStrategies' ns/op over its 3,216,152 links, on the
	// 2-core machine of docs/performance.md). It is relative (the browser's
	// WebAssembly is slower by about the same factor for every strategy)
	// and only schedules work: scenario.Split deals a comparison's
	// strategies out to parallel workers by it. 0 means crawl.DefaultCost,
	// the cost of a strategy that updates one priority per link.
	Cost float64 `json:"cost,omitempty"`
}

// NamePlaceholder stands for the strategy's name in
// StrategyInfo.NoHostsExplained.
const NamePlaceholder = "{name}"

// Paper is one of the papers the strategies come from; StrategyInfo.Paper
// cites it by its number.
type Paper struct {
	// Number is the paper's number in docs/algorithms.md ("000" to "004").
	Number string `json:"number"`
	// Citation gives its authors, title and venue.
	Citation string `json:"citation"`
	// Short cites it by its authors and year, as every text a reader
	// sees does: "Baeza-Yates et al. 2005" (crawl.ShortCitation).
	Short string `json:"short,omitempty"`
	// URL is where a reader finds the paper: its DOI, or its publisher's
	// page, or (when the paper's text names no venue) a bibliography's
	// search for its title.
	URL string `json:"url,omitempty"`
}

// The presets: lists of strategies compared together, which the strategies
// join through their registrations (StrategyInfo.Presets).
const (
	// PresetDefault is the scenario's default comparison
	// (scenario.DefaultStrategies).
	PresetDefault = "default"
	// PresetCountry is the comparison of "Crawling a country" (Baeza-Yates et al. 2005).
	PresetCountry = "crawling-a-country"
	// PresetRankMassCrawler is the comparison of the RankMass crawler's
	// paper (Cho and Schonfeld 2007).
	PresetRankMassCrawler = "rankmass-crawler"
	// PresetFractionalPageRank is the comparison of the Fractional
	// PageRank paper (Alam et al.).
	PresetFractionalPageRank = "fractional-pagerank"
)

// PaperPreset is the comparison of one paper: its strategies (those that
// join the preset ID through their registrations) scored by the
// importance the paper scores by. The page offers each as a button, and
// crawlsim strategies lists each as the flags of a run.
type PaperPreset struct {
	// ID is the preset (PresetCountry, ...).
	ID string
	// Name is what the page's button says.
	Name string
	// Paper is the paper's number (Paper.Number).
	Paper string
	// Importance is the importance the paper scores by
	// (ImportancePageRank or ImportancePersonalized).
	Importance string
}

// PaperPresets returns the papers' comparisons, in the page's order.
func PaperPresets() []PaperPreset {
	return []PaperPreset{
		{ID: PresetCountry, Name: "Crawling a country", Paper: "004", Importance: ImportancePageRank},
		{ID: PresetRankMassCrawler, Name: "RankMass crawler", Paper: "001", Importance: ImportancePersonalized},
		{ID: PresetFractionalPageRank, Name: "Fractional PageRank", Paper: "000", Importance: ImportancePageRank},
	}
}
