package rank

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/step"
)

// benchGraph is a random graph of 100,000 pages and 1,000,000 links drawn
// uniformly among the 80% of pages that have out-links (the rest are
// dangling).
func benchGraph(b *testing.B) *graph.Graph {
	const n, m = 100_000, 1_000_000
	rng := rand.New(rand.NewPCG(1, 2))
	bld := graph.NewBuilder(n)
	bld.Grow(m)
	for bld.NumArcs() < m {
		src := uint32(rng.IntN(n))
		if src%5 == 0 { // dangling
			continue
		}
		bld.Add(src, uint32(rng.IntN(n)))
	}
	g, err := bld.Build()
	if err != nil {
		b.Fatal(err)
	}
	return g
}

// benchPageRank runs PageRank on g to the default tolerance b.N times, on
// the layout it builds (no transpose given, so the build is timed) and on
// the transpose tr, with 1 and 2 workers, reporting iterations,
// milliseconds per iteration and links swept per second.
func benchPageRank(b *testing.B, g, tr *graph.Graph) {
	forEachMode(b, tr, func(b *testing.B, given *graph.Graph, workers int) {
		b.ReportAllocs()
		var r Result
		for b.Loop() {
			p, err := NewPageRank(g, given, Options{Workers: workers})
			if err != nil {
				b.Fatal(err)
			}
			if err := step.Run(context.Background(), p, 1, nil); err != nil {
				b.Fatal(err)
			}
			r = p.Result()
		}
		if !r.Converged {
			b.Fatalf("not converged after %d iterations", r.Iterations)
		}
		perOp := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
		b.ReportMetric(float64(r.Iterations), "iterations")
		b.ReportMetric(perOp/1e6/float64(r.Iterations), "ms/iteration")
		b.ReportMetric(float64(g.NumArcs())*float64(r.Iterations)/(perOp/1e9)/1e6, "Mlinks/s")
	})
}

func BenchmarkPageRank(b *testing.B) {
	g := benchGraph(b)
	benchPageRank(b, g, g.Transpose())
}

func BenchmarkHITS(b *testing.B) {
	g := benchGraph(b)
	tr := g.Transpose()
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				h, err := NewHITS(g, tr, HITSOptions{Workers: workers})
				if err != nil {
					b.Fatal(err)
				}
				if err := step.Run(context.Background(), h, 1, nil); err != nil {
					b.Fatal(err)
				}
			}
			perOp := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			b.ReportMetric(perOp/1e6/DefaultHITSIterations, "ms/iteration")
		})
	}
}

func BenchmarkPageRankCSStanford(b *testing.B) {
	g := csStanford(b)
	benchPageRank(b, g, g.Transpose())
}

// BenchmarkPageRankSweep times one Gauss-Seidel sweep on a web-like graph
// of 400,000 pages (localGraph: most links within 300 ids, a fifth of the
// pages dangling), on the layout and on the transpose, with 1 and 2
// workers, and reports the links swept per second and the time per page.
func BenchmarkPageRankSweep(b *testing.B) {
	g := localGraph(b, 11, 400_000)
	tr := g.Transpose()
	forEachMode(b, tr, func(b *testing.B, given *graph.Graph, workers int) {
		p, err := NewPageRank(g, given, Options{Workers: workers})
		if err != nil {
			b.Fatal(err)
		}
		p.pool.open()
		defer p.pool.shut()
		b.ReportAllocs()
		for b.Loop() {
			p.iterateOnce()
		}
		perOp := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
		b.ReportMetric(float64(g.NumArcs())/(perOp/1e9)/1e6, "Mlinks/s")
		b.ReportMetric(perOp/float64(g.NumNodes()), "ns/page")
	})
}

// BenchmarkPageRankLocal runs PageRank to the default tolerance on the
// graph of BenchmarkPageRankSweep, from NewPageRank to Result.
func BenchmarkPageRankLocal(b *testing.B) {
	g := localGraph(b, 11, 400_000)
	benchPageRank(b, g, g.Transpose())
}

// forEachMode runs f as a sub-benchmark on the layout PageRank builds
// itself (no transpose given) and on the transpose tr, each with 1 and 2
// workers.
func forEachMode(b *testing.B, tr *graph.Graph, f func(b *testing.B, given *graph.Graph, workers int)) {
	for _, given := range []*graph.Graph{nil, tr} {
		name := "layout"
		if given != nil {
			name = "transpose"
		}
		for _, workers := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/workers=%d", name, workers), func(b *testing.B) { f(b, given, workers) })
		}
	}
}
