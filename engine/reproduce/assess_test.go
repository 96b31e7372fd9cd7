package reproduce

import (
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/crawl"
	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/scenario"
)

// handMadeCountry is a result of 004's run without hosts whose
// strategies have exactly Table 2's averages and taus (C(N) = 1, so the
// normalised average is the average).
func handMadeCountry(hosts int) *scenario.Result {
	r := &scenario.Result{Graph: scenario.GraphSummary{Pages: 2, Hosts: hosts}, Reachable: 2,
		Scenario: scenario.Scenario{Politeness: &scenario.Politeness{Connections: 1}}}
	add := func(label string, avg, tau float64) {
		r.Strategies = append(r.Strategies, scenario.StrategyResult{ID: label, Label: label,
			Curve:   crawl.Curve{K: []int64{0, 1, 2}, Value: []float64{0, 0.5, 1}},
			Summary: crawl.Summary{Downloads: 2, Final: 1, AvgCumulative: avg, NormalisedAvgCumulative: avg, Tau: &tau}})
	}
	add("optimal", 0.9, 1)
	add("random", 0.55, 0)
	for _, f := range countryTable2 {
		if !f.history {
			add(f.id, f.avg, f.tau)
		}
	}
	return r
}

// TestAssessCountryOnKnownFigures: Table 2's own figures give "same order"
// for both orders; without hosts every verdict on larger-sites-first says
// why; backlink (0.50) and partial-pagerank (0.52) are below a random
// crawl of 0.55, as the paper says.
func TestAssessCountryOnKnownFigures(t *testing.T) {
	in := Input{Graph: scenario.Source{File: "g"}}
	runs, notes := paperCountry().Plan(in)
	// Table 2's run alone: the run of the historical strategies on an
	// evolution is left out, so they are not run.
	rep, err := paperCountry().Assess(in, runs[:1], notes, Results{Crawl: map[string]*scenario.Result{"004-table2": handMadeCountry(0)}})
	if err != nil {
		t.Fatal(err)
	}
	verdicts := map[string]Finding{}
	for _, f := range rep.Findings {
		verdicts[f.Claim] = f
	}
	for claim, want := range map[string]Verdict{
		"order of the strategies by average cumulative PageRank":                                            SameOrder,
		"order of the strategies by Kendall's tau":                                                          SameOrder,
		"omniscient is the best strategy without history":                                                   SameOrder,
		"backlink and partial-pagerank do worse than random":                                                SameOrder,
		"the historical strategies (omniscient aside) improve on opic and larger-sites-first by at most 3%": NotRun,
	} {
		if got := verdicts[claim].Verdict; got != want {
			t.Errorf("%s: %q, want %q", claim, got, want)
		}
	}
	if !strings.Contains(verdicts["order of the strategies by average cumulative PageRank"].Reason, "no hosts, so larger-sites-first is breadth-first") {
		t.Errorf("no reason given for a graph without hosts: %+v", verdicts["order of the strategies by average cumulative PageRank"])
	}
	joined := strings.Join(rep.Notes, "\n")
	if !strings.Contains(joined, "no hosts") || !strings.Contains(joined, "no previous snapshot") {
		t.Errorf("the notes do not say what the graph lacks: %q", rep.Notes)
	}
}

// TestPlanCountryPoliteness: paper 004 runs on the politeness clock with
// one connection, the default waits and the crawler's link shared by its
// transfers (Baeza-Yates et al. 2005, section 3.2), from the sites' home
// pages when there are hosts.
func TestPlanCountryPoliteness(t *testing.T) {
	runs, _ := paperCountry().Plan(DefaultInput())
	sc := runs[0].Crawl
	if sc.Politeness == nil || sc.Politeness.Connections != 1 || sc.Politeness.Wait != nil || sc.Politeness.BandwidthModel != model.BandwidthShared {
		t.Fatalf("politeness %+v; want one connection, the default wait and a shared link", sc.Politeness)
	}
	n, err := scenario.Normalize(*sc)
	if err != nil {
		t.Fatal(err)
	}
	if *n.Politeness.Wait != 15 || n.Seeds != "host-roots" || n.Previous == nil {
		t.Errorf("wait %v, seeds %q, previous %v; want 15 s, host-roots and the generated web's evolution", *n.Politeness.Wait, n.Seeds, n.Previous)
	}
}
