package seeds

import (
	"testing"
)

// A seed count is a whole number, in digits or with an exponent as the
// command line's -n reads it; one too large says so with the limit, as the
// community options do ("size=1e300 is too large: at most 2,147,483,647"),
// and "random:1e9" is a count of a billion, not "needs a positive count".
func TestSeedCount(t *testing.T) {
	for text, want := range map[string]int{
		"random:1e9":         1_000_000_000,
		"random:160":         160,
		"top-pagerank:2.5e3": 2500,
		"community:1e1":      10,
		// The most pages a graph holds (model.MaxPages).
		"random:4294967295": 4294967295,
	} {
		s, err := Parse(text)
		if err != nil || s.K != want {
			t.Errorf("Parse(%q) = K %d, %v; want %d", text, s.K, err, want)
		}
	}
	for text, want := range map[string]string{
		"random:4294967296":           `seeds "random:4294967296": count 4294967296 is too large: at most 4,294,967,295 (the most pages a graph holds)`,
		"random:1e10":                 `seeds "random:1e10": count 1e10 is too large: at most 4,294,967,295 (the most pages a graph holds)`,
		"top-pagerank:1e999":          `seeds "top-pagerank:1e999": count 1e999 is too large: at most 4,294,967,295 (the most pages a graph holds)`,
		"random:99999999999999999999": `seeds "random:99999999999999999999": count 99999999999999999999 is too large: at most 4,294,967,295 (the most pages a graph holds)`,
		// A community's count meets the limit of its options.
		"community:1e12":     `seeds "community:1e12": count 1e12 is too large: at most 2,147,483,647`,
		"random:0":           `seeds "random:0": random needs a positive count, as in random:160`,
		"random:-1e3":        `seeds "random:-1e3": random needs a positive count, as in random:160`,
		"random:1.5":         `seeds "random:1.5": count 1.5 is not a whole number; random needs a positive count, as in random:160`,
		"random:x":           `seeds "random:x": random needs a positive count, as in random:160`,
		"random:NaN":         `seeds "random:NaN": random needs a positive count, as in random:160`,
		"random":             `seeds "random": random needs a positive count, as in random:160`,
		"community:0.5":      `seeds "community:0.5": count 0.5 is not a whole number; community needs a positive count, as in community:10`,
		"community:x,size=3": `seeds "community:x,size=3": community needs a positive count, as in community:10`,
		// Read as a scenario file's counts are (model.WholeNumber): a
		// review found these taken by strconv.ParseFloat as 1, 16, a
		// count too large, and 4,294,967,295.
		"random:1.0000000000000001": `seeds "random:1.0000000000000001": count 1.0000000000000001 is not a whole number; random needs a positive count, as in random:160`,
		"random:0x1p4":              `seeds "random:0x1p4": random needs a positive count, as in random:160`,
		"random:Inf":                `seeds "random:Inf": random needs a positive count, as in random:160`,
		"random:4294967295.0000001": `seeds "random:4294967295.0000001": count 4294967295.0000001 is not a whole number; random needs a positive count, as in random:160`,
		// Digits as a scenario file writes them: no sign, no leading
		// zero (strconv.Atoi took both).
		"random:+5":  `seeds "random:+5": random needs a positive count, as in random:160`,
		"random:010": `seeds "random:010": random needs a positive count, as in random:160`,
		// The community's options are counts read the same way (they
		// took 16 and 2).
		"community:3,size=0x1p4":                        `seeds "community:3,size=0x1p4": size=0x1p4 is not a number; want a size of at least 2 (a hub and an authority)`,
		"community:3,size=4,members=2.0000000000000001": `seeds "community:3,size=4,members=2.0000000000000001": members=2.0000000000000001 is not a whole number; want a number of members of at least 1`,
	} {
		if _, err := Parse(text); err == nil || err.Error() != want {
			t.Errorf("Parse(%q):\n got %v\nwant %s", text, err, want)
		}
	}
}
