// The Evolver's stage "links": removing links between surviving pages,
// drawing the sources and targets of the added links, and linking the new
// pages (their discovery link and their out-links).

package gen

// countIntraLinks finds the share of g's links that stay on their host (0
// when g has no links or no hosts).
func (e *Evolver) countIntraLinks(limit int64) (int64, bool) {
	if e.hosts == nil || e.m == 0 {
		return 0, true
	}
	did, finished := e.pass(limit, e.n, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			h := e.hosts.Of[i]
			for _, t := range e.succ.Out(uint32(i)) {
				if e.hosts.Of[t] == h {
					e.intraLinks++
				}
			}
		}
	})
	if finished {
		e.intraShare = float64(e.intraLinks) / float64(e.m)
	}
	return did, finished
}

// countBetween counts g's links between surviving pages.
func (e *Evolver) countBetween(limit int64) (int64, bool) {
	did, finished := e.pass(limit, len(e.survivors), func(lo, hi int) {
		for _, s := range e.survivors[lo:hi] {
			for _, t := range e.succ.Out(s) {
				if !e.removed[t] {
					e.between++
				}
			}
		}
	})
	if finished {
		e.drop = min(roundCount(e.p.RemovedLinks, e.m), e.between)
		e.dropped = make([]uint64, (e.between+63)/64)
	}
	return did, finished
}

// dropLinks chooses the links between surviving pages to remove, uniformly
// by Floyd's sampling over their positions.
func (e *Evolver) dropLinks(limit int64) (int64, bool) {
	return e.pass(limit, e.drop, func(lo, hi int) {
		for j := e.between - e.drop + lo; j < e.between-e.drop+hi; j++ {
			t := int(below(e.rng, uint64(j+1)))
			if e.dropped[t/64]&(1<<(t%64)) != 0 {
				t = j
			}
			e.dropped[t/64] |= 1 << (t % 64)
		}
	})
}

// linkSources finds the source page of a link position of g in expected
// O(1) time. Bucket b covers the positions [b·width, (b+1)·width) and
// first[b] is the page holding position b·width; a lookup starts there and
// walks forward past the pages whose links end before the position. With
// width = ceil(m/n), a walk passes on average, over uniform positions,
// fewer than two pages: it passes only pages that end in the position's
// bucket, n pages over about n buckets.
type linkSources struct {
	offsets []uint64
	width   uint64
	first   []uint32
}

// indexSources builds the linkSources of g when links are to be added;
// on a graph.Lists also when new pages are (drawOnce finds there the page
// holding a link position).
func (e *Evolver) indexSources(limit int64) (int64, bool) {
	e.newLinks = roundCount(e.p.NewLinks, e.m)
	if e.m == 0 || (e.newLinks == 0 || len(e.survivors) == 0) && (e.g.IsCSR() || e.added == 0) {
		return 0, true
	}
	x := &e.sources
	if x.first == nil {
		m, n := uint64(e.m), uint64(e.n)
		x.offsets = e.oldOffsets
		x.width = (m + n - 1) / n
		x.first = make([]uint32, (m+x.width-1)/x.width)
	}
	return e.pass(limit, e.n, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			start, end := x.offsets[i], x.offsets[i+1]
			for b := (start + x.width - 1) / x.width; b*x.width < end; b++ {
				x.first[b] = uint32(i)
			}
		}
	})
}

// source returns the page whose out-links hold position a < m.
func (x *linkSources) source(a uint64) uint32 {
	i := x.first[a/x.width]
	for x.offsets[i+1] <= a {
		i++
	}
	return i
}

// drawSources draws the sources of the links to add between survivors
// (see Evolve), before any target, so that each page's new links are drawn
// together and kept distinct.
func (e *Evolver) drawSources(limit int64) (int64, bool) {
	if len(e.survivors) == 0 || e.newLinks == 0 {
		return 0, true
	}
	if e.extra == nil {
		e.extra = make([]uint32, e.n)
		e.mark = make([]uint32, e.total)
	}
	return e.pass(limit, e.newLinks, func(lo, hi int) {
		for range hi - lo {
			s := e.survivors[below(e.rng, uint64(len(e.survivors)))]
			if e.m > 0 && unitFloat(e.rng) < 0.5 {
				if src := e.sources.source(below(e.rng, uint64(e.m))); !e.removed[src] {
					s = src
				}
			}
			e.extra[s]++
		}
	})
}

// addLinks draws the new links of the surviving pages, in id order, and
// replaces each page's count in extra by the links actually added.
func (e *Evolver) addLinks(limit int64) (int64, bool) {
	if e.extra == nil {
		return 0, true
	}
	if e.addedTo == nil {
		e.addedTo = make([]uint32, 0, e.newLinks)
		if e.g.IsCSR() {
			e.sources = linkSources{}
		}
	}
	return e.pass(limit, len(e.survivors), func(lo, hi int) {
		for _, s := range e.survivors[lo:hi] {
			if e.extra[s] == 0 {
				continue
			}
			for _, t := range e.succ.Out(s) {
				e.mark[t] = s + 1
			}
			added := uint32(0)
			for k := uint32(0); k < e.extra[s]; k++ {
				if t, ok := e.drawTarget(s, true); ok {
					e.mark[t] = s + 1
					e.addedTo = append(e.addedTo, t)
					added++
				}
			}
			e.extra[s] = added
		}
	})
}

// linkNewPages gives every new page its discovery link and its out-links.
func (e *Evolver) linkNewPages(limit int64) (int64, bool) {
	g := e.g
	if e.parent == nil {
		e.parent = make([]uint32, e.added)
		e.ownCount = make([]uint32, e.added)
		e.seen = make([]int, len(e.hostNames))
		if e.mark == nil {
			e.mark = make([]uint32, e.total)
		}
	}
	did, finished := e.pass(limit, e.added, func(lo, hi int) {
		for j := lo; j < hi; j++ {
			p := uint32(e.n + j)
			e.parent[j] = NoPage
			if parent, ok := e.discoverer(j); ok {
				e.parent[j] = parent
				e.discovery++
			}
			if len(e.survivors) == 0 {
				continue
			}
			d := g.OutDegree(e.survivors[below(e.rng, uint64(len(e.survivors)))])
			d = min(d, e.total-(e.n-len(e.survivors))-1)
			for k := 0; k < d; k++ {
				if t, ok := e.drawTarget(p, false); ok {
					e.mark[t] = p + 1
					e.ownLinks = append(e.ownLinks, t)
					e.ownCount[j]++
				}
			}
		}
	})
	if finished {
		e.seen = nil
	}
	return did, finished
}

// discoverer returns the page that links to new page n+j so that a crawl
// finds it: a uniform earlier live page of its host, or a uniform surviving
// page for the first page of a new host (any earlier live page when g has
// no hosts). It reports false when there is none.
func (e *Evolver) discoverer(j int) (uint32, bool) {
	if e.hosts == nil {
		earlier := len(e.survivors) + j
		if earlier == 0 {
			return 0, false
		}
		r := int(below(e.rng, uint64(earlier)))
		if r < len(e.survivors) {
			return e.survivors[r], true
		}
		return uint32(e.n + r - len(e.survivors)), true
	}
	h := e.newHost[j]
	earlier := e.hostSurvivors[h] + e.seen[h]
	e.seen[h]++
	if earlier > 0 {
		return e.livePages[e.hostStart[h]+int(below(e.rng, uint64(earlier)))], true
	}
	if len(e.survivors) > 0 {
		return e.survivors[below(e.rng, uint64(len(e.survivors)))], true
	}
	if j > 0 {
		return uint32(e.n + int(below(e.rng, uint64(j)))), true
	}
	return 0, false
}

// drawTarget draws a target for a new link of page s that s does not link
// to yet: among surviving pages when survivorsOnly, else among all live
// pages. It stays on s's host with probability intraShare (when the host has
// another candidate page), copies the target of a uniform link of g with
// probability evolveCopyProbability when that one qualifies, and otherwise
// takes a uniform candidate. After maxTries draws that hit pages s already
// links to, it tries the other kind of link (off the host instead of on it,
// or the reverse) as many times, and then reports false.
func (e *Evolver) drawTarget(s uint32, survivorsOnly bool) (uint32, bool) {
	c := targetChoice{s: s, live: len(e.survivors)}
	if !survivorsOnly {
		c.live += e.total - e.n
	}
	if e.hosts != nil {
		c.host = e.hostOf(s)
		c.hostPool = e.livePages[e.hostStart[c.host]:e.hostStart[c.host+1]]
		if survivorsOnly {
			c.hostPool = c.hostPool[:e.hostSurvivors[c.host]]
		}
		c.intra = len(c.hostPool) > 1 && unitFloat(e.rng) < e.intraShare
	}
	for kind := 0; kind < 2; kind++ {
		for try := 0; try < maxTries; try++ {
			if t, ok := e.drawOnce(&c); ok && t != s && e.mark[t] != s+1 {
				return t, true
			}
		}
		if e.hosts == nil || (!c.intra && len(c.hostPool) <= 1) {
			break
		}
		c.intra = !c.intra
	}
	return 0, false
}

// targetChoice is what drawTarget knows about the link it draws.
type targetChoice struct {
	s        uint32   // the source
	host     uint32   // the source's host
	intra    bool     // whether the link stays on the host
	hostPool []uint32 // the candidate pages on the host
	live     int      // candidate pages: the survivors, then any new pages
}

// linkTarget returns the target of g's link at position a < m.
func (e *Evolver) linkTarget(a uint64) uint32 {
	if e.g.IsCSR() {
		return e.g.Targets[a]
	}
	s := e.sources.source(a)
	return e.succ.Out(s)[a-e.oldOffsets[s]]
}

// drawOnce draws one candidate target, and reports false when the draw
// does not qualify (an inter-host link that would stay on the host).
func (e *Evolver) drawOnce(c *targetChoice) (uint32, bool) {
	if e.m > 0 && unitFloat(e.rng) < evolveCopyProbability {
		t := e.linkTarget(below(e.rng, uint64(e.m)))
		if !e.removed[t] && (e.hosts == nil || (e.hosts.Of[t] == c.host) == c.intra) {
			return t, true
		}
	}
	if c.intra {
		return c.hostPool[below(e.rng, uint64(len(c.hostPool)))], true
	}
	r := int(below(e.rng, uint64(c.live)))
	t := uint32(e.n + r - len(e.survivors))
	if r < len(e.survivors) {
		t = e.survivors[r]
	}
	return t, e.hosts == nil || e.hostOf(t) != c.host
}
