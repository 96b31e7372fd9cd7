package main

import "testing"

// TestInFlagWordsMarksValues: the mark of a value not typed goes after
// the value, before the colon that ends it ("-tmax 200 (default): want
// ..."), and a pair's mark says which of its two flags were not typed.
func TestInFlagWordsMarksValues(t *testing.T) {
	for _, c := range []struct {
		msg, unset string
		given      []string
		want       string
	}{
		{"site_bytes -1 and migrant_bytes 5000: want sizes of 0 or more", "(default)", []string{"site-bytes"},
			"-site-bytes -1 and -migrant-bytes 5000 (default): want sizes of 0 or more"},
		{"lower/upper 1.5/0.7: the lower threshold must be below the upper one", "(default)", []string{"pl"},
			"-pl/-pg 1.5/0.7 (-pg: default): the lower threshold must be below the upper one"},
		{"lower/upper 0.3/0.2: the lower threshold must be below the upper one", "(default)", []string{"pg"},
			"-pl/-pg 0.3/0.2 (-pl: default): the lower threshold must be below the upper one"},
		{"interest_lower/interest_upper 2/0.8: want thresholds in (0, 1]", "(from the scenario file)", nil,
			"-interest-pl/-interest-pg 2/0.8 (-interest-pl, -interest-pg: from the scenario file): want thresholds in (0, 1]"},
		{"sites 2,000,000: want 1 to 1,048,576", "(from the scenario file)", nil,
			"-sites 2,000,000 (from the scenario file): want 1 to 1,048,576"},
		{"min 5,000 is above max 200, and more", "(default)", []string{"tmin"},
			"-tmin 5,000 is above -tmax 200 (default), and more"},
		{"lower/upper 0.8/0.3: the lower threshold must be below the upper one", "(default)", []string{"pl", "pg"},
			"-pl/-pg 0.8/0.3: the lower threshold must be below the upper one"},
	} {
		given := func(name string) bool {
			for _, g := range c.given {
				if g == name {
					return true
				}
			}
			return false
		}
		if got, _ := inFlagWords(c.msg, given, c.unset); got != c.want {
			t.Errorf("inFlagWords(%q) = %q, want %q", c.msg, got, c.want)
		}
	}
}
