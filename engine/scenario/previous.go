package scenario

import (
	"fmt"
	"math"

	"github.com/crawlsim/crawlsim/engine/crawl"
	"github.com/crawlsim/crawlsim/engine/gen"
	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graphio"
	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/rank"
	"github.com/crawlsim/crawlsim/engine/seeds"
	"github.com/crawlsim/crawlsim/engine/step"
)

// previousStage is the previous snapshot: evolved from the graph or
// loaded from a file, its PageRank, its community seeds for the seed
// study, and its match to the current pages, which leaves the scores the
// historical strategies read (crawl.Previous).
type previousStage struct {
	*shared
	cur *graphStage
	// needed says whether anything in the run uses the snapshot.
	needed bool

	evolver    *gen.Evolver
	prev       *graph.Graph
	prevLabels *graphio.Labels
	newToOld   []uint32
	rank       *rank.PageRank
	result     rank.Result
	match      *snapshotMatch
	previous   *crawl.Previous
	summary    *PreviousSummary

	// The community seeds of the snapshot, its pages, and those that
	// survive on the graph (the seed study's OlderSeeds).
	extraction extraction
	olderSeeds []uint32
	older      *OlderSeeds
}

// evolve runs the evolution: the graph so far becomes the previous
// snapshot, its evolution the graph crawled.
func (st *previousStage) evolve(budget int64) (int64, bool, error) {
	p := evolveParams(*st.s.Previous.Evolve)
	if st.evolver == nil {
		e, err := gen.NewEvolver(st.cur.g, p)
		if err != nil {
			return 0, false, fmt.Errorf("previous.evolve: %w", err)
		}
		st.evolver = e
	}
	done, err := st.evolver.Step(int(min(budget, math.MaxInt32)))
	if err != nil {
		return budget, false, fmt.Errorf("previous.evolve: %w", err)
	}
	if !done {
		return budget, false, nil
	}
	ev := st.evolver.Evolution()
	st.evolver = nil
	cur := st.cur
	st.prev, st.prevLabels = cur.g, cur.labels
	st.summary = &PreviousSummary{SourceName: cur.sourceName, MatchedBy: "evolve"}
	// Surviving pages keep their ids (gen.Evolve), so the file's own ids
	// or labels still name them, for list seeds.
	cur.g, st.newToOld = ev.Later, ev.NewToOld
	cur.sourceName = model.EvolvedGraphName(cur.sourceName, p.NewPages, p.RemovedPages, p.NewLinks, p.RemovedLinks, p.Seed)
	if cur.generatedWith != "" {
		cur.generatedWith = model.EvolvedGraphName(cur.generatedWith, p.NewPages, p.RemovedPages, p.NewLinks, p.RemovedLinks, p.Seed)
	}
	return budget, true, nil
}

// evolveProgress is the evolution's progress.
func (st *previousStage) evolveProgress() step.Progress {
	if st.evolver == nil {
		return step.Progress{Stage: "evolve"}
	}
	return within("evolve", st.evolver.Progress())
}

// loadPrevious reads the previous snapshot's file.
func (st *previousStage) loadPrevious() (int64, error) {
	src := st.s.Previous
	g, labels, err := st.load(src.File, src.Format, src.URLs, st.s.Graph.Renumber, st.cur.g, st.cur.needURLs)
	if err != nil {
		return 0, err
	}
	st.prev, st.prevLabels = g, labels
	st.summary = &PreviousSummary{SourceName: src.File}
	return scanUnits(g.NumNodes(), g.NumArcs()), nil
}

// pageRank computes the previous snapshot's uniform PageRank.
func (st *previousStage) pageRank(budget int64) (int64, bool, error) {
	if st.rank == nil {
		p, err := rank.NewPageRank(st.prev, nil, st.rankOptions(nil))
		if err != nil {
			return 0, false, fmt.Errorf("previous snapshot: %w", err)
		}
		st.rank = p
		return scanUnits(st.prev.NumNodes(), 0), false, nil
	}
	used, done, err := iterate(st.rank, st.prev, budget)
	if err != nil {
		return used, false, err
	}
	if done {
		st.result = st.rank.Result()
		st.rank = nil
		st.release()
		s := st.summary
		s.Pages, s.Links = int64(st.prev.NumNodes()), st.prev.NumArcs()
		s.Iterations, s.Residual = st.result.Iterations, st.result.Residual
		if !st.result.Converged {
			st.warn("previous snapshot: PageRank stopped after %s iterations with a change of %.3g, above the tolerance %g",
				model.Count(s.Iterations), s.Residual, st.s.Tolerance)
		}
	}
	return used, done, nil
}

// olderCommunity extracts community seeds of spec from the previous
// snapshot, for the seed study.
func (st *previousStage) olderCommunity(budget int64, spec seeds.Spec) (int64, bool, error) {
	done, used, res, err := st.extraction.step(st.shared, spec, st.prev, budget)
	if err != nil {
		return used, false, fmt.Errorf("previous snapshot: %w", err)
	}
	if done {
		st.olderSeeds = append([]uint32{}, res.Seeds...)
	}
	return used, done, nil
}

// olderCommunityProgress is the extraction's progress.
func (st *previousStage) olderCommunityProgress() step.Progress {
	p := step.Progress{Stage: "community seeds (previous snapshot)"}
	if e := st.extraction.e; e != nil {
		p = e.Progress()
		p.Stage += " (previous snapshot)"
	}
	return p
}

// matchSnapshots maps the previous snapshot's PageRank to the current
// pages.
func (st *previousStage) matchSnapshots(budget int64) (int64, bool, error) {
	if st.match == nil {
		st.match = newSnapshotMatch(st.cur.g, st.cur.labels, st.prev, st.prevLabels, st.newToOld)
		if st.olderSeeds != nil {
			st.match.oldToNew = make([]uint32, st.prev.NumNodes())
			for i := range st.match.oldToNew {
				st.match.oldToNew[i] = noMatch
			}
		}
		if st.match.by == "id" {
			st.warn("previous: pages are matched by id, since the two graphs do not both have URLs")
		}
	}
	used, done := st.match.step(budget*matchPagesPerUnit, st.result.Scores)
	if !done {
		return used/matchPagesPerUnit + 1, false, nil
	}
	m := st.match
	if st.olderSeeds != nil {
		st.older = &OlderSeeds{Extracted: len(st.olderSeeds), Seeds: []uint32{}}
		for _, p := range st.olderSeeds {
			if cur := m.oldToNew[p]; cur != noMatch {
				st.older.Seeds = append(st.older.Seeds, cur)
			}
		}
		st.older.Survived = len(st.older.Seeds)
	}
	st.previous = &crawl.Previous{Scores: m.scores, Values: st.result.Scores}
	st.summary.MatchedBy, st.summary.Matched = m.by, m.matched
	if m.matched == 0 {
		st.warn("previous: no page of the graph was found in the previous snapshot; the historical strategies see only new pages")
	}
	st.match, st.prev, st.prevLabels, st.newToOld = nil, nil, nil, nil
	return used/matchPagesPerUnit + 1, true, nil
}

// matchProgress counts the pages matched.
func (st *previousStage) matchProgress() step.Progress {
	p := step.Progress{Stage: "match previous snapshot"}
	if st.match != nil {
		p.Done, p.Total = st.match.progress()
	}
	return p
}
