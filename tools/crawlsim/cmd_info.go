package main

import (
	"context"
	"flag"
	"fmt"
	"text/tabwriter"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/model"
)

func infoCommand() *command {
	return &command{
		name: "info",
		args: "GRAPH",
		summary: `Describe a graph: its size, degrees and hosts.
It prints pages, links, dangling pages, self-loops, out- and in-degree (min,
mean, median, max) and, with hosts, the intra- and inter-host links and the
largest hosts.`,
		setup: func(fs *flag.FlagSet) func(context.Context, *env, []string) error {
			var in graphInput
			in.register(fs)
			top := new(int)
			*top = 10
			fs.Var(wholeFlag{top}, "top", "list the `K` largest hosts")
			asJSON := fs.Bool("json", false, "print JSON instead of a table")
			return func(ctx context.Context, e *env, args []string) error {
				if *top < 0 {
					return usagef("-top %d: want 0 or more pages", *top)
				}
				if err := in.check(args); err != nil {
					return err
				}
				g, err := in.load(ctx, e)
				if err != nil {
					return err
				}
				if err := in.checkWork(g, statsBytes(g), "to compute its statistics"); err != nil {
					return err
				}
				s := graph.ComputeStats(g, *top)
				if *asJSON {
					return writeJSON(e.stdout, struct {
						File string `json:"file"`
						graph.Stats
						IntraHostShare float64 `json:"intra_host_share"`
					}{in.path, s, s.IntraHostShare()})
				}
				return printStats(e, in.path, s)
			}
		},
	}
}

// statsBytes returns the memory graph.ComputeStats takes for g beside
// the graph: out- and in-degrees (4 bytes a page each), the count of
// every degree (at most 8 bytes a page), and a size and a place in the
// order for every host.
func statsBytes(g *graph.Graph) func(n, m int64) int64 {
	hosts := int64(0)
	if g.Hosts != nil {
		hosts = int64(len(g.Hosts.Names))
	}
	return func(n, m int64) int64 { return 16*n + 16*hosts }
}

func printStats(e *env, path string, s graph.Stats) error {
	w := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintf(w, "graph\t%s\n", terminalSafe(path))
	fmt.Fprintf(w, "pages\t%s\n", model.Count(s.Pages))
	fmt.Fprintf(w, "links\t%s\n", model.Count(s.Links))
	fmt.Fprintf(w, "dangling pages\t%s\t(%.1f%%)\n", model.Count(s.Dangling), percent(int64(s.Dangling), int64(s.Pages)))
	fmt.Fprintf(w, "self-loops\t%s\n", model.Count(s.SelfLoops))
	fmt.Fprintf(w, "\tmin\tmean\tmedian\tmax\n")
	fmt.Fprintf(w, "out-degree\t%s\t%s\t%s\t%s\n", model.Count(s.OutDegree.Min), model.GroupDigits(fmt.Sprintf("%.2f", s.OutDegree.Mean)), model.Number(s.OutDegree.Median), model.Count(s.OutDegree.Max))
	fmt.Fprintf(w, "in-degree\t%s\t%s\t%s\t%s\n", model.Count(s.InDegree.Min), model.GroupDigits(fmt.Sprintf("%.2f", s.InDegree.Mean)), model.Number(s.InDegree.Median), model.Count(s.InDegree.Max))
	if s.Hosts == 0 {
		fmt.Fprintf(w, "hosts\tnone (give -urls FILE for hosts)\n")
		return w.Flush()
	}
	fmt.Fprintf(w, "hosts\t%s\n", model.Count(s.Hosts))
	if s.UnparsedURLs > 0 {
		fmt.Fprintf(w, "unparsed URLs\t%s\t(in host %s)\n", model.Count(s.UnparsedURLs), graph.NoHost)
	}
	fmt.Fprintf(w, "intra-host links\t%s\t(%.1f%%)\n", model.Count(s.IntraHost), percent(s.IntraHost, s.Links))
	fmt.Fprintf(w, "inter-host links\t%s\t(%.1f%%)\n", model.Count(s.InterHost), percent(s.InterHost, s.Links))
	if err := w.Flush(); err != nil {
		return err
	}
	if len(s.LargestHosts) == 0 {
		return nil
	}
	fmt.Fprintf(e.stdout, "\nlargest hosts\n")
	w = tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(w, "pages\tshare\t\n")
	for _, h := range s.LargestHosts {
		fmt.Fprintf(w, "%s\t%.1f%%\t  %s\n", model.Count(h.Pages), percent(int64(h.Pages), int64(s.Pages)), terminalSafe(h.Name))
	}
	return w.Flush()
}

func percent(part, whole int64) float64 {
	if whole == 0 {
		return 0
	}
	return 100 * float64(part) / float64(whole)
}
