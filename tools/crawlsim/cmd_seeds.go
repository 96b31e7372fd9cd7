package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/gen"
	"github.com/crawlsim/crawlsim/engine/graphio"
	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/engine/seeds"
)

func seedsCommand() *command {
	return &command{
		name: "seeds",
		args: "GRAPH",
		summary: `Extract community seeds from a crawl and evaluate them.
The method is Daneshpajouh et al.'s ("A fast community based algorithm for
generating web crawler seeds set"). The links within hosts are dropped (so
the graph needs hosts: give -urls FILE), HITS ranks hubs and authorities, a
bipartite core is grown from the best authority (complete cores at -density
100, or cores of -size pages), one of its hubs becomes a seed, and the core is
removed; again, until -k seeds.

The seeds are then compared with random and top-PageRank seed sets of the same
size: breadth-first crawls from each, with the pages first reached at each
depth and their mean PageRank (the paper's Figures 7 and 8; -svg draws them);
the distances between the cores beside the graph's average connected
distance; and, with -previous FILE or -evolve, seeds extracted from the older
snapshot and used on the graph. -o writes the seeds as a list that
'crawlsim run -seeds list:FILE' reads; -seeds community:K does the extraction
inside a run.`,
		setup: func(fs *flag.FlagSet) func(context.Context, *env, []string) error {
			f := &seedsFlags{}
			f.in.register(fs)
			f.k = 10
			fs.Var(wholeFlag{&f.k}, "k", "number of seeds `K`")
			fs.Float64Var(&f.density, "density", seeds.DefaultDensity, "cover `PERCENT` of the cores (100: complete bipartite cores, the paper's choice)")
			fs.Var(wholeFlag{&f.size}, "size", "grow cores of `N` pages (hubs and authorities) instead of a fixed density")
			f.members = 1
			fs.Var(wholeFlag{&f.members}, "members", "with -size: `N` pages added per side and round")
			f.iterations = 60
			fs.Var(wholeFlag{&f.iterations}, "iterations", "HITS `ITERATIONS` per round (up to 100,000)")
			seedVar(fs, &f.rseed, "random-seed", model.DefaultRandomSeed, "`SEED` of the hub chosen in each core, the random seed set and the distance samples")
			f.samples = seeds.DefaultDistanceSamples
			fs.Var(wholeFlag{&f.samples}, "samples", "breadth-first searches from `N` random pages that estimate the average connected distance")
			fs.StringVar(&f.prev, "previous", "", "older snapshot `FILE` of the graph: extract seeds from it and try them on GRAPH (pages matched by URL, else by id)")
			fs.StringVar(&f.prevURLs, "previous-urls", "", "URL list `FILE` of the -previous graph")
			ev := gen.DefaultEvolveParams()
			fs.BoolVar(&f.evolve, "evolve", false, fmt.Sprintf("take GRAPH as the older snapshot and evaluate on its evolution (%g%% new pages, %g%% removed, %g%% new links, %g%% removed, as run -evolve)",
				100*ev.NewPages, 100*ev.RemovedPages, 100*ev.NewLinks, 100*ev.RemovedLinks))
			seedVar(fs, &f.evoSeed, "evolve-seed", model.DefaultRandomSeed, "random `SEED` of -evolve")
			fs.StringVar(&f.out, "o", "", "write the seeds to `FILE`, one per line (URLs, or the file's ids), for -seeds list:FILE")
			fs.StringVar(&f.svgOut, "svg", "", "write the per-depth charts to `FILE` (SVG, two panels)")
			fs.BoolVar(&f.asJSON, "json", false, "print the whole result as JSON instead of tables")
			return func(ctx context.Context, e *env, args []string) error {
				return f.run(ctx, e, args, explicitFlags(fs))
			}
		},
	}
}

// seedsFlags holds seeds' flags.
type seedsFlags struct {
	in                           graphInput
	k, size, members, iterations int
	density                      float64
	rseed, evoSeed               uint64
	samples                      int
	prev, prevURLs               string
	evolve                       bool
	out, svgOut                  string
	asJSON                       bool
}

// spec is the community seed set the flags describe.
func (f *seedsFlags) spec(set map[string]bool) (string, error) {
	if f.k < 1 {
		return "", usagef("-k %d: want at least 1 seed", f.k)
	}
	if set["size"] && set["density"] {
		return "", usagef("give -density or -size, not both")
	}
	if set["members"] && f.size == 0 {
		return "", usagef("-members needs -size")
	}
	// A flag given is used or refused: none reads 0 (or NaN) as its default.
	switch {
	case set["density"] && !(f.density > 0 && f.density <= 100):
		return "", usagef("-density %v: want a cover percentage above 0 and at most 100", f.density)
	case set["size"] && f.size < 2:
		return "", usagef("-size %d: want at least 2 pages (a hub and an authority); leave -size out for cores of a fixed density", f.size)
	case set["members"] && f.members < 1:
		return "", usagef("-members %d: want at least 1 page per side and round", f.members)
	case set["iterations"] && (f.iterations < 1 || f.iterations > seeds.MaxHITSIterations):
		return "", hitsIterationsError("iterations", f.iterations)
	}
	spec := "community:" + strconv.Itoa(f.k)
	if f.size > 0 {
		spec += ",size=" + strconv.Itoa(f.size) + ",members=" + strconv.Itoa(f.members)
	} else if f.density != seeds.DefaultDensity {
		spec += ",density=" + strconv.FormatFloat(f.density, 'g', -1, 64)
	}
	if f.iterations != 60 {
		spec += ",iterations=" + strconv.Itoa(f.iterations)
	}
	if _, err := seeds.Parse(spec); err != nil {
		return "", usagef("%s", strings.TrimPrefix(err.Error(), "seeds "))
	}
	return spec, nil
}

func (f *seedsFlags) run(ctx context.Context, e *env, args []string, set map[string]bool) error {
	if err := f.in.check(args); err != nil {
		return err
	}
	spec, err := f.spec(set)
	if err != nil {
		return err
	}
	if f.prev != "" && f.evolve {
		return usagef("give -previous FILE or -evolve, not both")
	}
	if f.prevURLs != "" && f.prev == "" {
		return usagef("-previous-urls needs -previous")
	}
	if set["evolve-seed"] && !f.evolve {
		return usagef("-evolve-seed needs -evolve")
	}
	if f.in.urls == "" && !f.in.mayHaveURLs() {
		return usagef("community seeds need hosts, and %s has no URLs: give -urls FILE", f.in.path)
	}
	ins := append(f.in.inputs(), graphFiles(f.prev, graphio.FormatAuto, "the previous snapshot")...)
	ins = append(ins, inputFile{f.prevURLs, "the previous snapshot's URL list " + f.prevURLs})
	if err := refuseGzipName("o", f.out, "a seed list", "-seeds list:FILE"); err != nil {
		return err
	}
	if err := checkFiles(e, ins, []outputFlag{{"o", f.out}, {"svg", f.svgOut}}, f.asJSON); err != nil {
		return err
	}
	if f.samples < 1 || f.samples > scenario.MaxDistanceSamples {
		return usagef("-samples %d: want 1 to %s searches", f.samples, model.Count(scenario.MaxDistanceSamples))
	}
	// each with the flag that names it (none for the graph argument)
	for _, in := range []struct{ name, flag string }{{f.in.path, ""}, {f.in.urls, "urls"}, {f.prev, "previous"}, {f.prevURLs, "previous-urls"}} {
		if in.name == "" {
			continue
		}
		if err := mustExist(in.name); err != nil {
			if in.flag != "" {
				return ofFlag(in.flag, err)
			}
			return err
		}
	}
	sc := scenario.Scenario{
		Graph:      scenario.Source{File: f.in.path, Format: f.in.formatName, URLs: f.in.urls, Renumber: f.in.renumber},
		Seeds:      spec,
		Strategies: []scenario.Strategy{},
		RandomSeed: f.rseed,
		SeedStudy:  &scenario.SeedStudy{Samples: f.samples},
	}
	switch {
	case f.prev != "":
		sc.Previous = &scenario.PreviousSource{File: webGraphBasename(f.prev), URLs: f.prevURLs}
	case f.evolve:
		sc.Previous = &scenario.PreviousSource{Evolve: &scenario.Evolve{Seed: f.evoSeed}}
	}
	if sc, err = scenario.Normalize(sc); err != nil {
		return err
	}
	res, err := runScenario(ctx, e, sc)
	if errors.Is(err, seeds.ErrNoHosts) {
		// The run names the seed set it made of -k and -density,
		// which the user did not type.
		return fmt.Errorf("%s: %w", f.in.path, seeds.ErrNoHosts)
	}
	if err != nil {
		return err
	}
	var outs []output
	if f.out != "" {
		names := res.SeedStudy.Names
		outs = append(outs, output{path: f.out, flag: "o", inMemory: true, write: func(w io.Writer) error {
			return seeds.WriteList(w, fmt.Sprintf("%s seeds of %s (crawlsim seeds, random seed %d)", spec, f.in.path, f.rseed), names)
		}})
	}
	if f.svgOut != "" {
		outs = append(outs, output{path: f.svgOut, flag: "svg", inMemory: true, write: func(w io.Writer) error { return report.DepthSVG(w, res) }})
	}
	return finishOutputs(ctx, e, outs, func(w io.Writer) error {
		if f.asJSON {
			return report.JSON(w, res)
		}
		return printTerminal(w, func(w io.Writer) error { return report.SeedTable(w, res) })
	})
}
