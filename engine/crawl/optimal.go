package crawl

import "errors"

// optimal is the reference curve of seeds/001 (section 5, "the optimal
// curve"; SPEC.md section 3): an ideal crawler that knows every page and its
// importance and downloads them in decreasing importance, ignoring
// discovery. Start adds every page of the graph to F as a seed (discovery
// number 0, in id order, so equal importance goes to the smaller id) with
// its importance as key; downloads then discover nothing new.
//
// The crawl's download limit is fixed before Start, from the pages
// reachable from the seeds (or the budget, when smaller), so optimal
// downloads as many pages as the full crawl of any strategy reaches: the n
// most important pages of the graph for each n up to there. Its C(k) is
// therefore the largest any ordering can reach after k downloads, for every
// k up to that count (SPEC.md section 3, example 5). It is a reference,
// not a crawler (Info.Reference).
type optimal struct{ c *Crawl }

func init() {
	register(Info{
		ID:      "optimal",
		Name:    "Optimal (reference)",
		Paper:   "001",
		Section: "§5",
		Doc: "Reference curve: every page in decreasing importance, ignoring links, for as many downloads as the " +
			"full crawl makes. No crawler can collect more importance after the same number of downloads.",
		Reference: true,
		New:       func(Values) Strategy { return &optimal{} },
	})
}

func (s *optimal) Start(c *Crawl) error {
	if c.cfg.Importance == nil {
		return errors.New("optimal: needs the importance vector (Config.Importance is nil)")
	}
	s.c = c
	for p := range c.g.NumNodes() {
		c.addToFrontier(uint32(p), NoParent)
	}
	return nil
}

func (s *optimal) Discover(page, _ uint32) { s.c.front.Push(page, s.c.cfg.Importance[page]) }

func (s *optimal) Downloaded(uint32) {}

func (s *optimal) Refill(int) (work int, done bool, err error) { return 0, true, nil }
