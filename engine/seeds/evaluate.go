package seeds

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/step"
)

// The evaluation of seed sets of Daneshpajouh et al. 2008, section 3.5 (docs/algorithms.md section
// 6.5): breadth-first crawls from each set, depth by depth; the distances
// between the cores the community seeds came from; and the graph's
// average connected distance, which those distances are read against.

// DefaultDistanceSamples is the number of breadth-first searches that
// estimate the average connected distance.
const DefaultDistanceSamples = 100

// NamedSet is a seed set to evaluate.
type NamedSet struct {
	Name  string
	Seeds []uint32
}

// DepthProfile is a breadth-first crawl from a seed set on the full graph,
// depth by depth (model.DepthProfile; Daneshpajouh et al. 2008, Figures 7 and 8).
type DepthProfile = model.DepthProfile

// CoreDistances summarizes the distances between cores
// (model.CoreDistances).
type CoreDistances = model.CoreDistances

// Evaluation is the outcome of an Evaluator (model.Evaluation).
type Evaluation = model.Evaluation

// EvaluationOptions says what to evaluate.
type EvaluationOptions struct {
	// Sets are the seed sets to crawl from, in the order reported.
	Sets []NamedSet
	// Cores are the pages (hubs and authorities) of each core whose
	// distances are measured.
	Cores [][]uint32
	// Importance scores the pages reached.
	Importance []float64
	// Samples is the number of searches for the average connected
	// distance (default DefaultDistanceSamples; at most the pages).
	Samples int
	// Rand draws their sources.
	Rand *rand.Rand
}

// Evaluator runs the breadth-first searches of an evaluation in bounded
// steps (step.Stepper): a unit of budget scans about 1,024 links. Each
// search is a task of a step.Sequence, run by one graph.Search.
type Evaluator struct {
	opt    EvaluationOptions
	search *graph.Search
	tasks  *step.Sequence
	res    Evaluation
	// coreOf lists, for each page of a core, the cores it belongs to:
	// isCore marks the pages (a bit each), coreEntries the pairs sorted
	// by page.
	isCore      []uint64
	coreEntries []coreEntry

	// Sums of the distances of the core pairs and the samples.
	coreSum            int64
	sampleSum, samples int64
}

// coreEntry says that page belongs to core.
type coreEntry struct{ page, core uint32 }

// unitLinks is the number of links a unit of budget scans.
const unitLinks = 1024

// NewEvaluator prepares the evaluation of opt on g.
func NewEvaluator(g *graph.Graph, opt EvaluationOptions) (*Evaluator, error) {
	n := g.NumNodes()
	if n == 0 {
		return nil, errors.New("seed evaluation: the graph has no pages")
	}
	if len(opt.Importance) != n {
		return nil, fmt.Errorf("seed evaluation: importance of %d pages for a graph of %d", len(opt.Importance), n)
	}
	if opt.Samples == 0 {
		opt.Samples = DefaultDistanceSamples
	}
	if opt.Samples < 0 {
		return nil, fmt.Errorf("seed evaluation: %d distance samples; want at least 1", opt.Samples)
	}
	opt.Samples = min(opt.Samples, n)
	if opt.Rand == nil {
		return nil, errors.New("seed evaluation: no random source for the distance samples")
	}
	for _, pages := range append(setPages(opt.Sets), opt.Cores...) {
		for _, p := range pages {
			if int(p) >= n {
				return nil, fmt.Errorf("seed evaluation: page %d is beyond the last page %d", p, n-1)
			}
		}
	}
	e := &Evaluator{opt: opt, search: graph.NewSearch(g), tasks: step.NewSequence()}
	e.res.Cores = CoreDistances{Cores: len(opt.Cores), Min: math.MaxInt}
	if len(opt.Cores) > 0 {
		e.isCore = make([]uint64, (n+63)/64)
		for i, c := range opt.Cores {
			for _, p := range c {
				e.isCore[p/64] |= 1 << (p % 64)
				e.coreEntries = append(e.coreEntries, coreEntry{page: p, core: uint32(i)})
			}
		}
		slices.SortFunc(e.coreEntries, func(a, b coreEntry) int { return cmp.Compare(a.page, b.page) })
	}
	for _, s := range opt.Sets {
		e.add(s.Seeds, func() {
			e.res.Profiles = append(e.res.Profiles, e.profile(s, opt.Importance))
		})
	}
	for i := range opt.Cores {
		e.add(opt.Cores[i], func() { e.coreDistances(i) })
	}
	for range opt.Samples {
		src := uint32(opt.Rand.IntN(n))
		e.add([]uint32{src}, func() {
			// The source is at depth 0; every other page reached counts
			// its depth.
			e.forLevels(func(d int, pages []uint32) { e.sampleSum += int64(d) * int64(len(pages)) })
			e.samples += int64(len(e.search.Reached()) - 1)
		})
	}
	return e, nil
}

// add plans a breadth-first search from sources and what to do with it
// once it is complete.
func (e *Evaluator) add(sources []uint32, finish func()) {
	started := false
	e.tasks.Add(step.Task{
		Stage:   "seed evaluation",
		PerUnit: unitLinks,
		Run: func(limit int64) (int64, bool, error) {
			if !started {
				e.search.Start(sources)
				started = true
			}
			did, done := e.search.Expand(limit)
			if done {
				finish()
			}
			return did, done, nil
		},
		Progress: e.Progress,
	})
}

// forLevels calls f with each depth of the finished search and its pages.
func (e *Evaluator) forLevels(f func(depth int, pages []uint32)) {
	reached, levels := e.search.Reached(), e.search.Levels()
	for d, start := range levels {
		end := len(reached)
		if d+1 < len(levels) {
			end = levels[d+1]
		}
		f(d, reached[start:end])
	}
}

func setPages(sets []NamedSet) [][]uint32 {
	out := make([][]uint32, len(sets))
	for i, s := range sets {
		out[i] = s.Seeds
	}
	return out
}

// coreDistances adds the distances from core i, the search just done, to
// the other cores: the depth of the first of their pages reached.
func (e *Evaluator) coreDistances(i int) {
	c := &e.res.Cores
	dist := make([]int, len(e.opt.Cores))
	for j := range dist {
		dist[j] = -1
	}
	e.forLevels(func(d int, pages []uint32) {
		for _, p := range pages {
			if e.isCore[p/64]&(1<<(p%64)) == 0 {
				continue
			}
			k, _ := slices.BinarySearchFunc(e.coreEntries, p, func(x coreEntry, p uint32) int { return cmp.Compare(x.page, p) })
			for ; k < len(e.coreEntries) && e.coreEntries[k].page == p; k++ {
				if j := e.coreEntries[k].core; dist[j] < 0 {
					dist[j] = d
				}
			}
		}
	})
	for j, d := range dist {
		if j == i {
			continue
		}
		if d < 0 {
			c.Unreachable++
			continue
		}
		c.Pairs++
		e.coreSum += int64(d)
		c.Min, c.Max = min(c.Min, d), max(c.Max, d)
	}
}

// Progress counts the searches done.
func (e *Evaluator) Progress() step.Progress {
	return step.Progress{Stage: "seed evaluation", Done: int64(e.tasks.Current()), Total: int64(e.tasks.Len())}
}

// Step scans about budget·1,024 links.
func (e *Evaluator) Step(budget int) (bool, error) {
	if done, err := e.tasks.Step(budget); !done || err != nil {
		return done, err
	}
	c := &e.res.Cores
	if c.Pairs > 0 {
		c.Mean = float64(e.coreSum) / float64(c.Pairs)
	} else {
		c.Min = 0
	}
	if e.samples > 0 {
		e.res.AverageDistance = float64(e.sampleSum) / float64(e.samples)
	}
	e.res.DistanceSamples = e.opt.Samples
	return true, nil
}

// Result returns the evaluation (complete once Step is done).
func (e *Evaluator) Result() Evaluation { return e.res }

// profile counts the pages and their importance per depth of the search
// just done from s.
func (e *Evaluator) profile(s NamedSet, importance []float64) DepthProfile {
	pr := DepthProfile{Name: s.Name, Seeds: len(s.Seeds)}
	var sums []float64
	e.forLevels(func(d int, pages []uint32) {
		sum := 0.0
		for _, p := range pages {
			sum += importance[p]
			pr.Importance += importance[p]
		}
		pr.Pages = append(pr.Pages, int64(len(pages)))
		sums = append(sums, sum)
	})
	pr.Reached = int64(len(e.search.Reached()))
	pr.MeanImportance = make([]float64, len(sums))
	for d, s := range sums {
		pr.MeanImportance[d] = s / float64(pr.Pages[d])
	}
	return pr
}
