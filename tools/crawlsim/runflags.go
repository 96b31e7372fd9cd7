package main

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/crawl"
	"github.com/crawlsim/crawlsim/engine/gen"
	"github.com/crawlsim/crawlsim/engine/graphio"
	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/engine/seeds"
)

// The groups of run's flags, in the order help run shows them.
const (
	groupGraph      = "graph"
	groupGenerator  = "generator"
	groupSeeds      = "seeds and importance"
	groupStrategies = "strategies"
	groupPoliteness = "politeness"
	groupOutputs    = "outputs"
)

var runFlagGroups = []string{groupGraph, groupGenerator, groupSeeds, groupStrategies, groupPoliteness, groupOutputs}

// runFlag is one of run's flags: its name, help and group, and the
// scenario field it sets. The table (runFlags.table) declares the flags
// and, in its order, applies the ones given to the scenario after
// -scenario FILE is read, so that flags override the file's fields.
// Ranges are checked once, by the scenario's Normalize, whose problems
// with a field are reported as the flag's (scenarioError).
type runFlag struct {
	name, group string
	// field is the JSON path of the scenario field the flag sets, "" for
	// a flag that is no field (an output, -scenario itself).
	field string
	// help is the flag's help text. value points to where its value goes,
	// holding its default: *string, *bool, *int, *int64, *uint64 or
	// *float64. Both are empty for the flags of a shared helper
	// (graphInput.register, registerGeneratorFlags), which declares them
	// alike for every command.
	help  string
	value any
	// apply sets the field from the value in a.sc; nil for a flag that is
	// no field.
	apply func(a *applying) error
}

// applying is what a flag's apply changes and reads: the scenario, and
// the flags given on the command line.
type applying struct {
	sc    *scenario.Scenario
	given map[string]bool
}

// runFlags holds run's flags and the table that declares them.
type runFlags struct {
	fs    *flag.FlagSet
	flags []runFlag

	in       graphInput // -format, -urls
	gen      *generatorFlags
	file     string
	strats   string
	seeds    string
	seedList seeds.Spec // list:FILE as read, to place the run's errors about its items
	seedFile string     // that FILE, "" when none was read
	fileText []byte     // the -scenario FILE's text, to place the run's errors about its seeds
	fromLink bool       // -scenario named a page link, not a file (scenarioOfLink)
	linkView linkView   // the chart's view that link keeps, for -svg and -link (chartView)
	impor    string
	trust    string
	impFile  string // importance.go
	impFmt   string // importance.go
	impCol   string // importance.go
	tr       string // -transpose
	damping  float64
	tol      float64
	budget   int64
	jobs     int // -j
	rseed    uint64
	polite   bool
	pol      crawl.Politeness
	bwModel  string // -bandwidth-model
	sizes    string // -page-sizes
	prev     string
	prevFmt  string
	prevURLs string
	evolve   bool
	evoSeed  uint64
	metrics  scenario.Metrics
	csvOut   string
	orders   string // -orders FILE
	svgOut   string
	svgX     string
	svgGuar  bool
	svgLog   bool
	link     string // -link FILE
	linkBase string // -link-base
	out      string
	saveScen string
	asJSON   bool
	quiet    bool // read by the command's run (registerQuiet)
}

// registerRunFlags declares run's flags on fs, in the table's order.
func registerRunFlags(fs *flag.FlagSet) *runFlags {
	f := &runFlags{fs: fs}
	def := scenario.Default()
	f.damping, f.tol, f.seeds, f.impor, f.rseed = def.Damping, def.Tolerance, def.Seeds, def.Importance, def.RandomSeed
	f.trust = def.Trust
	f.pol = crawl.DefaultPoliteness()
	f.metrics = def.Metrics
	f.evoSeed = model.DefaultRandomSeed
	f.linkBase = defaultLinkBase
	f.flags = f.table()
	for _, fl := range f.flags {
		switch p := fl.value.(type) {
		case *string:
			fs.StringVar(p, fl.name, *p, fl.help)
		case *bool:
			fs.BoolVar(p, fl.name, *p, fl.help)
		case *int:
			fs.Var(wholeFlag{p}, fl.name, fl.help)
		case *int64:
			fs.Var(wholeFlag64{p}, fl.name, fl.help)
		case *uint64:
			seedVar(fs, p, fl.name, *p, fl.help)
		case *float64:
			fs.Float64Var(p, fl.name, *p, fl.help)
		}
	}
	f.in.register(fs)
	f.gen = registerGeneratorFlags(fs, "generated graph: ", "gen-seed", "gen calls it -seed")
	return f
}

// table returns run's flags.
func (f *runFlags) table() []runFlag {
	ev := gen.DefaultEvolveParams()
	setPolite := func(set func(p *scenario.Politeness)) func(a *applying) error {
		return func(a *applying) error {
			if a.sc.Politeness == nil {
				a.sc.Politeness = &scenario.Politeness{}
			}
			set(a.sc.Politeness)
			return nil
		}
	}
	var table []runFlag
	add := func(group string, flags ...runFlag) {
		for _, fl := range flags {
			fl.group = group
			table = append(table, fl)
		}
	}
	add(groupGraph,
		runFlag{name: "scenario", value: &f.file, help: "read the scenario from `FILE` (JSON), or from a link of the page (its permalink, in quotes); other flags override its fields"},
		runFlag{name: "format", field: "graph.format", apply: func(a *applying) error {
			if a.sc.Graph.File == "" {
				return usagef("-format describes a graph file; give one as the argument")
			}
			a.sc.Graph.Format = f.in.formatName
			_, err := resolveFormat("format", f.in.formatName, a.sc.Graph.File)
			return err
		}},
		runFlag{name: "urls", field: "graph.urls", apply: func(a *applying) error {
			if a.sc.Graph.File == "" {
				return usagef("-urls describes a graph file; give one as the argument")
			}
			a.sc.Graph.URLs = f.in.urls
			return nil
		}},
		runFlag{name: "renumber", field: "graph.renumber", apply: func(a *applying) error {
			if a.sc.Graph.File == "" {
				return usagef("-renumber describes a graph file; give one as the argument")
			}
			a.sc.Graph.Renumber = f.in.renumber
			return nil
		}},
		runFlag{name: "previous", field: "previous", value: &f.prev,
			help: "previous snapshot `FILE` of the graph, for the hist-pagerank strategies (pages matched by URL, else by id)",
			apply: func(a *applying) error {
				if a.given["evolve"] {
					return usagef("-previous and -evolve both give a previous snapshot; choose one")
				}
				a.sc.Previous = nil
				if f.prev != "" {
					a.sc.Previous = &scenario.PreviousSource{File: webGraphBasename(f.prev)}
				}
				return nil
			}},
		runFlag{name: "previous-format", field: "previous.format", value: &f.prevFmt,
			help: "-previous file's `FORMAT` (default: from its name)",
			apply: func(a *applying) error {
				p, err := previousFile(a.sc, "previous-format")
				if err != nil {
					return err
				}
				p.Format = f.prevFmt
				_, err = resolveFormat("previous-format", p.Format, p.File)
				return err
			}},
		runFlag{name: "previous-urls", field: "previous.urls", value: &f.prevURLs,
			help: "URL list `FILE` of the -previous graph",
			apply: func(a *applying) error {
				p, err := previousFile(a.sc, "previous-urls")
				if err != nil {
					return err
				}
				p.URLs = f.prevURLs
				return nil
			}},
		runFlag{name: "evolve", field: "previous.evolve", value: &f.evolve,
			help: fmt.Sprintf("for the hist-pagerank strategies: take the graph as the previous snapshot and crawl its evolution "+
				"(%g%% new pages, %g%% removed, %g%% new links, %g%% removed; change these shares in a -scenario file, previous.evolve)",
				100*ev.NewPages, 100*ev.RemovedPages, 100*ev.NewLinks, 100*ev.RemovedLinks),
			apply: func(a *applying) error {
				switch {
				case f.evolve:
					a.sc.Previous = &scenario.PreviousSource{Evolve: &scenario.Evolve{Seed: f.evoSeed}}
				case a.given["evolve-seed"]:
					return usagef("-evolve-seed needs -evolve")
				case a.sc.Previous != nil && a.sc.Previous.Evolve != nil:
					a.sc.Previous = nil
				}
				return nil
			}},
		runFlag{name: "evolve-seed", field: "previous.evolve.seed", value: &f.evoSeed, help: "random `SEED` of -evolve",
			apply: func(a *applying) error {
				if a.sc.Previous == nil || a.sc.Previous.Evolve == nil {
					return usagef("-evolve-seed needs -evolve")
				}
				a.sc.Previous.Evolve.Seed = f.evoSeed
				return nil
			}},
	)
	add(groupGenerator, f.generatorTable()...)
	add(groupSeeds,
		runFlag{name: "seeds", field: "seeds", value: &f.seeds,
			help: "seed set `SPEC`: top-pagerank:K, random:K, community:K (needs hosts; ,density=D or ,size=S,members=M and ,iterations=N after K as crawlsim seeds' flags), host-roots (needs hosts), list:ID,ID,... (ids or URLs; quote an item with a comma: list:\"http://a.example/?q=1,2\",7), list:FILE (one id or URL per line, # comments) or ID,ID,...",
			apply: func(a *applying) error {
				if strings.TrimSpace(f.seeds) == "" {
					return f.emptySeedsError()
				}
				spec, err := seeds.Parse(f.seeds)
				if err != nil {
					return usagef("-seeds: %v", err)
				}
				if spec, err = readSeedFile(spec, "-seeds"); err != nil {
					return err
				}
				f.seedList, f.seedFile = spec, spec.Source
				a.sc.Seeds = spec.String()
				return nil
			}},
		runFlag{name: "importance", field: "importance", value: &f.impor,
			help: "importance `KIND` that scores every crawl: pagerank (uniform teleport) or personalized (teleport along the trust, -trust, which the guarantees bound)",
			apply: func(a *applying) error {
				if strings.TrimSpace(f.impor) == "" {
					return usagef("-importance %q: expected pagerank or personalized", f.impor)
				}
				a.sc.Importance = f.impor
				return nil
			}},
		runFlag{name: "trust", field: "trust", value: &f.trust,
			help: "trust `KIND`: seeds (uniform over the seeds) or pagerank (the PageRank vector, of which the seeds hold 1-δ: personalized importance teleports along it and the RankMass-family guarantees are scaled by 1-δ; the RankMass paper's seed-size study)",
			apply: func(a *applying) error {
				if strings.TrimSpace(f.trust) == "" {
					return usagef("-trust %q: expected seeds or pagerank", f.trust)
				}
				a.sc.Trust = f.trust
				return nil
			}},
		runFlag{name: "importance-file", value: &f.impFile,
			help: "read the pagerank importance from `FILE` instead of computing it: rank -o NAME.imp (checked to be this graph's), or a vector whose file does not say what it is, rank -o NAME.csv or another engine's (checked by one PageRank step from it): text, keyed text or CSV, raw float64 or float32 (see \"Importance files\" in the manual)"},
		runFlag{name: "importance-format", value: &f.impFmt,
			help: "the -importance-file's `FORMAT`: " + graphio.ImportanceFormatNames + "; auto tells it from the bytes"},
		runFlag{name: "importance-column", value: &f.impCol,
			help: "the score column of a keyed -importance-file, by `NAME` or number (default: pagerank, pr_val, pr, score or importance, or the only column that is not a key)"},
		runFlag{name: "transpose", value: &f.tr,
			help: "pull the importance's PageRank along the graph's transpose `FILE` (default: NAME-t.graph beside a BVGraph NAME.graph of more than 2^28 links or whose in-link layout does not fit in memory, when there)"},
		runFlag{name: "damping", field: "damping", value: &f.damping, help: "damping factor `D`, in (0, 1], for the importance and the strategies",
			apply: func(a *applying) error { a.sc.Damping = f.damping; return nil }},
		runFlag{name: "tol", field: "tolerance", value: &f.tol, help: "stop the importance's PageRank when its L1 change is below `TOL`",
			apply: func(a *applying) error { a.sc.Tolerance = f.tol; return nil }},
	)
	add(groupStrategies,
		runFlag{name: "strategies", field: "strategies", value: &f.strats, help: strategiesHelp(),
			apply: func(a *applying) error {
				list, err := parseStrategyList(f.strats)
				if err != nil {
					return usagef("-strategies: %v", err)
				}
				a.sc.Strategies = list
				return nil
			}},
		runFlag{name: "budget", field: "budget", value: &f.budget, help: "download at most `N` pages per crawl (0: until the frontier is empty)",
			apply: func(a *applying) error { a.sc.Budget = f.budget; return nil }},
		runFlag{name: "j", value: &f.jobs,
			help: "crawl `N` strategies at once, each in a thread of its own, as the memory allows (0: as many as GOMAXPROCS, the cores Go uses); the results do not depend on it"},
		runFlag{name: "random-seed", field: "random_seed", value: &f.rseed,
			help:  "`SEED` of every random choice of the run: random:K seed sets, the random strategy, tau's sample (not the generated graph: -gen-seed)",
			apply: func(a *applying) error { a.sc.RandomSeed = f.rseed; return nil }},
	)
	add(groupPoliteness,
		runFlag{name: "politeness", field: "politeness", value: &f.polite,
			help: "run every crawl but optimal on the politeness clock; -connections, -wait, -latency, -page-size, -bandwidth, -bandwidth-model and -page-sizes imply it",
			apply: func(a *applying) error {
				if f.polite {
					return setPolite(func(*scenario.Politeness) {})(a)
				}
				for _, name := range politenessFlags {
					if a.given[name] {
						return usagef("-politeness=false turns the politeness clock off; drop -connections, -wait, -latency, -page-size, -bandwidth, -bandwidth-model and -page-sizes")
					}
				}
				a.sc.Politeness = nil
				return nil
			}},
		runFlag{name: "connections", field: "politeness.connections", value: &f.pol.Connections,
			help:  "politeness: `N` downloads in flight at once, never two from one host",
			apply: setPolite(func(p *scenario.Politeness) { p.Connections = f.pol.Connections })},
		runFlag{name: "wait", field: "politeness.wait", value: &f.pol.Wait,
			help:  "politeness: `SECONDS` between two downloads from one host (0: no wait)",
			apply: setPolite(func(p *scenario.Politeness) { p.Wait = ptr(f.pol.Wait) })},
		runFlag{name: "latency", field: "politeness.latency", value: &f.pol.Latency,
			help:  "politeness: fixed `SECONDS` of every download",
			apply: setPolite(func(p *scenario.Politeness) { p.Latency = ptr(f.pol.Latency) })},
		runFlag{name: "page-size", field: "politeness.page_size", value: &f.pol.PageSize,
			help:  "politeness: `BYTES` of every page",
			apply: setPolite(func(p *scenario.Politeness) { p.PageSize = ptr(f.pol.PageSize) })},
		runFlag{name: "bandwidth", field: "politeness.bandwidth", value: &f.pol.Bandwidth,
			help:  "politeness: `BYTES` per second of a connection, or of the link with -bandwidth-model shared",
			apply: setPolite(func(p *scenario.Politeness) { p.Bandwidth = f.pol.Bandwidth })},
		runFlag{name: "bandwidth-model", field: "politeness.bandwidth_model", value: &f.bwModel,
			help:  "politeness: `MODEL` of -bandwidth: per-connection (each download gets the full rate; the default) or shared (the crawler's link, shared by the transfers in progress, as in Baeza-Yates et al. 2005)",
			apply: setPolite(func(p *scenario.Politeness) { p.BandwidthModel = f.bwModel })},
		runFlag{name: "page-sizes", field: "politeness.page_sizes", value: &f.sizes,
			help: "politeness: every page's size from `SIZES`: a FILE of bytes, one a line in page order, or lognormal[:SIGMA[:SEED]], drawn with mean -page-size (sigma " + model.Number(model.DefaultPageSizeSigma) + ", seed 0 unless given)",
			apply: func(a *applying) error {
				ps, err := parsePageSizes(f.sizes)
				if err != nil {
					return err
				}
				return setPolite(func(p *scenario.Politeness) { p.PageSizes = ps })(a)
			}},
	)
	add(groupOutputs,
		runFlag{name: "lower-bound", field: "metrics.lower_bound", value: &f.metrics.LowerBound,
			help:  "compute every strategy's generic lower bound (personalized PageRank of the downloaded pages) at `N` checkpoints; each costs a PageRank",
			apply: func(a *applying) error { a.sc.Metrics.LowerBound = f.metrics.LowerBound; return nil }},
		runFlag{name: "curve-points", field: "metrics.curve_points", value: &f.metrics.CurvePoints,
			help:  "`N` evenly spaced points per curve (crawls of at most 2N pages keep every point)",
			apply: func(a *applying) error { a.sc.Metrics.CurvePoints = f.metrics.CurvePoints; return nil }},
		runFlag{name: "tau-sample", field: "metrics.tau_sample", value: &f.metrics.TauSample,
			help:  "`N` pages in Kendall's tau sample",
			apply: func(a *applying) error { a.sc.Metrics.TauSample = f.metrics.TauSample; return nil }},
		runFlag{name: "relative", field: "metrics.relative", value: &f.metrics.Relative,
			help:  "count downloads to X with targets relative to what the crawl collects in all (X·C(N)), not absolute importance, so that a target is reachable when the seeds reach part of the importance",
			apply: func(a *applying) error { a.sc.Metrics.Relative = f.metrics.Relative; return nil }},
		runFlag{name: "csv", value: &f.csvOut, help: "write every curve to `FILE` as CSV (strategy,kind,k,fraction,value,normalised[,time]); a seed study without strategies: its per-depth table (seed_set,depth,pages,mean_importance)"},
		runFlag{name: "orders", value: &f.orders, help: "write every crawl's download order to `FILE` as CSV (strategy,position,page,url,importance,time): re-scored, it gives the curves. The rows (some 40 to 100 bytes a download, with the URL) wait in temporary files beside FILE (in the system's temporary folder when FILE is not a regular file) until they are copied into it"},
		runFlag{name: "svg", value: &f.svgOut, help: "write a chart of the curves to `FILE` (SVG: one line per strategy, optimal dashed); a seed study without strategies: its per-depth chart"},
		runFlag{name: "svg-x", value: &f.svgX, help: "x `AXIS` of the -svg chart and of the -link: fraction (of the reachable pages), count, or time (with politeness) (default: the -scenario link's axis, else fraction)"},
		runFlag{name: "svg-log", value: &f.svgLog, help: "draw the x axis of the -svg chart and of the -link on a logarithmic scale, as the page's \"logarithmic\" box does (default: the -scenario link's scale, else linear; -svg-log=false for linear)"},
		runFlag{name: "svg-guarantees", value: &f.svgGuar, help: "draw the guaranteed curves and lower bounds in the -svg chart (default: when the importance is personalized, as the page does; -svg-guarantees=false leaves them out)"},
		runFlag{name: "o", value: &f.out, help: "write the whole result to `FILE` as JSON"},
		runFlag{name: "save-scenario", value: &f.saveScen, help: "write the scenario, every default filled in, to `FILE` (JSON) for -scenario"},
		runFlag{name: "link", value: &f.link, help: "write the link of the page that opens the scenario (as -save-scenario writes it) with the chart's view of -svg-x and -svg-log to `FILE` (- for stdout), one line; a graph file is named by its base name, which the page asks to be chosen"},
		runFlag{name: "link-base", value: &f.linkBase, help: "the page's address `URL` that the -link starts with: where go run serve.go serves it, or a site built by serve.go -out"},
		runFlag{name: "json", value: &f.asJSON, help: "print the result as JSON instead of a table"},
		runFlag{name: "quiet", value: &f.quiet, help: quietHelp},
	)
	return table
}

// emptySeedsError refuses run's -seeds given empty or blank as the
// function emptySeedsError does: left out, -seeds gives the default seed
// set, or the -scenario file's.
func (f *runFlags) emptySeedsError() error {
	instead := "the default, " + scenario.DefaultSeeds
	if f.file != "" {
		instead = "the scenario file's seeds"
	}
	return emptySeedsError(f.seeds, instead)
}

// emptySeedsError refuses -seeds given value, empty or blanks, which in
// a script is most often a variable left unset (-seeds "$SEEDS"), saying
// what to write instead: leave -seeds out for what leaving it out gives
// (instead: run's default seed set, rank's plain PageRank), or give a
// seed set. The page reads a blank seeds box, and a scenario file
// "seeds": "", as the default seed set; a command line leaves a flag out
// for that.
func emptySeedsError(value, instead string) error {
	return usagef("-seeds %q names no seed set: leave -seeds out for %s, or give one, such as top-pagerank:K or random:K", value, instead)
}

// generatorTable returns the rows of the generator flags, which
// registerGeneratorFlags declares for gen and run alike.
func (f *runFlags) generatorTable() []runFlag {
	g := func(name, field string, set func(g *scenario.Generate)) runFlag {
		return runFlag{name: name, field: "graph.generate." + field, apply: func(a *applying) error {
			if a.sc.Graph.File != "" {
				return usagef("-%s describes a generated graph, but the scenario crawls the graph file %s", name, a.sc.Graph.File)
			}
			set(a.sc.Graph.Generate)
			return nil
		}}
	}
	return []runFlag{
		g("n", "pages", func(g *scenario.Generate) {
			g.Pages = f.gen.params.Pages
			// The hosts and the mean out-degree follow the new size,
			// unless given.
			if !f.given("hosts") {
				g.Hosts = 0
			}
			if !f.given("degree") {
				g.MeanOutDegree = 0
			}
		}),
		g("hosts", "hosts", func(g *scenario.Generate) { g.Hosts = f.gen.params.Hosts }),
		g("degree", "mean_out_degree", func(g *scenario.Generate) { g.MeanOutDegree = f.gen.params.MeanOutDegree }),
		g("intra", "intra_host_share", func(g *scenario.Generate) { g.IntraHostShare = ptr(f.gen.params.IntraHostShare) }),
		g("host-exp", "host_size_exponent", func(g *scenario.Generate) { g.HostSizeExponent = f.gen.params.HostSizeExponent }),
		g("degree-exp", "out_degree_exponent", func(g *scenario.Generate) { g.OutDegreeExponent = f.gen.params.OutDegreeExponent }),
		g("copy", "copy_probability", func(g *scenario.Generate) { g.CopyProbability = ptr(f.gen.params.CopyProbability) }),
		g("gen-seed", "seed", func(g *scenario.Generate) { g.Seed = f.gen.params.Seed }),
	}
}

// given reports whether the flag name was set on the command line.
func (f *runFlags) given(name string) bool {
	given := false
	f.fs.Visit(func(fl *flag.Flag) { given = given || fl.Name == name })
	return given
}

// politenessFlags are run's flags that set the politeness clock; any of
// them turns it on.
var politenessFlags = []string{"connections", "wait", "latency", "page-size", "bandwidth", "bandwidth-model", "page-sizes"}

// parsePageSizes reads -page-sizes: lognormal[:SIGMA[:SEED]], or a FILE,
// which must exist: a misspelt distribution is a missing file.
func parsePageSizes(text string) (*scenario.PageSizes, error) {
	spec, ok := strings.CutPrefix(text, model.PageSizeLogNormal)
	if !ok || (spec != "" && spec[0] != ':') {
		if text == "" {
			return nil, usagef("-page-sizes: give a FILE of sizes or lognormal[:SIGMA[:SEED]]")
		}
		if _, err := os.Stat(text); errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("-page-sizes %s: cannot read it: no such file or directory; SIZES is a FILE of sizes, one a line, or lognormal[:SIGMA[:SEED]]", text)
		}
		return &scenario.PageSizes{File: text}, nil
	}
	ps := &scenario.PageSizes{Distribution: model.PageSizeLogNormal}
	parts := strings.Split(strings.TrimPrefix(spec, ":"), ":")
	if spec == "" {
		parts = nil
	}
	if len(parts) > 2 {
		return nil, usagef("-page-sizes %s: want lognormal[:SIGMA[:SEED]]", text)
	}
	if len(parts) > 0 {
		sigma, err := strconv.ParseFloat(parts[0], 64)
		if err != nil {
			return nil, usagef("-page-sizes %s: %q is not a SIGMA: want a number of 0 to %d", text, parts[0], model.MaxPageSizeSigma)
		}
		ps.Sigma = &sigma
	}
	if len(parts) > 1 {
		seed, err := strconv.ParseUint(parts[1], 10, 64)
		if err != nil {
			return nil, usagef("-page-sizes %s: %q is not a SEED: want a whole number of 0 or more", text, parts[1])
		}
		ps.Seed = seed
	}
	return ps, nil
}

// previousFile returns the previous snapshot's file source of sc, which
// the flag name describes, or a usage error when there is none.
func previousFile(sc *scenario.Scenario, name string) (*scenario.PreviousSource, error) {
	if sc.Previous == nil || sc.Previous.File == "" {
		return nil, usagef("-%s describes the -previous file; give -previous FILE", name)
	}
	return sc.Previous, nil
}

func ptr(v float64) *float64 { return &v }

// strategiesHelp is the help of -strategies: the notation, the order the
// outputs list the strategies in, and the default comparison in that
// order, with why the costly strategies are left out of it.
func strategiesHelp() string {
	catalogue := scenario.Catalogue().Strategies
	var list []model.StrategyResult
	for _, s := range scenario.DefaultStrategies() {
		r := model.StrategyResult{ID: s.ID}
		if p := model.CataloguePlace(catalogue, s.ID); p >= 0 {
			r.Reference = catalogue[p].Reference
		}
		list = append(list, r)
	}
	model.OrderStrategies(list, catalogue)
	var ids []string
	for _, r := range list {
		ids = append(ids, r.ID)
	}
	return "strategies to compare: `LIST` of ID or ID:NAME=VALUE,NAME=VALUE, comma-separated (see crawlsim strategies), at most " + strconv.Itoa(scenario.MaxStrategies) + ". " +
		"The table and every output list them with the reference (optimal) first, then as 'crawlsim strategies' does, whatever their order in LIST. " +
		"Default: " + strings.Join(ids, ", ") + ". Left out of the default for their cost: rankmass (millions of virtual re-expansions), " +
		"batch-pagerank and partial-pagerank (a PageRank of the known graph after every batch of downloads); l-neighbor, which downloads by levels much like bfs; " +
		"and the hist-pagerank strategies, which need -previous or -evolve"
}

// apply sets the fields of sc that the flags given (set) describe, in the
// table's order. A flag given 0 for a number that the scenario reads as
// "absent" when 0 is refused with what the field accepts, as a scenario
// file's 0 is: -tol 0 is a mistake, not the default tolerance
// (zeroError).
func (f *runFlags) apply(sc *scenario.Scenario, set map[string]bool) error {
	if sc.Graph.File == "" && sc.Graph.Generate == nil {
		// The generator a scenario file leaves out, as Normalize fills
		// it in: its seed is the default, the other fields are filled
		// by Normalize.
		sc.Graph.Generate = &scenario.Generate{Seed: model.DefaultRandomSeed}
	}
	a := &applying{sc: sc, given: set}
	for _, fl := range f.flags {
		if !set[fl.name] || fl.apply == nil {
			continue
		}
		if err := fl.apply(a); err != nil {
			return err
		}
		if _, ok := scenario.ZeroNotAllowed(fl.field); ok {
			if v, err := strconv.ParseFloat(f.fs.Lookup(fl.name).Value.String(), 64); err == nil && v == 0 {
				return f.zeroError(a, fl)
			}
		}
	}
	return nil
}

// zeroProbe is the value whose refusal zeroError words a refused 0 by:
// every number the scenario reads as "absent" when 0 wants a positive
// value, so the scenario refuses -1 too, with the range it wants.
const zeroProbe = "-1"

// zeroError refuses flag fl, given 0 where the scenario would read 0 as
// "absent", in the words that refuse any other value out of its range:
// the scenario's check of -1 with 0 in its place ("-n 0 is out of range:
// want 1 to 4,294,967,295", as -n -5 is), rather than words of its own
// ("-n 0: want 1 or more pages"). When that check says something else of
// -1, it says what the field accepts (scenario.ZeroNotAllowed). a holds
// the scenario the flags given so far describe, which the check reads
// (-degree's range follows -n), and which it leaves changed.
func (f *runFlags) zeroError(a *applying, fl runFlag) error {
	want, _ := scenario.ZeroNotAllowed(fl.field)
	plain := usagef("-%s 0: want %s", fl.name, want)
	v := f.fs.Lookup(fl.name).Value
	defer v.Set("0")
	if v.Set(zeroProbe) != nil || fl.apply(a) != nil {
		return plain
	}
	_, err := scenario.Normalize(*a.sc)
	if err == nil {
		return plain
	}
	errs := []error{err}
	if joined, ok := err.(interface{ Unwrap() []error }); ok {
		errs = joined.Unwrap()
	}
	for _, e := range errs {
		var fe *scenario.FieldError
		if !errors.As(e, &fe) || fe.Field != fl.field {
			continue
		}
		if rest, ok := strings.CutPrefix(withFlagName(fl.name, fe.Message), "-"+fl.name+" "+zeroProbe+" is "); ok {
			return usagef("-%s 0 is %s", fl.name, rest)
		}
	}
	return plain
}

// flagOfField returns the flag of the table that sets field, or "".
func (f *runFlags) flagOfField(field string) string {
	for _, fl := range f.flags {
		if fl.field == field {
			return fl.name
		}
	}
	return ""
}

// groupFlags returns the names of the table's flags in group.
func (f *runFlags) groupFlags(group string) []string {
	var names []string
	for _, fl := range f.flags {
		if fl.group == group {
			names = append(names, fl.name)
		}
	}
	return names
}
