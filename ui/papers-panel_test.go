package main

import (
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// TestPaperChoicesNameThePapers: the Papers picker names each paper by its
// short title and year, taken from the catalogue's citations, not by the
// seeds/ folder's ids ("000 fpr", "004 crawling-a-country"), which a
// reader has no folder to look up; the value sent stays the number.
func TestPaperChoicesNameThePapers(t *testing.T) {
	got := map[string]string{}
	for _, c := range (&PapersPanel{App: NewApp("", "")}).Choices() {
		got[c[0]] = c[1]
	}
	// From ui/catalogue.json's citations: the authors (the first and
	// "et al." for three or more) and the year that ends the citation
	// (000's citation gives none of its own: 2009 is the year of the
	// paper it extends), short enough for a phone's picker.
	for number, want := range map[string]string{
		"000": "Alam et al.",
		"001": "Cho and Schonfeld 2007",
		"002": "Singhal et al. 2012",
		"003": "Daneshpajouh et al. 2008",
		"004": "Baeza-Yates et al. 2005",
		"all": "all papers",
	} {
		if got[number] != want {
			t.Errorf("paper %s is offered as %q, want %q", number, got[number], want)
		}
	}
	// The report's heading and the announcement name it by its title.
	for number, want := range map[string]string{
		"000": "The impact of inter-host links in crawling important pages early",
		"001": "RankMass crawler (2007)",
		"002": "Regulating frequency of a migrating web crawler based on users interest (2012)",
		"003": "A fast community based algorithm for generating web crawler seeds set (2008)",
		"004": "Crawling a country (2005)",
	} {
		if title := paperTitle(number, ""); title != want {
			t.Errorf("paper %s is titled %q, want %q", number, title, want)
		}
	}
	a := NewApp("", "")
	a.Papers.Choose("004")
	if name := a.Papers.chosenName(); !strings.Contains(name, "Crawling a country (2005)") || strings.Contains(name, "crawling-a-country") {
		t.Errorf("the chosen paper is announced as %q", name)
	}
	a.Papers.Result = &protocol.Reproduction{Reports: []protocol.PaperReport{{ID: "004", Name: "crawling-a-country"}}}
	if text, _ := panelText(t, &PapersPanel{App: a}); !strings.Contains(text, "Crawling a country (2005)") || strings.Contains(text, "crawling-a-country") {
		t.Errorf("the report's heading does not name the paper: %s", text)
	}
}
