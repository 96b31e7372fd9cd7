package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strings"

	"github.com/crawlsim/crawlsim/engine/gen"
	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graphio"
	"github.com/crawlsim/crawlsim/engine/model"
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
			g := registerGeneratorFlags(fs, "", "seed", "")
			aliasFlag(fs, "gen-seed", "seed") // run's name
			p := &g.params
			fs.Float64Var(&p.Locality, "locality", 0, "probability `P` that a link within a host falls as a crawl's do (one of the previous page's, or a page near it), so that BVGraph compresses the graph as it does a crawl, from 0 to 1")
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
					return usagef("%s", genProblems(err, fs.Lookup("n").Value.String()))
				}
				// A .csr written to a file is streamed as it is made; other
				// formats, -urls-out, a gzip-compressed .csr.gz and outputs
				// that cannot seek (the standard output, a FIFO, a device)
				// get the whole graph.
				// A BVGraph is streamed too, page by page, and so are its
				// URLs with -urls-out.
				streamed := out.urlsOut == "" && !isStreamOutput(out.path) && !gzipName(out.path)
				f, err := resolveFormat("to", out.formatName, out.path)
				bvStreamed := err == nil && f == graphio.FormatBVGraph
				if err != nil || f != graphio.FormatCSR {
					streamed = false
				}
				need := p.EstimatedBytes()
				if streamed || bvStreamed {
					need = p.EstimatedStreamingBytes()
				}
				budget, err := currentMemoryBudget()
				if err != nil {
					return err
				}
				if budget.bytes > 0 && need > budget.bytes {
					return usagef("-n %d needs about %s, more than the %s of memory available (%s)", p.Pages, graphio.BytesText(need), graphio.BytesText(budget.bytes), budget.describe())
				}
				if err := out.check(e, true, nil); err != nil {
					return err
				}
				if streamed {
					return out.writeStreamed(ctx, e, *p)
				}
				if bvStreamed {
					return out.writeStreamedBVGraph(ctx, e, *p)
				}
				g, counts, err := generateGraph(ctx, e, *p)
				if err != nil {
					return err
				}
				warnIntraShare(e, counts, p.IntraHostShare)
				return out.write(ctx, e, g)
			}
		},
	}
}

// runGenerator runs gr to the end with a progress bar, which shows each
// stage with its time left. The arrays gr reads at random while it draws
// the links are on huge pages where the system has them (hugeArrays),
// and let go when it returns.
func runGenerator(ctx context.Context, e *env, gr *gen.Generator) error {
	alloc, release := hugeArrays()
	defer release()
	gr.AllocateWith(alloc)
	bar := e.newProgress("generating", false)
	stage := ""
	err := step.Run(ctx, gr, 1<<14, func(s step.Progress) {
		if s.Stage != stage {
			stage = s.Stage
			bar.describe("generating: " + s.Stage)
			bar.restart()
		}
		bar.set(s.Done, s.Total)
	})
	bar.finish()
	if err != nil {
		return fmt.Errorf("generating: %w", err)
	}
	return nil
}

// generateGraph generates the graph of p in memory.
func generateGraph(ctx context.Context, e *env, p gen.Params) (*graph.Graph, gen.Counts, error) {
	gr, err := gen.NewGenerator(p)
	if err != nil {
		return nil, gen.Counts{}, err
	}
	if err := runGenerator(ctx, e, gr); err != nil {
		return nil, gen.Counts{}, err
	}
	return gr.Graph(), gr.Counts(), nil
}

// warnIntraShare warns when the generated graph's intra-host share is far
// from the one asked for: small or many hosts cannot always hold it.
func warnIntraShare(e *env, c gen.Counts, asked float64) {
	if c.Links == 0 {
		return
	}
	if share := float64(c.IntraHostLinks) / float64(c.Links); math.Abs(share-asked) > 0.05 {
		fmt.Fprintf(e.stderr, "warning: %.1f%% of the links stay inside their host, not the %.1f%% of -intra: the hosts are too small or too few for that share\n", 100*share, 100*asked)
	}
}

// isStreamOutput reports whether path is written as it is made, without a
// temporary file it could seek in: the standard output or error, a FIFO,
// a device (see writeStream).
func isStreamOutput(path string) bool {
	if streamAlias(path) != "" {
		return true
	}
	st, err := os.Stat(path)
	return err == nil && isStream(st.Mode())
}

// writeStreamed generates the graph of p straight into its .csr file
// (gen.NewCSRGenerator), through the temporary file of writeOutputs,
// with memory linear in the pages, and says what it wrote as write does.
// Should the output turn out not to be a file it can seek in, the graph
// is generated in memory and written as a whole.
func (out *graphOutput) writeStreamed(ctx context.Context, e *env, p gen.Params) error {
	var counts gen.Counts
	o := output{
		path:     out.path,
		flag:     "o",
		reported: true,
		write: func(w io.Writer) error {
			g, c, err := generateGraph(ctx, e, p)
			if err != nil {
				return err
			}
			counts = c
			return graphio.Save(w, g, out.format)
		},
		seekable: func(w io.WriteSeeker) error {
			gr, err := gen.NewCSRGenerator(p, w)
			if err != nil {
				return err
			}
			if err := runGenerator(ctx, e, gr); err != nil {
				return err
			}
			counts = gr.Counts()
			return nil
		},
	}
	if err := writeOutputs(ctx, e, o); err != nil {
		return err
	}
	warnIntraShare(e, counts, p.IntraHostShare)
	out.noteReadBack(e)
	if out.asJSON {
		return writeJSON(e.stdout, struct {
			File   string `json:"file"`
			Format string `json:"format"`
			Pages  int    `json:"pages"`
			Links  int64  `json:"links"`
			Hosts  int    `json:"hosts"`
		}{out.path, out.format.String(), counts.Pages, counts.Links, counts.Hosts})
	}
	fmt.Fprintf(e.stdout, "wrote %s (%s): %s, %s, %s\n", terminalSafe(out.path), out.format, model.Counted(counts.Pages, "page", "pages"), model.Counted(counts.Links, "link", "links"), model.Counted(counts.Hosts, "host", "hosts"))
	return nil
}

// writeStreamedBVGraph generates the graph of p straight into a BVGraph
// (gen.NewListGenerator into graphio.BVGraphWriter), page by page,
// without holding its links, and with -urls-out its URL list
// (gen.NewURLListGenerator), and says what it wrote.
func (out *graphOutput) writeStreamedBVGraph(ctx context.Context, e *env, p gen.Params) error {
	var counts gen.Counts
	var urls []output
	if out.urlsOut != "" {
		urls = []output{{path: out.urlsOut, flag: "urls-out", reported: true, write: func(w io.Writer) error {
			bw := bufio.NewWriterSize(w, 1<<20)
			gr, err := gen.NewURLListGenerator(p, func(u []byte) error {
				bw.Write(u)
				return bw.WriteByte('\n')
			})
			if err != nil {
				return err
			}
			if err := step.Run(ctx, gr, 1<<14, nil); err != nil {
				return fmt.Errorf("generating the URLs: %w", err)
			}
			if err := bw.Flush(); err != nil {
				return causeOf(err)
			}
			return nil
		}}}
	}
	// The generator draws on one core while the writer encodes on
	// another.
	lists := pipeLists(func(yield func([]uint32) error) error {
		gr, err := gen.NewListGenerator(p, yield)
		if err != nil {
			return err
		}
		if err := runGenerator(ctx, e, gr); err != nil {
			return err
		}
		counts = gr.Counts()
		return nil
	})
	// The generator's progress bar tells how far the file is; the bar of
	// the bytes written would fight it for the line.
	quiet := *e
	quiet.terminal = false
	if err := out.writeBVGraph(ctx, &quiet, lists, nil, urls...); err != nil {
		return err
	}
	warnIntraShare(e, counts, p.IntraHostShare)
	if out.urlsOut != "" {
		fmt.Fprintf(e.stdout, "wrote %s: %s, %s\n", terminalSafe(out.urlsOut), model.Counted(counts.Pages, "URL", "URLs"), model.Counted(counts.Hosts, "host", "hosts"))
	}
	return nil
}

// generatorFlags are the flags of a generated graph, shared by gen and run
// so that they keep the same names and help: -n, -hosts, -degree,
// -intra, -host-exp, -degree-exp, -copy, and the generator's seed, which
// gen calls -seed and run -gen-seed (run's -seed is the seed set).
type generatorFlags struct {
	params   gen.Params
	seedName string
}

// generatorFlagNames are the names of the generator flags but the seed.
var generatorFlagNames = []string{"n", "hosts", "degree", "intra", "host-exp", "degree-exp", "copy"}

// registerGeneratorFlags registers the generator flags on fs, each help
// text after prefix, the seed named seedName with seedNote, if any, in its
// help.
func registerGeneratorFlags(fs *flag.FlagSet, prefix, seedName, seedNote string) *generatorFlags {
	d := gen.DefaultParams()
	g := &generatorFlags{seedName: seedName}
	p := &g.params
	p.Pages = d.Pages
	fs.Var(wholeFlag{&p.Pages}, "n", prefix+"number of pages `N`")
	fs.Var(wholeFlag{&p.Hosts}, "hosts", prefix+"number of hosts `N` (default: pages/200, at least 1)")
	fs.Float64Var(&p.MeanOutDegree, "degree", d.MeanOutDegree, prefix+"mean out-degree `D` expected of a page (one graph's own mean varies with -seed, most in small graphs), at most (pages-1)/2; when not given, graphs under 17 pages get (pages-1)/2")
	fs.Float64Var(&p.IntraHostShare, "intra", d.IntraHostShare, prefix+"`SHARE` of links that stay inside their host, from 0 to 1")
	fs.Float64Var(&p.HostSizeExponent, "host-exp", d.HostSizeExponent, prefix+"Zipf exponent `EXP` of the host sizes")
	fs.Float64Var(&p.OutDegreeExponent, "degree-exp", d.OutDegreeExponent, prefix+"power-law exponent `EXP` of the out-degree tail")
	fs.Float64Var(&p.CopyProbability, "copy", d.CopyProbability, prefix+"probability `P` that a link copies an earlier page's target, from 0 to 1")
	if seedNote != "" {
		seedNote = " (" + seedNote + ")"
	}
	seedVar(fs, &p.Seed, seedName, model.DefaultRandomSeed, prefix+"random `SEED` of the generator"+seedNote)
	return g
}

// check refuses gen's generator flags given 0 where Validate reads 0 as
// the default, in the words Validate refuses any other value out of
// range by: its check of -1 with 0 in its place ("-n 0 is out of range:
// want 1 to 4,294,967,295", as -n -5 is). Validate checks the rest. run
// leaves all of it to the scenario's Normalize (runFlags.zeroError).
func (g *generatorFlags) check(set map[string]bool) error {
	for _, z := range []struct {
		name  string
		zero  func(p *gen.Params) bool
		probe func(p *gen.Params) // sets the flag's parameter to -1
		want  string              // when Validate says something else of -1
	}{
		{"n", func(p *gen.Params) bool { return p.Pages == 0 }, func(p *gen.Params) { p.Pages = -1 }, "1 or more pages"},
		{"hosts", func(p *gen.Params) bool { return p.Hosts == 0 }, func(p *gen.Params) { p.Hosts = -1 }, "1 to the number of pages"},
		{"degree", func(p *gen.Params) bool { return p.MeanOutDegree == 0 }, func(p *gen.Params) { p.MeanOutDegree = -1 }, "a positive mean, at most (pages-1)/2"},
		{"host-exp", func(p *gen.Params) bool { return p.HostSizeExponent == 0 }, func(p *gen.Params) { p.HostSizeExponent = -1 }, "an exponent above 0"},
		{"degree-exp", func(p *gen.Params) bool { return p.OutDegreeExponent == 0 }, func(p *gen.Params) { p.OutDegreeExponent = -1 }, "an exponent from 1.5 to 5"},
	} {
		if !set[z.name] || !z.zero(&g.params) {
			continue
		}
		p := g.params
		z.probe(&p)
		if err := p.Validate(); err != nil {
			for _, line := range strings.Split(err.Error(), "\n") {
				if rest, ok := strings.CutPrefix(genProblems(errors.New(line), ""), "-"+z.name+" -1 is "); ok {
					return usagef("-%s 0 is %s", z.name, rest)
				}
			}
		}
		return usagef("-%s 0: want %s", z.name, z.want)
	}
	return nil
}
