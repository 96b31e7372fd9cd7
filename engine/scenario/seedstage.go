package scenario

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/crawlsim/crawlsim/engine/crawl"
	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/seeds"
	"github.com/crawlsim/crawlsim/engine/step"
)

// seedStage is the seeds (docs/algorithms.md section 2), chosen or extracted from
// communities (section 6.4); the pages they reach, counted once for every
// crawl (crawl.Config.Reachable); and the seed study (section 6.5).
//
// When the run crawls breadth-first, that crawl counts the pages, learning
// the count as it goes (crawl.Config.LearnReachable). When the crawls run
// one at a time it runs here, before the other crawls, and it is measured
// in its turn; when they run at once it runs among them, and the count is
// taken from it there (parallelCrawls.counter, takeCount), its warnings
// given where this stage would have given them. Without a budget below
// the count it downloads every page the seeds reach, so the graph is not
// swept once more for the count; a budget that stops it first leaves the
// count to graph.Reach.
type seedStage struct {
	*shared
	graph  *graphStage
	imp    *importanceStage
	prev   *previousStage
	crawls *crawlStage
	// share is the index of the breadth-first crawl that counts the
	// reachable pages (crawlStage.runs), -1 when none does or once it
	// has crawled; counting is that index when its budget stopped it
	// before it learnt the count, which graph.Reach then gives it, else
	// -1.
	share    int
	counting int
	// warnAt is where the warnings of the count go (counted) when the
	// crawls running at once take it: the number of warnings when this
	// stage left the count to them, else -1.
	warnAt int
	// spec is the scenario's seeds, parsed once by normalize.
	spec seeds.Spec

	extraction extraction
	community  *seeds.CommunityResult
	pages      []uint32 // the seeds

	// search counts the pages the seeds reach; mass sums the importance
	// that scores the crawls (importanceStage.scores: the uniform
	// PageRank, or the importance file's vector) over them, in increasing
	// page order. A personalized importance, computed after the search,
	// is not summed: the seeds reach all of it.
	search    *graph.Reach
	searched  bool // a search has begun (the tests read it)
	mass      float64
	reachable int

	evaluator *seeds.Evaluator
	study     *SeedStudyResult
}

// choose selects the seeds of a spec that is not community.
func (st *seedStage) choose() (int64, error) {
	g := st.graph.g
	n := g.NumNodes()
	opt := seeds.Options{
		Importance: st.imp.uniform.Scores,
		Rand:       seeds.NewRandom(st.s.RandomSeed),
		PageOf:     st.graph.labels.PageOf(),
	}
	sel, err := seeds.Select(g, st.spec, opt)
	if err != nil {
		return 0, err
	}
	if len(sel) == 0 {
		return 0, fmt.Errorf("seeds: %s: no seed was chosen", st.spec)
	}
	if (st.spec.Kind == seeds.TopPageRank || st.spec.Kind == seeds.Random) && st.spec.K > n {
		st.warn("seeds: %s asks for more pages than the graph's %s; all of them are seeds", st.spec, model.Count(n))
	}
	st.pages = sel
	return scanUnits(n, 0), nil
}

// unreadSeedFile is the error of a seed set list:FILE (seeds.Spec.File)
// given to a run, which New refuses: the command line reads the file
// before and gives the run its items, so the run is the page's, which
// reads no seed file. list:FILE means the same everywhere; the error says
// how to seed the page of that label instead, as the command line's does
// when the file is missing.
func unreadSeedFile(spec seeds.Spec) error {
	label := seeds.Spec{Kind: seeds.List, Items: []string{spec.File}}
	return &FieldError{Field: "seeds", Message: fmt.Sprintf(
		"%s: an item alone that is neither a page id (a number from 0) nor a URL names a file of seeds, which only the command line reads (crawlsim run -seeds %s); to seed the page labelled %s, quote it: %s",
		spec, spec, spec.File, label)}
}

// communitySeeds extracts community seeds (docs/algorithms.md section 6.4) from the
// graph in bounded steps; a HITS iteration costs about a PageRank one.
func (st *seedStage) communitySeeds(budget int64) (int64, bool, error) {
	done, used, res, err := st.extraction.step(st.shared, st.spec, st.graph.g, budget)
	if err != nil || !done {
		return used, done, err
	}
	if len(res.Seeds) == 0 {
		return used, false, fmt.Errorf("seeds: %s: no bipartite core was found: no link is left between hosts once the links within hosts are dropped", st.spec)
	}
	if len(res.Seeds) < st.spec.K {
		st.warn("seeds: %s found only %s before the links between hosts ran out", st.spec, model.Counted(len(res.Seeds), "core", "cores"))
	}
	st.pages, st.community = res.Seeds, &res
	return used, true, nil
}

// communityProgress is the extraction's progress.
func (st *seedStage) communityProgress() step.Progress {
	if e := st.extraction.e; e != nil {
		return e.Progress()
	}
	return step.Progress{Stage: "community seeds", Total: int64(st.spec.K)}
}

// extraction is a community extraction (seeds.Extractor) in bounded
// steps, made at its first step and dropped once done.
type extraction struct {
	e *seeds.Extractor
}

// step steps the extraction of spec's communities on g; it returns the
// result once done.
func (x *extraction) step(c *shared, spec seeds.Spec, g *graph.Graph, budget int64) (bool, int64, seeds.CommunityResult, error) {
	if x.e == nil {
		opt := spec.CommunityOptionsOf()
		opt.Rand = rand.New(rand.NewPCG(c.s.RandomSeed, seedsStream))
		opt.Workers = c.env.Workers
		e, err := seeds.NewExtractor(g, opt)
		if err != nil {
			return false, 0, seeds.CommunityResult{}, fmt.Errorf("seeds: %s: %w", spec, err)
		}
		x.e = e
		return false, scanUnits(g.NumNodes(), g.NumArcs()), seeds.CommunityResult{}, nil
	}
	cost := pageRankUnits(g)
	iters := max(budget/cost, 1)
	done, err := x.e.Step(int(min(iters, math.MaxInt32)))
	if err != nil || !done {
		return false, iters * cost, seeds.CommunityResult{}, err
	}
	res := x.e.Result()
	x.e = nil
	return true, iters * cost, res, nil
}

// sharer returns the index of the strategy whose crawl counts the
// reachable pages for the run: the first breadth-first one crawled here
// (not left to another process by Env.Only), or -1. A breadth-first
// crawl reads neither the importance nor the trust, which with
// personalized importance are computed after the count.
func sharer(runs []strategyRun) int {
	for k := range runs {
		if runs[k].info.ID == crawl.BreadthFirst && runs[k].state != StageElsewhere {
			return k
		}
	}
	return -1
}

// reach counts the pages reachable from the seeds, by the crawl that
// shares the count (share) or by graph.Reach, in bounded steps, and then
// gives the warnings that depend on them; or, when a breadth-first crawl
// running among the others counts them (parallelCrawls.counter), leaves
// them to it.
func (st *seedStage) reach(budget int64) (int64, bool, error) {
	if st.crawls.par.counter >= 0 {
		st.warnAt = len(st.warnings)
		return 1, true, nil
	}
	if st.share >= 0 {
		k := st.share
		used, done, err := st.crawls.crawl(k, budget)
		if err != nil || !done {
			return used, false, err
		}
		st.share = -1
		c := st.crawls.runs[k].crawl
		if c.Reachable() == 0 {
			// The budget stopped it with pages left to discover.
			st.counting = k
			return used, false, nil
		}
		reached, mass := st.crawlCount(c)
		st.crawls.crawled(k)
		st.release()
		st.counted(reached, mass)
		return used, true, nil
	}
	used, done, err := st.searchStep(budget)
	if err != nil || !done {
		return used, false, err
	}
	reached, mass := st.searchCount()
	if k := st.counting; k >= 0 {
		st.crawls.runs[k].crawl.SetReachable(reached)
		st.crawls.crawled(k)
		st.counting = -1
	}
	st.release()
	st.counted(reached, mass)
	return used, true, nil
}

// searchStep steps graph.Reach's count of the pages the seeds reach (made
// at its first step) by budget units.
func (st *seedStage) searchStep(budget int64) (int64, bool, error) {
	if st.search == nil {
		st.search = graph.NewReach(st.graph.g)
		st.search.Start(st.pages)
		st.searched = true
	}
	did, done := st.search.Expand(budget * scanItemsPerUnit)
	if !done {
		return did/scanItemsPerUnit + 1, false, nil
	}
	if err := st.search.Err(); err != nil {
		return did/scanItemsPerUnit + 1, false, fmt.Errorf("reachable pages: %w", err)
	}
	return did/scanItemsPerUnit + 1, true, nil
}

// countAfter steps the count of the breadth-first crawl c, running among
// the others (parallelCrawls.counter), once its crawl is over: nothing
// when it learnt the count, else graph.Reach's, by budget units. It
// reports whether the count is known, for takeCount between Steps.
func (st *seedStage) countAfter(c *crawl.Crawl, budget int64) (int64, bool, error) {
	if c.Reachable() > 0 {
		return 0, true, nil
	}
	return st.searchStep(budget)
}

// takeCount takes the count of reachable pages, once countAfter has it,
// from strategy k's breadth-first crawl or from graph.Reach, which then
// gives it to the crawl, sums the importance over them as reach does,
// and gives the warnings that depend on them.
func (st *seedStage) takeCount(k int) {
	c := st.crawls.runs[k].crawl
	reached, mass := st.crawlCount(c)
	if reached == 0 {
		// The budget stopped it with pages left to discover.
		reached, mass = st.searchCount()
		c.SetReachable(reached)
	}
	st.counted(reached, mass)
}

// crawlCount returns the count of reachable pages that breadth-first
// crawl c learnt (0 when its budget stopped it first) and the importance
// they hold (counted), 0 when the importance is not known yet.
func (st *seedStage) crawlCount(c *crawl.Crawl) (int, float64) {
	reached, mass := c.Reachable(), 0.0
	if scores := st.imp.scores; scores != nil && reached > 0 {
		mass = c.DownloadedSum(scores)
	}
	return reached, mass
}

// searchCount returns the count of reachable pages that graph.Reach
// made and the importance they hold, as crawlCount, and drops the search.
func (st *seedStage) searchCount() (int, float64) {
	reached, mass := st.search.Reached(), 0.0
	if scores := st.imp.scores; scores != nil {
		mass = st.search.Sum(scores)
	}
	st.search = nil
	return reached, mass
}

// counted records the count of reachable pages and the importance they
// hold (mass, 0 when the importance is not known yet), and gives the
// warnings that depend on them: after those given so far, or, when the
// crawls took the count (warnAt), where this stage would have.
func (st *seedStage) counted(reachable int, mass float64) {
	if at := st.warnAt; at >= 0 {
		later := slices.Clone(st.warnings[at:])
		st.warnings, st.warnAt = st.warnings[:at], -1
		defer func() { st.warnings = append(st.warnings, later...) }()
	}
	n := st.graph.g.NumNodes()
	st.reachable, st.mass = reachable, mass
	if st.s.Importance == ImportancePageRank && st.reachable < n {
		lost := max(1-st.mass, 0)
		if lost >= 0.01 || (n-st.reachable)*100 >= n {
			st.warn("seeds: %s of the %s pages cannot be reached from the seeds; they hold %.3g of the importance, which no crawl collects",
				model.Count(n-st.reachable), model.Count(n), lost)
		}
	}
	if st.s.Budget > int64(st.reachable) {
		st.warn("budget: %s is more than the %s pages reachable from the seeds; every crawl stops after %s downloads",
			model.Count(st.s.Budget), model.Count(st.reachable), model.Count(st.reachable))
	}
}

// reachProgress counts the pages expanded of those reached so far, or
// the downloads of the crawl that counts them.
func (st *seedStage) reachProgress() step.Progress {
	p := step.Progress{Stage: "reachable pages"}
	switch {
	case st.share >= 0 && st.crawls.runs[st.share].crawl != nil:
		p.Done = int64(st.crawls.runs[st.share].crawl.Downloads())
	case st.search != nil:
		p.Done, p.Total = int64(st.search.Expanded()), int64(st.search.Reached())
	}
	return p
}

// seedStudy evaluates the seeds against random and top-PageRank sets of
// their size, and the older snapshot's community seeds (docs/algorithms.md section
// 6.5), in bounded steps.
func (st *seedStage) seedStudy(budget int64) (int64, bool, error) {
	g := st.graph.g
	if st.evaluator == nil {
		k := len(st.pages)
		rng := rand.New(rand.NewPCG(st.s.RandomSeed, studyStream))
		sets := []seeds.NamedSet{{Name: st.spec.String(), Seeds: st.pages}}
		for _, other := range []seeds.Spec{{Kind: seeds.Random, K: k}, {Kind: seeds.TopPageRank, K: k}} {
			if other.String() == st.spec.String() {
				continue
			}
			// The random set is the one -seeds random:K draws with the
			// same random seed.
			sel, err := seeds.Select(g, other, seeds.Options{Importance: st.imp.uniform.Scores, Rand: seeds.NewRandom(st.s.RandomSeed)})
			if err != nil {
				return 0, false, err
			}
			sets = append(sets, seeds.NamedSet{Name: other.String(), Seeds: sel})
		}
		older := st.prev.older
		if older != nil {
			sets = append(sets, seeds.NamedSet{Name: st.spec.String() + " of the previous snapshot", Seeds: older.Seeds})
		}
		var cores [][]uint32
		if st.community != nil {
			for _, c := range st.community.Cores {
				cores = append(cores, append(append([]uint32{}, c.Hubs...), c.Authorities...))
			}
		}
		e, err := seeds.NewEvaluator(g, seeds.EvaluationOptions{Sets: sets, Cores: cores, Importance: st.imp.scores,
			Samples: st.s.SeedStudy.Samples, Rand: rng})
		if err != nil {
			return 0, false, err
		}
		st.evaluator = e
		return 1, false, nil
	}
	// A unit of the evaluator scans 1,024 links.
	units := max(budget*scanItemsPerUnit/1024, 1)
	done, err := st.evaluator.Step(int(min(units, math.MaxInt32)))
	if err != nil || !done {
		return units * 1024 / scanItemsPerUnit, false, err
	}
	st.study = &SeedStudyResult{Community: st.community, Evaluation: st.evaluator.Result(), Older: st.prev.older, Names: st.graph.pageNames(st.pages)}
	st.evaluator = nil
	return units * 1024 / scanItemsPerUnit, true, nil
}

// studyProgress is the evaluation's progress.
func (st *seedStage) studyProgress() step.Progress {
	if st.evaluator != nil {
		return st.evaluator.Progress()
	}
	return step.Progress{Stage: "seed evaluation"}
}
