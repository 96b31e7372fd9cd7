package crawl

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"

	"pgregory.net/rapid"

	"github.com/crawlsim/crawlsim/engine/gen"
	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
	"github.com/crawlsim/crawlsim/engine/rank"
)

// The property tests of this file run over every registered strategy
// (Strategies()), each in a subtest named by its id, on random graphs: web-
// like graphs from gen.Generate evolved once by gen.Evolve (the earlier
// snapshot's PageRank is the Previous of the historical strategies), and
// small graphs drawn arc by arc with dangling pages, self-loops and an
// optional host table (their Previous is the importance perturbed, with
// some pages missing). The importance is uniform PageRank or personalized
// PageRank with teleport uniform over the seeds, computed to an L1 change of
// 1e-14 so that the bounds can be checked to 1e-12.

// propertyCase is one drawn crawl problem.
type propertyCase struct {
	g          *graph.Graph
	seeds      []uint32
	teleport   []float64 // the importance's teleport: nil (uniform) or uniform over the seeds
	importance []float64
	previous   *Previous
	randSeed   uint64
	reachable  int
}

// config returns the crawl configuration of the case, with a fresh random
// source seeded by the case.
func (c propertyCase) config() Config {
	return Config{
		Graph:      c.g,
		Importance: c.importance,
		Seeds:      c.seeds,
		Rand:       rand.New(rand.NewPCG(c.randSeed, 0x70726f70)),
		Previous:   c.previous,
	}
}

// propertyImportance computes PageRank of g with the given teleport to an
// L1 change of 1e-14.
func propertyImportance(t *rapid.T, g *graph.Graph, teleport []float64) []float64 {
	r, err := rank.PageRankOf(context.Background(), g, rank.Options{Tolerance: 1e-14, Teleport: teleport})
	if err != nil {
		t.Fatal(err)
	}
	return r.Scores
}

// generatedSnapshot is a generated graph evolved once, with what the cases
// drawn on it share: the later snapshot is crawled, the earlier one's
// PageRank mapped to it is the Previous of the historical strategies, and
// the later one's uniform PageRank is the importance when it is not
// personalized.
type generatedSnapshot struct {
	later    *graph.Graph
	previous *Previous
	uniform  []float64
}

// snapshotKey names a generated snapshot by the choices that made it.
type snapshotKey struct {
	pages, hostShare, degree, intra, seed int
}

// generatedSnapshots caches the snapshots across checks and strategies:
// generating a graph costs a few milliseconds whatever its size (the
// generator calibrates its degree law), which would otherwise dominate the
// property tests. The choices are few enough (6·4·3·3·2 = 432 graphs) that
// most draws hit the cache, and graphs are only read.
var generatedSnapshots = map[snapshotKey]*generatedSnapshot{}

// drawGeneratedSnapshot draws a web-like graph of 30 to 3,000 pages on 1 to
// n/5 hosts, evolved once by gen.Evolve with the default changes.
func drawGeneratedSnapshot(t *rapid.T) *generatedSnapshot {
	// Sizes by weight: 30, 60, 150 and 300 pages 4/5 of the time, 1,000
	// pages 3/20 and 3,000 pages 1/20, so the tests stay fast (rapid
	// shrinks towards the first).
	sizeClass := []int{0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5}
	pages := []int{30, 60, 150, 300, 1000, 3000}
	hostShares := []int{5, 50, 200, 0} // pages per host; 0: one host
	degrees := []float64{4, 1.5, 8}
	intras := []float64{0.9, 0.5, 0}
	k := snapshotKey{
		pages:     sizeClass[rapid.IntRange(0, len(sizeClass)-1).Draw(t, "size class")],
		hostShare: rapid.IntRange(0, len(hostShares)-1).Draw(t, "pages per host"),
		degree:    rapid.IntRange(0, len(degrees)-1).Draw(t, "mean out-degree"),
		intra:     rapid.IntRange(0, len(intras)-1).Draw(t, "intra-host share"),
		seed:      rapid.IntRange(0, 1).Draw(t, "graph seed"),
	}
	if snap, ok := generatedSnapshots[k]; ok {
		return snap
	}
	p := gen.DefaultParams()
	p.Pages = pages[k.pages]
	p.Hosts = 1
	if per := hostShares[k.hostShare]; per > 0 {
		p.Hosts = max(1, p.Pages/per)
	}
	p.MeanOutDegree = degrees[k.degree]
	p.IntraHostShare = intras[k.intra]
	p.Seed = uint64(k.seed)
	earlier, err := gen.Generate(p)
	if err != nil {
		t.Fatal(err)
	}
	ep := gen.DefaultEvolveParams()
	ep.Seed = uint64(k.seed)
	evo, err := gen.Evolve(earlier, ep)
	if err != nil {
		t.Fatal(err)
	}
	prev := propertyImportance(t, earlier, nil)
	snap := &generatedSnapshot{
		later:    evo.Later,
		previous: &Previous{Scores: make([]float64, evo.Later.NumNodes()), Values: prev},
		uniform:  propertyImportance(t, evo.Later, nil),
	}
	for l, o := range evo.NewToOld {
		snap.previous.Scores[l] = math.NaN()
		if o != gen.NoPage {
			snap.previous.Scores[l] = prev[o]
		}
	}
	generatedSnapshots[k] = snap
	return snap
}

// drawPropertyCase draws a graph, seeds, the importance and a previous
// snapshot. personalized forces the importance kind when not nil.
func drawPropertyCase(t *rapid.T, personalized *bool) propertyCase {
	var c propertyCase
	var snap *generatedSnapshot
	if rapid.Bool().Draw(t, "generated") {
		snap = drawGeneratedSnapshot(t)
		c.g = snap.later
	} else {
		c.g, _ = graphtest.DrawArcs(t, 40, 120)
		if rapid.Bool().Draw(t, "with hosts") {
			n := c.g.NumNodes()
			hosts := rapid.IntRange(1, 5).Draw(t, "hosts")
			of := make([]uint32, n)
			names := make([]string, hosts)
			for h := range names {
				names[h] = fmt.Sprintf("host%d.example", h)
			}
			for i := range of {
				of[i] = uint32(rapid.IntRange(0, hosts-1).Draw(t, "host"))
			}
			c.g.Hosts = &graph.Hosts{Of: of, Names: names}
		}
	}
	n := c.g.NumNodes()
	count := rapid.IntRange(1, 5).Draw(t, "seed count")
	for range count {
		c.seeds = append(c.seeds, uint32(rapid.IntRange(0, n-1).Draw(t, "seed")))
	}
	isPersonalized := rapid.Bool().Draw(t, "personalized")
	if personalized != nil {
		isPersonalized = *personalized
	}
	switch {
	case isPersonalized:
		var err error
		if c.teleport, err = rank.UniformTeleport(n, c.seeds); err != nil {
			t.Fatal(err)
		}
		c.importance = propertyImportance(t, c.g, c.teleport)
	case snap != nil:
		c.importance = snap.uniform
	default:
		c.importance = propertyImportance(t, c.g, nil)
	}
	if snap != nil {
		c.previous = snap.previous
	} else {
		c.previous = drawPrevious(t, c.importance)
	}
	c.randSeed = rapid.Uint64().Draw(t, "random seed")
	reach, _ := graphtest.BreadthFirst(c.g, c.seeds)
	c.reachable = len(reach)
	return c
}

// propertyParams returns the parameters a strategy is run with: every
// stop rule (a parameter named epsilon) turned off, the recomputation
// interval of batch and partial PageRank (batch, a fraction of n) drawn
// from its default 2% and two larger values (the properties hold for every
// interval, and a 3,000-page graph at 2% costs 50 PageRank computations per
// crawl), the rest default.
func propertyParams(t *rapid.T, info Info) Values {
	v := Values{}
	for _, p := range info.Params {
		switch p.Name {
		case "epsilon":
			v[p.Name] = 0
		case "batch":
			v[p.Name] = rapid.SampledFrom([]float64{p.Default, 0.1, 0.3}).Draw(t, "batch")
		}
	}
	return v
}

// forEveryStrategy runs check as a rapid property in a subtest per
// registered strategy.
func forEveryStrategy(t *testing.T, check func(t *rapid.T, info Info)) {
	forStrategies(t, func(Info) bool { return true }, check)
}

// forStrategies runs check as a rapid property in a subtest per registered
// strategy that keep accepts.
func forStrategies(t *testing.T, keep func(Info) bool, check func(t *rapid.T, info Info)) {
	all := Strategies()
	if len(all) == 0 {
		t.Fatal("no strategy is registered")
	}
	for _, info := range all {
		if !keep(info) {
			continue
		}
		t.Run(info.ID, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) { check(t, info) })
		})
	}
}

// checkDownloadRules checks that order downloads each page at most once,
// and, unless the strategy is a reference, only from the frontier: every
// page but a seed has a downloaded in-neighbour earlier in the order.
func checkDownloadRules(t *rapid.T, info Info, c propertyCase, order []uint32, what string) {
	n := c.g.NumNodes()
	done := make([]bool, n)
	known := make([]bool, n)
	for _, s := range c.seeds {
		known[s] = true
	}
	for k, p := range order {
		if int(p) >= n {
			t.Fatalf("%s %s: download %d is page %d of %d", info.ID, what, k+1, p, n)
		}
		if done[p] {
			t.Fatalf("%s %s: page %d downloaded twice (again at download %d)", info.ID, what, p, k+1)
		}
		if !known[p] && !info.Reference {
			t.Fatalf("%s %s: download %d is page %d, which is not a seed and has no in-neighbour downloaded before it (order %v)", info.ID, what, k+1, p, order)
		}
		done[p] = true
		for _, q := range c.g.Out(p) {
			known[q] = true
		}
	}
}

// TestPropertyCrawlRules checks the crawl model of docs/algorithms.md sections 2 and 5
// for every strategy, on one drawn case per check:
//   - each page is downloaded at most once and only from the frontier (a
//     page other than a seed has an in-neighbour downloaded before it;
//     optimal, a reference, is exempt);
//   - without a budget every page reachable from the seeds is downloaded
//     (the stop rules of rankmass and l-neighbor are off, epsilon = 0) and
//     Result.Reachable counts them; optimal downloads as many, in
//     decreasing importance;
//   - the same configuration and random seed give the same order and
//     guarantee;
//   - only the strategies registered as Guaranteed have a guaranteed curve,
//     one value per download;
//   - with a budget B, exactly min(B, reachable) pages are downloaded, the
//     first ones of the crawl without a budget, in the same order;
//   - on the politeness clock with r = 1 and w = 0, the bandwidth per
//     connection or shared, the order is the
//     untimed order (docs/algorithms.md section 5's test), and the downloads finish
//     0.65 s apart (0.5 s latency plus 15 kB at 100 kB/s);
//   - on the politeness clock with r > 1 and w > 0 (equal or random page
//     sizes) every reachable page is still downloaded by the same rules, at
//     most r downloads are in flight at once, and two downloads of one host
//     never overlap: the next starts at least w after the previous ended.
func TestPropertyCrawlRules(t *testing.T) {
	forEveryStrategy(t, func(t *rapid.T, info Info) {
		c := drawPropertyCase(t, nil)
		params := propertyParams(t, info)
		res := crawlToEnd(t, c.config(), info.ID, params)
		checkDownloadRules(t, info, c, res.Order, "untimed")
		if res.Reachable != c.reachable {
			t.Fatalf("%s: Reachable = %d, a BFS from the seeds reaches %d", info.ID, res.Reachable, c.reachable)
		}
		if len(res.Order) != c.reachable {
			t.Fatalf("%s: downloaded %d pages of the %d reachable", info.ID, len(res.Order), c.reachable)
		}
		if info.Reference {
			for k := 1; k < len(res.Order); k++ {
				if c.importance[res.Order[k]] > c.importance[res.Order[k-1]] {
					t.Fatalf("%s: download %d has importance %v above the previous one's %v", info.ID, k+1, c.importance[res.Order[k]], c.importance[res.Order[k-1]])
				}
			}
		}
		if info.Guaranteed != (res.Guarantee != nil) {
			t.Fatalf("%s: registered Guaranteed = %v but the result's guaranteed curve is %v", info.ID, info.Guaranteed, res.Guarantee)
		}
		if res.Guarantee != nil && len(res.Guarantee) != len(res.Order) {
			t.Fatalf("%s: %d guarantee values for %d downloads", info.ID, len(res.Guarantee), len(res.Order))
		}

		// The same crawl again, in Steps of a small drawn budget: the
		// order cannot depend on how the work is sliced (optimal, whose
		// pages arrive over several Refills, once chose from half of them).
		stepBudget := rapid.IntRange(1, 8).Draw(t, "step budget")
		again := steppedCrawl(t, c.config(), info.ID, params, stepBudget)
		if !slices.Equal(res.Order, again.Order) || !slices.Equal(res.Guarantee, again.Guarantee) {
			t.Fatalf("%s: same configuration and seed, Run and Steps of %d give orders\n%v\n%v", info.ID, stepBudget, res.Order, again.Order)
		}

		checkBudget(t, info, c, params, res)
		checkOneConnectionNoWait(t, info, c, params, res)
		checkHostSpacing(t, info, c, params)
	})
}

// checkBudget runs the crawl with a budget and compares it with the full
// crawl.
func checkBudget(t *rapid.T, info Info, c propertyCase, params Values, full *Result) {
	budget := rapid.IntRange(1, c.reachable+3).Draw(t, "budget")
	cfg := c.config()
	cfg.Budget = int64(budget)
	res := crawlToEnd(t, cfg, info.ID, params)
	want := min(budget, c.reachable)
	if len(res.Order) != want {
		t.Fatalf("%s: budget %d with %d reachable: %d downloads, want %d", info.ID, budget, c.reachable, len(res.Order), want)
	}
	if !slices.Equal(res.Order, full.Order[:want]) {
		t.Fatalf("%s: budget %d downloaded\n%v\nnot the start of the full crawl\n%v", info.ID, budget, res.Order, full.Order)
	}
	if res.Guarantee != nil && len(res.Guarantee) != want {
		t.Fatalf("%s: %d guarantee values for %d downloads", info.ID, len(res.Guarantee), want)
	}
}

// checkOneConnectionNoWait runs the crawl on the politeness clock with
// r = 1 and w = 0 and compares it with the untimed crawl.
func checkOneConnectionNoWait(t *rapid.T, info Info, c propertyCase, params Values, untimed *Result) {
	cfg := c.config()
	p := DefaultPoliteness()
	p.Connections, p.Wait = 1, 0
	p.SharedLink = rapid.Bool().Draw(t, "shared link")
	cfg.Politeness = &p
	timed := crawlToEnd(t, cfg, info.ID, params)
	if !slices.Equal(timed.Order, untimed.Order) {
		t.Fatalf("%s: r = 1, w = 0 downloaded\n%v\nuntimed\n%v", info.ID, timed.Order, untimed.Order)
	}
	if len(timed.Times) != len(timed.Order) {
		t.Fatalf("%s: %d times for %d downloads", info.ID, len(timed.Times), len(timed.Order))
	}
	for k, at := range timed.Times {
		if want := 0.65 * float64(k+1); math.Abs(at-want) > 1e-9*want {
			t.Fatalf("%s: r = 1, w = 0: download %d finished at %v s, want %v", info.ID, k+1, at, want)
		}
	}
}

// drawPoliteness draws the default politeness with 2 to 4 connections,
// a wait among waits, and half the time every one of n pages' size, up
// to 60,000 bytes.
func drawPoliteness(t *rapid.T, n int, waits []float64) Politeness {
	p := DefaultPoliteness()
	p.Connections = rapid.IntRange(2, 4).Draw(t, "connections")
	p.Wait = rapid.SampledFrom(waits).Draw(t, "wait")
	if rapid.Bool().Draw(t, "page sizes") {
		sizes := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "size seed"), 0))
		p.PageSizes = make([]float64, n)
		for i := range p.PageSizes {
			p.PageSizes[i] = float64(sizes.IntN(60001))
		}
	}
	return p
}

// checkHostSpacing runs the crawl on the politeness clock with r > 1 and
// w > 0 and checks the connections and the waits. Start times are finish
// times minus the duration, latency + size/bandwidth.
func checkHostSpacing(t *rapid.T, info Info, c propertyCase, params Values) {
	p := drawPoliteness(t, c.g.NumNodes(), []float64{0.1, 2, 15})
	cfg := c.config()
	cfg.Politeness = &p
	res := crawlToEnd(t, cfg, info.ID, params)
	checkDownloadRules(t, info, c, res.Order, "timed")
	if len(res.Order) != c.reachable || len(res.Times) != len(res.Order) {
		t.Fatalf("%s: r = %d, w = %v: %d downloads with %d times, want %d", info.ID, p.Connections, p.Wait, len(res.Order), len(res.Times), c.reachable)
	}
	const slack = 1e-9
	type span struct{ start, end float64 }
	spans := make([]span, len(res.Order))
	byHost := map[uint32][]span{}
	for k, page := range res.Order {
		size := p.PageSize
		if p.PageSizes != nil {
			size = p.PageSizes[page]
		}
		s := span{res.Times[k] - (p.Latency + size/p.Bandwidth), res.Times[k]}
		if k > 0 && res.Times[k] < res.Times[k-1] {
			t.Fatalf("%s: download %d finished at %v, before download %d at %v", info.ID, k+1, res.Times[k], k, res.Times[k-1])
		}
		spans[k] = s
		h := uint32(0)
		if c.g.HasHosts() {
			h = c.g.Hosts.Of[page]
		}
		byHost[h] = append(byHost[h], s)
	}
	for h, list := range byHost {
		sort.Slice(list, func(i, j int) bool { return list[i].start < list[j].start })
		for i := 1; i < len(list); i++ {
			if list[i].start < list[i-1].end+p.Wait-slack {
				t.Fatalf("%s: host %d: a download starts at %v, %v s after the previous one ended at %v; want a wait of %v",
					info.ID, h, list[i].start, list[i].start-list[i-1].end, list[i-1].end, p.Wait)
			}
		}
	}
	// Connections in use: ends before starts at equal times.
	type event struct {
		at    float64
		delta int
	}
	events := make([]event, 0, 2*len(spans))
	for _, s := range spans {
		events = append(events, event{s.start + slack, 1}, event{s.end, -1})
	}
	sort.Slice(events, func(i, j int) bool {
		if events[i].at != events[j].at {
			return events[i].at < events[j].at
		}
		return events[i].delta < events[j].delta
	})
	busy := 0
	for _, e := range events {
		if busy += e.delta; busy > p.Connections {
			t.Fatalf("%s: %d downloads in flight at %v s with %d connections", info.ID, busy, e.at, p.Connections)
		}
	}
}

// cumulative returns C(k) for k = 1..len(order), summed in download order.
func cumulative(importance []float64, order []uint32) []float64 {
	out := make([]float64, len(order))
	sum := 0.0
	for k, p := range order {
		sum += importance[p]
		out[k] = sum
	}
	return out
}

// TestPropertySpecExample5OptimalBoundsEveryCurve is docs/algorithms.md section 3,
// worked example 5: for every strategy and every k, C_optimal(k) ≥ C(k)
// (to 1e-12; Cho and Schonfeld 2007, section 5's optimal crawler). On the same crawl it
// checks the curve's other bound, the generic lower bound of docs/algorithms.md
// section 4, with uniform and personalized importance, and the rest of
// Measure (see checkMeasure).
func TestPropertySpecExample5OptimalBoundsEveryCurve(t *testing.T) {
	optimal, ok := Lookup("optimal")
	if !ok {
		t.Fatal("the optimal reference is not registered")
	}
	forEveryStrategy(t, func(t *rapid.T, info Info) {
		c := drawPropertyCase(t, nil)
		params := propertyParams(t, info)
		res := crawlToEnd(t, c.config(), info.ID, params)
		best := cumulative(c.importance, crawlToEnd(t, c.config(), optimal.ID, nil).Order)
		curve := cumulative(c.importance, res.Order)
		if len(best) < len(curve) {
			t.Fatalf("%s: downloaded %d pages, optimal only %d", info.ID, len(curve), len(best))
		}
		for k, v := range curve {
			if best[k] < v-1e-12 {
				t.Fatalf("%s: C(%d) = %v above the optimal %v", info.ID, k+1, v, best[k])
			}
		}
		checkMeasure(t, info, c, res, curve)
	})
}

// checkMeasure measures a crawl and checks that at every checkpoint the
// generic lower bound never exceeds C(k) (to 1e-12) and never falls; that
// the curve samples are the exact prefix sums and end with C(N); that the
// average is the mean of C(k) over every k; that tau is in [-1, 1]; and
// that each threshold is the first k where C(k) reaches it.
func checkMeasure(t *rapid.T, info Info, c propertyCase, res *Result, curve []float64) {
	opt := MetricOptions{
		CurvePoints: rapid.IntRange(1, 50).Draw(t, "curve points"),
		TauSample:   rapid.IntRange(1, 100).Draw(t, "tau sample"),
		LowerBound:  rapid.IntRange(1, 8).Draw(t, "checkpoints"),
		Teleport:    c.teleport,
		Rand:        rand.New(rand.NewPCG(c.randSeed, 1)),
	}
	m, err := Measure(c.g, res, c.importance, opt)
	if err != nil {
		t.Fatalf("%s: %v", info.ID, err)
	}
	lb := m.LowerBound
	if lb == nil || len(lb.K) == 0 || lb.K[len(lb.K)-1] != int64(len(res.Order)) {
		t.Fatalf("%s: lower bound %+v does not end at k = %d", info.ID, lb, len(res.Order))
	}
	for i, k := range lb.K {
		if v := lb.Value[i]; v > curve[k-1]+1e-12 || (i > 0 && v < lb.Value[i-1]-1e-15) {
			t.Fatalf("%s: lower bound %v after %d downloads; C(k) = %v, previous bound %v", info.ID, v, k, curve[k-1], lb.Value[max(i-1, 0)])
		}
	}
	for i, k := range m.Curve.K {
		if m.Curve.Value[i] != curve[k-1] {
			t.Fatalf("%s: curve %v at k = %d, want %v", info.ID, m.Curve.Value[i], k, curve[k-1])
		}
	}
	last := curve[len(curve)-1]
	if m.Curve.K[len(m.Curve.K)-1] != int64(len(curve)) || m.Summary.Final != last {
		t.Fatalf("%s: curve ends at k = %d with final %v, want k = %d and %v", info.ID, m.Curve.K[len(m.Curve.K)-1], m.Summary.Final, len(curve), last)
	}
	area := 0.0
	for _, v := range curve {
		area += v
	}
	if want := area / float64(len(curve)); math.Abs(m.Summary.AvgCumulative-want) > 1e-12 {
		t.Fatalf("%s: average %v, want %v", info.ID, m.Summary.AvgCumulative, want)
	}
	if tau := m.Summary.Tau; tau != nil && (math.IsNaN(*tau) || *tau < -1 || *tau > 1) {
		t.Fatalf("%s: tau %v", info.ID, *tau)
	}
	for _, th := range m.Summary.DownloadsTo {
		if th.Actual != -1 && (curve[th.Actual-1] < th.Level || (th.Actual > 1 && curve[th.Actual-2] >= th.Level)) {
			t.Fatalf("%s: %v reached at %d, curve %v", info.ID, th.Level, th.Actual, curve)
		}
		if th.Actual == -1 && last >= th.Level {
			t.Fatalf("%s: %v never reached, but C(N) = %v", info.ID, th.Level, last)
		}
	}
}

// TestPropertySpecExample6GuaranteeNeverExceedsActual is docs/algorithms.md section 3,
// worked example 6: with personalized importance (trust uniform over the
// seeds) the guarantee of every Guaranteed strategy (rankmass and
// windowed-rankmass's CRM, Theorems 4-5 of Cho and Schonfeld 2007; l-neighbor's level
// bound) never exceeds C(k), to 1e-12.
func TestPropertySpecExample6GuaranteeNeverExceedsActual(t *testing.T) {
	for _, id := range []string{"rankmass", "windowed-rankmass", "l-neighbor"} {
		if info, ok := Lookup(id); !ok || !info.Guaranteed {
			t.Errorf("%s is not registered with a guaranteed curve", id)
		}
	}
	personalized := true
	guaranteed := 0
	forStrategies(t, func(info Info) bool {
		if info.Guaranteed {
			guaranteed++
		}
		return info.Guaranteed
	}, func(t *rapid.T, info Info) {
		c := drawPropertyCase(t, &personalized)
		params := propertyParams(t, info)
		res := crawlToEnd(t, c.config(), info.ID, params)
		curve := cumulative(c.importance, res.Order)
		for k, g := range res.Guarantee {
			if g > curve[k]+1e-12 {
				t.Fatalf("%s: guarantee %v after %d downloads exceeds C(k) = %v", info.ID, g, k+1, curve[k])
			}
		}
	})
	if guaranteed == 0 {
		t.Fatal("no strategy with a guaranteed curve is registered")
	}
}

// TestPropertyLowerBoundAnyDownloadedSet checks the lower bound on sets
// that no crawl would download (random orders of random graphs, uniform or
// personalized teleport): it never exceeds the PageRank of the set.
func TestPropertyLowerBoundAnyDownloadedSet(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g, _ := graphtest.DrawArcs(t, 60, 240)
		n := g.NumNodes()
		ids := make([]uint32, n)
		for i := range ids {
			ids[i] = uint32(i)
		}
		order := rapid.Permutation(ids).Draw(t, "order")
		order = order[:rapid.IntRange(1, n).Draw(t, "downloads")]
		var teleport []float64
		if rapid.Bool().Draw(t, "personalized") {
			var err error
			if teleport, err = rank.UniformTeleport(n, order[:rapid.IntRange(1, len(order)).Draw(t, "trusted")]); err != nil {
				t.Fatal(err)
			}
		}
		imp := propertyImportance(t, g, teleport)
		m, err := Measure(g, &Result{Order: order}, imp, MetricOptions{LowerBound: len(order), Teleport: teleport})
		if err != nil {
			t.Fatal(err)
		}
		curve := cumulative(imp, order)
		for i, v := range m.LowerBound.Value {
			if v > curve[i]+1e-12 {
				t.Fatalf("bound %v after %d downloads exceeds C(k) = %v", v, i+1, curve[i])
			}
		}
	})
}

// TestPropertySameCrawlOnLists runs every strategy on a graph held in CSR
// arrays and on the same graph behind a graph.Lists (as a BVGraph read in
// place holds it, with lists that are only valid until the next one is
// asked for): the download orders and guarantees are the same.
func TestPropertySameCrawlOnLists(t *testing.T) {
	forEveryStrategy(t, func(t *rapid.T, info Info) {
		c := drawPropertyCase(t, nil)
		params := propertyParams(t, info)
		res := crawlToEnd(t, c.config(), info.ID, params)
		cfg := c.config()
		cfg.Graph = graphtest.AsLists(c.g)
		onLists := crawlToEnd(t, cfg, info.ID, params)
		if !slices.Equal(res.Order, onLists.Order) || !slices.Equal(res.Guarantee, onLists.Guarantee) {
			t.Fatalf("%s: CSR and Lists give orders\n%v\n%v", info.ID, res.Order, onLists.Order)
		}
		if res.Cost.PriorityUpdates != onLists.Cost.PriorityUpdates || res.Cost.VirtualReexpansions != onLists.Cost.VirtualReexpansions {
			t.Fatalf("%s: CSR and Lists count different work: %+v, %+v", info.ID, res.Cost, onLists.Cost)
		}
	})
}
