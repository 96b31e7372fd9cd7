package gen

import (
	"math/rand/v2"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// sortLinks sorts as slices.Sort does, short lists and long, whatever
// bytes the links differ in.
func TestSortLinksSorts(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		base := rapid.Uint32().Draw(t, "base")
		width := rapid.Uint32Range(0, 1<<31).Draw(t, "width")
		values := rapid.Uint32Range(0, width).Filter(func(v uint32) bool { return v <= ^base })
		s := rapid.SliceOfNDistinct(rapid.Map(values, func(v uint32) uint32 { return base + v }), 0, 600, rapid.ID[uint32]).Draw(t, "links")
		want := slices.Sorted(slices.Values(s))
		scratch := make([]uint32, len(s)+rapid.IntRange(0, 3).Draw(t, "extra"))
		sortLinks(s, scratch)
		if !slices.Equal(s, want) {
			t.Fatalf("sortLinks: %v, want %v", s, want)
		}
	})
}

// Long lists, spread over a host or over the whole graph, sort as
// slices.Sort sorts them.
func TestSortLinksLongLists(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var scratch []uint32
	for _, n := range []int{radixSortMin - 1, radixSortMin, 200, 1000, 5000} {
		for _, spread := range []uint32{uint32(n), 1 << 12, 1 << 17, 1 << 24, 1<<32 - 1} {
			base := rng.Uint32N(^spread + 1)
			seen := map[uint32]bool{}
			var s []uint32
			for len(s) < n && len(seen) < int(spread) {
				v := base + rng.Uint32N(spread)
				if !seen[v] {
					seen[v] = true
					s = append(s, v)
				}
			}
			want := slices.Sorted(slices.Values(s))
			scratch = slices.Grow(scratch[:0], len(s))[:len(s)]
			sortLinks(s, scratch)
			if !slices.Equal(s, want) {
				t.Fatalf("%d links over %d pages from %d: not sorted", len(s), spread, base)
			}
		}
	}
}
