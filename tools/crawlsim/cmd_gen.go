package main

import (
	"context"
	"flag"
	"fmt"
	"math"
	"strings"

	"github.com/crawlsim/crawlsim/engine/gen"
	"github.com/crawlsim/crawlsim/engine/graph"
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
			d := gen.DefaultParams()
			p := gen.Params{}
			var out graphOutput
			fs.IntVar(&p.Pages, "n", d.Pages, "number of `pages`")
			fs.IntVar(&p.Hosts, "hosts", 0, "number of `hosts` (default: pages/200, at least 1)")
			fs.Float64Var(&p.MeanOutDegree, "degree", d.MeanOutDegree, "mean out-degree, at most (pages-1)/2; when not given, graphs under 17 pages get (pages-1)/2")
			fs.Float64Var(&p.IntraHostShare, "intra", d.IntraHostShare, "share of links that stay inside their host, in [0,1]")
			fs.Float64Var(&p.HostSizeExponent, "host-exp", d.HostSizeExponent, "exponent of the host-size distribution")
			fs.Float64Var(&p.OutDegreeExponent, "degree-exp", d.OutDegreeExponent, "power-law exponent of the out-degree tail")
			fs.Float64Var(&p.CopyProbability, "copy", d.CopyProbability, "probability that a link copies an earlier page's target, in [0,1]")
			fs.Uint64Var(&p.Seed, "seed", 1, "random seed")
			out.register(fs)
			return func(ctx context.Context, e *env, args []string) error {
				if len(args) != 0 {
					return usagef("takes no arguments, got %q", args)
				}
				set := explicitFlags(fs)
				switch {
				case p.Pages < 1:
					return usagef("-n must be at least 1, got %d", p.Pages)
				case set["degree"] && !(p.MeanOutDegree > 0):
					return usagef("-degree must be positive, got %g", p.MeanOutDegree)
				case set["hosts"] && p.Hosts < 1:
					return usagef("-hosts must be at least 1, got %d", p.Hosts)
				}
				if !set["degree"] {
					p.MeanOutDegree = 0 // the generator's default suits the graph's size
				}
				if err := p.Validate(); err != nil {
					return usagef("%s", strings.TrimPrefix(err.Error(), "gen: "))
				}
				if mem, ok := physicalMemory(); ok && p.EstimatedBytes() > mem {
					return usagef("-n %d needs about %.1f GB, more than this machine's %.1f GB", p.Pages, float64(p.EstimatedBytes())/1e9, float64(mem)/1e9)
				}
				if err := out.check(true); err != nil {
					return err
				}
				gr, err := gen.NewGenerator(p)
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
