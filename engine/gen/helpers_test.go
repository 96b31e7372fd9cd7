package gen

// Test-only conveniences over the generator's steppable parts.

import (
	"math"
	"math/rand/v2"

	"github.com/crawlsim/crawlsim/engine/graph"
)

// hostSizes runs a hostSizer to the end and returns the sizes.
func hostSizes(rng *rand.PCG, n, h int, exponent float64) []int {
	s := hostSizer{rng: rng, n: n, h: h, exponent: exponent}
	s.run(math.MaxInt64)
	return s.sizes
}

// hostURLs returns the URL list of pages grouped by host with the given
// sizes, and its host table.
func hostURLs(sizes []int) ([]string, *graph.Hosts) {
	n, total := 0, 0
	for k, s := range sizes {
		n += s
		for j := 0; j < s; j++ {
			total += urlLen(k, j)
		}
	}
	w := newURLWriter(sizes, n, total)
	w.write(math.MaxInt64)
	return w.urls, w.hosts
}
