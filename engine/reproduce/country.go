package reproduce

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/crawlsim/crawlsim/engine/scenario"
)

// countryFigure is one row of Baeza-Yates et al. 2005, Table 2: a strategy's average
// cumulative PageRank (normalised, r = 1 with politeness, averaged over
// the paper's four collections; the historical strategies on one pair of
// collections) and Kendall's tau on a 5,000-page sample.
type countryFigure struct {
	id       string
	avg, tau float64
	history  bool
}

// countryTable2 is Baeza-Yates et al. 2005, Table 2, as published.
var countryTable2 = []countryFigure{
	{"backlink", 0.50, 0.0157, false},
	{"partial-pagerank", 0.52, 0.0236, false},
	{"bfs", 0.64, 0.1293, false},
	{"batch-pagerank", 0.63, 0.1961, false},
	{"opic", 0.67, 0.2229, false},
	{"larger-sites-first", 0.67, 0.2498, false},
	{"hist-pagerank-zero", 0.68, 0.3573, true},
	{"hist-pagerank-random", 0.70, 0.3689, true},
	{"hist-pagerank-parent", 0.70, 0.3520, true},
	{"hist-pagerank-omniscient", 0.77, 0.6385, true},
	{"omniscient", 0.74, 0.6504, false},
}

// countryHistoryGain is Baeza-Yates et al. 2005, section 5: the historical strategies
// improve on OPIC and larger-sites-first by at most 3%.
const countryHistoryGain = 0.03

func paperCountry() *Paper {
	return &Paper{
		ID:         "004",
		Name:       "crawling-a-country",
		Citation:   `Baeza-Yates, Castillo, Marin and Rodriguez, "Crawling a Country: Better Strategies than Breadth-First for Web Page Ordering" (WWW 2005)`,
		Short:      citeCountry,
		Reproduces: "Table 2 (average cumulative PageRank and Kendall's tau, r = 1 with politeness, a shared link), Fig. 4 (cumulative PageRank, and its text's claims) and section 5.3 (larger-sites-first against breadth-first in simulated time)",
		plan:       planCountry,
		assess:     assessCountry,
	}
}

// planCountry is Table 2's comparison: every strategy of the table (the
// historical ones when there is a previous snapshot), random (the
// findings compare with it) and the optimal reference for Fig. 4's
// chart, from the home pages of the sites, on the politeness clock with
// one connection and the waits of section 3.2 (docs/algorithms.md section 5).
func planCountry(in Input) ([]Run, []string) {
	var notes []string
	seedSet := "host-roots"
	if !in.Hosts {
		seedSet = "top-pagerank:160"
		notes = append(notes, "the graph has no hosts: the crawls start from the 160 pages of highest PageRank instead of every site's home page, and the politeness clock treats all pages as one site")
	}
	prev := in.previous()
	strategies := []scenario.Strategy{strategy("optimal", "optimal", nil), strategy("random", "random", nil)}
	for _, f := range countryTable2 {
		if f.history && prev == nil {
			continue
		}
		strategies = append(strategies, strategy(f.id, f.id, nil))
	}
	if prev != nil && prev.Evolve != nil {
		notes = append(notes, "the historical strategies learn on the generated web, and every crawl runs on its evolution (10% new pages, 2% removed)")
	}
	sc := crawlScenario(in, seedSet, scenario.ImportancePageRank, strategies...)
	sc.Previous = prev
	sc.Politeness = countryPoliteness()
	runs := []Run{{Name: "004-table2", Title: citeCountry + ", Table 2 and Fig. 4: strategies on the politeness clock (r = 1, w = 15 s, a shared link)", Crawl: sc}}
	if prev == nil {
		notes = append(notes, historyNote)
		hist := []scenario.Strategy{strategy("random", "random", nil)}
		for _, f := range countryTable2 {
			if f.history || f.id == "opic" || f.id == "larger-sites-first" || f.id == "omniscient" {
				hist = append(hist, strategy(f.id, f.id, nil))
			}
		}
		hs := crawlScenario(in, seedSet, scenario.ImportancePageRank, hist...)
		hs.Previous = &scenario.PreviousSource{Evolve: &scenario.Evolve{Seed: model.DefaultRandomSeed}}
		hs.Politeness = countryPoliteness()
		runs = append(runs, Run{Name: "004-history", Title: citeCountry + ", Table 2: the historical strategies, learning on this graph and crawling its generated evolution", Crawl: hs})
	}
	if in.Hosts {
		lsf := crawlScenario(in, seedSet, scenario.ImportancePageRank, strategy("bfs", "bfs", nil), strategy("larger-sites-first", "larger-sites-first", nil))
		lsf.Politeness = &scenario.Politeness{Connections: countryConnections, Wait: model.Float(countryValidationWait),
			Bandwidth: countryLink, BandwidthModel: model.BandwidthShared}
		runs = append(runs, Run{Name: "004-section5.3", Title: citeCountry + ", section 5.3: breadth-first against larger-sites-first in simulated time (r = 1,000, w = 5 s, a shared link of 1 MB/s)", Crawl: lsf})
	} else {
		notes = append(notes, "section 5.3 (larger-sites-first faster than breadth-first in simulated time) needs hosts: not run")
	}
	return runs, notes
}

// countryPoliteness is Table 2's politeness clock (section 3.2): one
// connection, the default wait of 15 s, and the crawler's link shared by
// the transfers in progress (with one connection, one transfer).
func countryPoliteness() *scenario.Politeness {
	return &scenario.Politeness{Connections: 1, BandwidthModel: model.BandwidthShared}
}

// The actual crawls of Baeza-Yates et al. (2005), section 5.3: up to 1,000 connections,
// 5 s between two accesses to a site. The paper does not give its link's
// bandwidth; 1 MB/s (about 67 pages of 15 kB a second) is a choice of
// crawlsim's, which keeps the link, not the sites, the limit while many
// sites are eligible.
const (
	countryConnections    = 1000
	countryValidationWait = 5
	countryLink           = 1_000_000
)

// historyNote says how the historical strategies run on a graph file
// given without a previous snapshot.
const historyNote = "no previous snapshot of this graph was given (crawlsim reproduce -previous FILE): the historical-PageRank strategies of Table 2 run apart, " +
	"learning on this graph and crawling its generated evolution (10% new pages, 2% removed), beside opic, larger-sites-first and omniscient on the same evolution; " +
	"their rows are not ranked with the others, which crawl this graph, and the paper's history is a real crawl four months older"

func assessCountry(in Input, runs []Run, res Results) (*Report, error) {
	r := res.Crawl["004-table2"]
	rep := &Report{}
	hosts := r.Graph.Hosts > 0
	table := Table{
		Title:  "average cumulative PageRank (normalised) and Kendall's tau, r = 1 with politeness",
		Source: "Table 2",
		Head:   []string{"strategy", "paper norm. avg", "crawlsim norm. avg", "paper tau", "crawlsim tau"},
	}
	var pubAvg, ourAvg, pubTau, ourTau []float64
	ours, oursTau := map[string]float64{}, map[string]float64{}
	hist := res.Crawl["004-history"]
	tauDefined := false // some crawl of the orders has a tau
	for _, f := range countryTable2 {
		s := byLabel(r, f.id)
		if s == nil && hist != nil && f.history {
			if h := byLabel(hist, f.id); h != nil {
				table.Rows = append(table.Rows, []string{f.id + " (on an evolution)", f2(f.avg), f2(normalizedAvg(h.Summary)), f4(f.tau), tauCell(h.Summary)})
				continue
			}
		}
		if s == nil {
			table.Rows = append(table.Rows, []string{f.id, f2(f.avg), "not run", f4(f.tau), "not run"})
			continue
		}
		avg := normalizedAvg(s.Summary)
		ours[f.id], oursTau[f.id] = avg, tauOf(s.Summary)
		table.Rows = append(table.Rows, []string{f.id, f2(f.avg), f2(avg), f4(f.tau), tauCell(s.Summary)})
		pubAvg, ourAvg = append(pubAvg, f.avg), append(ourAvg, avg)
		pubTau, ourTau = append(pubTau, f.tau), append(ourTau, tauOf(s.Summary))
		tauDefined = tauDefined || s.Summary.Tau != nil
	}
	if s := byLabel(r, "random"); s != nil {
		ours["random"], oursTau["random"] = normalizedAvg(s.Summary), tauOf(s.Summary)
		table.Rows = append(table.Rows, []string{"random", "—", f2(ours["random"]), "—", tauCell(s.Summary)})
	}
	if hist != nil {
		// The strategies the historical ones are compared with, on the
		// same evolution.
		for _, f := range countryTable2 {
			if h := byLabel(hist, f.id); h != nil && !f.history {
				table.Rows = append(table.Rows, []string{f.id + " (on an evolution)", f2(f.avg), f2(normalizedAvg(h.Summary)), f4(f.tau), tauCell(h.Summary)})
			}
		}
	}
	rep.Tables = append(rep.Tables, table)

	reason := ""
	if !hosts {
		reason = "the graph has no hosts, so larger-sites-first is breadth-first"
	}
	// Omniscient's pairs with the strategies without history are judged
	// by the finding after these two; its pairs with the historical
	// strategies are judged here, as no other finding does. The pairs
	// across the groups of opic ≈ larger-sites-first > bfs ≈
	// batch-pagerank > partial-pagerank ≈ backlink are judged on the
	// average by that finding, and on Kendall's tau only here.
	labels := countryLabels(ours)
	aside := omniscientAside(labels)
	tauOrder := countryOrder("order of the strategies by Kendall's tau", labels, pubTau, ourTau, aside, false, true, reason, countryOrderReason(r, oursTau, countrySpread(true)))
	if !tauDefined {
		// tauOf's 0 for an undefined tau would tie every pair: no
		// figure is not a figure that differs.
		tauOrder.Ours, tauOrder.Verdict = "undefined for every crawl", NotRun
		tauOrder.Reason = "Kendall's tau is undefined for every crawl: its sample of the crawled pages is too small, or its pages are all of equal importance"
	}
	rep.Findings = append(rep.Findings,
		countryOrder("order of the strategies by average cumulative PageRank", labels, pubAvg, ourAvg, eitherAside(aside, groupAside(labels)), true, false, reason, countryOrderReason(r, ours, countrySpread(false))),
		tauOrder)

	rep.Findings = append(rep.Findings, omniscientBestFinding(ours))
	rep.Findings = append(rep.Findings, belowRandomFinding(r, ours))
	// OPIC and larger-sites-first beat breadth-first.
	lsfReason := ""
	bfs, lsf := byLabel(r, "bfs"), byLabel(r, "larger-sites-first")
	switch {
	case !hosts:
		lsfReason = reason
	case r.Graph.Hosts == 1:
		lsfReason = oneHostReason
	case bfs != nil && lsf != nil && bfs.Summary.AvgCumulative == lsf.Summary.AvgCumulative && tauOf(bfs.Summary) == tauOf(lsf.Summary):
		lsfReason = fmt.Sprintf("with one connection and a 15 s wait, the graph's %s hosts are rarely eligible together, so the waits choose the next site and larger-sites-first keeps breadth-first's order", model.Count(r.Graph.Hosts))
	case r.Scenario.Politeness != nil:
		lsfReason = "larger-sites-first is meant to keep sites busy under the wait; its gain depends on how the pages are spread over the sites"
	}
	groupLabels, groupPublished := countryGroupLabels, countryGroupRanks
	groupOurs := make([]float64, len(groupLabels))
	for i, id := range groupLabels {
		groupOurs[i] = ours[id]
	}
	groupVerdict, groupPairs := OrderPairs(groupPublished, groupOurs, countryTolerance, nil)
	group := Finding{
		Figure: "Table 2", Claim: countryGroupClaim,
		Published: "0.67, 0.67 > 0.64, 0.63 > 0.52, 0.50",
		Ours:      rankedText(groupLabels, groupOurs, countryTolerance) + " (" + groupPairs.String() + ")",
		Verdict:   groupVerdict,
		Reason:    lsfReason,
	}
	if groupVerdict != SameOrder && groupVerdict != NotRun {
		// The reversed pairs are named, and the reasons known for them:
		// larger-sites-first's tie with bfs explains no reversed pair.
		group.Reason = joinReasons(lsfReason, pagerankReason(r, ours), spreadReason(ours, countrySpread(false)),
			reversedText(groupLabels, groupPublished, groupOurs, countryTolerance, nil, "above"), noPairOrdered(groupPairs))
	}
	group.Reason = joinReasons(group.Reason, tieReason(groupPairs, false))
	rep.Findings = append(rep.Findings, group)
	// History improves on OPIC and larger-sites-first by at most 3%.
	rep.Findings = append(rep.Findings, historyFinding(r, hist))
	rep.Findings = append(rep.Findings, fig4Findings(r)...)
	rep.Findings = append(rep.Findings, validationFinding(res.Crawl["004-section5.3"], hosts))

	c, err := curveChart("004-fig4.svg", citeCountry+", Fig. 4: cumulative PageRank against the fraction of pages downloaded (r = 1, politeness)", r, in.curveOptions(report.ChartOptions{}))
	if err != nil {
		return nil, err
	}
	rep.Charts = append(rep.Charts, c)
	return rep, nil
}

// historyReason explains historical strategies on an evolution.
func historyReason(r *scenario.Result) string {
	if r.Previous != nil && r.Previous.MatchedBy == "evolve" {
		return "the previous snapshot is a generated evolution, whose PageRank changes less than a real web's in four months"
	}
	return ""
}

// countryLabels lists the strategies of Table 2 that ran, in the table's
// order.
func countryLabels(ours map[string]float64) []string {
	var ids []string
	for _, f := range countryTable2 {
		if _, ok := ours[f.id]; ok {
			ids = append(ids, f.id)
		}
	}
	return ids
}

// orderText lists labels by decreasing value, joined by "=" when the
// values are equal, "≈" when they differ by at most tol (a gap the
// verdict counts as a tie) and ">" otherwise: "a > b ≈ c = d".
func orderText(labels []string, values []float64, tol float64) string {
	idx := make([]int, len(labels))
	for i := range idx {
		idx[i] = i
	}
	// Insertion sort by decreasing value, stable.
	for i := 1; i < len(idx); i++ {
		for j := i; j > 0 && values[idx[j]] > values[idx[j-1]]; j-- {
			idx[j], idx[j-1] = idx[j-1], idx[j]
		}
	}
	var b strings.Builder
	for k, i := range idx {
		if k > 0 {
			switch prev := values[idx[k-1]]; {
			case values[i] == prev:
				b.WriteString(" = ")
			case prev-values[i] <= tol:
				b.WriteString(" ≈ ")
			default:
				b.WriteString(" > ")
			}
		}
		b.WriteString(labels[i])
	}
	return b.String()
}

// rankedText writes labelled values as the order they are in, so that
// it reads as a true statement: by decreasing value, each label with its
// value (two decimals, or the more that tell apart the values it writes
// ">" between), joined by "=" when the values are equal, "≈" when they
// differ by at most tol (countryTolerance: a gap the verdict counts as
// a tie), ">"
// otherwise: "opic 0.52 ≈ backlink 0.52 > bfs 0.50 = larger-sites-first
// 0.50". Equal values keep the labels' order.
func rankedText(labels []string, values []float64, tol float64) string {
	idx := make([]int, len(labels))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(values[b], values[a]) })
	// Two decimals, or the more it takes for values more than tol apart
	// (written ">") to print apart.
	num := fixedFrom(2, tol, values...)
	var b strings.Builder
	for k, i := range idx {
		if k > 0 {
			switch prev := values[idx[k-1]]; {
			case values[i] == prev:
				b.WriteString(" = ")
			case prev-values[i] <= tol:
				b.WriteString(" ≈ ")
			default:
				b.WriteString(" > ")
			}
		}
		b.WriteString(labels[i] + " " + num(values[i]))
	}
	return b.String()
}

// tauOf is a crawl's Kendall's tau, 0 when it is undefined (too small a
// sample, or pages of equal importance), which ranks it as no correlation.
func tauOf(s model.Summary) float64 {
	if s.Tau == nil {
		return 0
	}
	return *s.Tau
}

// tauCell writes a crawl's Kendall's tau, — when it is undefined.
func tauCell(s model.Summary) string {
	if s.Tau == nil {
		return "—"
	}
	return f4(*s.Tau)
}
