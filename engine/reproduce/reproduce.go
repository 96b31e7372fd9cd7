// Package reproduce runs the experiments of the five papers (docs/algorithms.md
// section 8) with the papers' settings on a graph, and sets the papers'
// published figures beside crawlsim's, each with a verdict: same value,
// same order, same trend, differs (with the known reason when there is
// one: a graph without hosts, say) or not run (with what it lacks). The
// papers' own crawls are not public, so most of their figures can agree
// only in order or trend; a value agrees within a stated tolerance
// (verdict.go).
//
// A reproduction is planned (Paper.Plan: the scenarios it runs), run
// (Reproduction, steppable, or any runner of the scenarios), then assessed
// (Paper.Assess: tables, findings and charts). The package is pure Go and
// builds for the browser, so the page can run the same reproductions.
package reproduce

import (
	"fmt"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/scenario"
)

// DefaultPages is the size of the generated web a reproduction runs on
// when no graph is given: every paper together takes about 150 s of CPU
// time, a few minutes on a 2-core machine (docs/reproducing.md).
const DefaultPages = 450_000

// Input is the graph a reproduction runs on and what is known of it.
type Input struct {
	// Graph is the graph: a file, or the generator's parameters.
	Graph scenario.Source
	// Previous is an earlier snapshot of the graph, for paper 004's
	// historical strategies; nil when there is none. A generated graph
	// gets one from the generator's evolution (its graph is then the
	// older snapshot, and the crawls run on its evolution).
	Previous *scenario.PreviousSource
	// Hosts says whether the graph's pages have hosts (a URL list, or a
	// generated graph).
	Hosts bool
	// Pages is the number of pages (0 when unknown).
	Pages int64
	// RandomSeed seeds every random choice of the runs.
	RandomSeed uint64
	// Budget, when positive, stops every crawl of a paper that takes a
	// budget (Paper.TakesBudget) after that many downloads; 0 crawls
	// until the frontier is empty, as the papers' experiments do.
	Budget int64
	// ChartWidth is the width in pixels the charts are drawn for (the
	// page's, so that their text stays legible on a phone); 0 draws them
	// at the command line's sizes. A chart narrower than 640 pixels takes
	// its legend below the plot.
	ChartWidth int
}

// DefaultInput is a generated web of DefaultPages pages (random seed 1).
func DefaultInput() Input {
	return GeneratedInput(DefaultPages, 1)
}

// GeneratedInput is a generated web of n pages, generator seed 1, with
// random seed seed for the runs.
func GeneratedInput(n int, seed uint64) Input {
	return Input{
		Graph:      scenario.Source{Generate: &scenario.Generate{Pages: n, Seed: model.DefaultRandomSeed}},
		Hosts:      true,
		Pages:      int64(n),
		RandomSeed: seed,
	}
}

// generated says whether the graph is made by the generator.
func (in Input) generated() bool { return in.Graph.Generate != nil }

// previous is the earlier snapshot the historical strategies learn from:
// the one given, else for a generated graph its evolution, else nil.
func (in Input) previous() *scenario.PreviousSource {
	if in.Previous != nil {
		return in.Previous
	}
	if in.generated() {
		return &scenario.PreviousSource{Evolve: &scenario.Evolve{Seed: model.DefaultRandomSeed}}
	}
	return nil
}

// Run is one scenario of a reproduction: a crawl comparison or a revisit
// simulation (exactly one of Crawl and Refresh is set).
type Run struct {
	// Name names the run and its scenario file ("004-table2").
	Name string
	// Title says what it reproduces.
	Title   string
	Crawl   *scenario.Scenario
	Refresh *scenario.Refresh
}

// Results are the outcomes of a reproduction's runs, by run name.
type Results struct {
	Crawl   map[string]*scenario.Result
	Refresh map[string]*scenario.RefreshResult
}

// Report is a paper's reproduction: its runs, what could not be run, the
// tables of figures, the findings with their verdicts and the charts.
type Report struct {
	Paper    *Paper
	Runs     []Run
	Notes    []string
	Tables   []Table
	Findings []Finding
	Charts   []Chart
}

// Table is a table of the paper's figures beside crawlsim's.
type Table struct {
	// Title says what the table holds; Source the paper's table or figure.
	Title  string
	Source string
	Head   []string
	Rows   [][]string
}

// Finding is one published figure or claim beside crawlsim's.
type Finding struct {
	// Figure is where the paper gives it ("Table 2", "Fig. 4").
	Figure string
	// Claim says what is compared.
	Claim string
	// Published and Ours are the two sides, as text.
	Published string
	Ours      string
	Verdict   Verdict
	// Reason is the known reason of a difference, or a caveat ("" when
	// none).
	Reason string
}

// Chart is an SVG chart drawn like one of the paper's figures.
type Chart struct {
	// Name is its file name ("004-fig4.svg"); Title says which figure.
	Name  string
	Title string
	SVG   []byte
}

// Paper is one paper's reproduction.
type Paper struct {
	// ID is the paper's number in docs/algorithms.md ("004"), Name its short name
	// ("crawling-a-country").
	ID   string
	Name string
	// Citation names the paper; Reproduces lists the figures reproduced.
	Citation   string
	Reproduces string
	// Short cites the paper by its authors and year ("Baeza-Yates et al.
	// 2005"), as the run and chart titles, notes and verdicts do: the
	// reader of a report or of the page has no seeds/ folder to look in.
	Short string
	// TakesBudget says whether the paper's findings can be read from
	// crawls stopped at Input.Budget downloads: they compare the crawls
	// over the same downloads, not at their ends.
	TakesBudget bool

	plan   func(in Input) ([]Run, []string)
	assess func(in Input, runs []Run, res Results) (*Report, error)
}

// Plan returns the runs of the paper's experiment on in, and notes on
// what the graph lacks for the rest.
func (p *Paper) Plan(in Input) ([]Run, []string) {
	if in.RandomSeed == 0 {
		in.RandomSeed = model.DefaultRandomSeed
	}
	return p.plan(in)
}

// Assess reads the results of the runs Plan gave and returns the report.
// A run missing from res is an error.
func (p *Paper) Assess(in Input, runs []Run, notes []string, res Results) (*Report, error) {
	for _, r := range runs {
		if (r.Crawl != nil && res.Crawl[r.Name] == nil) || (r.Refresh != nil && res.Refresh[r.Name] == nil) {
			return nil, fmt.Errorf("reproduce %s: no result for run %s", p.ID, r.Name)
		}
	}
	rep, err := p.assess(in, runs, res)
	if err != nil {
		return nil, fmt.Errorf("reproduce %s: %w", p.ID, err)
	}
	rep.Paper, rep.Runs = p, runs
	rep.Notes = append(append([]string(nil), notes...), rep.Notes...)
	return rep, nil
}

// Papers returns the reproducible papers, by number.
func Papers() []*Paper {
	return []*Paper{paperFPR(), paperRankMass(), paperRevisits(), paperCommunitySeeds(), paperCountry()}
}

// Find returns the papers a name selects: a number ("004"), a short name
// ("crawling-a-country") or "all".
func Find(name string) ([]*Paper, error) {
	all := Papers()
	if name == "all" {
		return all, nil
	}
	var names []string
	for _, p := range all {
		if p.ID == name || p.Name == name {
			return []*Paper{p}, nil
		}
		names = append(names, p.ID+" ("+p.Name+")")
	}
	return nil, fmt.Errorf("unknown paper %q: expected %s, or all", name, strings.Join(names, ", "))
}

// Plans are the runs of several papers on one graph, planned together so
// that they run as one batch (Runs, e.g. through NewReproduction) and are
// then assessed paper by paper (Assess): what the command line and the
// page's Papers panel both do.
type Plans struct {
	in     Input
	papers []plannedPaper
	// Runs lists every paper's runs, in the papers' order.
	Runs []Run
}

// plannedPaper is one paper's part of Plans.
type plannedPaper struct {
	paper *Paper
	runs  []Run
	notes []string
}

// PlanPapers plans each of papers on in (Paper.Plan).
// CheckBudget returns an error when budget is negative, or positive
// with a paper among papers that does not take a budget
// (Paper.TakesBudget): its findings read crawls to their ends.
func CheckBudget(papers []*Paper, budget int64) error {
	if budget < 0 {
		return fmt.Errorf("budget %d is negative; 0 means no limit", budget)
	}
	if budget == 0 {
		return nil
	}
	var takes, refuse []string
	for _, p := range Papers() {
		if p.TakesBudget {
			takes = append(takes, p.ID+" ("+p.Name+")")
		}
	}
	for _, p := range papers {
		if !p.TakesBudget {
			refuse = append(refuse, p.ID+" ("+p.Name+")")
		}
	}
	switch {
	case len(refuse) == 1:
		return fmt.Errorf("a budget applies to paper %s only: paper %s reads its runs to their ends", strings.Join(takes, ", "), refuse[0])
	case len(refuse) > 1:
		return fmt.Errorf("a budget applies to paper %s only: papers %s read their runs to their ends", strings.Join(takes, ", "), strings.Join(refuse, ", "))
	}
	return nil
}

func PlanPapers(papers []*Paper, in Input) *Plans {
	ps := &Plans{in: in}
	for _, p := range papers {
		runs, notes := p.Plan(in)
		ps.papers = append(ps.papers, plannedPaper{p, runs, notes})
		ps.Runs = append(ps.Runs, runs...)
	}
	return ps
}

// Assess assesses every paper from the results of Runs (Paper.Assess), in
// the papers' order.
func (ps *Plans) Assess(res Results) ([]*Report, error) {
	reps := make([]*Report, 0, len(ps.papers))
	for _, pl := range ps.papers {
		rep, err := pl.paper.Assess(ps.in, pl.runs, pl.notes, res)
		if err != nil {
			return nil, err
		}
		reps = append(reps, rep)
	}
	return reps, nil
}
