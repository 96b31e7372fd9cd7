package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graphio"
	"github.com/crawlsim/crawlsim/engine/model"
)

// graphOutput holds the flags that say where and how to write a graph.
type graphOutput struct {
	path       string
	formatName string
	urlsOut    string
	asJSON     bool
	format     graphio.Format
	// bv holds the compression parameters of a BVGraph output.
	bv graphio.BVGraphParams
	fs *flag.FlagSet
}

func (out *graphOutput) register(fs *flag.FlagSet) {
	out.fs = fs
	fs.StringVar(&out.path, "o", "", "output graph `FILE` (required); its format follows its name: .csr, .graph-txt, .graph (a WebGraph BVGraph: NAME.graph, NAME.offsets and NAME.properties), else an edge list; a name ending in .gz is gzip-compressed")
	fs.StringVar(&out.formatName, "to", "", "output `FORMAT`: edges, graph-txt, csr or bvgraph (default: from the -o name; a .csr, .graph-txt, .edges or .graph name must agree with it)")
	fs.StringVar(&out.urlsOut, "urls-out", "", "also write the pages' URLs to `FILE` (a .csr file holds them already; gzip-compressed when it ends in .gz)")
	fs.BoolVar(&out.asJSON, "json", false, "print what was written as JSON")
	out.registerBVGraph(fs)
}

// check validates the output flags before any work is done. mayHaveURLs
// says whether the graph to be written can have URLs at all; ins are the
// files it is read from, which no output may replace.
func (out *graphOutput) check(e *env, mayHaveURLs bool, ins []inputFile) error {
	if out.path == "" {
		return usagef("-o FILE is required")
	}
	f, err := resolveFormat("to", out.formatName, out.path)
	if err != nil {
		return err
	}
	if named, kind, ok := formatNamed(out.path); ok && f != named {
		return usagef("-to %s contradicts -o %s, whose name makes it %s (read back by its name); leave -to out, or give the output a name that agrees with it", out.formatName, out.path, kind)
	}
	out.format = f
	outs := []outputFlag{{"o", out.path}, {"urls-out", out.urlsOut}}
	if out.format == graphio.FormatBVGraph {
		more, err := out.checkBVGraph()
		if err != nil {
			return err
		}
		outs = append(outs, more...)
	} else if name := firstSet(out.fs, bvFlagNames); name != "" {
		return usagef("-%s: the BVGraph parameters need a BVGraph output, -o NAME.graph", name)
	}
	if out.urlsOut != "" && !mayHaveURLs {
		return usagef("-urls-out %s: the input has no URLs to write (give -urls FILE)", out.urlsOut)
	}
	return checkFiles(e, ins, outs, out.asJSON)
}

// write saves g, and its URLs when asked, and says what it wrote.
func (out *graphOutput) write(ctx context.Context, e *env, g *graph.Graph) error {
	return out.writeGraph(ctx, e, g, false)
}

// urlOutput returns the output of -urls-out for g, if asked.
func (out *graphOutput) urlOutput(g *graph.Graph) []output {
	if out.urlsOut == "" {
		return nil
	}
	return []output{{path: out.urlsOut, flag: "urls-out", reported: true, write: func(w io.Writer) error { return graphio.WriteURLList(w, g.URLs) }}}
}

// writeGraph saves g, or its transpose, and its URLs when asked, and says
// what it wrote. A BVGraph transpose is made offline
// (graphio.TransposeOffline, runs in a temporary folder beside the
// output); other formats get graph.Transpose.
func (out *graphOutput) writeGraph(ctx context.Context, e *env, g *graph.Graph, transpose bool) error {
	if out.urlsOut != "" && g.URLs == nil {
		return fmt.Errorf("-urls-out %s: the graph has no URLs to write", out.urlsOut)
	}
	if out.format == graphio.FormatBVGraph {
		lists := graphLists(g)
		if transpose {
			lists = transposedLists(ctx, out.path, g.NumNodes(), lists)
		}
		return out.writeBVGraph(ctx, e, lists, g)
	}
	if transpose {
		g = g.Transpose()
	}
	outs := append([]output{{path: out.path, flag: "o", reported: true, write: func(w io.Writer) error { return graphio.Save(w, g, out.format) }}}, out.urlOutput(g)...)
	if err := writeOutputs(ctx, e, outs...); err != nil {
		return err
	}
	out.noteReadBack(e)
	keepsHosts := out.format == graphio.FormatCSR
	if g.URLs != nil && !keepsHosts && out.urlsOut == "" {
		fmt.Fprintf(e.stderr, "note: %s does not hold URLs or hosts; add -urls-out FILE to keep them\n", terminalSafe(out.path))
	}
	if out.asJSON {
		return writeJSON(e.stdout, struct {
			File   string `json:"file"`
			Format string `json:"format"`
			Gzip   bool   `json:"gzip,omitempty"`
			URLs   string `json:"urls,omitempty"`
			Pages  int    `json:"pages"`
			Links  int64  `json:"links"`
			Hosts  *int   `json:"hosts,omitempty"` // only where the output keeps hosts
		}{out.path, out.format.String(), gzipName(out.path), out.urlsOut, g.NumNodes(), g.NumArcs(), hostCount(g, keepsHosts || out.urlsOut != "")})
	}
	fmt.Fprintf(e.stdout, "wrote %s (%s): %s, %s", terminalSafe(out.path), formatText(out.path, out.format.String()), model.Counted(g.NumNodes(), "page", "pages"), model.Counted(g.NumArcs(), "link", "links"))
	if keepsHosts && g.HasHosts() {
		fmt.Fprintf(e.stdout, ", %s", model.Counted(g.NumHosts(), "host", "hosts"))
	}
	fmt.Fprintln(e.stdout)
	if out.urlsOut != "" {
		fmt.Fprintf(e.stdout, "wrote %s: %s, %s\n", terminalSafe(out.urlsOut), model.Counted(len(g.URLs), "URL", "URLs"), model.Counted(g.NumHosts(), "host", "hosts"))
	}
	return nil
}

// noteReadBack says on stderr how to read the output back when -to gave
// it a format its name does not say: crawlsim reads a file by its name,
// so "-o g.txt -to graph-txt" is read back as an edge list unless told
// -format graph-txt (check refuses a name that says another format, so
// such a name says "edge list"; -to csr and graph-txt are the
// extensions too). The standard streams, FIFOs and devices get no note.
func (out *graphOutput) noteReadBack(e *env) {
	if graphio.FormatFromName(out.path) == out.format || streamAlias(out.path) != "" {
		return
	}
	if st, err := os.Stat(out.path); err != nil || !st.Mode().IsRegular() {
		return
	}
	fmt.Fprintf(e.stderr, "note: %s is read as an edge list by its name; read it back with -format %s, or name it NAME.%s\n", terminalSafe(out.path), out.format, out.format)
}

// hostCount returns the graph's number of hosts when the output keeps them
// and the graph has any, else nil.
func hostCount(g *graph.Graph, kept bool) *int {
	if !kept || !g.HasHosts() {
		return nil
	}
	n := g.NumHosts()
	return &n
}

func convertCommand() *command {
	return &command{
		name: "convert",
		args: "GRAPH",
		summary: `Convert a graph between formats.
It reads any input format (with -urls for hosts) and writes an edge list,
WebGraph ASCII, a WebGraph BVGraph (as Java WebGraph writes it, 2-3 bits a
link on web graphs) or crawlsim's .csr, which loads fastest and keeps hosts
and URLs; -transpose reverses every link.`,
		setup: func(fs *flag.FlagSet) func(context.Context, *env, []string) error {
			var in graphInput
			var out graphOutput
			in.register(fs)
			out.register(fs)
			transpose := fs.Bool("transpose", false, "write the transpose: every link reversed (a BVGraph offline, in sorted runs on disk beside the output)")
			return func(ctx context.Context, e *env, args []string) error {
				if err := in.check(args); err != nil {
					return err
				}
				if err := out.check(e, in.mayHaveURLs(), in.inputs()); err != nil {
					return err
				}
				g, err := in.load(ctx, e)
				if err != nil {
					return err
				}
				if !g.IsCSR() && out.format == graphio.FormatCSR {
					// A BVGraph read in place is decoded into the arrays
					// the .csr holds.
					if err := in.checkWork(g, func(n, m int64) int64 { return 8*n + 4*m }, "to convert"); err != nil {
						return err
					}
				}
				if in.labels != nil {
					fmt.Fprintf(e.stderr, "note: %s's pages were renumbered 0..%d in increasing order of their ids (or first appearance of their labels); %s uses the new numbers\n", terminalSafe(in.path), g.NumNodes()-1, terminalSafe(out.path))
				}
				return out.writeGraph(ctx, e, g, *transpose)
			}
		},
	}
}

// formatNamed returns the format the extension of an output's name makes
// it, when the name has one that graphio.FormatFromName reads (a file is
// read back by its name): .csr, .graph-txt, .edges or a BVGraph's, each
// maybe followed by .gz; kind says it in words. Any other name (the
// standard output, a device, x.bin) implies no format, and -to decides.
func formatNamed(path string) (graphio.Format, string, bool) {
	name := strings.TrimSuffix(strings.ToLower(path), ".gz")
	for _, n := range []struct {
		ext  string
		kind string
	}{{".csr", "a .csr file"}, {".graph-txt", "a WebGraph ASCII file"}, {".edges", "an edge list"}, {".graph", "a BVGraph"}, {".properties", "a BVGraph"}, {".offsets", "a BVGraph"}} {
		if strings.HasSuffix(name, n.ext) {
			return graphio.FormatFromName(path), n.kind, true
		}
	}
	return graphio.FormatAuto, "", false
}
