package reproduce

import (
	"math"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/crawl"
	"github.com/crawlsim/crawlsim/engine/scenario"
	"pgregory.net/rapid"
)

// TestCountryOrderOnHollins: on hollins Table 2's order by average
// agrees in 8 pairs and is reversed in 6, and omniscient accounts for 6
// of the 8; its pairs are judged by their own finding, so they are set
// aside: 2 agree, 6 are reversed, and the verdict differs, with the
// counts printed and the reasons given. Kendall's tau likewise.
func TestCountryOrderOnHollins(t *testing.T) {
	rep := realReport(t, "004", "hollins")
	for _, claim := range []string{"order of the strategies by average cumulative PageRank", "order of the strategies by Kendall's tau"} {
		f := finding(t, rep, claim)
		t.Logf("%s: %s; %s", claim, f.Ours, f.Reason)
		if f.Verdict != Differs || !strings.Contains(f.Ours, "reversed") || !strings.Contains(f.Ours, "omniscient judged below") {
			t.Errorf("%s: %+v; want differs with the pairs counted and omniscient set aside", claim, f)
		}
		if !strings.Contains(f.Reason, "hosts make larger-sites-first close to breadth-first") || !strings.Contains(f.Reason, "rank above the strategies that compute none") {
			t.Errorf("%s: reason %q lacks the known reasons", claim, f.Reason)
		}
	}
	avg := finding(t, rep, "order of the strategies by average cumulative PageRank")
	if !strings.Contains(avg.Ours, "2 pairs agree, 6 reversed") {
		t.Errorf("average: %q; want 2 pairs agreeing and 6 reversed once omniscient is set aside", avg.Ours)
	}
}

// TestCountryHistoryAndFig4OnStanford: on cs-stanford, given without a
// previous snapshot, the historical strategies run on an evolution of the
// graph (their finding is not "not run"), Fig. 4's claims and section 5.3
// have findings of their own, and section 5.3 crawls with many
// connections on a shared link.
func TestCountryHistoryAndFig4OnStanford(t *testing.T) {
	rep := realReport(t, "004", "cs-stanford")
	h := finding(t, rep, "the historical strategies (omniscient aside) improve on opic and larger-sites-first by at most 3%")
	if h.Verdict == NotRun || !strings.Contains(h.Reason, "generated evolution") {
		t.Errorf("history: %+v; want a verdict measured on an evolution", h)
	}
	for _, claim := range []string{
		"breadth-first is close to the best strategies for the first 20-30% of pages, less efficient after",
		"omniscient performs close to random in the last stages of the crawl",
		"batch-pagerank, larger-sites-first and opic retrieve half of the PageRank after 20-30% of the pages",
		"larger-sites-first is faster than breadth-first in simulated time, in documents and in PageRank",
	} {
		if f := finding(t, rep, claim); f.Verdict == NotRun {
			t.Errorf("%s: not run: %+v", claim, f)
		}
	}
	var section53 *Run
	for i, r := range rep.Runs {
		if r.Name == "004-section5.3" {
			section53 = &rep.Runs[i]
		}
	}
	if section53 == nil || section53.Crawl.Politeness.BandwidthModel != "shared" || section53.Crawl.Politeness.Connections != countryConnections {
		t.Errorf("section 5.3's run: %+v", section53)
	}
}

// TestRankedText: labelled values are written in their true order, so
// that "0.52, 0.50 > 0.50, 0.52" (the claim's grouping with figures that
// do not follow it) cannot be read as a false inequality.
func TestRankedText(t *testing.T) {
	labels := []string{"opic", "larger-sites-first", "bfs", "batch-pagerank", "partial-pagerank", "backlink"}
	values := []float64{0.5212, 0.5012, 0.5012, 0.5231, 0.5209, 0.5180}
	want := "batch-pagerank 0.52 ≈ opic 0.52 ≈ partial-pagerank 0.52 ≈ backlink 0.52 > larger-sites-first 0.50 = bfs 0.50"
	if got := rankedText(labels, values, 0.005); got != want {
		t.Errorf("rankedText = %q,\nwant %q", got, want)
	}
}

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

// TestFig4BoundsPrintedOnHollins: Fig. 4's closeness claims print the
// bounds their verdicts use: omniscient's last 20% on hollins is 0.0726
// against random's 0.1144, 0.63× random's, below the 1/1.5× that counts
// as close: its lead is gone but it is not close to random, the same
// trend; breadth-first's gap is judged against 0.05 of the PageRank.
func TestFig4BoundsPrintedOnHollins(t *testing.T) {
	rep := realReport(t, "004", "hollins")
	om := finding(t, rep, "omniscient performs close to random in the last stages of the crawl")
	if om.Verdict != SameTrend || !strings.Contains(om.Ours, "0.63× random's, crawlsim counts 0.67× to 1.5× as close") {
		t.Errorf("omniscient near random: %+v; want same trend with the ratio and the bounds", om)
	}
	bfs := finding(t, rep, "breadth-first is close to the best strategies for the first 20-30% of pages, less efficient after")
	if !strings.Contains(bfs.Ours, "crawlsim counts 0.05 of the PageRank or less as close") {
		t.Errorf("breadth-first: %+v; want the bound printed", bfs)
	}
}

// TestOmniscientNearRandomWhenRandomCollectsNone: where random collects
// none of the PageRank in the last pages (an importance file with zeros),
// the text printed "+Inf× random's"; it says what happened instead, and
// the verdict follows the numbers.
func TestOmniscientNearRandomWhenRandomCollectsNone(t *testing.T) {
	for _, c := range []struct {
		om, rnd float64
		verdict Verdict
		text    string
	}{
		{0.05, 0.04, SameOrder, "1.25× random's"},
		{0.05, 0, Differs, "random collects none,"},
		{0, 0, SameOrder, "neither collects any,"},
		{math.NaN(), 0.1, NotRun, "not run"},
		// Far below random: its lead is gone (the paper's point), but
		// at half random's pace it is not close to random, which is
		// as true of any crawl that collected its PageRank early.
		{0.1134, 0.2319, SameTrend, "0.49× random's"},
		{0, 0.1, SameTrend, "0.00× random's"},
	} {
		f := omniscientNearRandom(c.om, c.rnd)
		if f.Verdict != c.verdict || !strings.Contains(f.Ours, c.text) || strings.Contains(f.Ours, "Inf") || strings.Contains(f.Ours, "NaN") {
			t.Errorf("om %v, random %v: %q, %q; want %q with %q", c.om, c.rnd, f.Verdict, f.Ours, c.verdict, c.text)
		}
		if (f.Verdict == Differs || f.Verdict == SameTrend) && f.Reason == "" {
			t.Errorf("om %v, random %v: %s without a reason", c.om, c.rnd, f.Verdict)
		}
	}
}

// timedCrawl is a crawl of 1,000 pages whose k-th download ends at time
// at(k) with value(k) of the PageRank collected (1 at the end).
func timedCrawl(label string, at, value func(k float64) float64) scenario.StrategyResult {
	var c crawl.Curve
	for k := int64(0); k <= 1000; k++ {
		v := min(1, value(float64(k)))
		if k == 1000 {
			v = 1
		}
		c.K, c.Value, c.T = append(c.K, k), append(c.Value, v), append(c.T, at(float64(k)))
	}
	return scenario.StrategyResult{ID: label, Label: label, Curve: c, Summary: crawl.Summary{Downloads: 1000, Final: 1}}
}

// TestValidationFindingJudgesBothSides: section 5.3 claims
// larger-sites-first faster than breadth-first "in documents and in
// PageRank"; a run where it is faster on one side alone, as fast at
// every point on the other, shows half of the claim: it differs, naming
// the side that shows no gain. Faster at every point of both sides is
// the same order.
func TestValidationFindingJudgesBothSides(t *testing.T) {
	clock := func(k float64) float64 { return k }
	fastClock := func(k float64) float64 { return 0.9 * k }
	linear := func(k float64) float64 { return k / 1000 }
	for _, c := range []struct {
		name      string
		at, value func(float64) float64
		want      Verdict
		reason    string
	}{
		// The same clock, the PageRank collected sooner.
		{"faster in PageRank alone", clock, func(k float64) float64 { return math.Sqrt(k / 1000) }, Differs, "in documents"},
		// A faster clock, the PageRank reaching each share at the
		// same time as breadth-first's.
		{"faster in documents alone", fastClock, func(k float64) float64 { return 0.9 * k / 1000 }, Differs, "in PageRank"},
		{"faster everywhere", fastClock, linear, SameOrder, ""},
		{"as fast everywhere", clock, linear, Differs, "same time"},
	} {
		r := &scenario.Result{Strategies: []scenario.StrategyResult{
			timedCrawl("bfs", clock, linear), timedCrawl("larger-sites-first", c.at, c.value)}}
		f := validationFinding(r, true)
		if f.Verdict != c.want || !strings.Contains(f.Reason, c.reason) {
			t.Errorf("%s: %q (%s; why: %s); want %q naming %q", c.name, f.Verdict, f.Ours, f.Reason, c.want, c.reason)
		}
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

// TestOmniscientBestNamesTheStrategyAbove: when a strategy without
// history beats omniscient, the verdict differs and names it.
func TestOmniscientBestNamesTheStrategyAbove(t *testing.T) {
	r := handMadeCountry(0)
	for i := range r.Strategies {
		if r.Strategies[i].Label == "omniscient" {
			r.Strategies[i].Summary.NormalisedAvgCumulative = 0.6
		}
	}
	in := Input{Graph: scenario.Source{File: "g"}}
	runs, notes := paperCountry().Plan(in)
	rep, err := paperCountry().Assess(in, runs[:1], notes, Results{Crawl: map[string]*scenario.Result{"004-table2": r}})
	if err != nil {
		t.Fatal(err)
	}
	f := finding(t, rep, "omniscient is the best strategy without history")
	if f.Verdict != Differs || f.Reason != "opic (0.6700) is above omniscient (0.6000)" {
		t.Errorf("%+v; want differs naming opic", f)
	}
}

// TestBreadthFirstCloseAllAlongTheFirstPages: Fig. 4's breadth-first is
// close to the best strategies "for the first 20-30% of pages": a crawl
// 0.02 behind at 25% but 0.1 behind at 10% is not close for the first
// 25%, and the verdict differs, naming the point; close at every point
// up to 25% and further behind at 60% is the same order.
func TestBreadthFirstCloseAllAlongTheFirstPages(t *testing.T) {
	best := func(k float64) float64 {
		if k <= 25 {
			return k / 50
		}
		return 0.5 + 0.5*(k-25)/75
	}
	// The gap of breadth-first behind the best, linear between points.
	gapAt := func(points [][2]float64) func(k float64) float64 {
		return func(k float64) float64 {
			for i := 1; i < len(points); i++ {
				a, b := points[i-1], points[i]
				if k <= b[0] {
					return a[1] + (b[1]-a[1])*(k-a[0])/(b[0]-a[0])
				}
			}
			return 0
		}
	}
	curve := func(gap func(float64) float64) crawl.Curve {
		var c crawl.Curve
		for k := int64(0); k <= 100; k++ {
			c.K, c.Value = append(c.K, k), append(c.Value, best(float64(k))-gap(float64(k)))
		}
		return c
	}
	none := func(float64) float64 { return 0 }
	for _, c := range []struct {
		name   string
		gap    [][2]float64
		want   Verdict
		reason string
	}{
		{"far behind at 10%", [][2]float64{{0, 0}, {10, 0.1}, {25, 0.02}, {60, 0.04}, {100, 0}}, Differs, "not close at 10% of the pages"},
		{"close all along", [][2]float64{{0, 0}, {10, 0.03}, {25, 0.02}, {60, 0.04}, {100, 0}}, SameOrder, ""},
		// Further behind at 60% by a millionth: the printed gaps show it.
		{"a hair further behind", [][2]float64{{0, 0}, {10, 0.03}, {25, 0.020001}, {60, 0.020002}, {100, 0}}, SameOrder, ""},
		// A hair beyond the bound of close, at 25% and before: the
		// printed gaps show it.
		{"a hair too far at 25%", [][2]float64{{0, 0}, {10, 0.03}, {25, 0.050001}, {60, 0.06}, {100, 0}}, Differs, "not close at 25%"},
		{"a hair too far at 10%", [][2]float64{{0, 0}, {10, 0.050001}, {25, 0.02}, {60, 0.04}, {100, 0}}, Differs, "not close at 10% of the pages"},
	} {
		r := &scenario.Result{}
		for _, id := range append([]string{"bfs", "omniscient", "random"}, fig4Best...) {
			cv := curve(none)
			if id == "bfs" {
				cv = curve(gapAt(c.gap))
			}
			r.Strategies = append(r.Strategies, scenario.StrategyResult{ID: id, Label: id, Curve: cv, Summary: crawl.Summary{Downloads: 100, Final: 1}})
		}
		f := fig4Findings(r)[0]
		if f.Verdict != c.want || !strings.Contains(f.Reason, c.reason) {
			t.Errorf("%s: %q (%s; why: %s); want %q naming %q", c.name, f.Verdict, f.Ours, f.Reason, c.want, c.reason)
		}
		// The two gaps the verdict compares print differently.
		if strings.Contains(f.Ours, "by 0.0200 at 25%") && strings.Contains(f.Ours, "by 0.0200 at 60%") {
			t.Errorf("%s: %s: the gaps the verdict tells apart print alike", c.name, f.Ours)
		}
		// A gap beyond the bound of close does not print as the bound.
		if f.Verdict == Differs && strings.Contains(f.Ours, "by 0.0500 at") {
			t.Errorf("%s: %s: a gap the verdict counts beyond %v prints as %v", c.name, f.Ours, fig4CloseGap, fig4CloseGap)
		}
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
	if f.Verdict != SameTrend || !strings.Contains(f.Ours, "3 reversed") || !strings.Contains(f.Ours, "6 set aside: omniscient against the strategies without history judged below") ||
		!strings.Contains(f.Reason, "omniscient above hist-pagerank-zero") {
		t.Errorf("%+v; want the same trend, omniscient's 3 pairs with history reversed and its 6 others set aside", f)
	}
}

// TestCountryVerdictsFollowTheirEvidenceProperty: on any shares, moving
// crawlsim's figures toward the paper's claim never weakens its verdict,
// and away from it never strengthens it: a strategy further below random
// (section 5), omniscient's share of the last pages closer to random's
// (Fig. 4).
func TestCountryVerdictsFollowTheirEvidenceProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		grid := rapid.Map(rapid.IntRange(0, 200), func(x int) float64 { return float64(x) / 200 })
		backlink, partial, rnd := grid.Draw(t, "backlink"), grid.Draw(t, "partial"), grid.Draw(t, "random")
		drop := grid.Draw(t, "drop")
		before := belowRandomFinding(&scenario.Result{}, map[string]float64{"backlink": backlink, "partial-pagerank": partial, "random": rnd})
		after := belowRandomFinding(&scenario.Result{}, map[string]float64{"backlink": backlink - drop, "partial-pagerank": partial, "random": rnd})
		if strength(after.Verdict) < strength(before.Verdict) {
			t.Fatalf("backlink lower by %v weakened %q to %q", drop, before.Verdict, after.Verdict)
		}

		om := grid.Draw(t, "omniscient")
		r := rapid.Float64Range(0.01, 1).Draw(t, "random share")
		closer := om + (r-om)*rapid.Float64Range(0, 1).Draw(t, "towards")
		v0, v1 := omniscientNearRandom(om, r).Verdict, omniscientNearRandom(closer, r).Verdict
		if strength(v1) < strength(v0) {
			t.Fatalf("omniscient %v against random %v is %q; closer, %v, is %q", om, r, v0, closer, v1)
		}
		ratio := om / r
		if v0 == SameOrder && (ratio > fig4NearRandom || ratio*fig4NearRandom < 1) {
			t.Fatalf("omniscient at %.3f× random's is the same order, outside 1/%v to %v", ratio, fig4NearRandom, fig4NearRandom)
		}
	})
}

// TestBreadthFirstWithoutTheBestIsNotRun: without any of the best
// strategies of Fig. 4 there is nothing to be close to: the finding is
// not run, rather than breadth-first behind "" by -Inf.
func TestBreadthFirstWithoutTheBestIsNotRun(t *testing.T) {
	c := crawl.Curve{K: []int64{0, 100}, Value: []float64{0, 1}}
	r := &scenario.Result{}
	for _, id := range []string{"bfs", "omniscient", "random"} {
		r.Strategies = append(r.Strategies, scenario.StrategyResult{ID: id, Label: id, Curve: c, Summary: crawl.Summary{Downloads: 100, Final: 1}})
	}
	if f := fig4Findings(r)[0]; f.Verdict != NotRun || strings.Contains(f.Ours, "Inf") {
		t.Errorf("no best strategy: %q (%s; why: %s); want not run", f.Verdict, f.Ours, f.Reason)
	}
}
