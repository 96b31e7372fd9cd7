package crawl

// opic is the OPIC ordering of Baeza-Yates et al. 2005 (section 4.1), after Abiteboul et
// al.'s On-line Page Importance Computation, as docs/algorithms.md section 3 fixes it:
// every seed starts with cash 1/|S| (|S| distinct seeds), every other page
// with none. Downloading page i splits its cash equally over all c_i of its
// out-links; the share sent to a page not yet downloaded adds to its cash,
// the share sent to a downloaded page (i itself included) is dropped, and
// i's cash becomes 0. The frontier page with the most cash is downloaded
// next; a page's key is its cash.
//
// This is fpr (fpr.go) with d = 1 and uniform trust, which is why the two
// download the same pages in the same order (docs/algorithms.md section 3, example 2).
type opic struct{ c *Crawl }

func init() {
	register(Info{
		StrategyInfo: StrategyInfo{
			ID:      "opic",
			Rank:    6,
			Presets: map[string]int{PresetDefault: 6, PresetCountry: 7, PresetFractionalPageRank: 4},
			Name:    "OPIC",
			Paper:   "004",
			Section: "§4.1",
			Summary: "Passes each page's \"cash\" on to the pages it links to and downloads the page holding the most.",
			Doc: "Seeds share one unit of cash; each download splits the page's cash equally over its out-links, " +
				"keeping the shares sent to pages not yet downloaded. Downloads the frontier page with the most cash.",
		},
		New: func(Values) Strategy { return &opic{} },
	})
}

// keysInHeap: keys are read and changed only in F and in flight, and set
// to 0 on download (keyheap.go).
func (*opic) keysInHeap() {}

func (s *opic) Start(c *Crawl) error { s.c = c; return nil }

func (s *opic) Discover(page, parent uint32) {
	if parent != NoParent {
		s.c.front.Push(page, 0)
		return
	}
	s.c.front.Push(page, 1/float64(len(s.c.seeds)))
}

func (s *opic) Downloaded(i uint32) {
	c := s.c
	out := c.links.Out(i)
	cash := c.front.Key(i)
	c.front.Set(i, 0)
	if len(out) == 0 || cash == 0 {
		return
	}
	c.addToUndownloaded(out, cash/float64(len(out)))
}

func (s *opic) Refill(int) (work int, done bool, err error) { return 0, true, nil }
