package reproduce

import (
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/crawl"
	"github.com/crawlsim/crawlsim/engine/scenario"
)

// TestCountryReasonsMatchTheReversedPairsOnHollins: the grouped claim
// "opic ≈ larger-sites-first > bfs ≈ batch-pagerank > partial-pagerank ≈
// backlink" is reversed on hollins by batch-pagerank and partial-pagerank
// (0.62) above opic, bfs and larger-sites-first (0.57): the reason names
// those pairs and why they rank high, not only larger-sites-first's tie
// with bfs, which reverses no pair. "Backlink and partial-pagerank do
// worse than random" fails by partial-pagerank (0.62 against 0.59) alone,
// and says so.
func TestCountryReasonsMatchTheReversedPairsOnHollins(t *testing.T) {
	rep := realReport(t, "004", "hollins")
	g := finding(t, rep, "opic ≈ larger-sites-first > bfs ≈ batch-pagerank > partial-pagerank ≈ backlink")
	if g.Verdict != Differs || !strings.Contains(g.Reason, "reversed (the paper's order first): ") || !strings.Contains(g.Reason, "opic above partial-pagerank") ||
		!strings.Contains(g.Reason, "rank above the strategies that compute none") {
		t.Errorf("grouped order: %+v; want differs, with the reversed pairs and the reason for batch and partial PageRank", g)
	}
	b := finding(t, rep, "backlink and partial-pagerank do worse than random")
	if b.Verdict != Differs || !strings.Contains(b.Reason, "not below random: partial-pagerank") || strings.Contains(b.Reason, "backlink") ||
		!strings.Contains(b.Reason, "rank above the strategies that compute none") {
		t.Errorf("below random: %+v; want differs naming partial-pagerank alone, with its reason", b)
	}
}

// TestCountryReasonsFollowTheValuesOnStanford: on cs-stanford
// batch-pagerank and partial-pagerank (0.52) are level with opic (0.52),
// not near omniscient (0.63): the order by average does not say they come
// near it; every strategy but omniscient lies between 0.50 and 0.52,
// random (0.50) included, against the paper's 0.50 to 0.67, which it
// says. Both backlink and partial-pagerank are above random, and both are
// named.
func TestCountryReasonsFollowTheValuesOnStanford(t *testing.T) {
	rep := realReport(t, "004", "cs-stanford")
	avg := finding(t, rep, "order of the strategies by average cumulative PageRank")
	if strings.Contains(avg.Reason, "near omniscient") || strings.Contains(avg.Reason, "rank above the strategies that compute none") ||
		!strings.Contains(avg.Reason, "every strategy but omniscient lies between 0.50 and 0.52, random included (0.50), where the paper's lie 0.17 apart") {
		t.Errorf("order by average: reason %q; want the strategies bunched near random, not batch and partial near omniscient", avg.Reason)
	}
	g := finding(t, rep, "opic ≈ larger-sites-first > bfs ≈ batch-pagerank > partial-pagerank ≈ backlink")
	if !strings.Contains(g.Reason, "bfs above partial-pagerank") || !strings.Contains(g.Reason, "every strategy but omniscient lies between 0.50 and 0.52") {
		t.Errorf("grouped order: reason %q; want the reversed pairs and the strategies bunched near random", g.Reason)
	}
	b := finding(t, rep, "backlink and partial-pagerank do worse than random")
	if b.Verdict != Differs || !strings.Contains(b.Reason, "not below random: backlink, partial-pagerank") {
		t.Errorf("below random: %+v; want differs naming both", b)
	}
}

// TestBelowRandomNeedsAGapBeyondTheRounding: "backlink and partial-pagerank
// do worse than random" is an order against random, judged at Table 2's
// rounding like its other orders: a strategy within 0.005 of random
// (both 0.50 as printed) is tied with it and confirms nothing, so two
// ties are not the same order, and the reason names the tie.
func TestBelowRandomNeedsAGapBeyondTheRounding(t *testing.T) {
	r := &scenario.Result{}
	for _, c := range []struct {
		backlink, partial float64
		want              Verdict
		reason            string
	}{
		{0.45, 0.46, SameOrder, ""},
		{0.4999, 0.4998, Differs, "tied with random"},
		{0.45, 0.4999, SameOrder, ""},
		{0.45, 0.51, Differs, "not below random: partial-pagerank"},
	} {
		f := belowRandomFinding(r, map[string]float64{"backlink": c.backlink, "partial-pagerank": c.partial, "random": 0.5})
		if f.Verdict != c.want || !strings.Contains(f.Reason, c.reason) {
			t.Errorf("backlink %v, partial-pagerank %v, random 0.5: %q (%s; why: %s); want %q naming %q", c.backlink, c.partial, f.Verdict, f.Ours, f.Reason, c.want, c.reason)
		}
	}
}

// TestBelowRandomPrintsWhatItOrders: two values more than Table 2's
// rounding apart (0.005) may round to the same two decimals; a verdict
// that orders them is not printed beside equal numbers ("backlink 0.50,
// ..., random 0.50"), and two decimals stay when they tell them apart.
func TestBelowRandomPrintsWhatItOrders(t *testing.T) {
	r := &scenario.Result{}
	f := belowRandomFinding(r, map[string]float64{"backlink": 0.4951, "partial-pagerank": 0.45, "random": 0.5049})
	if f.Verdict != SameOrder || f.Ours != "backlink 0.495, partial-pagerank 0.450, random 0.505" {
		t.Errorf("backlink 0.4951, random 0.5049: %q %q; want same order, printed apart", f.Verdict, f.Ours)
	}
	f = belowRandomFinding(r, map[string]float64{"backlink": 0.41, "partial-pagerank": 0.45, "random": 0.5})
	if f.Ours != "backlink 0.41, partial-pagerank 0.45, random 0.50" {
		t.Errorf("Table 2's two decimals when they suffice: %q", f.Ours)
	}
}

// TestCountryOrderJudgesOmniscientAgainstHistory: Table 2's orders set
// aside omniscient's pairs with the strategies without history, which
// "omniscient is the best strategy without history" judges, and no more:
// its pairs with the historical strategies are judged by no other
// finding, so a historical strategy above omniscient where the paper has
// it below is a reversed pair of the order.
func TestCountryOrderJudgesOmniscientAgainstHistory(t *testing.T) {
	r := handMadeCountry(0)
	for _, f := range countryTable2 {
		if f.history {
			tau := 0.9
			r.Strategies = append(r.Strategies, scenario.StrategyResult{ID: f.id, Label: f.id, Curve: r.Strategies[0].Curve,
				Summary: crawl.Summary{Downloads: 2, Final: 1, NormalisedAvgCumulative: 0.9, Tau: &tau}})
		}
	}
	in := Input{Graph: scenario.Source{File: "g"}, Previous: &scenario.PreviousSource{File: "p"}}
	runs, notes := paperCountry().Plan(in)
	rep, err := paperCountry().Assess(in, runs[:1], notes, Results{Crawl: map[string]*scenario.Result{"004-table2": r}})
	if err != nil {
		t.Fatal(err)
	}
	f := finding(t, rep, "order of the strategies by average cumulative PageRank")
	// hist-pagerank-zero, -random and -parent at 0.9 above omniscient's
	// 0.74, where the paper has them at 0.68-0.70, below it.
	if f.Verdict != SameTrend || !strings.Contains(f.Ours, "3 reversed") || !strings.Contains(f.Ours, "18 set aside: omniscient against the strategies without history and the pairs across the groups of") ||
		!strings.Contains(f.Reason, "omniscient above hist-pagerank-zero") {
		t.Errorf("%+v; want the same trend, omniscient's 3 pairs with history reversed and its 6 others set aside with the groups' 12", f)
	}
}

// TestHistoryGainReadsFromItsValues: section 5's gain of history over
// opic and larger-sites-first prints the values it is computed from with
// the decimals that give it, and names the two strategies: +2.8% beside
// "0.68 against 0.66" (which read as +3.0%, above the paper's 3%) left
// the reader unable to check the verdict.
func TestHistoryGainReadsFromItsValues(t *testing.T) {
	r := &scenario.Result{Strategies: []scenario.StrategyResult{
		withAverage("opic", 0.6620), withAverage("larger-sites-first", 0.6100),
		withAverage("hist-pagerank-random", 0.6750), withAverage("hist-pagerank-zero", 0.6700), withAverage("hist-pagerank-parent", 0.6804),
	}}
	f := historyFinding(r, nil)
	if want := "+2.8% (best history hist-pagerank-parent 0.6804 against opic 0.6620)"; f.Verdict != SameOrder || f.Ours != want {
		t.Errorf("%s: %q, want same order: %q", f.Verdict, f.Ours, want)
	}
}

// TestSpreadReasonLeavesOutHistory: the spread of Table 2's strategies
// leaves out the historical ones, and says so when they are in the order:
// with a previous snapshot of hollins they ranked at 0.68 beside "every
// strategy but omniscient lies between 0.57 and 0.62".
func TestSpreadReasonLeavesOutHistory(t *testing.T) {
	values := map[string]float64{"random": 0.59, "bfs": 0.57, "opic": 0.57, "larger-sites-first": 0.57, "backlink": 0.57,
		"batch-pagerank": 0.62, "partial-pagerank": 0.62, "omniscient": 0.68}
	if got := spreadReason(values, 0.17); !strings.HasPrefix(got, "every strategy but omniscient lies between 0.57 and 0.62,") {
		t.Errorf("without history: %q", got)
	}
	values["hist-pagerank-zero"] = 0.68
	if got := spreadReason(values, 0.17); !strings.HasPrefix(got, "every strategy but omniscient and the historical ones lies between 0.57 and 0.62,") {
		t.Errorf("with history: %q", got)
	}
}

// TestOmniscientBestNeedsAGapBeyondTheRounding: "omniscient is the best
// strategy without history" judges the pairs Table 2's orders set aside,
// by their rules: on a graph of 5 pages every strategy averaged 0.67 and
// the finding said "same order" on omniscient 0.67 >= 0.67, ties alone;
// a strategy within Table 2's rounding above omniscient (0.6749 against
// 0.6720) is tied with it, not above it, and the others confirm the
// order.
func TestOmniscientBestNeedsAGapBeyondTheRounding(t *testing.T) {
	values := map[string]float64{}
	for _, f := range countryTable2 {
		if !f.history {
			values[f.id] = 0.6667
		}
	}
	f := omniscientBestFinding(values)
	if f.Verdict != Differs || !strings.Contains(f.Ours, "0 pairs agree, 0 reversed, 6 tied") || !strings.Contains(f.Reason, "ties alone confirm no order") {
		t.Errorf("every strategy at 0.6667: %+v; want differs, the ties counted and said", f)
	}
	for id := range values {
		values[id] = 0.5
	}
	values["omniscient"], values["opic"] = 0.6720, 0.6749
	f = omniscientBestFinding(values)
	if f.Verdict != SameOrder || f.Ours != "omniscient 0.67, best other opic 0.67 (5 pairs agree, 0 reversed, 1 tied)" ||
		!strings.Contains(f.Reason, "tied with omniscient within Table 2's rounding (0.005): opic") {
		t.Errorf("opic 0.6749 against omniscient 0.6720: %+v; want the same order, opic tied", f)
	}
}

// TestHistoryFindingNamesTheFailingGain: on hollins, given without a
// previous snapshot, history gained +5.3% on a generated evolution and
// the finding differed with only the evolution for a reason, not the
// gain that fails (above 3%, 3.5% with the paper's rounding); a loss
// was likewise unnamed. A gain above 3% that the rounding lets hold
// says so.
func TestHistoryFindingNamesTheFailingGain(t *testing.T) {
	hist := func(best float64) *scenario.Result {
		return &scenario.Result{Previous: &scenario.PreviousSummary{MatchedBy: "evolve"}, Strategies: []scenario.StrategyResult{
			withAverage("opic", 0.6806), withAverage("larger-sites-first", 0.64),
			withAverage("hist-pagerank-random", 0.60), withAverage("hist-pagerank-zero", 0.60), withAverage("hist-pagerank-parent", best),
		}}
	}
	for _, c := range []struct {
		best float64
		want Verdict
		why  string
	}{
		{0.7167, Differs, "a gain above 3% (3.5% with the paper's rounding)"},
		{0.6700, Differs, "history does worse than opic and larger-sites-first"},
		{0.7020, SameOrder, "above 3% but within the paper's rounding (3.5%)"},
		// As on a cycle of 200 pages: +0.0%, 0.6183 against 0.6183,
		// history "improving" by nothing, is no improvement.
		{0.6806, Differs, "history is within Table 2's rounding (0.005) of opic: no improvement shown"},
		{0.6850, Differs, "history is within Table 2's rounding (0.005) of opic: no improvement shown"},
	} {
		f := historyFinding(&scenario.Result{}, hist(c.best))
		if f.Verdict != c.want || !strings.Contains(f.Reason, c.why) || !strings.Contains(f.Reason, "generated evolution") {
			t.Errorf("best history %v against opic 0.6806: %s: %s; want %s, saying %q", c.best, f.Verdict, f.Reason, c.want, c.why)
		}
	}
}

// TestCountryOrdersTiedEverywhereSayWhy: on a graph of 5 pages every
// strategy of Table 2 averaged 0.67; its orders by average and "opic ≈
// larger-sites-first > ..." differed with only "the graph has no hosts"
// for a reason, not naming what fails: no pair is ordered at all.
func TestCountryOrdersTiedEverywhereSayWhy(t *testing.T) {
	r := handMadeCountry(0)
	for i := range r.Strategies {
		r.Strategies[i].Summary.NormalisedAvgCumulative = 0.6667
	}
	in := Input{Graph: scenario.Source{File: "g"}}
	runs, notes := paperCountry().Plan(in)
	rep, err := paperCountry().Assess(in, runs[:1], notes, Results{Crawl: map[string]*scenario.Result{"004-table2": r}})
	if err != nil {
		t.Fatal(err)
	}
	for _, claim := range []string{"order of the strategies by average cumulative PageRank", "opic ≈ larger-sites-first > bfs ≈ batch-pagerank > partial-pagerank ≈ backlink"} {
		f := finding(t, rep, claim)
		if f.Verdict != Differs || !strings.Contains(f.Reason, "no pair ordered: every pair counted is tied within Table 2's rounding (0.005)") {
			t.Errorf("%s: %s: %s; want differs, saying no pair is ordered", claim, f.Verdict, f.Reason)
		}
	}
}

// TestCountryOrderSetsAsideTheGroupsPairs: "opic ≈ larger-sites-first >
// bfs ≈ batch-pagerank > partial-pagerank ≈ backlink" judges the pairs
// across its groups on the average cumulative PageRank, so Table 2's
// order by average sets them aside rather than judging them a second
// time: with opic and larger-sites-first below every other strategy the
// groups differ, and the order by average is left with the pairs within
// the groups and omniscient's with history, here none. Kendall's tau is
// ordered by no other finding and keeps them.
func TestCountryOrderSetsAsideTheGroupsPairs(t *testing.T) {
	r := handMadeCountry(0)
	for i := range r.Strategies {
		if id := r.Strategies[i].Label; id == "opic" || id == "larger-sites-first" {
			r.Strategies[i].Summary.NormalisedAvgCumulative = 0.40
			*r.Strategies[i].Summary.Tau = 0.01
		}
	}
	in := Input{Graph: scenario.Source{File: "g"}}
	runs, notes := paperCountry().Plan(in)
	rep, err := paperCountry().Assess(in, runs[:1], notes, Results{Crawl: map[string]*scenario.Result{"004-table2": r}})
	if err != nil {
		t.Fatal(err)
	}
	if f := finding(t, rep, countryGroupClaim); f.Verdict != Differs || !strings.Contains(f.Ours, "8 reversed") {
		t.Errorf("groups: %s %q; want differs, 8 pairs reversed", f.Verdict, f.Ours)
	}
	avg := finding(t, rep, "order of the strategies by average cumulative PageRank")
	if avg.Verdict != SameOrder || !strings.Contains(avg.Ours, "(2 pairs agree, 0 reversed, 1 tied, 18 set aside: omniscient and the pairs across the groups of "+countryGroupClaim+" judged below)") {
		t.Errorf("average: %s %q; want the same order on the pairs within the groups", avg.Verdict, avg.Ours)
	}
	if tau := finding(t, rep, "order of the strategies by Kendall's tau"); tau.Verdict != Differs || !strings.Contains(tau.Ours, "6 set aside: omniscient judged below") {
		t.Errorf("tau: %s %q; want differs, only omniscient's pairs set aside", tau.Verdict, tau.Ours)
	}
}

// TestOneHostSaysSo: on a graph of one host (a generated web of 300
// pages has one), larger-sites-first is breadth-first, and Table 2's
// reasons say so, not "the graph's 1 hosts make larger-sites-first close
// to breadth-first" or "the graph's 1 hosts are rarely eligible
// together".
func TestOneHostSaysSo(t *testing.T) {
	r := handMadeCountry(1)
	for i := range r.Strategies {
		if id := r.Strategies[i].Label; id == "opic" || id == "larger-sites-first" {
			r.Strategies[i].Summary.NormalisedAvgCumulative = 0.40
			*r.Strategies[i].Summary.Tau = 0.01
		}
	}
	in := Input{Graph: scenario.Source{File: "g"}, Hosts: true}
	runs, notes := paperCountry().Plan(in)
	rep, err := paperCountry().Assess(in, runs[:1], notes, Results{Crawl: map[string]*scenario.Result{"004-table2": r}})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range rep.Findings {
		if strings.Contains(f.Reason, "1 hosts") {
			t.Errorf("%s: %q", f.Claim, f.Reason)
		}
	}
	for _, claim := range []string{"order of the strategies by Kendall's tau", countryGroupClaim} {
		if f := finding(t, rep, claim); !strings.Contains(f.Reason, "the graph has a single host, so larger-sites-first is breadth-first") {
			t.Errorf("%s: %q; want the single host said", claim, f.Reason)
		}
	}
}

// TestTauOrderUndefinedIsNotRun: on a cycle of 200 pages, whose pages
// are all of equal PageRank, Kendall's tau is undefined for every crawl
// ("—" in the table); the order by tau counted each as 0 and differed,
// "every strategy lies between 0.00 and 0.00". No figure is not run.
func TestTauOrderUndefinedIsNotRun(t *testing.T) {
	r := handMadeCountry(0)
	for i := range r.Strategies {
		r.Strategies[i].Summary.Tau = nil
	}
	in := Input{Graph: scenario.Source{File: "g"}}
	runs, notes := paperCountry().Plan(in)
	rep, err := paperCountry().Assess(in, runs[:1], notes, Results{Crawl: map[string]*scenario.Result{"004-table2": r}})
	if err != nil {
		t.Fatal(err)
	}
	if f := finding(t, rep, "order of the strategies by Kendall's tau"); f.Verdict != NotRun || !strings.Contains(f.Reason, "undefined for every crawl") {
		t.Errorf("%s: %s; %s; want not run, tau undefined", f.Verdict, f.Ours, f.Reason)
	}
	if f := finding(t, rep, "order of the strategies by average cumulative PageRank"); f.Verdict != SameOrder {
		t.Errorf("average: %s; want the same order, as Table 2's own figures", f.Verdict)
	}
}

// TestCountryOrdersStateTheirTieTolerance: Table 2's orders count two
// values within 0.005 as tied ("≈", "1 tied") without saying so, and
// for Kendall's tau, printed with four decimals, 0.005 is not the
// paper's rounding. The reason states the tolerance and, for tau, why.
func TestCountryOrdersStateTheirTieTolerance(t *testing.T) {
	labels := []string{"backlink", "bfs", "opic"}
	f := countryOrder("order", labels, []float64{0.50, 0.64, 0.67}, []float64{0.522, 0.50, 0.524}, nil, false, false, "", "")
	if !strings.Contains(f.Reason, "values within 0.005 count as tied (Table 2's rounding of its averages)") {
		t.Errorf("average: %q", f.Reason)
	}
	f = countryOrder("order", labels, []float64{0.0157, 0.1293, 0.2229}, []float64{0.1522, 0.10, 0.1524}, nil, false, true, "", "")
	if !strings.Contains(f.Reason, "values within 0.005 count as tied (Table 2's rounding of its averages: crawlsim's taus, on a sample, move by more than the four decimals of the paper's)") {
		t.Errorf("tau: %q", f.Reason)
	}
	if f := countryOrder("order", labels, []float64{0.50, 0.64, 0.67}, []float64{0.40, 0.50, 0.60}, nil, false, false, "", ""); strings.Contains(f.Reason, "tied") {
		t.Errorf("no tie: %q", f.Reason)
	}
}

// TestHistoryGainPrintsApartFromItsBounds: a gain of 3.54%, beyond the
// 3.5% the paper's rounding allows, printed "+3.5%" beside "differs",
// as did 3.46% beside "same order". The gain takes the decimals that
// tell it from its bounds.
func TestHistoryGainPrintsApartFromItsBounds(t *testing.T) {
	for _, c := range []struct {
		best float64
		want Verdict
		text string
	}{
		{0.704072, Differs, "+3.54%"},
		{0.703528, SameOrder, "+3.46%"},
		{0.6868, SameOrder, "+1.0%"},
		{0.6700, Differs, "-1.5%"},
	} {
		r := &scenario.Result{Strategies: []scenario.StrategyResult{
			withAverage("opic", 0.68), withAverage("larger-sites-first", 0.61),
			withAverage("hist-pagerank-random", 0.6), withAverage("hist-pagerank-zero", 0.6), withAverage("hist-pagerank-parent", c.best),
		}}
		f := historyFinding(r, nil)
		if f.Verdict != c.want || !strings.HasPrefix(f.Ours, c.text+" (") {
			t.Errorf("best %v against 0.68: %s %q; want %s, %s", c.best, f.Verdict, f.Ours, c.want, c.text)
		}
	}
}

// withAverage returns a strategy's result with only its label and its
// normalised average cumulative importance, all a country order reads.
func withAverage(id string, avg float64) scenario.StrategyResult {
	return scenario.StrategyResult{ID: id, Label: id, Summary: crawl.Summary{NormalisedAvgCumulative: avg}}
}

// TestCountryOrderShowsTies: a pair of Table 2's order that the verdict
// counts as tied (within countryTolerance) is printed "≈", not ">", in
// crawlsim's order, so that the order agrees with the pair counts beside
// it (cs-stanford's opic 0.52 and backlink 0.52 were printed "opic >
// backlink" and counted tied).
func TestCountryOrderShowsTies(t *testing.T) {
	labels := []string{"backlink", "bfs", "opic"}
	f := countryOrder("order", labels, []float64{0.50, 0.64, 0.67}, []float64{0.522, 0.50, 0.524}, nil, false, false, "", "")
	if want := "opic ≈ backlink > bfs (1 pair agrees, 1 reversed, 1 tied)"; f.Ours != want {
		t.Errorf("crawlsim's order %q, want %q", f.Ours, want)
	}
}
