package main

import (
	"slices"
	"testing"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// TestNoHostsSentences checks, word for word, what the page says of a
// strategy that needs hosts on a graph without them: in a run's warnings
// (the engine's warning "LABEL: the graph has no hosts, ...") and beside
// the strategy in the form. The sentences come from the strategies'
// registrations.
func TestNoHostsSentences(t *testing.T) {
	const load = " Load a URL list with the graph to give pages their sites."
	r := &model.Result{Strategies: []model.StrategyResult{
		{ID: "larger-sites-first", Label: "larger-sites-first"},
		{ID: "larger-sites-first", Label: "lsf"},
		{ID: "fpr-m", Label: "fpr-m"},
	}}
	for _, tc := range []struct{ warning, want string }{
		{"larger-sites-first: the graph has no hosts, so all pages count as one host and it downloads breadth-first (give a URL list for hosts)",
			"This graph has no hosts, so larger sites first behaves exactly like breadth-first: every page seems to come from one site." + load},
		{"lsf: the graph has no hosts, so all pages count as one host and it downloads breadth-first (give a URL list for hosts)",
			"This graph has no hosts, so larger sites first (lsf) behaves exactly like breadth-first: every page seems to come from one site." + load},
		{"fpr-m: the graph has no hosts, so every link is intra-host and it downloads exactly as fpr (give a URL list for hosts)",
			"This graph has no hosts, so every link looks like a link within one site and Extended Fractional PageRank (FPR@M) behaves exactly like Fractional PageRank." + load},
	} {
		if got := StudentWarning(tc.warning, r); got != tc.want {
			t.Errorf("StudentWarning(%q)\n = %q\nwant %q", tc.warning, got, tc.want)
		}
	}
	a, _ := readyApp(t)
	a.Form.Source, a.Form.File = SourceUpload, "web.edges"
	a.Graph = &protocol.GraphInfo{Name: "web.edges"}
	for id, want := range map[string]string{
		"larger-sites-first": "This graph has no hosts, so larger sites first behaves exactly like breadth-first: every page seems to come from one site." + load,
		"fpr-m":              "This graph has no hosts, so every link looks like a link within one site and Extended Fractional PageRank (FPR@M) behaves exactly like Fractional PageRank." + load,
	} {
		info, ok := lookupStrategy(id)
		if !ok {
			t.Fatalf("%s is not in the catalogue", id)
		}
		if got := a.StrategyReason(info); got != want {
			t.Errorf("reason beside %s\n = %q\nwant %q", id, got, want)
		}
	}
}

// TestNoHostsSentenceFromCatalogue: the page says what a strategy does on
// a graph without hosts as the strategy's registration says it
// (model.StrategyInfo.NoHostsExplained, through ui/catalogue.json), with
// the strategy's name for model.NamePlaceholder; a strategy whose
// registration says nothing gets a sentence made of its warning.
func TestNoHostsSentenceFromCatalogue(t *testing.T) {
	saved := catalogue
	t.Cleanup(func() { catalogue = saved })
	changed := *saved
	changed.Strategies = slices.Clone(saved.Strategies)
	i := slices.IndexFunc(changed.Strategies, func(s model.StrategyInfo) bool { return s.ID == "larger-sites-first" })
	j := slices.IndexFunc(changed.Strategies, func(s model.StrategyInfo) bool { return s.ID == "fpr-m" })
	if i < 0 || j < 0 {
		t.Fatal("larger-sites-first or fpr-m is not in the catalogue")
	}
	changed.Strategies[i].NoHostsExplained = "Without hosts, " + model.NamePlaceholder + " is breadth-first."
	changed.Strategies[j].NoHostsExplained = ""
	catalogue = &changed

	r := &model.Result{Strategies: []model.StrategyResult{{ID: "larger-sites-first", Label: "lsf"}, {ID: "fpr-m", Label: "fpr-m"}}}
	for _, tc := range []struct{ warning, want string }{
		{"lsf: the graph has no hosts, so it is bfs", "Without hosts, larger sites first (lsf) is breadth-first."},
		{"fpr-m: the graph has no hosts, so it is fpr", "This graph has no hosts, so Extended Fractional PageRank (FPR@M) cannot tell sites apart: so it is fpr."},
	} {
		if got := StudentWarning(tc.warning, r); got != tc.want {
			t.Errorf("StudentWarning(%q)\n = %q\nwant %q", tc.warning, got, tc.want)
		}
	}
}
