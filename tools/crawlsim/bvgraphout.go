package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graphio"
	"github.com/crawlsim/crawlsim/engine/model"
)

// This file writes graphs as WebGraph BVGraphs: -o NAME.graph writes
// NAME.graph, NAME.offsets and NAME.properties, as Java WebGraph's
// BVGraph.store does (graphio.BVGraphWriter), through temporary files
// renamed into place together.

// registerBVGraph registers the compression parameters of a BVGraph
// output on fs.
func (out *graphOutput) registerBVGraph(fs *flag.FlagSet) {
	d := graphio.DefaultBVGraphParams()
	out.bv = d
	fs.IntVar(&out.bv.Window, "window", d.Window, "BVGraph output: how many previous lists a list may copy from (`W`, 0: none)")
	fs.IntVar(&out.bv.MaxRefCount, "max-ref", d.MaxRefCount, "BVGraph output: longest chain of copies `R` (-1: unbounded)")
	fs.IntVar(&out.bv.MinInterval, "min-interval", d.MinInterval, "BVGraph output: shortest run of consecutive links `L` written as an interval (0: no intervals)")
	fs.IntVar(&out.bv.ZetaK, "zeta-k", d.ZetaK, "BVGraph output: the `K` of the ζ_K code of residual links")
}

// bvFlagNames are the flags of registerBVGraph.
var bvFlagNames = []string{"window", "max-ref", "min-interval", "zeta-k"}

// bvParamFlags names the flag that sets each field of
// graphio.BVGraphParams (graphio.BVGraphParamError.Param).
var bvParamFlags = map[string]string{"Window": "window", "MaxRefCount": "max-ref", "MinInterval": "min-interval", "ZetaK": "zeta-k"}

// checkBVGraph checks a BVGraph output: it is named NAME.graph, is a
// file (three, in fact) and not gzip-compressed, and its parameters are
// in range; it returns the flags of its other two files for checkFiles.
func (out *graphOutput) checkBVGraph() ([]outputFlag, error) {
	if out.bv.MaxRefCount == -1 {
		out.bv.MaxRefCount = graphio.BVMaxRefCount
	}
	if err := out.bv.Check(); err != nil {
		var pe *graphio.BVGraphParamError
		if !errors.As(err, &pe) {
			return nil, usagef("%s", strings.TrimPrefix(err.Error(), "graphio: "))
		}
		want := pe.Want
		if pe.Param == "MaxRefCount" {
			want = "-1 (unbounded) or " + want
		}
		return nil, usagef("-%s %d: want %s", bvParamFlags[pe.Param], pe.Value, want)
	}
	switch {
	case gzipName(out.path):
		return nil, usagef("-o %s: a BVGraph is written uncompressed, as WebGraph reads it; name it without .gz", out.path)
	case isStreamOutput(out.path):
		return nil, usagef("-o %s: a BVGraph is three files (NAME.graph, NAME.offsets, NAME.properties); name a file NAME.graph", out.path)
	case !strings.HasSuffix(strings.ToLower(out.path), ".graph"):
		return nil, usagef("-o %s: name a BVGraph by its .graph file, NAME.graph; NAME.offsets and NAME.properties are written beside it", out.path)
	}
	base := bvBase(out.path)
	return []outputFlag{{"o", base + ".offsets"}, {"o", base + ".properties"}}, nil
}

// bvBase returns NAME for NAME.graph.
func bvBase(path string) string { return path[:len(path)-len(".graph")] }

// bvLists yields the successor lists of a graph in page order; it returns
// the first error of yield.
type bvLists func(yield func(succ []uint32) error) error

// writeBVGraph writes the lists of a graph as NAME.graph, NAME.offsets and
// NAME.properties, with -urls-out the URLs of g (nil when the graph is
// not held, as gen streams it; the caller then passes the URL list among
// more), and the outputs more, and says what it wrote as write does.
// lists is run once, while NAME.graph is written; the offsets go to a
// temporary file beside it meanwhile.
func (out *graphOutput) writeBVGraph(ctx context.Context, e *env, lists bvLists, g *graph.Graph, more ...output) error {
	base := bvBase(out.path)
	dir := filepath.Dir(out.path)
	offTmp, err := os.CreateTemp(dir, "."+filepath.Base(base)+".offsets.*.tmp")
	if err != nil {
		return fmt.Errorf("-o %s: %w", out.path, causeOf(err))
	}
	defer func() {
		offTmp.Close()
		os.Remove(offTmp.Name())
	}()
	var st graphio.BVGraphStats
	outs := []output{
		{path: out.path, flag: "o", reported: true, write: func(w io.Writer) error {
			ow := bufio.NewWriterSize(offTmp, 1<<20)
			bw, err := graphio.NewBVGraphWriter(w, ow, out.bv)
			if err != nil {
				return err
			}
			if err := lists(func(succ []uint32) error {
				if err := ctx.Err(); err != nil {
					return err
				}
				return bw.Add(succ)
			}); err != nil {
				return err
			}
			if err := bw.Close(); err != nil {
				return err
			}
			st = bw.Stats()
			if err := ow.Flush(); err != nil {
				return fmt.Errorf("writing the offsets: %w", causeOf(err))
			}
			return nil
		}},
		{path: base + ".offsets", reported: true, write: func(w io.Writer) error {
			if _, err := offTmp.Seek(0, io.SeekStart); err != nil {
				return causeOf(err)
			}
			_, err := io.Copy(w, offTmp)
			return causeOf(err)
		}},
		{path: base + ".properties", reported: true, write: func(w io.Writer) error {
			return graphio.WriteBVGraphProperties(w, out.bv, st)
		}},
	}
	if g != nil {
		outs = append(outs, out.urlOutput(g)...)
	}
	outs = append(outs, more...)
	if err := writeOutputs(ctx, e, outs...); err != nil {
		return err
	}
	if g != nil && g.URLs != nil && out.urlsOut == "" {
		fmt.Fprintf(e.stderr, "note: %s does not hold URLs or hosts; add -urls-out FILE to keep them\n", terminalSafe(out.path))
	}
	bitsPerLink := 0.0
	if st.Arcs > 0 {
		bitsPerLink = float64(st.GraphBits) / float64(st.Arcs)
	}
	if out.asJSON {
		return writeJSON(e.stdout, struct {
			File        string  `json:"file"`
			Format      string  `json:"format"`
			Offsets     string  `json:"offsets"`
			Properties  string  `json:"properties"`
			URLs        string  `json:"urls,omitempty"`
			Pages       uint64  `json:"pages"`
			Links       uint64  `json:"links"`
			BitsPerLink float64 `json:"bits_per_link"`
		}{out.path, out.format.String(), base + ".offsets", base + ".properties", out.urlsOut, st.Nodes, st.Arcs, bitsPerLink})
	}
	fmt.Fprintf(e.stdout, "wrote %s (BVGraph, with %s and %s): %s, %s, %s bits a link\n", terminalSafe(out.path),
		terminalSafe(filepath.Base(base)+".offsets"), terminalSafe(filepath.Base(base)+".properties"),
		model.Counted(int64(st.Nodes), "page", "pages"), model.Counted(int64(st.Arcs), "link", "links"),
		strconv.FormatFloat(bitsPerLink, 'f', 3, 64))
	if g != nil && out.urlsOut != "" {
		fmt.Fprintf(e.stdout, "wrote %s: %s, %s\n", terminalSafe(out.urlsOut), model.Counted(len(g.URLs), "URL", "URLs"), model.Counted(g.NumHosts(), "host", "hosts"))
	}
	return nil
}

// graphLists returns the lists of g, decoded sequentially when g is a
// BVGraph read in place.
func graphLists(g *graph.Graph) bvLists {
	return func(yield func([]uint32) error) error {
		s := g.Successors()
		for x := range g.NumNodes() {
			if err := yield(s.Out(uint32(x))); err != nil {
				return err
			}
		}
		return s.Err()
	}
}

// transposedLists returns the lists of the transpose of the graph of n
// pages whose lists are lists, made offline (graphio.TransposeOffline)
// with its runs in a temporary folder beside the output path, removed at
// the end. Reading the lists into runs stops when ctx is cancelled.
func transposedLists(ctx context.Context, path string, n int, lists bvLists) bvLists {
	return func(yield func([]uint32) error) error {
		runs, err := newTempRuns(filepath.Dir(path), filepath.Base(path))
		if err != nil {
			return fmt.Errorf("cannot make a folder for the transpose's runs: %w", causeOf(err))
		}
		defer runs.remove()
		read := func(spill func([]uint32) error) error {
			return lists(func(succ []uint32) error {
				if err := ctx.Err(); err != nil {
					return err
				}
				return spill(succ)
			})
		}
		return graphio.TransposeOffline(n, read, runs, graphio.DefaultTransposeBatch, yield)
	}
}

// firstSet returns the first of names given on the command line of fs, or
// "".
func firstSet(fs *flag.FlagSet, names []string) string {
	set := explicitFlags(fs)
	for _, n := range names {
		if set[n] {
			return n
		}
	}
	return ""
}

// tempRuns is a graphio.RunStore of files in a temporary folder.
type tempRuns struct {
	dir   string
	names []string
}

// newTempRuns makes a temporary folder for runs in dir.
func newTempRuns(dir, base string) (*tempRuns, error) {
	d, err := os.MkdirTemp(dir, "."+base+".transpose-*.tmp")
	if err != nil {
		return nil, err
	}
	return &tempRuns{dir: d}, nil
}

func (r *tempRuns) Create() (io.WriteCloser, error) {
	f, err := os.Create(filepath.Join(r.dir, "run-"+strconv.Itoa(len(r.names))))
	if err != nil {
		return nil, causeOf(err)
	}
	r.names = append(r.names, f.Name())
	return f, nil
}

func (r *tempRuns) Open(i int) (io.ReadCloser, error) {
	f, err := os.Open(r.names[i])
	if err != nil {
		return nil, causeOf(err)
	}
	return f, nil
}

// remove deletes the folder and the runs.
func (r *tempRuns) remove() { os.RemoveAll(r.dir) }
