package gen

import (
	"math"
	"testing"

	"pgregory.net/rapid"
)

// chance with odds(p) answers as the obvious test unitFloat(rng) < p does,
// for every draw: random probabilities, the ends, values a step from them
// and from the draws' own grid of 2^-53.
func TestOddsMatchesUnitFloat(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := rapid.OneOf(
			rapid.Float64Range(0, 1),
			rapid.SampledFrom([]float64{0, 1, 0.5, 0.95, 0.7, 0.3, math.Nextafter(1, 0), math.SmallestNonzeroFloat64, 0x1p-53, 0x1p-54, 3 * 0x1p-54, 1 - 0x1p-53}),
		).Draw(t, "p")
		x := rapid.OneOf(
			rapid.Uint64Range(0, 1<<53-1),
			rapid.Just(uint64(p*(1<<53))),
			rapid.Just(min(uint64(p*(1<<53))+1, 1<<53-1)),
			rapid.Just(uint64(max(p*(1<<53)-1, 0))),
		).Draw(t, "x")
		u := x<<11 | rapid.Uint64Range(0, 1<<11-1).Draw(t, "low")
		want := float64(u>>11)/(1<<53) < p
		if got := u>>11 < odds(p); got != want {
			t.Fatalf("p %v, draw %#x: chance %v, unitFloat < p %v (odds %d)", p, u, got, want, odds(p))
		}
	})
	if odds(0.5) != halfOdds {
		t.Fatalf("odds(0.5) = %d, want halfOdds %d", odds(0.5), uint64(halfOdds))
	}
}
