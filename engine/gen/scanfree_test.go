package gen

import (
	"fmt"
	"testing"

	"pgregory.net/rapid"
)

// referenceScanFree walks page by page from t, as scanFree's doc says.
func referenceScanFree(l *linkDrawer, i uint32, intra bool, t uint32) uint32 {
	for {
		t++
		if intra && uint64(t) >= l.hi {
			t = uint32(l.lo)
		}
		if !intra && uint64(t) >= l.n {
			t = 0
		}
		if !intra && uint64(t) >= l.lo && uint64(t) < l.hi {
			t = uint32(l.hi % l.n)
		}
		if t != i && l.mark[t] != i+1 {
			return t
		}
	}
}

// TestScanFreeWalksAsAPageByPageScan: on random hosts, pages and taken
// targets, scanFree returns what a page-by-page walk returns, while the
// page takes the pages it returns (as drawPage does) until one page is
// left on a side, and then for the next page with the jumps of the last.
func TestScanFreeWalksAsAPageByPageScan(t *testing.T) {
	for _, steps := range []int{1, linearScanSteps} {
		t.Run(fmt.Sprintf("%d linear steps", steps), func(t *testing.T) {
			defer func(old int) { linearScanSteps = old }(linearScanSteps)
			linearScanSteps = steps
			checkScanFree(t)
		})
	}
}

func checkScanFree(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(3, 400).Draw(rt, "n")
		lo := rapid.IntRange(0, n-2).Draw(rt, "lo")
		hi := rapid.IntRange(lo+2, n).Draw(rt, "hi")
		l := &linkDrawer{n: uint64(n), lo: uint64(lo), hi: uint64(hi), mark: make([]uint32, n),
			scan: freeScan{page: make([]uint32, hi-lo), to: make([]uint32, hi-lo)}}
		first := uint32(rapid.IntRange(lo, hi-1).Draw(rt, "page"))
		next := uint32(rapid.IntRange(lo, hi-1).Filter(func(p int) bool { return uint32(p) != first }).Draw(rt, "next page"))
		for _, i := range []uint32{first, next} {
			for _, intra := range []bool{true, false} {
				side := hi - lo - 1 // the host's pages but i
				first, size := lo, hi-lo
				if !intra {
					side, first, size = n-(hi-lo), 0, n
				}
				if side < 1 {
					continue
				}
				free := side
				for k := rapid.IntRange(0, 3*side).Draw(rt, "draws"); k > 0 && free > 1; k-- {
					from := uint32(first + rapid.IntRange(0, size-1).Draw(rt, "from"))
					if !intra && uint64(from) >= l.lo && uint64(from) < l.hi {
						continue // a failed draw lies on its side
					}
					want := referenceScanFree(l, i, intra, from)
					if got := l.scanFree(i, intra, from); got != want {
						rt.Fatalf("page %d, host [%d,%d) of %d, intra %v, from %d: scanFree %d, the walk %d", i, lo, hi, n, intra, from, got, want)
					}
					l.mark[want] = i + 1
					free--
				}
			}
		}
	})
}
