package crawl

// bfs downloads the frontier first in, first out: every key is 0, so the
// crawler's tie rule (earlier discovery first) makes F a queue. Breadth-first
// is the strategy Baeza-Yates et al. 2005 (section 4.1) set out to beat, and
// the order within a level of Cho and Schonfeld 2007's L-Neighbor crawler
// (section 3.3; their section 6 likens the two).
type bfs struct{ c *Crawl }

// BreadthFirst is the id of the breadth-first strategy, whose crawl
// without a budget downloads exactly the pages its seeds reach.
const BreadthFirst = "bfs"

func init() {
	register(Info{
		StrategyInfo: StrategyInfo{
			ID:      BreadthFirst,
			Rank:    2,
			Presets: map[string]int{PresetDefault: 9, PresetCountry: 3, PresetRankMassCrawler: 5, PresetFractionalPageRank: 5},
			Name:    "Breadth-first",
			Paper:   "004, 001",
			Section: "004 §4.1",
			Summary: "Downloads pages in the order it found them, level by level from the seeds.",
			Doc:     "Downloads pages in the order they were discovered (FIFO).",
			Cost:    6, // a FIFO queue: no priorities
		},
		New: func(Values) Strategy { return &bfs{} },
	})
}

// firstInFirstOut: every page has key 0 and is pushed when discovered
// (fifo.go).
func (*bfs) firstInFirstOut() {}

func (s *bfs) Start(c *Crawl) error                        { s.c = c; return nil }
func (s *bfs) Discover(page, _ uint32)                     { s.c.front.Push(page, 0) }
func (s *bfs) Downloaded(uint32)                           {}
func (s *bfs) Refill(int) (work int, done bool, err error) { return 0, true, nil }
