package crawl

// partialPageRank is the partial PageRank ordering of Baeza-Yates et al. 2005 (section
// 4.1; docs/algorithms.md section 3): batch-pagerank's recomputations (knownRank in
// knowngraph.go), but a page discovered since the last computation is
// selectable at once, with the temporary score Σ est(p)/c_p over its
// downloaded parents p, where est(p) is p's key when it was downloaded (its
// last computed estimate or its own temporary score). The score grows as
// more parents are downloaded; every step takes the page of F with the
// largest key, estimated or temporary alike.
//
// A page's parents are all downloaded after it was discovered (an earlier
// one would have discovered it), so adding est(i)/c_i to every fresh
// out-neighbour at each download i sums exactly over the downloaded
// parents. Pages in flight on the politeness clock keep collecting, so their
// est is their score when they complete. Between the K-th download and the
// recomputation every page is parked, as in batch-pagerank.
type partialPageRank struct {
	est knownRank
}

func init() {
	register(Info{
		StrategyInfo: StrategyInfo{
			ID:      "partial-pagerank",
			Rank:    5,
			Presets: map[string]int{PresetCountry: 6},
			Name:    "Partial PageRank",
			Paper:   "004",
			Section: "§4.1",
			Summary: "Batch PageRank that also gives newly found pages a quick estimate between recomputations.",
			Doc: "Batch PageRank in which pages discovered between recomputations get at once a temporary score: " +
				"the sum over their downloaded parents of the parent's score divided by its out-links.",
			Params: batchParams,
			Cost:   430, // 50 recomputations (2,080 iterations) on cnr-2000
		},
		New: func(v Values) Strategy {
			return &partialPageRank{est: knownRank{batch: v["batch"], tolerance: v["tolerance"]}}
		},
	})
}

func (s *partialPageRank) Start(c *Crawl) error {
	s.est.start(c)
	// fresh marks the pages discovered since the last computation, whose
	// key is a temporary score; the next computation clears it.
	s.est.fresh = make([]bool, c.g.NumNodes())
	return nil
}

// Discover records the page; a seed waits for the first estimate, any
// other page is pushed by its parent's Downloaded.
func (s *partialPageRank) Discover(page, parent uint32) {
	s.est.joined(page)
	if parent != NoParent {
		s.est.fresh[page] = true
	}
}

func (s *partialPageRank) Downloaded(i uint32) {
	c := s.est.c
	out := c.links.Out(i)
	if len(out) > 0 {
		share := c.front.Key(i) / float64(len(out))
		for _, j := range out {
			if !s.est.fresh[j] || hasBit(c.downloaded, j) {
				continue
			}
			key := c.front.Key(j) + share
			if !s.est.parking && c.InFrontier(j) {
				c.front.Push(j, key)
			} else {
				c.front.Set(j, key)
			}
		}
	}
	s.est.counted(i)
}

func (s *partialPageRank) Refill(budget int) (int, bool, error) { return s.est.refill(budget) }
