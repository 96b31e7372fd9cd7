package crawl

import (
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// TestEveryStrategyHasASummary: every registered strategy says in one line
// what it does (the page shows it beside the name), and the line is not
// its name or its longer Doc.
func TestEveryStrategyHasASummary(t *testing.T) {
	for _, s := range Strategies() {
		switch {
		case s.Summary == "":
			t.Errorf("%s has no Summary", s.ID)
		case strings.ContainsAny(s.Summary, "\n"), len(s.Summary) > 130:
			t.Errorf("%s's Summary is not one short line (%d bytes): %q", s.ID, len(s.Summary), s.Summary)
		case s.Summary == s.Name || s.Summary == s.Doc:
			t.Errorf("%s's Summary repeats its name or Doc: %q", s.ID, s.Summary)
		}
	}
}

// TestAllPapersCited: AllPapers cites each of the five papers of docs/algorithms.md
// once, with authors, a quoted title, a year and an https or http link;
// Papers (the strategies' papers, which the command line prints) is the
// same citations restricted to the numbers the strategies cite.
func TestAllPapersCited(t *testing.T) {
	all := AllPapers()
	var numbers []string
	cited := regexp.MustCompile(`^[A-Z][^"]+ "[^"]+".* (19|20)\d\d\b`)
	byNumber := map[string]Paper{}
	for _, p := range all {
		numbers = append(numbers, p.Number)
		byNumber[p.Number] = p
		if !cited.MatchString(p.Citation) {
			t.Errorf("paper %s: citation %q lacks authors, title or year", p.Number, p.Citation)
		}
		u, err := url.Parse(p.URL)
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			t.Errorf("paper %s: link %q is not a web address", p.Number, p.URL)
		}
	}
	if got := strings.Join(numbers, " "); got != "000 001 002 003 004" {
		t.Errorf("AllPapers numbers %q, want each of 000 to 004 once", got)
	}
	for _, p := range Papers() {
		if p != byNumber[p.Number] {
			t.Errorf("Papers gives %+v, AllPapers %+v", p, byNumber[p.Number])
		}
	}
}
