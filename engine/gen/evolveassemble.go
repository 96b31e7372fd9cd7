// The Evolver's stage "assemble" apart from URLs: the later graph's
// out-lists (merged from kept, added and discovery links), its host table,
// and the maps between the snapshots.

package gen

import (
	"fmt"
	"slices"

	"github.com/crawlsim/crawlsim/engine/graph"
)

// countDiscovery clears mark, then counts the discovery links of every
// page in it.
func (e *Evolver) countDiscovery(limit int64) (int64, bool) {
	if e.mark == nil {
		e.mark = make([]uint32, e.total)
	}
	return e.pass(limit, e.total+e.added, func(lo, hi int) {
		clear(e.mark[min(lo, e.total):min(hi, e.total)])
		for k := max(lo, e.total); k < hi; k++ {
			if p := e.parent[k-e.total]; p != NoPage {
				e.mark[p]++
			}
		}
	})
}

// startDiscovery turns the counts in mark into where each page's discovery
// links start.
func (e *Evolver) startDiscovery(limit int64) (int64, bool) {
	if e.page == 0 {
		e.discovered = make([]uint32, e.discovery)
		e.kept = 0 // the running sum
	}
	return e.pass(limit, e.total, func(lo, hi int) {
		sum := uint32(e.kept)
		for i := lo; i < hi; i++ {
			sum, e.mark[i] = sum+e.mark[i], sum
		}
		e.kept = int(sum)
	})
}

// groupDiscovery lists the discovery links' targets by source; mark[i] is
// then where page i's end.
func (e *Evolver) groupDiscovery(limit int64) (int64, bool) {
	did, finished := e.pass(limit, e.added, func(lo, hi int) {
		for j := lo; j < hi; j++ {
			if p := e.parent[j]; p != NoPage {
				e.discovered[e.mark[p]] = uint32(e.n + j)
				e.mark[p]++
			}
		}
	})
	if finished {
		e.parent, e.kept = nil, 0
	}
	return did, finished
}

// buildLists writes the later graph's out-lists, sorted, page by page: a
// surviving page keeps g's links that were not removed (sorted already),
// merged with its added links, then its discovery links (all to new pages,
// so after the others); a new page's own links are merged with its
// discovery links, which may repeat one of them.
func (e *Evolver) buildLists(limit int64) (int64, bool) {
	if e.offsets == nil {
		e.offsets = make([]uint64, e.total+1)
		e.targets = make([]uint32, 0, e.between-e.drop+len(e.addedTo)+len(e.ownLinks)+len(e.discovered))
	}
	did, finished := e.pass(limit, e.total, func(lo, hi int) {
		discStart := uint32(0)
		if lo > 0 {
			discStart = e.mark[lo-1]
		}
		for i := lo; i < hi; i++ {
			e.offsets[i] = uint64(len(e.targets))
			disc := e.discovered[discStart:e.mark[i]]
			discStart = e.mark[i]
			switch {
			case i >= e.n:
				j := i - e.n
				own := e.ownLinks[e.ownPos : e.ownPos+int(e.ownCount[j])]
				e.ownPos += len(own)
				slices.Sort(own)
				e.targets = appendMerged(e.targets, own, disc)
			case !e.removed[i]:
				start := len(e.targets)
				for _, t := range e.succ.Out(uint32(i)) {
					if e.removed[t] {
						continue
					}
					if e.dropped[e.kept/64]&(1<<(e.kept%64)) == 0 {
						e.targets = append(e.targets, t)
					}
					e.kept++
				}
				if e.extra != nil {
					added := e.addedTo[e.addedPos : e.addedPos+int(e.extra[i])]
					e.addedPos += len(added)
					slices.Sort(added)
					e.targets = mergeInto(e.targets, start, added)
				}
				e.targets = append(e.targets, disc...)
			}
		}
	})
	if err := e.succ.Err(); err != nil {
		e.err = fmt.Errorf("gen: Evolve cannot read the graph: %w", err)
		return did, true
	}
	if finished {
		e.offsets[e.total] = uint64(len(e.targets))
		e.targets = slices.Clip(e.targets)
		e.mark, e.discovered, e.dropped, e.extra, e.addedTo, e.ownLinks, e.ownCount = nil, nil, nil, nil, nil, nil, nil
	}
	return did, finished
}

// appendMerged appends the union of the sorted lists a and b to dst,
// sorted, without repeats.
func appendMerged(dst, a, b []uint32) []uint32 {
	for len(a) > 0 && len(b) > 0 {
		switch {
		case a[0] < b[0]:
			dst, a = append(dst, a[0]), a[1:]
		case b[0] < a[0]:
			dst, b = append(dst, b[0]), b[1:]
		default:
			dst, a, b = append(dst, a[0]), a[1:], b[1:]
		}
	}
	return append(append(dst, a...), b...)
}

// mergeInto merges the sorted list add, which shares no entry with
// list[start:], into that sorted tail, from the back, in place.
func mergeInto(list []uint32, start int, add []uint32) []uint32 {
	k := len(list)
	list = append(list, add...)
	w, a := len(list), len(add)
	for a > 0 {
		w--
		if k > start && list[k-1] > add[a-1] {
			k--
			list[w] = list[k]
		} else {
			a--
			list[w] = add[a]
		}
	}
	return list
}

// buildHostTable writes the later snapshot's host of every page.
func (e *Evolver) buildHostTable(limit int64) (int64, bool) {
	if e.hosts == nil {
		return 0, true
	}
	if e.laterOf == nil {
		e.laterOf = make([]uint32, e.total)
	}
	return e.pass(limit, e.total, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			e.laterOf[i] = e.hostOf(uint32(i))
		}
	})
}

// buildMaps writes the maps between the snapshots and completes the
// evolution.
func (e *Evolver) buildMaps(limit int64) (int64, bool) {
	if e.maps == nil {
		e.maps = &Evolution{OldToNew: make([]uint32, e.n), NewToOld: make([]uint32, e.total)}
	}
	ev := e.maps
	did, finished := e.pass(limit, e.total, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			switch {
			case i >= e.n:
				ev.NewToOld[i] = NoPage
			case e.removed[i]:
				ev.OldToNew[i], ev.NewToOld[i] = NoPage, NoPage
			default:
				ev.OldToNew[i], ev.NewToOld[i] = uint32(i), uint32(i)
			}
		}
	})
	if !finished {
		return did, false
	}
	later := &graph.Graph{Offsets: e.offsets, Targets: e.targets, URLs: e.urls}
	if e.hosts != nil {
		later.Hosts = &graph.Hosts{Of: e.laterOf, Names: e.hostNames, Unparsed: e.hosts.Unparsed}
	}
	ev.Later = later
	e.result, e.maps = ev, nil
	e.offsets, e.targets, e.urls, e.laterOf, e.removed, e.survivors, e.livePages = nil, nil, nil, nil, nil, nil, nil
	return did, true
}
