package main

import (
	"context"
	"flag"

	"github.com/crawlsim/crawlsim/engine/gen"
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
			fs.Float64Var(&p.MeanOutDegree, "degree", d.MeanOutDegree, "mean out-degree")
			fs.Float64Var(&p.IntraHostShare, "intra", d.IntraHostShare, "share of links that stay inside their host, in [0,1]")
			fs.Float64Var(&p.HostSizeExponent, "host-exp", d.HostSizeExponent, "exponent of the host-size distribution")
			fs.Float64Var(&p.OutDegreeExponent, "degree-exp", d.OutDegreeExponent, "power-law exponent of the out-degree tail")
			fs.Float64Var(&p.CopyProbability, "copy", d.CopyProbability, "probability that a link copies an earlier page's target")
			fs.Uint64Var(&p.Seed, "seed", 1, "random seed")
			out.register(fs)
			return func(ctx context.Context, e *env, args []string) error {
				if len(args) != 0 {
					return usagef("takes no arguments, got %q", args)
				}
				if err := p.Validate(); err != nil {
					return usagef("%v", err)
				}
				if err := out.check(); err != nil {
					return err
				}
				g, err := gen.Generate(p)
				if err != nil {
					return err
				}
				return out.write(e, g)
			}
		},
	}
}
