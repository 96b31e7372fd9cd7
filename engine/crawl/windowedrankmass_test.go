package crawl

import (
	"math"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
	"github.com/crawlsim/crawlsim/engine/internal/prefetch"
)

// TestWindowedFullWindowMatchesLNeighbor is docs/algorithms.md section 3, worked
// example 4: windowed-rankmass with w = 100% and l-neighbor download the
// same set of pages at every level. The levels come from the crawls
// themselves (l-neighbor's level counter, windowed-rankmass's window
// counter, both in Cost.Iterations) and are checked against breadth-first
// distances from the seeds.
func TestWindowedFullWindowMatchesLNeighbor(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := drawGraph(t, smallWebGraphs)
		seeds := drawSeeds(t, g)
		cfg := Config{Graph: g, Seeds: seeds}
		lc := newStrategyCrawl(t, cfg, "l-neighbor", nil)
		lOrder, lLevel := crawlLevels(t, lc)
		wc := newStrategyCrawl(t, cfg, "windowed-rankmass", Values{"window": 1})
		wOrder, wLevel := crawlLevels(t, wc)

		_, dist := graphtest.BreadthFirst(g, seeds)
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

// TestPropertyWindowedCopiedOutListsGiveTheSameCrawl checks that the pass
// over the downloaded pages' out-lists copied in download order (the
// crawl may take the memory) and the pass over the graph's own lists (it
// may not) make the same crawl bit for bit, prefetching (as on large
// graphs on amd64) or not, and that the copy is taken exactly when
// Config.SpareBytes allows what it needs.
func TestPropertyWindowedCopiedOutListsGiveTheSameCrawl(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		cfg := drawSameCrawlConfig(t)
		w := rapid.SampledFrom([]float64{1e-9, 0.05, 0.1, 0.5, 1}).Draw(t, "window")
		step := rapid.SampledFrom([]int{0, 1, 7}).Draw(t, "step")
		// the pass over the graph's lists, over the copy, and over the
		// copy prefetching (prefetchFrom 1 byte)
		var results [3]*Result
		for k, spare := range []int64{-1, 0, 0} {
			cfg.SpareBytes = spare
			s := &windowedRankMass{window: w, prefetchFrom: max(k-1, 0)}
			results[k] = crawlWith(t, cfg, s, step).Result()
			if copied := s.outStart != nil; copied != (spare == 0) {
				t.Fatalf("SpareBytes %d: out-lists copied %v", spare, copied)
			}
			if s.prefetchTargets != (k == 2) {
				t.Fatalf("run %d: prefetching %v", k, s.prefetchTargets)
			}
		}
		expectSameResult(t, results[0], results[1])
		expectSameResult(t, results[0], results[2])
	})
}

// TestWindowedCopiedOutListsGiveTheSameCrawlOnAWeb is
// TestPropertyWindowedCopiedOutListsGiveTheSameCrawl on a generated web of
// 3,000 pages from its 50 most important pages, whose shares are not
// dyadic, and it also compares every page's rm at the end, bit for bit:
// with AVX2 the pass over the copy holds the dangling pages' shares back
// until a seed's rm is read (passCopied), 44,821 shares in 27,137 runs on
// this web, and a share added to a seed out of turn changes the sum.
func TestWindowedCopiedOutListsGiveTheSameCrawlOnAWeb(t *testing.T) {
	cfg := webFromItsTop(t, 3000, 50)
	// the shares held back with AVX2, added at once without
	for _, avx2 := range slotKernels() {
		hasAVX2 = avx2
		var results [2]*Result
		var rm [2][]float64
		for k, spare := range []int64{-1, 0} {
			cfg.SpareBytes = spare
			s := &windowedRankMass{window: 0.1}
			results[k] = crawlWith(t, cfg, s, 0).Result()
			if copied := s.outStart != nil; copied != (spare == 0) {
				t.Fatalf("SpareBytes %d: out-lists copied %v", spare, copied)
			}
			rm[k] = s.rm
		}
		expectSameResult(t, results[0], results[1])
		// A share added out of turn seldom shows in CRM, which is far
		// larger, but shows in the rm it went to.
		for p := range rm[0] {
			if math.Float64bits(rm[0][p]) != math.Float64bits(rm[1][p]) {
				t.Fatalf("AVX2 %v: page %d ends with rm %v over the graph's lists, %v over the copy", avx2, p, rm[0][p], rm[1][p])
			}
		}
	}
}

// TestSeedsLastKeepsTheListAndPutsSeedsLast checks seedsLast: the same
// slots, those of the seeds (n and above) after all others.
func TestSeedsLastKeepsTheListAndPutsSeedsLast(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		const n = 10
		list := rapid.SliceOfN(rapid.Uint32Range(0, 2*n), 0, 30).Draw(t, "list")
		got := slices.Clone(list)
		seedsLast(got, n)
		if !slices.Equal(slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(list))) {
			t.Fatalf("seedsLast(%v) = %v: not the same slots", list, got)
		}
		for k := 1; k < len(got); k++ {
			if got[k-1] >= n && got[k] < n {
				t.Fatalf("seedsLast(%v) = %v: slot %d after a seed's", list, got, got[k])
			}
		}
	})
}

// TestWindowedCopiesOutListsWithinSpareBytes checks the bound: the copy is
// taken when Config.SpareBytes is exactly what it needs (outListsBytes of
// the reachable pages and the graph's links), and not one byte less.
func TestWindowedCopiesOutListsWithinSpareBytes(t *testing.T) {
	// 0 → 1 → … → 5 and 5 → 0: all six pages reachable from 0
	g := graphtest.FromArcs(t, 6, [][2]uint32{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 0}})
	need := outListsBytes(6, g.NumArcs())
	for _, tc := range []struct {
		spare int64
		want  bool
	}{{need, true}, {need - 1, false}, {-1, false}, {0, true}} {
		s := &windowedRankMass{window: 0.1}
		c := crawlWith(t, Config{Graph: g, Seeds: []uint32{0}, SpareBytes: tc.spare}, s, 0)
		if got := s.outStart != nil; got != tc.want {
			t.Errorf("SpareBytes %d (need %d): copied %v, want %v", tc.spare, need, got, tc.want)
		}
		if len(c.Result().Order) != 6 {
			t.Errorf("SpareBytes %d: %d downloads, want 6", tc.spare, len(c.Result().Order))
		}
	}
}

// TestWindowedPadsCopiedListsToFour checks the unpacked copy's lists:
// each of a page with links is padded in front to a multiple of padSlots,
// the pth pad naming the pth slot after the seeds', the rest being the
// page's links by slot, seeds last; a dangling page's list stays empty;
// and the copy never outgrows the arrays Start made.
func TestWindowedPadsCopiedListsToFour(t *testing.T) {
	// seed 0 links to pages 1 ... 7; page p = 1 ... 6 to 1 ... p+1 but
	// itself, 3 and 5 also to the seed (lists of 1, 2, 4, 4, 6, 6 and 7
	// links: 3, 2, 0 and 1 pads); 7 to nothing
	const n = 8
	arcs := [][2]uint32{{3, 0}, {5, 0}}
	for q := uint32(1); q < n; q++ {
		arcs = append(arcs, [2]uint32{0, q})
	}
	for p := uint32(1); p <= 6; p++ {
		for q := uint32(1); q <= p+1; q++ {
			if q != p {
				arcs = append(arcs, [2]uint32{p, q})
			}
		}
	}
	g := graphtest.FromArcs(t, n, arcs)
	s := &windowedRankMass{window: 0.1}
	c := crawlWith(t, Config{Graph: g, Seeds: []uint32{0}}, s, 0)
	order := c.Result().Order
	if len(order) != n || s.outStart == nil {
		t.Fatalf("%d downloads, copy %v: want %d downloads and the copy", len(order), s.outStart != nil, n)
	}
	if want := int(g.NumArcs()) + (padSlots-1)*n; cap(s.outOfD) != want {
		t.Errorf("the copy's capacity is %d, want %d as Start made it", cap(s.outOfD), want)
	}
	seedSlot := uint32(n) // the one seed's slot
	for k, p := range order {
		list := s.outOfD[s.outStart[k]:s.outStart[k+1]]
		out := g.Out(p)
		pads := int(s.padOfD[k])
		if len(out) == 0 {
			if len(list) != 0 || pads != 0 {
				t.Errorf("dangling page %d: list %v with %d pads, want none", p, list, pads)
			}
			continue
		}
		if len(list)%padSlots != 0 || len(list)-pads != len(out) || pads >= padSlots {
			t.Errorf("page %d with %d links: list %v with %d pads", p, len(out), list, pads)
			continue
		}
		for q := 0; q < pads; q++ {
			if list[q] != seedSlot+1+uint32(q) {
				t.Errorf("page %d: pad %d names slot %d, want %d", p, q, list[q], seedSlot+1+uint32(q))
			}
		}
		// the seed's slot is last (seedsLast); the others in any order
		want := slices.Clone(out)
		if slices.Contains(out, 0) {
			want = append(want[1:], seedSlot)
		}
		got := slices.Clone(list[pads:])
		if got[len(got)-1] != want[len(want)-1] {
			t.Errorf("page %d: links by slot %v end with %d, want %d", p, got, got[len(got)-1], want[len(want)-1])
		}
		if slices.Sort(got); !slices.Equal(got, want) {
			t.Errorf("page %d: links by slot %v, want %v in some order", p, got, want)
		}
	}
}

// TestWindowedPrefetchesFromTenMegabytes checks where a pass over the copy
// starts prefetching: where prefetch.Available (amd64), when the pages'
// and the seed's rm take prefetchTargetsFrom bytes, not 8 bytes less;
// elsewhere (WebAssembly) never, since the prefetches would do nothing
// and the pass would lose the loads ahead it makes instead.
func TestWindowedPrefetchesFromTenMegabytes(t *testing.T) {
	pages := prefetchTargetsFrom/8 - 1 // and one seed
	for _, tc := range []struct {
		pages int
		want  bool
	}{{pages, prefetch.Available}, {pages - 1, false}} {
		g := graphtest.FromArcs(t, tc.pages, [][2]uint32{{0, 1}})
		s := &windowedRankMass{window: 0.1}
		c, err := New(Config{Graph: g, Seeds: []uint32{0}}, s)
		if err != nil {
			t.Fatal(err)
		}
		stepOnce(t, c) // Start
		if s.outStart == nil {
			t.Fatalf("%d pages: the out-lists were not copied", tc.pages)
		}
		if s.prefetchTargets != tc.want {
			t.Errorf("%d pages and a seed, rm of %d bytes: prefetching %v, want %v",
				tc.pages, 8*(tc.pages+1), s.prefetchTargets, tc.want)
		}
	}
}
