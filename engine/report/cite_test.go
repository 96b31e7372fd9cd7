package report

import (
	"strings"
	"testing"
)

// TestNotApplicableCitesThePaper: the table's note on n/a (also the
// page's glossary entry) cites the RankMass paper by its authors and
// year, not by Cho and Schonfeld 2007, a repository path a reader cannot open.
func TestNotApplicableCitesThePaper(t *testing.T) {
	first, second := NoteNotApplicable("PageRank")
	text := first + " " + second
	if !strings.Contains(text, "(Cho and Schonfeld 2007, section 4)") || strings.Contains(text, "seeds/") {
		t.Errorf("n/a note %q does not cite Cho and Schonfeld 2007", text)
	}
}
