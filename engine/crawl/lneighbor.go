package crawl

// lNeighbor is the L-Neighbor crawler of Cho and Schonfeld 2007 (section 3.3, Fig. 2;
// docs/algorithms.md section 3): breadth-first by levels from the seeds, level L (the
// pages at distance L from the seeds) downloaded completely before level
// L+1. Level 0 is the seeds, all of them whatever their trust (the trusted
// pages of the paper are the seeds of the crawl).
//
// Pages of the next level are parked as they are discovered and released
// together in Refill, which the crawler calls once the current level is
// downloaded and nothing is in flight; so on the politeness clock of docs/algorithms.md
// section 5, too, no page of level L+1 starts before level L is complete.
// Within a level pages go in discovery order (every key is 0).
//
// Guarantee (Cho and Schonfeld 2007, Theorems 2-3): once level L is complete the
// downloaded pages hold at least (1-δ)(1-d^(L+1)) of the personalized
// PageRank, where 1-δ is the trust held by the seeds; before level 0 is
// complete the bound is 0. The bound also holds when dangling pages send
// their rank along the trust vector (docs/algorithms.md section 1): a dangling page's
// jump restarts the surfer at a seed, as an interruption does. With
// epsilon > 0 the crawl stops once a level L is complete with
// d^(L+1) ≤ epsilon (the loop condition of Fig. 2). Cost.Iterations counts
// the levels started.
type lNeighbor struct {
	c       *Crawl
	epsilon float64

	left      int      // pages of the current level not yet downloaded
	next      []uint32 // pages of the next level, parked
	seedTrust float64  // 1-δ
	power     float64  // d^(L+1) for the current level L
	bound     float64
}

func init() {
	register(Info{
		StrategyInfo: StrategyInfo{
			ID:      "l-neighbor",
			Rank:    14,
			Presets: map[string]int{PresetRankMassCrawler: 2},
			Name:    "L-Neighbor",
			Paper:   "001",
			Section: "§3.3, Fig. 2",
			Summary: "Breadth-first by complete levels, which lets it promise a minimum share of the importance.",
			Doc: "Breadth-first by levels from the seeds, each level downloaded completely before the next. " +
				"Guarantees (1-δ)(1-d^(L+1)) of the personalized PageRank once level L is complete; " +
				"optionally stops when d^(L+1) ≤ epsilon.",
			Params: []Param{{
				Name:    "epsilon",
				Doc:     "stop once a level L is complete with d^(L+1) ≤ epsilon; 0 crawls every reachable level",
				Default: 0,
				Min:     0,
				Max:     0.999999,
			}},
			Guaranteed: true,
			Cost:       12, // one pass over the frontier per level (28 on cnr-2000)
		},
		New: func(v Values) Strategy { return &lNeighbor{epsilon: v["epsilon"]} },
	})
}

// readsReachable: a level's array is sized by it (Config.LearnReachable).
func (*lNeighbor) readsReachable() {}

func (s *lNeighbor) Start(c *Crawl) error {
	s.c = c
	// A level holds at most the reachable pages: the array never grows.
	s.next = make([]uint32, 0, c.reachable)
	for _, t := range c.seedTrust {
		s.seedTrust += t
	}
	s.power = c.damping
	c.cost.Iterations++ // level 0
	return nil
}

// Discover releases the seeds (level 0) at once and parks every other page:
// it is discovered while level L is downloaded and is at distance L+1.
func (s *lNeighbor) Discover(page, parent uint32) {
	if parent == NoParent {
		s.c.front.Push(page, 0)
		s.left++
		return
	}
	s.next = append(s.next, page)
}

// Downloaded counts the current level down; the download that completes
// it raises the guarantee and applies the stop rule.
func (s *lNeighbor) Downloaded(uint32) {
	s.left--
	if s.left > 0 {
		return
	}
	s.bound = s.seedTrust * (1 - s.power)
	if s.epsilon > 0 && s.power <= s.epsilon {
		s.c.Stop()
	}
}

// Refill releases the next level.
func (s *lNeighbor) Refill(int) (int, bool, error) {
	c := s.c
	for _, p := range s.next {
		c.front.Push(p, 0)
	}
	s.left = len(s.next)
	s.next = s.next[:0] // released: the array holds the level after

	s.power *= c.damping
	c.cost.Iterations++
	return 1, true, nil
}

// Guarantee returns (1-δ)(1-d^(L+1)) for the last complete level L.
func (s *lNeighbor) Guarantee() float64 { return s.bound }
