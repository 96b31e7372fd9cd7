package crawl

// backlink downloads the page of F with the most links from the pages
// already downloaded (Baeza-Yates et al. 2005, section 4.1, after Cho et al.; docs/algorithms.md
// section 3). A page's key is its in-link count from D: it joins F with 0
// and every download adds 1 to each out-neighbour not yet downloaded (pages
// in flight under the politeness clock keep counting too, through Set).
// Ties go to the page discovered first, so the seeds and equal counts are
// taken breadth-first.
type backlink struct{ c *Crawl }

func init() {
	register(Info{
		StrategyInfo: StrategyInfo{
			ID:      "backlink",
			Rank:    3,
			Presets: map[string]int{PresetDefault: 7, PresetCountry: 4, PresetFractionalPageRank: 6},
			Name:    "Backlink count",
			Paper:   "004",
			Section: "§4.1",
			Summary: "Downloads next the page that the most downloaded pages link to.",
			Doc:     "Downloads the frontier page linked from the most downloaded pages; ties go to the page discovered first.",
		},
		New: func(Values) Strategy { return &backlink{} },
	})
}

func (s *backlink) Start(c *Crawl) error { s.c = c; return nil }

func (s *backlink) Discover(page, _ uint32) { s.c.front.Push(page, 0) }

func (s *backlink) Downloaded(i uint32) {
	s.c.addToUndownloaded(s.c.links.Out(i), 1)
}

func (s *backlink) Refill(int) (work int, done bool, err error) { return 0, true, nil }
