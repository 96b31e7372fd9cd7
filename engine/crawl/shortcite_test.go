package crawl

import (
	"strings"
	"testing"
)

// TestShortCitations: every paper has a short citation, its first
// author's name and, where the paper gives it, its year, as the full
// citation does; the values are those of engine/reproduce/cite.go, which
// the reproductions' texts use. A number that is no paper has none.
func TestShortCitations(t *testing.T) {
	want := map[string]string{
		"000": "Alam et al.", // its text gives no year
		"001": "Cho and Schonfeld 2007",
		"002": "Singhal et al. 2012",
		"003": "Daneshpajouh et al. 2008",
		"004": "Baeza-Yates et al. 2005",
	}
	for _, p := range AllPapers() {
		short := ShortCitation(p.Number)
		if short != want[p.Number] {
			t.Errorf("ShortCitation(%s) = %q, want %q", p.Number, short, want[p.Number])
		}
		first, _, _ := strings.Cut(short, " ")
		if !strings.HasPrefix(p.Citation, first) {
			t.Errorf("paper %s: short citation %q does not start as %q", p.Number, short, p.Citation)
		}
		if year := short[len(short)-4:]; short != "Alam et al." && !strings.Contains(p.Citation, year) {
			t.Errorf("paper %s: year of %q is not in %q", p.Number, short, p.Citation)
		}
	}
	if got := ShortCitation("005"); got != "" {
		t.Errorf("ShortCitation(005) = %q, want none", got)
	}
}
