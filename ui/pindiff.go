package main

import (
	"cmp"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/report"
)

// PinnedDifference says in words what differs between the pinned run's
// scenario and the current result's, each setting as "name pinned →
// current" ("politeness off → on", "pages 20,000 → 50,000"), strategies
// as added and removed; "Same scenario as this run." when nothing does,
// and "" when no pinned run is compared.
func (a *App) PinnedDifference() string {
	if !a.Comparing() {
		return ""
	}
	diffs := resultDifferences(a.Pinned.Result, a.Result)
	if len(diffs) == 0 {
		return "Same scenario as this run."
	}
	return "What differs, pinned → this run: " + strings.Join(diffs, "; ") + "."
}

// resultDifferences lists what differs between the scenarios of the
// pinned result p and the current one r, in the order of the form.
func resultDifferences(p, r *model.Result) []string {
	var out []string
	change := func(name, was, now string) {
		if was != now {
			out = append(out, name+" "+was+" → "+now)
		}
	}
	ps, rs := p.Scenario, r.Scenario
	out = append(out, graphDifferences(p, r)...)
	change("previous snapshot", previousText(ps.Previous), previousText(rs.Previous))
	if previousText(ps.Previous) == previousText(rs.Previous) && !reflect.DeepEqual(ps.Previous, rs.Previous) {
		out = append(out, "previous snapshot's settings")
	}
	change("importance", importanceText(ps.Importance), importanceText(rs.Importance))
	change("trust", trustText(ps.Trust), trustText(rs.Trust))
	change("damping", numberText(ps.Damping), numberText(rs.Damping))
	change("tolerance", numberText(ps.Tolerance), numberText(rs.Tolerance))
	change("seeds", ps.Seeds, rs.Seeds)
	was, now := strategyLabels(ps), strategyLabels(rs)
	if added := missingFrom(now, was); len(added) > 0 {
		out = append(out, "strategies added: "+strings.Join(added, ", "))
	}
	if removed := missingFrom(was, now); len(removed) > 0 {
		out = append(out, "strategies removed: "+strings.Join(removed, ", "))
	}
	change("page budget", budgetText(ps.Budget), budgetText(rs.Budget))
	out = append(out, politenessDifferences(ps.Politeness, rs.Politeness)...)
	change("random seed", strconv.FormatUint(ps.RandomSeed, 10), strconv.FormatUint(rs.RandomSeed, 10))
	pm, rm := ps.Metrics, rs.Metrics
	change("curve points", model.Count(pm.CurvePoints), model.Count(rm.CurvePoints))
	change("tau sample", model.Count(pm.TauSample), model.Count(rm.TauSample))
	change("lower-bound checkpoints", strconv.Itoa(pm.LowerBound), strconv.Itoa(rm.LowerBound))
	change("relative targets", onOff(pm.Relative), onOff(rm.Relative))
	change("seed study", onOff(ps.SeedStudy != nil), onOff(rs.SeedStudy != nil))
	return out
}

// graphDifferences says how the graphs differ: the generator's settings
// when both are generated, else the graphs' names; and, for the same
// source, a graph whose contents differ (a file uploaded again).
func graphDifferences(p, r *model.Result) []string {
	pg, rg := p.Scenario.Graph.Generate, r.Scenario.Graph.Generate
	var out []string
	change := func(name, was, now string) {
		if was != now {
			out = append(out, name+" "+was+" → "+now)
		}
	}
	switch {
	case pg != nil && rg != nil:
		change("pages", numberText(float64(pg.Pages)), numberText(float64(rg.Pages)))
		change("hosts", numberText(float64(pg.Hosts)), numberText(float64(rg.Hosts)))
		change("mean out-degree", numberText(pg.MeanOutDegree), numberText(rg.MeanOutDegree))
		change("intra-host share", optionalText(pg.IntraHostShare), optionalText(rg.IntraHostShare))
		change("host-size exponent", numberText(pg.HostSizeExponent), numberText(rg.HostSizeExponent))
		change("out-degree exponent", numberText(pg.OutDegreeExponent), numberText(rg.OutDegreeExponent))
		change("copy probability", optionalText(pg.CopyProbability), optionalText(rg.CopyProbability))
		change("generator seed", strconv.FormatUint(pg.Seed, 10), strconv.FormatUint(rg.Seed, 10))
	case !reflect.DeepEqual(p.Scenario.Graph, r.Scenario.Graph):
		was, now := p.Graph.SourceName, r.Graph.SourceName
		if was == now {
			was, now = graphFiles(p.Scenario.Graph), graphFiles(r.Scenario.Graph)
		}
		change("graph", was, now)
	}
	if len(out) == 0 && (p.Graph.Pages != r.Graph.Pages || p.Graph.Links != r.Graph.Links) {
		change("graph's contents", graphSize(p.Graph), graphSize(r.Graph))
	}
	return out
}

// graphFiles names a graph source's file, format and URL list.
func graphFiles(s model.Source) string {
	parts := []string{s.File}
	if s.Format != "" {
		parts = append(parts, "format "+s.Format)
	}
	if s.URLs != "" {
		parts = append(parts, "URLs "+s.URLs)
	}
	return strings.Join(parts, ", ")
}

// graphSize is a graph's pages and links.
func graphSize(g model.GraphSummary) string {
	return model.Counted(g.Pages, "page", "pages") + ", " + model.Counted(g.Links, "link", "links")
}

// politenessDifferences says how the politeness clocks differ: off and
// on, or each setting of two clocks.
func politenessDifferences(p, r *model.Politeness) []string {
	if (p == nil) != (r == nil) {
		return []string{"politeness " + onOff(p != nil) + " → " + onOff(r != nil)}
	}
	if p == nil {
		return nil
	}
	pf, rf := withPolitenessDefaults(*p), withPolitenessDefaults(*r)
	var out []string
	change := func(name string, was, now float64, unit string) {
		if was != now {
			out = append(out, name+" "+numberText(was)+unit+" → "+numberText(now)+unit)
		}
	}
	change("connections", float64(pf.Connections), float64(rf.Connections), "")
	change("wait", *pf.Wait, *rf.Wait, " s")
	change("latency", *pf.Latency, *rf.Latency, " s")
	change("page size", *pf.PageSize, *rf.PageSize, " bytes")
	change("bandwidth", pf.Bandwidth, rf.Bandwidth, " bytes/s")
	if was, now := bandwidthModelText(p.BandwidthModel), bandwidthModelText(r.BandwidthModel); was != now {
		out = append(out, "bandwidth "+was+" → "+now)
	}
	if was, now := pageSizesText(p), pageSizesText(r); was != now {
		out = append(out, "page sizes "+was+" → "+now)
	}
	return out
}

// bandwidthModelText says who has the bandwidth of the bandwidth model
// m (model.Politeness.BandwidthModel).
func bandwidthModelText(m string) string {
	if m == model.BandwidthShared {
		return "shared by the connections"
	}
	return "per connection"
}

// pageSizesText says how p sizes the pages: all the page size, or as
// report.PageSizesText says, in the run table's words.
func pageSizesText(p *model.Politeness) string {
	if p.PageSizes == nil {
		return "all the same"
	}
	return report.PageSizesText(p.PageSizes)
}

// withPolitenessDefaults fills p's absent settings with
// model.DefaultPoliteness's.
func withPolitenessDefaults(p model.Politeness) model.Politeness {
	d := model.DefaultPoliteness()
	if p.Connections == 0 {
		p.Connections = d.Connections
	}
	if p.Wait == nil {
		p.Wait = d.Wait
	}
	if p.Latency == nil {
		p.Latency = d.Latency
	}
	if p.PageSize == nil {
		p.PageSize = d.PageSize
	}
	if p.Bandwidth == 0 {
		p.Bandwidth = d.Bandwidth
	}
	return p
}

// previousText names a previous snapshot: "none", its file, or
// "evolved".
func previousText(p *model.PreviousSource) string {
	switch {
	case p == nil:
		return "none"
	case p.Evolve != nil:
		return "evolved from the graph"
	}
	return p.File
}

// importanceText names an importance as the form does.
func importanceText(s string) string {
	switch s {
	case "", model.ImportancePageRank:
		return "PageRank"
	case model.ImportancePersonalized:
		return "personalized PageRank"
	}
	return s
}

// trustText names a trust vector as the form does.
func trustText(s string) string {
	switch s {
	case "", "seeds":
		return "uniform over the seeds"
	case "pagerank":
		return "PageRank"
	}
	return s
}

// budgetText is a page budget: "no limit" for 0.
func budgetText(b int64) string {
	if b == 0 {
		return "no limit"
	}
	return model.Count(b)
}

// numberText writes a number as short as it reads, thousands separated.
func numberText(v float64) string { return model.GroupDigits(strconv.FormatFloat(v, 'g', -1, 64)) }

// optionalText writes an optional number, "default" when absent.
func optionalText(v *float64) string {
	if v == nil {
		return "default"
	}
	return numberText(*v)
}

// onOff is "on" or "off".
func onOff(on bool) string {
	if on {
		return "on"
	}
	return "off"
}

// strategyLabels are the labels of a scenario's strategies (their ids
// when unlabelled).
func strategyLabels(s model.Scenario) []string {
	out := make([]string, len(s.Strategies))
	for i, st := range s.Strategies {
		out[i] = cmp.Or(st.Label, st.ID)
	}
	return out
}

// missingFrom lists the labels of a that b lacks, in a's order.
func missingFrom(a, b []string) []string {
	var out []string
	for _, l := range a {
		if !slices.Contains(b, l) {
			out = append(out, l)
		}
	}
	return out
}
