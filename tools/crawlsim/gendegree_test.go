package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestGenDegreeHelpSaysExpectedMean: -degree is the mean out-degree the
// generator expects of a page, not the mean of every graph: "graphs under
// 17 pages get (pages-1)/2" is 1 for -n 3, yet the graph of -seed 1 has 5
// links (1.67). Over many seeds the mean is (pages-1)/2, so the help says
// that the value is an expectation that one small graph misses.
func TestGenDegreeHelpSaysExpectedMean(t *testing.T) {
	help, _, _ := crawlsim(t, "help", "gen")
	help = unwrapFlagDefaults(help)
	if !regexp.MustCompile(`mean out-degree D expected of a page \(one graph's own mean varies with -seed, most in small graphs\)`).MatchString(help) {
		t.Errorf("gen's help does not say that -degree is an expected mean:\n%s", help)
	}
	dir := t.TempDir()
	links := regexp.MustCompile(`pages, (\d+) links?`)
	for _, n := range []int{3, 5} {
		const seeds = 200
		total := 0
		for seed := 1; seed <= seeds; seed++ {
			out := filepath.Join(dir, fmt.Sprintf("g%d-%d.edges", n, seed))
			mustRun(t, "gen", "-n", strconv.Itoa(n), "-seed", strconv.Itoa(seed), "-o", out)
			text, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			first, _, _ := strings.Cut(string(text), "\n")
			m := links.FindStringSubmatch(first)
			if m == nil {
				t.Fatalf("gen -n %d: header %q", n, first)
			}
			k, _ := strconv.Atoi(m[1])
			total += k
		}
		// The mean degree of 200 graphs of n pages: a page's degree is at
		// most n-1, so its standard deviation is below (n-1)/2 and that of
		// the mean below (n-1)/2/sqrt(200·n); 4 of them is the tolerance.
		mean, want := float64(total)/float64(seeds*n), float64(n-1)/2
		if tol := 4 * want / 24.5; mean < want-tol || mean > want+tol {
			t.Errorf("gen -n %d: mean out-degree %.3f over %d seeds; want (n-1)/2 = %g ± %.3f", n, mean, seeds, want, tol)
		}
	}
}
