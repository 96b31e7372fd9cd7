package crawl

import "errors"

// optimal is the reference curve of Cho and Schonfeld 2007 (section 5, "the optimal
// curve"; docs/algorithms.md section 3): an ideal crawler that knows every page and its
// importance and downloads them in decreasing importance, ignoring
// discovery. Before the first download it adds every page of the graph to F
// with its importance as key and discovery number 0, the seeds' too, so that
// equal importance goes to the smaller id whatever the seeds; downloads then
// discover nothing new. The pages
// are added in Refill, optimalChunk pages per unit of work, so that a Step
// stays short on large graphs: the seeds are parked until then, and the
// crawler selects nothing before every page is in.
//
// The crawl's download limit is fixed before Start, from the pages
// reachable from the seeds (or the budget, when smaller), so optimal
// downloads as many pages as the full crawl of any strategy reaches: the n
// most important pages of the graph for each n up to there. Its C(k) is
// therefore the largest any ordering can reach after k downloads, for every
// k up to that count (docs/algorithms.md section 3, example 5). It is a reference,
// not a crawler (Info.Reference).
type optimal struct {
	c    *Crawl
	next int // pages below next have been added
}

// optimalChunk is the number of pages optimal adds per unit of work.
const optimalChunk = 256

func init() {
	register(Info{
		StrategyInfo: StrategyInfo{
			ID:      "optimal",
			Rank:    13,
			Presets: map[string]int{PresetDefault: 1, PresetCountry: 1, PresetRankMassCrawler: 1, PresetFractionalPageRank: 1},
			Name:    "Optimal (reference)",
			Paper:   "001",
			Section: "§5",
			Summary: "Not a crawler: every page from most to least important, the best curve possible.",
			Doc: "Reference curve: every page in decreasing importance, ignoring links, for as many downloads as the " +
				"full crawl makes. No crawler can collect more importance after the same number of downloads.",
			Reference: true,
		},
		New: func(Values) Strategy { return &optimal{} },
	})
}

// readsReachable: it downloads that many pages (Config.LearnReachable).
func (*optimal) readsReachable() {}

func (s *optimal) Start(c *Crawl) error {
	if c.cfg.Importance == nil {
		return errors.New("optimal: needs the importance vector (Config.Importance is nil)")
	}
	s.c = c
	return nil
}

// Discover pushes a page once every page is being added; the seeds, found
// before, wait parked for Refill.
func (s *optimal) Discover(page, parent uint32) {
	if s.next > 0 {
		s.push(page)
	}
}

// push makes page p selectable with discovery number 0: discovery plays no
// part in the optimal order.
func (s *optimal) push(p uint32) {
	s.c.seq[p] = 0
	s.c.front.Push(p, s.c.cfg.Importance[p])
}

func (s *optimal) Downloaded(uint32) {}

// Refill adds the pages of the graph, a chunk per unit of budget, and is
// done when all are in.
func (s *optimal) Refill(budget int) (work int, done bool, err error) {
	c := s.c
	n := c.g.NumNodes()
	for work < budget && s.next < n {
		end := min(s.next+optimalChunk, n)
		for p := s.next; p < end; p++ {
			s.next = p + 1 // Discover pushes from here on
			if c.InFrontier(uint32(p)) {
				s.push(uint32(p)) // a parked seed
			} else {
				c.addToFrontier(uint32(p), NoParent) // Discover pushes it
			}
		}
		work++
	}
	return work, s.next == n, nil
}
