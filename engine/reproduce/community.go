package reproduce

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/engine/seeds"
)

// communitySeeds is the number of seeds of Daneshpajouh et al. 2008, section 3.5.3.
const communitySeeds = 10

// communityDistances is Daneshpajouh et al. 2008, section 3.5.2: the distances between
// the 56 cores extracted from UK-2002 (min 1, mean 7.15, max 13) against
// the graph's "diameter" of 14.9, which its section 3.2.2 defines as the
// average connected distance (the shortest path averaged over the pairs
// that have one), the quantity crawlsim estimates.
var communityDistances = struct{ min, mean, max, diameter float64 }{1, 7.15, 13, 14.9}

// communityShareTolerance is the rounding of the paper's share of the
// average distance, 7.15/14.9 = 0.48 to two decimals: both figures are
// printed to three significant digits, which moves the share by at most
// 0.005.
const communityShareTolerance = 0.005

// coreDistanceReason explains a share that is not the paper's; closer
// says the cores are closer together than the paper's. Closer cores have
// a known reason: with few hosts the pruned graph
// (links between hosts only) is small, and the cores HITS finds in it sit
// around the few pages that link the sites to each other.
func coreDistanceReason(r *scenario.Result, maxDist int, avg float64, closer bool) string {
	hosts := r.Graph.Hosts
	if !closer {
		return fmt.Sprintf("the cores are farther apart than the paper's, as a share of the graph's average distance, on a graph of %s", hostsText(hosts))
	}
	why := fmt.Sprintf("the graph has %s against the paper's national web: the pruned graph keeps only the links between hosts, ", hostsText(hosts))
	why += fmt.Sprintf("and the cores found in it gather around the few pages that link the sites, at most %d links apart where pages in general are %.1f apart (scale)", maxDist, avg)
	return why
}

// hostsText writes a number of hosts: "1 host", "1,234 hosts".
func hostsText(n int) string {
	if n == 1 {
		return "1 host"
	}
	return model.Count(n) + " hosts"
}

// communityEarlyDepths are the depths at which Daneshpajouh et al. 2008's Figs. 7 and 9
// find the community seeds' pages of higher mean PageRank ("specially in
// the second and third iterations").
var communityEarlyDepths = []int{2, 3}

func paperCommunitySeeds() *Paper {
	return &Paper{
		ID:         "003",
		Name:       "community-seeds",
		Citation:   `Daneshpajouh, Nasiri and Ghodsi, "A fast community based algorithm for generating web crawler seeds set"`,
		Short:      citeCommunity,
		Reproduces: "Figs. 4-5 (core sizes), Figs. 7-10 (pages reached and their mean PageRank per breadth-first depth, community against random seeds), section 3.5.2 (core distances) and section 3.5.4 (seeds from an older snapshot)",
		plan:       planCommunity,
		assess:     assessCommunity,
	}
}

// planCommunity is section 3.5's study: 10 community seeds (complete
// cores, density 100) against 10 random ones; without hosts, the
// top-PageRank seeds stand in for the community seeds.
func planCommunity(in Input) ([]Run, []string) {
	var notes []string
	spec := "community:" + strconv.Itoa(communitySeeds)
	if !in.Hosts {
		spec = "top-pagerank:" + strconv.Itoa(communitySeeds)
		notes = append(notes, "the graph has no hosts, so no community seeds can be extracted (the links within hosts are dropped first): only random and top-PageRank seeds are compared")
	}
	sc := crawlScenario(in, spec, scenario.ImportancePageRank)
	sc.Strategies = []scenario.Strategy{}
	sc.SeedStudy = &scenario.SeedStudy{}
	runs := []Run{{Name: "003-fig7-10", Title: citeCommunity + ", Figs. 4-10: community cores, and breadth-first depths from community, random and top-PageRank seeds", Crawl: sc}}
	if in.Hosts {
		prev := in.previous()
		if prev == nil {
			prev = &scenario.PreviousSource{Evolve: &scenario.Evolve{Seed: model.DefaultRandomSeed}}
		}
		older := crawlScenario(in, spec, scenario.ImportancePageRank)
		older.Strategies = []scenario.Strategy{}
		older.SeedStudy = &scenario.SeedStudy{}
		older.Previous = prev
		what := "the previous snapshot given"
		if prev.Evolve != nil {
			what = "this graph, crawling its generated evolution"
		}
		runs = append(runs, Run{Name: "003-older", Title: citeCommunity + ", section 3.5.4: community seeds extracted from " + what, Crawl: older})
	} else {
		notes = append(notes, "section 3.5.4 (seeds taken from an older snapshot) needs community seeds: not run")
	}
	return runs, notes
}

// communitySurvived is Daneshpajouh et al. (2008), section 3.5.4: of the seeds extracted
// from UK-2002, 11% exist in UK-2005, three years later.
const communitySurvived = 0.11

// communitySurvivedRounding is the rounding of the paper's 11%: whole
// percents, half a percentage point either way.
const communitySurvivedRounding = 0.005

// coreFindings are Figs. 4-5: the sizes of the cores' hubs and
// authorities by iteration; the cores are complete bipartite (density
// 100), and hubs normally outnumber authorities.
func coreFindings(rep *Report, cr *seeds.CommunityResult) {
	if cr == nil || len(cr.Cores) == 0 {
		rep.Findings = append(rep.Findings, Finding{Figure: "Figs. 4-5", Claim: "the cores are complete bipartite, with more hubs than authorities",
			Published: "density 100; hubs normally more", Ours: "not run", Verdict: NotRun, Reason: "no community cores"})
		return
	}
	table := Table{Title: "the cores by iteration: hubs, authorities and cover density", Source: "Figs. 4-5",
		Head: []string{"iteration", "hubs", "authorities", "density"}}
	complete := 0
	var sizes [][2]int
	for i, c := range cr.Cores {
		table.Rows = append(table.Rows, []string{strconv.Itoa(i + 1), model.Count(len(c.Hubs)), model.Count(len(c.Authorities)), fmt.Sprintf("%.1f", c.Density)})
		if c.Density >= 100 {
			complete++
		}
		sizes = append(sizes, [2]int{len(c.Hubs), len(c.Authorities)})
	}
	rep.Tables = append(rep.Tables, table)
	n := len(cr.Cores)
	rep.Findings = append(rep.Findings,
		Finding{Figure: "Figs. 4-5", Claim: "the cores are complete bipartite (cover density 100)", Published: "every core",
			Ours: fmt.Sprintf("%d of %d cores", complete, n), Verdict: Holds(complete == n),
			Reason: map[bool]string{true: "", false: "a core whose first hub and authority do not grow to density 100 is kept as found"}[complete == n]},
		hubsFinding(sizes))
}

// hubsFinding is Figs. 4-5's "normally, the hub sizes are bigger than the
// authority sizes", from the cores' hub and authority counts: each core
// is a pair judged by the rules of an order (OrderPairs), so a core with
// fewer hubs than authorities keeps the verdict from "same order", and
// fewer than TrendShare of the cores with more hubs is Differs.
func hubsFinding(sizes [][2]int) Finding {
	var p Pairs
	for _, s := range sizes {
		switch {
		case s[0] > s[1]:
			p.Agree++
		case s[0] < s[1]:
			p.Reversed++
		default:
			p.Tied++
		}
	}
	f := Finding{Figure: "Figs. 4-5", Claim: "hubs normally outnumber authorities in a core", Published: "normally more hubs",
		Ours:    fmt.Sprintf("more hubs in %d of %d cores, fewer in %d, as many in %d", p.Agree, len(sizes), p.Reversed, p.Tied),
		Verdict: orderVerdict(p, true)}
	if f.Verdict != SameOrder {
		oneMore := 0
		for _, s := range sizes {
			if s[1] == s[0]+1 {
				oneMore++
			}
		}
		f.Reason = fmt.Sprintf("crawlsim grows a core from its best authority by one hub and one authority a round, so a core has one authority more than hubs (%d of %d here) unless no authority is left to add, when hubs alone grow it; the paper's cores reach 999 hubs by a growth its text does not give", oneMore, len(sizes))
	}
	return f
}

// olderFindings are section 3.5.4: seeds taken from an older snapshot,
// how many survive, and how they crawl the newer graph against random
// seeds there.
func olderFindings(rep *Report, r *scenario.Result) {
	f := Finding{Figure: "section 3.5.4", Claim: "of the seeds extracted from an older snapshot, 11% exist in the newer one",
		Published: "11% (UK-2002 to UK-2005)", Ours: "not run", Verdict: NotRun, Reason: "no community seeds"}
	if r == nil || r.SeedStudy == nil || r.SeedStudy.Older == nil || r.SeedStudy.Older.Extracted == 0 {
		rep.Findings = append(rep.Findings, f)
		return
	}
	o := r.SeedStudy.Older
	share := float64(o.Survived) / float64(o.Extracted)
	f.Ours = fmt.Sprintf("%d of %d (%.0f%%)", o.Survived, o.Extracted, 100*share)
	f.Verdict = Matches(communitySurvived, share, communitySurvivedRounding)
	if f.Verdict == SameValue {
		f.Reason = fmt.Sprintf("within %v of a percentage point, the paper's rounding to whole percents", 100*communitySurvivedRounding)
	} else {
		f.Reason = "the snapshots are not three years apart"
		if r.Previous != nil && r.Previous.MatchedBy == "evolve" {
			f.Reason = "the newer graph is a generated evolution that removes 2% of the pages, where three years of the UK web removed most of the seed pages"
		}
	}
	rep.Findings = append(rep.Findings, f)
	ev := r.SeedStudy.Evaluation
	older, random := findProfile(ev.Profiles, "community"), findProfile(ev.Profiles, "random")
	for i := range ev.Profiles {
		if strings.HasSuffix(ev.Profiles[i].Name, "of the previous snapshot") {
			older = &ev.Profiles[i]
		}
	}
	if older == nil || random == nil || !strings.HasSuffix(older.Name, "of the previous snapshot") {
		return
	}
	more, fewer := aboveBelow([]int{1, 2, 3}, older.Pages, random.Pages)
	reach := Finding{Figure: "section 3.5.4, Figs. 9-10", Claim: "the older snapshot's seeds reach more pages of the newer graph than random seeds at depths 1-3",
		Published: "more, as the newer graph's own seeds", Ours: fmt.Sprintf("%s (from %d surviving seeds against %d random)", depthText(more, fewer, 3, "more", "fewer"), older.Seeds, random.Seeds),
		Verdict: depthVerdict(more, fewer)}
	if reach.Verdict != SameOrder {
		reach.Reason = notAbove([]int{1, 2, 3}, older.Pages, random.Pages, "fewer", "as many")
	}
	rep.Findings = append(rep.Findings, reach)
}

func assessCommunity(in Input, runs []Run, res Results) (*Report, error) {
	r := res.Crawl["003-fig7-10"]
	st := r.SeedStudy
	if st == nil || len(st.Evaluation.Profiles) < 2 {
		return nil, fmt.Errorf("the seed study has no profiles")
	}
	rep := &Report{}
	ev := st.Evaluation
	ours, random := ev.Profiles[0], findProfile(ev.Profiles, "random")
	if random == nil {
		return nil, fmt.Errorf("the seed study has no random seed set")
	}
	community := st.Community != nil
	name := "community"
	if !community {
		name = ours.Name
	}
	table := Table{Title: "pages first reached at each breadth-first depth, and their mean PageRank", Source: "Figs. 7-10",
		Head: []string{"depth", name + " pages", "random pages", name + " mean", "random mean"}}
	depths := max(len(ours.Pages), len(random.Pages))
	for d := range depths {
		table.Rows = append(table.Rows, []string{strconv.Itoa(d), model.Count(depthAt(ours.Pages, d)), model.Count(depthAt(random.Pages, d)),
			depthMean(ours.Pages, ours.MeanImportance, d), depthMean(random.Pages, random.MeanImportance, d)})
	}
	rep.Tables = append(rep.Tables, table)

	reason := ""
	if !community {
		reason = "no hosts: the top-PageRank seeds stand in for the community seeds"
	}
	// Figs. 8 and 10: more pages in the first depths (1 to 3).
	rep.Findings = append(rep.Findings, morePagesFinding(name, ours.Pages, random.Pages, reason))
	// Figs. 7 and 9: higher mean PageRank at depths 2 and 3.
	more, fewer := aboveBelow(communityEarlyDepths, ours.MeanImportance, random.MeanImportance)
	mean := Finding{Figure: "Figs. 7, 9", Claim: name + " seeds reach pages of higher mean PageRank at depths 2-3",
		Published: "higher at depths 2 and 3", Ours: depthText(more, fewer, len(communityEarlyDepths), "higher", "lower"),
		Verdict: depthVerdict(more, fewer), Reason: reason}
	if mean.Verdict != SameOrder {
		mean.Reason = joinReasons(notAbove(communityEarlyDepths, ours.MeanImportance, random.MeanImportance, "lower", "as high"), reason)
	}
	rep.Findings = append(rep.Findings, mean)
	// Section 3.5.2: the cores are about as far apart as pages in general.
	rep.Findings = append(rep.Findings, coreShareFinding(r, ev, community))
	coreFindings(rep, st.Community)
	if community {
		olderFindings(rep, res.Crawl["003-older"])
	}
	var b bytes.Buffer
	if err := report.DepthChart(&b, r, in.chartWidth(report.DepthChartWidth)); err != nil {
		return nil, err
	}
	rep.Charts = append(rep.Charts, Chart{Name: "003-fig7-10.svg", Title: citeCommunity + ", Figs. 7-10: pages and mean PageRank per breadth-first depth", SVG: b.Bytes()})
	return rep, nil
}

// coreShareFinding is section 3.5.2: the mean distance between the cores
// as a share of the graph's average connected distance, against the
// paper's 7.15/14.9 = 0.48, within the rounding of that share
// (communityShareTolerance), which the finding states. community says
// whether the seeds are community seeds.
func coreShareFinding(r *scenario.Result, ev model.Evaluation, community bool) Finding {
	c := ev.Cores
	paper := communityDistances.mean / communityDistances.diameter
	published := fmt.Sprintf("core distances %v-%v, mean %v; average connected distance %v (the paper's \"diameter\", section 3.2.2): %.2f",
		communityDistances.min, communityDistances.max, communityDistances.mean, communityDistances.diameter, paper)
	if !community || c.Pairs == 0 {
		return Finding{Figure: "section 3.5.2", Claim: "the mean distance between cores, as a share of the graph's average connected distance",
			Published: published, Ours: "not measured",
			Verdict: NotRun, Reason: map[bool]string{true: "no two cores are connected", false: "no community seeds"}[community]}
	}
	ratio := c.Mean / ev.AverageDistance
	f := Finding{Figure: "section 3.5.2", Claim: "the mean distance between cores, as a share of the graph's average connected distance",
		Published: published,
		Ours: fmt.Sprintf("core distances %d-%d, mean %.2f; average connected distance %.2f, estimated from %s sampled pages: %.2f",
			c.Min, c.Max, c.Mean, ev.AverageDistance, model.Count(ev.DistanceSamples), ratio),
		Verdict: Matches(paper, ratio, communityShareTolerance)}
	if f.Verdict == SameValue {
		f.Reason = fmt.Sprintf("%.4f against the paper's %.4f: within %v, the rounding of its share to two decimals", ratio, paper, communityShareTolerance)
	} else {
		f.Reason = coreDistanceReason(r, c.Max, ev.AverageDistance, ratio < paper)
	}
	return f
}

// depthAt returns v[d], a figure of depth d, or 0 when the profile ends
// before d.
func depthAt[T int64 | float64](v []T, d int) T {
	if d < len(v) {
		return v[d]
	}
	return 0
}

// aboveBelow counts the depths at which ours is above theirs and below it.
func aboveBelow[T int64 | float64](depths []int, ours, theirs []T) (above, below int) {
	for _, d := range depths {
		switch a, b := depthAt(ours, d), depthAt(theirs, d); {
		case a > b:
			above++
		case a < b:
			below++
		}
	}
	return above, below
}

// depthVerdict judges a comparison depth by depth by the rules of an
// order (OrderPairs): each depth is a pair, the paper's way (more) or
// reversed (fewer). Better at every depth that is not tied is SameOrder,
// at TrendShare of them SameTrend, else Differs (so is a tie at every
// depth).
func depthVerdict(more, fewer int) Verdict {
	return orderVerdict(Pairs{Agree: more, Reversed: fewer}, true)
}

// morePagesFinding is Figs. 8 and 10: seeds (ours, named name) reach more
// pages than random seeds, judged at depths 1-3, the first depths
// (docs/algorithms.md section 8). The paper says "always", at each of its
// 18 depths, so the later depths are counted beside the verdict, and when
// ours reaches fewer there the reason says why: cumulatively, depth by
// depth, ours is ahead (or from which depth it is not).
func morePagesFinding(name string, ours, random []int64, reason string) Finding {
	more, fewer := aboveBelow([]int{1, 2, 3}, ours, random)
	f := Finding{Figure: "Figs. 8, 10", Claim: name + " seeds reach more pages than random seeds at depths 1-3",
		Published: "more at every depth (\"always\")", Ours: depthText(more, fewer, 3, "more", "fewer"),
		Verdict: depthVerdict(more, fewer), Reason: reason}
	if f.Verdict != SameOrder {
		f.Reason = joinReasons(notAbove([]int{1, 2, 3}, ours, random, "fewer", "as many"), reason)
	}
	n := max(len(ours), len(random))
	if n <= 4 {
		return f
	}
	var later []int
	for d := 4; d < n; d++ {
		later = append(later, d)
	}
	lm, lf := aboveBelow(later, ours, random)
	f.Ours += fmt.Sprintf("; at depths 4-%d: ", n-1) + depthText(lm, lf, len(later), "more", "fewer")
	if lf == 0 {
		return f
	}
	var co, cr int64
	behind := -1
	for d := range n {
		co, cr = co+depthAt(ours, d), cr+depthAt(random, d)
		if co < cr && behind < 0 {
			behind = d
		}
	}
	why := "later depths are not judged: they hold the pages a crawl has not reached yet, fewer for the crawl that spread faster"
	if behind < 0 {
		why += fmt.Sprintf("; counted up to each depth, %s seeds reach more pages at every depth", name)
	} else {
		why += fmt.Sprintf("; counted up to each depth, %s seeds reach fewer pages from depth %d", name, behind)
	}
	f.Reason = joinReasons(f.Reason, why)
	return f
}

// notAbove names the depths at which ours is not above theirs: "fewer at
// depths 1, 3; as many at depth 2" (below and tied the words).
func notAbove[T int64 | float64](depths []int, ours, theirs []T, below, tied string) string {
	var lo, eq []string
	for _, d := range depths {
		switch a, b := depthAt(ours, d), depthAt(theirs, d); {
		case a < b:
			lo = append(lo, strconv.Itoa(d))
		case a == b:
			eq = append(eq, strconv.Itoa(d))
		}
	}
	at := func(word string, ds []string) string {
		if len(ds) == 0 {
			return ""
		}
		return word + " at " + map[bool]string{true: "depth ", false: "depths "}[len(ds) == 1] + strings.Join(ds, ", ")
	}
	return joinReasons(at(below, lo), at(tied, eq))
}

// depthText says at how many of n depths ours is above and below: "more
// at 3 of 3 depths, fewer at none", "more at 1 of 3 depths, fewer at 1,
// as many at 1" (the counts of depths, never a depth's number).
func depthText(more, fewer, n int, above, below string) string {
	s := fmt.Sprintf("%s at %d of %d depths, %s at ", above, more, n, below)
	if fewer == 0 {
		s += "none"
	} else {
		s += strconv.Itoa(fewer)
	}
	if tied := n - more - fewer; tied > 0 {
		s += fmt.Sprintf(", as many at %d", tied)
	}
	return s
}

func findProfile(ps []seeds.DepthProfile, prefix string) *seeds.DepthProfile {
	for i := range ps {
		if len(ps[i].Name) >= len(prefix) && ps[i].Name[:len(prefix)] == prefix {
			return &ps[i]
		}
	}
	return nil
}

// sci writes a small value in scientific notation.
func sci(x float64) string { return strconv.FormatFloat(x, 'e', 2, 64) }

// depthMean writes the mean importance of the pages first reached at depth
// d (sci), or "—" when no page was: a mean of no pages is not 0.
func depthMean(pages []int64, mean []float64, d int) string {
	if depthAt(pages, d) == 0 {
		return "—"
	}
	return sci(depthAt(mean, d))
}
