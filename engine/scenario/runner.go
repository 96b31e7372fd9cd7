// Package scenario is crawlsim's one declarative entry point
// (docs/architecture.md, "One scenario, two places" and "Steppable work"): a
// Scenario, read from JSON, fully determines a comparison of crawl strategies,
// and a Runner turns it into a Result. The command line and the browser worker
// both call it, so the same scenario gives the same result in both (floats
// within 1e-12; the tests prove it by running the same golden comparison
// natively and under GOOS=js).
//
// A run goes through these stages, each steppable but loading a file:
//
//  1. the graph: loaded from Env.FS (graphio.Load, in one step, each file
//     read through Env.Wrap), or generated (gen.Generator);
//  2. the previous snapshot, when one is given: evolved from the graph
//     (gen.Evolver; the evolved graph is then the one crawled), or loaded
//     from a second file;
//  3. the graph's summary;
//  4. the previous snapshot's PageRank, mapped to the
//     current pages (by URL when both graphs have URLs, else by the ids the
//     files use), when a strategy needs it (Baeza-Yates et al. 2005, section 4.2);
//  5. uniform PageRank (docs/algorithms.md section 1), which top-pagerank seeds rank
//     by; the seeds (docs/algorithms.md section 2) and the pages they reach, counted
//     once for every crawl (crawl.Config.Reachable), by the breadth-first
//     crawl when the run has one, crawled then (seedstage.go), or among
//     the crawls when they run at once (parallel.go);
//     personalized PageRank when the importance is personalized;
//  6. for every strategy, its crawl (crawl.New) and its metrics
//     (crawl.NewMeasurer, docs/algorithms.md section 4).
//
// Parse reads a scenario from JSON, Normalize fills its defaults and
// checks it, New prepares a Runner, and Run is the convenience that steps
// one to its end. Each stage keeps its state in its own type and file
// (graphstage.go, previous.go, importancestage.go, seedstage.go,
// crawls.go, result.go); the Runner only sequences them, as the tasks of
// a step.Sequence. The Result carries warnings about what the user should
// know (a strategy that needs hosts on a graph without them, guaranteed
// curves beside an importance they do not bound, unreachable pages).
//
// Randomness comes only from the scenario's RandomSeed: each use draws
// from its own PCG stream. The seeds have one; each strategy's crawl has
// one named by the strategy's label, so that a strategy's result depends
// neither on the other strategies nor on their order, and two random
// crawls with different labels differ; tau's sample (docs/algorithms.md section 4)
// is drawn from one stream restarted for every strategy (common random
// numbers), so that strategies with the same number of downloads are
// scored on the same download positions and their taus differ by their
// orders alone, not by sampling noise.
package scenario

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"

	"github.com/crawlsim/crawlsim/engine/crawl"
	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/seeds"
	"github.com/crawlsim/crawlsim/engine/step"
)

// Units of work. One unit of a Runner's step budget costs roughly a
// microsecond natively, as in package gen: a download, a page's links
// drawn by the generator, a page of the metrics, or a batch of cheaper
// items (below). A Step spends its budget within one stage and ends at the
// stage's end. An item larger than the budget still runs whole, so a Step
// always makes progress: one PageRank iteration (about 4 ms natively on
// the default graph of 100,000 pages), loading a graph file (graphio.Load
// is not steppable), a crawl's setup, or one pass of a strategy's
// recomputation.
const (
	// pageRankItemsPerUnit: pages plus links of one PageRank iteration.
	pageRankItemsPerUnit = 256
	// scanItemsPerUnit: pages plus links of a simple pass (summary,
	// reachability).
	scanItemsPerUnit = 64
	// matchPagesPerUnit: pages hashed or looked up to match two snapshots.
	matchPagesPerUnit = 8
	// maxCrawlChunk is the most crawl units asked for in one call of
	// crawl.Crawl.Step: a strategy's recomputation counts one crawl unit
	// per pass over the graph, so small calls keep a Step short.
	maxCrawlChunk = 16
)

// maxVirtualChunk is the most crawl units asked for in one call once a
// strategy has made virtual re-expansions and no pass (RankMass, whose
// units are each about a download's work): at maxCrawlChunk units a call
// its crawl of cnr-2000 makes 2.2 million calls, each reading the clock
// twice, 2-3% of its time. A variable so that a test can turn the growth
// off.
var maxVirtualChunk int64 = 1024

// RunBudget is the step budget Run uses: a few milliseconds of work
// natively between two progress reports.
const RunBudget = 1 << 14

// Random streams: the second PCG seed word of each use of RandomSeed.
const (
	seedsStream   uint64 = seeds.RandomStream   // "seeds": random:K sets and the community extraction's hubs
	studyStream   uint64 = 0x7374756479 << 24   // "study": the seed study's distance samples
	crawlStream   uint64 = 0x637261776c << 24   // "crawl", xor the hash of the strategy's label
	metricsStream uint64 = 0x6d6574726963 << 16 // "metric", the same for every strategy
)

// crawlRand returns the random stream of the crawl of the strategy
// labelled label: the PCG seeded with the scenario's seed and crawlStream
// mixed with the FNV-1a hash of the label, so that it depends on the label
// alone, not on the strategy's place in the list.
func crawlRand(seed uint64, label string) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(label)) // a hash.Hash never fails to write
	return rand.New(rand.NewPCG(seed, crawlStream^h.Sum64()))
}

// metricsRand returns the stream of tau's sample, the same for every
// strategy: the sample positions then depend only on the number of
// downloads (common random numbers).
func metricsRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, metricsStream))
}

// Runner runs a Scenario step by step (step.Stepper): the browser worker
// calls Step in short time slices, the command line calls Run. It holds
// the stages of the run and the plan that sequences them.
type Runner struct {
	*shared

	graph  graphStage
	prev   previousStage
	imp    importanceStage
	seeds  seedStage
	crawls crawlStage

	tasks *step.Sequence
	// strategyOf is, for each task, the index of the strategy it crawls
	// or measures, -1 for the other tasks.
	strategyOf []int
	result     *Result
}

// New prepares a run of s: it normalizes s (returning its errors), checks
// that files can be found in env.FS when s names any, and resolves the
// strategies. Nothing is loaded or computed before the first Step.
func New(s Scenario, env Env) (*Runner, error) {
	ns, spec, err := normalize(s)
	if err != nil {
		return nil, err
	}
	if spec.File != "" {
		// refused before the graph and its importance, which it does
		// not need, cost the page minutes
		return nil, unreadSeedFile(spec)
	}
	if err := checkImportanceFile(ns, env); err != nil {
		return nil, err
	}
	if env.FS == nil {
		if ns.Graph.File != "" {
			return nil, fmt.Errorf("scenario: the graph is the file %q, but no file system was given to read it from", ns.Graph.File)
		}
		if ns.Previous != nil && ns.Previous.File != "" {
			return nil, fmt.Errorf("scenario: the previous snapshot is the file %q, but no file system was given to read it from", ns.Previous.File)
		}
		if p := ns.Politeness; p != nil && p.PageSizes != nil && p.PageSizes.File != "" {
			return nil, fmt.Errorf("scenario: the page sizes are the file %q, but no file system was given to read it from", p.PageSizes.File)
		}
	}
	c := &shared{s: ns, env: env}
	r := &Runner{shared: c}
	r.graph = graphStage{shared: c, needURLs: needsURLs(ns, spec) || env.Orders != nil || importanceNeedsURLs(env)}
	r.prev = previousStage{shared: c, cur: &r.graph}
	r.imp = importanceStage{shared: c, graph: &r.graph}
	r.seeds = seedStage{shared: c, graph: &r.graph, imp: &r.imp, prev: &r.prev, crawls: &r.crawls, spec: spec, counting: -1, warnAt: -1}
	r.crawls = crawlStage{shared: c, graph: &r.graph, prev: &r.prev, imp: &r.imp, seeds: &r.seeds,
		politeness: crawlPoliteness(ns.Politeness)}
	for i, st := range ns.Strategies {
		info, params, err := crawl.Resolve(st.ID, st.Params)
		if err != nil {
			return nil, fmt.Errorf("scenario: strategies[%d]: %w", i, err)
		}
		r.prev.needed = r.prev.needed || info.NeedsPrevious
		r.crawls.runs = append(r.crawls.runs, strategyRun{info: info, params: params, label: st.Label, state: "waiting", chunk: maxCrawlChunk})
	}
	if err := r.crawls.only(env.Only); err != nil {
		return nil, err
	}
	// A seed study with community seeds also extracts them from the
	// previous snapshot, to try them on the current graph.
	r.prev.needed = r.prev.needed || ns.SeedStudy != nil && ns.Previous != nil && spec.Kind == seeds.Community
	r.plan()
	return r, nil
}

// plan lists the tasks of the run: the stages in order.
func (r *Runner) plan() {
	r.tasks = step.NewSequence()
	r.tasks.PauseBetween = true // a stage may begin with a large single item
	g, prev, imp, sd, cr := &r.graph, &r.prev, &r.imp, &r.seeds, &r.crawls
	sd.share = sharer(cr.runs)
	cr.par.counter = -1
	if r.s.Graph.File != "" {
		r.once("load graph", g.loadGraph)
	} else {
		r.add(g.generate, g.generateProgress)
	}
	if p := r.s.Previous; p != nil {
		switch {
		case p.Evolve != nil:
			r.add(prev.evolve, prev.evolveProgress)
		case prev.needed:
			r.once("load previous snapshot", prev.loadPrevious)
		default:
			r.warn("previous: no strategy uses the previous snapshot, so %s was not loaded", p.File)
		}
	}
	r.add(func(budget int64) (int64, bool, error) { return g.summarize(budget, prev.prev) }, g.summaryProgress)
	if prev.needed {
		r.add(prev.pageRank, func() step.Progress { return iterationProgress("previous snapshot pagerank", prev.rank) })
		if r.s.SeedStudy != nil && sd.spec.Kind == seeds.Community {
			r.add(func(budget int64) (int64, bool, error) { return prev.olderCommunity(budget, sd.spec) }, prev.olderCommunityProgress)
		}
		r.add(prev.matchSnapshots, prev.matchProgress)
	}
	if r.env.ImportanceFile != "" {
		r.once("load importance", imp.loadImportance)
	}
	r.add(imp.uniformPageRank, func() step.Progress { return iterationProgress("importance", imp.pagerank) })
	if sd.spec.Kind == seeds.Community {
		r.add(sd.communitySeeds, sd.communityProgress)
	} else {
		r.once("seeds", sd.choose)
	}
	r.add(func(budget int64) (int64, bool, error) {
		used, done, err := sd.reach(budget)
		if done {
			cr.hostWarnings(g.g)
		}
		return used, done, err
	}, sd.reachProgress)
	if r.s.Importance == ImportancePersonalized {
		r.add(func(budget int64) (int64, bool, error) { return imp.personalizedPageRank(budget, sd.pages) },
			func() step.Progress { return iterationProgress("importance (personalized)", imp.pagerank) })
	}
	if r.s.SeedStudy != nil {
		r.add(sd.seedStudy, sd.studyProgress)
	}
	if r.env.Parallel > 1 {
		cr.planParallel()
		if len(cr.par.queue) > 1 {
			// The crawls run at once: breadth-first's crawl joins them
			// instead of running ahead of the others alone, and counts
			// the pages among them (parallelCrawls.counter).
			cr.planCount(sd.share)
			sd.share = -1
			cr.par.on = true
			r.add(cr.parallelStep, cr.parallelProgress)
			r.once("result", r.finish)
			return
		}
	}
	for k := range cr.runs {
		if cr.runs[k].state == StageElsewhere {
			continue
		}
		r.add(func(budget int64) (int64, bool, error) { return cr.crawl(k, budget) }, func() step.Progress { return cr.crawlProgress(k) })
		r.strategyOf[len(r.strategyOf)-1] = k
		r.add(func(budget int64) (int64, bool, error) { return cr.measure(k, budget) }, func() step.Progress { return cr.metricsProgress(k) })
		r.strategyOf[len(r.strategyOf)-1] = k
	}
	r.once("result", r.finish)
}

// add appends a task that does at most budget units (at least one item)
// and returns the units it used and whether it is finished.
func (r *Runner) add(run func(budget int64) (int64, bool, error), progress func() step.Progress) {
	r.tasks.Add(step.Task{Run: run, Progress: progress})
	r.strategyOf = append(r.strategyOf, -1)
}

// once appends a task done in one call.
func (r *Runner) once(stage string, run func() (int64, error)) {
	finished := false
	r.add(func(int64) (int64, bool, error) {
		used, err := run()
		finished = err == nil
		return used, finished, err
	}, func() step.Progress {
		p := step.Progress{Stage: stage, Total: 1}
		if finished {
			p.Done = 1
		}
		return p
	})
}

// Scenario returns the normalized scenario being run.
func (r *Runner) Scenario() Scenario { return r.s }

// Step does about budget units of work within the current stage (at least
// one item; see the units above) and reports whether the run has finished.
// A stage boundary ends a step. After it has reported done or an error,
// further calls return the same. The result does not depend on the
// budgets.
func (r *Runner) Step(budget int) (bool, error) {
	return r.tasks.Step(budget)
}

// Progress reports the current stage ("generate (links)", "importance",
// "seeds", "crawl fpr, 3 of 12", "metrics fpr, 3 of 12", ...) with its Done
// and Total (Total 0 when unknown, as for PageRank iterations).
func (r *Runner) Progress() step.Progress {
	if r.tasks.Finished() {
		return step.Progress{Stage: "done", Done: 1, Total: 1}
	}
	return r.tasks.Progress()
}

// StrategyProgress returns one progress per strategy, in the scenario's
// order, for one progress bar each: Stage is "waiting", "crawl",
// "metrics", "done", or StageElsewhere for a strategy Env.Only leaves
// out; Done and Total count downloads.
func (r *Runner) StrategyProgress() []step.Progress {
	out := make([]step.Progress, len(r.crawls.runs))
	for k := range out {
		out[k] = r.crawls.strategyProgress(k)
	}
	return out
}

// Running returns the index of the strategy being crawled or measured,
// or -1 before the first and after the last.
func (r *Runner) Running() int {
	if r.tasks.Finished() {
		return -1
	}
	return r.strategyOf[r.tasks.Current()]
}

// Result returns the result once Step has reported done.
func (r *Runner) Result() (*Result, error) {
	if r.tasks == nil {
		return nil, errors.New("scenario: the run has not begun")
	}
	if err := r.tasks.Err(); err != nil {
		return nil, err
	}
	if !r.tasks.Finished() {
		return nil, errors.New("scenario: the run has not finished")
	}
	return r.result, nil
}

// Run runs scenario s to its end in steps of RunBudget, passing the
// progress to report (when not nil) after every step, and returns the
// result; it stops with the context's error when ctx is cancelled.
func Run(ctx context.Context, s Scenario, env Env, report func(step.Progress)) (*Result, error) {
	r, err := New(s, env)
	if err != nil {
		return nil, err
	}
	if err := step.Run(ctx, r, RunBudget, report); err != nil {
		return nil, err
	}
	return r.Result()
}

// scanUnits is the cost of a pass over n pages and m links.
func scanUnits(n int, m int64) int64 { return (int64(n)+m)/scanItemsPerUnit + 1 }

// pageRankUnits is the cost of one PageRank iteration.
func pageRankUnits(g *graph.Graph) int64 {
	return (int64(g.NumNodes())+g.NumArcs())/pageRankItemsPerUnit + 1
}
