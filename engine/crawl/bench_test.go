package crawl

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/crawlsim/crawlsim/engine/gen"
	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graphio"
	"github.com/crawlsim/crawlsim/engine/rank"
)

// cnrBenchData is what the benchmarks crawl: cnr-2000 (325,557 pages,
// 3,216,152 links; ../shared/data/README.md) scored by uniform PageRank,
// from its 160 most important pages (the FPR paper's seed count), with a
// previous snapshot for the historical strategies.
type cnrBenchData struct {
	g          *graph.Graph
	importance []float64
	seeds      []uint32
	previous   *Previous
}

var (
	cnrBench       *cnrBenchData
	cnrBenchFailed string
)

// loadCNRBench loads cnr-2000 once per test binary and skips when it is
// absent.
func loadCNRBench(b *testing.B) *cnrBenchData {
	b.Helper()
	if cnrBench == nil && cnrBenchFailed == "" {
		cnrBench, cnrBenchFailed = buildCNRBench()
	}
	if cnrBenchFailed != "" {
		b.Skip(cnrBenchFailed)
	}
	return cnrBench
}

func buildCNRBench() (*cnrBenchData, string) {
	dir := filepath.Join("..", "..", "..", "shared", "data")
	g, _, err := graphio.Load(os.DirFS(dir), "cnr-2000/cnr-2000.graph", graphio.LoadOptions{})
	if err != nil {
		return nil, "cnr-2000 is not available (" + err.Error() + "); it lives in ../shared/data, see its README"
	}
	ctx := context.Background()
	pr, err := rank.PageRankOf(ctx, g, rank.Options{Workers: 2})
	if err != nil {
		return nil, "PageRank of cnr-2000: " + err.Error()
	}
	thin, err := thinnedGraph(g)
	if err != nil {
		return nil, "thinning cnr-2000: " + err.Error()
	}
	prev, err := rank.PageRankOf(ctx, thin, rank.Options{Workers: 2})
	if err != nil {
		return nil, "PageRank of the thinned cnr-2000: " + err.Error()
	}
	return &cnrBenchData{
		g:          g,
		importance: pr.Scores,
		seeds:      rank.Top(pr.Scores, 160),
		// Every page is in both snapshots (same ids), so no score is NaN.
		previous: &Previous{Scores: prev.Scores, Values: prev.Scores},
	}, ""
}

// thinnedGraph stands in for an earlier snapshot of g: g without about 5%
// of its links, chosen by a deterministic rule (the arc i→j is dropped when
// a multiplicative hash of (i, j) falls in one twentieth of its range), so
// the historical strategies see a PageRank close to, but not equal to, the
// current one, for the same pages.
func thinnedGraph(g *graph.Graph) (*graph.Graph, error) {
	n := g.NumNodes()
	b := graph.NewBuilder(n)
	b.Grow(int(g.NumArcs()))
	for i := 0; i < n; i++ {
		for _, j := range g.Out(uint32(i)) {
			h := (uint64(i)*0x9e3779b97f4a7c15 ^ uint64(j)*0xc2b2ae3d27d4eb4f) * 0x165667b19e3779f9
			if h>>32%20 != 0 {
				b.Add(uint32(i), j)
			}
		}
	}
	return b.Build()
}

// BenchmarkStrategies crawls cnr-2000 to the end with every registered
// strategy at its default parameters. It reports pages downloaded per
// second of the whole crawl (scheduling included), allocations, and the
// strategies' own work per crawl (Cost), for every strategy, 0 where a
// strategy does none of it: RankMass virtual re-expansions, PageRank
// recomputations and their iterations (batch and partial PageRank), and
// windowed-rankmass windows or l-neighbor levels; and the memory of a crawl
// beyond the graph, as bytes allocated per page of the graph (B/page, the
// benchmark's B/op over n: everything New and Run allocate, which bounds
// what the crawl holds at its peak, its result included).
func BenchmarkStrategies(b *testing.B) {
	for _, info := range Strategies() {
		b.Run(info.ID, func(b *testing.B) {
			data := loadCNRBench(b)
			_, vals, err := Resolve(info.ID, nil)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			var pages int64
			var cost Cost
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				cfg := Config{
					Graph:      data.g,
					Importance: data.importance,
					Seeds:      data.seeds,
					Rand:       rand.New(rand.NewPCG(1, uint64(i))),
					Previous:   data.previous,
				}
				c, err := New(cfg, info.New(vals))
				if err != nil {
					b.Fatal(err)
				}
				res, err := c.Run(context.Background(), nil)
				if err != nil {
					b.Fatal(err)
				}
				pages += int64(len(res.Order))
				cost = res.Cost
			}
			b.StopTimer()
			runtime.ReadMemStats(&after)
			perPage := float64(after.TotalAlloc-before.TotalAlloc) / float64(b.N) / float64(data.g.NumNodes())
			b.ReportMetric(perPage, "B/page")
			b.ReportMetric(float64(pages)/b.Elapsed().Seconds(), "pages/s")
			b.ReportMetric(float64(pages)/float64(b.N), "pages/op")
			b.ReportMetric(float64(cost.VirtualReexpansions), "reexpansions/op")
			b.ReportMetric(float64(cost.Recomputations), "recomputations/op")
			b.ReportMetric(float64(cost.PageRankIterations), "pr-iterations/op")
			b.ReportMetric(float64(cost.Iterations), "iterations/op")
		})
	}
}

// BenchmarkMeasure measures one breadth-first crawl of cnr-2000 (every
// reachable page): the curve at 1,000 points, the average, the thresholds
// and Kendall's tau on 5,000 pages; then the same with the generic lower
// bound at 10 checkpoints.
func BenchmarkMeasure(b *testing.B) {
	data := loadCNRBench(b)
	info, vals, err := Resolve("bfs", nil)
	if err != nil {
		b.Fatal(err)
	}
	c, err := New(Config{Graph: data.g, Importance: data.importance, Seeds: data.seeds}, info.New(vals))
	if err != nil {
		b.Fatal(err)
	}
	res, err := c.Run(context.Background(), nil)
	if err != nil {
		b.Fatal(err)
	}
	for _, bench := range []struct {
		name       string
		lowerBound int
	}{{"curve+tau", 0}, {"lower-bound-10", 10}} {
		b.Run(bench.name, func(b *testing.B) {
			b.ReportAllocs()
			var m Metrics
			for i := 0; i < b.N; i++ {
				opt := MetricOptions{LowerBound: bench.lowerBound, Rand: rand.New(rand.NewPCG(1, 2))}
				if m, err = Measure(data.g, res, data.importance, opt); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(res.Order)), "pages/op")
			if m.LowerBound != nil {
				b.ReportMetric(m.Summary.FinalLowerBound, "final-bound")
			}
		})
	}
}

// BenchmarkHeavyStrategies crawls a generated web of 30,000 pages (default
// generator parameters, seed 1) from its 100 pages of highest PageRank with
// the four strategies whose own work dominates a crawl: RankMass's virtual
// re-expansions (rmHeap), the windows' passes of windowed-rankmass, and
// the recomputations of the known graph's PageRank of batch- and
// partial-pagerank (knownRank). It needs no data from ../shared and reports
// the same figures as BenchmarkStrategies.
func BenchmarkHeavyStrategies(b *testing.B) {
	p := gen.DefaultParams()
	p.Pages = 30000
	p.Seed = 1
	g, err := gen.Generate(p)
	if err != nil {
		b.Fatal(err)
	}
	pr, err := rank.PageRankOf(context.Background(), g, rank.Options{})
	if err != nil {
		b.Fatal(err)
	}
	seeds := rank.Top(pr.Scores, 100)
	for _, id := range []string{"rankmass", "windowed-rankmass", "batch-pagerank", "partial-pagerank"} {
		b.Run(id, func(b *testing.B) {
			info, vals, err := Resolve(id, nil)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			var cost Cost
			for b.Loop() {
				c, err := New(Config{Graph: g, Importance: pr.Scores, Seeds: seeds}, info.New(vals))
				if err != nil {
					b.Fatal(err)
				}
				res, err := c.Run(context.Background(), nil)
				if err != nil {
					b.Fatal(err)
				}
				cost = res.Cost
			}
			runtime.ReadMemStats(&after)
			b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(b.N)/float64(g.NumNodes()), "B/page")
			b.ReportMetric(float64(cost.VirtualReexpansions), "reexpansions/op")
			b.ReportMetric(float64(cost.PageRankIterations), "pr-iterations/op")
			b.ReportMetric(float64(cost.Iterations), "iterations/op")
		})
	}
}

// BenchmarkPolitenessClock crawls a generated web of 100,000 pages in
// 1,000 hosts (seed 1) from its 100 pages of highest PageRank on the
// politeness clock with its defaults, so that the frontier's heap of open
// hosts and the clock's heaps of downloads and waiting hosts do much of
// the work: breadth-first (hosts ordered by their first page's
// discovery), OPIC (by their best page's cash) and RankMass (which also
// tracks every host, GlobalBest). It needs no data from ../shared.
func BenchmarkPolitenessClock(b *testing.B) {
	p := gen.DefaultParams()
	p.Pages, p.Hosts, p.Seed = 100000, 1000, 1
	g, err := gen.Generate(p)
	if err != nil {
		b.Fatal(err)
	}
	pr, err := rank.PageRankOf(context.Background(), g, rank.Options{})
	if err != nil {
		b.Fatal(err)
	}
	seeds := rank.Top(pr.Scores, 100)
	polite := DefaultPoliteness()
	for _, id := range []string{"bfs", "opic", "rankmass"} {
		b.Run(id, func(b *testing.B) {
			info, vals, err := Resolve(id, nil)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				c, err := New(Config{Graph: g, Importance: pr.Scores, Seeds: seeds, Politeness: &polite}, info.New(vals))
				if err != nil {
					b.Fatal(err)
				}
				if _, err := c.Run(context.Background(), nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
