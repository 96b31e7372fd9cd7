package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/crawlsim/crawlsim/engine/crawl"
	"github.com/crawlsim/crawlsim/engine/gen"
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
-save-scenario writes it, or as the page's permalink holds it); flags given
with -scenario override the file's fields. The graph is the GRAPH argument,
else the scenario's graph, else a generated graph (-n pages and the other
generator flags). With no arguments at all, run compares the default set of
strategies on a generated graph of 100,000 pages.

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
-csv, -svg and -o write the curves, a chart and the whole result;
-save-scenario writes the scenario with every default filled in, so that
-scenario FILE runs it again to the same result. File names in a scenario are
read like the command line's, relative to the current folder.`,
		setup: func(fs *flag.FlagSet) func(context.Context, *env, []string) error {
			f := registerRunFlags(fs)
			return func(ctx context.Context, e *env, args []string) error {
				return f.run(ctx, e, args, explicitFlags(fs))
			}
		},
	}
}

// runFlags holds run's flags.
type runFlags struct {
	in       graphInput
	file     string
	strats   string
	seeds    string
	impor    string
	damping  float64
	tol      float64
	budget   int64
	rseed    uint64
	polite   bool
	conns    int
	wait     float64
	latency  float64
	pageSize float64
	bw       float64
	prev     string
	prevFmt  string
	prevURLs string
	evolve   bool
	evoSeed  uint64
	gen      *generatorFlags
	lower    int
	points   int
	tau      int
	csvOut   string
	svgOut   string
	svgX     string
	svgGuar  bool
	out      string
	saveScen string
	asJSON   bool
	// impFile is -importance-file (importance.go).
	impFile string
}

// politenessFlags are run's flags that set the politeness clock; any of
// them turns it on.
var politenessFlags = []string{"connections", "wait", "latency", "page-size", "bandwidth"}

// strategiesHelp is the help of -strategies: the notation and the default
// comparison, with why the costly strategies are left out of it.
func strategiesHelp() string {
	var ids []string
	for _, s := range scenario.DefaultStrategies() {
		ids = append(ids, s.ID)
	}
	return "strategies to compare: `LIST` of ID or ID:NAME=VALUE,NAME=VALUE, comma-separated (see crawlsim strategies). " +
		"Default: " + strings.Join(ids, ", ") + ". Left out of the default for their cost: rankmass (millions of virtual re-expansions), " +
		"batch-pagerank and partial-pagerank (a PageRank of the known graph after every batch of downloads); l-neighbor, which downloads by levels much like bfs; " +
		"and the hist-pagerank strategies, which need -previous or -evolve"
}

func registerRunFlags(fs *flag.FlagSet) *runFlags {
	f := &runFlags{}
	def := scenario.Default()
	pol := crawl.DefaultPoliteness()
	f.in.register(fs)
	fs.StringVar(&f.file, "scenario", "", "read the scenario from `FILE` (JSON); other flags override its fields")
	fs.StringVar(&f.strats, "strategies", "", strategiesHelp())
	fs.StringVar(&f.seeds, "seeds", def.Seeds, "seed set `SPEC`: top-pagerank:K, random:K, community:K (needs hosts; see crawlsim seeds), host-roots (needs hosts), list:ID,ID,... (ids or URLs) or list:FILE")
	fs.StringVar(&f.impor, "importance", def.Importance, "importance `KIND` that scores every crawl: pagerank (uniform teleport) or personalized (teleport uniform over the seeds, which the guarantees bound)")
	fs.StringVar(&f.impFile, "importance-file", "", "read the pagerank importance from `FILE` instead of computing it: rank -o NAME.imp (checked to be this graph's), or another engine's vector, one score per page as text lines or little-endian float64 (only its length is checked)")
	fs.Float64Var(&f.damping, "damping", def.Damping, "damping factor `D`, in (0,1], for the importance and the strategies")
	fs.Float64Var(&f.tol, "tol", def.Tolerance, "stop the importance's PageRank when its L1 change is below `TOL`")
	fs.Int64Var(&f.budget, "budget", 0, "download at most `N` pages per crawl (0: until the frontier is empty)")
	fs.Uint64Var(&f.rseed, "random-seed", def.RandomSeed, "`SEED` of every random choice of the run: random:K seed sets, the random strategy, tau's sample (not the generated graph: -gen-seed)")
	fs.BoolVar(&f.polite, "politeness", false, "run every crawl but optimal on the politeness clock; -connections, -wait, -latency, -page-size and -bandwidth imply it")
	fs.IntVar(&f.conns, "connections", pol.Connections, "politeness: `N` downloads in flight at once, never two from one host")
	fs.Float64Var(&f.wait, "wait", pol.Wait, "politeness: `SECONDS` between two downloads from one host (0: no wait)")
	fs.Float64Var(&f.latency, "latency", pol.Latency, "politeness: fixed `SECONDS` of every download")
	fs.Float64Var(&f.pageSize, "page-size", pol.PageSize, "politeness: `BYTES` of every page")
	fs.Float64Var(&f.bw, "bandwidth", pol.Bandwidth, "politeness: `BYTES` per second of a connection")
	fs.StringVar(&f.prev, "previous", "", "previous snapshot `FILE` of the graph, for the hist-pagerank strategies (pages matched by URL, else by id)")
	fs.StringVar(&f.prevFmt, "previous-format", "", "-previous file's `FORMAT` (default: from its name)")
	fs.StringVar(&f.prevURLs, "previous-urls", "", "URL list `FILE` of the -previous graph")
	ev := gen.DefaultEvolveParams()
	fs.BoolVar(&f.evolve, "evolve", false, fmt.Sprintf("for the hist-pagerank strategies: take the graph as the previous snapshot and crawl its evolution "+
		"(%g%% new pages, %g%% removed, %g%% new links, %g%% removed; change these shares in a -scenario file, previous.evolve)",
		100*ev.NewPages, 100*ev.RemovedPages, 100*ev.NewLinks, 100*ev.RemovedLinks))
	fs.Uint64Var(&f.evoSeed, "evolve-seed", 1, "random `SEED` of -evolve")
	f.gen = registerGeneratorFlags(fs, "generated graph: ", "gen-seed", "gen calls it -seed")
	fs.IntVar(&f.lower, "lower-bound", 0, "compute every strategy's generic lower bound (personalized PageRank of the downloaded pages) at `N` checkpoints; each costs a PageRank")
	fs.IntVar(&f.points, "curve-points", def.Metrics.CurvePoints, "`N` evenly spaced points per curve (crawls of at most 2N pages keep every point)")
	fs.IntVar(&f.tau, "tau-sample", def.Metrics.TauSample, "`N` pages in Kendall's tau sample")
	fs.StringVar(&f.csvOut, "csv", "", "write every curve to `FILE` as CSV (strategy,kind,k,fraction,value[,time])")
	fs.StringVar(&f.svgOut, "svg", "", "write a chart of the curves to `FILE` (SVG: one line per strategy, optimal dashed)")
	fs.StringVar(&f.svgX, "svg-x", report.XFraction, "x `AXIS` of the -svg chart: fraction (of the reachable pages), count, or time (with politeness)")
	fs.BoolVar(&f.svgGuar, "svg-guarantees", false, "also draw the guaranteed curves and lower bounds in the -svg chart")
	fs.StringVar(&f.out, "o", "", "write the whole result to `FILE` as JSON")
	fs.StringVar(&f.saveScen, "save-scenario", "", "write the scenario, every default filled in, to `FILE` (JSON) for -scenario")
	fs.BoolVar(&f.asJSON, "json", false, "print the result as JSON instead of a table")
	return f
}

// run checks every flag, builds the scenario, runs it and writes its
// outputs. set holds the flags given on the command line.
func (f *runFlags) run(ctx context.Context, e *env, args []string, set map[string]bool) error {
	sc, err := f.scenario(args, set)
	if err != nil {
		return err
	}
	if err := f.checkOutputs(e, sc, set); err != nil {
		return err
	}
	if err := f.checkImportanceFile(sc); err != nil {
		return err
	}
	if sc.Graph.File != "" && sc.Graph.URLs == "" && sc.Graph.Generate == nil {
		if s, err := seeds.Parse(sc.Seeds); err == nil && s.Kind == seeds.HostRoots {
			in := graphInput{formatName: sc.Graph.Format}
			if err := in.check([]string{sc.Graph.File}); err == nil && !in.mayHaveURLs() {
				return usagef("-seeds host-roots needs hosts: give -urls FILE")
			}
		}
	}
	if f.svgOut != "" && f.svgX == report.XTime && sc.Politeness == nil {
		return usagef("-svg-x time needs the politeness clock (-politeness)")
	}
	// The files the scenario reads must be there before anything runs.
	for _, name := range []string{sc.Graph.File, sc.Graph.URLs} {
		if name != "" {
			if err := mustExist(name); err != nil {
				return err
			}
		}
	}
	if p := sc.Previous; p != nil {
		for _, name := range []string{p.File, p.URLs} {
			if name != "" {
				if err := mustExist(name); err != nil {
					return err
				}
			}
		}
	}

	res, err := runScenarioWith(ctx, e, sc, f.impFile)
	if err != nil {
		return err
	}

	// Every output is made in memory first: one that fails (a chart, say)
	// costs neither the others nor the table.
	var outs []output
	if f.out != "" {
		outs = append(outs, output{path: f.out, inMemory: true, write: func(w io.Writer) error { return report.JSON(w, res) }})
	}
	if f.csvOut != "" {
		outs = append(outs, output{path: f.csvOut, inMemory: true, write: func(w io.Writer) error { return report.CSV(w, res) }})
	}
	if f.svgOut != "" {
		opt := report.ChartOptions{X: f.svgX, Guarantees: f.svgGuar}
		outs = append(outs, output{path: f.svgOut, inMemory: true, write: func(w io.Writer) error { return report.SVG(w, res, opt) }})
	}
	if f.saveScen != "" {
		saved := res.Scenario
		outs = append(outs, output{path: f.saveScen, inMemory: true, write: func(w io.Writer) error {
			b, err := scenario.Marshal(saved)
			if err != nil {
				return err
			}
			_, err = w.Write(b)
			return err
		}})
	}
	return finishOutputs(ctx, e, outs, func(w io.Writer) error {
		if f.asJSON {
			return report.JSON(w, res)
		}
		return printTerminal(w, func(w io.Writer) error { return report.Table(w, res) })
	})
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
		if text, err = readScenarioFile(f.file); err != nil {
			return sc, err
		}
		if sc, err = scenario.Parse(bytes.NewReader(text), f.file); err != nil {
			return sc, err
		}
	} else {
		sc = scenario.Default()
	}

	// The graph: an argument replaces the scenario's; generator flags
	// describe a generated one.
	if len(args) == 1 {
		sc.Graph = scenario.Source{File: args[0]}
	}
	for _, name := range f.gen.names() {
		if set[name] && sc.Graph.File != "" {
			where := "the graph file " + sc.Graph.File
			return sc, usagef("-%s describes a generated graph, but the scenario crawls %s", name, where)
		}
	}
	if sc.Graph.File != "" {
		if set["format"] {
			sc.Graph.Format = f.in.formatName
		}
		if set["urls"] {
			sc.Graph.URLs = f.in.urls
		}
		if _, err := resolveFormat("format", sc.Graph.Format, sc.Graph.File); err != nil {
			return sc, err
		}
	} else {
		for _, name := range []string{"format", "urls"} {
			if set[name] {
				return sc, usagef("-%s describes a graph file; give one as the argument", name)
			}
		}
		if err := f.gen.check(set); err != nil {
			return sc, err
		}
		if sc.Graph.Generate == nil {
			sc.Graph.Generate = &scenario.Generate{}
		}
		f.applyGenerator(sc.Graph.Generate, set)
	}

	if set["strategies"] {
		list, err := parseStrategyList(f.strats)
		if err != nil {
			return sc, usagef("-strategies: %v", err)
		}
		sc.Strategies = list
	}
	if set["seeds"] {
		spec, err := seeds.Parse(f.seeds)
		if err != nil {
			return sc, usagef("-seeds: %v", err)
		}
		if spec, err = readSeedFile(spec); err != nil {
			return sc, err
		}
		sc.Seeds = spec.String()
	}
	if set["importance"] {
		sc.Importance = f.impor
	}
	if set["damping"] {
		if !(f.damping > 0 && f.damping <= 1) {
			return sc, usagef("-damping must be in (0,1], got %g", f.damping)
		}
		sc.Damping = f.damping
	}
	if set["tol"] {
		if !(f.tol > 0 && f.tol < 1) {
			return sc, usagef("-tol must be positive and below 1, got %g", f.tol)
		}
		sc.Tolerance = f.tol
	}
	if set["budget"] {
		if f.budget < 0 {
			return sc, usagef("-budget must be 0 (no limit) or more, got %d", f.budget)
		}
		sc.Budget = f.budget
	}
	if set["random-seed"] {
		sc.RandomSeed = f.rseed
	}
	if err := f.applyPoliteness(&sc, set); err != nil {
		return sc, err
	}
	if err := f.applyPrevious(&sc, set); err != nil {
		return sc, err
	}
	for _, m := range []struct {
		name  string
		value int
		field *int
	}{{"lower-bound", f.lower, &sc.Metrics.LowerBound}, {"curve-points", f.points, &sc.Metrics.CurvePoints}, {"tau-sample", f.tau, &sc.Metrics.TauSample}} {
		if !set[m.name] {
			continue
		}
		if m.value < 0 || (m.value == 0 && m.name != "lower-bound") {
			return sc, usagef("-%s must be positive, got %d", m.name, m.value)
		}
		*m.field = m.value
	}

	for _, st := range sc.Strategies {
		if info, ok := crawl.Lookup(st.ID); ok && info.NeedsPrevious && sc.Previous == nil {
			if fromFile && !set["strategies"] {
				return sc, fmt.Errorf("scenario %s: strategy %s needs a previous snapshot: set previous in the file, or give -previous FILE or -evolve", f.file, st.ID)
			}
			return sc, usagef("-strategies: %s needs a previous snapshot: give -previous FILE or -evolve", st.ID)
		}
	}
	norm, err := sc.Normalize()
	if err != nil {
		return sc, scenarioError(err, sc, f.file, text, set)
	}
	return norm, nil
}

// applyGenerator copies the generator flags given into g.
func (f *runFlags) applyGenerator(g *scenario.Generate, set map[string]bool) {
	p := f.gen.params
	if set["n"] {
		g.Pages = p.Pages
		if !set["hosts"] && g.Hosts != 0 {
			g.Hosts = 0 // follows the new size
		}
		if !set["degree"] {
			g.MeanOutDegree = 0
		}
	}
	if set["hosts"] {
		g.Hosts = p.Hosts
	}
	if set["degree"] {
		g.MeanOutDegree = p.MeanOutDegree
	}
	if set["intra"] {
		v := p.IntraHostShare
		g.IntraHostShare = &v
	}
	if set["host-exp"] {
		g.HostSizeExponent = p.HostSizeExponent
	}
	if set["degree-exp"] {
		g.OutDegreeExponent = p.OutDegreeExponent
	}
	if set["copy"] {
		v := p.CopyProbability
		g.CopyProbability = &v
	}
	if set[f.gen.seedName] {
		g.Seed = p.Seed
	}
}

// applyPoliteness turns the politeness clock on or off and sets its
// parameters.
func (f *runFlags) applyPoliteness(sc *scenario.Scenario, set map[string]bool) error {
	any := false
	for _, name := range politenessFlags {
		any = any || set[name]
	}
	if set["politeness"] && !f.polite {
		if any {
			return usagef("-politeness=false turns the politeness clock off; drop -connections, -wait, -latency, -page-size and -bandwidth")
		}
		sc.Politeness = nil
		return nil
	}
	if !f.polite && !any {
		return nil
	}
	if sc.Politeness == nil {
		sc.Politeness = &scenario.Politeness{}
	}
	p := sc.Politeness
	if set["connections"] {
		if f.conns < 1 {
			return usagef("-connections must be at least 1, got %d", f.conns)
		}
		p.Connections = f.conns
	}
	nonNegative := func(name string, v float64, field **float64) error {
		if !set[name] {
			return nil
		}
		if !(v >= 0) {
			return usagef("-%s must be 0 or more, got %g", name, v)
		}
		*field = &v
		return nil
	}
	if err := nonNegative("wait", f.wait, &p.Wait); err != nil {
		return err
	}
	if err := nonNegative("latency", f.latency, &p.Latency); err != nil {
		return err
	}
	if err := nonNegative("page-size", f.pageSize, &p.PageSize); err != nil {
		return err
	}
	if set["bandwidth"] {
		if !(f.bw > 0) {
			return usagef("-bandwidth must be positive, got %g", f.bw)
		}
		p.Bandwidth = f.bw
	}
	return nil
}

// applyPrevious sets the previous snapshot of the hist-pagerank
// strategies.
func (f *runFlags) applyPrevious(sc *scenario.Scenario, set map[string]bool) error {
	switch {
	case set["previous"] && set["evolve"]:
		return usagef("-previous and -evolve both give a previous snapshot; choose one")
	case set["evolve"] && !f.evolve:
		if set["evolve-seed"] {
			return usagef("-evolve-seed needs -evolve")
		}
		if sc.Previous != nil && sc.Previous.Evolve != nil {
			sc.Previous = nil
		}
	case set["previous"]:
		if f.prev == "" {
			sc.Previous = nil
		} else {
			sc.Previous = &scenario.PreviousSource{File: f.prev}
		}
	case f.evolve:
		sc.Previous = &scenario.PreviousSource{Evolve: &scenario.Evolve{Seed: f.evoSeed}}
	}
	if set["evolve-seed"] {
		if sc.Previous == nil || sc.Previous.Evolve == nil {
			return usagef("-evolve-seed needs -evolve")
		}
		sc.Previous.Evolve.Seed = f.evoSeed
	}
	for _, name := range []string{"previous-format", "previous-urls"} {
		if !set[name] {
			continue
		}
		if sc.Previous == nil || sc.Previous.File == "" {
			return usagef("-%s describes the -previous file; give -previous FILE", name)
		}
		if name == "previous-format" {
			sc.Previous.Format = f.prevFmt
		} else {
			sc.Previous.URLs = f.prevURLs
		}
	}
	if p := sc.Previous; p != nil && p.File != "" {
		if _, err := resolveFormat("previous-format", p.Format, p.File); err != nil {
			return err
		}
	}
	return nil
}

// checkOutputs checks the output flags before anything runs: none may
// replace a file the scenario sc reads, nor another output.
func (f *runFlags) checkOutputs(e *env, sc scenario.Scenario, set map[string]bool) error {
	switch f.svgX {
	case report.XFraction, report.XCount, report.XTime:
	default:
		return usagef("-svg-x %s: expected fraction, count or time", f.svgX)
	}
	if f.svgOut == "" {
		for _, name := range []string{"svg-x", "svg-guarantees"} {
			if set[name] {
				return usagef("-%s needs -svg FILE", name)
			}
		}
	}
	outs := []outputFlag{{"o", f.out}, {"csv", f.csvOut}, {"svg", f.svgOut}, {"save-scenario", f.saveScen}}
	ins := append(scenarioInputs(sc, f.file, f.seeds, set["seeds"]), inputFile{f.impFile, "the importance file " + f.impFile})
	return checkFiles(e, ins, outs, f.asJSON)
}

// scenarioFields maps a scenario field to the flag that sets it, so that a
// problem found by Normalize is reported in the words of the command line.
var scenarioFields = map[string]string{
	"graph.generate": "n", "graph.generate.pages": "n", "graph.generate.hosts": "hosts",
	"graph.generate.mean_out_degree": "degree", "graph.generate.intra_host_share": "intra",
	"graph.generate.host_size_exponent": "host-exp", "graph.generate.out_degree_exponent": "degree-exp",
	"graph.generate.copy_probability": "copy", "graph.generate.seed": "gen-seed",
	"graph.format": "format", "graph.urls": "urls", "importance": "importance",
	"damping": "damping", "tolerance": "tol", "seeds": "seeds", "strategies": "strategies", "budget": "budget",
	"politeness": "politeness", "politeness.connections": "connections", "politeness.wait": "wait",
	"politeness.latency": "latency", "politeness.page_size": "page-size", "politeness.bandwidth": "bandwidth",
	"metrics.curve_points": "curve-points", "metrics.tau_sample": "tau-sample",
	"metrics.lower_bound": "lower-bound", "previous": "previous",
	"previous.format": "previous-format", "previous.urls": "previous-urls", "previous.evolve": "evolve",
	"previous.evolve.seed": "evolve-seed",
}

// scenarioError reports Normalize's findings about sc: as usage errors
// naming the flag when a flag set the field, else as errors of the
// scenario file (file, whose bytes are text), each placed at its line and
// column, one per line.
func scenarioError(err error, sc scenario.Scenario, file string, text []byte, set map[string]bool) error {
	var errs []error
	if joined, ok := err.(interface{ Unwrap() []error }); ok {
		errs = joined.Unwrap()
	} else {
		errs = []error{err}
	}
	var flagMsgs []string
	var fileErrs []error
	for _, e := range errs {
		var fe *scenario.FieldError
		if !errors.As(e, &fe) {
			fileErrs = append(fileErrs, e)
			continue
		}
		name := flagForField(fe.Field, set)
		switch {
		case name == "strategies" && strings.HasSuffix(fe.Field, ".label"):
			flagMsgs = append(flagMsgs, "-strategies: "+repeatedStrategy(sc.Strategies, fe.Field))
		case name != "":
			flagMsgs = append(flagMsgs, "-"+name+": "+fe.Message)
		default:
			fileErrs = append(fileErrs, fe)
		}
	}
	if file != "" && len(fileErrs) > 0 {
		// One problem per line, each placed in the file, after a line
		// that counts them when there are several.
		placed := scenario.PlaceErrors(errors.Join(fileErrs...), file, text)
		for _, m := range flagMsgs {
			placed = errors.Join(placed, errors.New(m))
		}
		if n := len(fileErrs) + len(flagMsgs); n > 1 {
			return fmt.Errorf("scenario %s: %d problems:\n%w", file, n, placed)
		}
		return placed
	}
	for _, e := range fileErrs {
		flagMsgs = append(flagMsgs, e.Error())
	}
	return usagef("%s", strings.Join(flagMsgs, "; "))
}

// repeatedStrategy says which items of -strategies are the same strategy
// with the same parameters, from Normalize's complaint about the label of
// field ("strategies[N].label"), in the words of the command line.
func repeatedStrategy(list []scenario.Strategy, field string) string {
	var k int
	if _, err := fmt.Sscanf(field, "strategies[%d].label", &k); err != nil || k < 0 || k >= len(list) {
		return "two strategies have the same label; change a parameter of one, or give each its own label in a -scenario file"
	}
	_, vals, _ := crawl.Resolve(list[k].ID, list[k].Params)
	first := -1
	for j := range k {
		if list[j].ID != list[k].ID {
			continue
		}
		if _, other, err := crawl.Resolve(list[j].ID, list[j].Params); err == nil && maps.Equal(other, vals) {
			first = j
			break
		}
	}
	if first < 0 {
		return fmt.Sprintf("%s (strategy %d) has the label of an earlier strategy; change a parameter, or give each its own label in a -scenario file", strategyItem(list[k]), k+1)
	}
	return fmt.Sprintf("strategies %d (%s) and %d (%s) are the same strategy with the same parameters; change a parameter of one, "+
		"or give each its own label in a -scenario file", first+1, strategyItem(list[first]), k+1, strategyItem(list[k]))
}

// strategyItem writes s as an item of -strategies: "fpr-m:m=10".
func strategyItem(s scenario.Strategy) string {
	item := s.ID
	for i, name := range sortedParams(s.Params) {
		sep := ","
		if i == 0 {
			sep = ":"
		}
		item += sep + name + "=" + strconv.FormatFloat(s.Params[name], 'g', -1, 64)
	}
	return item
}

// sortedParams returns the names of vals in order.
func sortedParams(vals crawl.Values) []string {
	names := make([]string, 0, len(vals))
	for name := range vals {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// flagForField returns the flag given on the command line that set field,
// or "". A field no flag set directly is charged to the flag of the
// nearest enclosing field: a generator field to any generator flag given,
// a politeness field to any politeness flag.
func flagForField(field string, set map[string]bool) string {
	for prefix := field; prefix != ""; {
		if name, ok := scenarioFields[prefix]; ok {
			if set[name] {
				return name
			}
			switch prefix {
			case "graph.generate":
				for _, g := range append(slices.Clone(generatorFlagNames), "gen-seed") {
					if set[g] {
						return g
					}
				}
				return ""
			case "politeness":
				for _, p := range politenessFlags {
					if set[p] {
						return p
					}
				}
				return ""
			case "previous":
				if set["evolve"] {
					return "evolve"
				}
				return ""
			}
		}
		cut := strings.LastIndexAny(prefix, ".[")
		if cut < 0 {
			break
		}
		prefix = prefix[:cut]
	}
	return ""
}

// parseStrategyList reads -strategies: items separated by commas, each a
// strategy "ID" or "ID:NAME=VALUE", or "NAME=VALUE", a further parameter of
// the strategy before it.
func parseStrategyList(text string) ([]scenario.Strategy, error) {
	var list []scenario.Strategy
	for k, item := range strings.Split(text, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			return nil, fmt.Errorf("item %d is empty; expected ID or ID:NAME=VALUE", k+1)
		}
		var params []string
		if strings.Contains(item, "=") && !strings.Contains(item, ":") {
			if len(list) == 0 {
				return nil, fmt.Errorf("%q: a parameter before any strategy; expected ID:NAME=VALUE", item)
			}
			params = []string{item}
		} else {
			id, param, hasParam := strings.Cut(item, ":")
			if id == "" || strings.Contains(id, "=") || strings.Contains(param, ":") {
				return nil, fmt.Errorf("%q: expected ID or ID:NAME=VALUE (further parameters as NAME=VALUE items)", item)
			}
			list = append(list, scenario.Strategy{ID: id})
			if hasParam {
				params = []string{param}
			}
		}
		s := &list[len(list)-1]
		for _, p := range params {
			name, value, ok := strings.Cut(p, "=")
			name = strings.TrimSpace(name)
			if !ok || name == "" {
				return nil, fmt.Errorf("%q: expected NAME=VALUE after %s", p, s.ID)
			}
			v, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
			if err != nil {
				return nil, fmt.Errorf("%s %s=%s: the value is not a number", s.ID, name, value)
			}
			if _, dup := s.Params[name]; dup {
				return nil, fmt.Errorf("%s: %s is given twice", s.ID, name)
			}
			if s.Params == nil {
				s.Params = crawl.Values{}
			}
			s.Params[name] = v
		}
	}
	return list, nil
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
	start := time.Now()
	budget, err := currentMemoryBudget()
	if err != nil {
		return nil, err
	}
	files := &fileBars{ctx: ctx, e: e}
	runner, err := scenario.New(sc, scenario.Env{
		FS:       osFS{},
		Clock:    func() time.Duration { return time.Since(start) },
		Workers:  runtime.NumCPU(),
		Wrap:     files.wrap,
		MaxBytes: budget.bytes,
		Cancel:   ctx.Err,
		// A crawl's arrays go back to the system before the next crawl
		// allocates its own (at 125 M pages, 3 GB each).
		Release: debug.FreeOSMemory,

		ImportanceFile: importanceFile,
	})
	if err != nil {
		return nil, err
	}
	bars := newRunBars(e, sc)
	err = step.Run(ctx, runner, scenario.RunBudget, func(step.Progress) {
		files.finish() // a step that read a file has ended
		bars.update(runner)
	})
	files.finish()
	bars.finish()
	if errors.Is(err, context.Canceled) {
		return nil, fmt.Errorf("interrupted; no output was written: %w", err)
	}
	if err != nil {
		return nil, budget.explain(err)
	}
	return runner.Result()
}
