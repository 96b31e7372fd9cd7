package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/wasm/protocol"
)

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
