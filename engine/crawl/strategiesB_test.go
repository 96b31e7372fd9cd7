package crawl

import (
	"context"
	"math"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/crawlsim/crawlsim/engine/gen"
	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/rank"
)

// rankMassFamily lists the strategies of this file's tests.
var rankMassFamily = []string{"batch-pagerank", "partial-pagerank", "l-neighbor", "rankmass", "windowed-rankmass"}

// familyCrawl resolves strategy id with params and prepares a crawl.
func familyCrawl(t rapid.TB, cfg Config, id string, params Values) (*Crawl, Strategy) {
	t.Helper()
	info, vals, err := Resolve(id, params)
	if err != nil {
		t.Fatal(err)
	}
	s := info.New(vals)
	c, err := New(cfg, s)
	if err != nil {
		t.Fatal(err)
	}
	return c, s
}

// familyStep steps c by one unit and fails the test on an error.
func familyStep(t rapid.TB, c *Crawl) bool {
	t.Helper()
	done, err := c.Step(1)
	if err != nil {
		t.Fatal(err)
	}
	return done
}

// familyStepTo steps c until it has downloaded k pages.
func familyStepTo(t rapid.TB, c *Crawl, k int) {
	t.Helper()
	for c.Downloads() < k {
		if familyStep(t, c) {
			t.Fatalf("crawl ended after %d downloads, before %d", c.Downloads(), k)
		}
	}
}

// familyLevels runs c to its end one unit at a time and returns, for every
// download, Cost.Iterations at the moment it was made (l-neighbor's level
// and windowed-rankmass's window, counted from 1).
func familyLevels(t rapid.TB, c *Crawl) (order []uint32, label []int64) {
	t.Helper()
	for {
		before := c.Downloads()
		done := familyStep(t, c)
		for k := before; k < c.Downloads(); k++ {
			label = append(label, c.Costs().Iterations)
		}
		if done {
			return c.Order(), label
		}
	}
}

// familyDistances returns the distance of every page from the seeds, -1 when
// unreachable.
func familyDistances(g *graph.Graph, seeds []uint32) []int {
	dist := make([]int, g.NumNodes())
	for i := range dist {
		dist[i] = -1
	}
	var queue []uint32
	for _, s := range seeds {
		if dist[s] < 0 {
			dist[s] = 0
			queue = append(queue, s)
		}
	}
	for i := 0; i < len(queue); i++ {
		p := queue[i]
		for _, q := range g.Out(p) {
			if dist[q] < 0 {
				dist[q] = dist[p] + 1
				queue = append(queue, q)
			}
		}
	}
	return dist
}

// familyGraph draws either a generated web-like graph (with hosts) or a graph
// made link by link, with self-loops and dangling pages.
func familyGraph(t *rapid.T) *graph.Graph {
	if rapid.Bool().Draw(t, "generated") {
		p := gen.DefaultParams()
		p.Pages = rapid.IntRange(2, 300).Draw(t, "pages")
		p.Hosts = rapid.IntRange(1, max(1, p.Pages/10)).Draw(t, "hosts")
		p.MeanOutDegree = rapid.Float64Range(0.5, min(8, float64(p.Pages-1)/2)).Draw(t, "mean")
		p.Seed = rapid.Uint64().Draw(t, "seed")
		g, err := gen.Generate(p)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	n := rapid.IntRange(1, 40).Draw(t, "n")
	m := rapid.IntRange(0, 4*n).Draw(t, "m")
	b := graph.NewBuilder(n)
	for range m {
		b.Add(uint32(rapid.IntRange(0, n-1).Draw(t, "src")), uint32(rapid.IntRange(0, n-1).Draw(t, "dst")))
	}
	g, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// familyRun runs strategy id to its end with params over its defaults.
func familyRun(t rapid.TB, cfg Config, id string, params Values) *Result {
	t.Helper()
	c, _ := familyCrawl(t, cfg, id, params)
	res, err := c.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// familySeeds draws 1 to 5 seeds, possibly repeated.
func familySeeds(t *rapid.T, n int) []uint32 {
	k := rapid.IntRange(1, min(5, n)).Draw(t, "seedCount")
	seeds := make([]uint32, k)
	for i := range seeds {
		seeds[i] = uint32(rapid.IntRange(0, n-1).Draw(t, "seedPage"))
	}
	return seeds
}

// TestWindowedFullWindowMatchesLNeighbor is SPEC.md section 3, worked
// example 4: windowed-rankmass with w = 100% and l-neighbor download the
// same set of pages at every level. The levels come from the crawls
// themselves (l-neighbor's level counter, windowed-rankmass's window
// counter, both in Cost.Iterations) and are checked against breadth-first
// distances from the seeds.
func TestWindowedFullWindowMatchesLNeighbor(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := familyGraph(t)
		seeds := familySeeds(t, g.NumNodes())
		cfg := Config{Graph: g, Seeds: seeds}
		lc, _ := familyCrawl(t, cfg, "l-neighbor", nil)
		lOrder, lLevel := familyLevels(t, lc)
		wc, _ := familyCrawl(t, cfg, "windowed-rankmass", Values{"window": 1})
		wOrder, wLevel := familyLevels(t, wc)

		dist := familyDistances(g, seeds)
		reachable := 0
		for _, x := range dist {
			if x >= 0 {
				reachable++
			}
		}
		check := func(name string, order []uint32, level []int64) map[int64][]uint32 {
			if len(order) != reachable {
				t.Fatalf("%s downloaded %d pages, %d are reachable", name, len(order), reachable)
			}
			sets := map[int64][]uint32{}
			for k, p := range order {
				if level[k] != int64(dist[p])+1 {
					t.Fatalf("%s: download %d (page %d, distance %d) made in level/window %d", name, k, p, dist[p], level[k])
				}
				sets[level[k]] = append(sets[level[k]], p)
			}
			return sets
		}
		lSets := check("l-neighbor", lOrder, lLevel)
		wSets := check("windowed-rankmass", wOrder, wLevel)
		if len(lSets) != len(wSets) {
			t.Fatalf("l-neighbor has %d levels, windowed-rankmass %d windows", len(lSets), len(wSets))
		}
		for lv, ps := range lSets {
			a, b := slices.Clone(ps), slices.Clone(wSets[lv])
			slices.Sort(a)
			slices.Sort(b)
			if !slices.Equal(a, b) {
				t.Fatalf("level %d: l-neighbor downloads %v, windowed-rankmass %v", lv-1, a, b)
			}
		}
		if got, want := wc.Costs().Iterations, int64(len(wSets)); got != want {
			t.Fatalf("windowed-rankmass counted %d iterations for %d windows", got, want)
		}
	})
}

// TestGuaranteeBelowPersonalizedRankMass is SPEC.md section 3, worked
// example 6 (seeds/001, Theorems 2-5): with personalized importance whose
// teleport is the trust, uniform over the seeds, the guarantee after k
// downloads never exceeds the importance of the first k pages downloaded,
// for rankmass and windowed-rankmass (CRM) and for l-neighbor (the level
// bound). The comparison allows 1e-12 relative (plus 1e-13 absolute for
// the PageRank's own convergence error) for rounding.
func TestGuaranteeBelowPersonalizedRankMass(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := familyGraph(t)
		seeds := familySeeds(t, g.NumNodes())
		trust, err := rank.UniformTeleport(g.NumNodes(), seeds)
		if err != nil {
			t.Fatal(err)
		}
		imp, err := rank.PageRankOf(context.Background(), g, rank.Options{Teleport: trust, Tolerance: 1e-15, MaxIterations: 3000})
		if err != nil {
			t.Fatal(err)
		}
		window := rapid.SampledFrom([]float64{0.05, 0.1, 0.5, 1}).Draw(t, "window")
		params := map[string]Values{"windowed-rankmass": {"window": window}}
		cfg := Config{Graph: g, Seeds: seeds, Importance: imp.Scores}
		for _, id := range []string{"rankmass", "windowed-rankmass", "l-neighbor"} {
			res := familyRun(t, cfg, id, params[id])
			if len(res.Guarantee) != len(res.Order) {
				t.Fatalf("%s: %d guarantee samples for %d downloads", id, len(res.Guarantee), len(res.Order))
			}
			sum := 0.0
			for k, p := range res.Order {
				sum += imp.Scores[p]
				if g := res.Guarantee[k]; g > sum*(1+1e-12)+1e-13 {
					t.Fatalf("%s: guarantee %v after %d downloads exceeds their importance %v", id, g, k+1, sum)
				}
				if k > 0 && res.Guarantee[k] < res.Guarantee[k-1] {
					t.Fatalf("%s: guarantee fell from %v to %v at download %d", id, res.Guarantee[k-1], res.Guarantee[k], k+1)
				}
			}
		}
	})
}

// TestRankMassVirtualReexpansion checks RankMass (seeds/001, Fig. 5) by hand
// on A→B, A→C, B→A, C→D, C→E, C→F with seed A (t_A = 1), d = 0.85 and a
// budget of four downloads:
//
//	start       rm_A = 0.15
//	download A  CRM = 0.15;      rm_B = rm_C = 0.85·0.15/2 = 0.06375
//	download B  CRM = 0.21375;   (B and C tie; B was discovered first)
//	            rm_A = 0.85·0.06375 = 0.0541875 (A is downloaded)
//	            A (0.0541875) < C (0.06375): C is downloaded next
//	download C  CRM = 0.2775;    rm_D = rm_E = rm_F = 0.85·0.06375/3 = 0.0180625
//	            now A (0.0541875) beats D, the best of F:
//	virtual A   CRM = 0.3316875;   rm_B = rm_C = 0.85·0.0541875/2 = 0.0230296875
//	virtual B   (ties C, discovered first) CRM = 0.3547171875; rm_A = 0.019575234375
//	virtual C   CRM = 0.377746875;  rm_D,E,F += 0.85·0.0230296875/3 → 0.024587578125
//	            A (0.019575234375) < D (0.024587578125): stop re-expanding
//	download D  CRM = 0.402334453125
//
// so the order is A, B, C, D with three virtual re-expansions, and the
// guarantee after each download is 0.15, 0.21375, 0.2775, 0.402334453125
// (values checked with exact fractions).
func TestRankMassVirtualReexpansion(t *testing.T) {
	const A, B, C, D, E, F = 0, 1, 2, 3, 4, 5
	g := buildGraph(t, 6, [][2]uint32{{A, B}, {A, C}, {B, A}, {C, D}, {C, E}, {C, F}})
	res := familyRun(t, Config{Graph: g, Seeds: []uint32{A}, Damping: 0.85, Budget: 4}, "rankmass", nil)
	if want := []uint32{A, B, C, D}; !slices.Equal(res.Order, want) {
		t.Fatalf("order %v, want %v", res.Order, want)
	}
	if res.Cost.VirtualReexpansions != 3 {
		t.Fatalf("%d virtual re-expansions, want 3", res.Cost.VirtualReexpansions)
	}
	want := []float64{0.15, 0.21375, 0.2775, 0.402334453125}
	for k := range want {
		if math.Abs(res.Guarantee[k]-want[k]) > 1e-15 {
			t.Fatalf("guarantee %v, want %v", res.Guarantee, want)
		}
	}
}

// TestRankMassDanglingPushesAlongTrust checks the dangling rule of
// rankmass.go by hand: seeds A and Z with trust 1/2 each, A→B, Z→Y, Y→X;
// B and X are dangling, d = 0.85.
//
//	start       rm_A = rm_Z = 0.075
//	download A  CRM = 0.075;    rm_B = 0.06375
//	download Z  CRM = 0.15;     rm_Y = 0.06375
//	download B  CRM = 0.21375;  B is dangling: rm_A = rm_Z = 0.85·0.06375·0.5 = 0.02709375
//	download Y  CRM = 0.2775;   rm_X = 0.0541875 (beats A and Z)
//	download X  CRM = 0.3316875; rm_A = rm_Z = 0.02709375 + 0.85·0.0541875·0.5 = 0.0501234375
func TestRankMassDanglingPushesAlongTrust(t *testing.T) {
	const A, B, X, Y, Z = 0, 1, 2, 3, 4
	g := buildGraph(t, 5, [][2]uint32{{A, B}, {Z, Y}, {Y, X}})
	c, s := familyCrawl(t, Config{Graph: g, Seeds: []uint32{A, Z}, Damping: 0.85}, "rankmass", nil)
	rm := s.(*rankMass)
	familyStepTo(t, c, 3)
	if got, want := rm.rmOf(A), 0.02709375; math.Abs(got-want) > 1e-16 || rm.rmOf(Z) != got {
		t.Fatalf("after dangling B: rm_A = %v, rm_Z = %v, want %v", got, rm.rmOf(Z), want)
	}
	res, err := c.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := []uint32{A, Z, B, Y, X}; !slices.Equal(res.Order, want) {
		t.Fatalf("order %v, want %v", res.Order, want)
	}
	wantG := []float64{0.075, 0.15, 0.21375, 0.2775, 0.3316875}
	for k := range wantG {
		if math.Abs(res.Guarantee[k]-wantG[k]) > 1e-15 {
			t.Fatalf("guarantee %v, want %v", res.Guarantee, wantG)
		}
	}
	if got, want := rm.rmOf(A), 0.0501234375; math.Abs(got-want) > 1e-16 {
		t.Fatalf("at the end rm_A = %v, want %v", got, want)
	}
}

// TestRankMassEpsilonStop: on a directed cycle of ten pages from seed 0 the
// k-th download expands (1-d)·d^(k-1), so CRM after k downloads is 1-d^k
// (no page regains rm before the cycle closes). With epsilon = 0.5 the crawl
// stops at the first k with 0.85^k ≤ 0.5: k = 5 (0.85^4 = 0.522,
// 0.85^5 = 0.4437). l-neighbor, whose levels here are single pages, stops
// at the same download (d^(L+1) ≤ 0.5 first for L = 4).
func TestRankMassEpsilonStop(t *testing.T) {
	arcs := make([][2]uint32, 10)
	for i := range arcs {
		arcs[i] = [2]uint32{uint32(i), uint32((i + 1) % 10)}
	}
	g := buildGraph(t, 10, arcs)
	cfg := Config{Graph: g, Seeds: []uint32{0}, Damping: 0.85}
	for _, id := range []string{"rankmass", "l-neighbor"} {
		res := familyRun(t, cfg, id, Values{"epsilon": 0.5})
		if want := []uint32{0, 1, 2, 3, 4}; !slices.Equal(res.Order, want) {
			t.Fatalf("%s: order %v, want %v", id, res.Order, want)
		}
		for k, got := range res.Guarantee {
			if want := 1 - math.Pow(0.85, float64(k+1)); math.Abs(got-want) > 1e-15 {
				t.Fatalf("%s: guarantee after %d downloads %v, want %v", id, k+1, got, want)
			}
		}
	}
	// Without epsilon the whole cycle is crawled.
	if res := familyRun(t, cfg, "rankmass", nil); len(res.Order) != 10 {
		t.Fatalf("rankmass without epsilon downloaded %d pages, want 10", len(res.Order))
	}
}

// TestLNeighborGuarantee checks the level bound (seeds/001, Theorems 2-3)
// on 0→1, 0→2, 1→3, 2→3, 3→4 from seed 0: levels {0}, {1,2}, {3}, {4}. The
// bound after level L is (1-δ)(1-0.85^(L+1)) and stays at the previous
// level's value while a level is incomplete. With the trust split 0.6 on the
// seed and 0.4 on page 4 (not a seed), 1-δ = 0.6.
func TestLNeighborGuarantee(t *testing.T) {
	g := buildGraph(t, 5, [][2]uint32{{0, 1}, {0, 2}, {1, 3}, {2, 3}, {3, 4}})
	pow := func(k int) float64 { return math.Pow(0.85, float64(k)) }
	// level complete after downloads 1, 3, 4 and 5
	bound := []float64{1 - pow(1), 1 - pow(1), 1 - pow(2), 1 - pow(3), 1 - pow(4)}
	for _, tc := range []struct {
		trust []float64
		held  float64
	}{{nil, 1}, {[]float64{0.6, 0, 0, 0, 0.4}, 0.6}} {
		res := familyRun(t, Config{Graph: g, Seeds: []uint32{0}, Damping: 0.85, Trust: tc.trust}, "l-neighbor", nil)
		if want := []uint32{0, 1, 2, 3, 4}; !slices.Equal(res.Order, want) {
			t.Fatalf("order %v, want %v", res.Order, want)
		}
		for k := range bound {
			if want := tc.held * bound[k]; math.Abs(res.Guarantee[k]-want) > 1e-15 {
				t.Fatalf("trust held %v: guarantee %v, want (1-δ)·%v", tc.held, res.Guarantee, bound)
			}
		}
		if res.Cost.Iterations != 4 {
			t.Fatalf("%d levels counted, want 4", res.Cost.Iterations)
		}
	}
}

// TestBatchPageRankRecomputeEvery: S→A, S→B, A→X from seed S. With a large
// K (batch = 1, K = n = 4) the estimate is recomputed only when its list is
// used up: {S}, then {A, B} (equal estimates, A discovered first), then
// {X}: order S, A, B, X, three recomputations. With K = 1 it is recomputed
// after every download. After S and A, the known graph is S→A, S→B, A→X
// with B and X dangling and teleport t = 1/4; with coef the teleport
// coefficient, r_S = coef·t, r_A = r_B = d·r_S/2 + coef·t and
// r_X = d·r_A + coef·t, so r_X - r_B = d·coef·t·(1 - (1-d)/2) > 0: X goes
// before B. Order S, A, X, B, four recomputations.
func TestBatchPageRankRecomputeEvery(t *testing.T) {
	const S, A, B, X = 0, 1, 2, 3
	g := buildGraph(t, 4, [][2]uint32{{S, A}, {S, B}, {A, X}})
	cfg := Config{Graph: g, Seeds: []uint32{S}}
	for _, tc := range []struct {
		batch  float64
		order  []uint32
		recomp int64
	}{
		{1, []uint32{S, A, B, X}, 3},
		{0.01, []uint32{S, A, X, B}, 4},
	} {
		res := familyRun(t, cfg, "batch-pagerank", Values{"batch": tc.batch})
		if !slices.Equal(res.Order, tc.order) {
			t.Fatalf("batch %v: order %v, want %v", tc.batch, res.Order, tc.order)
		}
		if res.Cost.Recomputations != tc.recomp {
			t.Fatalf("batch %v: %d recomputations, want %d", tc.batch, res.Cost.Recomputations, tc.recomp)
		}
		// A recomputation after a download that changed nothing the
		// estimate depends on (X, dangling, discovers nothing) needs no
		// iteration (knowngraph.go), but the first one always does.
		if res.Cost.PageRankIterations == 0 {
			t.Fatalf("batch %v: no PageRank iteration for %d recomputations", tc.batch, res.Cost.Recomputations)
		}
	}
}

// TestPartialPageRankTemporaryScores: S→A, S→B, A→C, B→C, C→D from seed S,
// K large (batch = 1). The first estimate is PageRank of the known graph
// {S} alone: est(S) = 1. Downloading S gives A and B the temporary score
// 1/2 each (S has two out-links); downloading A gives C 1/2 (A's score over
// its one link); B (discovered before C) goes next and adds its 1/2: C
// reaches 1; then C gives D 1. One recomputation only, since the list is
// never used up: order S, A, B, C, D.
func TestPartialPageRankTemporaryScores(t *testing.T) {
	const S, A, B, C, D = 0, 1, 2, 3, 4
	g := buildGraph(t, 5, [][2]uint32{{S, A}, {S, B}, {A, C}, {B, C}, {C, D}})
	c, _ := familyCrawl(t, Config{Graph: g, Seeds: []uint32{S}}, "partial-pagerank", Values{"batch": 1})
	f := c.Frontier()
	checks := []struct {
		after int
		page  uint32
		want  float64
	}{
		{1, A, 0.5}, {1, B, 0.5},
		{2, C, 0.5},
		{3, C, 1},
		{4, D, 1},
	}
	for _, ch := range checks {
		familyStepTo(t, c, ch.after)
		if got := f.Key(ch.page); math.Abs(got-ch.want) > 1e-12 {
			t.Fatalf("after %d downloads page %d has score %v, want %v", ch.after, ch.page, got, ch.want)
		}
	}
	res, err := c.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := []uint32{S, A, B, C, D}; !slices.Equal(res.Order, want) {
		t.Fatalf("order %v, want %v", res.Order, want)
	}
	if res.Cost.Recomputations != 1 {
		t.Fatalf("%d recomputations, want 1", res.Cost.Recomputations)
	}
}

// TestPartialPageRankRecomputes: with K = 1 partial-pagerank recomputes
// after every download, so no temporary score is ever used to choose, and
// it downloads in batch-pagerank's order.
func TestPartialPageRankRecomputes(t *testing.T) {
	g, err := gen.Generate(gen.Params{Pages: 200, Hosts: 5, MeanOutDegree: 4, IntraHostShare: 0.8, CopyProbability: 0.5, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Graph: g, Seeds: []uint32{0, 50}}
	batch := familyRun(t, cfg, "batch-pagerank", Values{"batch": 1e-9})
	partial := familyRun(t, cfg, "partial-pagerank", Values{"batch": 1e-9})
	if !slices.Equal(batch.Order, partial.Order) {
		t.Fatalf("K = 1: batch order %v, partial order %v", batch.Order, partial.Order)
	}
	if batch.Cost.Recomputations != int64(len(batch.Order)) {
		t.Fatalf("K = 1: %d recomputations for %d downloads", batch.Cost.Recomputations, len(batch.Order))
	}
}

// TestWindowSize checks ⌈w·|F|⌉ with its guard against rounding.
func TestWindowSize(t *testing.T) {
	for _, tc := range []struct {
		w    float64
		f    int
		want int
	}{{0.1, 30, 3}, {0.1, 31, 4}, {1, 17, 17}, {0.5, 1, 1}, {1e-9, 1000, 1}, {0.3, 10, 3}, {0.7, 10, 7}} {
		if got := windowSize(tc.w, tc.f); got != tc.want {
			t.Errorf("windowSize(%v, %d) = %d, want %d", tc.w, tc.f, got, tc.want)
		}
	}
}

// TestSelectTop compares selectTop with sorting, on random keys with ties.
func TestSelectTop(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 300).Draw(t, "n")
		key := make([]float64, n)
		seq := make([]uint32, n)
		pages := make([]uint32, n)
		for i := range n {
			key[i] = float64(rapid.IntRange(0, 5).Draw(t, "key"))
			seq[i] = uint32(rapid.IntRange(0, 5).Draw(t, "seq"))
			pages[i] = uint32(i)
		}
		pages = rapid.Permutation(pages).Draw(t, "perm")
		k := rapid.IntRange(1, n).Draw(t, "k")
		order := func(a, b uint32) int {
			switch {
			case a == b:
				return 0
			case before(key, seq, a, b):
				return -1
			}
			return 1
		}
		got := slices.Clone(pages)
		selectTop(got, k, key, seq)
		want := slices.Clone(pages)
		slices.SortFunc(want, order)
		top := slices.Clone(got[:k])
		slices.SortFunc(top, order)
		if !slices.Equal(top, want[:k]) {
			t.Fatalf("top %d: %v, want %v", k, top, want[:k])
		}
	})
}

// TestRankMassFamilyPolitenessOrder: with one connection and no wait the
// politeness clock downloads in the untimed order (SPEC.md section 5), and
// the guarantees agree, on generated graphs with hosts.
func TestRankMassFamilyPolitenessOrder(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3} {
		g, err := gen.Generate(gen.Params{Pages: 400, Hosts: 8, MeanOutDegree: 5, IntraHostShare: 0.8, CopyProbability: 0.6, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		pol := Politeness{Connections: 1, Wait: 0, Latency: 1, PageSize: 0, Bandwidth: 1}
		for _, id := range rankMassFamily {
			params := Values{}
			switch id {
			case "batch-pagerank", "partial-pagerank":
				params["batch"] = 0.05
			case "windowed-rankmass":
				params["window"] = 0.2
			}
			cfg := Config{Graph: g, Seeds: []uint32{0, 100, 200}}
			plain := familyRun(t, cfg, id, params)
			cfg.Politeness = &pol
			timed := familyRun(t, cfg, id, params)
			if !slices.Equal(plain.Order, timed.Order) {
				t.Fatalf("%s, graph %d: timed order differs from untimed", id, seed)
			}
			if !slices.Equal(plain.Guarantee, timed.Guarantee) {
				t.Fatalf("%s, graph %d: timed guarantee differs from untimed", id, seed)
			}
			if plain.Cost != timed.Cost {
				t.Fatalf("%s, graph %d: costs %+v untimed, %+v timed", id, seed, plain.Cost, timed.Cost)
			}
		}
	}
}

// TestRankMassZeroTrustSeedEnds: a seed without trust starts with rm 0, so
// once the trusted part is downloaded the Frontier's best key is 0 while
// mass circulates among downloaded pages (the cycle 0→1→0). The virtual
// loop must still end (rm underflows to 0 and leaves the heap) and the
// zero-trust part be crawled.
func TestRankMassZeroTrustSeedEnds(t *testing.T) {
	g := buildGraph(t, 5, [][2]uint32{{0, 1}, {1, 0}, {2, 3}, {3, 4}})
	cfg := Config{Graph: g, Seeds: []uint32{0, 2}, Trust: []float64{1, 0, 0, 0, 0}}
	res := familyRun(t, cfg, "rankmass", nil)
	if want := []uint32{0, 1, 2, 3, 4}; !slices.Equal(res.Order, want) {
		t.Fatalf("order %v, want %v", res.Order, want)
	}
	if last := res.Guarantee[len(res.Guarantee)-1]; !(last > 0.99 && last <= 1+1e-12) {
		t.Fatalf("final CRM %v; the trusted cycle's mass should be almost all expanded", last)
	}
}

// TestRankMassFamilyParams checks the registered parameters' ranges.
func TestRankMassFamilyParams(t *testing.T) {
	for _, tc := range []struct {
		id    string
		given Values
	}{
		{"batch-pagerank", Values{"batch": 0}},
		{"batch-pagerank", Values{"batch": 1.5}},
		{"partial-pagerank", Values{"tolerance": 0.1}},
		{"l-neighbor", Values{"epsilon": 1}},
		{"rankmass", Values{"epsilon": -0.1}},
		{"windowed-rankmass", Values{"window": 0}},
	} {
		if _, _, err := Resolve(tc.id, tc.given); err == nil {
			t.Errorf("%s accepted %v", tc.id, tc.given)
		}
	}
	for _, id := range rankMassFamily {
		info, ok := Lookup(id)
		if !ok {
			t.Fatalf("%s is not registered", id)
		}
		if want := id != "batch-pagerank" && id != "partial-pagerank"; info.Guaranteed != want {
			t.Errorf("%s: Guaranteed = %v", id, info.Guaranteed)
		}
	}
}
