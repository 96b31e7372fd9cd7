package main

// What the page shows before its first result, in the places the result
// fills (so that nothing on the page jumps): the graph facts, the chart's
// legend and the line under it, and the metrics table's rows, from the
// form's scenario, with "…" for every figure only the run can tell. They
// take the room the result takes, so that nothing moves when it arrives
// (tools/site's TestPageStartsWithoutJumps checks every panel).

import (
	"math"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/report"
)

// Pending is the text of a figure the run has not told yet.
const Pending = "…"

// Generator defaults the page's scenario leaves to the engine
// (model.Generate's documentation; scenario.normalizeGenerate fills them,
// and TestPendingGraphNameIsTheEngines checks these against it).
const (
	pagesPerHost         = 200
	defaultMeanOutDegree = 8
)

// pendingScenario is the scenario the first run will run: the form's, or
// false while the form has a mistake.
func (a *App) pendingScenario() (model.Scenario, bool) {
	s, err := a.Form.Scenario()
	return s, err == nil
}

// pendingGraphName is the name the run will give the graph of s (the
// result's Graph.SourceName), or "" when the page cannot know it: for a
// generated graph, its parameters with the generator's defaults filled,
// as the engine writes them.
func pendingGraphName(s model.Scenario) string {
	g := s.Graph.Generate
	if g == nil || g.Pages <= 0 {
		return ""
	}
	hosts, mean := g.Hosts, g.MeanOutDegree
	if hosts == 0 {
		hosts = max(1, g.Pages/pagesPerHost)
	}
	if mean == 0 {
		mean = min(defaultMeanOutDegree, float64(g.Pages-1)/2)
	}
	name := model.GeneratedGraphName(g.Pages, hosts, mean, g.Seed)
	if e, ok := pendingEvolution(s); ok {
		name = model.EvolvedGraphName(name, e.newPages, e.removedPages, e.newLinks, e.removedLinks, e.seed)
	}
	return name
}

// Evolution defaults the page's scenario leaves to the engine
// (model.Evolve's documentation, gen.DefaultEvolveParams;
// TestPendingEvolutionIsTheEngines checks these against the engine's
// normalisation).
const (
	defaultNewPages     = 0.1
	defaultRemovedPages = 0.02
	defaultNewLinks     = 0.1
	defaultRemovedLinks = 0.05
)

// evolution is a scenario's evolution of its graph with the engine's
// defaults filled.
type evolution struct {
	newPages, removedPages, newLinks, removedLinks float64
	seed                                           uint64
}

// pendingEvolution is the evolution the run of s makes of its graph to
// have a previous snapshot (the historical strategies' need, which the
// form meets with an evolution: Form.addStrategies), or false when the
// run crawls the graph itself. The engine names the graph crawled after
// the evolution too, and the evolved graph has the new pages besides
// (removed pages stay, without links: gen.Evolve).
func pendingEvolution(s model.Scenario) (evolution, bool) {
	if s.Previous == nil || s.Previous.Evolve == nil {
		return evolution{}, false
	}
	e := s.Previous.Evolve
	or := func(v *float64, d float64) float64 {
		if v == nil {
			return d
		}
		return *v
	}
	return evolution{or(e.NewPages, defaultNewPages), or(e.RemovedPages, defaultRemovedPages),
		or(e.NewLinks, defaultNewLinks), or(e.RemovedLinks, defaultRemovedLinks), e.Seed}, true
}

// pendingPages is the number of pages of the graph the run of s crawls:
// the generated graph's, and the pages its evolution adds (gen.Evolve:
// NewPages·n, rounded).
func pendingPages(s model.Scenario) int64 {
	n := int64(s.Graph.Generate.Pages)
	if e, ok := pendingEvolution(s); ok {
		n += int64(math.Round(e.newPages * float64(n)))
	}
	return n
}

// pendingLabels are the labels the run will give the strategies of s, in
// its order: a strategy's own label, or its id with the parameters that
// differ from their defaults ("fpr-m m=10"), as the engine writes them.
func pendingLabels(s model.Scenario) []string {
	var out []string
	for _, st := range s.Strategies {
		label := st.Label
		if label == "" {
			label = st.ID
			if info, ok := lookupStrategy(st.ID); ok {
				for _, p := range info.Params {
					if v, set := st.Params[p.Name]; set && v != p.Default {
						label += " " + p.Name + "=" + strconv.FormatFloat(v, 'g', -1, 64)
					}
				}
			}
		}
		out = append(out, label)
	}
	return out
}

// ShownFacts are the graph's facts, or, before there are any, the rows
// they will have, each figure Pending (the graph's name when the page
// knows it). While a link's scenario waits for its file to be chosen
// (askForFiles) nothing is on its way: the one row says so.
func (a *App) ShownFacts() [][2]string {
	if len(a.Facts) > 0 {
		return a.Facts
	}
	if a.awaitingFile() {
		return [][2]string{{"graph", a.fileLink.file + ", not chosen yet"}}
	}
	name := Pending
	if s, ok := a.pendingScenario(); ok && a.Form.Source == SourceGenerate {
		if n := pendingGraphName(s); n != "" {
			name = n
		}
	}
	return [][2]string{{"graph", name}, {"pages", Pending}, {"links", Pending}, {"dangling pages", Pending},
		{"hosts", Pending}, {"intra / inter-host links", Pending}}
}

// FactsPending reports whether the facts shown are ShownFacts' stand-ins.
func (a *App) FactsPending() bool { return len(a.Facts) == 0 && !a.awaitingFile() }

// awaitingFile reports whether the form's graph is a link's uploaded file
// that the page does not hold (askForFiles), its own file still empty:
// no facts will come until a file is chosen and loaded.
func (a *App) awaitingFile() bool {
	return a.fileLink != nil && a.Form.Source == SourceUpload && a.Form.File == "" && a.fileLink.file != ""
}

// pendingResult stands in for the result of s before the first run: its
// strategies, labelled as the run will label them, each with a curve of
// its own (so that none is named with another in the legend), the
// reference marked as the registry says, in the order the result will
// list them (model.OrderStrategies).
func pendingResult(s model.Scenario) *model.Result {
	labels := pendingLabels(s)
	r := &model.Result{Reachable: 2, Scenario: s}
	for i, st := range s.Strategies {
		info, _ := lookupStrategy(st.ID)
		r.Strategies = append(r.Strategies, model.StrategyResult{
			ID: st.ID, Label: labels[i], Params: st.Params, Reference: info.Reference,
			Curve: model.Curve{K: []int64{1, 2}, Value: []float64{float64(i+1) / float64(len(labels)+1), 1}},
		})
	}
	model.OrderStrategies(r.Strategies, catalogue.Strategies)
	return r
}

// ShownLegend is the chart's legend, or, before the first result, the
// entries it will have (pendingResult's), which LegendPending marks.
func (a *App) ShownLegend() []report.LegendEntry {
	if a.Result != nil {
		return a.Legend
	}
	s, ok := a.pendingScenario()
	if !ok || len(s.Strategies) == 0 {
		return nil
	}
	legend, err := report.Legend(pendingResult(s), report.ChartOptions{X: report.XFraction, NoLegend: true, Catalogue: catalogue.Strategies})
	if err != nil {
		return nil
	}
	return legend
}

// LegendPending reports whether the legend shown is ShownLegend's
// stand-in.
func (a *App) LegendPending() bool { return a.Result == nil }

// pendingCompared is what the chart will compare, before the first
// result: ChartView.Compared's sentence for the form's scenario, or ""
// when the page cannot tell it.
func (a *App) pendingCompared() string {
	s, ok := a.pendingScenario()
	if !ok || s.Graph.Generate == nil || len(s.Strategies) == 0 {
		return ""
	}
	name := pendingGraphName(s)
	if name == "" {
		return ""
	}
	return comparedText(len(s.Strategies), pendingPages(s), name, a.Embed)
}

// comparedText says what a chart compares: n crawl orderings on a graph
// of pages pages named name (left out in embed mode).
func comparedText(n int, pages int64, name string, embed bool) string {
	compared := "Downloaded by " + model.Counted(n, "crawl ordering", "crawl orderings") + " on " + model.Counted(pages, "page", "pages")
	if embed {
		return compared + "."
	}
	return compared + " (" + name + ")."
}

// ShownRows are the metrics table's rows, or, before the first result,
// one per strategy of the form's scenario with every figure Pending.
func (a *App) ShownRows() [][]string {
	if a.Result != nil {
		return a.MetricsRows
	}
	s, ok := a.pendingScenario()
	if !ok {
		return nil
	}
	var rows [][]string
	for _, st := range pendingResult(s).Strategies {
		row := []string{st.Label}
		for range len(a.ShownHead()) - 1 {
			row = append(row, Pending)
		}
		rows = append(rows, row)
	}
	return rows
}

// ShownHead is the metrics table's head: report.ReadableRows's for the
// result, and before the first one without the guarantees' columns,
// which only a run scored by personalized PageRank shows.
func (a *App) ShownHead() []string {
	if a.Result != nil {
		return a.MetricsHead
	}
	head, _ := report.ReadableRows(&model.Result{})
	return head
}

// ShownWarnings are the result's warnings for a student (StudentWarning),
// or, before the first result, those the page knows the run will give:
// that the guarantees of the strategies that have them bound another
// importance than plain PageRank (the engine's words, which
// StudentWarning rewrites). Other warnings depend on the graph.
func (a *App) ShownWarnings() []string {
	var out []string
	if a.Result != nil {
		for _, w := range a.Result.Warnings {
			out = append(out, StudentWarning(w, a.Result))
		}
		return out
	}
	s, ok := a.pendingScenario()
	if !ok || s.Importance != model.ImportancePageRank {
		return nil
	}
	var guaranteed []string
	labels := pendingLabels(s)
	for i, st := range s.Strategies {
		if info, ok := lookupStrategy(st.ID); ok && info.Guaranteed {
			guaranteed = append(guaranteed, labels[i])
		}
	}
	if len(guaranteed) == 0 {
		return nil
	}
	r := pendingResult(s)
	return []string{StudentWarning("importance: the guaranteed curves of "+strings.Join(guaranteed, ", ")+" bound the personalized PageRank of the seeds", r)}
}

// ShownTimeHead is the simulated-time table's head: report.TimeRows's,
// which is the same for every result, but that its first column, which
// the command line heads "simulated time" as the table's title, is
// headed as the metrics table's is, report.ColStrategy: the panel's
// heading says what the table holds.
func (a *App) ShownTimeHead() []string {
	head := a.TimeHead
	if a.Result == nil {
		head, _, _, _ = report.TimeRows(&model.Result{})
	}
	if len(head) == 0 {
		return nil
	}
	return append([]string{report.ColStrategy}, head[1:]...)
}

// ShownTimeRows are the simulated-time table's rows: the result's, or
// stand-ins (timeStandIns) before the first result of a run with the
// politeness clock, and while a run with the clock replaces a result
// without a table, so that the table takes its room when the run starts,
// not when its result arrives. None when neither has the clock.
func (a *App) ShownTimeRows() [][]string {
	rows, _ := a.shownTime()
	return rows
}

// ShownTimeUntimed are the labels of the strategies run without the
// clock, of the same run as ShownTimeRows.
func (a *App) ShownTimeUntimed() []string {
	_, untimed := a.shownTime()
	return untimed
}

// shownTime returns the simulated-time table's rows and the strategies
// it does not time, of the result or of the stand-ins ShownTimeRows
// chooses.
func (a *App) shownTime() (rows [][]string, untimed []string) {
	switch {
	case a.Result == nil:
		if s, ok := a.pendingScenario(); ok {
			return timeStandIns(s)
		}
		return nil, nil
	case a.TimeStandingIn():
		return a.runTimeRows, a.runTimeUntimed
	}
	return a.TimeRows, a.TimeUntimed
}

// TimeStandingIn reports whether the simulated-time table shows the
// stand-ins of the run in progress over a result that has no such table.
func (a *App) TimeStandingIn() bool {
	return a.Result != nil && len(a.TimeRows) == 0 && len(a.runTimeRows) > 0 && a.Stale() && a.Running()
}

// timeStandIns are the simulated-time table's rows of the scenario s
// before its result, one per strategy the clock times (every one but the
// references: the engine times no reference) with every figure Pending,
// and the labels of the strategies it does not time. None when s has no
// clock.
func timeStandIns(s model.Scenario) (rows [][]string, untimed []string) {
	if s.Politeness == nil {
		return nil, nil
	}
	head, _, _, _ := report.TimeRows(&model.Result{})
	for i, label := range pendingLabels(s) {
		if info, _ := lookupStrategy(s.Strategies[i].ID); info.Reference {
			untimed = append(untimed, label)
			continue
		}
		row := []string{label}
		for range len(head) - 1 {
			row = append(row, Pending)
		}
		rows = append(rows, row)
	}
	return rows, untimed
}
