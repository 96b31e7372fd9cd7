package reproduce

import (
	"regexp"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/scenario"
)

// TestNotesGroupTheirCounts: the counts in the notes the page and
// report.md show are written with thousands separators, never as
// "16000 seeds are more than half of the graph's 6012 pages" (hollins has
// 6,012 pages).
func TestNotesGroupTheirCounts(t *testing.T) {
	in := Input{Graph: scenario.Source{File: "hollins.graph-txt"}, Hosts: true, Pages: 6012}
	_, notes := paperRankMass().Plan(in)
	const want = "Figs. 9-10: 16,000 seeds are more than half of the graph's 6,012 pages: that seed set is not run"
	if !strings.Contains(strings.Join(notes, "\n"), want) {
		t.Errorf("notes %q; want %q", notes, want)
	}
}

// TestNoPreviousNoteNamesTheCommand: on a graph file without a previous
// snapshot, paper 004's note says which command gives one in words that
// hold on the page too (which has no -previous flag), and that the
// historical strategies run apart, on an evolution, while Table 2's other
// crawls run on the graph itself. It said "(give -previous FILE)", a flag
// the page user cannot give.
func TestNoPreviousNoteNamesTheCommand(t *testing.T) {
	in := Input{Graph: scenario.Source{File: "hollins.graph-txt"}, Hosts: true, Pages: 6012}
	runs, notes := paperCountry().Plan(in)
	if runs[0].Crawl.Previous != nil {
		t.Fatalf("paper 004 on a graph file without -previous crawls on %+v", runs[0].Crawl.Previous)
	}
	joined := strings.Join(notes, "\n")
	for _, want := range []string{"no previous snapshot of this graph was given (crawlsim reproduce -previous FILE)",
		"historical-PageRank strategies of Table 2 run apart", "evolution"} {
		if !strings.Contains(joined, want) {
			t.Errorf("notes %q lack %q", notes, want)
		}
	}
	if strings.Contains(joined, "give -previous") {
		t.Errorf("notes %q tell the user to give a flag", notes)
	}
}

// TestReportsGroupTheirNumbers: what each paper's report says of
// crawlsim's runs (its notes, table cells and findings) writes numbers of
// four digits or more with thousands separators and a large one never in
// Go's %g exponent form ("1.23e+06 B" was the traffic of paper 002).
func TestReportsGroupTheirNumbers(t *testing.T) {
	// A large number in exponent form; paper 003's small mean PageRanks
	// are written in scientific notation on purpose ("3.07e-04").
	exponent := regexp.MustCompile(`[0-9]e\+?0*[1-9]`)
	for _, p := range Papers() {
		rep := reproduceOn(t, p, smallWeb(), scenario.Env{})
		texts := append([]string{}, rep.Notes...)
		for _, tb := range rep.Tables {
			for _, row := range tb.Rows {
				texts = append(texts, row...)
			}
		}
		for _, f := range rep.Findings {
			texts = append(texts, f.Ours)
		}
		for _, s := range texts {
			if model.GroupDigits(s) != s || exponent.MatchString(s) {
				t.Errorf("paper %s: %q; want %q without exponents", p.ID, s, model.GroupDigits(s))
			}
		}
	}
}
