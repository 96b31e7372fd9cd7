package main

import (
	"encoding/json"
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

// TestPaperChartTitleSaidOnce: a Papers chart's title is said by the
// chart (its SVG's title, the text drawn over it), not again by a caption
// the page adds: a screen reader read it twice, once from the hidden
// caption and once from the SVG.
func TestPaperChartTitleSaidOnce(t *testing.T) {
	a, w := readyApp(t)
	a.Papers.Choose("004")
	(&PapersPanel{App: a}).Run()
	req := w.sent[len(w.sent)-1]
	const title = "Baeza-Yates et al. 2005, Fig. 4: cumulative PageRank"
	rep := protocol.Reproduction{Graph: "generated", Reports: []protocol.PaperReport{{
		ID: "004", Name: "crawling-a-country", Citation: "Baeza-Yates et al.", Reproduces: "Fig. 4",
		Charts: []protocol.PaperChart{{Name: "004-fig4.svg", Title: title, SVG: `<svg><title>` + title + `</title><text>` + title + `</text></svg>`}},
	}}}
	data, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	a.handle(pageEvent(protocol.Response{ID: req.ID, Kind: protocol.KindResult, Result: data}))
	text, _ := panelText(t, &PapersPanel{App: a})
	if n := strings.Count(text, title); n != 2 {
		t.Errorf("the panel says the chart's title %d times, want the SVG's 2 (its title and its text) and no more:\n%s", n, text)
	}
}
