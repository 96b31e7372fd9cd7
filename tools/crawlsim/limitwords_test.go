package main

import (
	"path/filepath"
	"testing"
)

// TestLimitsReadAsOnThePage: the command line writes the engine's limits
// and the counts it works out with thousands separators, as the page
// does, and the values given as they were read: never "at most 1e8" (the
// page: 100,000,000), "want 1 to 1048576", "more than the 1000 pages: at
// most 1000" or "want 1 to 10000".
func TestLimitsReadAsOnThePage(t *testing.T) {
	out := filepath.Join(t.TempDir(), "g.edges")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"refresh", "-sites", "2000000"}, "-sites 2,000,000: want 1 to 1,048,576"},
		// 1e9 × (1,000 sites × (1 + 1/1) + 2,000 user visits) = 4e12.
		{[]string{"refresh", "-horizon", "1e9"}, "about 4,000,000,000,000 events"},
		{[]string{"refresh", "-horizon", "1e9"}, "at most 100,000,000;"},
		{[]string{"refresh", "-horizon", "1e150"}, "crawlsim refresh: far more events than can be simulated (-sites × -horizon × rates): at most 100,000,000;"},
		{[]string{"gen", "-n", "1000", "-hosts", "5000", "-o", out}, "-hosts 5,000 is more than the 1,000 pages: at most 1,000, since every host needs a page"},
		{[]string{"gen", "-n", "20000", "-degree", "1e5", "-o", out}, "-degree 100,000 is too large for 20,000 pages: at most 9,999.5 (= (pages-1)/2)"},
		{[]string{"run", "-wait", "2e6"}, "2,000,000 is too large: at most 1,000,000 seconds"},
		{[]string{"run", "-connections", "20000"}, "20000 is not a number of connections: want 1 to 10,000"},
		// 1e12 bytes at the default 100,000 bytes per second.
		{[]string{"run", "-page-size", "1e12"}, "takes 10,000,000 seconds to transfer; at most 1,000,000 seconds"},
	} {
		checkFails(t, 2, c.args, c.want)
	}
}
