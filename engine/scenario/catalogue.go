package scenario

import (
	"maps"
	"slices"

	"github.com/crawlsim/crawlsim/engine/crawl"
	"github.com/crawlsim/crawlsim/engine/model"
)

// Catalogue returns what the engine knows that the page needs to show and
// edit a scenario without linking the engine (model.Catalogue): the
// registered strategies in display order, the presets with their
// strategies, every paper, the default scenario and the rules Parse reads
// with. It is the single source of the page's ui/catalogue.json, which
// tools/catalogue writes from it.
func Catalogue() model.Catalogue {
	infos := crawl.Strategies()
	c := model.Catalogue{
		Strategies:    make([]model.StrategyInfo, len(infos)),
		Presets:       map[string][]string{},
		Papers:        crawl.AllPapers(),
		Default:       Default(),
		DefaultPages:  DefaultPages,
		DefaultSeeds:  DefaultSeeds,
		ScenarioZeros: reader().ScenarioZeros,
		RefreshZeros:  reader().RefreshZeros,
	}
	for i, info := range infos {
		// The registration's description, with its own copies of the
		// parameters and presets.
		s := info.StrategyInfo
		s.Params, s.Presets = slices.Clone(s.Params), maps.Clone(s.Presets)
		c.Strategies[i] = s
		for _, preset := range slices.Sorted(maps.Keys(info.Presets)) {
			if _, done := c.Presets[preset]; !done {
				c.Presets[preset] = crawl.Preset(preset)
			}
		}
	}
	return c
}
