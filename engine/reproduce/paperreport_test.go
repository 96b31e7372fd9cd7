package reproduce

import (
	"encoding/json"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/scenario"
)

// handReport is a report made by hand: a crawl and a revisit run, a
// table, a finding and a chart.
func handReport() *Report {
	return &Report{
		Paper: &Paper{ID: "004", Name: "crawling-a-country", Citation: "Baeza-Yates et al.", Reproduces: "Table 2, Fig. 4"},
		Runs: []Run{{Name: "004-table2", Title: "strategies", Crawl: &scenario.Scenario{}},
			{Name: "002-fig1", Title: "revisits", Refresh: &scenario.Refresh{}}},
		Notes:    []string{"no previous snapshot"},
		Tables:   []Table{{Title: "PageRank", Source: "Table 2", Head: []string{"strategy", "paper", "crawlsim"}, Rows: [][]string{{"bfs", "0.6", "0.7"}}}},
		Findings: []Finding{{Figure: "Fig. 4", Claim: "order", Published: "a > b", Ours: "a > b", Verdict: SameOrder, Reason: "no hosts"}},
		Charts:   []Chart{{Name: "004-fig4.svg", Title: "Fig. 4", SVG: []byte("<svg/>")}},
	}
}

// TestPaperReportOfCarriesWhatItIsAskedFor: the command line's report
// (runs with their scenario files, no charts) and the page's (charts'
// SVG, no runs) carry the same paper, notes, tables and findings.
func TestPaperReportOfCarriesWhatItIsAskedFor(t *testing.T) {
	rep := handReport()
	cli := PaperReportOf(rep, PaperReportOptions{Runs: true, ScenarioDir: "rep"})
	wantRuns := []model.PaperRun{{Name: "004-table2", Title: "strategies", Command: "run", Scenario: filepath.Join("rep", "004-table2.json")},
		{Name: "002-fig1", Title: "revisits", Command: "refresh", Scenario: filepath.Join("rep", "002-fig1.json")}}
	if !reflect.DeepEqual(cli.Runs, wantRuns) || cli.Charts != nil {
		t.Errorf("the command line's runs %+v, charts %+v; want %+v and no charts", cli.Runs, cli.Charts, wantRuns)
	}
	if runs := PaperReportOf(rep, PaperReportOptions{Runs: true}).Runs; runs[0].Scenario != "" {
		t.Errorf("without -o DIR the run names the file %q", runs[0].Scenario)
	}
	page := PaperReportOf(rep, PaperReportOptions{Charts: true})
	if want := []model.PaperChart{{Name: "004-fig4.svg", Title: "Fig. 4", SVG: "<svg/>"}}; !reflect.DeepEqual(page.Charts, want) || page.Runs != nil {
		t.Errorf("the page's charts %+v, runs %+v; want %+v and no runs", page.Charts, page.Runs, want)
	}
	want := model.PaperReport{ID: "004", Name: "crawling-a-country", Citation: "Baeza-Yates et al.", Reproduces: "Table 2, Fig. 4",
		Notes:    []string{"no previous snapshot"},
		Tables:   []model.PaperTable{{Title: "PageRank", Source: "Table 2", Head: []string{"strategy", "paper", "crawlsim"}, Rows: [][]string{{"bfs", "0.6", "0.7"}}}},
		Findings: []model.PaperFinding{{Figure: "Fig. 4", Claim: "order", Published: "a > b", Ours: "a > b", Verdict: "same order", Reason: "no hosts"}}}
	for _, got := range []model.PaperReport{cli, page} {
		got.Runs, got.Charts = nil, nil
		if !reflect.DeepEqual(got, want) {
			t.Errorf("report %+v, want %+v", got, want)
		}
	}
}

// TestPaperReportOfEmptyListsAreJSONArrays: a paper with no runs, tables
// or findings still has reproduce -json's keys "runs", "tables" and
// "findings", as [] (not null), and no "charts".
func TestPaperReportOfEmptyListsAreJSONArrays(t *testing.T) {
	rep := &Report{Paper: &Paper{ID: "000", Name: "fpr"}}
	b, err := json.Marshal(PaperReportOf(rep, PaperReportOptions{Runs: true}))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"id":"000","name":"fpr","citation":"","reproduces":"","runs":[],"tables":[],"findings":[]}`
	if string(b) != want {
		t.Errorf("JSON %s, want %s", b, want)
	}
}
