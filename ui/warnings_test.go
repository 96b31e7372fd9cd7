package main

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestWarningWordsAsRegexp: the page matches the engine's warnings with
// words and holes (warningWords) exactly as the regular expressions it
// used before (package regexp, which page.wasm no longer links): the same
// warnings match, with the same groups and the same end, greedy holes
// included.
func TestWarningWordsAsRegexp(t *testing.T) {
	patterns := []struct {
		words []any
		re    *regexp.Regexp
	}{
		{noHostsStrategy, regexp.MustCompile(`^(.+): the graph has no hosts, `)},
		{unreachable, regexp.MustCompile(`^seeds: ([\d,]+) of the ([\d,]+) pages cannot be reached from the seeds; they hold ([0-9.e+-]+) of the importance`)},
		{budgetTooLarge, regexp.MustCompile(`^budget: ([\d,]+) is more than the ([\d,]+) pages reachable from the seeds`)},
		{guaranteesOther, regexp.MustCompile(`^importance: the guaranteed curves of (.+) bound the personalized PageRank of the seeds`)},
		{tooManySeeds, regexp.MustCompile(`^seeds: (.+) asks for more pages than the graph's ([\d,]+); all of them are seeds`)},
	}
	warnings := []string{
		"lsf: the graph has no hosts, so it crawls as bfs",
		"a: b: the graph has no hosts, x: the graph has no hosts, y",
		": the graph has no hosts, nothing before",
		"one\ntwo: the graph has no hosts, after a newline",
		"één: the graph has no hosts, ünïcode",
		"seeds: 12 of the 3400 pages cannot be reached from the seeds; they hold 0.0125 of the importance (...)",
		"seeds: 1,200 of the 3,400 pages cannot be reached from the seeds; they hold 0.0125 of the importance (...)",
		"budget: 5,000 is more than the 1,200 pages reachable from the seeds; each crawl stops there",
		"seeds: 12 of the 3400 pages cannot be reached from the seeds; they hold 1.5e-07 of the importance",
		"seeds: x of the 3400 pages cannot be reached from the seeds; they hold 0.1 of the importance",
		"seeds: 12 of the 3400 pages cannot be reached from the seeds; they hold  of the importance",
		"budget: 500 is more than the 120 pages reachable from the seeds; each crawl stops there",
		"budget: 500 is more than the pages reachable from the seeds",
		"importance: the guaranteed curves of rankmass, l-neighbor bound the personalized PageRank of the seeds, not PageRank",
		"importance: the guaranteed curves of a bound the personalized PageRank of the seeds bound the personalized PageRank of the seeds",
		"importance: the guaranteed curves of  bound the personalized PageRank of the seeds",
		"seeds: top-pagerank:500 asks for more pages than the graph's 300; all of them are seeds",
		"seeds: list:1,2 asks for more pages than the graph's 2 asks for more pages than the graph's 1; all of them are seeds",
		"seeds: list:1 asks for more pages than the graph's x; all of them are seeds",
		"politeness: the graph has no hosts, so every page is one site",
		"",
	}
	for _, p := range patterns {
		for _, w := range warnings {
			wantAt := p.re.FindStringSubmatchIndex(w)
			got, end, ok := warningWords(w, p.words)
			if ok != (wantAt != nil) {
				t.Errorf("%q on %q: matched %v, the expression %v", p.re, w, ok, wantAt != nil)
				continue
			}
			if !ok {
				continue
			}
			want := p.re.FindStringSubmatch(w)[1:]
			if !slices.Equal(got, want) || end != wantAt[1] {
				t.Errorf("%q on %q: holes %q ending at %d; the expression's %q ending at %d", p.re, w, got, end, want, wantAt[1])
			}
		}
	}
}

// TestStudentWarningGroupedCounts: the engine writes the counts of its
// warnings with thousands separators ("350 of the 6,012 pages"), and the
// page still rewrites them for a student (a hole of digits refused the
// comma, and the warning was shown as the engine wrote it).
func TestStudentWarningGroupedCounts(t *testing.T) {
	w := "seeds: 1,350 of the 6,012 pages cannot be reached from the seeds; they hold 0.25 of the importance, which no crawl collects"
	want := "1,350 of the 6,012 pages cannot be reached by following links from the seeds."
	if got := StudentWarning(w, nil); !strings.HasPrefix(got, want) {
		t.Errorf("StudentWarning(%q)\n = %q\nwant it to start %q", w, got, want)
	}
}
