package crawl

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
)

// Strategy orders the frontier of a crawl (docs/algorithms.md section 3). The crawler
// owns the crawl model of docs/algorithms.md section 2 (which pages are downloaded,
// discovered or in flight, and in which order they were discovered); a
// strategy only keeps the Frontier's keys up to date, and may park pages
// (leave them out of the Frontier) until it releases them in Refill.
//
// The crawler calls Start once, then Discover for every seed, then, for every
// download, Discover for each out-neighbour that joins F (in out(i) order)
// followed by Downloaded. Refill is called when F holds pages but none is
// selectable and no download is in flight.
type Strategy interface {
	// Start prepares the strategy for crawl c, before any page is
	// discovered. It may add pages to F with c.addToFrontier (the optimal
	// reference adds them all).
	Start(c *Crawl) error
	// Discover is called when page joins F; parent is the downloaded page
	// whose link discovered it, or NoParent for a seed. The strategy
	// pushes the page into c.Frontier() with its key, or parks it.
	Discover(page, parent uint32)
	// Downloaded is called after page entered D and its new
	// out-neighbours were discovered.
	Downloaded(page uint32)
	// Refill is called when F holds only parked pages and nothing is in
	// flight. It does at most budget units of work (a unit is about one
	// pass over the graph), pushes pages into the Frontier when it is
	// done, and reports the units it used and whether it is done.
	Refill(budget int) (work int, done bool, err error)
}

// Selector is implemented by strategies that have work to do before every
// selection that is not a download: RankMass's virtual re-expansions of
// downloaded pages (Cho and Schonfeld 2007, Fig. 5).
type Selector interface {
	// BeforeSelect does at most budget units of that work (budget ≥ 1; a
	// unit is about one page's links) and reports the units it used and
	// whether the selection may go ahead. When it is not ready, the
	// crawler ends its Step and calls it again in the next one, so a Step
	// stays bounded however much work a selection needs.
	BeforeSelect(budget int) (work int, ready bool)
}

// Guarantor is implemented by strategies that know a lower bound of the
// personalized RankMass of the pages they have downloaded (docs/algorithms.md section
// 4, "Guaranteed curve"): the RankMass family and l-neighbor.
type Guarantor interface {
	// Guarantee returns the bound for the pages downloaded so far.
	Guarantee() float64
}

// NoParent is the parent of a seed in Strategy.Discover.
const NoParent = ^uint32(0)

// Param describes one numeric parameter of a strategy (model.Param).
type Param = model.Param

// StrategyInfo is what a registration says of a strategy besides its
// constructor (model.StrategyInfo): the page and the command line list,
// explain and configure strategies by it.
type StrategyInfo = model.StrategyInfo

// Info is a strategy's registration: its description and its constructor.
// A strategy's file registers one from an init function (the package doc's
// "Adding a strategy" shows one).
type Info struct {
	StrategyInfo
	// New makes the strategy with complete, checked parameters.
	New func(p Values) Strategy `json:"-"`
	// SpareBytes, when not nil, is the most memory beyond its arrays of
	// a few bytes a page the strategy takes, when Config.SpareBytes
	// allows it, on a graph of so many pages and links to run faster.
	SpareBytes func(pages, links int64) int64 `json:"-"`
	// LeastSpareBytes, when not nil, is the least memory with which the
	// strategy still runs faster, taking what Config.SpareBytes allows
	// up to SpareBytes; when nil, it takes SpareBytes or nothing.
	LeastSpareBytes func(pages, links int64) int64 `json:"-"`
	// UnevenProgress says that the strategy's late downloads cost far
	// more than its early ones, so that the share of downloads done says
	// little of the time left (step.Progress.Uneven).
	UnevenProgress bool `json:"-"`
}

// DefaultCost is the Cost of a strategy whose Info gives none: about one
// priority update per link (fpr, opic, backlink, random, optimal: 20 to
// 27 ns per link of cnr-2000).
const DefaultCost = 25

// Work returns the strategy's Cost, or DefaultCost when it gives none.
func (info Info) Work() float64 {
	if info.Cost > 0 {
		return info.Cost
	}
	return DefaultCost
}

// Values holds parameter values by name (model.Values).
type Values = model.Values

var registry = map[string]*Info{}

// register adds a strategy to the registry; each strategy's file calls it
// from an init function.
func register(info Info) {
	if _, dup := registry[info.ID]; dup {
		panic("crawl: strategy registered twice: " + info.ID)
	}
	if info.Summary == "" || strings.Contains(info.Summary, "\n") {
		panic("crawl: strategy " + info.ID + " needs a one-line Summary")
	}
	if info.NeedsHosts != (info.NoHostsWarning != "") {
		panic("crawl: strategy " + info.ID + " needs hosts without saying what happens without them, or the reverse")
	}
	if info.NoHostsExplained != "" && (!info.NeedsHosts || strings.Count(info.NoHostsExplained, model.NamePlaceholder) != 1) {
		panic("crawl: strategy " + info.ID + " explains what it does without hosts, but needs none or does not name itself once with " + model.NamePlaceholder)
	}
	if info.Cost < 0 {
		panic("crawl: strategy " + info.ID + " has a negative Cost")
	}
	registry[info.ID] = &info
}

// Strategies returns every registered strategy, sorted by Rank.
func Strategies() []Info {
	out := make([]Info, 0, len(registry))
	for _, info := range registry {
		out = append(out, *info)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Rank != out[j].Rank {
			return out[i].Rank < out[j].Rank
		}
		return out[i].ID < out[j].ID
	})
	return out
}

// The presets: lists of strategies compared together, which the strategies
// join through Info.Presets (model's Preset constants).
const (
	// PresetDefault is the scenario's default comparison
	// (scenario.DefaultStrategies).
	PresetDefault = model.PresetDefault
	// PresetCountry is the comparison of "Crawling a country" (Baeza-Yates et al. 2005).
	PresetCountry = model.PresetCountry
	// PresetRankMassCrawler is the comparison of the RankMass crawler's
	// paper (Cho and Schonfeld 2007).
	PresetRankMassCrawler = model.PresetRankMassCrawler
	// PresetFractionalPageRank is the comparison of the Fractional
	// PageRank paper (Alam et al.).
	PresetFractionalPageRank = model.PresetFractionalPageRank
)

// Preset returns the ids of the strategies in the named preset, in their
// positions' order (Info.Presets); nil for a preset no strategy joins.
func Preset(name string) []string {
	var in []Info
	for _, info := range Strategies() {
		if _, ok := info.Presets[name]; ok {
			in = append(in, info)
		}
	}
	sort.SliceStable(in, func(i, j int) bool { return in[i].Presets[name] < in[j].Presets[name] })
	var ids []string
	for _, info := range in {
		ids = append(ids, info.ID)
	}
	return ids
}

// Lookup returns the strategy with the given id.
func Lookup(id string) (Info, bool) {
	info, ok := registry[id]
	if !ok {
		return Info{}, false
	}
	return *info, true
}

// Resolve checks the parameters given for strategy id and fills in the
// defaults. Unknown ids and names, and values out of range, are errors that
// list what is accepted.
func Resolve(id string, given Values) (Info, Values, error) {
	info, ok := Lookup(id)
	if !ok {
		ids := make([]string, 0, len(registry))
		for _, s := range Strategies() {
			ids = append(ids, s.ID)
		}
		return Info{}, nil, fmt.Errorf("unknown strategy %q; known: %s", id, strings.Join(ids, ", "))
	}
	out := Values{}
	for _, p := range info.Params {
		out[p.Name] = p.Default
	}
	names := make([]string, 0, len(given))
	for name := range given {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		v := given[name]
		p, ok := info.param(name)
		if !ok {
			return Info{}, nil, fmt.Errorf("strategy %s has no parameter %q%s", id, name, info.paramList())
		}
		if math.IsNaN(v) || v < p.Min || v > p.Max {
			return Info{}, nil, fmt.Errorf("strategy %s: %s = %s is outside [%s, %s]", id, name, model.Number(v), model.Number(p.Min), model.Number(p.Max))
		}
		if p.Integer && v != math.Trunc(v) {
			return Info{}, nil, fmt.Errorf("strategy %s: %s = %s is not a whole number", id, name, model.Number(v))
		}
		out[name] = v
	}
	return info, out, nil
}

func (info Info) param(name string) (Param, bool) {
	for _, p := range info.Params {
		if p.Name == name {
			return p, true
		}
	}
	return Param{}, false
}

func (info Info) paramList() string {
	if len(info.Params) == 0 {
		return " (it takes none)"
	}
	names := make([]string, len(info.Params))
	for i, p := range info.Params {
		names[i] = p.Name
	}
	return " (it takes " + strings.Join(names, ", ") + ")"
}
