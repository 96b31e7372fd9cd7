package crawl

// rankMass is the RankMass crawler of seeds/001 (section 4.2, Fig. 5;
// SPEC.md section 3). Every page carries rm_i, the sum of the probabilities
// of the random-surfer paths ending at i that have not been expanded yet
// (seeds/001, Lemma 1): rm_i = (1-d)·t_i for the seeds and 0 elsewhere at
// the start. Each step takes the page with the largest rm among all pages
// with rm > 0, downloaded or not; a page not yet downloaded is downloaded
// (the crawler selects it from the Frontier, whose keys are rm), a
// downloaded one is expanded again without a download (a "virtual"
// re-expansion, counted in Cost.VirtualReexpansions). Expanding i adds
// rm_i to CRM, adds d·rm_i/c_i to rm_j for every j in out(i), and sets rm_i
// to 0. CRM is the guaranteed RankMass (Guarantee).
//
// Dangling pages. SPEC.md section 1 sends the rank of a dangling page along
// the trust vector t, so a surfer at a dangling page i moves to page j with
// probability t_j: i behaves as if it linked to every trusted page with
// weight t_j. Expanding a dangling i therefore adds d·rm_i·t_j to rm_j for
// every seed j (the pages the crawl knows to be trusted). Every rm and CRM
// stays a sum of probabilities of distinct paths, so CRM is at most the
// personalized PageRank of D (Theorem 4) and rm_i at most r_i for a page not
// downloaded (Theorem 5). Dropping a dangling page's rm instead would also
// keep the bound valid, but would cap CRM below 1 on any graph with dangling
// pages, so that no epsilon could ever be reached. Trust held by pages that
// are not seeds is never expanded and only makes the bound looser.
//
// The rm of pages in F and in flight is their Frontier key. The rm of
// downloaded pages lives in a second indexed max-heap with the same tie
// rule; before every selection (BeforeSelect) its top is re-expanded as long
// as it ranks strictly before the Frontier's best page. Every virtual
// expansion lowers the total rm held by downloaded pages by at least (1-d)
// times the rm expanded, so when the Frontier's best key is positive the
// loop ends after a number of expansions bounded by that mass over (1-d)
// times the key. When it is 0 (a seed without trust, or pages whose rm
// underflowed) the rm of downloaded pages shrinks geometrically: a
// downloaded page whose rm is below the smallest normal float64 counts as
// underflowed and leaves the heap (minVirtualRM), so the loop ends there
// too; its rm, never expanded, only loosens the bound. On the politeness
// clock the comparison is with the best page of every host, open or not
// (Frontier.GlobalBest).
//
// With epsilon > 0 the crawl stops once CRM ≥ 1-epsilon. At d = 1 every rm
// is 0: the crawl degenerates to discovery order with a guarantee of 0.
type rankMass struct {
	c       *Crawl
	epsilon float64
	crm     float64

	vkey  []float64 // rm of downloaded pages
	vpos  []uint32
	vheap pageHeap // downloaded pages with rm > 0
}

func init() {
	register(Info{
		ID:      "rankmass",
		Name:    "RankMass",
		Paper:   "001",
		Section: "§4.2, Fig. 5",
		Doc: "Greedy path enumeration of personalized PageRank: expands the page with the largest unexplored path " +
			"probability rm, downloading it if needed; its guarantee CRM is a lower bound of the RankMass downloaded.",
		Params: []Param{{
			Name:    "epsilon",
			Doc:     "stop once the guaranteed RankMass CRM reaches 1 - epsilon; 0 crawls until the frontier is empty",
			Default: 0,
			Min:     0,
			Max:     0.999999,
		}},
		Guaranteed: true,
		New:        func(v Values) Strategy { return &rankMass{epsilon: v["epsilon"]} },
	})
}

func (s *rankMass) Start(c *Crawl) error {
	s.c = c
	n := c.g.NumNodes()
	s.vkey = make([]float64, n)
	s.vpos = newPositions(n)
	s.vheap = pageHeap{key: s.vkey, seq: c.seq, pos: s.vpos}
	return nil
}

func (s *rankMass) Discover(page, parent uint32) {
	if parent == NoParent {
		s.c.front.Push(page, (1-s.c.damping)*s.c.trust[page])
		return
	}
	s.c.front.Push(page, 0)
}

// Downloaded expands the page just downloaded with the rm it had.
func (s *rankMass) Downloaded(i uint32) {
	v := s.c.front.Key(i)
	s.c.front.Set(i, 0)
	s.expand(i, v)
}

// BeforeSelect re-expands downloaded pages while the best of them ranks
// strictly before the best page of F. On the politeness clock that is the
// best page of all hosts, open or not (Frontier.GlobalBest): the rule of
// Fig. 5 compares with every page of F, and comparing only with the open
// hosts would expand ever smaller masses while the best hosts wait. Each
// re-expansion is one unit of work; when budget runs out with more due, it
// reports that the selection must wait.
func (s *rankMass) BeforeSelect(budget int) (work int, ready bool) {
	c := s.c
	for s.vheap.len() > 0 && !c.stopped {
		b, ok := c.front.GlobalBest()
		if !ok {
			return work, true
		}
		v := s.vheap.top()
		if !s.virtualBefore(v, b) {
			return work, true
		}
		if work >= budget {
			return work, false
		}
		work++
		s.vheap.pop()
		rm := s.vkey[v]
		s.vkey[v] = 0
		c.cost.VirtualReexpansions++
		s.expand(v, rm)
	}
	return work, true
}

// virtualBefore reports whether downloaded page v ranks before Frontier
// page b: larger rm, then earlier discovery, then smaller id.
func (s *rankMass) virtualBefore(v, b uint32) bool {
	kv, kb := s.vkey[v], s.c.front.Key(b)
	if kv != kb {
		return kv > kb
	}
	if s.c.seq[v] != s.c.seq[b] {
		return s.c.seq[v] < s.c.seq[b]
	}
	return v < b
}

// expand adds rm (page i's rm, already set to 0) to CRM and spreads d·rm
// over i's out-links, or along the trust of the seeds when i is dangling.
func (s *rankMass) expand(i uint32, rm float64) {
	if rm == 0 {
		return
	}
	c := s.c
	s.crm += rm
	out := c.g.Out(i)
	if len(out) == 0 {
		dr := c.damping * rm
		for _, j := range c.seeds {
			s.add(j, float64(dr*c.trust[j])) // float64(): no fused multiply-add
		}
	} else {
		share := c.damping * rm / float64(len(out))
		for _, j := range out {
			s.add(j, share)
		}
	}
	if s.epsilon > 0 && s.crm >= 1-s.epsilon {
		c.Stop()
	}
}

// add adds delta to page j's rm.
func (s *rankMass) add(j uint32, delta float64) {
	if delta == 0 {
		return
	}
	if s.c.state[j] != downloaded {
		s.c.front.Add(j, delta)
		return
	}
	s.vkey[j] += delta
	if s.vkey[j] < minVirtualRM {
		return
	}
	if s.vpos[j] == noPos {
		s.vheap.push(j)
	} else {
		s.vheap.up(int(s.vpos[j])) // rm only grows here
	}
}

// minVirtualRM is the least rm of a downloaded page that is re-expanded:
// the smallest normal float64. Below it rm counts as underflowed. Products
// of subnormal numbers lose their precision (0.85 times the smallest
// subnormal rounds back to it), so rm circulating among downloaded pages
// could otherwise never reach 0 while the Frontier's best key is 0.
const minVirtualRM = 0x1p-1022

func (s *rankMass) Refill(int) (int, bool, error) { return 0, true, nil }

// Guarantee returns CRM.
func (s *rankMass) Guarantee() float64 { return s.crm }
