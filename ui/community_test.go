package main

import (
	"testing"

	"github.com/crawlsim/crawlsim/engine/seeds"
	"github.com/crawlsim/crawlsim/ui/formcheck"
)

// TestCommunityDensityNamesTheField: the cover density is refused under
// its label, with the value as typed and the range the field accepts,
// the same for 0 and for a number too large. A user review found 0
// refused as `seeds: "community:10,density=0": density=0; want a
// positive density` (the scenario's notation, and a range at odds with
// the "want 0 to 100 (percent)" of 1e99). What the panel accepts, the
// engine's notation reads.
func TestCommunityDensityNamesTheField(t *testing.T) {
	const want = "want a percentage above 0 and at most 100; leave the field blank for the default, 100"
	for density, msg := range map[string]string{
		"0":     "cover density: 0 is not allowed: " + want,
		"0.0":   "cover density: 0 is not allowed: " + want,
		"1e99":  "cover density: 1e99: " + want,
		"-1":    "cover density: -1: " + want,
		"NaN":   "cover density: NaN: " + want,
		"1e999": "cover density: 1e999: " + want,
		"many":  `cover density: "many" is not a number`,
		// Letters in the number box (the browser gives them as blank,
		// which would be the default, 100).
		formcheck.TypedNotANumber: "cover density: what is typed is not a number",
	} {
		c := Community{K: "10", Density: density}
		if _, err := c.Spec(); err == nil || err.Error() != msg {
			t.Errorf("density %q: %v; want %q", density, err, msg)
		}
	}
	for density, spec := range map[string]string{"": "community:10", "100": "community:10", " 50 ": "community:10,density=50", "0.5": "community:10,density=0.5"} {
		c := Community{K: "10", Density: density}
		got, err := c.Spec()
		if err != nil || got != spec {
			t.Errorf("density %q: %q, %v; want %q", density, got, err, spec)
			continue
		}
		if _, err := seeds.Parse(got); err != nil {
			t.Errorf("density %q: the engine refuses %q: %v", density, got, err)
		}
	}
}
