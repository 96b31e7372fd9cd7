package crawl

import (
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
)

// TestEncodeListRoundTrip checks that a list packed by encodeList reads
// back: the counts of near and far targets, then the near ones as signed
// 16-bit distances from the page's slot and the far ones whole; with
// repeated targets, targets at distances around ±2^15, slots past 2^31
// and near the ends of the 32-bit range; and that packedSize is its size.
func TestEncodeListRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		slot := rapid.Uint32().Draw(t, "slot")
		dist := rapid.OneOf(rapid.Int64Range(-40000, 40000), rapid.Int64Range(-1<<33, 1<<33))
		list := rapid.SliceOfN(rapid.Custom(func(t *rapid.T) uint32 {
			return slot + uint32(dist.Draw(t, "distance"))
		}), 0, 40).Draw(t, "list")
		prefix := rapid.SliceOfN(rapid.Byte(), 0, 3).Draw(t, "bytes before")
		buf := encodeList(slices.Clone(prefix), slot, list)
		if got := len(buf) - len(prefix); got != packedSize(slot, list) {
			t.Fatalf("%d bytes, packedSize says %d", got, packedSize(slot, list))
		}
		nears, at := uvarintAt(buf, len(prefix))
		fars, at := uvarintAt(buf, at)
		var got []uint32
		for range nears {
			d := int16(uint16(buf[at]) | uint16(buf[at+1])<<8)
			got = append(got, uint32(int64(slot)+int64(d)))
			at += 2
		}
		for range fars {
			got = append(got, uint32(buf[at])|uint32(buf[at+1])<<8|uint32(buf[at+2])<<16|uint32(buf[at+3])<<24)
			at += 4
		}
		if at != len(buf) {
			t.Fatalf("read %d of %d bytes", at, len(buf))
		}
		want := slices.Clone(list)
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Fatalf("read %v, want %v", got, want)
		}
		for _, p := range list {
			d := int64(p) - int64(slot)
			if near(slot, p) != (d >= -1<<15 && d < 1<<15) {
				t.Fatalf("near(%d, %d) = %v", slot, p, near(slot, p))
			}
		}
	})
}

// TestPropertyWindowedPackedOutListsGiveTheSameCrawl checks that the pass
// over the packed copy makes the crawl of the pass over the graph's own
// lists, bit for bit, prefetching (as on large graphs on amd64) or not:
// with room for the whole copy, and with the least bytes
// (packedOutListsLeast), where the copy may be dropped on the way. On
// its graphs a packed pass seldom if ever has the prefetchAhead pages
// from which a prefetching pass reads lists ahead:
// TestPrefetchPackedAsksForThePagesAheadAndTheirTargets reads those.
func TestPropertyWindowedPackedOutListsGiveTheSameCrawl(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		cfg := drawSameCrawlConfig(t)
		w := rapid.SampledFrom([]float64{1e-9, 0.05, 0.1, 0.5, 1}).Draw(t, "window")
		step := rapid.SampledFrom([]int{0, 1, 7}).Draw(t, "step")
		cfg.SpareBytes = -1
		want := crawlWith(t, cfg, &windowedRankMass{window: w}, step).Result()
		reach, links := int64(want.Reachable), cfg.Graph.NumArcs()
		least := packedOutListsLeast(reach, links)
		for _, spare := range []int64{outListsBytes(reach, links) - 1, least} {
			if spare < least {
				continue // the copy is not worth packing
			}
			cfg.SpareBytes = spare
			// prefetchFrom 1 byte: prefetching, as on large graphs
			for _, from := range []int{0, 1} {
				s := &windowedRankMass{window: w, prefetchFrom: from}
				got := crawlWith(t, cfg, s, step).Result()
				if s.outStart != nil {
					t.Fatalf("SpareBytes %d: the unpacked copy was taken", spare)
				}
				if s.packed != nil && int64(cap(s.packed))+4*reach > spare {
					t.Fatalf("SpareBytes %d: the packed copy took %d bytes", spare, int64(cap(s.packed))+4*reach)
				}
				if s.packed != nil && s.prefetchTargets != (from == 1) {
					t.Fatalf("prefetchFrom %d: prefetching %v", from, s.prefetchTargets)
				}
				expectSameResult(t, want, got)
			}
		}
	})
}

// TestWindowedDropsPackedCopyThatOutgrowsItsBytes crawls a graph whose
// lists pack into more than the least bytes: every page links to the next
// and to two pages far from it, 12 bytes a list with its counts where the
// least bytes leave 8. The copy is dropped, with the list of slots a
// prefetching pass asks for, and the crawl is the one without it.
func TestWindowedDropsPackedCopyThatOutgrowsItsBytes(t *testing.T) {
	const n = 70000
	var arcs [][2]uint32
	for p := uint32(0); p < n; p++ {
		arcs = append(arcs, [2]uint32{p, (p + 1) % n}, [2]uint32{p, (p*7 + 3) % n}, [2]uint32{p, (p*11 + 5) % n})
	}
	g := graphtest.FromArcs(t, n, arcs)
	cfg := Config{Graph: g, Seeds: []uint32{0, 7}, SpareBytes: -1}
	want := crawlWith(t, cfg, &windowedRankMass{window: 0.1}, 0).Result()
	cfg.SpareBytes = packedOutListsLeast(n, g.NumArcs())
	for _, from := range []int{0, 1} { // prefetchFrom 1 byte: prefetching
		s := &windowedRankMass{window: 0.1, prefetchFrom: from}
		var started, asked bool
		c, err := New(cfg, s)
		if err != nil {
			t.Fatal(err)
		}
		for done := false; !done; {
			if done, err = c.Step(1); err != nil {
				t.Fatal(err)
			}
			started = started || s.packed != nil
			asked = asked || s.ahead != nil
		}
		if !started || s.packed != nil || s.slotOfD != nil {
			t.Fatalf("prefetchFrom %d: packed copy taken %v, kept to the end %v: want taken, then dropped",
				from, started, s.packed != nil)
		}
		if asked != (from == 1) || s.ahead != nil {
			t.Fatalf("prefetchFrom %d: slots asked for %v, kept to the end %v: want asked for when prefetching, then dropped",
				from, asked, s.ahead != nil)
		}
		expectSameResult(t, want, c.Result())
	}
}

// TestPrefetchPackedAsksForThePagesAheadAndTheirTargets walks the packed
// copy of a whole crawl as a prefetching pass does, and checks that each
// group asks for the slots of its pages and of their targets, near ones
// and far ones, the seeds' at their slots after the pages, at most
// maxAhead of them; that the walk reads every list once, to the buffer's
// end; and that the crawl is the one over the graph's lists. Each page
// links to the next, three before it, a page far from it, and a seed;
// every thirteenth is dangling; one page links to every seventh.
func TestPrefetchPackedAsksForThePagesAheadAndTheirTargets(t *testing.T) {
	const n = 70000
	var arcs [][2]uint32
	for p := uint32(0); p < n; p++ {
		if p%13 != 5 {
			arcs = append(arcs, [2]uint32{p, (p + 1) % n}, [2]uint32{p, (p + n - 3) % n},
				[2]uint32{p, (p*7919 + n/2) % n}, [2]uint32{p, 7 * (p % 2)})
		}
	}
	// a page with more links than a group may ask for (maxAhead)
	for q := uint32(2); q < n; q += 7 {
		arcs = append(arcs, [2]uint32{40000, q})
	}
	g := graphtest.FromArcs(t, n, arcs)
	cfg := Config{Graph: g, Seeds: []uint32{0, 7}, SpareBytes: -1}
	want := crawlWith(t, cfg, &windowedRankMass{window: 0.1}, 0).Result()
	cfg.SpareBytes = outListsBytes(int64(want.Reachable), g.NumArcs()) - 1
	s := &windowedRankMass{window: 0.1, prefetchFrom: 1}
	c := crawlWith(t, cfg, s, 0)
	expectSameResult(t, want, c.Result())
	if s.packed == nil || !s.prefetchTargets {
		t.Fatalf("packed copy kept %v, prefetching %v: want both", s.packed != nil, s.prefetchTargets)
	}
	order := c.Order()
	if len(s.slotOfD) != len(order) || len(order) < 2*prefetchAhead {
		t.Fatalf("%d slots for %d downloads, want as many, at least %d", len(s.slotOfD), len(order), 2*prefetchAhead)
	}
	nears, fars, capped := 0, 0, 0
	next, at := 0, 0
	for k := 0; k < len(order); k += prefetchGroup {
		from := k + prefetchAhead
		next, at = s.prefetchPacked(from, next, at)
		var wantSlots []uint32
		for j := from; j < min(from+prefetchGroup, len(order)); j++ {
			slot := s.slotOf(order[j])
			wantSlots = append(wantSlots, slot)
			var far []uint32
			for _, p := range c.links.Out(order[j]) {
				if q := s.slotOf(p); near(slot, q) {
					wantSlots = append(wantSlots, q)
					nears++
				} else {
					far = append(far, q)
					fars++
				}
			}
			wantSlots = append(wantSlots, far...)
		}
		if len(wantSlots) > maxAhead {
			wantSlots = wantSlots[:maxAhead]
			capped++
		}
		if !slices.Equal(s.ahead, wantSlots) {
			t.Fatalf("group from the %d-th download: asked for %v, want %v", from, s.ahead, wantSlots)
		}
	}
	if next != len(order) || at != len(s.packed) {
		t.Errorf("the walk ended at list %d, byte %d; want %d, %d", next, at, len(order), len(s.packed))
	}
	if nears == 0 || fars == 0 || capped == 0 {
		t.Errorf("%d near targets and %d far ones asked for, %d groups cut at maxAhead: want each", nears, fars, capped)
	}
}
