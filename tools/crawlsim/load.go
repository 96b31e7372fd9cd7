package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graphio"
	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/rank"
)

// graphInput holds the flags that say how to read a graph argument.
type graphInput struct {
	formatName string
	urls       string
	// path and format are set by check.
	path   string
	format graphio.Format
	// labels are an edge list's original page ids or labels, set by load
	// when the pages were renumbered; nil otherwise.
	labels *graphio.Labels
	// memory is the budget the graph was loaded within, set by read;
	// checkWork checks the command's work against it.
	memory memoryBudget
	// skipURLs, set by a command before load, loads the graph without
	// its URLs (graphio.LoadOptions.SkipURLs).
	skipURLs bool
	// renumber numbers an edge list's integer ids densely
	// (graphio.LoadOptions.Renumber).
	renumber bool
	// pack, when above 0, packs a BVGraph read in place when its packed
	// lists take at most pack bytes (graphio.LoadOptions.Pack): set for a
	// graph every pass reads whole again, a transpose PageRank pulls
	// along.
	pack int64
}

func (in *graphInput) register(fs *flag.FlagSet) {
	fs.StringVar(&in.formatName, "format", "", "input `FORMAT`: edges, graph-txt, bvgraph or csr (default: from the file name)")
	fs.StringVar(&in.urls, "urls", "", "URL list `FILE` (one URL per page, in id order) that gives pages their hosts, or a Common Crawl host graph's vertex files (id<TAB>reversed host; a pattern such as 'vertices/part-*.gz' names their parts)")
	fs.BoolVar(&in.renumber, "renumber", false, "number an edge list's integer ids densely, dropping the ids no link uses (default: ids are page numbers as given)")
}

// check validates the flags and the graph argument and resolves the
// format, before anything is loaded.
func (in *graphInput) check(args []string) error {
	if len(args) != 1 {
		return usagef("expected one graph file, got %d arguments", len(args))
	}
	if in.renumber && in.urls != "" {
		return usagef("%s", renumberWithURLs)
	}
	in.path = webGraphBasename(args[0])
	f, err := resolveFormat("format", in.formatName, in.path)
	in.format = f
	if err == nil && in.renumber && f != graphio.FormatEdgeList {
		return usagef("-renumber numbers an edge list's ids, and %s is read as %s, whose pages are numbered already", in.path, f)
	}
	return err
}

// renumberWithURLs refuses -renumber beside -urls, which the reader would
// silently ignore: with a URL list an edge list's ids are its line numbers.
const renumberWithURLs = "-renumber and -urls: with a URL list an edge list's ids are the list's line numbers, which are not renumbered; give one of them"

// resolveFormat reads a format flag's value; when it is empty or "auto" the
// format follows the file name.
func resolveFormat(flagName, value, path string) (graphio.Format, error) {
	f := graphio.FormatAuto
	if value != "" {
		var err error
		if f, err = graphio.ParseFormat(value); err != nil {
			return f, usagef("-%s %s: expected edges, graph-txt, bvgraph or csr", flagName, value)
		}
	}
	if f == graphio.FormatAuto {
		f = graphio.FormatFromName(path)
	}
	return f, nil
}

// mustExist returns an error unless path names a file (or a URL list
// pattern that matches files): it is missing, or a folder (a
// *missingInput). "-", which names the standard output as an output,
// gets a pointer to /dev/stdin.
func mustExist(path string) error {
	st, err := os.Stat(path)
	if err != nil {
		if ok, perr := patternExists(path); ok || perr != nil {
			return perr
		}
		return &missingInput{path: path, cause: causeOf(err), hint: stdinHint(path)}
	}
	if st.IsDir() {
		return &missingInput{path: path}
	}
	return nil
}

// missingInput is an input file that cannot be read: missing,
// unreadable (cause), or a folder (no cause).
type missingInput struct {
	path  string
	cause error
	hint  string
}

func (m *missingInput) Error() string {
	if m.cause == nil {
		return m.path + " is a folder, not a file"
	}
	return "cannot read " + m.path + ": " + m.cause.Error() + m.hint
}

func (m *missingInput) Unwrap() error { return m.cause }

// ofFlag says err, mustExist's, about the file given as -flag, in the
// words every input flag of every command uses: "-urls u.txt: cannot
// read it: no such file or directory". Another error is -flag's.
func ofFlag(flag string, err error) error {
	var m *missingInput
	switch {
	case !errors.As(err, &m):
		return fmt.Errorf("-%s: %w", flag, err)
	case m.cause == nil:
		return fmt.Errorf("-%s %s: that is a folder; name a file", flag, m.path)
	}
	return fmt.Errorf("-%s %s: cannot read it: %w%s", flag, m.path, m.cause, m.hint)
}

// stdinHint ends the error of an input named "-", which names the
// standard output as an output but is not read as the standard input:
// it points to /dev/stdin, which is. For any other name it is "".
func stdinHint(path string) string {
	if path != stdoutName {
		return ""
	}
	return "; to read the standard input, name it /dev/stdin"
}

// mayHaveURLs reports whether the graph can carry URLs and hosts once
// loaded: it has a URL list, or its format can hold them. It is known
// before loading, so that flags needing hosts are refused early.
func (in *graphInput) mayHaveURLs() bool {
	return in.urls != "" || in.format == graphio.FormatEdgeList || in.format == graphio.FormatCSR
}

// load reads the graph named by check, with its URL list when -urls was
// given, showing a progress bar over the bytes read. A command calls it
// after checking all its flags. Cancelling ctx stops it.
func (in *graphInput) load(ctx context.Context, e *env) (*graph.Graph, error) {
	path := in.path
	if err := mustExist(path); err != nil {
		return nil, fmt.Errorf("%w%s", err, graphHint(path))
	}
	if in.urls != "" {
		if err := mustExist(in.urls); err != nil {
			return nil, ofFlag("urls", err)
		}
	}
	g, labels, err := in.read(ctx, e, in.format)
	if err != nil {
		return nil, err
	}
	if in.renumber && labels != nil && labels.IDs != nil {
		fmt.Fprintf(e.stderr, "note: the ids of %s are renumbered densely: %s pages, %s unused ids dropped\n", terminalSafe(path), model.Count(g.NumNodes()), model.Count(labels.Dropped()))
	}
	if labels.Trivial() {
		labels = nil // the file's ids were 0..n-1 already
	}
	in.labels = labels
	if odd := labels.OddLabel(path); odd != "" {
		fmt.Fprintf(e.stderr, "warning: %s\n", terminalSafe(odd))
	}
	if labels != nil && labels.Names != nil && g.URLs == nil {
		fmt.Fprintf(e.stderr, "note: the pages of %s are labels, not all URLs (with ://), so they have no hosts; give -urls FILE for hosts\n", terminalSafe(path))
	}
	return g, nil
}

// pageName returns how the input file names page p: its original id or
// label when an edge list was renumbered, else p.
func (in *graphInput) pageName(p uint32) string {
	switch {
	case in.labels == nil:
		return strconv.FormatUint(uint64(p), 10)
	case in.labels.IDs != nil:
		return strconv.FormatUint(in.labels.IDs[p], 10)
	default:
		return in.labels.Names[p]
	}
}

// pageOf maps the input file's name for a page back to the page, when an
// edge list was renumbered (graphio.Labels.PageOf); it is nil otherwise.
func (in *graphInput) pageOf() func(string) (uint32, bool) {
	return in.labels.PageOf()
}

// read loads the graph in the given format through graphio.Load, within
// the memory crawlsim may use (currentMemoryBudget): a file whose decoded
// size would exceed it is refused before it is decoded. Cancelling ctx
// stops the reading and the decoding.
func (in *graphInput) read(ctx context.Context, e *env, format graphio.Format) (*graph.Graph, *graphio.Labels, error) {
	budget, err := currentMemoryBudget()
	if err != nil {
		return nil, nil, err
	}
	in.memory = budget
	path := in.path
	p := e.newProgress("reading "+filepath.Base(path), true)
	defer p.finish()
	packing := false
	opt := graphio.LoadOptions{
		Format:   format,
		URLs:     in.urls,
		MaxBytes: budget.bytes,
		Cancel:   ctx.Err,
		Wrap: func(name string, r io.Reader) io.Reader {
			var size int64
			if st, err := os.Stat(name); err == nil {
				size = st.Size()
			}
			p.describe("reading " + filepath.Base(name))
			return &countingReader{ctx: ctx, r: r, p: p, total: size}
		},
		SkipURLs: in.skipURLs,
		InPlace:  true,
		// Packing happens in the pass that checks a BVGraph, whose bar
		// counts the bytes of the .graph checked; the pages packed only
		// change its label.
		PackProgress: func(string, int64, int64) { packing = true },
		Renumber:     in.renumber,
		Progress: func(name string, done, total int64) {
			verb := "checking "
			if packing {
				verb = "checking and packing "
			}
			p.describe(verb + filepath.Base(name))
			p.set(done, total)
		},
	}
	opt.Pack = in.pack
	g, labels, err := graphio.Load(osFS{}, path, opt)
	return g, labels, budget.explain(err)
}

// layoutLinksAtMost is the most links for which PageRank builds its own
// in-arc layout (4 bytes a link, 1 GiB here) rather than pull along a
// BVGraph transpose found beside the graph: on the layout a sweep reads
// flat arrays, on a compressed transpose it decodes every link again, so
// the layout is faster while its memory is small beside the machine's.
const layoutLinksAtMost = 1 << 28

// transposeFile returns the transpose PageRank pulls along for the graph
// at path in format: explicit when the user named one (-transpose; a
// WebGraph basename NAME is NAME.graph, webGraphBasename); else
// LAW's NAME-t.graph beside a BVGraph NAME.graph, when it is there with
// its properties and the graph has more than layoutLinksAtMost links or
// PageRank's in-arc layout would not fit in budget bytes (0 or less: no
// limit; its properties say both); else "". A transpose is loaded as
// the graph is (a BVGraph read in place).
func transposeFile(path string, format graphio.Format, explicit string, budget int64) string {
	if explicit != "" {
		return webGraphBasename(explicit)
	}
	if format != graphio.FormatBVGraph {
		return ""
	}
	if !strings.HasSuffix(strings.ToLower(path), ".graph") {
		return ""
	}
	base := path[:len(path)-len(".graph")]
	for _, f := range []string{base + "-t.graph", base + "-t.properties"} {
		if st, err := os.Stat(f); err != nil || !st.Mode().IsRegular() {
			return ""
		}
	}
	f, err := os.Open(base + ".properties")
	if err != nil {
		return ""
	}
	defer f.Close()
	props, err := graphio.ReadBVGraphProperties(f, base+".properties")
	if err != nil || props.Arcs <= layoutLinksAtMost && !layoutTooLarge(props.Nodes, props.Arcs, budget) {
		return ""
	}
	return base + "-t.graph"
}

// layoutTooLarge reports whether PageRank's in-arc layout on a BVGraph
// of n pages and m links read in place (8 bytes a page of list
// positions) would need more than budget bytes (0 or less: no limit).
func layoutTooLarge(n, m, budget int64) bool {
	return budget > 0 && 8*(n+1)+pagerankBytes(n, m) > budget
}

// loadTranspose loads the transpose of g that transposeFile names, with
// its name, or returns nil when there is none; a file that is not g's
// transpose in size is an error (PageRank checks the in-degrees, and
// its error is named by notTransposeError). personalized says whether
// PageRank will have a teleport vector.
func (in *graphInput) loadTranspose(ctx context.Context, e *env, g *graph.Graph, explicit string, personalized bool) (*graph.Graph, string, error) {
	name := transposeFile(in.path, in.format, explicit, in.memory.bytes)
	if name == "" {
		return nil, "", nil
	}
	// The transpose may take, packed, what PageRank's vectors and the
	// graph leave of the budget (pagerankPullBytes, graphBytes, and
	// the transpose's own list positions while it is packed).
	n := int64(g.NumNodes())
	pack := in.memory.bytes - graphBytes(g) - pagerankPullBytes(n, personalized) - 8*(n+1)
	t := graphInput{path: name, format: graphio.FormatFromName(name), skipURLs: true, pack: max(pack, 0)}
	if err := mustExist(name); err != nil {
		return nil, "", ofFlag("transpose", err)
	}
	tr, _, err := t.read(ctx, e, t.format)
	if err != nil {
		return nil, "", err
	}
	if tr.NumNodes() != g.NumNodes() || tr.NumArcs() != g.NumArcs() {
		return nil, "", fmt.Errorf("%s has %s pages and %s links, the graph %s %s and %s: it is not its transpose",
			name, model.Count(tr.NumNodes()), model.Count(tr.NumArcs()), in.path, model.Count(g.NumNodes()), model.Count(g.NumArcs()))
	}
	return tr, name, nil
}

// notTransposeError names the file of the transpose, name, in err when
// PageRank found it is not the graph's (rank.ErrNotTranspose), which
// matters most when crawlsim found NAME-t.graph by itself: "rank:
// transpose is not the graph's" would not say which file.
func notTransposeError(err error, name, graphPath string) error {
	if !errors.Is(err, rank.ErrNotTranspose) || name == "" {
		return err
	}
	return fmt.Errorf("%s is not the transpose of %s: %s", name, graphPath, strings.TrimPrefix(strings.TrimPrefix(err.Error(), "rank: "), rank.ErrNotTranspose.Error()+": "))
}

// checkWork refuses, before the command allocates it, work whose memory
// (work of the pages and links, beside the graph itself) exceeds the
// budget the graph was loaded within; purpose says what the work is, as
// in "to rank".
func (in *graphInput) checkWork(g *graph.Graph, work func(n, m int64) int64, purpose string) error {
	n, m := int64(g.NumNodes()), g.NumArcs()
	return in.memory.check(in.path, n, m, graphBytes(g)+work(n, m), purpose)
}

// osFS opens files by the names the user typed, relative or absolute, so
// that reader errors name files as the user knows them. It maps .csr files
// into memory where the platform allows (graphio.MappedFS); a mapping stays
// for the life of the process.
type osFS struct{}

func (osFS) Open(name string) (fs.File, error) { return os.Open(name) }

func (osFS) MapFile(name string) ([]byte, bool) { return mapFile(name) }

// ReleaseMapped lets the pages of a part of a mapping leave the process's
// resident memory until they are read again (graphio.MappedReleaser).
func (osFS) ReleaseMapped(b []byte) { releaseMapped(b) }
