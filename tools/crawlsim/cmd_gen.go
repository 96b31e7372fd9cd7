package main

import (
	"context"
	"flag"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/crawlsim/crawlsim/engine/gen"
	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graphio"
	"github.com/crawlsim/crawlsim/engine/step"
)

func genCommand() *command {
	return &command{
		name: "gen",
		args: "",
		summary: `Generate a synthetic web-like graph.
Pages fall into hosts of heavy-tailed sizes; out-degrees are heavy-tailed and
targets are chosen by copying, so in-degrees follow a power law; most links stay
inside their host. Pages get URLs http://hostK.example/..., so hosts survive a
round trip through a URL list. The same -seed gives the same bytes.`,
		setup: func(fs *flag.FlagSet) func(context.Context, *env, []string) error {
			g := registerGeneratorFlags(fs, "", "seed", "run calls it -gen-seed")
			p := &g.params
			var out graphOutput
			out.register(fs)
			return func(ctx context.Context, e *env, args []string) error {
				if len(args) != 0 {
					return usagef("takes no arguments, got %q", args)
				}
				set := explicitFlags(fs)
				if err := g.check(set); err != nil {
					return err
				}
				if !set["degree"] {
					p.MeanOutDegree = 0 // the generator's default suits the graph's size
				}
				if err := p.Validate(); err != nil {
					return usagef("%s", strings.TrimPrefix(err.Error(), "gen: "))
				}
				budget, err := currentMemoryBudget()
				if err != nil {
					return err
				}
				if need := p.EstimatedBytes(); budget.bytes > 0 && need > budget.bytes {
					return usagef("-n %d needs about %s, more than the %s of memory available (%s)", p.Pages, graphio.BytesText(need), graphio.BytesText(budget.bytes), budget.describe())
				}
				if err := out.check(e, true, nil); err != nil {
					return err
				}
				gr, err := gen.NewGenerator(*p)
				if err != nil {
					return err
				}
				bar := e.newProgress("generating", false)
				err = step.Run(ctx, gr, 1<<14, func(s step.Progress) {
					bar.describe("generating: " + s.Stage)
					bar.set(s.Done, s.Total)
				})
				bar.finish()
				if err != nil {
					return fmt.Errorf("generating: %w", err)
				}
				g := gr.Graph()
				// Small or many hosts cannot always hold the share asked for.
				if st := graph.ComputeStats(g, 0); g.NumArcs() > 0 && math.Abs(st.IntraHostShare()-p.IntraHostShare) > 0.05 {
					fmt.Fprintf(e.stderr, "warning: %.1f%% of the links stay inside their host, not the %.1f%% of -intra: the hosts are too small or too few for that share\n", 100*st.IntraHostShare(), 100*p.IntraHostShare)
				}
				return out.write(ctx, e, g)
			}
		},
	}
}

// generatorFlags are the flags of a generated graph, shared by gen and run
// so that they keep the same names, help and checks: -n, -hosts, -degree,
// -intra, -host-exp, -degree-exp, -copy, and the generator's seed, which
// gen calls -seed and run -gen-seed (run's -seed is the seed set).
type generatorFlags struct {
	params   gen.Params
	seedName string
}

// generatorFlagNames are the names of the generator flags but the seed.
var generatorFlagNames = []string{"n", "hosts", "degree", "intra", "host-exp", "degree-exp", "copy"}

// registerGeneratorFlags registers the generator flags on fs, each help
// text after prefix, the seed named seedName with seedNote in its help.
func registerGeneratorFlags(fs *flag.FlagSet, prefix, seedName, seedNote string) *generatorFlags {
	d := gen.DefaultParams()
	g := &generatorFlags{seedName: seedName}
	p := &g.params
	fs.IntVar(&p.Pages, "n", d.Pages, prefix+"number of pages `N`")
	fs.IntVar(&p.Hosts, "hosts", 0, prefix+"number of hosts `N` (default: pages/200, at least 1)")
	fs.Float64Var(&p.MeanOutDegree, "degree", d.MeanOutDegree, prefix+"mean out-degree `D`, at most (pages-1)/2; when not given, graphs under 17 pages get (pages-1)/2")
	fs.Float64Var(&p.IntraHostShare, "intra", d.IntraHostShare, prefix+"`SHARE` of links that stay inside their host, in [0,1]")
	fs.Float64Var(&p.HostSizeExponent, "host-exp", d.HostSizeExponent, prefix+"Zipf exponent `EXP` of the host sizes")
	fs.Float64Var(&p.OutDegreeExponent, "degree-exp", d.OutDegreeExponent, prefix+"power-law exponent `EXP` of the out-degree tail")
	fs.Float64Var(&p.CopyProbability, "copy", d.CopyProbability, prefix+"probability `P` that a link copies an earlier page's target, in [0,1]")
	fs.Uint64Var(&p.Seed, seedName, 1, prefix+"random `SEED` of the generator ("+seedNote+")")
	return g
}

// names returns the names of the generator flags, the seed last.
func (g *generatorFlags) names() []string {
	return append(slices.Clone(generatorFlagNames), g.seedName)
}

// check refuses generator flags given with values no graph can have; the
// generator's Validate checks the rest.
func (g *generatorFlags) check(set map[string]bool) error {
	p := g.params
	switch {
	case set["n"] && p.Pages < 1:
		return usagef("-n must be at least 1, got %d", p.Pages)
	case set["hosts"] && p.Hosts < 1:
		return usagef("-hosts must be at least 1, got %d", p.Hosts)
	case set["degree"] && !(p.MeanOutDegree > 0):
		return usagef("-degree must be positive, got %g", p.MeanOutDegree)
	// 0 would read as the default exponent.
	case set["host-exp"] && p.HostSizeExponent == 0:
		return usagef("-host-exp must be above 0, got 0")
	case set["degree-exp"] && p.OutDegreeExponent == 0:
		return usagef("-degree-exp must be from 1.5 to 5, got 0")
	}
	return nil
}
