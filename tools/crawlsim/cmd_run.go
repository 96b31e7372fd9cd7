package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/crawlsim/crawlsim/engine/crawl"
	"github.com/crawlsim/crawlsim/engine/graphio"
	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/engine/seeds"
	"github.com/crawlsim/crawlsim/engine/step"
)

func runCommand() *command {
	return &command{
		name: "run",
		args: "[GRAPH]",
		summary: `Compare crawl-ordering strategies on a graph.
The scenario comes from the flags, or from -scenario FILE (a scenario JSON as
-save-scenario writes it) or -scenario 'LINK' (a link of the page, such as its
Share panel's permalink, in quotes); flags given with -scenario override the
scenario's fields. The graph is the GRAPH argument, else the scenario's graph,
else a generated graph (-n pages and the other generator flags). With no
arguments at all, run compares the default set of strategies on a generated
graph of 100,000 pages.

-strategies lists strategy ids separated by commas. A parameter follows its
strategy's id after a colon as NAME=VALUE; further parameters of the same
strategy follow as NAME=VALUE items:
  -strategies optimal,bfs,fpr-m:m=10,windowed-rankmass:window=0.2,opic
  -strategies optimal,batch-pagerank:batch=0.05,tolerance=1e-6,fpr
('crawlsim strategies' lists the ids and parameters, with their papers.) A
strategy given twice needs different parameters, which make the table's
labels differ; a -scenario file can also give each strategy its own label.

Every crawl starts from the same seeds and is scored by the same importance.
The table gives per strategy the pages downloaded, the average cumulative
importance and Kendall's tau (Baeza-Yates et al., WWW 2005), the downloads
needed to reach 50, 80, 90 and 98% of the importance, actually and by the
strategy's guarantee (Cho and Schonfeld, VLDB 2007), the cost counters and the
scheduling time. -politeness runs every crawl on the politeness clock (host
waits and r connections, as Baeza-Yates et al. simulate them) and adds the
simulated time to each level, the crawl's duration and the connections' use.
A scenario with a seed study (seed_study) prints it as 'crawlsim seeds' does,
after the table when it has strategies, in its place when it has none.
-csv, -svg and -o write the curves, a chart and the whole result (a seed
study without strategies: its per-depth table and chart);
-save-scenario writes the scenario with every default filled in, so that
-scenario FILE runs it again to the same result, and -link the page's link of
that scenario (on the page of 'go run serve.go', or of -link-base URL), which
opens it there with the chart's view of -svg-x and -svg-log. Like the page,
-svg draws a -scenario link's view unless -svg-x or -svg-log say otherwise,
and the guaranteed curves when the importance is personalized. File names in
a scenario are read like the command line's, relative to the current folder.`,
		printFlags: printRunFlags,
		setup: func(fs *flag.FlagSet) func(context.Context, *env, []string) error {
			f := registerRunFlags(fs)
			return func(ctx context.Context, e *env, args []string) error {
				return f.run(ctx, e, args, explicitFlags(fs))
			}
		},
	}
}

// run checks every flag, builds the scenario, runs it and writes its
// outputs. set holds the flags given on the command line.
func (f *runFlags) run(ctx context.Context, e *env, args []string, set map[string]bool) error {
	if f.jobs < 0 {
		return usagef("-j %d: want 0 (as many as GOMAXPROCS) or more strategies at once", f.jobs)
	}
	sc, err := f.scenario(args, set)
	if err != nil {
		return err
	}
	if f.tr != "" && sc.Graph.File == "" {
		// The transpose of a generated graph is built with it; one read
		// from a file would go unused.
		return usagef("-transpose %s: the graph is generated, and its PageRank transposes it; -transpose goes with a graph file", f.tr)
	}
	if err := f.checkOutputs(e, sc, set); err != nil {
		return err
	}
	if err := f.checkImportanceFile(sc); err != nil {
		return err
	}
	if sc.Graph.File != "" && sc.Graph.Renumber {
		// As every command that reads a graph refuses them
		// (graphInput.check): -renumber beside -urls, or of a graph
		// that is not an edge list.
		in := graphInput{formatName: sc.Graph.Format, urls: sc.Graph.URLs, renumber: true}
		if err := in.check([]string{sc.Graph.File}); err != nil {
			return err
		}
	}
	if sc.Graph.File != "" && sc.Graph.URLs == "" && sc.Graph.Generate == nil {
		if s, err := seeds.Parse(sc.Seeds); err == nil && (s.Kind == seeds.HostRoots || s.Kind == seeds.Community) {
			in := graphInput{formatName: sc.Graph.Format}
			if err := in.check([]string{sc.Graph.File}); err == nil && !in.mayHaveURLs() {
				return usagef("-seeds %s needs hosts: give -urls FILE", s.Kind)
			}
		}
	}
	if set["svg-x"] && f.svgX == report.XTime && sc.Politeness == nil {
		return usagef("-svg-x time needs the politeness clock (-politeness)")
	}
	// The chart's view of -svg and -link: the flags', else the -scenario
	// link's (chartView).
	viewX, viewLog := f.chartView(sc, set)
	// The files the scenario reads must be there before anything runs.
	inputs := []scenarioInput{
		{sc.Graph.File, "graph.file", len(args) == 1, ""},
		{sc.Graph.URLs, "graph.urls", len(args) == 1 || set["urls"], givenBy(set, "urls")},
		{pageSizesFile(sc), "politeness.page_sizes.file", set["page-sizes"], givenBy(set, "page-sizes")},
	}
	if p := sc.Previous; p != nil {
		inputs = append(inputs, scenarioInput{p.File, "previous.file", set["previous"], givenBy(set, "previous")},
			scenarioInput{p.URLs, "previous.urls", set["previous"] || set["previous-urls"], givenBy(set, "previous-urls")})
	}
	for _, in := range inputs {
		if in.name != "" {
			if err := mustExist(in.name); err != nil {
				return f.scenarioInputError(err, in)
			}
		}
	}
	if f.tr != "" {
		f.tr = webGraphBasename(f.tr)
		if err := mustExist(f.tr); err != nil {
			return ofFlag("transpose", err)
		}
	}

	// -orders: the download orders, kept in temporary files as each crawl
	// ends (its order is dropped with it), written with the other outputs
	// in the result's order of strategies.
	var orders *orderSpill
	var keepOrders func(scenario.CrawlOrder) error
	if f.orders != "" {
		orders = newOrderSpill(ctx, f.orders)
		defer orders.remove()
		keepOrders = orders.keep
	}
	res, err := runScenarioOrders(ctx, e, sc, runFiles{importance: f.importanceInput(), transpose: f.tr}, keepOrders, f.jobs)
	if err != nil {
		return f.placeSeedError(err, set)
	}

	// Every output but -orders (whose rows are made already, in
	// temporary files) is made in memory first: one that fails (a chart,
	// say) costs neither the others nor the table.
	var outs []output
	if f.out != "" {
		outs = append(outs, output{path: f.out, flag: "o", inMemory: true, write: func(w io.Writer) error { return report.JSON(w, res) }})
	}
	// A run of a seed study alone (reproduce's 003-fig7-10.json) has no
	// curve: its -csv and -svg are the study's per-depth table and chart.
	studyOnly := res.SeedStudy != nil && len(res.Strategies) == 0
	if f.csvOut != "" {
		csv := report.CSV
		if studyOnly {
			csv = report.DepthCSV
		}
		outs = append(outs, output{path: f.csvOut, flag: "csv", inMemory: true, write: func(w io.Writer) error { return csv(w, res) }})
	}
	if orders != nil {
		labels := make([]string, len(res.Strategies))
		for k, s := range res.Strategies {
			labels[k] = s.Label
		}
		// Not made in memory: the rows are already made, and can be
		// gigabytes.
		outs = append(outs, output{path: f.orders, flag: "orders", write: func(w io.Writer) error { return orders.write(w, labels) }})
	}
	if f.svgOut != "" {
		opt := report.ChartOptions{X: viewX, LogX: viewLog, Guarantees: f.guarantees(res, set), Catalogue: scenario.Catalogue().Strategies}
		svg := func(w io.Writer) error { return report.SVG(w, res, opt) }
		if studyOnly {
			svg = func(w io.Writer) error { return report.DepthSVG(w, res) }
		}
		outs = append(outs, output{path: f.svgOut, flag: "svg", inMemory: true, write: svg})
	}
	if f.saveScen != "" {
		saved := res.Scenario
		outs = append(outs, output{path: f.saveScen, flag: "save-scenario", inMemory: true, write: func(w io.Writer) error {
			b, err := scenario.Marshal(saved)
			if err != nil {
				return err
			}
			_, err = w.Write(b)
			return err
		}})
	}
	if f.link != "" {
		// The scenario -save-scenario writes, which the result holds.
		linked := res.Scenario
		outs = append(outs, output{path: f.link, flag: "link", inMemory: true, write: func(w io.Writer) error {
			link, err := pageLink(f.linkBase, linked, viewX, viewLog)
			if err != nil {
				return err
			}
			_, err = io.WriteString(w, link+"\n")
			return err
		}})
	}
	if res.SeedStudy != nil && !studyOnly {
		f.noteSeedStudyOutputs(e)
	}
	f.linkNotes(e, res.Scenario)
	return finishOutputs(ctx, e, outs, func(w io.Writer) error {
		if f.asJSON {
			return report.JSON(w, res)
		}
		return printTerminal(w, func(w io.Writer) error { return printResult(w, res) })
	})
}

// printResult writes a run's result as text: the strategy table when the
// run has crawls, the seed study (as 'crawlsim seeds' prints it) when it
// has one, and both, the graph's facts once, when it has both.
func printResult(w io.Writer, res *scenario.Result) error {
	switch {
	case res.SeedStudy == nil:
		return report.Table(w, res)
	case len(res.Strategies) == 0:
		return report.SeedTable(w, res)
	}
	if err := report.Table(w, res); err != nil {
		return err
	}
	if _, err := io.WriteString(w, "\n"); err != nil {
		return err
	}
	return report.SeedStudyText(w, res)
}

// noteSeedStudyOutputs says, for a run with crawls and a seed study, that
// -csv and -svg hold the crawls' curves and where the study is instead.
func (f *runFlags) noteSeedStudyOutputs(e *env) {
	var flags []string
	if f.csvOut != "" {
		flags = append(flags, "-csv")
	}
	if f.svgOut != "" {
		flags = append(flags, "-svg")
	}
	if len(flags) == 0 {
		return
	}
	verb := "holds"
	if len(flags) > 1 {
		verb = "hold"
	}
	fmt.Fprintf(e.stderr, "note: %s %s the crawls' curves; the seed study is in the table printed and in the result JSON (-o FILE, -json); 'crawlsim seeds -svg FILE' draws its chart\n",
		strings.Join(flags, " and "), verb)
}

// scenario builds the scenario from -scenario FILE (or the default one) and
// the flags given, and normalizes it. Mistakes in flags are usage errors;
// mistakes in the file name the file.
func (f *runFlags) scenario(args []string, set map[string]bool) (scenario.Scenario, error) {
	var sc scenario.Scenario
	if len(args) > 1 {
		return sc, usagef("expected at most one graph file, got %d arguments", len(args))
	}
	fromFile := f.file != ""
	var text []byte // the scenario file's, to place its errors
	if fromFile {
		var err error
		if text, f.fromLink, err = scenarioOfLink(f.file); err != nil {
			return sc, err
		}
		if !f.fromLink {
			if text, err = readScenarioFile(f.file); err != nil {
				return sc, err
			}
		} else {
			f.linkView.x, f.linkView.logX, f.linkView.unknown = report.LinkView(linkFragment(f.file))
		}
		if sc, err = scenario.Parse(bytes.NewReader(text), f.scenarioName()); err != nil {
			return sc, scenarioOfOtherCommand(err, "run", f.scenarioName())
		}
		f.fileText = text
	} else {
		sc = scenario.Default()
	}

	// The graph: an argument replaces the scenario's; the flags given
	// override the fields they set.
	if len(args) == 1 {
		sc.Graph = scenario.Source{File: webGraphBasename(args[0])}
	}
	if err := f.apply(&sc, set); err != nil {
		return sc, err
	}
	if fromFile && !set["seeds"] {
		if err := f.readScenarioSeedFile(&sc); err != nil {
			return sc, err
		}
	}

	for _, st := range sc.Strategies {
		if info, ok := crawl.Lookup(st.ID); ok && info.NeedsPrevious && sc.Previous == nil {
			if fromFile && !set["strategies"] {
				return sc, fmt.Errorf("%s: strategy %s needs a previous snapshot: set previous in the file, or give -previous FILE or -evolve", f.scenarioPhrase(), st.ID)
			}
			return sc, usagef("-strategies: %s needs a previous snapshot: give -previous FILE or -evolve", st.ID)
		}
	}
	norm, err := scenario.Normalize(sc)
	if err != nil {
		return sc, f.scenarioError(err, sc, text, set)
	}
	return norm, nil
}

// readScenarioSeedFile reads the seed list of the -scenario file's
// "seeds": "list:FILE" (seeds.Spec.File), as -seeds list:FILE is read: the
// scenario then holds its items, and errors about them point at the
// file's lines.
func (f *runFlags) readScenarioSeedFile(sc *scenario.Scenario) error {
	spec, err := seeds.Parse(sc.Seeds)
	if err != nil || spec.File == "" {
		return nil // Normalize reports a bad spec at the field
	}
	name := spec.File
	if spec, err = readSeedFile(spec, f.scenarioPhrase()+": seeds"); err != nil {
		return f.scenarioInputError(err, scenarioInput{name: name, field: "seeds"})
	}
	f.seedList, f.seedFile = spec, spec.Source
	sc.Seeds = spec.String()
	return nil
}

// scenarioInput is a file that a run's scenario reads: its name, the
// scenario field that holds it, whether the command line gave it (a
// graph argument or a flag) rather than the -scenario file, and the flag
// that gave it, if one did.
type scenarioInput struct {
	name, field string
	given       bool
	flag        string
}

// givenBy returns name when flag -name was given, else "".
func givenBy(set map[string]bool, name string) string {
	if set[name] {
		return name
	}
	return ""
}

// scenarioInputError adds to err, the error of an input that cannot be
// read, the flag that named it; or, when the -scenario file named it with
// a relative name, the file's field that did and where its name is read
// from: run from another folder than the one the scenario was saved in,
// "cannot read web.csr" would not say where web.csr came from.
func (f *runFlags) scenarioInputError(err error, in scenarioInput) error {
	if in.flag != "" {
		return ofFlag(in.flag, err)
	}
	if f.file == "" || in.given || filepath.IsAbs(in.name) {
		return err
	}
	the := linkScenario
	if !f.fromLink {
		the = "the scenario " + f.file
	}
	return fmt.Errorf("%w (%s in %s; its file names are read relative to the current folder)", err, in.field, the)
}

// checkOutputs checks the output flags before anything runs: none may
// replace a file the scenario sc reads, nor another output.
func (f *runFlags) checkOutputs(e *env, sc scenario.Scenario, set map[string]bool) error {
	switch f.svgX {
	case report.XFraction, report.XCount, report.XTime:
	default:
		if set["svg-x"] {
			return usagef("-svg-x %q is not an axis: want fraction, count or time", f.svgX)
		}
	}
	if f.svgOut == "" && set["svg-guarantees"] {
		return usagef("-svg-guarantees needs -svg FILE")
	}
	if f.svgOut == "" && f.link == "" {
		for _, name := range []string{"svg-x", "svg-log"} {
			if set[name] {
				return usagef("-%s needs -svg FILE or -link FILE", name)
			}
		}
	}
	if f.link == "" && set["link-base"] {
		return usagef("-link-base needs -link FILE")
	}
	if f.link != "" {
		if err := checkLinkBase(f.linkBase); err != nil {
			return err
		}
	}
	outs := []outputFlag{{"o", f.out}, {"csv", f.csvOut}, {"orders", f.orders}, {"svg", f.svgOut}, {"save-scenario", f.saveScen}, {"link", f.link}}
	file := f.file
	if f.fromLink {
		file = ""
	}
	ins := append(scenarioInputs(sc, file), inputFile{f.impFile, "the importance file " + f.impFile}, inputFile{f.seedFile, "the seed list " + f.seedFile})
	if f.tr != "" {
		ins = append(ins, graphFiles(f.tr, graphio.FormatAuto, "the transpose")...)
	}
	if err := refuseGzipName("save-scenario", f.saveScen, "a scenario", "-scenario"); err != nil {
		return err
	}
	return checkFiles(e, ins, outs, f.asJSON)
}

// runScenario runs sc with a progress bar per strategy on a terminal, and
// measures scheduling time with the process's monotonic clock. Files are
// read with a bar counting their bytes, and reading stops when ctx is
// cancelled. The run may use the memory currentMemoryBudget gives
// (scenario.Env.MaxBytes): a file, a generated graph or a comparison
// that would need more is refused before it is allocated.
func runScenario(ctx context.Context, e *env, sc scenario.Scenario) (*scenario.Result, error) {
	return runScenarioWith(ctx, e, sc, "")
}

// runScenarioWith is runScenario reading the pagerank importance from
// importanceFile when it is not "" (scenario.Env.ImportanceFile).
func runScenarioWith(ctx context.Context, e *env, sc scenario.Scenario, importanceFile string) (*scenario.Result, error) {
	return runScenarioOrders(ctx, e, sc, runFiles{importance: importanceInput{file: importanceFile}}, nil, 0)
}

// runFiles are the files a run reads beside the scenario's: the importance
// vector with how to read it (scenario.Env.ImportanceFile) and the graph's
// transpose (scenario.Env.Transpose), each "" when not given.
type runFiles struct {
	importance importanceInput
	transpose  string
}

// transposeFor returns the transpose a run of the graph at path in format
// loads (transposeFile): the one -transpose names, else NAME-t.graph
// beside a large BVGraph unless an importance file replaces the PageRank
// it would serve (a large transpose, packed, would take gigabytes for
// nothing).
func (f runFiles) transposeFor(path string, format graphio.Format, budget int64) string {
	if f.importance.file != "" && f.transpose == "" {
		return ""
	}
	return transposeFile(path, format, f.transpose, budget)
}

// runScenarioOrders is runScenarioWith that also gives every crawl's
// download order to orders, when not nil (scenario.Env.Orders), and
// crawls parallel strategies at once (scenario.Env.Parallel; 0: as many
// as GOMAXPROCS).
func runScenarioOrders(ctx context.Context, e *env, sc scenario.Scenario, files runFiles, orders func(scenario.CrawlOrder) error, parallel int) (*scenario.Result, error) {
	sr, err := newStepRunner(ctx, e)
	if err != nil {
		return nil, err
	}
	sr.Env.Orders = orders
	files.importance.setEnv(&sr.Env)
	if parallel > 0 {
		sr.Env.Parallel = parallel
	}
	if sc.Graph.File != "" {
		format, _ := resolveFormat("format", sc.Graph.Format, sc.Graph.File)
		sr.Env.Transpose = files.transposeFor(sc.Graph.File, format, sr.Env.MaxBytes)
	}
	runner, err := scenario.New(sc, sr.Env)
	if err != nil {
		return nil, err
	}
	bars := newRunBars(e, sc)
	err = sr.run(runner, func(step.Progress) { bars.update(runner) })
	bars.finish()
	if errors.Is(err, graphio.ErrNoScoreColumn) {
		return nil, &renamedError{msg: err.Error() + " with -importance-column NAME (or its number from 1)", err: err}
	}
	if err != nil {
		return nil, err
	}
	res, err := runner.Result()
	if err != nil {
		return nil, err
	}
	model.OrderStrategies(res.Strategies, scenario.Catalogue().Strategies)
	return res, nil
}
