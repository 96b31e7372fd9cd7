package crawl

import (
	"context"
	"math"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/crawlsim/crawlsim/engine/gen"
	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
	"github.com/crawlsim/crawlsim/engine/rank"
)

// rankMassFamily lists the strategies of this file's tests.
var rankMassFamily = []string{"batch-pagerank", "partial-pagerank", "l-neighbor", "rankmass", "windowed-rankmass"}

// TestGuaranteeBelowPersonalizedRankMass is docs/algorithms.md section 3, worked
// example 6 (Cho and Schonfeld 2007, Theorems 2-5): with personalized importance whose
// teleport is the trust, uniform over the seeds, the guarantee after k
// downloads never exceeds the importance of the first k pages downloaded,
// for rankmass and windowed-rankmass (CRM) and for l-neighbor (the level
// bound). The comparison allows 1e-12 relative (plus 1e-13 absolute for
// the PageRank's own convergence error) for rounding.
func TestGuaranteeBelowPersonalizedRankMass(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := drawGraph(t, smallWebGraphs)
		seeds := drawSeeds(t, g)
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
			res := crawlToEnd(t, cfg, id, params[id])
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

// TestRankMassVirtualReexpansion checks RankMass (Cho and Schonfeld 2007, Fig. 5) by hand
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
	g := graphtest.FromArcs(t, 6, [][2]uint32{{A, B}, {A, C}, {B, A}, {C, D}, {C, E}, {C, F}})
	res := crawlToEnd(t, Config{Graph: g, Seeds: []uint32{A}, Damping: 0.85, Budget: 4}, "rankmass", nil)
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
	g := graphtest.FromArcs(t, 5, [][2]uint32{{A, B}, {Z, Y}, {Y, X}})
	c := newStrategyCrawl(t, Config{Graph: g, Seeds: []uint32{A, Z}, Damping: 0.85}, "rankmass", nil)
	rm := c.strategy.(*rankMass)
	stepTo(t, c, 3)
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
	g := graphtest.FromArcs(t, 10, arcs)
	cfg := Config{Graph: g, Seeds: []uint32{0}, Damping: 0.85}
	for _, id := range []string{"rankmass", "l-neighbor"} {
		res := crawlToEnd(t, cfg, id, Values{"epsilon": 0.5})
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
	if res := crawlToEnd(t, cfg, "rankmass", nil); len(res.Order) != 10 {
		t.Fatalf("rankmass without epsilon downloaded %d pages, want 10", len(res.Order))
	}
}

// TestRankMassFamilyPolitenessOrder: with one connection and no wait the
// politeness clock downloads in the untimed order (docs/algorithms.md section 5), and
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
			plain := crawlToEnd(t, cfg, id, params)
			cfg.Politeness = &pol
			timed := crawlToEnd(t, cfg, id, params)
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
	g := graphtest.FromArcs(t, 5, [][2]uint32{{0, 1}, {1, 0}, {2, 3}, {3, 4}})
	cfg := Config{Graph: g, Seeds: []uint32{0, 2}, Trust: []float64{1, 0, 0, 0, 0}}
	res := crawlToEnd(t, cfg, "rankmass", nil)
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

// scanRankMass is RankMass as Fig. 5 of Cho and Schonfeld 2007 states it,
// written as a Strategy, so that rankmass.go is checked against it inside
// the engine's crawl, on the politeness clock and in Steps (refRankMass,
// reference_test.go, is the same rule outside the engine): rm by page in a plain
// array for the downloaded pages (the Frontier's keys for the others),
// and before every selection a linear scan of the downloaded pages for the
// best one, re-expanded while it ranks strictly before the Frontier's best
// page. It has no threshold, no heap and no boxed indices; what it shares
// with rankmass.go is the rule itself: the tie rule, the dangling rule,
// the underflow rule (an rm below minVirtualRM is never re-expanded) and
// the order of the floating-point operations, which the bit-for-bit
// comparison needs.
type scanRankMass struct {
	c       *Crawl
	epsilon float64
	crm     float64

	done []bool    // done[p]: p is downloaded, and its rm is rm[p]
	rm   []float64 // rm of the downloaded pages
}

func (s *scanRankMass) Start(c *Crawl) error {
	s.c = c
	n := c.g.NumNodes()
	s.done = make([]bool, n)
	s.rm = make([]float64, n)
	return nil
}

func (s *scanRankMass) Discover(page, parent uint32) {
	if parent == NoParent {
		s.c.front.Push(page, (1-s.c.damping)*s.c.trustOfSeed(page))
		return
	}
	s.c.front.Push(page, 0)
}

// Downloaded expands the page just downloaded with the rm it had.
func (s *scanRankMass) Downloaded(i uint32) {
	s.done[i] = true
	s.expand(i, s.c.front.Key(i))
}

// BeforeSelect re-expands the best downloaded page, one unit of work
// each, as long as it ranks strictly before the best page of F (of all
// hosts, open or not).
func (s *scanRankMass) BeforeSelect(budget int) (work int, ready bool) {
	c := s.c
	for !c.stopped {
		b, ok := c.front.GlobalBest()
		if !ok {
			return work, true
		}
		v, ok := s.bestDownloaded()
		if !ok || !s.before(s.rm[v], v, c.front.Key(b), b) {
			return work, true
		}
		if work >= budget {
			return work, false
		}
		work++
		x := s.rm[v]
		s.rm[v] = 0
		c.cost.VirtualReexpansions++
		s.expand(v, x)
	}
	return work, true
}

// bestDownloaded returns the downloaded page that ranks first among those
// whose rm is at least minVirtualRM, or false when there is none.
func (s *scanRankMass) bestDownloaded() (uint32, bool) {
	var best uint32
	found := false
	for _, p := range s.c.order {
		if s.rm[p] >= minVirtualRM && (!found || s.before(s.rm[p], p, s.rm[best], best)) {
			best, found = p, true
		}
	}
	return best, found
}

// before reports whether page a with rm ka ranks before page b with rm
// kb: the larger rm, then the earlier discovery, then the smaller id.
func (s *scanRankMass) before(ka float64, a uint32, kb float64, b uint32) bool {
	if ka != kb {
		return ka > kb
	}
	if sa, sb := s.c.seq[a], s.c.seq[b]; sa != sb {
		return sa < sb
	}
	return a < b
}

// expand adds rm (page i's rm, already taken from it) to CRM and spreads
// d·rm over i's out-links, or d·rm·t_j to every seed j when i is
// dangling.
func (s *scanRankMass) expand(i uint32, rm float64) {
	if rm == 0 {
		return
	}
	c := s.c
	s.crm += rm
	if out := c.g.Out(i); len(out) > 0 {
		share := c.damping * rm / float64(len(out))
		for _, j := range out {
			s.add(j, share)
		}
	} else {
		dr := c.damping * rm
		for k, j := range c.seeds {
			s.add(j, float64(dr*c.seedTrust[k])) // float64(): no fused multiply-add
		}
	}
	if s.epsilon > 0 && s.crm >= 1-s.epsilon {
		c.Stop()
	}
}

// add adds delta to page j's rm.
func (s *scanRankMass) add(j uint32, delta float64) {
	if s.done[j] {
		s.rm[j] += delta
	} else {
		s.c.front.Add(j, delta)
	}
}

func (s *scanRankMass) Refill(int) (int, bool, error) { return 0, true, nil }

// Guarantee returns CRM.
func (s *scanRankMass) Guarantee() float64 { return s.crm }

// TestRankMassMatchesReference checks rankmass.go against scanRankMass
// on drawn graphs (tie-rich dyadic ones among them), trusts, budgets,
// stop rules and the politeness clock, run whole and in Steps of one
// unit: the same download order, guarantee curve (bit for bit), times and
// counters.
func TestRankMassMatchesReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		cfg := drawSameCrawlConfig(t)
		eps := rapid.SampledFrom([]float64{0, 0, 0.1, 1e-6}).Draw(t, "epsilon")
		step := rapid.SampledFrom([]int{0, 1, 7}).Draw(t, "step")
		// refills of hot from warm of one page, a few, or rmHotWant
		want := rapid.SampledFrom([]int{1, 2, 5, 0}).Draw(t, "want")
		// with warm (no bound), and without (no spare memory: hot only)
		cfg.SpareBytes = rapid.SampledFrom([]int64{0, -1}).Draw(t, "spare bytes")
		expectSameCrawl(t, cfg, &rankMass{epsilon: eps, want: want}, &scanRankMass{epsilon: eps}, step)
	})
}

// TestRankMassManySeedsMatchesReference is TestRankMassMatchesReference
// with up to 80 seeds drawn (duplicates and any order among them) and the
// downloaded seeds' blocks (rankMass.seedShift) of 2 to 8 seeds or of the
// default size, so that a seed's expansion finds the best seed among
// several blocks, fresh or stale after a dangling page's shares.
func TestRankMassManySeedsMatchesReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		cfg := drawSameCrawlConfig(t)
		n := cfg.Graph.NumNodes()
		cfg.Seeds = rapid.SliceOfN(rapid.Custom(func(t *rapid.T) uint32 {
			return uint32(rapid.IntRange(0, n-1).Draw(t, "seed page"))
		}), 1, 80).Draw(t, "many seeds")
		eps := rapid.SampledFrom([]float64{0, 0, 0.1, 1e-6}).Draw(t, "epsilon")
		step := rapid.SampledFrom([]int{0, 1, 7}).Draw(t, "step")
		want := rapid.SampledFrom([]int{1, 2, 5, 0}).Draw(t, "want")
		shift := uint(rapid.IntRange(0, 3).Draw(t, "seed block shift"))
		cfg.SpareBytes = rapid.SampledFrom([]int64{0, -1}).Draw(t, "spare bytes")
		expectSameCrawl(t, cfg, &rankMass{epsilon: eps, want: want, seedShift: shift}, &scanRankMass{epsilon: eps}, step)
	})
}

// BenchmarkRankMassManySeeds measures rankmass on a generated web of
// 20,000 pages whose dangling pages are given a link, from its 8,000 most
// important pages: the seeds' expansions are most of the crawl's, and
// none gives every seed a share, so finding the best seed after each is
// the cost that rankMass.seedShift's blocks keep to about the square
// root of the seeds. It reports ms/crawl.
func BenchmarkRankMassManySeeds(b *testing.B) {
	p := gen.DefaultParams()
	p.Pages = 20000
	p.Seed = 7
	g, err := gen.Generate(p)
	if err != nil {
		b.Fatal(err)
	}
	n := g.NumNodes()
	gb := graph.NewBuilder(n)
	for i := range n {
		out := g.Out(uint32(i))
		for _, j := range out {
			gb.Add(uint32(i), j)
		}
		if len(out) == 0 {
			gb.Add(uint32(i), uint32((i*7919+1)%n))
		}
	}
	if g, err = gb.Build(); err != nil {
		b.Fatal(err)
	}
	pr, err := rank.PageRankOf(context.Background(), g, rank.Options{})
	if err != nil {
		b.Fatal(err)
	}
	cfg := Config{Graph: g, Seeds: rank.Top(pr.Scores, 8000)}
	for b.Loop() {
		c, err := New(cfg, &rankMass{})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := c.Run(context.Background(), nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/crawl")
}

// TestRankMassMatchesReferenceOnAWeb is TestRankMassMatchesReference
// on a generated web of 3,000 pages from its 50 most important pages,
// where hot and warm grow to 1,700 pages and tau is reset 157 times (the
// reference scans every downloaded page at each re-expansion, which
// keeps the web small), with refills of rmHotWant pages and of 16.
func TestRankMassMatchesReferenceOnAWeb(t *testing.T) {
	if testing.Short() {
		t.Skip("a crawl of 3,000 pages twice, one with a linear scan at every re-expansion")
	}
	cfg := webFromItsTop(t, 3000, 50)
	expectSameCrawl(t, cfg, &rankMass{}, &scanRankMass{}, 0)
	// refills of 16 pages from warm: many more of them, hot small
	expectSameCrawl(t, cfg, &rankMass{want: 16}, &scanRankMass{}, 0)
}

// BenchmarkRankMassAdditionsFloor measures the floor under RankMass's crawl
// of cnr-2000 from its 160 most important pages (BenchmarkStrategies): the
// crawl's expansions, recorded once, replayed with nothing but their
// additions (rm_j += d·rm_i/c_i, or the seeds' shares for a dangling i)
// over flat arrays, as if the sequence were known in advance: no
// selection, no heap, no frontier. It checks that the replay leaves the
// crawl's CRM and every page's rm to the last bit, so that it makes the
// same additions in the same order, and reports ns/expansion; set beside the crawl's time it
// says what the selection costs.
func BenchmarkRankMassAdditionsFloor(b *testing.B) {
	d := loadCNRBench(b)
	s := &rankMass{traceExpansions: true}
	c, err := New(Config{Graph: d.g, Importance: d.importance, Seeds: d.seeds}, s)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := c.Run(context.Background(), nil); err != nil {
		b.Fatal(err)
	}
	n := d.g.NumNodes()
	offsets := make([]int, n+1)
	var targets []uint32
	links := d.g.Successors()
	for i := range n {
		targets = append(targets, links.Out(uint32(i))...)
		offsets[i+1] = len(targets)
	}
	start := make([]float64, n)
	for k, p := range c.seeds {
		start[p] = (1 - c.damping) * c.seedTrust[k]
	}
	rm := make([]float64, n)
	var crm float64
	for b.Loop() {
		copy(rm, start)
		crm = 0
		for _, i := range s.expanded {
			v := rm[i]
			rm[i] = 0
			crm += v
			out := targets[offsets[i]:offsets[i+1]]
			if len(out) == 0 {
				dv := c.damping * v
				for k, j := range c.seeds {
					rm[j] += float64(dv * c.seedTrust[k])
				}
				continue
			}
			share := c.damping * v / float64(len(out))
			for _, j := range out {
				rm[j] += share
			}
		}
	}
	if crm != s.crm {
		b.Fatalf("the replay sums CRM %v, the crawl %v", crm, s.crm)
	}
	for p, x := range rm {
		if got := s.rmOf(uint32(p)); got != x {
			b.Fatalf("page %d: the replay leaves rm %v, the crawl %v", p, x, got)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(s.expanded)), "ns/expansion")
	b.ReportMetric(float64(len(s.expanded)), "expansions/op")
}

// TestRankMassEpsilonInsideReexpansion is the case of finding 2 of the
// review of engine/crawl: the graph of TestRankMassVirtualReexpansion (A→B,
// A→C, B→A, C→D, C→E, C→F; seed A, d = 0.85) with epsilon = 0.7, so the
// crawl stops once CRM ≥ 1 - 0.7 = 0.3. After A, B, C (CRM 0.15, 0.21375,
// 0.2775) the virtual re-expansion of A adds 0.0541875: CRM = 0.3316875 ≥
// 0.3, and the crawl stops before downloading D. The guarantee after the
// third download must be the CRM that stopped the crawl, 0.3316875
// (Cho and Schonfeld 2007, Theorem 4: a stopped crawl holds at least 1 - ε), so the
// guaranteed curve reaches 0.3 at k = 3. The same holds on the politeness
// clock (r = 1, w = 0: the untimed order, one download per second).
func TestRankMassEpsilonInsideReexpansion(t *testing.T) {
	const A, B, C, D, E, F = 0, 1, 2, 3, 4, 5
	g := graphtest.FromArcs(t, 6, [][2]uint32{{A, B}, {A, C}, {B, A}, {C, D}, {C, E}, {C, F}})
	want := []float64{0.15, 0.21375, 0.3316875}
	for _, timed := range []bool{false, true} {
		cfg := Config{Graph: g, Seeds: []uint32{A}, Damping: 0.85}
		if timed {
			cfg.Politeness = handClock(1, 0)
		}
		res := crawlToEnd(t, cfg, "rankmass", Values{"epsilon": 0.7})
		if !slices.Equal(res.Order, []uint32{A, B, C}) || res.Cost.VirtualReexpansions != 1 {
			t.Fatalf("timed %v: order %v with %d virtual re-expansions, want A B C and 1", timed, res.Order, res.Cost.VirtualReexpansions)
		}
		if !withinEach(res.Guarantee, want, 1e-15) {
			t.Errorf("timed %v: guarantee %v, want %v", timed, res.Guarantee, want)
		}
		reached := -1
		for k, v := range res.Guarantee {
			if v >= 0.3 {
				reached = k + 1
				break
			}
		}
		if reached != 3 {
			t.Errorf("timed %v: the guarantee reaches 1 - ε = 0.3 after %d downloads, want 3", timed, reached)
		}
		if timed && (!slices.Equal(res.Times, []float64{1, 2, 3}) || res.Duration != 3) {
			t.Errorf("timed: times %v, duration %v; want 1 2 3 and 3", res.Times, res.Duration)
		}
	}
}
