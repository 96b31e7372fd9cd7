package crawl

import (
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
)

// TestEncodeListRoundTrip checks that a list packed by encodeList is read
// back as passPacked reads it: its length, then the first target from the
// page's slot and the others by their gaps, with repeated targets, targets
// below and above the slot and slots past 2^31.
func TestEncodeListRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		slot := rapid.Uint32().Draw(t, "slot")
		list := rapid.SliceOfN(rapid.Uint32(), 0, 40).Draw(t, "list")
		slices.Sort(list)
		prefix := rapid.SliceOfN(rapid.Byte(), 0, 3).Draw(t, "bytes before")
		buf := encodeList(slices.Clone(prefix), slot, list)
		links, at := uvarintAt(buf, len(prefix))
		if links != uint64(len(list)) {
			t.Fatalf("length %d, want %d", links, len(list))
		}
		var got []uint32
		if links > 0 {
			var z uint64
			z, at = uvarintAt(buf, at)
			p := uint32(int64(slot) + (int64(z>>1) ^ -int64(z&1)))
			got = append(got, p)
			for range links - 1 {
				var gap uint64
				gap, at = uvarintAt(buf, at)
				p += uint32(gap)
				got = append(got, p)
			}
		}
		if at != len(buf) {
			t.Fatalf("read %d of %d bytes", at, len(buf))
		}
		if len(list) > 0 && !slices.Equal(got, list) {
			t.Fatalf("read %v, want %v", got, list)
		}
	})
}

// TestPropertyWindowedPackedOutListsGiveTheSameCrawl checks that the pass
// over the packed copy makes the crawl of the pass over the graph's own
// lists, bit for bit: with room for the whole copy, and with the least
// bytes (packedOutListsLeast), where the copy may be dropped on the way.
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
			s := &windowedRankMass{window: w}
			got := crawlWith(t, cfg, s, step).Result()
			if s.outStart != nil {
				t.Fatalf("SpareBytes %d: the unpacked copy was taken", spare)
			}
			if s.packed != nil && int64(cap(s.packed))+4*reach > spare {
				t.Fatalf("SpareBytes %d: the packed copy took %d bytes", spare, int64(cap(s.packed))+4*reach)
			}
			expectSameResult(t, want, got)
		}
	})
}

// TestWindowedDropsPackedCopyThatOutgrowsItsBytes crawls a graph whose
// lists pack into more than the least bytes: every page links to the next
// and to five pages 150 apart, gaps of two bytes each, 12 bytes a page
// where the least bytes leave 7. The copy is dropped and the crawl is the
// one without it.
func TestWindowedDropsPackedCopyThatOutgrowsItsBytes(t *testing.T) {
	const n = 1000
	var arcs [][2]uint32
	for p := uint32(0); p < n; p++ {
		arcs = append(arcs, [2]uint32{p, (p + 1) % n})
		for k := uint32(1); k <= 5; k++ {
			arcs = append(arcs, [2]uint32{p, (p + 150*k) % n})
		}
	}
	g := graphtest.FromArcs(t, n, arcs)
	cfg := Config{Graph: g, Seeds: []uint32{0, 7}, SpareBytes: -1}
	want := crawlWith(t, cfg, &windowedRankMass{window: 0.1}, 0).Result()
	cfg.SpareBytes = packedOutListsLeast(n, g.NumArcs())
	s := &windowedRankMass{window: 0.1}
	var started bool
	c, err := New(cfg, s)
	if err != nil {
		t.Fatal(err)
	}
	for done := false; !done; {
		if done, err = c.Step(1); err != nil {
			t.Fatal(err)
		}
		started = started || s.packed != nil
	}
	if !started || s.packed != nil || s.slotOfD != nil {
		t.Fatalf("packed copy taken %v, kept to the end %v: want taken, then dropped", started, s.packed != nil)
	}
	expectSameResult(t, want, c.Result())
}
