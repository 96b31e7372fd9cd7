package reproduce

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/scenario"
)

// countryTolerance is Table 2's rounding: two decimals for the averages
// (its taus have four, but crawlsim's taus on a sample move by more).
const countryTolerance = 0.005

// countryOrder is one of Table 2's orders (published and ours over
// labels), its pairs counted with those of aside set aside (judged by
// another finding), and when it is not the same order the reasons known
// for the graph. groups says whether aside includes the pairs across
// the groups of countryGroupClaim; tau whether the order is of Kendall's
// tau, whose tie is not Table 2's rounding of it (tieReason).
func countryOrder(claim string, labels []string, published, ours []float64, aside func(i, j int) bool, groups, tau bool, reason, known string) Finding {
	v, p := OrderPairsAside(published, ours, countryTolerance, aside)
	f := Finding{Figure: "Table 2", Claim: claim, Published: orderText(labels, published, 0),
		Ours: orderText(labels, ours, countryTolerance) + " (" + p.String() + setAsideText(labels, p, groups) + ")", Verdict: v, Reason: reason}
	if v != SameOrder && v != NotRun {
		f.Reason = joinReasons(reason, known, reversedText(labels, published, ours, countryTolerance, aside, "above"), noPairOrdered(p))
	}
	f.Reason = joinReasons(f.Reason, tieReason(p, tau))
	return f
}

// tieReason states the tolerance of the pairs an order of Table 2
// counts as tied (p), "" when none is: the rounding of its averages to
// two decimals, which its taus (tau) share, since crawlsim's taus on a
// sample move by more than their four decimals.
func tieReason(p Pairs, tau bool) string {
	if p.Tied == 0 {
		return ""
	}
	why := "Table 2's rounding of its averages"
	if tau {
		why = "Table 2's rounding of its averages: crawlsim's taus, on a sample, move by more than the four decimals of the paper's"
	}
	return fmt.Sprintf("values within %v count as tied (%s)", countryTolerance, why)
}

// noPairOrdered names the case that fails an order whose counted pairs
// (p) are all tied within Table 2's rounding, "" when some pair is
// ordered.
func noPairOrdered(p Pairs) string {
	if p.Agree > 0 || p.Reversed > 0 {
		return ""
	}
	return fmt.Sprintf("no pair ordered: every pair counted is tied within Table 2's rounding (%v), and ties alone confirm no order", countryTolerance)
}

// omniscientAside sets aside, among Table 2's strategies labels, the
// pairs of omniscient with a strategy without history: the finding
// "omniscient is the best strategy without history" judges them. Its
// pairs with the historical strategies stay in the order.
func omniscientAside(labels []string) func(i, j int) bool {
	history := map[string]bool{}
	for _, f := range countryTable2 {
		history[f.id] = f.history
	}
	return func(i, j int) bool {
		a, b := labels[i], labels[j]
		return (a == "omniscient" && !history[b]) || (b == "omniscient" && !history[a])
	}
}

// countryGroupLabels and countryGroupRanks are Table 2's "opic ≈
// larger-sites-first > bfs ≈ batch-pagerank > partial-pagerank ≈
// backlink": the strategies and their groups, the highest first.
var (
	countryGroupLabels = []string{"opic", "larger-sites-first", "bfs", "batch-pagerank", "partial-pagerank", "backlink"}
	countryGroupRanks  = []float64{3, 3, 2, 2, 1, 1}
)

// countryGroupClaim is the claim of the finding that judges the groups.
const countryGroupClaim = "opic ≈ larger-sites-first > bfs ≈ batch-pagerank > partial-pagerank ≈ backlink"

// groupAside sets aside, among Table 2's strategies labels, the pairs of
// two strategies in different groups of countryGroupLabels: the finding
// of those groups judges them, on the average cumulative PageRank. The
// pairs within a group, which it counts as tied, stay in the order.
func groupAside(labels []string) func(i, j int) bool {
	rank := map[string]float64{}
	for i, id := range countryGroupLabels {
		rank[id] = countryGroupRanks[i]
	}
	return func(i, j int) bool {
		a, okA := rank[labels[i]]
		b, okB := rank[labels[j]]
		return okA && okB && a != b
	}
}

// eitherAside sets aside the pairs that a or b sets aside.
func eitherAside(a, b func(i, j int) bool) func(i, j int) bool {
	return func(i, j int) bool { return a(i, j) || b(i, j) }
}

// setAsideText says which pairs were set aside, when some were:
// omniscient's, with the strategies without history, and when groups is
// set those across the groups of countryGroupClaim.
func setAsideText(labels []string, p Pairs, groups bool) string {
	if p.Aside == 0 {
		return ""
	}
	omni := "omniscient"
	for _, f := range countryTable2 {
		if f.history && slices.Contains(labels, f.id) {
			omni = "omniscient against the strategies without history"
			break
		}
	}
	if groups {
		return ": " + omni + " and the pairs across the groups of " + countryGroupClaim + " judged below"
	}
	return ": " + omni + " judged below"
}

// countryOrderReason gives the reasons known for Table 2's order, each
// only where the values (by strategy, of the metric the order compares)
// show it: few hosts make larger-sites-first breadth-first (the two
// within countryTolerance); on a small graph batch and partial PageRank
// rank above every strategy that does not compute PageRank; the
// strategies bunch together far more than in the paper (paperSpread, the
// spread of its values on the metric compared).
func countryOrderReason(r *scenario.Result, values map[string]float64, paperSpread float64) string {
	var why []string
	bfs, okB := values["bfs"]
	lsf, okL := values["larger-sites-first"]
	switch h := r.Graph.Hosts; {
	case h == 1:
		why = append(why, oneHostReason)
	case h > 0 && h < 1000 && okB && okL && math.Abs(bfs-lsf) <= countryTolerance:
		why = append(why, fmt.Sprintf("the graph's %s hosts make larger-sites-first close to breadth-first", model.Count(h)))
	}
	return joinReasons(strings.Join(why, "; "), pagerankReason(r, values), spreadReason(values, paperSpread))
}

// oneHostReason is the reason known for larger-sites-first on a graph of
// one host: with a single site to choose, it is breadth-first.
const oneHostReason = "the graph has a single host, so larger-sites-first is breadth-first"

// countryNoPageRank are the strategies of Table 2 that compute no
// PageRank (the historical ones aside).
var countryNoPageRank = []string{"bfs", "opic", "larger-sites-first", "backlink"}

// pagerankReason is the reason known for batch-pagerank and
// partial-pagerank ranking higher than in the paper: on a small graph
// they recompute PageRank often, on a known graph close to the whole one.
// It is given only when both rank above every strategy of
// countryNoPageRank by more than countryTolerance.
func pagerankReason(r *scenario.Result, values map[string]float64) string {
	n := r.Graph.Pages
	batch, okB := values["batch-pagerank"]
	partial, okP := values["partial-pagerank"]
	if n <= 0 || n >= 1_000_000 || !okB || !okP {
		return ""
	}
	for _, id := range countryNoPageRank {
		if v, ok := values[id]; ok && min(batch, partial) <= v+countryTolerance {
			return ""
		}
	}
	return fmt.Sprintf("on %s pages batch-pagerank and partial-pagerank recompute PageRank every %s downloads, on a known graph close to the whole one, so they rank above the strategies that compute none", model.Count(n), model.Count(max(n/50, 1)))
}

// countryNarrowShare is the share of the paper's spread below which
// crawlsim's strategies (omniscient aside) count as bunched together: a
// third of Table 2's 0.50 to 0.67.
const countryNarrowShare = 1.0 / 3

// spreadReason says when the strategies of Table 2 that are neither
// omniscient nor historical lie, with random, within countryNarrowShare
// of the spread the paper gives them on the same metric (paperSpread):
// their order then rests on gaps that small. It names the historical
// strategies it leaves out when values has them.
func spreadReason(values map[string]float64, paperSpread float64) string {
	lo, hi := math.Inf(1), math.Inf(-1)
	n := 0
	for _, id := range append([]string{"random", "batch-pagerank", "partial-pagerank"}, countryNoPageRank...) {
		if v, ok := values[id]; ok {
			lo, hi, n = min(lo, v), max(hi, v), n+1
		}
	}
	if n < 3 || hi-lo > countryNarrowShare*paperSpread {
		return ""
	}
	but := "omniscient"
	for _, f := range countryTable2 {
		if _, ok := values[f.id]; ok && f.history {
			but = "omniscient and the historical ones"
			break
		}
	}
	return fmt.Sprintf("every strategy but %s lies between %s and %s, random included (%s), where the paper's lie %s apart: their order rests on gaps this small",
		but, f2(lo), f2(hi), f2(values["random"]), f2(paperSpread))
}

// countrySpread is the spread of Table 2's published values of the
// strategies that are not omniscient nor historical, by metric.
func countrySpread(tau bool) float64 {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, f := range countryTable2 {
		if f.history || f.id == "omniscient" {
			continue
		}
		v := f.avg
		if tau {
			v = f.tau
		}
		lo, hi = min(lo, v), max(hi, v)
	}
	return hi - lo
}

// belowRandomFinding is section 5's "backlink and partial-pagerank do
// worse than random" (values by strategy), an order against random judged
// at Table 2's rounding like its other orders (OrderPairs): a strategy
// within countryTolerance of random is tied with it and confirms nothing.
// A verdict that differs names the strategy that is not below random, and
// the reason known for it; a tie is named whatever the verdict.
func belowRandomFinding(r *scenario.Result, values map[string]float64) Finding {
	rnd := values["random"]
	// Table 2's two decimals, or the more it takes to tell apart the
	// values the verdict tells apart.
	num := fixedFrom(2, countryTolerance, values["backlink"], values["partial-pagerank"], rnd)
	f := Finding{Figure: "section 5", Claim: "backlink and partial-pagerank do worse than random", Published: "below random",
		Ours: fmt.Sprintf("backlink %s, partial-pagerank %s, random %s", num(values["backlink"]), num(values["partial-pagerank"]), num(rnd))}
	var fail, tied []string
	var p Pairs
	for _, id := range []string{"backlink", "partial-pagerank"} {
		switch sign(rnd-values[id], countryTolerance) {
		case 1:
			p.Agree++
		case 0:
			p.Tied++
			tied = append(tied, id)
		default:
			p.Reversed++
			fail = append(fail, id)
		}
	}
	f.Verdict = orderVerdict(p, true)
	var why []string
	if len(fail) > 0 {
		why = append(why, "not below random: "+strings.Join(fail, ", "))
	}
	if len(tied) > 0 {
		why = append(why, fmt.Sprintf("tied with random within Table 2's rounding (%v): %s", countryTolerance, strings.Join(tied, ", ")))
	}
	if slices.Contains(fail, "partial-pagerank") {
		why = append(why, pagerankReason(r, values))
	}
	f.Reason = joinReasons(why...)
	return f
}

// omniscientBestFinding is Table 2's "omniscient is the best strategy
// without history" (values by strategy): omniscient's pairs with the
// strategies without history, which Table 2's orders set aside, judged
// at Table 2's rounding like those orders (OrderPairs). A strategy
// within countryTolerance of omniscient is tied with it and confirms
// nothing, so ties alone are no "best"; a strategy above omniscient by
// more is a reversed pair and the verdict differs, naming it.
func omniscientBestFinding(values map[string]float64) Finding {
	omni := values["omniscient"]
	var p Pairs
	best, bestID := math.Inf(-1), ""
	var tied []string
	for _, f := range countryTable2 {
		v, ok := values[f.id]
		if !ok || f.history || f.id == "omniscient" {
			continue
		}
		if v > best {
			best, bestID = v, f.id
		}
		switch sign(omni-v, countryTolerance) {
		case 1:
			p.Agree++
		case 0:
			p.Tied++
			tied = append(tied, f.id)
		default:
			p.Reversed++
		}
	}
	// Table 2's two decimals, or the more it takes to tell apart the
	// values the verdict tells apart.
	num := fixedFrom(2, countryTolerance, omni, best)
	f := Finding{Figure: "Table 2", Claim: "omniscient is the best strategy without history",
		Published: "omniscient 0.74 > opic, larger-sites-first 0.67",
		Ours:      fmt.Sprintf("omniscient %s, best other %s %s (%s)", num(omni), bestID, num(best), p.String()),
		Verdict:   orderVerdict(p, true)}
	if p.Reversed > 0 {
		// Best is above every other: one strategy above it is no trend.
		f.Verdict = Differs
	}
	var why []string
	if f.Verdict == Differs && p.Reversed > 0 {
		why = append(why, fmt.Sprintf("%s (%s) is above omniscient (%s)", bestID, f4(best), f4(omni)))
	}
	if len(tied) > 0 {
		why = append(why, fmt.Sprintf("tied with omniscient within Table 2's rounding (%v): %s", countryTolerance, strings.Join(tied, ", ")))
	}
	if p.Agree == 0 && p.Reversed == 0 {
		why = append(why, "no strategy is below omniscient by more than the rounding: ties alone confirm no order")
	}
	f.Reason = joinReasons(why...)
	return f
}

// joinReasons joins the reasons that are not empty.
func joinReasons(rs ...string) string {
	var out []string
	for _, r := range rs {
		if r != "" {
			out = append(out, r)
		}
	}
	return strings.Join(out, "; ")
}

// countryHistoryRounding is the rounding of section 5's "at most 3%": a
// whole percent, half a percentage point either way.
const countryHistoryRounding = 0.005

// historyFinding is section 5's "the historical strategies improve on
// opic and larger-sites-first by at most 3%", read from the run that holds
// the historical strategies: Table 2's own, or the run on an evolution
// of the graph (hist), which has its own opic and larger-sites-first.
func historyFinding(r, hist *scenario.Result) Finding {
	src := r
	if byLabel(r, "hist-pagerank-random") == nil {
		src = hist
	}
	f := Finding{Figure: "section 5", Claim: "the historical strategies (omniscient aside) improve on opic and larger-sites-first by at most 3%",
		Published: "at most +3%", Ours: "not run", Verdict: NotRun, Reason: "no previous snapshot"}
	if src == nil || byLabel(src, "hist-pagerank-random") == nil {
		return f
	}
	avg := func(id string) float64 {
		if s := byLabel(src, id); s != nil {
			return normalizedAvg(s.Summary)
		}
		return math.NaN()
	}
	best := func(ids ...string) (string, float64) {
		id, v := ids[0], avg(ids[0])
		for _, o := range ids[1:] {
			if w := avg(o); w > v || math.IsNaN(v) {
				id, v = o, w
			}
		}
		return id, v
	}
	topID, top := best("hist-pagerank-random", "hist-pagerank-zero", "hist-pagerank-parent")
	baseID, base := best("opic", "larger-sites-first")
	gain := top/base - 1
	// Four decimals, so that the gain reads from the values printed:
	// Table 2's two turned +2.8% into "0.68 against 0.66".
	// The gain with one decimal, or the more it takes to tell it from
	// the bounds it is judged against (0, 3% and 3.5%).
	pct := fixedFrom(1, 0, 100*gain, 0, 100*countryHistoryGain, 100*(countryHistoryGain+countryHistoryRounding))
	sign := "+"
	if gain < 0 {
		sign = ""
	}
	f.Ours = fmt.Sprintf("%s%s%% (best history %s %s against %s %s)", sign, pct(100*gain), topID, f4(top), baseID, f4(base))
	// The claim has two sides: history improves, and by at most 3%. Two
	// averages within Table 2's rounding are tied, and a tie shows no
	// improvement (as belowRandomFinding's ties confirm no order).
	tied := math.Abs(top-base) <= countryTolerance
	f.Verdict = Holds(!tied && gain > 0 && gain <= countryHistoryGain+countryHistoryRounding)
	// The case that fails, or the rounding a gain above 3% holds by,
	// before the reasons known for the graph.
	var why string
	switch {
	case tied:
		why = fmt.Sprintf("history is within Table 2's rounding (%v) of %s: no improvement shown", countryTolerance, baseID)
	case gain < 0:
		why = "history does worse than opic and larger-sites-first"
	case f.Verdict == Differs:
		why = "a gain above 3% (3.5% with the paper's rounding)"
	case gain > countryHistoryGain:
		why = "above 3% but within the paper's rounding (3.5%)"
	}
	measured := ""
	if src == hist {
		measured = "measured on a generated evolution of the graph, with opic and larger-sites-first crawling the same evolution"
	}
	f.Reason = joinReasons(why, measured, historyReason(src))
	return f
}
