package crawl

import (
	"math"

	"github.com/crawlsim/crawlsim/engine/internal/prefetch"
)

// pass spreads the rm of every downloaded page, in download order.
func (s *windowedRankMass) pass() {
	if s.work != nil {
		// With either copy, the seeds' rm moves to its slots for the
		// pass and back after it, so that each seed takes the same
		// additions in the same order.
		rm := s.work
		seedRM := rm[len(s.rm) : len(s.rm)+len(s.c.seeds)]
		for k, p := range s.c.seeds {
			seedRM[k] = rm[p]
		}
		if s.outStart != nil {
			s.passCopied(seedRM)
		} else {
			s.passPacked(seedRM)
		}
		for k, p := range s.c.seeds {
			rm[p] = seedRM[k]
		}
		return
	}
	c := s.c
	rm := s.rm
	order := c.order
	var touched uint64
	links := &c.links
	for k, i := range order {
		if k+prefetchDistance < len(order) {
			ahead := order[k+prefetchDistance]
			touched ^= math.Float64bits(rm[ahead]) ^ links.Touch(ahead)
		}
		s.expand(rm, i, links.Out(i), nil)
	}
	s.touched = touched
}

// passCopied is pass reading the out-lists from outOfD, with the seeds'
// rm in seedRM, their slots of work.
func (s *windowedRankMass) passCopied(seedRM []float64) {
	rm := s.work
	slots := s.slotOfD
	start := s.outStart
	c := s.c
	d := c.damping
	n := uint32(len(s.rm))
	// CRM stays in a register for the pass: through s.crm every visit
	// would wait for the last one's store.
	crm := s.crm
	// With trust uniform over the seeds and AVX2, the shares of dangling
	// pages wait in due until the seeds' rm is read: a seed's own visit,
	// or a page that links to seeds (copyOut puts those links last in its
	// list). Each seed then takes them in turn, in order (addEachToSlots).
	// Without AVX2 the runs gain nothing (under Node they cost more), and
	// each share is added at once.
	holdShares := c.uniformTrust && hasAVX2
	due := s.due[:0]
	var touched uint64
	for k, i := range slots {
		if !s.prefetchTargets {
			if k+prefetchDistance < len(slots) {
				touched ^= math.Float64bits(rm[slots[k+prefetchDistance]])
			}
		} else if k%prefetchGroup == 0 {
			a := min(k+prefetchAhead, len(slots))
			b := min(a+prefetchGroup, len(slots))
			prefetch.Float64s(&rm[0], slots[a:b])
			prefetch.Float64s(&rm[0], s.outOfD[start[a]:start[b]])
		}
		if i >= n && len(due) > 0 {
			addEachToSlots(seedRM, due)
			due = due[:0]
		}
		v := rm[i]
		if v == 0 {
			continue
		}
		rm[i] = 0
		crm += v
		out := s.outOfD[start[k]:start[k+1]]
		if len(out) == 0 {
			if holdShares {
				due = append(due, float64(d*v*c.seedTrust[0])) // float64(): as shareToSeeds
				if len(due) == maxDue {
					addEachToSlots(seedRM, due)
					due = due[:0]
				}
				continue
			}
			s.shareToSeeds(rm, d*v, seedRM)
			continue
		}
		if len(due) > 0 && out[len(out)-1] >= n {
			addEachToSlots(seedRM, due)
			due = due[:0]
		}
		// the list is padded (padSlots): its links are fewer by its pads
		x := d * v / float64(len(out)-int(s.padOfD[k]))
		for len(out) >= padSlots {
			p := out[:4:4]
			rm[p[0]] += x
			rm[p[1]] += x
			rm[p[2]] += x
			rm[p[3]] += x
			out = out[padSlots:]
		}
	}
	if len(due) > 0 {
		addEachToSlots(seedRM, due)
	}
	s.due = due
	s.crm = crm
	s.touched = touched
}

// maxDue bounds the shares a pass over the copied lists holds back
// (passCopied): a crawl of cnr-2000 from 160 seeds adds 14.5 M of them
// in 1.42 M runs, 10.2 a run on average.
const maxDue = 64

// expand spreads the rm of downloaded page i (rm[i]) over its out-links
// out, or along the trust of the seeds when it has none, adds it to CRM
// and sets it to 0. The seeds' rm is seedRM, the k-th seed's seedRM[k],
// or, when seedRM is nil, rm at the seeds' pages.
func (s *windowedRankMass) expand(rm []float64, i uint32, out []uint32, seedRM []float64) {
	v := rm[i]
	if v == 0 {
		return
	}
	c := s.c
	d := c.damping
	rm[i] = 0
	s.crm += v
	if len(out) == 0 {
		s.shareToSeeds(rm, d*v, seedRM)
		return
	}
	addToAll(rm, out, d*v/float64(len(out)))
}

// shareToSeeds spreads dv, d times a dangling page's rm, along the trust
// of the seeds: to seedRM, the seeds' slots, or when it is nil to rm at
// the seeds' pages.
func (s *windowedRankMass) shareToSeeds(rm []float64, dv float64, seedRM []float64) {
	c := s.c
	switch {
	case c.uniformTrust && seedRM != nil:
		// the same share for every seed, computed once, added to one
		// run of memory
		addToSlots(seedRM, float64(dv*c.seedTrust[0])) // float64(): no fused multiply-add
	case c.uniformTrust:
		addToMany(rm, c.seeds, float64(dv*c.seedTrust[0]))
	case seedRM != nil:
		for k, t := range c.seedTrust {
			seedRM[k] += float64(dv * t)
		}
	default:
		for k, j := range c.seeds {
			rm[j] += float64(dv * c.seedTrust[k])
		}
	}
}

// addToAll adds x to rm[p] for every page p of pages, in order, four at a
// time (the loop's own instructions were as many as the additions').
func addToAll(rm []float64, pages []uint32, x float64) {
	k := 0
	for ; k+4 <= len(pages); k += 4 {
		p := pages[k : k+4 : k+4]
		rm[p[0]] += x
		rm[p[1]] += x
		rm[p[2]] += x
		rm[p[3]] += x
	}
	for _, p := range pages[k:] {
		rm[p] += x
	}
}

// addToMany is addToAll sixteen at a time, for the seeds (a dangling page's
// share goes to every seed: 2.3 G of the 2.9 G additions of a crawl of
// cnr-2000 from 160 seeds). Go's WebAssembly turns every jump back to a
// loop's head into a jump through the function's table of blocks, which
// the longer body pays once per sixteen additions: the crawl of cnr-2000
// runs about a quarter faster under Node's WebAssembly, natively as fast.
// The additions are the same, in the same order.
func addToMany(rm []float64, pages []uint32, x float64) {
	for len(pages) >= 16 {
		p := pages[:16:16]
		rm[p[0]] += x
		rm[p[1]] += x
		rm[p[2]] += x
		rm[p[3]] += x
		rm[p[4]] += x
		rm[p[5]] += x
		rm[p[6]] += x
		rm[p[7]] += x
		rm[p[8]] += x
		rm[p[9]] += x
		rm[p[10]] += x
		rm[p[11]] += x
		rm[p[12]] += x
		rm[p[13]] += x
		rm[p[14]] += x
		rm[p[15]] += x
		pages = pages[16:]
	}
	addToAll(rm, pages, x)
}

// prefetchDistance is how many pages ahead of the one it spreads the pass
// loads the rm and the link offset of a page, so that the cache misses of
// pages in download order (scattered over the graph) overlap with the work
// on the pages between: a load whose value is only folded into a word
// kept aside (windowedRankMass.touched) brings the line in. About a fifth
// faster on cnr-2000. Under WebAssembly, which has no prefetch
// instruction, it is the only way; on amd64 a pass over a copy of the
// lists prefetches instead on larger graphs (prefetchTargetsFrom).
const prefetchDistance = 6

// When the rm of the pages and seeds (windowedRankMass.work) takes at
// least prefetchTargetsFrom bytes and prefetch.Available (amd64), a pass
// over either copy of the lists asks the processor, every prefetchGroup
// pages, for the rm of the prefetchGroup pages prefetchAhead further on
// and of all their out-neighbours (prefetch.Float64s), instead of loading
// the rm of the page prefetchDistance ahead: a prefetch waits for
// nothing, so the misses of a few hundred additions overlap, where a
// load holds the loop back once the processor's window of instructions
// is full. A crawl of the default generated webs from their 160 pages of
// highest PageRank (docs/performance.md, "The tenth round"), over the
// unpacked copy: 4 M pages 57.5 s without, 36 s with; 2 M 16.5-21.8 s,
// 14.4-14.8 s; 1.5 M 11.3-11.8 s, 10.2-10.3 s; over the packed copy, 4 M
// pages 80-83 s, 53.5-58.6 s. Below the threshold the rm mostly stays in
// the caches and a prefetch is one more instruction a link for nothing:
// prefetching took 1 M pages from 5.5 s to 5.9 s, cnr-2000 from 1.5 s to
// 1.9 s.
const (
	prefetchTargetsFrom = 10 << 20
	prefetchGroup       = 16
	prefetchAhead       = 32
)

// padSlots is the multiple of which windowed-rankmass's copied out-lists
// are (passCopied): a list is padded in front with up to padSlots-1 slots
// after the seeds' (the keys' room, keysWithSeedSlots), the pth pad with
// the pth of them, whose sums no one reads. A pass then adds along a list
// four links a turn with no loop for the rest, whose varying length the
// processor mispredicts at nearly every page: a crawl of cnr-2000 from
// its 160 pages of highest PageRank went from 1.02-1.11 s to 0.92-0.97 s
// (docs/performance.md, "The fourteenth round"), with 11% more additions.
// The pass's loop is written out for four.
const padSlots = 4
