package crawl

import "errors"

// omniscient downloads the frontier page of highest true importance
// (Baeza-Yates et al. 2005, section 4.3; docs/algorithms.md section 3): an oracle that knows the
// final importance vector, still bound to the crawl model, so it can only
// take pages already discovered. A page's key is Config.Importance[page].
type omniscient struct{ c *Crawl }

func init() {
	register(Info{
		StrategyInfo: StrategyInfo{
			ID:      "omniscient",
			Rank:    12,
			Presets: map[string]int{PresetDefault: 2, PresetCountry: 2},
			Name:    "Omniscient",
			Paper:   "004",
			Section: "§4.3",
			Summary: "Cheats by knowing every page's true importance, but still has to find pages through links.",
			Doc: "Knows the true importance of every page and downloads the most important page of the frontier; " +
				"it still has to discover pages through links like any crawler.",
		},
		New: func(Values) Strategy { return &omniscient{} },
	})
}

func (s *omniscient) Start(c *Crawl) error {
	if c.cfg.Importance == nil {
		return errors.New("omniscient: needs the importance vector (Config.Importance is nil)")
	}
	s.c = c
	return nil
}

func (s *omniscient) Discover(page, _ uint32) { s.c.front.Push(page, s.c.cfg.Importance[page]) }

func (s *omniscient) Downloaded(uint32) {}

func (s *omniscient) Refill(int) (work int, done bool, err error) { return 0, true, nil }
