package gen

// Test-only conveniences over the generator's steppable parts.

import (
	"math"
	"math/rand/v2"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/model"
	"pgregory.net/rapid"
)

// drawParams draws generator parameters for a property test: 1 to
// maxPages pages on 1 to pages hosts, any host-size and out-degree
// exponents and copy probability the generator accepts, a mean out-degree
// from 0 to the smaller of maxMean and what the pages allow, and any
// seed. The share of intra-host links is left to the caller.
func drawParams(t *rapid.T, maxPages int, maxMean float64) Params {
	p := Params{
		Pages:             rapid.IntRange(1, maxPages).Draw(t, "pages"),
		HostSizeExponent:  rapid.Float64Range(0.1, 5).Draw(t, "hostExponent"),
		OutDegreeExponent: rapid.Float64Range(1.5, 5).Draw(t, "degreeExponent"),
		CopyProbability:   rapid.Float64Range(0, 1).Draw(t, "copy"),
		Seed:              rapid.Uint64().Draw(t, "seed"),
	}
	p.Hosts = rapid.IntRange(1, p.Pages).Draw(t, "hosts")
	p.MeanOutDegree = rapid.Float64Range(0, min(maxMean, model.MaxMeanOutDegree(p.Pages))).Draw(t, "mean")
	return p
}

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
