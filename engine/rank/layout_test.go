package rank

import (
	"slices"
	"testing"
	"unsafe"
)

// TestLayoutBuildReleasesEveryLinkTwice: while NewPageRank builds its
// layout, Options.Release is handed consecutive parts of the graph's own
// Targets (not copies) covering every link once per pass, and
// Options.Building counts up to twice the links.
func TestLayoutBuildReleasesEveryLinkTwice(t *testing.T) {
	g := localGraph(t, 5, 3*releaseBlock/4/7) // about 3 blocks of links per pass
	var got []uint32
	parts := 0
	base := uintptr(unsafe.Pointer(unsafe.SliceData(g.Targets)))
	end := base + uintptr(len(g.Targets))*4
	var last, total int64
	opt := Options{
		Release: func(links []uint32) {
			at := uintptr(unsafe.Pointer(unsafe.SliceData(links)))
			if at < base || at+uintptr(len(links))*4 > end {
				t.Fatalf("released %d links that are not the graph's", len(links))
			}
			got = append(got, links...)
			parts++
		},
		Building: func(done, all int64) {
			if done < last {
				t.Fatalf("progress went back from %d to %d", last, done)
			}
			last, total = done, all
		},
	}
	if _, err := NewPageRank(g, nil, opt); err != nil {
		t.Fatal(err)
	}
	want := slices.Concat(g.Targets, g.Targets)
	if !slices.Equal(got, want) {
		t.Fatalf("released %d links in %d parts, want the graph's %d links twice, in order", len(got), parts, len(g.Targets))
	}
	if parts < 4 {
		t.Errorf("released in %d parts, want several per pass", parts)
	}
	if m := 2 * g.NumArcs(); last != m || total != m {
		t.Errorf("progress ended at %d of %d, want %d of %d", last, total, m, m)
	}
}
