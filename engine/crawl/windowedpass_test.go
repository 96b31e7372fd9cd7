package crawl

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// TestAddToManyMatchesLoop checks that addToMany and addToAll make the
// additions of a plain loop, bit for bit, on lists of every length around
// their unrolled steps, with pages repeated (their order then matters).
func TestAddToManyMatchesLoop(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 9).Draw(t, "n")
		pages := rapid.SliceOfN(rapid.Uint32Range(0, uint32(n-1)), 0, 70).Draw(t, "pages")
		x := rapid.Float64Range(1e-300, 1).Draw(t, "x")
		start := rapid.SliceOfN(rapid.Float64Range(0, 1), n, n).Draw(t, "rm")
		want := slices.Clone(start)
		for _, p := range pages {
			want[p] += x
		}
		for name, add := range map[string]func([]float64, []uint32, float64){"addToMany": addToMany, "addToAll": addToAll} {
			got := slices.Clone(start)
			add(got, pages, x)
			for i := range got {
				if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
					t.Fatalf("%s(%v, %v): rm[%d] = %v, a loop gives %v", name, pages, x, i, got[i], want[i])
				}
			}
		}
	})
}

// BenchmarkAddToMany measures one addition of a dangling page's share to a
// seed's rm, as windowed-rankmass's pass makes them (160 seeds scattered
// over the rm of cnr-2000's 325,557 pages, which stay in the first-level
// cache): the floor under a pass whose additions are mostly these. It
// reports ns/addition.
func BenchmarkAddToMany(b *testing.B) {
	rm := make([]float64, 325557)
	seeds := make([]uint32, 160)
	for k := range seeds {
		seeds[k] = uint32(k * 2003)
	}
	for b.Loop() {
		addToMany(rm, seeds, 1e-9)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(seeds)), "ns/addition")
}

// BenchmarkAddToAllScattered measures one addition along a link as a pass
// makes them (addToAll over lists of 8 targets read one after another)
// with nothing else to do: the floor under the additions of a pass over a
// web whose rm does not fit in the caches. Targets are drawn uniformly
// among 2 M pages (16 MB of rm, the default generated web), within hosts
// of 200 pages drawn uniformly (as gen's links mostly stay in their
// host), and uniformly among cnr-2000's 325,557. It reports ns/addition.
func BenchmarkAddToAllScattered(b *testing.B) {
	for _, bc := range []struct {
		name  string
		pages int
		host  int // targets within hosts of this many pages; 0 for none
	}{{"uniform-2M", 2000000, 0}, {"hosts-2M", 2000000, 200}, {"uniform-cnr", 325557, 0}} {
		b.Run(bc.name, func(b *testing.B) {
			rm := make([]float64, bc.pages)
			targets := make([]uint32, 1<<24)
			r := rand.New(rand.NewPCG(1, 2))
			for k := 0; k < len(targets); k += 8 {
				base, span := 0, bc.pages
				if bc.host > 0 {
					base, span = r.IntN(bc.pages/bc.host)*bc.host, bc.host
				}
				for j := k; j < k+8; j++ {
					targets[j] = uint32(base + r.IntN(span))
				}
			}
			for b.Loop() {
				for k := 0; k < len(targets); k += 8 {
					addToAll(rm, targets[k:k+8], 1e-9)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(targets)), "ns/addition")
		})
	}
}
