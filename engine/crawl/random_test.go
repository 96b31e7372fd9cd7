package crawl

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/gen"
	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
)

// chiSquare returns Pearson's statistic of observed counts against expected
// ones.
func chiSquare(observed, expected []float64) float64 {
	var x2 float64
	for i, e := range expected {
		d := observed[i] - e
		x2 += d * d / e
	}
	return x2
}

// chiSquareBound is a loose upper bound for a chi-square statistic with df
// degrees of freedom: its mean plus six standard deviations, df + 6·√(2df).
// A uniform sampler stays below it (the tests use fixed random seeds, so
// they never flake); a biased one exceeds it by far.
func chiSquareBound(df int) float64 { return float64(df) + 6*math.Sqrt(2*float64(df)) }

// TestRandomFirstChildUniform: on a star (seed 0 → 1..5) the page downloaded
// after the seed is uniform over the five children; 4,000 crawls with fixed
// random seeds, 800 expected per child.
func TestRandomFirstChildUniform(t *testing.T) {
	g := graphtest.FromArcs(t, 6, [][2]uint32{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}})
	const trials = 4000
	counts := make([]float64, 5)
	for seed := range uint64(trials) {
		res := crawlToEnd(t, Config{Graph: g, Seeds: []uint32{0}, Rand: rand.New(rand.NewPCG(seed, 1))}, "random", nil)
		if len(res.Order) != 6 || res.Order[0] != 0 {
			t.Fatalf("random downloaded %v, want the seed then its five children", res.Order)
		}
		counts[res.Order[1]-1]++
	}
	expected := []float64{800, 800, 800, 800, 800}
	if x2, bound := chiSquare(counts, expected), chiSquareBound(4); x2 > bound {
		t.Fatalf("first child counts %v: chi-square %.1f above %.1f", counts, x2, bound)
	}
}

// uniformOrderProbabilities returns the probability of every complete
// download order (as fmt.Sprint of the order) of a crawl of g from seeds
// that picks uniformly from F at every step, by enumerating the crawl
// model of docs/algorithms.md section 2.
func uniformOrderProbabilities(g *graph.Graph, seeds []uint32) map[string]float64 {
	out := map[string]float64{}
	var walk func(order, frontier []uint32, seen []bool, p float64)
	walk = func(order, frontier []uint32, seen []bool, p float64) {
		if len(frontier) == 0 {
			out[fmt.Sprint(order)] += p
			return
		}
		for k, i := range frontier {
			next := slices.Concat(frontier[:k], frontier[k+1:])
			seen2 := slices.Clone(seen)
			for _, j := range g.Out(i) {
				if !seen2[j] {
					seen2[j] = true
					next = append(next, j)
				}
			}
			walk(append(slices.Clone(order), i), next, seen2, p/float64(len(frontier)))
		}
	}
	seen := make([]bool, g.NumNodes())
	for _, s := range seeds {
		seen[s] = true
	}
	walk(nil, slices.Clone(seeds), seen, 1)
	return out
}

// TestRandomUniformAtEveryStep compares the distribution of complete
// download orders with the exact one of a uniform choice from F at every
// step, on a graph that mixes a star and paths (seed 0 → 1, 2, 3; 1 → 4 →
// 5; 3 → 5), over 10,000 crawls with fixed random seeds. A scheme that
// drew independent keys once per page would fail it: after the seed, the
// page left behind by a first pick has a key known to be smaller than the
// pick's, while a page just discovered has a fresh one.
func TestRandomUniformAtEveryStep(t *testing.T) {
	g := graphtest.FromArcs(t, 6, [][2]uint32{{0, 1}, {0, 2}, {0, 3}, {1, 4}, {4, 5}, {3, 5}})
	seeds := []uint32{0}
	exact := uniformOrderProbabilities(g, seeds)
	const trials = 10000
	counts := map[string]float64{}
	for seed := range uint64(trials) {
		res := crawlToEnd(t, Config{Graph: g, Seeds: seeds, Rand: rand.New(rand.NewPCG(seed, 2))}, "random", nil)
		key := fmt.Sprint(res.Order)
		if exact[key] == 0 {
			t.Fatalf("random downloaded %v, which the crawl model does not allow", res.Order)
		}
		counts[key]++
	}
	var observed, expected []float64
	for key, p := range exact {
		observed = append(observed, counts[key])
		expected = append(expected, p*trials)
	}
	if x2, bound := chiSquare(observed, expected), chiSquareBound(len(exact)-1); x2 > bound {
		t.Fatalf("%d possible orders: chi-square %.1f above %.1f", len(exact), x2, bound)
	}
}

// TestRandomTimedEqualsUntimed: with one connection and no wait the
// politeness clock downloads the same pages in the same order, for the
// same random seed, since the choice is made through the frontier's keys.
func TestRandomTimedEqualsUntimed(t *testing.T) {
	p := gen.DefaultParams()
	p.Pages, p.Hosts, p.Seed = 1500, 30, 3
	g, err := gen.Generate(p)
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Graph: g, Seeds: []uint32{0, 700}, Rand: rand.New(rand.NewPCG(5, 5))}
	untimed := crawlToEnd(t, cfg, "random", nil)
	cfg.Rand = rand.New(rand.NewPCG(5, 5))
	cfg.Politeness = &Politeness{Connections: 1, Wait: 0, Latency: 0.5, PageSize: 15000, Bandwidth: 100000}
	timed := crawlToEnd(t, cfg, "random", nil)
	if !slices.Equal(untimed.Order, timed.Order) {
		t.Fatalf("timed order differs from untimed: %d and %d pages", len(timed.Order), len(untimed.Order))
	}
	if len(untimed.Order) != untimed.Reachable {
		t.Fatalf("downloaded %d of %d reachable pages", len(untimed.Order), untimed.Reachable)
	}
}

// TestRandomNeedsRand checks the error without a random source.
func TestRandomNeedsRand(t *testing.T) {
	g := graphtest.FromArcs(t, 2, [][2]uint32{{0, 1}})
	_, err := newStrategyCrawl(t, Config{Graph: g, Seeds: []uint32{0}}, "random", nil).Run(t.Context(), nil)
	if err == nil || !strings.Contains(err.Error(), "random source") {
		t.Fatalf("random without Rand: error %v, want one asking for a random source", err)
	}
}
