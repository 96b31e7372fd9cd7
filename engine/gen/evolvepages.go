// The Evolver's stage "pages": choosing the pages to remove, assigning
// the new pages to old or new hosts, and grouping the live pages by host.

package gen

import (
	"strconv"

	"github.com/crawlsim/crawlsim/engine/graph"
)

// listCandidates lists the pages that may be removed: all but the first
// page of every host.
func (e *Evolver) listCandidates(limit int64) (int64, bool) {
	if e.removed == nil {
		e.removed = make([]bool, e.n)
		e.candidates = make([]uint32, 0, e.n)
		if e.hosts != nil {
			e.rooted = make([]bool, len(e.hosts.Names))
		}
	}
	did, finished := e.pass(limit, e.n, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			if e.hosts != nil {
				h := e.hosts.Of[i]
				if !e.rooted[h] {
					e.rooted[h] = true
					continue
				}
			}
			e.candidates = append(e.candidates, uint32(i))
		}
	})
	if finished {
		e.rooted = nil
		e.removals = min(roundCount(e.p.RemovedPages, e.n), len(e.candidates))
	}
	return did, finished
}

// removePages removes e.removals of the candidates, uniformly, by Floyd's
// sampling (exactly one draw each): draw j picks among the first
// len-removals+j+1 candidates.
func (e *Evolver) removePages(limit int64) (int64, bool) {
	c := e.candidates
	did, finished := e.pass(limit, e.removals, func(lo, hi int) {
		for j := len(c) - e.removals + lo; j < len(c)-e.removals+hi; j++ {
			t := c[below(e.rng, uint64(j+1))]
			if e.removed[t] {
				t = c[j]
			}
			e.removed[t] = true
		}
	})
	if finished {
		e.candidates = nil
	}
	return did, finished
}

// listSurvivors lists the pages that were not removed.
func (e *Evolver) listSurvivors(limit int64) (int64, bool) {
	if e.survivors == nil {
		e.survivors = make([]uint32, 0, e.n-e.removals)
	}
	return e.pass(limit, e.n, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			if !e.removed[i] {
				e.survivors = append(e.survivors, uint32(i))
			}
		}
	})
}

// copyHostNames starts the later host names with g's, and when pages are
// added, collects g's names so that new hosts avoid them.
func (e *Evolver) copyHostNames(limit int64) (int64, bool) {
	if e.hosts == nil {
		return 0, true
	}
	names := e.hosts.Names
	if e.page == 0 {
		e.noHost = -1
		e.hostNames = make([]string, len(names), len(names)+1)
		if e.added > 0 {
			e.usedNames = make(map[string]uint32, len(names))
		}
	}
	return e.pass(limit, len(names), func(lo, hi int) {
		copy(e.hostNames[lo:hi], names[lo:hi])
		for k, name := range names[lo:hi] {
			if e.usedNames != nil {
				e.usedNames[name] = uint32(lo + k)
			}
			if e.noHost < 0 && e.hosts.Unparsed > 0 && name == graph.NoHost {
				e.noHost = lo + k
			}
		}
	})
}

// hostOf returns the host of page i of the later snapshot.
func (e *Evolver) hostOf(i uint32) uint32 {
	if int(i) < e.n {
		return e.hosts.Of[i]
	}
	return e.newHost[int(i)-e.n]
}

// addPages assigns the new pages to hosts: a new host with probability h/n,
// else the host of a uniform page among the old and earlier new ones. A
// page drawn on the host of unparseable URLs starts a new host instead.
func (e *Evolver) addPages(limit int64) (int64, bool) {
	if e.hosts == nil {
		return 0, true
	}
	if e.newHost == nil {
		e.newHost = make([]uint32, e.added)
		e.newHostShare = 1.0
		if e.n > 0 {
			e.newHostShare = float64(len(e.hosts.Names)) / float64(e.n)
		}
		e.nextName = len(e.hostNames)
	}
	did, finished := e.pass(limit, e.added, func(lo, hi int) {
		for j := lo; j < hi; j++ {
			if e.n+j > 0 && unitFloat(e.rng) >= e.newHostShare {
				if h := e.hostOf(uint32(below(e.rng, uint64(e.n+j)))); int(h) != e.noHost {
					e.newHost[j] = h
					continue
				}
			}
			name := "host" + strconv.Itoa(e.nextName) + ".example"
			for e.isUsed(name) {
				e.nextName++
				name = "host" + strconv.Itoa(e.nextName) + ".example"
			}
			e.nextName++
			e.newHost[j] = uint32(len(e.hostNames))
			e.hostNames = append(e.hostNames, name)
		}
	})
	if finished {
		e.usedNames, e.hostsBuilder = nil, nil
	}
	return did, finished
}

// isUsed reports whether g has a host named name.
func (e *Evolver) isUsed(name string) bool {
	_, used := e.usedNames[name]
	return used
}

// countLivePages counts the surviving and the new pages of every host.
func (e *Evolver) countLivePages(limit int64) (int64, bool) {
	if e.hosts == nil {
		return 0, true
	}
	if e.hostStart == nil {
		e.hostStart = make([]int, len(e.hostNames)+1)
		e.hostSurvivors = make([]int, len(e.hostNames))
	}
	return e.pass(limit, e.n+e.added, func(lo, hi int) {
		for k := lo; k < hi; k++ {
			switch {
			case k < len(e.survivors):
				e.hostSurvivors[e.hosts.Of[e.survivors[k]]]++
			case k >= e.n:
				e.hostStart[e.newHost[k-e.n]+1]++
			}
		}
	})
}

// startLivePages turns the counts into the start of every host's pages.
func (e *Evolver) startLivePages(limit int64) (int64, bool) {
	if e.hosts == nil {
		return 0, true
	}
	h := len(e.hostNames)
	if e.placed == nil {
		e.placed = make([]int, h)
	}
	did, finished := e.pass(limit, h, func(lo, hi int) {
		for k := lo; k < hi; k++ {
			e.hostStart[k+1] += e.hostStart[k] + e.hostSurvivors[k]
			e.placed[k] = e.hostStart[k]
		}
	})
	if finished {
		e.livePages = make([]uint32, e.hostStart[h])
	}
	return did, finished
}

// groupLivePages lists the live pages of every host (see Evolver).
func (e *Evolver) groupLivePages(limit int64) (int64, bool) {
	if e.hosts == nil {
		return 0, true
	}
	did, finished := e.pass(limit, e.n+e.added, func(lo, hi int) {
		for k := lo; k < hi; k++ {
			switch {
			case k < len(e.survivors):
				s := e.survivors[k]
				h := e.hosts.Of[s]
				e.livePages[e.placed[h]] = s
				e.placed[h]++
			case k >= e.n:
				h := e.newHost[k-e.n]
				e.livePages[e.placed[h]] = uint32(k)
				e.placed[h]++
			}
		}
	})
	if finished {
		e.placed = nil
	}
	return did, finished
}
