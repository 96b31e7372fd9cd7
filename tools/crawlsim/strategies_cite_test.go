package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/crawl"
)

// TestStrategiesCiteByAuthorAndYear: crawlsim strategies and strategies
// -v cite each strategy's papers by authors and year, with the section
// (bfs: "Baeza-Yates et al. 2005, §4.1; Cho and Schonfeld 2007"), and
// their footer gives each short citation with the full one and its
// link; neither names a folder of the repository (seeds/) nor a paper by
// its folder number ("paper 004, 001", "004 §4.1"), which a reader who
// has only the command cannot open. Before, both listed "004, 001" and
// "004 §4.1", and the footer cited "000", "001", "004".
func TestStrategiesCiteByAuthorAndYear(t *testing.T) {
	out := mustRun(t, "strategies")
	verbose := mustRun(t, "strategies", "-v")
	// A comma after a digit separates thousands ("1,000,000"), not papers.
	number := regexp.MustCompile(`(^|[\s(]|[^0-9],)00[0-9]\b`)
	for name, text := range map[string]string{"strategies": out, "strategies -v": verbose} {
		if strings.Contains(text, "seeds/") || number.MatchString(text) {
			t.Errorf("%s names a paper by its folder: %q", name, number.FindString(text))
		}
		// The short citations of engine/reproduce/cite.go, which the
		// papers' pages and reports use.
		for _, line := range []string{
			`bfs  +Breadth-first  +Baeza-Yates et al\. 2005, §4\.1; Cho and Schonfeld 2007\n`,
			`fpr  +Fractional PageRank  +Alam et al\., §3\.1, Algorithm 1\n`,
			`fpr-m  +Extended Fractional PageRank \(FPR@M\)  +Alam et al\., §3\.2, Algorithm 2  +m=100`,
			// The paper offers random ordering as the baseline in the
			// opening of its section 4, before the strategies of 4.1.
			`random  +Random  +Baeza-Yates et al\. 2005, §4\n`,
			`rankmass  +RankMass  +Cho and Schonfeld 2007, §4\.2, Fig\. 5  +epsilon=0`,
			`  Baeza-Yates et al\. 2005: Baeza-Yates, Castillo, Marin and Rodriguez, "Crawling a country`,
		} {
			if name == "strategies" && !regexp.MustCompile(line).MatchString(text) {
				t.Errorf("strategies lacks a line matching %q:\n%s", line, text)
			}
		}
		for _, p := range crawl.Papers() {
			if !strings.Contains(text, "  "+crawl.ShortCitation(p.Number)+": "+p.Citation+"\n    "+p.URL+"\n") {
				t.Errorf("%s does not cite %s in full with its link", name, crawl.ShortCitation(p.Number))
			}
		}
	}
	if want := "\nbfs: Breadth-first (Baeza-Yates et al. 2005, §4.1; Cho and Schonfeld 2007)\n"; !strings.Contains(verbose, want) {
		t.Errorf("strategies -v lacks %q", want)
	}
}
