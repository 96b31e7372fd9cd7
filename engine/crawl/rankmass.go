package crawl

import "math"

// rankMass is the RankMass crawler of Cho and Schonfeld 2007 (section 4.2, Fig. 5;
// docs/algorithms.md section 3). Every page carries rm_i, the sum of the probabilities
// of the random-surfer paths ending at i that have not been expanded yet
// (Cho and Schonfeld 2007, Lemma 1): rm_i = (1-d)·t_i for the seeds and 0 elsewhere at
// the start. Each step takes the page with the largest rm among all pages
// with rm > 0, downloaded or not; a page not yet downloaded is downloaded
// (the crawler selects it from the Frontier, whose keys are rm), a
// downloaded one is expanded again without a download (a "virtual"
// re-expansion, counted in Cost.VirtualReexpansions). Expanding i adds
// rm_i to CRM, adds d·rm_i/c_i to rm_j for every j in out(i), and sets rm_i
// to 0. CRM is the guaranteed RankMass (Guarantee).
//
// Dangling pages. docs/algorithms.md section 1 sends the rank of a dangling page along
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
// Where rm lives. The rm of every page is the Frontier's key: the key of a
// page of F or in flight, and for a downloaded page the key the Frontier
// keeps for it after it left, negated: a downloaded page's rm is stored as
// -rm (-0 when it is 0), so that the sign bit of the one array the
// additions touch says which side a page is on (adding share to rm is
// subtracting it from -rm, exactly, as rounding is symmetric). Downloaded
// pages whose rm may soon be the largest wait in a second indexed max-heap
// with the same tie rule (hot, an rmHeap, which keeps their rm beside them
// and leaves in their slot of the Frontier's keys a NaN that boxes their
// index in it: a page is never in both); before every selection
// (BeforeSelect) its top is re-expanded as long as it ranks strictly
// before the Frontier's best page.
//
// Most additions go to downloaded pages whose rm is well below the
// Frontier's best key and will not be expanded soon; sifting each of them
// through a heap of all downloaded pages was most of the crawl's time. So a
// downloaded page is in hot or warm exactly when its rm exceeds a
// threshold tau kept below the Frontier's best key: below it, an addition
// is one addition. Whenever the Frontier's best key falls to tau or below (it
// grows during re-expansions, and falls when its best page is downloaded),
// tau is lowered (reset) and the downloaded pages above it added. A page
// outside hot and warm has rm ≤ tau < the best key of F, so it cannot
// rank before the Frontier's best page, and every page that can is in hot
// or warm: the sequence of expansions, and so every rm, CRM and the count
// of virtual re-expansions, are those of the plain rule. On cnr-2000 (34.1
// million virtual re-expansions, 1.1 billion additions to downloaded
// pages) hot and warm hold about 51,000 pages on average and take a
// quarter of the additions; 486 resets scan D.
//
// Of those pages hot holds only the ones with rm above sigma; the others
// wait in warm (an rmWarm), a list of them: their rm stays in their slot
// of the Frontier's keys, so that an addition to one is one addition.
// Every rm of warm is at most sigma and every rm of hot above it, so the
// best of hot is the best of both; when hot is empty and sigma is not below the
// Frontier's best key, the best pages of warm move to hot (a refill,
// rmWarm.take, which lowers sigma). On cnr-2000 hot then holds about
// 12,800 pages on average where it held 51,000: the pages a reset brings
// wait in warm until hot is empty, and the additions to them are one
// addition each. Warm's list takes 12 bytes a page (rmWarmBytes), which a
// crawl takes only when Config.SpareBytes allows; without them sigma
// follows tau, warm stays empty and hot holds every page above tau.
//
// The seeds keep their rm apart. With trust uniform over them, a
// dangling page's expansion adds the same share to every seed, and the
// seeds are the pages most often expanded again: on cnr-2000 its 160
// seeds make 9.8 of the 34.4 million expansions and take about 350 million of
// the additions to downloaded pages, 235 million of them from the 1.47
// million dangling pages expanded. A downloaded seed's rm therefore lives
// in seedRM, the seeds' rm side by side in the seeds' order, and its slot
// of the Frontier's keys boxes its index there in a NaN that seedTag marks
// (seedBox). Once every seed is downloaded, a dangling page's shares are
// added four at a time (addToSlots); the best seed (bestSeed) is kept as
// links add to seeds and found again by a scan (firstOfMax) after all of
// them gain a share or a seed is expanded. For the latter the seeds are
// cut in blocks of about the square root of their number, each with its
// best seed, so that the scan reads one block and the blocks' best: a
// scan of every seed at each of their expansions makes a crawl from
// thousands of seeds with few dangling pages several times slower
// (BenchmarkRankMassManySeeds). Each selection takes the
// better of hot's best page and the best seed; of two pages with the same
// rm the seed wins, as seeds are discovered first, in their order, so the
// first seed of the largest rm is the best of them. Seeds are never in hot
// or warm.
//
// Every virtual expansion lowers the total rm held by downloaded pages by
// at least (1-d) times the rm expanded, so when the Frontier's best key is
// positive the loop ends after a number of expansions bounded by that mass
// over (1-d) times the key. When it is 0 (a seed without trust, or pages
// whose rm underflowed) the rm of downloaded pages shrinks geometrically: a
// downloaded page whose rm is below the smallest normal float64 counts as
// underflowed and is never expanded (minVirtualRM), so the loop ends there
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

	// rm is the Frontier's keys: rm, or -rm for a downloaded page, or the
	// boxed index in hot of a page of hot (boxIndex)
	rm  []float64
	hot rmHeap  // exactly the downloaded pages with rm > sigma; never grows
	tau float64 // at least maxSubnormal, so hot holds no underflowed rm
	// warm holds exactly the downloaded pages with tau < rm ≤ sigma,
	// unordered; a refill (rmWarm.take) moves about want of them to hot
	// and lowers sigma (rmHotWant unless set before Start). When the
	// crawl may not take warm's memory (rmWarmBytes, Config.SpareBytes),
	// warmOn is false and sigma follows tau: warm stays empty and hot
	// holds every downloaded page above tau, to the same crawl.
	warm   rmWarm
	warmOn bool
	sigma  float64
	want   int
	// beta is tau over the Frontier's best key at the last reset, and
	// work counts the additions since then (see reset).
	beta float64
	work int
	// seedRM[k] is the rm of the k-th seed once it is downloaded; its slot
	// in rm then holds seedBox(k). seedsIn counts the seeds downloaded.
	// bestSeed is the index of the best of them with rm above
	// maxSubnormal, or noSeed.
	seedRM   []float64
	seedsIn  int
	bestSeed int
	// The seeds are cut in blocks of 1<<seedShift: blockRM[j] is the
	// largest rm of block j, blockBest[j] the first seed of block j with
	// it, so that after a seed's expansion a scan of its block and of
	// blockRM finds the best seed (seedExpanded). After the shares of a
	// dangling page (addToSlots) they are stale (staleSeeds > 0) until the
	// second seed's expansion since, which finds them all again.
	// seedShift is at least its value before Start (seedBlockShift when
	// 0; tests set less).
	seedShift  uint
	blockRM    []float64
	blockBest  []int
	staleSeeds int
	// touched keeps the prefetching loads of BeforeSelect.
	touched uint64
	// expanded lists every page expanded, in turn, when traceExpansions
	// is set (BenchmarkRankMassAdditionsFloor).
	expanded        []uint32
	traceExpansions bool
}

func init() {
	register(Info{
		StrategyInfo: StrategyInfo{
			ID:      "rankmass",
			Rank:    15,
			Presets: map[string]int{PresetRankMassCrawler: 3},
			Name:    "RankMass",
			Paper:   "001",
			Section: "§4.2, Fig. 5",
			Summary: "Downloads the page with the most importance flowing in from the seeds, and promises a lower bound.",
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
			Cost:       2700, // 34 million virtual re-expansions on cnr-2000
		},
		New:        func(v Values) Strategy { return &rankMass{epsilon: v["epsilon"]} },
		SpareBytes: func(pages, _ int64) int64 { return rmWarmBytes(pages) },
		// cnr-2000: 97% of the downloads in 10 s of 14
		UnevenProgress: true,
	})
}

// readsReachable: hot is sized by it (Config.LearnReachable).
func (*rankMass) readsReachable() {}

func (s *rankMass) Start(c *Crawl) error {
	s.c = c
	s.rm = c.front.key
	// hot holds downloaded pages, at most the reachable ones: it never grows.
	s.hot = newRMHeap(c.reachable, c.seq, c.front.key)
	s.tau = math.MaxFloat64
	s.beta = maxBeta
	s.warmOn = c.mayTake(rmWarmBytes(int64(c.reachable)))
	if s.warmOn {
		s.warm = newRMWarm(c.reachable, c.front.key)
	}
	s.sigma = math.MaxFloat64
	if s.want == 0 {
		s.want = rmHotWant
	}
	s.seedRM = make([]float64, len(c.seeds))
	s.bestSeed = noSeed
	// blocks of about the square root of the seeds' number, so that a
	// seed's expansion scans about twice that
	if s.seedShift == 0 {
		s.seedShift = seedBlockShift
	}
	for 1<<(2*s.seedShift) < len(c.seeds) {
		s.seedShift++
	}
	blocks := (len(c.seeds) + 1<<s.seedShift - 1) >> s.seedShift
	s.blockRM = make([]float64, blocks)
	s.blockBest = make([]int, blocks)
	for j := range s.blockBest {
		s.blockBest[j] = j << s.seedShift
	}
	return nil
}

func (s *rankMass) Discover(page, parent uint32) {
	if parent == NoParent {
		s.c.front.Push(page, (1-s.c.damping)*s.c.trustOfSeed(page))
		return
	}
	s.c.front.Push(page, 0)
}

// Downloaded expands the page just downloaded with the rm it had.
func (s *rankMass) Downloaded(i uint32) {
	v := s.rm[i]
	if k := s.c.seq[i]; k < uint32(len(s.seedRM)) {
		// the seeds are discovered first, in order (Crawl.Discovery)
		s.rm[i] = seedBox(int(k))
		s.seedsIn++
	} else {
		s.rm[i] = negZero
	}
	s.expand(i, v)
}

// rmOf returns page p's rm, downloaded or not.
func (s *rankMass) rmOf(p uint32) float64 {
	if v := s.rm[p]; v != v {
		if isSeedBox(v) {
			return s.seedRM[unboxIndex(v)]
		}
		return s.hot.rm[unboxIndex(v)]
	}
	return math.Abs(s.rm[p])
}

// negZero is -0: the rm of a downloaded page after its expansion.
var negZero = math.Copysign(0, -1)

// BeforeSelect re-expands downloaded pages while the best of them ranks
// strictly before the best page of F. On the politeness clock that is the
// best page of all hosts, open or not (Frontier.GlobalBest): the rule of
// Fig. 5 compares with every page of F, and comparing only with the open
// hosts would expand ever smaller masses while the best hosts wait. Each
// re-expansion is one unit of work; when budget runs out with more due, it
// reports that the selection must wait.
func (s *rankMass) BeforeSelect(budget int) (work int, ready bool) {
	c := s.c
	b, ok := c.front.GlobalBest()
	if !ok {
		return 0, true
	}
	if kb := s.rm[b]; kb <= s.tau && s.tau > maxSubnormal {
		s.reset(kb)
	}
	for !c.stopped {
		if s.hot.len() == 0 && len(s.warm.pages) > 0 && s.sigma >= s.rm[b] {
			// Every page of warm has rm ≤ sigma: none ranks before b
			// unless sigma ≥ b's key. Else the best of warm are moved.
			s.sigma = s.warm.take(&s.hot, s.want, s.tau)
			if s.hot.len() > 0 {
				s.hot.heapify()
			}
		}
		var v uint32
		var x float64
		seed := s.bestSeed
		if seed != noSeed {
			v, x = c.seeds[seed], s.seedRM[seed]
			// a seed's discovery number is below every other page's
			if s.hot.len() > 0 {
				if vh, xh := s.hot.top(); xh > x {
					v, x, seed = vh, xh, noSeed
				}
			}
		} else if s.hot.len() > 0 {
			v, x = s.hot.top()
		} else {
			break
		}
		if kb := s.rm[b]; x < kb || x == kb && (c.seq[v] > c.seq[b] || c.seq[v] == c.seq[b] && v > b) {
			return work, true
		}
		if work >= budget {
			return work, false
		}
		work++
		if seed != noSeed {
			s.seedRM[seed] = 0
			s.seedExpanded(seed)
		} else {
			s.hot.pop()
			if s.hot.len() > 0 {
				// Load the next candidate's link offset while v is expanded
				// (as windowed-rankmass's pass does; prefetchDistance).
				next, _ := s.hot.top()
				s.touched ^= c.links.Touch(next)
			}
			s.rm[v] = negZero
		}
		c.cost.VirtualReexpansions++
		updates := c.front.updates
		s.expand(v, x)
		// Expanding only adds to keys, so F's best key only grows, and
		// its best page changes only if a key of F did (most expansions
		// add to downloaded pages alone).
		if c.front.updates != updates {
			b, _ = c.front.GlobalBest()
		}
	}
	return work, true
}

// reset lowers tau below key, the Frontier's best key, and adds to hot
// the downloaded pages whose rm is above the new tau (tau only falls, so
// every page of hot stays). Tau is beta·key: 0.9·key while resets are
// rare, lower (beta squared, down to 2^-20) when fewer additions than
// downloaded pages were made since the last reset, so that the scans of D
// cost at most as much as the additions themselves.
func (s *rankMass) reset(key float64) {
	c := s.c
	if s.work < len(c.order) {
		s.beta = max(s.beta*s.beta, minBeta)
	} else {
		s.beta = maxBeta
	}
	s.work = 0
	old := s.tau
	s.tau = max(key*s.beta, maxSubnormal)
	if !s.warmOn {
		s.sigma = s.tau
	}
	added := false
	for _, p := range c.order {
		// false for a page of hot, whose slot holds a NaN
		if x := -s.rm[p]; x > s.tau {
			if x > s.sigma {
				s.hot.append(p, x)
				added = true
			} else if x <= old {
				// not listed in warm yet
				s.warm.list(p, s.tau)
			}
		}
	}
	if added {
		s.hot.heapify()
	}
}

// rmHotWant is about the number of pages a refill of hot from warm moves
// (rmWarm.take): a refill reads the slot of every page listed in warm, so
// refills are made rare, at most one every rmHotWant re-expansions. On
// cnr-2000 refills of 65,536 pages (548 of them, hot 12,800 pages on
// average) and of 4,096 (2,856, hot 2,000) took the same time.
const rmHotWant = 65536

// The range of beta (reset).
const (
	maxBeta = 0.9
	minBeta = 0x1p-20
)

// maxSubnormal is the largest subnormal float64: rm > maxSubnormal is rm ≥
// minVirtualRM.
const maxSubnormal = minVirtualRM - 0x1p-1074

// expand adds rm (page i's rm, already set to 0) to CRM and spreads d·rm
// over i's out-links, or along the trust of the seeds when i is dangling.
func (s *rankMass) expand(i uint32, rm float64) {
	if rm == 0 {
		return
	}
	c := s.c
	if s.traceExpansions {
		s.expanded = append(s.expanded, i)
	}
	s.crm += rm
	out := c.links.Out(i)
	if len(out) == 0 {
		dr := c.damping * rm
		if c.uniformTrust && s.seedsIn == len(c.seeds) {
			// the same share for every seed, side by side
			addToSlots(s.seedRM, float64(dr*c.seedTrust[0])) // float64(): no fused multiply-add
			s.staleSeeds = 1
			s.findBestSeed()
		} else if c.uniformTrust {
			// the same share for every seed, as for the links of a page
			s.spread(c.seeds, float64(dr*c.seedTrust[0])) // float64(): no fused multiply-add
		} else {
			for k, j := range c.seeds {
				s.add(j, float64(dr*c.seedTrust[k]))
			}
		}
		s.work += len(c.seeds)
	} else {
		s.spread(out, c.damping*rm/float64(len(out)))
		s.work += len(out)
	}
	if s.epsilon > 0 && s.crm >= 1-s.epsilon {
		c.Stop()
	}
}

// spread adds share to the rm of every page of pages, in order: s.add,
// written out for the crawl's hottest loop (the links of an expanded page,
// or the seeds when it is dangling).
func (s *rankMass) spread(pages []uint32, share float64) {
	key, tau, sigma := s.rm, s.tau, s.sigma
	for _, j := range pages {
		old := key[j]
		if !math.Signbit(old) {
			s.c.front.Add(j, share)
			continue
		}
		x := old - share
		if x != x {
			// old is a NaN: j is in hot, or a seed, at the index old boxes
			if isSeedBox(old) {
				s.addToSeed(unboxIndex(old), share)
			} else {
				s.hot.raise(unboxIndex(old), share)
			}
			continue
		}
		key[j] = x
		if -x > tau {
			if -x > sigma {
				s.hot.push(j, -x)
			} else if -old <= tau {
				s.warm.list(j, tau)
			}
		}
	}
}

// add adds delta to page j's rm.
func (s *rankMass) add(j uint32, delta float64) {
	old := s.rm[j]
	if !math.Signbit(old) {
		s.c.front.Add(j, delta)
		return
	}
	x := old - delta
	if x != x {
		if isSeedBox(old) {
			s.addToSeed(unboxIndex(old), delta)
		} else {
			s.hot.raise(unboxIndex(old), delta)
		}
		return
	}
	s.rm[j] = x
	if -x > s.tau {
		if -x > s.sigma {
			s.hot.push(j, -x)
		} else if -old <= s.tau {
			s.warm.list(j, s.tau)
		}
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
