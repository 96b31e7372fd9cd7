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

// This file holds a plain reference implementation of the crawl model of
// docs/algorithms.md section 2 and of the strategies of section 3, and compares the
// engine with it on random graphs. The reference keeps nothing incremental
// that the engine keeps: no heap, no frontier structure, no parked lists.
// Every step it lists F by scanning all pages, recomputes every priority
// from its definition where the definition allows (backlink counts, level
// sets, the window) and picks the best page by a linear scan with the tie
// rule of docs/algorithms.md section 2. The strategies whose priority is a running sum
// (opic, fpr, the RankMass family) keep that sum per page, as their
// definitions do, with the same floating-point operations in the same
// order, so that orders and guarantee curves agree bit for bit.
//
// The seeds are discovered one after another in the order given (docs/algorithms.md
// section 2), before any other page: seed k has discovery number k, and
// the pages found later continue the count.

// reference page states
const (
	refUnseen uint8 = iota
	refFrontier
	refDownloaded
)

// refCrawl is the crawl model: states, discovery numbers and the order.
type refCrawl struct {
	g     *graph.Graph
	seeds []uint32 // distinct, in the order given
	state []uint8
	seq   []int
	next  int // the next discovery number
	order []uint32
	limit int // downloads allowed
	// onDiscover, when set, is told of every page joining F (parent is
	// NoParent for a seed).
	onDiscover func(page, parent uint32)
}

func newRefCrawl(g *graph.Graph, seeds []uint32, budget int64, onDiscover func(page, parent uint32)) *refCrawl {
	n := g.NumNodes()
	r := &refCrawl{g: g, state: make([]uint8, n), seq: make([]int, n), onDiscover: onDiscover}
	for _, s := range seeds {
		if !slices.Contains(r.seeds, s) {
			r.seeds = append(r.seeds, s)
		}
	}
	r.limit = refReachable(g, r.seeds)
	if budget > 0 && int(budget) < r.limit {
		r.limit = int(budget)
	}
	for _, s := range r.seeds {
		r.discover(s, NoParent)
	}
	return r
}

// discover puts page q into F with the next discovery number.
func (r *refCrawl) discover(q, parent uint32) {
	r.state[q] = refFrontier
	r.seq[q] = r.next
	r.next++
	if r.onDiscover != nil {
		r.onDiscover(q, parent)
	}
}

// refReachable counts the pages reachable from the seeds by repeated
// scans until nothing changes.
func refReachable(g *graph.Graph, seeds []uint32) int {
	seen := make([]bool, g.NumNodes())
	for _, s := range seeds {
		seen[s] = true
	}
	for changed := true; changed; {
		changed = false
		for i := range seen {
			if !seen[i] {
				continue
			}
			for _, j := range g.Out(uint32(i)) {
				if !seen[j] {
					seen[j], changed = true, true
				}
			}
		}
	}
	count := 0
	for _, s := range seen {
		if s {
			count++
		}
	}
	return count
}

// frontier lists F in id order.
func (r *refCrawl) frontier() []uint32 {
	var f []uint32
	for p, s := range r.state {
		if s == refFrontier {
			f = append(f, uint32(p))
		}
	}
	return f
}

// full reports whether the budget (or reachability) allows no more
// downloads.
func (r *refCrawl) full() bool { return len(r.order) >= r.limit }

// before reports whether page a with key ka is chosen before page b with
// key kb: larger key, then earlier discovery, then smaller id.
func (r *refCrawl) before(ka float64, a uint32, kb float64, b uint32) bool {
	if ka != kb {
		return ka > kb
	}
	if r.seq[a] != r.seq[b] {
		return r.seq[a] < r.seq[b]
	}
	return a < b
}

// best returns the page of pages chosen first by key.
func (r *refCrawl) best(pages []uint32, key func(uint32) float64) uint32 {
	b := pages[0]
	for _, p := range pages[1:] {
		if r.before(key(p), p, key(b), b) {
			b = p
		}
	}
	return b
}

// download moves p from F to D and discovers its new out-neighbours in
// out(p) order.
func (r *refCrawl) download(p uint32) {
	if r.state[p] != refFrontier {
		panic(fmt.Sprintf("reference: page %d downloaded from outside F", p))
	}
	r.state[p] = refDownloaded
	r.order = append(r.order, p)
	for _, q := range r.g.Out(p) {
		if r.state[q] == refUnseen {
			r.discover(q, p)
		}
	}
}

// refResult is what a reference crawl gives.
type refResult struct {
	order      []uint32
	guarantee  []float64 // nil for strategies without one
	virtual    int64     // RankMass virtual re-expansions
	iterations int64     // windows or levels
}

// refCase is one drawn problem for the reference comparisons.
type refCase struct {
	g          *graph.Graph
	seeds      []uint32
	trust      []float64 // nil: uniform over the seeds
	damping    float64
	budget     int64
	importance []float64
	previous   *Previous
	randSeed   uint64
}

func (c refCase) config() Config {
	return Config{
		Graph:      c.g,
		Importance: c.importance,
		Seeds:      c.seeds,
		Trust:      c.trust,
		Damping:    c.damping,
		Budget:     c.budget,
		Rand:       rand.New(rand.NewPCG(c.randSeed, 0x726566)),
		Previous:   c.previous,
	}
}

// trustOf returns the trust vector: the case's, or uniform over the
// distinct seeds.
func (c refCase) trustOf() []float64 {
	if c.trust != nil {
		return c.trust
	}
	t := make([]float64, c.g.NumNodes())
	var distinct []uint32
	for _, s := range c.seeds {
		if !slices.Contains(distinct, s) {
			distinct = append(distinct, s)
		}
	}
	for _, s := range distinct {
		t[s] = 1 / float64(len(distinct))
	}
	return t
}

// drawRefCase draws a graph of at most 400 pages (generated and web-like
// with hosts; made arc by arc with self-loops, dangling pages and maybe
// hosts; or, half the time, a dyadic graph where ties abound), 1 to 5 seeds (repeats allowed), the trust (uniform over the
// seeds, or uniform PageRank as docs/algorithms.md section 2 allows), the damping
// factor, a budget, the importance and a previous snapshot (the importance
// perturbed, some pages missing).
func drawRefCase(t *rapid.T) refCase {
	var c refCase
	kind := rapid.IntRange(0, 3).Draw(t, "graph kind")
	switch {
	case kind >= 2:
		c.g = drawDyadicGraph(t)
	case kind == 1:
		p := gen.DefaultParams()
		p.Pages = rapid.IntRange(2, 400).Draw(t, "pages")
		p.Hosts = rapid.IntRange(1, max(1, p.Pages/5)).Draw(t, "hosts")
		p.MeanOutDegree = rapid.Float64Range(0.5, min(8, float64(p.Pages-1)/2)).Draw(t, "mean degree")
		p.IntraHostShare = rapid.Float64Range(0, 1).Draw(t, "intra")
		p.Seed = rapid.Uint64().Draw(t, "graph seed")
		g, err := gen.Generate(p)
		if err != nil {
			t.Fatal(err)
		}
		c.g = g
	default:
		c.g, _ = graphtest.DrawArcs(t, 40, 160)
		if rapid.Bool().Draw(t, "with hosts") {
			n := c.g.NumNodes()
			k := rapid.IntRange(1, 5).Draw(t, "host count")
			of := make([]uint32, n)
			for i := range of {
				of[i] = uint32(rapid.IntRange(0, k-1).Draw(t, "host"))
			}
			withHostTable(c.g, of)
		}
	}
	n := c.g.NumNodes()
	for range rapid.IntRange(1, 5).Draw(t, "seed count") {
		c.seeds = append(c.seeds, uint32(rapid.IntRange(0, n-1).Draw(t, "seed")))
	}
	c.damping = rapid.SampledFrom([]float64{0.85, 0.85, 0.5, 0.99, 1}).Draw(t, "damping")
	if kind >= 2 {
		c.damping = rapid.SampledFrom([]float64{0.5, 0.75, 0.85}).Draw(t, "dyadic damping")
	}
	pr, err := rank.PageRankOf(context.Background(), c.g, rank.Options{Tolerance: 1e-13})
	if err != nil {
		t.Fatal(err)
	}
	c.importance = pr.Scores
	if rapid.IntRange(0, 3).Draw(t, "pagerank trust") == 0 {
		c.trust = pr.Scores
	}
	if rapid.IntRange(0, 3).Draw(t, "with budget") == 0 {
		c.budget = int64(rapid.IntRange(1, n).Draw(t, "budget"))
	}
	c.previous = drawPrevious(t, c.importance)
	c.randSeed = rapid.Uint64().Draw(t, "random seed")
	return c
}

// drawDyadicGraph draws a graph of 2 to 60 pages whose out-degrees are 0,
// 1, 2 or 4, so that with a damping factor such as 0.5 or 0.75 and one,
// two or four seeds every share is a dyadic fraction: sums that are equal
// in exact arithmetic are equal in floating point, and the tie rules get
// exercised (pages of F and downloaded pages with the same rm, and so on).
func drawDyadicGraph(t *rapid.T) *graph.Graph {
	n := rapid.IntRange(2, 60).Draw(t, "dyadic pages")
	b := graph.NewBuilder(n)
	for i := range n {
		deg := rapid.SampledFrom([]int{0, 1, 2, 2, 4}).Draw(t, "dyadic degree")
		deg = min(deg, n)
		targets := map[uint32]bool{}
		for len(targets) < deg {
			targets[uint32(rapid.IntRange(0, n-1).Draw(t, "dyadic target"))] = true
		}
		for j := range targets {
			b.Add(uint32(i), j)
		}
	}
	g, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// refPriority crawls by a priority that key recomputes for every page of F
// at every step; downloaded is told of each download.
func refPriority(r *refCrawl, key func(uint32) float64, downloaded func(uint32)) refResult {
	for !r.full() {
		f := r.frontier()
		if len(f) == 0 {
			break
		}
		p := r.best(f, key)
		r.download(p)
		if downloaded != nil {
			downloaded(p)
		}
	}
	return refResult{order: r.order}
}

// refStrategies maps every strategy the reference implements to it. The
// parameters are the strategy's resolved values.
var refStrategies = map[string]func(c refCase, v Values) refResult{
	"bfs": func(c refCase, _ Values) refResult {
		r := newRefCrawl(c.g, c.seeds, c.budget, nil)
		return refPriority(r, func(uint32) float64 { return 0 }, nil)
	},
	"backlink": func(c refCase, _ Values) refResult {
		r := newRefCrawl(c.g, c.seeds, c.budget, nil)
		// the number of in-links from D, counted anew at every step
		key := func(p uint32) float64 {
			count := 0
			for _, q := range r.order {
				if slices.Contains(c.g.Out(q), p) {
					count++
				}
			}
			return float64(count)
		}
		return refPriority(r, key, nil)
	},
	"opic": func(c refCase, _ Values) refResult {
		cash := make([]float64, c.g.NumNodes())
		r := newRefCrawl(c.g, c.seeds, c.budget, nil)
		for _, s := range r.seeds {
			cash[s] = 1 / float64(len(r.seeds))
		}
		return refPriority(r, func(p uint32) float64 { return cash[p] }, func(i uint32) {
			out := c.g.Out(i)
			if len(out) > 0 {
				share := cash[i] / float64(len(out))
				for _, j := range out {
					if r.state[j] != refDownloaded {
						cash[j] += share // cash sent to D is dropped
					}
				}
			}
			cash[i] = 0
		})
	},
	"fpr":   func(c refCase, _ Values) refResult { return refFPR(c, 1) },
	"fpr-m": func(c refCase, v Values) refResult { return refFPR(c, v["m"]) },
	"larger-sites-first": func(c refCase, _ Values) refResult {
		r := newRefCrawl(c.g, c.seeds, c.budget, nil)
		if !c.g.HasHosts() {
			return refPriority(r, func(uint32) float64 { return 0 }, nil)
		}
		host := c.g.Hosts.Of
		for !r.full() {
			f := r.frontier()
			if len(f) == 0 {
				break
			}
			pending := map[uint32]int{}
			for _, p := range f {
				pending[host[p]]++
			}
			// a host's first page: the earliest discovered (then smallest
			// id) of all its pages discovered so far
			first := map[uint32]uint32{}
			for p := range r.state {
				if r.state[p] == refUnseen {
					continue
				}
				h, q := host[p], uint32(p)
				if b, ok := first[h]; !ok || r.before(0, q, 0, b) {
					first[h] = q
				}
			}
			bestHost := host[f[0]]
			for h := range pending {
				nh, nb := pending[h], pending[bestHost]
				if nh > nb || nh == nb && r.before(0, first[h], 0, first[bestHost]) {
					bestHost = h
				}
			}
			var inHost []uint32
			for _, p := range f {
				if host[p] == bestHost {
					inHost = append(inHost, p)
				}
			}
			r.download(r.best(inHost, func(uint32) float64 { return 0 }))
		}
		return refResult{order: r.order}
	},
	"omniscient": func(c refCase, _ Values) refResult {
		r := newRefCrawl(c.g, c.seeds, c.budget, nil)
		return refPriority(r, func(p uint32) float64 { return c.importance[p] }, nil)
	},
	"hist-pagerank-omniscient": func(c refCase, _ Values) refResult { return refHist(c, histOmniscient) },
	"hist-pagerank-random":     func(c refCase, _ Values) refResult { return refHist(c, histRandom) },
	"hist-pagerank-zero":       func(c refCase, _ Values) refResult { return refHist(c, histZero) },
	"hist-pagerank-parent":     func(c refCase, _ Values) refResult { return refHist(c, histParent) },
	"optimal": func(c refCase, _ Values) refResult {
		// every page by decreasing importance (then id), for as many
		// downloads as the crawl is allowed
		r := newRefCrawl(c.g, c.seeds, c.budget, nil)
		all := make([]uint32, c.g.NumNodes())
		for i := range all {
			all[i] = uint32(i)
		}
		sort.SliceStable(all, func(a, b int) bool { return c.importance[all[a]] > c.importance[all[b]] })
		return refResult{order: all[:r.limit]}
	},
	"l-neighbor":        refLNeighbor,
	"rankmass":          refRankMass,
	"windowed-rankmass": refWindowedRankMass,
}

// refFPR is fpr (m = 1) and fpr-m: fpr_i = (1-d)·t_i for the seeds (t_i
// when d = 1, so that the crawl is opic's, docs/algorithms.md example 2); downloading
// i sends d·fpr_i split over out(i), an inter-host link taking m shares,
// to the targets not downloaded, and sets fpr_i to 0.
func refFPR(c refCase, m float64) refResult {
	d := c.damping
	trust := c.trustOf()
	score := make([]float64, c.g.NumNodes())
	r := newRefCrawl(c.g, c.seeds, c.budget, nil)
	for _, s := range r.seeds {
		scale := 1 - d
		if d == 1 {
			scale = 1
		}
		score[s] = scale * trust[s]
	}
	return refPriority(r, func(p uint32) float64 { return score[p] }, func(i uint32) {
		out := c.g.Out(i)
		v := score[i]
		score[i] = 0
		if len(out) == 0 {
			return
		}
		shares := float64(len(out))
		weight := func(uint32) float64 { return 1 }
		if m != 1 && c.g.HasHosts() {
			host := c.g.Hosts.Of
			inter := 0
			for _, j := range out {
				if host[j] != host[i] {
					inter++
				}
			}
			shares = float64(len(out)-inter) + float64(m*float64(inter))
			weight = func(j uint32) float64 {
				if host[j] != host[i] {
					return m
				}
				return 1
			}
		}
		unit := d * v / shares
		for _, j := range out {
			if r.state[j] == refDownloaded {
				continue
			}
			if w := weight(j); w != 1 {
				score[j] += float64(w * unit)
			} else {
				score[j] += unit
			}
		}
	})
}

// refHist is the hist-pagerank family: a page's priority is its PageRank in
// the previous snapshot, set when it is discovered; a page absent from it
// gets its true importance, a value drawn from the snapshot's values, 0, or
// its discovering parent's priority over the parent's out-degree.
func refHist(c refCase, mode histMode) refResult {
	key := make([]float64, c.g.NumNodes())
	rnd := c.config().Rand
	discover := func(p, parent uint32) {
		k := c.previous.Scores[p]
		if math.IsNaN(k) {
			switch mode {
			case histOmniscient:
				k = c.importance[p]
			case histRandom:
				k = c.previous.Values[rnd.IntN(len(c.previous.Values))]
			case histZero:
				k = 0
			case histParent:
				k = 0
				if parent != NoParent {
					k = key[parent] / float64(len(c.g.Out(parent)))
				}
			}
		}
		key[p] = k
	}
	r := newRefCrawl(c.g, c.seeds, c.budget, discover)
	return refPriority(r, func(p uint32) float64 { return key[p] }, nil)
}

// refLNeighbor downloads level by level: level 0 is the seeds, level L+1
// the pages discovered while downloading level L, each level in discovery
// order. Once level L is complete the guarantee is (1-δ)(1-d^(L+1)), 1-δ
// the trust of the seeds; with ε > 0 the crawl stops there when
// d^(L+1) ≤ ε.
func refLNeighbor(c refCase, v Values) refResult {
	d, eps := c.damping, v["epsilon"]
	trust := c.trustOf()
	r := newRefCrawl(c.g, c.seeds, c.budget, nil)
	seedTrust := 0.0
	for _, s := range r.seeds {
		seedTrust += trust[s]
	}
	res := refResult{}
	bound, power := 0.0, d // power = d^(L+1) for level L
	level := r.frontier()
	for len(level) > 0 && !r.full() {
		res.iterations++
		sort.Slice(level, func(a, b int) bool { return r.before(0, level[a], 0, level[b]) })
		stop := false
		for k, p := range level {
			if r.full() {
				break
			}
			r.download(p)
			if k == len(level)-1 {
				bound = seedTrust * (1 - power)
				stop = eps > 0 && power <= eps
			}
			res.guarantee = append(res.guarantee, bound)
		}
		if stop {
			break
		}
		level = r.frontier()
		power *= d
	}
	res.order = r.order
	return res
}

// refRankMass is Cho and Schonfeld 2007 Fig. 5 as docs/algorithms.md section 3 states it: rm_i =
// (1-d)·t_i for the seeds; repeatedly take the page with the largest rm
// among F and the downloaded pages (ties as always), download it if it is
// in F, add its rm to CRM and push d·rm_i/c_i to each out-neighbour (d·rm_i
// along the trust of the seeds when i is dangling), rm_i = 0. Two readings
// of rankmass.go: a downloaded page whose rm is below the smallest normal
// float64 (minVirtualRM) has underflowed and is no candidate, and a page of
// F competes even when its rm is 0 (so the crawl goes on in discovery
// order once no rm is left). The crawl stops when F is empty, at the budget,
// or once CRM ≥ 1-ε.
func refRankMass(c refCase, v Values) refResult {
	eps := v["epsilon"]
	m := newRefRM(c)
	r, rm := m.r, m.rm
	res := refResult{}
	stopped := false
	expand := func(i uint32) {
		if m.expand(i) && eps > 0 && m.crm >= 1-eps {
			stopped = true
		}
	}
	for !stopped && !r.full() {
		var cands []uint32
		for p, s := range r.state {
			if s == refFrontier || s == refDownloaded && rm[p] >= 0x1p-1022 {
				cands = append(cands, uint32(p))
			}
		}
		if len(r.frontier()) == 0 {
			break
		}
		p := r.best(cands, func(p uint32) float64 { return rm[p] })
		if r.state[p] == refDownloaded {
			res.virtual++
			expand(p)
			continue
		}
		r.download(p)
		expand(p)
		res.guarantee = append(res.guarantee, m.crm)
	}
	if len(res.guarantee) > 0 {
		res.guarantee[len(res.guarantee)-1] = m.crm
	}
	res.order = r.order
	return res
}

// refRM is the rm of every page of refRankMass and refWindowedRankMass
// with their crawl: a seed starts with rm = (1-d)·t_i, every other page
// with 0.
type refRM struct {
	c         refCase
	r         *refCrawl
	trust, rm []float64
	crm       float64
}

func newRefRM(c refCase) *refRM {
	m := &refRM{c: c, trust: c.trustOf(), rm: make([]float64, c.g.NumNodes())}
	m.r = newRefCrawl(c.g, c.seeds, c.budget, func(p, parent uint32) {
		if parent == NoParent {
			m.rm[p] = (1 - c.damping) * m.trust[p]
		}
	})
	return m
}

// expand passes page i's rm on, if it has any (it reports whether): CRM +=
// rm_i, d·rm_i/c_i to each out-neighbour (d·rm_i along the trust of the
// seeds when i is dangling), rm_i = 0.
func (m *refRM) expand(i uint32) bool {
	x := m.rm[i]
	m.rm[i] = 0
	if x == 0 {
		return false
	}
	m.crm += x
	d := m.c.damping
	out := m.c.g.Out(i)
	if len(out) == 0 {
		dx := d * x
		for _, j := range m.r.seeds {
			m.rm[j] += float64(dx * m.trust[j])
		}
		return true
	}
	share := d * x / float64(len(out))
	for _, j := range out {
		m.rm[j] += share
	}
	return true
}

// refWindowedRankMass is Cho and Schonfeld 2007 Fig. 6: rm as in refRankMass; each
// iteration downloads the ⌈w·|F|⌉ pages of F with the largest rm (at least
// one; a product within 1e-9 relative of a whole number counts as that
// number), in decreasing rm, then passes over D in download order: CRM +=
// rm_i, d·rm_i pushed as in refRankMass, rm_i = 0.
func refWindowedRankMass(c refCase, v Values) refResult {
	w := v["window"]
	m := newRefRM(c)
	r, rm := m.r, m.rm
	res := refResult{}
	for !r.full() {
		f := r.frontier()
		if len(f) == 0 {
			break
		}
		res.iterations++
		x := w * float64(len(f))
		k := int(math.Ceil(x))
		if math.Abs(x-math.Round(x)) <= 1e-9*x {
			k = int(math.Round(x))
		}
		k = min(max(k, 1), len(f))
		sort.Slice(f, func(a, b int) bool { return r.before(rm[f[a]], f[a], rm[f[b]], f[b]) })
		for n, p := range f[:k] {
			if r.full() {
				break
			}
			r.download(p)
			if n == k-1 {
				for _, i := range r.order {
					m.expand(i)
				}
			}
			res.guarantee = append(res.guarantee, m.crm)
		}
	}
	res.order = r.order
	return res
}

// refParams draws the parameters of strategy info: epsilon 0 or a stop,
// windows from tiny to 100%, fpr-m's M; the rest default.
func refParams(t *rapid.T, info Info) Values {
	v := Values{}
	for _, p := range info.Params {
		switch p.Name {
		case "epsilon":
			v[p.Name] = rapid.SampledFrom([]float64{0, 0, 0.5, 0.1, 1e-3}).Draw(t, "epsilon")
		case "window":
			v[p.Name] = rapid.SampledFrom([]float64{0.1, 0.01, 0.3, 1, 1e-9}).Draw(t, "window")
		case "m":
			v[p.Name] = rapid.SampledFrom([]float64{100, 1, 3, 0.5}).Draw(t, "m")
		}
	}
	return v
}

// TestStrategiesMatchReference runs every strategy with a reference above
// on drawn cases, to its end or step by step with small budgets, and checks that the engine downloads exactly the
// reference's order, with the same guarantee after every download (bit for
// bit: the same operations in the same order) and the same counts of
// virtual re-expansions and of windows or levels. random (a uniform draw,
// checked in distribution by its own tests) and the two estimates of
// knownrank_test.go (checked against an exact PageRank within their
// tolerance) have none; any other strategy without one fails the test.
func TestStrategiesMatchReference(t *testing.T) {
	for _, info := range Strategies() {
		ref, ok := refStrategies[info.ID]
		if !ok {
			switch info.ID {
			case "random", "batch-pagerank", "partial-pagerank":
				continue
			}
			t.Errorf("strategy %s has no reference implementation", info.ID)
			continue
		}
		t.Run(info.ID, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				c := drawRefCase(t)
				params := refParams(t, info)
				_, vals, err := Resolve(info.ID, params)
				if err != nil {
					t.Fatal(err)
				}
				crawl, err := New(c.config(), info.New(vals))
				if err != nil {
					t.Fatal(err)
				}
				// Run, or Step with a small budget, so that work cut
				// short by the budget (RankMass's virtual re-expansions,
				// the recomputations) resumes where it stopped.
				budget := rapid.SampledFrom([]int{0, 1, 2, 3, 7}).Draw(t, "step budget")
				if budget == 0 {
					if _, err := crawl.Run(context.Background(), nil); err != nil {
						t.Fatal(err)
					}
				}
				for done := false; !done; {
					if done, err = crawl.Step(budget); err != nil {
						t.Fatal(err)
					}
				}
				got := crawl.Result()
				want := ref(c, vals)
				compareWithReference(t, got, want)
			})
		})
	}
}

// compareWithReference fails at the first download where the engine and
// the reference differ.
func compareWithReference(t *rapid.T, got *Result, want refResult) {
	for k := range min(len(got.Order), len(want.order)) {
		if got.Order[k] != want.order[k] {
			t.Fatalf("download %d: engine takes page %d, reference page %d (orders %v and %v)",
				k+1, got.Order[k], want.order[k], got.Order, want.order)
		}
	}
	if len(got.Order) != len(want.order) {
		t.Fatalf("engine downloads %d pages, reference %d (orders %v and %v)", len(got.Order), len(want.order), got.Order, want.order)
	}
	if want.guarantee != nil || got.Guarantee != nil {
		if len(got.Guarantee) != len(want.guarantee) {
			t.Fatalf("engine has %d guarantee values, reference %d", len(got.Guarantee), len(want.guarantee))
		}
		for k := range want.guarantee {
			if got.Guarantee[k] != want.guarantee[k] {
				t.Fatalf("guarantee after download %d: engine %v, reference %v", k+1, got.Guarantee[k], want.guarantee[k])
			}
		}
	}
	if got.Cost.VirtualReexpansions != want.virtual {
		t.Fatalf("engine counts %d virtual re-expansions, reference %d", got.Cost.VirtualReexpansions, want.virtual)
	}
	if got.Cost.Iterations != want.iterations {
		t.Fatalf("engine counts %d iterations, reference %d", got.Cost.Iterations, want.iterations)
	}
}
