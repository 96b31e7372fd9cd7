package crawl

// fpr is Fractional PageRank (Alam et al., section 3.1, Algorithm 1;
// docs/algorithms.md section 3): every seed starts with fpr_i = (1-d)·t_i;
// downloading page i adds d·fpr_i/c_i to every out-neighbour not yet
// downloaded and sets fpr_i to 0; the crawler downloads the page of F with
// the largest fpr.
//
// fpr-m (Alam et al., section 3.2, Algorithm 2) is the same walk with
// inter-host links weighted M times an intra-host link: i's share is
// divided by N_intra + M·N_inter, counted over all of out(i), an
// inter-host target receiving M shares. It lives in fprm.go and shares
// this type.
//
// The factor (1-d) scales every value alike and so never changes the order;
// with d = 1 it would make every value 0, so it is taken as 1 there: fpr at
// d = 1 is then OPIC with the same seeds (docs/algorithms.md section 3, example 2).
type fpr struct {
	c *Crawl
	// m is the weight of an inter-host link; 1 for plain fpr.
	m float64
}

func init() {
	register(Info{
		StrategyInfo: StrategyInfo{
			ID:      "fpr",
			Rank:    17,
			Presets: map[string]int{PresetDefault: 3, PresetFractionalPageRank: 2},
			Name:    "Fractional PageRank",
			Paper:   "000",
			Section: "§3.1, Algorithm 1",
			Summary: "Spreads each downloaded page's importance over the pages it links to and downloads the largest share first.",
			Doc:     "Pushes a share d·fpr_i/c_i of each downloaded page's score to its out-neighbours not yet downloaded; downloads the largest score.",
		},
		New: func(Values) Strategy { return &fpr{m: 1} },
	})
}

// keysInHeap: keys are read and changed only in F and in flight, and set
// to 0 on download (keyheap.go).
func (*fpr) keysInHeap() {}

func (s *fpr) Start(c *Crawl) error { s.c = c; return nil }

func (s *fpr) Discover(page, parent uint32) {
	if parent != NoParent {
		s.c.front.Push(page, 0)
		return
	}
	scale := 1 - s.c.damping
	if scale == 0 {
		scale = 1
	}
	s.c.front.Push(page, scale*s.c.trustOfSeed(page))
}

func (s *fpr) Downloaded(i uint32) {
	c := s.c
	out := c.links.Out(i)
	v := c.front.Key(i)
	c.front.Set(i, 0)
	if len(out) == 0 || v == 0 {
		return
	}
	if s.m == 1 || !c.g.HasHosts() {
		c.addToUndownloaded(out, c.damping*v/float64(len(out)))
		return
	}
	host := c.g.Hosts.Of
	var inter int
	for _, j := range out {
		if host[j] != host[i] {
			inter++
		}
	}
	unit := c.damping * v / (float64(len(out)-inter) + float64(s.m*float64(inter)))
	for _, j := range out {
		if hasBit(c.downloaded, j) {
			continue
		}
		if host[j] != host[i] {
			c.front.Add(j, float64(s.m*unit))
		} else {
			c.front.Add(j, unit)
		}
	}
}

func (s *fpr) Refill(int) (work int, done bool, err error) { return 0, true, nil }
