package graphio

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"

	"github.com/crawlsim/crawlsim/engine/graph"
)

// Format names a graph file format.
type Format int

const (
	// FormatAuto picks the format from the file name (see FormatFromName).
	FormatAuto Format = iota
	// FormatEdgeList is a SNAP-style edge list (ReadEdgeList).
	FormatEdgeList
	// FormatASCII is WebGraph ASCII, .graph-txt (ReadASCII).
	FormatASCII
	// FormatBVGraph is WebGraph BVGraph: NAME.graph with NAME.properties
	// and, when present, NAME.offsets (ReadBVGraph). It can only be read.
	FormatBVGraph
	// FormatCSR is crawlsim's native binary format, .csr (ReadCSR).
	FormatCSR
)

// String returns the format's name as ParseFormat accepts it.
func (f Format) String() string {
	switch f {
	case FormatAuto:
		return "auto"
	case FormatEdgeList:
		return "edges"
	case FormatASCII:
		return "graph-txt"
	case FormatBVGraph:
		return "bvgraph"
	case FormatCSR:
		return "csr"
	}
	return fmt.Sprintf("Format(%d)", int(f))
}

// ParseFormat parses a format name, as given to the CLI's -format flag:
// "auto" (or ""), "edges" (also "edgelist", "edge-list"), "graph-txt"
// (also "ascii"), "bvgraph" or "csr", in any letter case.
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "auto":
		return FormatAuto, nil
	case "edges", "edgelist", "edge-list":
		return FormatEdgeList, nil
	case "graph-txt", "ascii":
		return FormatASCII, nil
	case "bvgraph":
		return FormatBVGraph, nil
	case "csr":
		return FormatCSR, nil
	}
	return FormatAuto, fmt.Errorf("graphio: unknown format %q (want auto, edges, graph-txt, bvgraph or csr)", s)
}

// FormatFromName returns the format a file name implies (DESIGN.md
// "Command line"): NAME.graph is BVGraph, NAME.graph-txt WebGraph ASCII,
// NAME.csr the native format, and anything else an edge list. Extensions
// are matched in any letter case.
func FormatFromName(name string) Format {
	lower := strings.ToLower(name)
	switch {
	case strings.HasSuffix(lower, ".graph"):
		return FormatBVGraph
	case strings.HasSuffix(lower, ".graph-txt"):
		return FormatASCII
	case strings.HasSuffix(lower, ".csr"):
		return FormatCSR
	}
	return FormatEdgeList
}

// LoadOptions controls Load.
type LoadOptions struct {
	// Format of the graph file; FormatAuto follows its name.
	Format Format
	// URLs optionally names a URL list in the same file system, one URL
	// per page in page order; the graph then carries the URLs and the host
	// table derived from them (graph.HostsFromURLs).
	URLs string
	// Wrap, when set, is applied to every file Load opens before reading
	// it, for instance to count bytes for a progress bar.
	Wrap func(name string, r io.Reader) io.Reader
}

// Load reads the graph file name from fsys in the given format (by
// default the one its name implies), attaches the URL list opt.URLs when
// given, and returns the graph with the labels of an edge list (nil for
// the other formats, and for an edge list read with a URL list).
//
// With a URL list, an edge list's ids must be integers below the number of
// URLs and are taken as line numbers of the list (line k is page k-1): the
// graph has one page per URL, linked or not. A BVGraph needs
// NAME.properties beside NAME.graph and uses NAME.offsets when present to
// check the decoding. Every error names the file it concerns.
func Load(fsys fs.FS, name string, opt LoadOptions) (*graph.Graph, *Labels, error) {
	f := opt.Format
	if f == FormatAuto {
		f = FormatFromName(name)
	}
	var urls []string
	if opt.URLs != "" {
		r, closeFile, err := loadOpen(fsys, opt.URLs, opt.Wrap)
		if err != nil {
			return nil, nil, err
		}
		urls, err = ReadURLList(r, opt.URLs)
		closeFile()
		if err != nil {
			return nil, nil, err
		}
	}
	var g *graph.Graph
	var labels *Labels
	var err error
	switch f {
	case FormatEdgeList:
		r, closeFile, oerr := loadOpen(fsys, name, opt.Wrap)
		if oerr != nil {
			return nil, nil, oerr
		}
		eopt := EdgeListOptions{}
		if opt.URLs != "" {
			eopt = EdgeListOptions{Nodes: len(urls), NodesFrom: "the URL list " + opt.URLs}
		}
		g, labels, err = ReadEdgeList(r, name, eopt)
		closeFile()
	case FormatASCII:
		r, closeFile, oerr := loadOpen(fsys, name, opt.Wrap)
		if oerr != nil {
			return nil, nil, oerr
		}
		g, err = ReadASCII(r, name)
		closeFile()
	case FormatCSR:
		r, closeFile, oerr := loadOpen(fsys, name, opt.Wrap)
		if oerr != nil {
			return nil, nil, oerr
		}
		g, err = ReadCSR(r, name)
		closeFile()
	case FormatBVGraph:
		g, err = loadBVGraph(fsys, name, opt.Wrap)
	default:
		return nil, nil, fmt.Errorf("graphio: cannot load %s: unknown format %v", name, f)
	}
	if err != nil {
		return nil, nil, err
	}
	if opt.URLs != "" {
		if len(urls) != g.NumNodes() {
			return nil, nil, fileError(opt.URLs, "%d URLs, but the graph %s has %d pages; a URL list needs one line per page", len(urls), name, g.NumNodes())
		}
		if g, err = g.WithURLs(urls); err != nil {
			return nil, nil, fileError(opt.URLs, "%v", err)
		}
	}
	return g, labels, nil
}

// loadBVGraph reads NAME.graph with NAME.properties and, when present,
// NAME.offsets.
func loadBVGraph(fsys fs.FS, name string, wrap func(string, io.Reader) io.Reader) (*graph.Graph, error) {
	base := name
	if strings.HasSuffix(strings.ToLower(name), ".graph") {
		base = name[:len(name)-len(".graph")]
	}
	propsName := base + ".properties"
	pr, closeProps, err := loadOpen(fsys, propsName, wrap)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fileError(name, "a BVGraph needs its properties file %s beside it, and there is none", propsName)
		}
		return nil, err
	}
	props, err := ReadBVGraphProperties(pr, propsName)
	closeProps()
	if err != nil {
		return nil, err
	}
	gr, closeGraph, err := loadOpen(fsys, name, wrap)
	if err != nil {
		return nil, err
	}
	defer closeGraph()
	offsetsName := base + ".offsets"
	or, closeOffsets, err := loadOpen(fsys, offsetsName, wrap)
	switch {
	case err == nil:
		defer closeOffsets()
		return ReadBVGraph(gr, name, props, or, offsetsName)
	case errors.Is(err, fs.ErrNotExist):
		return ReadBVGraph(gr, name, props, nil, offsetsName)
	default:
		return nil, err
	}
}

// loadOpen opens a file of fsys, wrapped as LoadOptions.Wrap asks, and
// returns a function that closes it.
func loadOpen(fsys fs.FS, name string, wrap func(string, io.Reader) io.Reader) (io.Reader, func(), error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, nil, err // *fs.PathError names the file
	}
	var r io.Reader = f
	if wrap != nil {
		r = wrap(name, f)
	}
	return r, func() { f.Close() }, nil
}

// Save writes g in format f: an edge list, WebGraph ASCII or .csr. Only
// .csr keeps the host table and URLs; write them with WriteURLList for the
// text formats. Writing BVGraph is not supported.
func Save(w io.Writer, g *graph.Graph, f Format) error {
	switch f {
	case FormatEdgeList:
		return WriteEdgeList(w, g)
	case FormatASCII:
		return WriteASCII(w, g)
	case FormatCSR:
		return WriteCSR(w, g)
	case FormatBVGraph:
		return errors.New("graphio: writing BVGraph is not supported; write .csr, .graph-txt or an edge list instead")
	case FormatAuto:
		return errors.New("graphio: Save needs a concrete format, not auto")
	}
	return fmt.Errorf("graphio: cannot save in unknown format %v", f)
}
