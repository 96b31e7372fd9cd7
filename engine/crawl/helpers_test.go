package crawl

import (
	"context"
	"fmt"
	"math"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/crawlsim/crawlsim/engine/gen"
	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
	"github.com/crawlsim/crawlsim/engine/rank"
)

// This file holds what the package's tests share: graphs drawn at random
// (graphtest has what other packages' tests share too: graphs from arcs,
// breadth-first distances), and the helpers that run a strategy on one.
// The run helpers take a rapid.TB so that property tests can use them with
// a *rapid.T as well as a *testing.T or *testing.B.

// withHostTable gives g the host table of, host names "h0", "h1", ...
func withHostTable(g *graph.Graph, of []uint32) *graph.Graph {
	k := 0
	for _, h := range of {
		k = max(k, int(h)+1)
	}
	names := make([]string, k)
	for h := range names {
		names[h] = fmt.Sprintf("h%d", h)
	}
	g.Hosts = &graph.Hosts{Of: of, Names: names}
	return g
}

// graphShape says what drawGraph draws.
type graphShape struct {
	// minPages and maxPages bound the pages of a generated graph, which
	// has 1 to max(1, pages/pagesPerHost) hosts.
	minPages, maxPages, pagesPerHost int
	// drawIntraShare draws the generator's share of intra-host links,
	// drawMeanDegree its mean out-degree (else they are the defaults).
	drawIntraShare, drawMeanDegree bool
	// smallHosts lets a graph made arc by arc have a host table.
	smallHosts bool
}

var (
	// webGraphs are generated graphs of 50 to 2,000 pages on 1 to pages/5
	// hosts with any share of intra-host links, or small graphs made arc
	// by arc, with or without a host table.
	webGraphs = graphShape{minPages: 50, maxPages: 2000, pagesPerHost: 5, drawIntraShare: true, smallHosts: true}
	// smallWebGraphs are generated graphs of 2 to 300 pages on 1 to
	// pages/10 hosts with a mean out-degree of 0.5 to 8, or small graphs
	// made arc by arc, without hosts: sizes the RankMass family's
	// per-step checks can afford.
	smallWebGraphs = graphShape{minPages: 2, maxPages: 300, pagesPerHost: 10, drawMeanDegree: true}
)

// drawGraph draws a graph of the given shape for a property test: either a
// web-like generated graph (with hosts) or a graph of 1 to 40 pages made
// arc by arc, with self-loops and dangling pages.
func drawGraph(t *rapid.T, shape graphShape) *graph.Graph {
	if rapid.Bool().Draw(t, "generated") {
		p := gen.DefaultParams()
		p.Pages = rapid.IntRange(shape.minPages, shape.maxPages).Draw(t, "pages")
		p.Hosts = rapid.IntRange(1, max(1, p.Pages/shape.pagesPerHost)).Draw(t, "hosts")
		if shape.drawIntraShare {
			p.IntraHostShare = rapid.Float64Range(0, 1).Draw(t, "intra")
		}
		if shape.drawMeanDegree {
			p.MeanOutDegree = rapid.Float64Range(0.5, min(8, float64(p.Pages-1)/2)).Draw(t, "mean")
		}
		p.Seed = rapid.Uint64().Draw(t, "seed")
		g, err := gen.Generate(p)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	g, _ := graphtest.DrawArcs(t, 40, 160)
	if shape.smallHosts && rapid.Bool().Draw(t, "with hosts") {
		n := g.NumNodes()
		k := rapid.IntRange(1, n).Draw(t, "hosts")
		of := make([]uint32, n)
		for i := range of {
			of[i] = uint32(rapid.IntRange(0, k-1).Draw(t, "host"))
		}
		withHostTable(g, of)
	}
	return g
}

// drawSeeds draws 1 to 5 seeds of g, duplicates allowed.
func drawSeeds(t *rapid.T, g *graph.Graph) []uint32 {
	n := g.NumNodes()
	return rapid.SliceOfN(rapid.Custom(func(t *rapid.T) uint32 {
		return uint32(rapid.IntRange(0, n-1).Draw(t, "seed page"))
	}), 1, 5).Draw(t, "seeds")
}

// drawPrevious draws an earlier snapshot for the historical strategies:
// every page's value there is its importance times a drift drawn from 0.5
// to 1.5, and about one page in five is new (no score: NaN).
func drawPrevious(t *rapid.T, importance []float64) *Previous {
	n := len(importance)
	prev := &Previous{Scores: make([]float64, n), Values: make([]float64, n)}
	for i, v := range importance {
		prev.Values[i] = v * rapid.Float64Range(0.5, 1.5).Draw(t, "drift")
		prev.Scores[i] = prev.Values[i]
		if rapid.IntRange(0, 4).Draw(t, "new page") == 0 {
			prev.Scores[i] = math.NaN()
		}
	}
	return prev
}

// newStrategyCrawl prepares a crawl of strategy id with default parameters
// (overridden by params).
func newStrategyCrawl(t rapid.TB, cfg Config, id string, params Values) *Crawl {
	t.Helper()
	info, vals, err := Resolve(id, params)
	if err != nil {
		t.Fatal(err)
	}
	c, err := New(cfg, info.New(vals))
	if err != nil {
		t.Fatalf("%s: %v", id, err)
	}
	return c
}

// crawlToEnd runs strategy id with default parameters (overridden by
// params) to its end and returns the result.
func crawlToEnd(t rapid.TB, cfg Config, id string, params Values) *Result {
	t.Helper()
	res, err := newStrategyCrawl(t, cfg, id, params).Run(context.Background(), nil)
	if err != nil {
		t.Fatalf("%s: %v", id, err)
	}
	return res
}

// steppedCrawl is crawlToEnd by calls of Step(budget) until it is done.
func steppedCrawl(t rapid.TB, cfg Config, id string, params Values, budget int) *Result {
	t.Helper()
	c := newStrategyCrawl(t, cfg, id, params)
	for done := false; !done; {
		var err error
		if done, err = c.Step(budget); err != nil {
			t.Fatalf("%s: %v", id, err)
		}
	}
	return c.Result()
}

// crawlWith runs strategy s on cfg to its end, with Run when step is 0,
// else in Steps of step units.
func crawlWith(t rapid.TB, cfg Config, s Strategy, step int) *Crawl {
	t.Helper()
	c, err := New(cfg, s)
	if err != nil {
		t.Fatal(err)
	}
	if step == 0 {
		if _, err := c.Run(context.Background(), nil); err != nil {
			t.Fatal(err)
		}
		return c
	}
	for done := false; !done; {
		if done, err = c.Step(step); err != nil {
			t.Fatal(err)
		}
	}
	return c
}

// stepOnce steps c by one unit (one download at most), fails the test on an
// error, and reports whether the crawl is done.
func stepOnce(t rapid.TB, c *Crawl) bool {
	t.Helper()
	done, err := c.Step(1)
	if err != nil {
		t.Fatal(err)
	}
	return done
}

// stepTo steps c until it has downloaded k pages.
func stepTo(t rapid.TB, c *Crawl, k int) {
	t.Helper()
	for c.Downloads() < k {
		if stepOnce(t, c) {
			t.Fatalf("crawl ended after %d downloads, before %d", c.Downloads(), k)
		}
	}
}

// crawlLevels runs c to its end one unit at a time and returns, for every
// download, Cost.Iterations at the moment it was made (l-neighbor's level
// and windowed-rankmass's window, counted from 1).
func crawlLevels(t rapid.TB, c *Crawl) (order []uint32, label []int64) {
	t.Helper()
	for {
		before := c.Downloads()
		done := stepOnce(t, c)
		for k := before; k < c.Downloads(); k++ {
			label = append(label, c.Costs().Iterations)
		}
		if done {
			return c.Order(), label
		}
	}
}

// expectOrder fails unless the crawl downloaded want, in order.
func expectOrder(t *testing.T, id string, got, want []uint32) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Fatalf("%s downloaded %v, want %v", id, got, want)
	}
}

// drawSameCrawlConfig draws a crawl problem for comparing two
// implementations of one strategy bit for bit: a generated or tie-rich
// (dyadic) graph, seeds, a damping factor (0.5 and 0.75 keep dyadic shares
// exact), trust uniform over the seeds or drawn, a budget, and the
// politeness clock or not.
func drawSameCrawlConfig(t *rapid.T) Config {
	var g *graph.Graph
	if rapid.Bool().Draw(t, "dyadic") {
		g = drawDyadicGraph(t)
	} else {
		g = drawGraph(t, smallWebGraphs)
	}
	n := g.NumNodes()
	cfg := Config{Graph: g, Seeds: drawSeeds(t, g)}
	cfg.Damping = rapid.SampledFrom([]float64{0, 0.5, 0.75, 1}).Draw(t, "damping")
	if rapid.Bool().Draw(t, "drawn trust") {
		trust := make([]float64, n)
		sum := 0.0
		for i := range trust {
			trust[i] = float64(rapid.IntRange(0, 4).Draw(t, "trust"))
			sum += trust[i]
		}
		if sum == 0 {
			trust[0], sum = 1, 1
		}
		for i := range trust {
			trust[i] /= sum
		}
		cfg.Trust = trust
	}
	if rapid.Bool().Draw(t, "budget") {
		cfg.Budget = int64(rapid.IntRange(1, n).Draw(t, "budget pages"))
	}
	if rapid.Bool().Draw(t, "politeness") {
		if !g.HasHosts() {
			of := make([]uint32, n)
			for i := range of {
				of[i] = uint32(i % 3)
			}
			cfg.Graph = withHostTable(g, of)
		}
		p := DefaultPoliteness()
		p.Connections = rapid.IntRange(1, 3).Draw(t, "connections")
		p.Wait = rapid.SampledFrom([]float64{0, 1, 15}).Draw(t, "wait")
		cfg.Politeness = &p
	}
	return cfg
}

// expectSameCrawl runs a and b on cfg, in Steps of step units (0: Run),
// and fails unless their results are equal (expectSameResult).
func expectSameCrawl(t rapid.TB, cfg Config, a, b Strategy, step int) {
	t.Helper()
	expectSameResult(t, crawlWith(t, cfg, a, step).Result(), crawlWith(t, cfg, b, step).Result())
}

// expectSameResult fails unless two crawls' download orders, guarantees
// (bit for bit), times and cost counters are equal.
func expectSameResult(t rapid.TB, ra, rb *Result) {
	t.Helper()
	if !slices.Equal(ra.Order, rb.Order) {
		t.Fatalf("orders differ:\n%v\n%v", ra.Order, rb.Order)
	}
	bits := func(v []float64) []uint64 {
		out := make([]uint64, len(v))
		for i, x := range v {
			out[i] = math.Float64bits(x)
		}
		return out
	}
	if !slices.Equal(bits(ra.Guarantee), bits(rb.Guarantee)) {
		t.Fatalf("guarantees differ:\n%v\n%v", ra.Guarantee, rb.Guarantee)
	}
	if !slices.Equal(bits(ra.Times), bits(rb.Times)) {
		t.Fatalf("times differ:\n%v\n%v", ra.Times, rb.Times)
	}
	if ra.Cost != rb.Cost {
		t.Fatalf("costs differ: %+v, %+v", ra.Cost, rb.Cost)
	}
}

// webFromItsTop returns a crawl of a generated web of pages pages (gen's
// defaults, graph seed 7) from its top pages of highest PageRank, whose
// shares are not dyadic.
func webFromItsTop(t testing.TB, pages, top int) Config {
	t.Helper()
	p := gen.DefaultParams()
	p.Pages = pages
	p.Seed = 7
	g, err := gen.Generate(p)
	if err != nil {
		t.Fatal(err)
	}
	pr, err := rank.PageRankOf(context.Background(), g, rank.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return Config{Graph: g, Seeds: rank.Top(pr.Scores, top)}
}
