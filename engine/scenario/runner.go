// Package scenario is crawlsim's one declarative entry point (DESIGN.md
// "Data" and "Running"): a Scenario, read from JSON, fully determines a
// comparison of crawl strategies, and a Runner turns it into a Result. The
// command line and the browser worker both call it, so the same scenario
// gives the same result in both (floats within 1e-12; the tests prove it
// by running the same golden comparison natively and under GOOS=js).
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
//     files use), when a strategy needs it (seeds/004, section 4.2);
//  5. uniform PageRank (SPEC.md section 1), which top-pagerank seeds rank
//     by; the seeds (SPEC.md section 2) and the pages they reach, counted
//     once for every crawl (crawl.Config.Reachable);
//     personalized PageRank when the importance is personalized;
//  6. for every strategy, its crawl (crawl.New) and its metrics
//     (crawl.NewMeasurer, SPEC.md section 4).
//
// Parse reads a scenario from JSON, Normalize fills its defaults and
// checks it, New prepares a Runner, and Run is the convenience that steps
// one to its end. The Result carries warnings about what the user should
// know (a strategy that needs hosts on a graph without them, guaranteed
// curves beside an importance they do not bound, unreachable pages).
//
// Randomness comes only from the scenario's RandomSeed: each use draws
// from its own PCG stream. The seeds have one; each strategy's crawl has
// one named by the strategy's label, so that a strategy's result depends
// neither on the other strategies nor on their order, and two random
// crawls with different labels differ; tau's sample (SPEC.md section 4)
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
	"io"
	"io/fs"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/crawlsim/crawlsim/engine/crawl"
	"github.com/crawlsim/crawlsim/engine/gen"
	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graphio"
	"github.com/crawlsim/crawlsim/engine/rank"
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

// maxBudget caps a step's budget so that budget times items per unit
// never overflows.
const maxBudget = 1 << 40

// RunBudget is the step budget Run uses: a few milliseconds of work
// natively between two progress reports.
const RunBudget = 1 << 14

// Random streams: the second PCG seed word of each use of RandomSeed.
const (
	seedsStream   uint64 = 0x7365656473 << 24   // "seeds"
	studyStream   uint64 = 0x7374756479 << 24   // "study": the seed study's random set and distance samples
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

// Env is what a Runner may use from its host program.
type Env struct {
	// FS holds the files a scenario names (graph files, URL lists); nil
	// is an error for a scenario that names a file.
	FS fs.FS
	// Clock, when set, returns a monotonic time; each crawl's scheduling
	// time (Cost.SchedulingSeconds) is measured with it. The engine has no
	// clock of its own.
	Clock func() time.Duration
	// Workers is the number of goroutines of each PageRank iteration
	// (rank.Options.Workers): the command line uses the number of CPUs,
	// the browser worker 1. Results do not depend on it.
	Workers int
	// MaxLinks, when positive, refuses graph files with more links
	// (graphio.LoadOptions.MaxLinks): the browser worker sets it from its
	// memory budget.
	MaxLinks int64
	// MaxPages, when positive, refuses graph files and URL lists with
	// more pages (graphio.LoadOptions.MaxPages).
	MaxPages int64
	// MaxBytes, when positive, is the memory the run may use: each file
	// is read with graphio.LoadOptions.MaxBytes, a generated graph is
	// refused before it is generated when gen.Params.EstimatedBytes and
	// RunBytes exceed it, and a loaded one before PageRank and the crawls
	// allocate anything when the run's estimate (runBytes in memory.go,
	// and the previous snapshot's share) exceeds it. The
	// error wraps a *graphio.TooLargeError.
	MaxBytes int64
	// Cancel, when set, is polled while graph files are decoded
	// (graphio.LoadOptions.Cancel); its error stops the run.
	Cancel func() error
	// Wrap, when set, wraps every file the Runner reads (the graph, its
	// URL list, the previous snapshot and its URL list, the other files of
	// a BVGraph) before reading it (graphio.LoadOptions.Wrap): the command
	// line counts the bytes for a progress bar and stops reading when the
	// user interrupts. An error the wrapped reader returns ends the run,
	// and errors.Is finds it in the Runner's error.
	Wrap func(name string, r io.Reader) io.Reader
	// Release, when set, is called each time the Runner has dropped
	// per-page state it no longer needs and before it allocates more: a
	// crawl once its metrics are done, a PageRank once it has converged,
	// the search for the reachable pages. The command line returns the
	// freed memory to the operating system there (debug.FreeOSMemory), so
	// that the next crawl's arrays are not laid on top of the last one's
	// garbage: the peak is then one crawl beside the graph and the
	// importance, whatever the number of strategies.
	Release func()
	// ImportanceFile, when set, names a file of FS holding the importance
	// vector of the graph (graphio.ReadImportance: crawlsim rank -o
	// NAME.imp, or one score per page from another engine), which replaces
	// the PageRank the run would compute (see importance.go). It is read
	// through Wrap; the scenario's importance must be pagerank.
	ImportanceFile string
}

// Runner runs a Scenario step by step (step.Stepper): the browser worker
// calls Step in short time slices, the command line calls Run.
type Runner struct {
	s   Scenario // normalized
	env Env

	tasks []task
	next  int
	done  bool
	err   error

	g          *graph.Graph
	labels     *graphio.Labels
	sourceName string
	generator  *gen.Generator
	summary    GraphSummary
	scanned    int // pages of g counted into summary
	// memoryChecked is set once checkRunMemory has run.
	memoryChecked bool

	needPrevious bool
	evolver      *gen.Evolver
	prev         *graph.Graph
	prevLabels   *graphio.Labels
	newToOld     []uint32
	prevRank     *rank.PageRank
	prevResult   rank.Result
	match        *snapshotMatch
	previous     *crawl.Previous
	prevSummary  *PreviousSummary

	// Community seeds and the seed study (SPEC.md section 6).
	seedSpec   seeds.Spec
	extractor  *seeds.Extractor
	community  *seeds.CommunityResult
	olderSeeds []uint32 // community seeds of the previous snapshot, its pages
	older      *OlderSeeds
	evaluator  *seeds.Evaluator
	study      *SeedStudyResult

	pagerank   *rank.PageRank
	uniform    rank.Result
	importance []float64
	teleport   []float64
	impSummary ImportanceSummary
	seeds      []uint32
	reacher    *reacher
	reachable  int

	// fileImportance is Env.ImportanceFile's vector once read.
	fileImportance *graphio.Importance

	politeness *crawl.Politeness
	runs       []strategyRun
	warnings   []string
	result     *Result
}

// task is one stage of a run: run does at most budget units (at least
// one item) and returns the units it used and whether the stage is over.
type task struct {
	run      func(budget int64) (used int64, done bool, err error)
	progress func() step.Progress
	// strategy is the index of the strategy the task crawls or measures,
	// -1 for the other tasks.
	strategy int
}

// strategyRun is one strategy's crawl and result.
type strategyRun struct {
	info     crawl.Info
	params   crawl.Values
	label    string
	crawl    *crawl.Crawl
	measurer *crawl.Measurer
	chunk    int64
	state    string // "waiting", "crawl", "metrics", "done"
	total    int64  // downloads planned
	res      StrategyResult
}

// New prepares a run of s: it normalizes s (returning its errors), checks
// that files can be found in env.FS when s names any, and resolves the
// strategies. Nothing is loaded or computed before the first Step.
func New(s Scenario, env Env) (*Runner, error) {
	ns, err := s.Normalize()
	if err != nil {
		return nil, err
	}
	if err := checkImportanceFile(ns, env); err != nil {
		return nil, err
	}
	r := &Runner{s: ns, env: env, politeness: crawlPoliteness(ns.Politeness)}
	if env.FS == nil {
		if ns.Graph.File != "" {
			return nil, fmt.Errorf("scenario: the graph is the file %q, but no file system was given to read it from", ns.Graph.File)
		}
		if ns.Previous != nil && ns.Previous.File != "" {
			return nil, fmt.Errorf("scenario: the previous snapshot is the file %q, but no file system was given to read it from", ns.Previous.File)
		}
	}
	for i, st := range ns.Strategies {
		info, params, err := crawl.Resolve(st.ID, st.Params)
		if err != nil {
			return nil, fmt.Errorf("scenario: strategies[%d]: %w", i, err)
		}
		r.needPrevious = r.needPrevious || info.NeedsPrevious
		r.runs = append(r.runs, strategyRun{info: info, params: params, label: st.Label, state: "waiting", chunk: maxCrawlChunk})
	}
	if r.seedSpec, err = seeds.Parse(ns.Seeds); err != nil {
		return nil, fmt.Errorf("scenario: %w", err)
	}
	// A seed study with community seeds also extracts them from the
	// previous snapshot, to try them on the current graph.
	r.needPrevious = r.needPrevious || ns.SeedStudy != nil && ns.Previous != nil && r.seedSpec.Kind == seeds.Community
	r.plan()
	return r, nil
}

// plan lists the tasks of the run.
func (r *Runner) plan() {
	if r.s.Graph.File != "" {
		r.add("load graph", r.loadGraph)
	} else {
		r.tasks = append(r.tasks, task{strategy: -1, run: r.generate, progress: func() step.Progress {
			p := step.Progress{Stage: "generate"}
			if r.generator != nil {
				p = r.generator.Progress()
				p.Stage = "generate (" + p.Stage + ")"
			}
			return p
		}})
	}
	if prev := r.s.Previous; prev != nil {
		switch {
		case prev.Evolve != nil:
			r.tasks = append(r.tasks, task{strategy: -1, run: r.evolve, progress: func() step.Progress {
				p := step.Progress{Stage: "evolve"}
				if r.evolver != nil {
					p = r.evolver.Progress()
					p.Stage = "evolve (" + p.Stage + ")"
				}
				return p
			}})
		case r.needPrevious:
			r.add("load previous snapshot", r.loadPrevious)
		default:
			r.warn("previous: no strategy uses the previous snapshot, so %s was not loaded", prev.File)
		}
	}
	r.tasks = append(r.tasks, task{strategy: -1, run: r.summarize, progress: func() step.Progress {
		total := int64(0)
		if r.g != nil {
			total = int64(r.g.NumNodes())
		}
		return step.Progress{Stage: "graph summary", Done: int64(r.scanned), Total: total}
	}})
	if r.needPrevious {
		r.tasks = append(r.tasks, task{strategy: -1, run: r.previousPageRank, progress: func() step.Progress {
			return iterationProgress("previous snapshot pagerank", r.prevRank)
		}})
		if r.s.SeedStudy != nil && r.seedSpec.Kind == seeds.Community {
			r.tasks = append(r.tasks, task{strategy: -1, run: r.olderCommunity, progress: func() step.Progress {
				p := step.Progress{Stage: "community seeds (previous snapshot)"}
				if r.extractor != nil {
					p = r.extractor.Progress()
					p.Stage += " (previous snapshot)"
				}
				return p
			}})
		}
		r.tasks = append(r.tasks, task{strategy: -1, run: r.matchSnapshots, progress: func() step.Progress {
			p := step.Progress{Stage: "match previous snapshot"}
			if r.match != nil {
				p.Done, p.Total = r.match.progress()
			}
			return p
		}})
	}
	if r.env.ImportanceFile != "" {
		r.add("load importance", r.loadImportance)
	}
	r.tasks = append(r.tasks, task{strategy: -1, run: r.uniformPageRank, progress: func() step.Progress {
		return iterationProgress("importance", r.pagerank)
	}})
	if r.seedSpec.Kind == seeds.Community {
		r.tasks = append(r.tasks, task{strategy: -1, run: r.communitySeeds, progress: func() step.Progress {
			if r.extractor != nil {
				return r.extractor.Progress()
			}
			return step.Progress{Stage: "community seeds", Total: int64(r.seedSpec.K)}
		}})
	} else {
		r.add("seeds", r.chooseSeeds)
	}
	r.tasks = append(r.tasks, task{strategy: -1, run: r.reach, progress: func() step.Progress {
		p := step.Progress{Stage: "reachable pages"}
		if r.reacher != nil {
			p.Done, p.Total = int64(r.reacher.next), int64(len(r.reacher.queue))
		}
		return p
	}})
	if r.s.Importance == ImportancePersonalized {
		r.tasks = append(r.tasks, task{strategy: -1, run: r.personalizedPageRank, progress: func() step.Progress {
			return iterationProgress("importance (personalized)", r.pagerank)
		}})
	}
	if r.s.SeedStudy != nil {
		r.tasks = append(r.tasks, task{strategy: -1, run: r.seedStudy, progress: func() step.Progress {
			if r.evaluator != nil {
				return r.evaluator.Progress()
			}
			return step.Progress{Stage: "seed evaluation"}
		}})
	}
	for k := range r.runs {
		r.tasks = append(r.tasks, task{
			strategy: k,
			run:      func(budget int64) (int64, bool, error) { return r.crawlStrategy(k, budget) },
			progress: func() step.Progress {
				p := r.strategyProgress(k)
				p.Stage = fmt.Sprintf("crawl %s (%d/%d)", r.runs[k].label, k+1, len(r.runs))
				return p
			},
		})
		r.tasks = append(r.tasks, task{
			strategy: k,
			run:      func(budget int64) (int64, bool, error) { return r.measure(k, budget) },
			progress: func() step.Progress {
				p := step.Progress{Stage: "metrics", Total: 1}
				if m := r.runs[k].measurer; m != nil {
					p = m.Progress()
				}
				p.Stage = fmt.Sprintf("%s %s (%d/%d)", p.Stage, r.runs[k].label, k+1, len(r.runs))
				return p
			},
		})
	}
	r.add("result", r.finish)
}

// add appends a task done in one call.
func (r *Runner) add(stage string, run func() (int64, error)) {
	finished := false
	r.tasks = append(r.tasks, task{
		strategy: -1,
		run: func(int64) (int64, bool, error) {
			used, err := run()
			finished = err == nil
			return used, finished, err
		},
		progress: func() step.Progress {
			p := step.Progress{Stage: stage, Total: 1}
			if finished {
				p.Done = 1
			}
			return p
		},
	})
}

// iterationProgress reports a PageRank's iterations, out of its estimate
// of the iterations it will take (0 until it has one).
func iterationProgress(stage string, p *rank.PageRank) step.Progress {
	out := step.Progress{Stage: stage}
	if p != nil {
		out.Done = p.Progress().Done
		out.Total = int64(p.IterationsEstimate())
	}
	return out
}

// release calls Env.Release, when set.
func (r *Runner) release() {
	if r.env.Release != nil {
		r.env.Release()
	}
}

// Scenario returns the normalized scenario being run.
func (r *Runner) Scenario() Scenario { return r.s }

// Step does about budget units of work within the current stage (at least
// one item; see the units above) and reports whether the run has finished.
// After it has reported done or an error, further calls return the same.
// The result does not depend on the budgets.
func (r *Runner) Step(budget int) (bool, error) {
	if r.done || r.err != nil {
		return r.done, r.err
	}
	left := min(int64(max(budget, 1)), maxBudget)
	for left > 0 && r.next < len(r.tasks) {
		used, done, err := r.tasks[r.next].run(left)
		if err != nil {
			r.err = err
			return false, err
		}
		left -= max(used, 1)
		if done {
			// A stage boundary ends the step: the next stage may begin
			// with a large single item (a PageRank's setup, a crawl's
			// start), which should not add to this one.
			r.next++
			break
		}
	}
	r.done = r.next == len(r.tasks)
	return r.done, nil
}

// Progress reports the current stage ("generate (links)", "importance",
// "seeds", "crawl fpr (3/12)", "metrics fpr (3/12)", ...) with its Done
// and Total (Total 0 when unknown, as for PageRank iterations).
func (r *Runner) Progress() step.Progress {
	if r.next >= len(r.tasks) {
		return step.Progress{Stage: "done", Done: 1, Total: 1}
	}
	return r.tasks[r.next].progress()
}

// StrategyProgress returns one progress per strategy, in the scenario's
// order, for one progress bar each: Stage is "waiting", "crawl",
// "metrics" or "done"; Done and Total count downloads.
func (r *Runner) StrategyProgress() []step.Progress {
	out := make([]step.Progress, len(r.runs))
	for k := range r.runs {
		out[k] = r.strategyProgress(k)
	}
	return out
}

// Running returns the index of the strategy being crawled or measured,
// or -1 before the first and after the last.
func (r *Runner) Running() int {
	if r.next >= len(r.tasks) {
		return -1
	}
	return r.tasks[r.next].strategy
}

func (r *Runner) strategyProgress(k int) step.Progress {
	sr := &r.runs[k]
	p := step.Progress{Stage: sr.state, Total: sr.total}
	switch {
	case sr.crawl != nil:
		p.Done = int64(sr.crawl.Downloads())
	case sr.state == "done" || sr.state == "metrics":
		p.Done = sr.total
	}
	return p
}

// Result returns the result once Step has reported done.
func (r *Runner) Result() (*Result, error) {
	if r.err != nil {
		return nil, r.err
	}
	if !r.done {
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

// warn records a warning for the result.
func (r *Runner) warn(format string, args ...any) {
	r.warnings = append(r.warnings, fmt.Sprintf(format, args...))
}

// scanUnits is the cost of a pass over n pages and m links.
func scanUnits(n int, m int64) int64 { return (int64(n)+m)/scanItemsPerUnit + 1 }

// pageRankUnits is the cost of one PageRank iteration.
func pageRankUnits(g *graph.Graph) int64 {
	return (int64(g.NumNodes())+g.NumArcs())/pageRankItemsPerUnit + 1
}

// loadGraph reads the graph file.
func (r *Runner) loadGraph() (int64, error) {
	src := r.s.Graph
	g, labels, err := r.load(src.File, src.Format, src.URLs)
	if err != nil {
		return 0, err
	}
	r.g, r.labels, r.sourceName = g, labels, src.File
	return scanUnits(g.NumNodes(), g.NumArcs()), nil
}

func (r *Runner) load(name, format, urls string) (*graph.Graph, *graphio.Labels, error) {
	f, err := graphio.ParseFormat(format)
	if err != nil {
		return nil, nil, err
	}
	opt := graphio.LoadOptions{Format: f, URLs: urls, MaxLinks: r.env.MaxLinks, MaxPages: r.env.MaxPages, MaxBytes: r.loadBytes(), Cancel: r.env.Cancel, Wrap: r.env.Wrap,
		SkipURLs: !r.needsURLs()}
	g, labels, err := graphio.Load(r.env.FS, name, opt)
	if err != nil {
		return nil, nil, err
	}
	if labels.Trivial() {
		labels = nil // the file's ids were 0..n-1 already
	}
	return g, labels, nil
}

// generate runs the generator.
func (r *Runner) generate(budget int64) (int64, bool, error) {
	p := r.s.Graph.Generate.Params()
	if r.generator == nil {
		if err := r.checkGenerateMemory(p); err != nil {
			return 0, false, err
		}
		g, err := gen.NewGenerator(p)
		if err != nil {
			return 0, false, err
		}
		r.generator = g
	}
	done, err := r.generator.Step(int(min(budget, math.MaxInt32)))
	if err != nil || !done {
		return budget, false, err
	}
	r.g = r.generator.Graph()
	r.generator = nil
	r.sourceName = fmt.Sprintf("generated: %d pages, %d hosts, mean out-degree %v, seed %d",
		p.Pages, p.Hosts, p.MeanOutDegree, p.Seed)
	return budget, true, nil
}

// evolve runs the evolution: the graph so far becomes the previous
// snapshot, its evolution the graph crawled.
func (r *Runner) evolve(budget int64) (int64, bool, error) {
	p := evolveParams(*r.s.Previous.Evolve)
	if r.evolver == nil {
		e, err := gen.NewEvolver(r.g, p)
		if err != nil {
			return 0, false, fmt.Errorf("previous.evolve: %w", err)
		}
		r.evolver = e
	}
	done, err := r.evolver.Step(int(min(budget, math.MaxInt32)))
	if err != nil {
		return budget, false, fmt.Errorf("previous.evolve: %w", err)
	}
	if !done {
		return budget, false, nil
	}
	ev := r.evolver.Evolution()
	r.evolver = nil
	r.prev, r.prevLabels = r.g, r.labels
	r.prevSummary = &PreviousSummary{SourceName: r.sourceName, MatchedBy: "evolve"}
	// Surviving pages keep their ids (gen.Evolve), so the file's own ids
	// or labels still name them, for list seeds.
	r.g, r.newToOld = ev.Later, ev.NewToOld
	r.sourceName += fmt.Sprintf("; evolved: new pages %v, removed pages %v, new links %v, removed links %v, seed %d",
		p.NewPages, p.RemovedPages, p.NewLinks, p.RemovedLinks, p.Seed)
	return budget, true, nil
}

// loadPrevious reads the previous snapshot's file.
func (r *Runner) loadPrevious() (int64, error) {
	src := r.s.Previous
	g, labels, err := r.load(src.File, src.Format, src.URLs)
	if err != nil {
		return 0, err
	}
	r.prev, r.prevLabels = g, labels
	r.prevSummary = &PreviousSummary{SourceName: src.File}
	return scanUnits(g.NumNodes(), g.NumArcs()), nil
}

// summarize counts the graph's inter-host links and dangling pages.
func (r *Runner) summarize(budget int64) (int64, bool, error) {
	if err := r.checkRunMemory(); err != nil {
		return 0, false, err
	}
	g := r.g
	n := g.NumNodes()
	if r.scanned == 0 {
		r.summary = GraphSummary{Pages: int64(n), Links: g.NumArcs(), SourceName: r.sourceName}
		if g.HasHosts() {
			r.summary.Hosts = g.NumHosts()
		}
	}
	limit := budget * scanItemsPerUnit
	did := int64(0)
	var hostOf []uint32
	if g.HasHosts() {
		hostOf = g.Hosts.Of
	}
	for ; r.scanned < n && did < limit; r.scanned++ {
		p := uint32(r.scanned)
		out := g.Out(p)
		if len(out) == 0 {
			r.summary.Dangling++
		}
		if hostOf != nil {
			h := hostOf[p]
			for _, q := range out {
				if hostOf[q] != h {
					r.summary.InterHost++
				}
			}
		}
		did += int64(len(out)) + 1
	}
	return did/scanItemsPerUnit + 1, r.scanned == n, nil
}

// iterate runs PageRank iterations worth at most budget units (at least
// one) and reports whether it is done.
func (r *Runner) iterate(p *rank.PageRank, g *graph.Graph, budget int64) (int64, bool) {
	cost := pageRankUnits(g)
	iters := max(budget/cost, 1)
	before := p.Progress().Done
	done, _ := p.Step(int(min(iters, math.MaxInt32))) // PageRank.Step never fails
	return (p.Progress().Done - before) * cost, done
}

func (r *Runner) rankOptions(teleport []float64) rank.Options {
	return rank.Options{Damping: r.s.Damping, Tolerance: r.s.Tolerance, Teleport: teleport, Workers: r.env.Workers}
}

// previousPageRank computes the previous snapshot's uniform PageRank.
func (r *Runner) previousPageRank(budget int64) (int64, bool, error) {
	if r.prevRank == nil {
		p, err := rank.NewPageRank(r.prev, nil, r.rankOptions(nil))
		if err != nil {
			return 0, false, fmt.Errorf("previous snapshot: %w", err)
		}
		r.prevRank = p
		return scanUnits(r.prev.NumNodes(), 0), false, nil
	}
	used, done := r.iterate(r.prevRank, r.prev, budget)
	if done {
		r.prevResult = r.prevRank.Result()
		r.prevRank = nil
		r.release()
		s := r.prevSummary
		s.Pages, s.Links = int64(r.prev.NumNodes()), r.prev.NumArcs()
		s.Iterations, s.Residual = r.prevResult.Iterations, r.prevResult.Residual
		if !r.prevResult.Converged {
			r.warn("previous snapshot: PageRank stopped after %d iterations with a change of %.3g, above the tolerance %g",
				s.Iterations, s.Residual, r.s.Tolerance)
		}
	}
	return used, done, nil
}

// matchSnapshots maps the previous snapshot's PageRank to the current
// pages.
func (r *Runner) matchSnapshots(budget int64) (int64, bool, error) {
	if r.match == nil {
		r.match = newSnapshotMatch(r.g, r.labels, r.prev, r.prevLabels, r.newToOld)
		if r.olderSeeds != nil {
			r.match.oldToNew = make([]uint32, r.prev.NumNodes())
			for i := range r.match.oldToNew {
				r.match.oldToNew[i] = noMatch
			}
		}
		if r.match.by == "id" {
			r.warn("previous: pages are matched by id, since the two graphs do not both have URLs")
		}
	}
	used, done := r.match.step(budget*matchPagesPerUnit, r.prevResult.Scores)
	if !done {
		return used/matchPagesPerUnit + 1, false, nil
	}
	m := r.match
	if r.olderSeeds != nil {
		r.older = &OlderSeeds{Extracted: len(r.olderSeeds), Seeds: []uint32{}}
		for _, p := range r.olderSeeds {
			if cur := m.oldToNew[p]; cur != noMatch {
				r.older.Seeds = append(r.older.Seeds, cur)
			}
		}
		r.older.Survived = len(r.older.Seeds)
	}
	r.previous = &crawl.Previous{Scores: m.scores, Values: r.prevResult.Scores}
	r.prevSummary.MatchedBy, r.prevSummary.Matched = m.by, m.matched
	if m.matched == 0 {
		r.warn("previous: no page of the graph was found in the previous snapshot; the historical strategies see only new pages")
	}
	r.match, r.prev, r.prevLabels, r.newToOld = nil, nil, nil, nil
	return used/matchPagesPerUnit + 1, true, nil
}

// uniformPageRank computes uniform PageRank, which top-pagerank seeds rank
// by and which is the importance unless it is personalized.
func (r *Runner) uniformPageRank(budget int64) (int64, bool, error) {
	if r.fileIsPageRank() {
		r.useFileImportance()
		return 1, true, nil
	}
	if r.pagerank == nil {
		p, err := rank.NewPageRank(r.g, nil, r.rankOptions(nil))
		if err != nil {
			return 0, false, err
		}
		r.pagerank = p
		return scanUnits(r.g.NumNodes(), 0), false, nil
	}
	used, done := r.iterate(r.pagerank, r.g, budget)
	if done {
		r.uniform = r.pagerank.Result()
		r.pagerank = nil
		r.release()
		if r.fileImportance != nil {
			r.useFileImportance()
		} else if r.s.Importance == ImportancePageRank {
			r.setImportance(r.uniform, nil)
		}
	}
	return used, done, nil
}

func (r *Runner) setImportance(res rank.Result, teleport []float64) {
	r.importance, r.teleport = res.Scores, teleport
	r.impSummary = ImportanceSummary{Kind: r.s.Importance, Iterations: res.Iterations, Residual: res.Residual}
	if !res.Converged {
		r.warn("importance: PageRank stopped after %d iterations with a change of %.3g, above the tolerance %g",
			res.Iterations, res.Residual, r.s.Tolerance)
	}
}

// chooseSeeds selects the seeds and counts the pages they reach.
func (r *Runner) chooseSeeds() (int64, error) {
	spec, err := seeds.Parse(r.s.Seeds)
	if err != nil {
		return 0, err
	}
	n := r.g.NumNodes()
	opt := seeds.Options{
		Importance: r.uniform.Scores,
		Rand:       rand.New(rand.NewPCG(r.s.RandomSeed, seedsStream)),
		PageOf:     r.labels.PageOf(),
	}
	sel, err := seeds.Select(r.g, spec, opt)
	if err != nil {
		return 0, err
	}
	if len(sel) == 0 {
		return 0, fmt.Errorf("seeds %s: no seed was chosen", spec)
	}
	if (spec.Kind == seeds.TopPageRank || spec.Kind == seeds.Random) && spec.K > n {
		r.warn("seeds: %s asks for more pages than the graph's %d; all of them are seeds", spec, n)
	}
	r.seeds = sel
	return scanUnits(n, 0), nil
}

// communitySeeds extracts community seeds (SPEC.md section 6.4) from the
// graph in bounded steps; a HITS iteration costs about a PageRank one.
func (r *Runner) communitySeeds(budget int64) (int64, bool, error) {
	done, used, res, err := r.extract(r.g, budget)
	if err != nil || !done {
		return used, done, err
	}
	if len(res.Seeds) == 0 {
		return used, false, fmt.Errorf("seeds %s: no bipartite core was found: no link is left between hosts once the links within hosts are dropped", r.seedSpec)
	}
	if len(res.Seeds) < r.seedSpec.K {
		r.warn("seeds: %s found only %d cores before the links between hosts ran out", r.seedSpec, len(res.Seeds))
	}
	r.seeds, r.community = res.Seeds, &res
	return used, true, nil
}

// olderCommunity extracts community seeds from the previous snapshot, for
// the seed study.
func (r *Runner) olderCommunity(budget int64) (int64, bool, error) {
	done, used, res, err := r.extract(r.prev, budget)
	if err != nil {
		return used, false, fmt.Errorf("previous snapshot: %w", err)
	}
	if done {
		r.olderSeeds = append([]uint32{}, res.Seeds...)
	}
	return used, done, nil
}

// extract steps the community extraction of the seeds' spec on g, made at
// the first call; it returns the result once done.
func (r *Runner) extract(g *graph.Graph, budget int64) (bool, int64, seeds.CommunityResult, error) {
	if r.extractor == nil {
		opt := r.seedSpec.CommunityOptionsOf()
		opt.Rand = rand.New(rand.NewPCG(r.s.RandomSeed, seedsStream))
		opt.Workers = r.env.Workers
		e, err := seeds.NewExtractor(g, opt)
		if err != nil {
			return false, 0, seeds.CommunityResult{}, err
		}
		r.extractor = e
		return false, scanUnits(g.NumNodes(), g.NumArcs()), seeds.CommunityResult{}, nil
	}
	cost := pageRankUnits(g)
	iters := max(budget/cost, 1)
	done, err := r.extractor.Step(int(min(iters, math.MaxInt32)))
	if err != nil || !done {
		return false, iters * cost, seeds.CommunityResult{}, err
	}
	res := r.extractor.Result()
	r.extractor = nil
	return true, iters * cost, res, nil
}

// seedStudy evaluates the seeds against random and top-PageRank sets of
// their size, and the older snapshot's community seeds (SPEC.md section
// 6.5), in bounded steps.
func (r *Runner) seedStudy(budget int64) (int64, bool, error) {
	if r.evaluator == nil {
		k := len(r.seeds)
		rng := rand.New(rand.NewPCG(r.s.RandomSeed, studyStream))
		sets := []seeds.NamedSet{{Name: r.seedSpec.String(), Seeds: r.seeds}}
		for _, other := range []seeds.Spec{{Kind: seeds.Random, K: k}, {Kind: seeds.TopPageRank, K: k}} {
			if other.String() == r.seedSpec.String() {
				continue
			}
			sel, err := seeds.Select(r.g, other, seeds.Options{Importance: r.uniform.Scores, Rand: rng})
			if err != nil {
				return 0, false, err
			}
			sets = append(sets, seeds.NamedSet{Name: other.String(), Seeds: sel})
		}
		if r.older != nil {
			sets = append(sets, seeds.NamedSet{Name: r.seedSpec.String() + " of the previous snapshot", Seeds: r.older.Seeds})
		}
		var cores [][]uint32
		if r.community != nil {
			for _, c := range r.community.Cores {
				cores = append(cores, append(append([]uint32{}, c.Hubs...), c.Authorities...))
			}
		}
		e, err := seeds.NewEvaluator(r.g, seeds.EvaluationOptions{Sets: sets, Cores: cores, Importance: r.importance,
			Samples: r.s.SeedStudy.Samples, Rand: rng})
		if err != nil {
			return 0, false, err
		}
		r.evaluator = e
		return 1, false, nil
	}
	// A unit of the evaluator scans 1,024 links.
	units := max(budget*scanItemsPerUnit/1024, 1)
	done, err := r.evaluator.Step(int(min(units, math.MaxInt32)))
	if err != nil || !done {
		return units * 1024 / scanItemsPerUnit, false, err
	}
	r.study = &SeedStudyResult{Community: r.community, Evaluation: r.evaluator.Result(), Older: r.older, Names: r.pageNames(r.seeds)}
	r.evaluator = nil
	return units * 1024 / scanItemsPerUnit, true, nil
}

// pageNames names pages as the graph file does (SeedStudyResult.Names).
func (r *Runner) pageNames(pages []uint32) []string {
	names := make([]string, len(pages))
	for i, p := range pages {
		switch {
		case r.g.URLs != nil:
			names[i] = r.g.URLs[p]
		case r.labels != nil && int(p) < len(r.labels.IDs):
			names[i] = strconv.FormatUint(r.labels.IDs[p], 10)
		case r.labels != nil && int(p) < len(r.labels.Names):
			names[i] = r.labels.Names[p]
		case r.labels != nil:
			// A page that previous.evolve added has no name in the file.
			names[i] = "new page " + strconv.FormatUint(uint64(p), 10)
		default:
			names[i] = strconv.FormatUint(uint64(p), 10)
		}
	}
	return names
}

// reach finds the pages reachable from the seeds (breadth-first, in
// bounded steps) and then gives the warnings that depend on them.
func (r *Runner) reach(budget int64) (int64, bool, error) {
	if r.reacher == nil {
		r.reacher = newReacher(r.g, r.seeds, r.uniform.Scores)
	}
	did, done := r.reacher.step(budget * scanItemsPerUnit)
	if !done {
		return did/scanItemsPerUnit + 1, false, nil
	}
	n := r.g.NumNodes()
	mass := r.reacher.mass
	r.reachable, r.reacher = len(r.reacher.queue), nil
	r.release()
	if r.s.Importance == ImportancePageRank && r.reachable < n {
		lost := max(1-mass, 0)
		if lost >= 0.01 || (n-r.reachable)*100 >= n {
			r.warn("seeds: %d of the %d pages cannot be reached from the seeds; they hold %.3g of the importance, which no crawl collects",
				n-r.reachable, n, lost)
		}
	}
	if r.s.Budget > int64(r.reachable) {
		r.warn("budget: %d is more than the %d pages reachable from the seeds; every crawl stops after %d downloads",
			r.s.Budget, r.reachable, r.reachable)
	}
	r.hostWarnings()
	return did/scanItemsPerUnit + 1, true, nil
}

// reacher is a breadth-first search from the seeds in bounded steps; it
// also sums the scores of the pages it reaches, in the order it reaches
// them. It marks the pages it has seen in a bitset (n/8 bytes, which stays
// in the processor's cache far longer than a byte per page) and queues them
// in a slice made with room for every page, so that it never grows by
// copying (the memory is only touched as pages are queued).
type reacher struct {
	g      *graph.Graph
	scores []float64
	seen   []uint64 // bit p%64 of word p/64: page p was queued
	queue  []uint32
	next   int // next page of queue to expand
	mass   float64
}

func newReacher(g *graph.Graph, start []uint32, scores []float64) *reacher {
	n := g.NumNodes()
	b := &reacher{g: g, scores: scores, seen: make([]uint64, (n+63)/64), queue: make([]uint32, 0, n)}
	for _, p := range start {
		if b.seen[p/64]&(1<<(p%64)) == 0 {
			b.seen[p/64] |= 1 << (p % 64)
			b.queue = append(b.queue, p)
		}
	}
	return b
}

// step expands pages until about limit pages and links are done (at least
// one page) and reports the items done and whether the search is over.
func (b *reacher) step(limit int64) (int64, bool) {
	did := int64(0)
	seen, queue, scores := b.seen, b.queue, b.scores
	for ; b.next < len(queue) && did < max(limit, 1); b.next++ {
		p := queue[b.next]
		b.mass += scores[p]
		out := b.g.Out(p)
		for _, q := range out {
			w, bit := q/64, uint64(1)<<(q%64)
			if seen[w]&bit == 0 {
				seen[w] |= bit
				queue = append(queue, q)
			}
		}
		did += int64(len(out)) + 1
	}
	b.queue = queue
	return did, b.next == len(queue)
}

// hostWarnings says when strategies or politeness need hosts the graph
// does not have, and when guaranteed curves bound another importance.
func (r *Runner) hostWarnings() {
	if !r.g.HasHosts() {
		for _, sr := range r.runs {
			if sr.info.NeedsHosts {
				r.warn("%s: %s", sr.label, sr.info.NoHostsWarning)
			}
		}
		if r.politeness != nil {
			r.warn("politeness: the graph has no hosts, so all pages count as one host and every download waits for the one before (give a URL list for hosts)")
		}
	}
	if r.s.Importance == ImportancePageRank {
		var guaranteed []string
		for _, sr := range r.runs {
			if sr.info.Guaranteed {
				guaranteed = append(guaranteed, sr.label)
			}
		}
		if len(guaranteed) > 0 {
			r.warn("importance: the guaranteed curves of %s bound the personalized PageRank of the seeds (seeds/001, section 4), not the uniform PageRank the curves sum; set importance to personalized to compare them",
				strings.Join(guaranteed, ", "))
		}
	}
}

// personalizedPageRank computes PageRank with the teleport vector uniform
// over the seeds (SPEC.md section 1).
func (r *Runner) personalizedPageRank(budget int64) (int64, bool, error) {
	if r.pagerank == nil {
		t, err := rank.UniformTeleport(r.g.NumNodes(), r.seeds)
		if err != nil {
			return 0, false, err
		}
		p, err := rank.NewPageRank(r.g, nil, r.rankOptions(t))
		if err != nil {
			return 0, false, err
		}
		r.pagerank, r.teleport = p, t
		return scanUnits(r.g.NumNodes(), 0), false, nil
	}
	used, done := r.iterate(r.pagerank, r.g, budget)
	if done {
		res := r.pagerank.Result()
		r.pagerank = nil
		r.release()
		r.setImportance(res, r.teleport)
	}
	return used, done, nil
}

// crawlStrategy steps strategy k's crawl.
func (r *Runner) crawlStrategy(k int, budget int64) (int64, bool, error) {
	sr := &r.runs[k]
	if sr.crawl == nil {
		cfg := crawl.Config{
			Graph:      r.g,
			Importance: r.importance,
			Seeds:      r.seeds,
			Trust:      r.teleport,
			Damping:    r.s.Damping,
			Budget:     r.s.Budget,
			Rand:       crawlRand(r.s.RandomSeed, sr.label),
			Politeness: r.politeness,
			Previous:   r.previous,
			Reachable:  r.reachable,
			Clock:      r.env.Clock,
		}
		if sr.info.Reference {
			// The optimal reference is the upper bound of every curve
			// (SPEC.md section 3, example 5) only when no politeness
			// wait holds it back.
			cfg.Politeness = nil
		}
		c, err := crawl.New(cfg, sr.info.New(sr.params))
		if err != nil {
			return 0, false, fmt.Errorf("strategy %s: %w", sr.label, err)
		}
		sr.crawl, sr.state = c, "crawl"
		sr.total = c.Progress().Total
		return scanUnits(r.g.NumNodes(), 0), false, nil
	}
	c := sr.crawl
	passCost := pageRankUnits(r.g)
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
			// unit each, cannot run long inside one Step. (RankMass's
			// virtual re-expansions count one unit each within Step's
			// budget, so they keep the chunk: one Step per re-expansion
			// cost a third of its scheduling time in Step's overhead.)
			sr.chunk = 1
		}
	}
	return used, false, nil
}

// measure steps strategy k's metrics (crawl.Measurer); when they are
// complete it records the strategy's result and drops its crawl.
func (r *Runner) measure(k int, budget int64) (int64, bool, error) {
	sr := &r.runs[k]
	c := sr.crawl
	res := c.Result()
	if sr.measurer == nil {
		opt := crawl.MetricOptions{
			CurvePoints: r.s.Metrics.CurvePoints,
			TauSample:   r.s.Metrics.TauSample,
			LowerBound:  r.s.Metrics.LowerBound,
			Teleport:    r.teleport,
			Damping:     r.s.Damping,
			Rand:        metricsRand(r.s.RandomSeed),
		}
		m, err := crawl.NewMeasurer(r.g, res, r.importance, opt)
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
	if r.politeness != nil && !sr.info.Reference {
		sr.res.Time = &TimeSummary{Duration: res.Duration, Utilisation: res.Utilisation}
	}
	sr.total = int64(len(res.Order))
	sr.crawl, sr.measurer, sr.state = nil, nil, "done"
	r.release()
	return budget, true, nil
}

// finish assembles the result.
func (r *Runner) finish() (int64, error) {
	res := &Result{
		Version:    Version,
		Scenario:   r.s,
		Graph:      r.summary,
		Previous:   r.prevSummary,
		Importance: r.impSummary,
		Seeds:      r.seeds,
		Reachable:  int64(r.reachable),
		Strategies: make([]StrategyResult, len(r.runs)),
	}
	for k := range r.runs {
		res.Strategies[k] = r.runs[k].res
	}
	if err := r.sanitize(res); err != nil {
		return 0, err
	}
	res.SeedStudy = r.study
	res.Warnings = r.warnings
	r.result = res
	return 1, nil
}

// sanitize makes the result fit JSON, which has no NaN or infinity. A
// simulated time that is not finite is an error: Normalize bounds the
// politeness parameters so that no crawl's duration can overflow, and a
// time axis with holes would mislead. Any other non-finite number is
// replaced by 0, with one warning per figure or curve that counts the
// values replaced.
func (r *Runner) sanitize(res *Result) error {
	for k := range res.Strategies {
		s := &res.Strategies[k]
		for _, c := range []*crawl.Curve{&s.Curve, s.Guarantee, s.LowerBound} {
			if c == nil {
				continue
			}
			for i, t := range c.T {
				if math.IsNaN(t) || math.IsInf(t, 0) {
					return fmt.Errorf("strategy %s: simulated time %v after %d downloads; the politeness parameters make times too large to compute",
						s.Label, t, c.K[i])
				}
			}
		}
		if s.Time != nil && (math.IsNaN(s.Time.Duration) || math.IsInf(s.Time.Duration, 0)) {
			return fmt.Errorf("strategy %s: simulated duration %v; the politeness parameters make times too large to compute", s.Label, s.Time.Duration)
		}
	}
	fix := func(v *float64, what string) {
		if math.IsNaN(*v) || math.IsInf(*v, 0) {
			r.warn("%s was %v, which JSON cannot hold; it is reported as 0", what, *v)
			*v = 0
		}
	}
	fixAll := func(vs []float64, what string) {
		var nan, pos, neg int
		for i, v := range vs {
			switch {
			case math.IsNaN(v):
				nan++
			case math.IsInf(v, 1):
				pos++
			case math.IsInf(v, -1):
				neg++
			default:
				continue
			}
			vs[i] = 0
		}
		if nan+pos+neg == 0 {
			return
		}
		var parts []string
		for _, c := range []struct {
			n    int
			what string
		}{{nan, "NaN"}, {pos, "+Inf"}, {neg, "-Inf"}} {
			if c.n > 0 {
				parts = append(parts, fmt.Sprintf("%d %s", c.n, c.what))
			}
		}
		r.warn("%s: %s of %d values, which JSON cannot hold; they are reported as 0", what, strings.Join(parts, ", "), len(vs))
	}
	fix(&res.Importance.Residual, "importance.residual")
	if res.Previous != nil {
		fix(&res.Previous.Residual, "previous.residual")
	}
	for k := range res.Strategies {
		s := &res.Strategies[k]
		name := "strategy " + s.Label + ": "
		fixAll(s.Curve.Value, name+"curve")
		if s.Guarantee != nil {
			fixAll(s.Guarantee.Value, name+"guaranteed curve")
		}
		if s.LowerBound != nil {
			fixAll(s.LowerBound.Value, name+"lower bound")
		}
		fix(&s.Summary.Final, name+"final")
		fix(&s.Summary.FinalGuarantee, name+"final guarantee")
		fix(&s.Summary.FinalLowerBound, name+"final lower bound")
		fix(&s.Summary.AvgCumulative, name+"average cumulative importance")
		fix(&s.Summary.Tau, name+"tau")
		fix(&s.Cost.SchedulingSeconds, name+"scheduling seconds")
		if s.Time != nil {
			fix(&s.Time.Utilisation, name+"utilisation")
		}
	}
	return nil
}
