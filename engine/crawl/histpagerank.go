package crawl

import (
	"errors"
	"fmt"
	"math"
)

// histPageRank is the family of historical-PageRank orderings of Baeza-Yates et al. 2005
// (section 4.2; docs/algorithms.md section 3): a page's key is its PageRank in a
// previous snapshot of the graph (Config.Previous.Scores, already mapped to
// the current pages), and the crawler downloads the frontier page with the
// largest. The four members differ only in the key of a page that was not
// in the previous snapshot (a NaN score), fixed when the page is discovered:
//
//   - hist-pagerank-omniscient: its true current importance
//     (Config.Importance);
//   - hist-pagerank-random: a value drawn uniformly, with Config.Rand, from
//     the previous snapshot's values (Config.Previous.Values);
//   - hist-pagerank-zero: 0, so known pages go first;
//   - hist-pagerank-parent: the key of the page whose link discovered it,
//     divided by that page's out-degree c_p; a seed has no parent and
//     gets 0.
//
// Keys never change after discovery.
type histPageRank struct {
	c    *Crawl
	id   string
	mode histMode
}

// histMode says how a page absent from the previous snapshot is scored.
type histMode uint8

const (
	histOmniscient histMode = iota
	histRandom
	histZero
	histParent
)

func init() {
	variants := []struct {
		id, name, absent, summary string
		rank                      int
		mode                      histMode
	}{
		{"hist-pagerank-omniscient", "Historical PageRank (omniscient)", "their true current importance", "Uses PageRank from an earlier copy of the web; new pages get their true importance.", 8, histOmniscient},
		{"hist-pagerank-random", "Historical PageRank (random)", "a value drawn at random from the previous snapshot's PageRank values", "Uses PageRank from an earlier copy of the web; new pages get a random score.", 9, histRandom},
		{"hist-pagerank-zero", "Historical PageRank (zero)", "zero, so pages known before go first", "Uses PageRank from an earlier copy of the web; new pages wait until the known ones are done.", 10, histZero},
		{"hist-pagerank-parent", "Historical PageRank (parent)", "the priority of the page that linked to them divided by its number of out-links", "Uses PageRank from an earlier copy of the web; new pages inherit a share of the score of the page that links to them.", 11, histParent},
	}
	for _, v := range variants {
		register(Info{
			StrategyInfo: StrategyInfo{
				ID:      v.id,
				Name:    v.name,
				Paper:   "004",
				Section: "§4.2",
				Summary: v.summary,
				Rank:    v.rank,
				Doc: "Downloads the frontier page with the highest PageRank in a previous snapshot of the graph; " +
					"pages new since then get " + v.absent + ".",
				NeedsPrevious: true,
			},
			New: func(Values) Strategy { return &histPageRank{id: v.id, mode: v.mode} },
		})
	}
}

func (s *histPageRank) Start(c *Crawl) error {
	prev := c.cfg.Previous
	if prev == nil {
		return fmt.Errorf("%s needs a previous snapshot (Config.Previous is nil)", s.id)
	}
	switch s.mode {
	case histOmniscient:
		if c.cfg.Importance == nil {
			return fmt.Errorf("%s: needs the importance vector for new pages (Config.Importance is nil)", s.id)
		}
	case histRandom:
		if c.cfg.Rand == nil {
			return fmt.Errorf("%s: needs a random source (Config.Rand is nil)", s.id)
		}
		if len(prev.Values) == 0 {
			for _, v := range prev.Scores {
				if math.IsNaN(v) {
					return errors.New(s.id + ": the previous snapshot has no PageRank values to draw from for new pages (Previous.Values is empty)")
				}
			}
		}
	}
	s.c = c
	return nil
}

func (s *histPageRank) Discover(page, parent uint32) {
	c := s.c
	key := c.cfg.Previous.Scores[page]
	if math.IsNaN(key) {
		switch s.mode {
		case histOmniscient:
			key = c.cfg.Importance[page]
		case histRandom:
			vals := c.cfg.Previous.Values
			key = vals[c.cfg.Rand.IntN(len(vals))]
		case histZero:
			key = 0
		case histParent:
			key = 0
			if parent != NoParent {
				// The parent is being downloaded, so it has out-links.
				key = c.front.Key(parent) / float64(c.g.OutDegree(parent))
			}
		}
	}
	c.front.Push(page, key)
}

func (s *histPageRank) Downloaded(uint32) {}

func (s *histPageRank) Refill(int) (work int, done bool, err error) { return 0, true, nil }
