package scenario

import (
	"math"
	"slices"

	"github.com/crawlsim/crawlsim/engine/gen"
	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graphio"
)

// snapshotMatch maps the pages of the current graph to the pages of a
// previous snapshot and carries the snapshot's PageRank over (Baeza-Yates et al. 2005,
// section 4.2; docs/algorithms.md section 3, hist-pagerank-*): by the evolution's map
// when the current graph was evolved from the snapshot; else by URL when
// both graphs have URLs; else by label when both are edge lists of labels;
// else by the ids the files use (an edge list's own ids when its pages were
// renumbered, the page numbers otherwise). It runs in two passes, each
// steppable: index the snapshot's keys, then look up every current page.
type snapshotMatch struct {
	by       string // "evolve", "url", "label" or "id"
	cur      *graph.Graph
	curKeys  []string // URLs or labels of the current pages
	oldKeys  []string // URLs or labels of the snapshot's pages
	curIDs   []uint64 // the current file's own ids; nil: the page numbers
	oldIDs   []uint64 // the snapshot file's own ids (increasing); nil: the page numbers
	oldPages int
	newToOld []uint32

	index   map[string]uint32
	indexed int // snapshot pages indexed
	looked  int // current pages looked up
	scores  []float64
	matched int64
	// oldToNew, when not nil, receives the current page of every snapshot
	// page matched (the first one), noMatch for the others.
	oldToNew []uint32
}

// noMatch marks a snapshot page with no current page in oldToNew.
const noMatch = ^uint32(0)

func newSnapshotMatch(cur *graph.Graph, curLabels *graphio.Labels, old *graph.Graph, oldLabels *graphio.Labels, newToOld []uint32) *snapshotMatch {
	m := &snapshotMatch{cur: cur, oldPages: old.NumNodes(), scores: make([]float64, cur.NumNodes())}
	switch {
	case newToOld != nil:
		m.by, m.newToOld = "evolve", newToOld
	case cur.URLs != nil && old.URLs != nil:
		m.by, m.curKeys, m.oldKeys = "url", cur.URLs, old.URLs
	case curLabels != nil && curLabels.Names != nil && oldLabels != nil && oldLabels.Names != nil:
		m.by, m.curKeys, m.oldKeys = "label", curLabels.Names, oldLabels.Names
	default:
		m.by = "id"
		if curLabels != nil {
			m.curIDs = curLabels.IDs
		}
		if oldLabels != nil {
			m.oldIDs = oldLabels.IDs
		}
	}
	if m.oldKeys != nil {
		m.index = make(map[string]uint32, len(m.oldKeys))
	}
	return m
}

// progress reports the pages indexed and looked up, out of both graphs'.
func (m *snapshotMatch) progress() (done, total int64) {
	return int64(m.indexed + m.looked), int64(len(m.oldKeys) + len(m.scores))
}

// step indexes or looks up at most limit pages (at least one), writing
// the snapshot's score of every current page into m.scores (NaN for a page
// not in the snapshot); it returns the pages done and whether the match is
// complete.
func (m *snapshotMatch) step(limit int64, oldScores []float64) (int64, bool) {
	did := int64(0)
	for ; m.indexed < len(m.oldKeys) && did < limit; m.indexed++ {
		key := m.oldKeys[m.indexed]
		if _, dup := m.index[key]; !dup {
			m.index[key] = uint32(m.indexed)
		}
		did++
	}
	for ; m.looked < len(m.scores) && did < limit; m.looked++ {
		score := math.NaN()
		if old, ok := m.lookup(m.looked); ok {
			score = oldScores[old]
			m.matched++
			if m.oldToNew != nil && m.oldToNew[old] == noMatch {
				m.oldToNew[old] = uint32(m.looked)
			}
		}
		m.scores[m.looked] = score
		did++
	}
	return did, m.indexed == len(m.oldKeys) && m.looked == len(m.scores)
}

// lookup returns the snapshot's page for current page i.
func (m *snapshotMatch) lookup(i int) (uint32, bool) {
	switch m.by {
	case "evolve":
		old := m.newToOld[i]
		return old, old != gen.NoPage
	case "url", "label":
		old, ok := m.index[m.curKeys[i]]
		return old, ok
	}
	id := uint64(i)
	if m.curIDs != nil {
		id = m.curIDs[i]
	}
	if m.oldIDs == nil {
		return uint32(id), id < uint64(m.oldPages)
	}
	k, found := slices.BinarySearch(m.oldIDs, id)
	return uint32(k), found
}
