package model

import "github.com/crawlsim/crawlsim/engine/strictjson"

// Catalogue is what the engine knows that a program which runs no crawl
// (the page) needs to show and edit a scenario: the registered strategies,
// the presets, the papers, the defaults and the reading rules. The engine
// builds it from its registry (scenario.Catalogue), the single source of
// truth; the page embeds it as JSON generated from that
// (ui/catalogue.json, by tools/catalogue).
type Catalogue struct {
	// Strategies are the registered strategies in display order
	// (crawl.Strategies).
	Strategies []StrategyInfo `json:"strategies"`
	// Presets maps each preset (PresetDefault, PresetCountry, ...) to its
	// strategies' ids in their order (crawl.Preset).
	Presets map[string][]string `json:"presets"`
	// Papers are the citations of every paper of docs/algorithms.md, sorted
	// by number (crawl.AllPapers).
	Papers []Paper `json:"papers"`
	// Default is the default scenario (scenario.Default): its strategies
	// are scenario.DefaultStrategies.
	Default Scenario `json:"default"`
	// DefaultPages is the size of the default generated graph
	// (scenario.DefaultPages), and DefaultSeeds the default seed set
	// (scenario.DefaultSeeds).
	DefaultPages int    `json:"default_pages"`
	DefaultSeeds string `json:"default_seeds"`
	// ScenarioZeros and RefreshZeros are the numbers whose 0
	// normalisation reads as "the default" (Reader).
	ScenarioZeros []ZeroRule `json:"scenario_zeros"`
	RefreshZeros  []ZeroRule `json:"refresh_zeros"`
}

// Reader returns a Reader with the catalogue's rules: it refuses a 0
// written for a number that takes a default, as the engine's does.
func (c *Catalogue) Reader() Reader {
	return Reader{ScenarioZeros: c.ScenarioZeros, RefreshZeros: c.RefreshZeros}
}

// Strategy returns the strategy with the given id.
func (c *Catalogue) Strategy(id string) (StrategyInfo, bool) {
	for _, s := range c.Strategies {
		if s.ID == id {
			return s, true
		}
	}
	return StrategyInfo{}, false
}

// MarshalCatalogue writes a catalogue as indented JSON ending in a
// newline, the form ui/catalogue.json holds.
func MarshalCatalogue(c *Catalogue) ([]byte, error) {
	return marshalIndent(c, "catalogue")
}

// ParseCatalogue reads a catalogue written by MarshalCatalogue (the text
// data, named name), as strictly as Reader.Parse reads a scenario.
func ParseCatalogue(data []byte, name string) (*Catalogue, error) {
	var c Catalogue
	if err := strictjson.Decode(data, name, &c); err != nil {
		return nil, err
	}
	return &c, nil
}
