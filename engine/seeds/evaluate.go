package seeds

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/step"
)

// The evaluation of seed sets of seeds/003, section 3.5 (SPEC.md section
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

// DepthProfile is a breadth-first crawl from a seed set on the full graph
// (seeds/003, Figures 7 and 8): Pages[d] pages are first reached at depth d
// (depth 0 is the seeds), with mean importance MeanImportance[d].
type DepthProfile struct {
	Name           string    `json:"name"`
	Seeds          int       `json:"seeds"`
	Pages          []int64   `json:"pages"`
	MeanImportance []float64 `json:"mean_importance"`
	// Reached is the sum of Pages, and Importance the importance of the
	// pages reached.
	Reached    int64   `json:"reached"`
	Importance float64 `json:"importance"`
}

// CoreDistances summarizes the distances between cores: the distance from
// core i to core j is the shortest directed path from a page of i to a
// page of j on the full graph, over the ordered pairs of different cores.
type CoreDistances struct {
	Cores int `json:"cores"`
	// Pairs counts the ordered pairs with a path, Unreachable those
	// without; Min, Mean and Max are over the pairs with a path.
	Pairs       int     `json:"pairs"`
	Unreachable int     `json:"unreachable"`
	Min         int     `json:"min"`
	Mean        float64 `json:"mean"`
	Max         int     `json:"max"`
}

// Evaluation is the outcome of an Evaluator.
type Evaluation struct {
	Profiles []DepthProfile `json:"profiles"`
	Cores    CoreDistances  `json:"cores"`
	// AverageDistance is the average connected distance (the mean length
	// of the shortest paths between ordered pairs with a path), estimated
	// from DistanceSamples breadth-first searches from random pages.
	AverageDistance float64 `json:"average_distance"`
	DistanceSamples int     `json:"distance_samples"`
}

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
// steps (step.Stepper): a unit of budget scans about 1,024 links.
type Evaluator struct {
	g    *graph.Graph
	opt  EvaluationOptions
	jobs []job
	next int
	bfs  bfs
	res  Evaluation

	// Sums of the distances of the core pairs and the samples.
	coreSum            int64
	sampleSum, samples int64
}

// job is one breadth-first search and what to do with its outcome.
type job struct {
	sources []uint32
	finish  func(b *bfs)
}

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
	e := &Evaluator{g: g, opt: opt, bfs: bfs{g: g, dist: make([]int32, n)}}
	for i := range e.bfs.dist {
		e.bfs.dist[i] = -1
	}
	e.res.Cores = CoreDistances{Cores: len(opt.Cores), Min: math.MaxInt}
	for _, s := range opt.Sets {
		e.jobs = append(e.jobs, job{sources: s.Seeds, finish: func(b *bfs) {
			e.res.Profiles = append(e.res.Profiles, b.profile(s, opt.Importance))
		}})
	}
	for i, c := range opt.Cores {
		e.jobs = append(e.jobs, job{sources: c, finish: func(b *bfs) { e.coreDistances(i, b) }})
	}
	for range opt.Samples {
		src := uint32(opt.Rand.IntN(n))
		e.jobs = append(e.jobs, job{sources: []uint32{src}, finish: func(b *bfs) {
			for _, p := range b.queue[1:] {
				e.sampleSum += int64(b.dist[p])
				e.samples++
			}
		}})
	}
	return e, nil
}

func setPages(sets []NamedSet) [][]uint32 {
	out := make([][]uint32, len(sets))
	for i, s := range sets {
		out[i] = s.Seeds
	}
	return out
}

// coreDistances adds the distances from core i to the other cores.
func (e *Evaluator) coreDistances(i int, b *bfs) {
	c := &e.res.Cores
	for j, other := range e.opt.Cores {
		if j == i {
			continue
		}
		d := int32(-1)
		for _, p := range other {
			if dp := b.dist[p]; dp >= 0 && (d < 0 || dp < d) {
				d = dp
			}
		}
		if d < 0 {
			c.Unreachable++
			continue
		}
		c.Pairs++
		e.coreSum += int64(d)
		c.Min, c.Max = min(c.Min, int(d)), max(c.Max, int(d))
	}
}

// Progress counts the searches done.
func (e *Evaluator) Progress() step.Progress {
	return step.Progress{Stage: "seed evaluation", Done: int64(e.next), Total: int64(len(e.jobs))}
}

// Step scans about budget·1,024 links.
func (e *Evaluator) Step(budget int) (bool, error) {
	limit := int64(max(budget, 1)) * unitLinks
	for limit > 0 && e.next < len(e.jobs) {
		j := e.jobs[e.next]
		if !e.bfs.started {
			e.bfs.start(j.sources)
		}
		scanned, done := e.bfs.step(limit)
		limit -= scanned + 1
		if done {
			j.finish(&e.bfs)
			e.bfs.reset()
			e.next++
		}
	}
	if e.next < len(e.jobs) {
		return false, nil
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

// bfs is a breadth-first search in bounded steps; dist is -1 for pages not
// reached, and reset restores that for the pages it reached.
type bfs struct {
	g       *graph.Graph
	dist    []int32
	queue   []uint32
	next    int
	started bool
}

func (b *bfs) start(sources []uint32) {
	b.started = true
	for _, s := range sources {
		if b.dist[s] < 0 {
			b.dist[s] = 0
			b.queue = append(b.queue, s)
		}
	}
}

// step expands pages until about limit links are scanned; it returns the
// links scanned and whether the search is complete.
func (b *bfs) step(limit int64) (int64, bool) {
	scanned := int64(0)
	for ; b.next < len(b.queue) && scanned < limit; b.next++ {
		p := b.queue[b.next]
		d := b.dist[p] + 1
		out := b.g.Out(p)
		scanned += int64(len(out)) + 1
		for _, q := range out {
			if b.dist[q] < 0 {
				b.dist[q] = d
				b.queue = append(b.queue, q)
			}
		}
	}
	return scanned, b.next == len(b.queue)
}

func (b *bfs) reset() {
	for _, p := range b.queue {
		b.dist[p] = -1
	}
	b.queue, b.next, b.started = b.queue[:0], 0, false
}

// profile counts the pages and their importance per depth.
func (b *bfs) profile(s NamedSet, importance []float64) DepthProfile {
	pr := DepthProfile{Name: s.Name, Seeds: len(s.Seeds)}
	var sums []float64
	for _, p := range b.queue {
		d := int(b.dist[p])
		for len(pr.Pages) <= d {
			pr.Pages = append(pr.Pages, 0)
			sums = append(sums, 0)
		}
		pr.Pages[d]++
		sums[d] += importance[p]
		pr.Importance += importance[p]
	}
	pr.Reached = int64(len(b.queue))
	pr.MeanImportance = make([]float64, len(sums))
	for d, s := range sums {
		pr.MeanImportance[d] = s / float64(pr.Pages[d])
	}
	return pr
}
