package crawl

import (
	"math/rand/v2"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/crawlsim/crawlsim/engine/gen"
)

// TestKeyTreeMatchesScan applies drawn pushes, pops, raised and lowered
// keys and removals to a keyTree over up to 20 blocks, and checks after
// every operation that its top is the best page held by a linear scan
// with the tie rule (larger key, earlier discovery, smaller id), that a
// pop returns it, and that every node is the best of what it covers. Keys
// are drawn from a few values and discovery numbers repeat, so that ties
// are frequent.
func TestKeyTreeMatchesScan(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 20*treeBlock).Draw(t, "pages")
		seq := make([]uint32, n)
		for i := range seq {
			seq[i] = uint32(rapid.IntRange(0, 5).Draw(t, "seq"))
		}
		tr := newKeyTree(n, seq)
		held := map[uint32]bool{}
		best := func() uint32 {
			first := true
			var b uint32
			for p := range held {
				if first || before(tr.key, seq, p, b) {
					b, first = p, false
				}
			}
			return b
		}
		drawKey := func(t *rapid.T) float64 {
			return float64(rapid.IntRange(0, 4).Draw(t, "key")) / 2
		}
		// Pages are drawn from a few blocks at a time, so that blocks hold
		// several pages.
		span := rapid.IntRange(1, n).Draw(t, "span")
		for range rapid.IntRange(1, 600).Draw(t, "operations") {
			p := uint32(rapid.IntRange(0, span-1).Draw(t, "page")+rapid.IntRange(0, n-span).Draw(t, "offset")) % uint32(n)
			switch op := rapid.IntRange(0, 3).Draw(t, "op"); {
			case op == 0 && !held[p]:
				tr.push(p, drawKey(t))
				held[p] = true
			case op == 1 && len(held) > 0:
				want := best()
				if got := tr.pop(); got != want {
					t.Fatalf("pop gave page %d, the best is %d", got, want)
				}
				delete(held, want)
			case op == 2 && held[p]:
				tr.set(p, drawKey(t))
			case op == 3 && held[p]:
				tr.remove(p)
				delete(held, p)
			}
			checkKeyTree(t, tr, n, held)
			if tr.empty() != (len(held) == 0) {
				t.Fatalf("tree empty %v with %d pages held", tr.empty(), len(held))
			}
			if len(held) > 0 && tr.top() != best() {
				t.Fatalf("top is page %d, the best is %d", tr.top(), best())
			}
		}
	})
}

// checkKeyTree checks that tr holds the pages of held, that every leaf is
// the best page held in its block and every inner node the better of its
// children.
func checkKeyTree(t *rapid.T, tr *keyTree, n int, held map[uint32]bool) {
	for p := range uint32(n) {
		if tr.holds(p) != held[p] {
			t.Fatalf("page %d: held %v, want %v", p, tr.holds(p), held[p])
		}
	}
	for b := range tr.leaves {
		want := noNode
		for p := uint32(b * treeBlock); p < uint32(min((b+1)*treeBlock, n)); p++ {
			if held[p] && (want.page == noPos || before(tr.key, tr.seq, p, want.page)) {
				want = treeNode{key: tr.key[p], seq: tr.seq[p], page: p}
			}
		}
		if got := tr.node[tr.leaves+b]; got != want {
			t.Fatalf("leaf of block %d is %+v, want %+v", b, got, want)
		}
	}
	for i := tr.leaves - 1; i >= 1; i-- {
		if got, want := tr.node[i], better(tr.node[2*i], tr.node[2*i+1]); got != want {
			t.Fatalf("node %d is %+v, want %+v", i, got, want)
		}
	}
}

// TestKeyTreeCrawlMatchesKeyHeap crawls drawn generated webs of up to
// 5,000 pages (many blocks, a tree of up to seven levels, links near
// their source as in a crawl, and many pages tied on the same shares)
// with opic, fpr and fpr-m on the tree frontier, and again on the heaps
// that keep the keys beside the pages (keyheap.go, here one host), off
// the politeness clock and on it (without hosts, so that the frontier is
// one host's); the downloads, their times and the count
// of priority updates must be the same.
func TestKeyTreeCrawlMatchesKeyHeap(t *testing.T) {
	strategies := []struct {
		name string
		new  func() Strategy
	}{
		{"opic", func() Strategy { return &opic{} }},
		{"fpr", func() Strategy { return &fpr{m: 1} }},
		{"fpr-m", func() Strategy { return &fpr{m: 7} }},
	}
	rapid.Check(t, func(t *rapid.T) {
		p := gen.DefaultParams()
		p.Pages = rapid.IntRange(2, 5000).Draw(t, "pages")
		p.Hosts = max(1, p.Pages/rapid.IntRange(2, 200).Draw(t, "pages a host"))
		p.MeanOutDegree = rapid.Float64Range(0.5, min(12, float64(p.Pages-1)/2)).Draw(t, "mean degree")
		p.Locality = rapid.SampledFrom([]float64{0, 0.5, 0.95}).Draw(t, "locality")
		p.Seed = rapid.Uint64().Draw(t, "graph seed")
		g, err := gen.Generate(p)
		if err != nil {
			t.Fatal(err)
		}
		n := g.NumNodes()
		cfg := Config{Graph: g, Damping: rapid.SampledFrom([]float64{0.85, 0.5, 1}).Draw(t, "damping")}
		for range rapid.IntRange(1, 40).Draw(t, "seeds") {
			cfg.Seeds = append(cfg.Seeds, uint32(rapid.IntRange(0, n-1).Draw(t, "seed")))
		}
		if rapid.Bool().Draw(t, "with budget") {
			cfg.Budget = int64(rapid.IntRange(1, n).Draw(t, "budget"))
		}
		if rapid.Bool().Draw(t, "politeness") {
			pol := DefaultPoliteness()
			pol.Connections = rapid.IntRange(1, 3).Draw(t, "connections")
			pol.Wait = rapid.SampledFrom([]float64{0, 0.1, 2}).Draw(t, "wait")
			sizes := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "size seed"), 0))
			pol.PageSizes = make([]float64, n)
			for i := range pol.PageSizes {
				pol.PageSizes[i] = float64(sizes.IntN(4) * 15000)
			}
			cfg.Politeness = &pol
			// On the clock a graph with hosts has a heap a host; without
			// them its one host is the tree.
			one := *g
			one.Hosts = nil
			cfg.Graph = &one
		}
		step := rapid.SampledFrom([]int{0, 1, 7}).Draw(t, "step budget")
		for _, s := range strategies {
			got := crawlWith(t, cfg, s.new(), step)
			if got.front.tree == nil {
				t.Fatalf("%s: the crawl's frontier is not a keyTree", s.name)
			}
			want := crawlOnKeyHeap(t, cfg, s.new(), step)
			g, w := got.Result(), want.Result()
			if !slices.Equal(g.Order, w.Order) {
				t.Fatalf("%s: the tree downloads\n%v\nthe heap\n%v", s.name, g.Order, w.Order)
			}
			if !slices.Equal(g.Times, w.Times) || g.Duration != w.Duration {
				t.Fatalf("%s: the tree gives times %v (duration %v), the heap %v (duration %v)", s.name, g.Times, g.Duration, w.Times, w.Duration)
			}
			if g.Cost.PriorityUpdates != w.Cost.PriorityUpdates {
				t.Fatalf("%s: %d priority updates on the tree, %d on the heap", s.name, g.Cost.PriorityUpdates, w.Cost.PriorityUpdates)
			}
		}
	})
}

// crawlOnKeyHeap is crawlWith for a keysInHeap strategy on one host, its
// frontier replaced before the first step by heaps that keep the keys
// beside the pages (keyheap.go): every page on host 0.
func crawlOnKeyHeap(t *rapid.T, cfg Config, s Strategy, step int) *Crawl {
	c, err := New(cfg, s)
	if err != nil {
		t.Fatal(err)
	}
	n := cfg.Graph.NumNodes()
	heaps := newFrontier(n, c.seq, make([]uint32, n), 1, false, false, true, 0)
	if heaps.khosts == nil {
		t.Fatal("the reference frontier does not keep its keys in heaps")
	}
	heaps.wake = c.front.wake
	c.front = heaps
	if step == 0 {
		step = 4096 // as Run steps
	}
	for done := false; !done; {
		if done, err = c.Step(step); err != nil {
			t.Fatal(err)
		}
	}
	return c
}
