package main

import (
	"path/filepath"
	"regexp"
	"testing"
)

// The lines that say what gen and convert wrote give their counts with
// thousands separators, as the run table's header does ("5,000 pages"), not
// gen's "wrote g.csr (csr): 50000 pages, 401208 links".
func TestWroteLinesGroupDigits(t *testing.T) {
	dir := t.TempDir()
	csr := filepath.Join(dir, "g.csr")
	edges := filepath.Join(dir, "g.edges")
	// 5,000 pages of mean out-degree 8 have some 40,000 links.
	grouped := `5,000 pages, \d{1,3},\d{3} links, 25 hosts`
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"gen", "-n", "5000", "-hosts", "25", "-o", csr}, `^wrote \S+ \(csr\): ` + grouped + `\n$`},
		{[]string{"convert", "-o", edges, csr}, `^wrote \S+ \(edges\): 5,000 pages, \d{1,3},\d{3} links\n$`},
	} {
		if out := mustRun(t, tc.args...); !regexp.MustCompile(tc.want).MatchString(out) {
			t.Errorf("crawlsim %v: stdout %q; want it to match %s", tc.args, out, tc.want)
		}
	}
}
