package crawl

import "errors"

// random downloads a page drawn uniformly from F at every step: the baseline
// of Baeza-Yates et al. 2005 (section 4), whose cumulative-importance curve stays close
// to the diagonal (docs/algorithms.md section 3).
//
// The choice is made through the Frontier's keys, so that the politeness
// clock can order hosts by them and a crawl with one connection and no wait
// downloads the same pages in the same order as the untimed crawl. The keys
// come from an exponential race: the strategy keeps a virtual time T, the
// race time of the last page selected; a page that joins F is given the race
// time T + E with E drawn from Exp(1) (seeds start at T = 0), and its key is
// minus its race time, so the earliest race time is downloaded first.
//
// Why that is a uniform choice at every step: when a page is selected at
// virtual time T, every other page of F has a race time above T. A page
// whose clock started at s ≤ T with an Exp(1) delay E is only known to have
// E > T - s, and by the memorylessness of the exponential law its remaining
// delay beyond T is again Exp(1), independent of everything seen so far.
// Pages discovered at T start a fresh Exp(1) delay. So after every selection
// the pages of F hold independent, identically distributed delays measured
// from T, and the smallest of them is equally likely to belong to any page
// of F. (Ties have probability zero.)
//
// The draws come from Config.Rand, one per discovered page, in discovery
// order; the crawl is deterministic for a given random seed.
type random struct {
	c *Crawl
	// now is the virtual time T: the latest race time of a page selected.
	now float64
}

func init() {
	register(Info{
		StrategyInfo: StrategyInfo{
			ID:      "random",
			Rank:    1,
			Presets: map[string]int{PresetDefault: 10, PresetCountry: 9},
			Name:    "Random",
			Paper:   "004",
			Section: "§4",
			Summary: "Picks any page it knows of at random: the baseline every strategy should beat.",
			Doc: "Downloads a page chosen uniformly at random from the frontier at every step (seeded). " +
				"The baseline: its cumulative importance grows about linearly with the pages downloaded.",
		},
		New: func(Values) Strategy { return &random{} },
	})
}

func (s *random) Start(c *Crawl) error {
	if c.cfg.Rand == nil {
		return errors.New("random: needs a random source (Config.Rand is nil)")
	}
	s.c = c
	s.now = 0
	return nil
}

func (s *random) Discover(page, parent uint32) {
	if parent != NoParent {
		// The parent is the page being downloaded; its race time is the
		// virtual time of this discovery (Downloaded is called after).
		s.advance(parent)
	}
	s.c.front.Push(page, -(s.now + s.c.cfg.Rand.ExpFloat64()))
}

func (s *random) Downloaded(page uint32) { s.advance(page) }

// advance moves the virtual time to page's race time if it is later. Under
// the untimed crawl selected race times never decrease; under the
// politeness clock a closed host can release an earlier one, and T keeps
// the latest.
func (s *random) advance(page uint32) {
	if t := -s.c.front.Key(page); t > s.now {
		s.now = t
	}
}

func (s *random) Refill(int) (work int, done bool, err error) { return 0, true, nil }
