package crawl

import (
	"math"
	"slices"

	"github.com/crawlsim/crawlsim/engine/internal/prefetch"
)

// windowedRankMass is the Windowed-RankMass crawler of Cho and Schonfeld 2007 (section
// 4.3, Fig. 6; docs/algorithms.md section 3). It keeps rm as RankMass does (rankmass.go)
// but batches the work: each iteration downloads the top ⌈w·|F|⌉ pages of F
// by rm (at least one) without spreading any rm, then makes one pass over D
// in download order: for every downloaded page i with rm_i > 0, CRM += rm_i,
// d·rm_i/c_i is added to every out-neighbour (along the trust of the seeds
// for a dangling i, as in rankmass.go) and rm_i = 0. A page later in the
// pass takes what earlier ones sent it within the same pass, as in the
// sequential loop of Fig. 6. CRM is the guaranteed RankMass (Guarantee);
// Cost.Iterations counts the windows.
//
// The window is chosen in Refill among the parked pages of F (every page
// joins F parked) and pushed into the Frontier with rm as key, so the
// window is downloaded in decreasing rm (and, on the politeness clock, by
// host). The pass runs in Downloaded of the window's last page, so the
// guarantee sampled after that download includes it; on the politeness
// clock that is the last window page to complete, since the next window is
// chosen only once nothing is in flight. With w = 100% every window is the
// whole of F, that is the next breadth-first level: the pages downloaded per
// level are l-neighbor's (docs/algorithms.md section 3, example 4).
type windowedRankMass struct {
	c      *Crawl
	window float64
	rm     []float64 // the Frontier's keys
	crm    float64
	parked []uint32 // F, while no window is open
	left   int      // pages of the current window not yet downloaded
	// touched keeps the loads of pass's prefetching from being removed.
	touched uint64
	// When the crawl may take the memory (outListsBytes), outOfD holds
	// the out-lists of the downloaded pages in download order, the k-th
	// from outStart[k] to outStart[k+1], so that a pass reads them in the
	// order it spreads rm: one after another in memory, not each where
	// the graph keeps it, which on graphs larger than the processor's
	// caches is most of what a pass costs. nil when it may not.
	outOfD   []uint32
	outStart []int
	// When it may take less, but at least packedOutListsLeast, packed
	// holds them packed (windowedpacked.go); nil when it may not.
	packed  []byte
	scratch []uint32 // a list being packed
	ahead   []uint32 // the slots passPacked prefetches
	// With either copy, the seeds' rm moves during a pass to work[n:],
	// the keys' room after the n pages (keysWithSeedSlots), the k-th
	// seed's to work[n+k], so that a dangling page's share is added to
	// one run of memory; the copied lists name a seed by that slot, and
	// slotOfD[k] is the k-th downloaded page's slot. nil without a copy.
	// After the seeds' slots, work has padSlots more, which the unpacked
	// copy's pads name; padOfD[k] is the number of pads of the k-th
	// downloaded page's list in outOfD.
	work    []float64
	slotOfD []uint32
	padOfD  []uint8
	// due holds the dangling pages' shares not yet added to the seeds
	// during a pass over the copied lists (passCopied).
	due []float64
	// prefetchTargets: a pass over either copy prefetches the rm of the
	// pages ahead and of their out-neighbours, when work takes at least
	// prefetchFrom bytes: unless set before Start, prefetchTargetsFrom
	// where prefetch.Available, else never.
	prefetchTargets bool
	prefetchFrom    int
}

func init() {
	register(Info{
		StrategyInfo: StrategyInfo{
			ID:      "windowed-rankmass",
			Rank:    16,
			Presets: map[string]int{PresetDefault: 5, PresetRankMassCrawler: 4},
			Name:    "Windowed RankMass",
			Paper:   "001",
			Section: "§4.3, Fig. 6",
			Summary: "RankMass in batches: cheaper to run, with the same kind of promise.",
			Doc: "RankMass in batches: downloads the top window share of the frontier by rm, then spreads rm in one " +
				"pass over the downloaded pages. 100% is l-neighbor's levels; small windows approach RankMass.",
			Params: []Param{{
				Name:    "window",
				Doc:     "share of the frontier downloaded per iteration; every iteration ends with a pass over all downloaded pages, so tiny windows cost O(|D|) per download",
				Default: 0.1,
				Min:     1e-9,
				Max:     1,
			}},
			Guaranteed: true,
			Cost:       400, // a pass over the downloaded pages per window (233 on cnr-2000)
		},
		New:             func(v Values) Strategy { return &windowedRankMass{window: v["window"]} },
		SpareBytes:      outListsBytes,
		LeastSpareBytes: packedOutListsLeast,
		// every window's pass reads all of D, and the last windows
		// download a page each: at 13 M pages, 99% of the downloads
		// in 4 min 21 s of the crawl's 11 min 33 s
		UnevenProgress: true,
	})
}

// outListsBytes is the memory of windowed-rankmass's copy of the
// downloaded pages' out-lists (outOfD with its pads, outStart, slotOfD,
// padOfD) when pages are reached on a graph of links links.
func outListsBytes(pages, links int64) int64 {
	return 4*(links+(padSlots-1)*pages) + 8*(pages+1) + 4*pages + pages
}

// seedSlots: a pass keeps the seeds' rm after the pages' (work).
func (*windowedRankMass) seedSlots() {}

// readsReachable: F's array is sized by it (Config.LearnReachable).
func (*windowedRankMass) readsReachable() {}

func (s *windowedRankMass) Start(c *Crawl) error {
	s.c = c
	// rm lives in the Frontier's keys: a window's pages are pushed with
	// their rm as key, and no rm changes while they are held (the pass
	// runs once they are all downloaded); the other pages are not held.
	s.rm = c.front.key
	// F holds at most the reachable pages: the array never grows.
	s.parked = make([]uint32, 0, c.reachable)
	n, seeds := len(s.rm), len(c.seeds)
	// A seed's slot, n+k, must be a page number, and New leaves room
	// for the slots (keysWithSeedSlots).
	if int64(n)+int64(seeds)+padSlots > math.MaxUint32+1 || cap(s.rm) < n+seeds+padSlots {
		return nil
	}
	links := c.g.NumArcs()
	if c.mayTake(outListsBytes(int64(c.reachable), links)) {
		// The reachable pages' links are at most the graph's, and each
		// list has at most padSlots-1 pads: no array grows.
		s.outOfD = make([]uint32, 0, links+(padSlots-1)*int64(c.reachable))
		s.outStart = make([]int, 1, c.reachable+1)
		s.slotOfD = make([]uint32, 0, c.reachable)
		s.padOfD = make([]uint8, 0, c.reachable)
		s.work = s.rm[:n+seeds+padSlots]
	} else {
		s.startPacked(c.cfg.SpareBytes)
	}
	if s.prefetchFrom == 0 {
		s.prefetchFrom = prefetchTargetsFrom
		if !prefetch.Available {
			// nothing to issue: the pass keeps its loads ahead
			s.prefetchFrom = math.MaxInt
		}
	}
	s.prefetchTargets = s.work != nil && 8*(n+seeds) >= s.prefetchFrom
	return nil
}

// Discover parks the page; a seed starts with rm = (1-d)·t.
func (s *windowedRankMass) Discover(page, parent uint32) {
	if parent == NoParent {
		s.rm[page] = (1 - s.c.damping) * s.c.trustOfSeed(page)
	}
	s.parked = append(s.parked, page)
}

// Downloaded runs the pass over D after the window's last download.
func (s *windowedRankMass) Downloaded(page uint32) {
	if s.slotOfD != nil {
		s.copyOut(page)
	}
	s.left--
	if s.left == 0 {
		s.pass()
	}
}

// slotOf returns page p's slot in work: p, or n+k for the k-th seed. p
// is discovered (a downloaded page, or an out-neighbour of one:
// Crawl.download), and the seeds are discovered first, in order
// (Crawl.Discovery): a page is the k-th seed exactly when its discovery
// number k is below their count.
func (s *windowedRankMass) slotOf(p uint32) uint32 {
	if q := s.c.seq[p]; q < uint32(len(s.c.seeds)) {
		return uint32(len(s.rm)) + q
	}
	return p
}

// toSlots names each page of list by its slot (slotOf), in place.
func (s *windowedRankMass) toSlots(list []uint32) {
	for k, p := range list {
		list[k] = s.slotOf(p)
	}
}

// copyOut appends page's out-list to the copy, each page named by its
// slot in work (slotOf).
func (s *windowedRankMass) copyOut(page uint32) {
	c := s.c
	slot := s.slotOf(page)
	if s.outStart == nil {
		s.packOut(slot, c.links.Out(page))
		if s.slotOfD != nil {
			s.slotOfD = append(s.slotOfD, slot)
		}
		return
	}
	out := c.links.Out(page)
	// a dangling page's list stays empty (passCopied)
	pads := (padSlots - len(out)%padSlots) % padSlots
	for k := range pads {
		s.outOfD = append(s.outOfD, uint32(len(s.rm)+len(c.seeds)+k))
	}
	s.padOfD = append(s.padOfD, uint8(pads))
	at := len(s.outOfD)
	s.outOfD = append(s.outOfD, out...)
	s.toSlots(s.outOfD[at:])
	seedsLast(s.outOfD[at:], uint32(len(s.rm)))
	s.outStart = append(s.outStart, len(s.outOfD))
	s.slotOfD = append(s.slotOfD, slot)
}

// seedsLast moves the seeds' slots (n and above) of list to its end, so
// that a pass sees from its last slot whether a page links to a seed
// (passCopied). A pass adds one share to every page of a list, so their
// order within it changes no sum.
func seedsLast(list []uint32, n uint32) {
	end := len(list)
	for k := 0; k < end; {
		if list[k] >= n {
			end--
			list[k], list[end] = list[end], list[k]
			continue
		}
		k++
	}
}

// Refill opens the next window: the top ⌈w·|F|⌉ parked pages by rm.
func (s *windowedRankMass) Refill(int) (int, bool, error) {
	c := s.c
	k := windowSize(s.window, len(s.parked))
	selectTop(s.parked, k, s.rm, c.seq)
	for _, p := range s.parked[:k] {
		c.front.Push(p, s.rm[p])
	}
	s.parked = append(s.parked[:0], s.parked[k:]...)
	s.left = k
	c.cost.Iterations++
	return 1, true, nil
}

// Guarantee returns CRM.
func (s *windowedRankMass) Guarantee() float64 { return s.crm }

// windowSize returns ⌈w·f⌉, at least 1 and at most f. A product within
// 1e-9 (relative) of a whole number counts as that number, so that 10% of
// 30 is 3 pages although 0.1·30 is 3.0000000000000004 in floating point.
func windowSize(w float64, f int) int {
	x := w * float64(f)
	k := math.Ceil(x)
	if r := math.Round(x); math.Abs(x-r) <= 1e-9*x {
		k = r
	}
	return min(max(int(k), 1), f)
}

// selectTop reorders pages so that pages[:k] are the k best by key (larger
// first), then discovery number, then id: the order of pageHeap. It is a
// quickselect with a median-of-three pivot, falling back to sorting a range
// that fails to shrink; expected time O(len(pages)).
func selectTop(pages []uint32, k int, key []float64, seq []uint32) {
	if k >= len(pages) {
		return
	}
	better := func(a, b uint32) bool { return before(key, seq, a, b) }
	lo, hi := 0, len(pages)
	for rounds := 0; hi-lo > 16; rounds++ {
		if rounds > 64 {
			slices.SortFunc(pages[lo:hi], func(a, b uint32) int {
				switch {
				case a == b:
					return 0
				case better(a, b):
					return -1
				}
				return 1
			})
			return
		}
		mid := lo + (hi-lo)/2
		last := hi - 1
		// median of pages[lo], pages[mid], pages[last], moved to last
		if better(pages[mid], pages[lo]) {
			pages[mid], pages[lo] = pages[lo], pages[mid]
		}
		if better(pages[last], pages[lo]) {
			pages[last], pages[lo] = pages[lo], pages[last]
		}
		if better(pages[mid], pages[last]) {
			pages[mid], pages[last] = pages[last], pages[mid]
		}
		pivot := pages[last]
		store := lo
		for i := lo; i < last; i++ {
			if better(pages[i], pivot) {
				pages[i], pages[store] = pages[store], pages[i]
				store++
			}
		}
		pages[store], pages[last] = pages[last], pages[store]
		switch {
		case store == k || store == k-1:
			return
		case k < store:
			hi = store
		default:
			lo = store + 1
		}
	}
	// insertion sort of the small range left
	for i := lo + 1; i < hi; i++ {
		for j := i; j > lo && better(pages[j], pages[j-1]); j-- {
			pages[j], pages[j-1] = pages[j-1], pages[j]
		}
	}
}
