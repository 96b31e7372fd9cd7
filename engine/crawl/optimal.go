package crawl

import (
	"cmp"
	"errors"
	"slices"
)

// optimal is the reference curve of Cho and Schonfeld 2007 (section 5, "the optimal
// curve"; docs/algorithms.md section 3): an ideal crawler that knows every page and its
// importance and downloads them in decreasing importance, ignoring
// discovery. Before the first download it adds every page of the graph to F,
// the seeds' too, in decreasing importance, equal importance going to the
// smaller id whatever the seeds; downloads then discover nothing new.
//
// Its order is known before the crawl, so it is sorted once and F is a
// first-in-first-out queue in that order (pushedInOrder, fifo.go) rather
// than a heap keyed by importance: on a graph of 105 M pages a heap's pop
// costs a dozen cache misses, a queue's none. The sort is one unit of
// work in Refill, a Step as long as about one PageRank sweep (a second at
// 10 M pages); the pages are then added optimalChunk per unit. The seeds
// are parked until then, and the crawler selects nothing before every
// page is in.
//
// The crawl's download limit is fixed before Start, from the pages
// reachable from the seeds (or the budget, when smaller), so optimal
// downloads as many pages as the full crawl of any strategy reaches: the n
// most important pages of the graph for each n up to there. Its C(k) is
// therefore the largest any ordering can reach after k downloads, for every
// k up to that count (docs/algorithms.md section 3, example 5). It is a reference,
// not a crawler (Info.Reference).
type optimal struct {
	c     *Crawl
	order []uint32 // every page, most important first; nil before the sort
	next  int      // the pages order[:next] have been added
}

// optimalChunk is the number of pages optimal adds per unit of work.
const optimalChunk = 256

// pushedInOrder is implemented by strategies that push every page once,
// with key 0, in the order they are to be downloaded, but not when it is
// discovered (optimal): their Frontier is first-in-first-out, as for
// firstInFirstOut, but the crawler leaves the pushing to them. With hosts,
// the discovery numbers they give the pages they push must grow in the
// order of their pushes.
type pushedInOrder interface{ pushedInOrder() }

func (*optimal) pushedInOrder() {}

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

// Discover pushes a page once the pages are being added; the seeds, found
// before, wait parked for Refill.
func (s *optimal) Discover(page, parent uint32) {
	if s.order != nil {
		s.push(page)
	}
}

// push makes page p selectable; with hosts its discovery number is its
// place in the order, so that each host's queue is in that order.
func (s *optimal) push(p uint32) {
	if s.c.seq != nil {
		s.c.seq[p] = uint32(s.next)
	}
	s.c.front.Push(p, 0)
}

func (s *optimal) Downloaded(uint32) {}

// Refill sorts the pages by importance (one unit of work), then adds them,
// a chunk per unit, and is done when all are in.
func (s *optimal) Refill(budget int) (work int, done bool, err error) {
	c := s.c
	if s.order == nil {
		s.order = byImportance(c.cfg.Importance)
		work++
	}
	n := len(s.order)
	for work < budget && s.next < n {
		end := min(s.next+optimalChunk, n)
		for ; s.next < end; s.next++ {
			p := s.order[s.next]
			if c.InFrontier(p) {
				s.push(p) // a parked seed
			} else {
				c.addToFrontier(p, NoParent) // Discover pushes it
			}
		}
		work++
	}
	if s.next < n {
		return work, false, nil
	}
	// Not nil, so that pages discovered later are pushed, and not a
	// slice of the sorted order either, which would keep its 4 bytes a
	// page for the rest of the crawl.
	s.order = []uint32{}
	return work, true, nil
}

// byImportance returns every page in decreasing importance, equal
// importance in increasing id: optimal's order.
func byImportance(importance []float64) []uint32 {
	type keyed struct {
		key float64
		id  uint32
	}
	pages := make([]keyed, len(importance))
	for p, x := range importance {
		pages[p] = keyed{x, uint32(p)}
	}
	slices.SortFunc(pages, func(a, b keyed) int {
		switch {
		case a.key > b.key:
			return -1
		case a.key < b.key:
			return 1
		}
		return cmp.Compare(a.id, b.id)
	})
	order := make([]uint32, len(pages))
	for k, x := range pages {
		order[k] = x.id
	}
	return order
}
