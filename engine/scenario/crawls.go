package scenario

import (
	"fmt"
	"math"
	"strings"

	"github.com/crawlsim/crawlsim/engine/crawl"
	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/step"
)

// crawlStage is the crawls: for every strategy, its crawl (crawl.New) and
// its metrics (crawl.NewMeasurer, docs/algorithms.md section 4), one strategy after
// the other, each dropped (Env.Release) before the next begins; or, with
// Env.Parallel, several at once (parallel.go).
type crawlStage struct {
	*shared
	graph *graphStage
	prev  *previousStage
	imp   *importanceStage
	seeds *seedStage

	politeness *crawl.Politeness
	runs       []strategyRun
	par        parallelCrawls // with Env.Parallel
}

// strategyRun is one strategy's crawl and result.
type strategyRun struct {
	info   crawl.Info
	params crawl.Values
	label  string
	crawl  *crawl.Crawl
	// result is the crawl's result, held without the crawl, when the
	// crawl ran ahead of its turn to count the reachable pages
	// (seedStage.share) and waits to be measured.
	result   *crawl.Result
	measurer *crawl.Measurer
	chunk    int64
	state    string // "waiting", "crawl", "metrics", "done", StageElsewhere
	total    int64  // downloads planned
	res      StrategyResult
	// order is the download order for Env.Orders, held from the end of
	// the metrics until it is handed over (emit).
	order *CrawlOrder
	// spare is Config.SpareBytes of the crawl (grantSpare), and
	// spareHeld the memory it may take with it, counted while it runs.
	spare, spareHeld int64
}

// hostWarnings says when strategies or politeness need hosts the graph
// does not have, and when guaranteed curves bound another importance.
func (st *crawlStage) hostWarnings(g *graph.Graph) {
	if !g.HasHosts() {
		for _, sr := range st.runs {
			if sr.info.NeedsHosts {
				st.warn("%s: %s", sr.label, sr.info.NoHostsWarning)
			}
		}
		if st.politeness != nil {
			st.warn("politeness: the graph has no hosts, so all pages count as one host and every download waits for the one before (give a URL list for hosts)")
		}
	}
	if st.s.Importance == ImportancePageRank {
		var guaranteed []string
		for _, sr := range st.runs {
			if sr.info.Guaranteed {
				guaranteed = append(guaranteed, sr.label)
			}
		}
		if len(guaranteed) > 0 {
			st.warn("importance: the guaranteed curves of %s bound the personalized PageRank of the seeds (Cho and Schonfeld 2007, section 4), not the uniform PageRank the curves sum; set importance to personalized to compare them",
				strings.Join(guaranteed, ", "))
		}
	}
}

// crawl steps strategy k's crawl.
func (st *crawlStage) crawl(k int, budget int64) (int64, bool, error) {
	sr := &st.runs[k]
	g := st.graph.g
	if sr.result != nil {
		return 1, true, nil // it crawled ahead, counting the reachable pages
	}
	if sr.crawl == nil {
		if err := st.pageSizes(); err != nil {
			return 0, false, err
		}
		if !st.par.on {
			st.grantSpare(k)
		}
		cfg := crawl.Config{
			Graph:      g,
			Importance: st.imp.scores,
			Seeds:      st.seeds.pages,
			Trust:      st.imp.crawlTrust(),
			Damping:    st.s.Damping,
			Budget:     st.s.Budget,
			Rand:       crawlRand(st.s.RandomSeed, sr.label),
			Politeness: st.politeness,
			Previous:   st.prev.previous,
			Reachable:  st.seeds.reachable,
			// Not counted yet: this is the crawl that counts them.
			LearnReachable: st.seeds.reachable == 0,
			SpareBytes:     sr.spare,
			Clock:          st.env.Clock,
		}
		if sr.info.Reference {
			// The optimal reference is the upper bound of every curve
			// (docs/algorithms.md section 3, example 5) only when no politeness
			// wait holds it back.
			cfg.Politeness = nil
		}
		c, err := crawl.New(cfg, sr.info.New(sr.params))
		if err != nil {
			return 0, false, fmt.Errorf("strategy %s: %w", sr.label, err)
		}
		sr.crawl, sr.state = c, "crawl"
		sr.total = c.Progress().Total
		return scanUnits(g.NumNodes(), 0), false, nil
	}
	c := sr.crawl
	passCost := pageRankUnits(g)
	used := int64(0)
	for used < budget {
		chunk := min(budget-used, sr.chunk)
		before := int64(c.Downloads())
		cost := *c.Costs()
		done, err := c.Step(int(chunk))
		if err != nil {
			return used, false, fmt.Errorf("strategy %s: %w", sr.label, err)
		}
		if done {
			used += int64(c.Downloads()) - before + 1
			sr.state = "metrics"
			return used, true, nil
		}
		after := c.Costs()
		passes := after.PageRankIterations - cost.PageRankIterations +
			after.Recomputations - cost.Recomputations + after.Iterations - cost.Iterations
		virtual := after.VirtualReexpansions - cost.VirtualReexpansions
		used += chunk + virtual + passes*passCost
		if passes > 0 {
			// The strategy recomputes: from now on one crawl unit per
			// call, so that a recomputation, whose passes count one crawl
			// unit each, cannot run long inside one Step.
			sr.chunk = 1
		} else if virtual > 0 && sr.chunk > 1 {
			// RankMass's virtual re-expansions count one unit each
			// within Crawl.Step's budget, each about a download's work,
			// and no strategy that re-expands makes passes: its calls
			// grow (maxVirtualChunk). A strategy that did both would
			// drop to one unit a call at its first pass, whose call
			// could then hold up to maxVirtualChunk passes.
			sr.chunk = min(2*sr.chunk, maxVirtualChunk)
		}
	}
	return used, false, nil
}

// measure steps strategy k's metrics (crawl.Measurer); when they are
// complete it records the strategy's result and drops its crawl.
func (st *crawlStage) measure(k int, budget int64) (int64, bool, error) {
	sr := &st.runs[k]
	res := sr.result
	if res == nil {
		res = sr.crawl.Result()
	}
	if sr.measurer == nil {
		opt := crawl.MetricOptions{
			CurvePoints: st.s.Metrics.CurvePoints,
			TauSample:   st.s.Metrics.TauSample,
			LowerBound:  st.s.Metrics.LowerBound,
			Teleport:    st.imp.teleport,
			Damping:     st.s.Damping,
			Rand:        metricsRand(st.s.RandomSeed),
			Relative:    st.s.Metrics.Relative,
		}
		m, err := crawl.NewMeasurer(st.graph.g, res, st.imp.scores, opt)
		if err != nil {
			return 0, false, fmt.Errorf("strategy %s: metrics: %w", sr.label, err)
		}
		sr.measurer = m
	}
	done, err := sr.measurer.Step(int(min(budget, math.MaxInt32)))
	if err != nil {
		return budget, false, fmt.Errorf("strategy %s: metrics: %w", sr.label, err)
	}
	if !done {
		return budget, false, nil
	}
	m := sr.measurer.Metrics()
	params := sr.params
	if len(params) == 0 {
		params = nil
	}
	sr.res = StrategyResult{
		ID:         sr.info.ID,
		Label:      sr.label,
		Params:     params,
		Reference:  sr.info.Reference,
		Curve:      m.Curve,
		Guarantee:  m.Guarantee,
		LowerBound: m.LowerBound,
		Summary:    m.Summary,
		Cost:       res.Cost,
	}
	if st.politeness != nil && !sr.info.Reference {
		sr.res.Time = &TimeSummary{Duration: res.Duration, Utilisation: res.Utilisation}
	}
	sr.total = int64(len(res.Order))
	if st.env.Orders != nil {
		sr.order = &CrawlOrder{Label: sr.label, Order: res.Order, Times: res.Times, Importance: st.imp.scores, URLs: st.graph.g.URLs}
		if l := st.graph.labels; l != nil {
			sr.order.PageIDs, sr.order.PageNames = l.IDs, l.Names
		}
	}
	sr.crawl, sr.result, sr.measurer, sr.state = nil, nil, nil, "done"
	if st.par.on {
		return budget, true, nil // parallelStep hands the order over
	}
	if err := st.emit(k); err != nil {
		return budget, false, err
	}
	st.release()
	return budget, true, nil
}

// crawled keeps the result of strategy k's finished crawl, which crawled
// ahead of its turn, and drops the crawl (its frontier and page states)
// until its metrics.
func (st *crawlStage) crawled(k int) {
	sr := &st.runs[k]
	sr.result, sr.crawl = sr.crawl.Result(), nil
	sr.total = int64(len(sr.result.Order))
}

// emit hands strategy k's download order, held since its metrics ended,
// to Env.Orders, and drops it.
func (st *crawlStage) emit(k int) error {
	sr := &st.runs[k]
	o := sr.order
	if o == nil {
		return nil
	}
	sr.order = nil
	if err := st.env.Orders(*o); err != nil {
		return fmt.Errorf("strategy %s: download order: %w", sr.label, err)
	}
	return nil
}

func (st *crawlStage) strategyProgress(k int) step.Progress {
	sr := &st.runs[k]
	p := step.Progress{Stage: sr.state, Total: sr.total, Uneven: sr.state == "crawl" && sr.info.UnevenProgress}
	switch {
	case sr.result != nil && sr.measurer == nil:
		// It crawled ahead (seedStage.share); its metrics wait their turn.
		p.Stage = "waiting"
	case sr.crawl != nil:
		p.Done = int64(sr.crawl.Downloads())
	case sr.state == "done" || sr.state == "metrics":
		p.Done = sr.total
	}
	return p
}

// crawlProgress is strategy k's crawl's progress, named by its place.
func (st *crawlStage) crawlProgress(k int) step.Progress {
	p := st.strategyProgress(k)
	p.Stage = fmt.Sprintf("crawl %s, %d of %d", st.runs[k].label, k+1, len(st.runs))
	p.Uneven = st.runs[k].info.UnevenProgress
	return p
}

// metricsProgress is strategy k's metrics' progress, named by its place.
func (st *crawlStage) metricsProgress(k int) step.Progress {
	p := step.Progress{Stage: "metrics", Total: 1}
	if m := st.runs[k].measurer; m != nil {
		p = m.Progress()
	}
	p.Stage = fmt.Sprintf("%s %s, %d of %d", p.Stage, st.runs[k].label, k+1, len(st.runs))
	return p
}
