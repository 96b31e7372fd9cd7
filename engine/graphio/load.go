package graphio

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
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
	// and, when present, NAME.offsets (ReadBVGraph). Save refuses it (it
	// is three files); BVGraphWriter writes it.
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

// FormatFromName returns the format a file name implies (the manual,
// tools/crawlsim/doc.go): NAME.graph is BVGraph, and so are NAME.properties and
// NAME.offsets, the other files of a BVGraph (Load then reads NAME.graph);
// NAME.graph-txt is WebGraph ASCII, NAME.csr the native format, and
// anything else an edge list. Extensions are matched in any letter case.
func FormatFromName(name string) Format {
	name = withoutGzipSuffix(name)
	if _, ok := bvBaseName(name); ok {
		return FormatBVGraph
	}
	lower := strings.ToLower(name)
	switch {
	case strings.HasSuffix(lower, ".graph-txt"):
		return FormatASCII
	case strings.HasSuffix(lower, ".csr"):
		return FormatCSR
	}
	return FormatEdgeList
}

// bvExtensions are the extensions of the files of a BVGraph.
var bvExtensions = []string{".graph", ".properties", ".offsets"}

// bvBaseName returns NAME for NAME.graph, NAME.properties or NAME.offsets
// (extension in any letter case), and false for any other name.
func bvBaseName(name string) (string, bool) {
	name = withoutGzipSuffix(name)
	lower := strings.ToLower(name)
	for _, ext := range bvExtensions {
		if strings.HasSuffix(lower, ext) {
			return name[:len(name)-len(ext)], true
		}
	}
	return name, false
}

// LoadOptions controls Load.
type LoadOptions struct {
	// Format of the graph file; FormatAuto follows its name.
	Format Format
	// URLs optionally names a URL list in the same file system, one URL
	// per page in page order; the graph then carries the URLs and the host
	// table derived from them (graph.HostsFromURLs). It may also name the
	// vertex files of a Common Crawl host graph, or a pattern that matches
	// their parts (see urls_hosts.go): each page is then a host, named by
	// its un-reversed name.
	URLs string
	// Wrap, when set, is applied to every file Load opens before reading
	// it, for instance to count bytes for a progress bar, or to stop
	// reading when a context is cancelled: an error the wrapped reader
	// returns comes back inside an *Error, and errors.Is finds it.
	Wrap func(name string, r io.Reader) io.Reader
	// MaxLinks, when positive, is the most links the graph may have; a
	// larger graph is refused with an *Error ("graph has N links, above
	// the limit of M"). For BVGraph and .csr the count is known before
	// anything is allocated for the links (the arcs property, the .csr
	// header) and checked then, which matters for BVGraph, whose intervals
	// let a small file describe billions of links; text formats spend at
	// least a few bytes of input per link and are checked every few
	// thousand lines while they are read ("graph has at least N links").
	// The refusal's Err is a *TooLargeError. The browser worker sets
	// MaxLinks from its memory budget; 0 means no limit.
	MaxLinks int64
	// MaxPages, when positive, is the most pages the graph (and the URL
	// list, one line per page) may have. It is checked before anything is
	// allocated for the pages: against the page count a file announces
	// (an edge list's header, WebGraph ASCII's first line, BVGraph's nodes
	// property, the .csr header), while a URL list is read (before its
	// lines are split), and before an edge list's pages are numbered.
	MaxPages int64
	// MaxBytes, when positive, is the memory reading may take: the graph's
	// arrays at their peak while it is read (per page and per link, by
	// format: see decodeCosts), the URL list, and the bytes of a BVGraph's
	// files, which are read whole. Sizes announced before the data (a
	// header, BVGraph's properties) are checked before anything is
	// allocated for them, so that a small file claiming billions of pages
	// or links (a "decompression bomb") is refused at once; the text
	// formats are also checked every few thousand lines as links
	// accumulate. A refusal is an *Error whose Err is a *TooLargeError
	// naming the claimed size, the memory it needs and MaxBytes. A
	// memory-mapped .csr (MappedFS) allocates nothing for its arrays and
	// is not checked against MaxBytes.
	MaxBytes int64
	// Cancel, when set, is called every few thousand lines or successor
	// lists while a graph is decoded; a non-nil error stops reading and
	// comes back inside an *Error, where errors.Is finds it. The command
	// line passes its context's Err, so that Ctrl-C stops a long decode
	// (a BVGraph is decoded after its file is read, where Wrap no longer
	// sees it).
	Cancel func() error
	// SkipURLs leaves the graph's URLs nil, for callers that never show
	// or match URLs (crawlsim rank -top 0, run): a .csr's URL section is
	// still checked (checksum, one line per page) but no string is made,
	// which saves 16 bytes a page and the copy of the text (at 125 M
	// pages, 2 GB and a few seconds; a mapped file's URL bytes are not
	// even kept). The host table is kept: a .csr's is read as stored, a
	// URL list (URLs) is read line by line into the host table, keeping
	// 4 bytes a page and the host names but no URL (urls_hosts.go), and
	// the hosts of an edge list labelled by URLs are derived from the URLs
	// before these are dropped (an edge list's labels keep the pages'
	// names).
	SkipURLs bool
	// InPlace reads a BVGraph that is not memory-mapped (gzip-compressed,
	// or from a file system that maps nothing) into memory and keeps it
	// compressed there, as a mapped one is kept (graph.Lists), instead of
	// decoding it into CSR arrays of 4 bytes a link.
	InPlace bool
	// Pack, when above 0, packs a BVGraph read in place (InPlace, or
	// mapped) into graph.PackedLists, one or two bytes a link that decode
	// several times faster, when they take at most Pack bytes; beyond, the
	// graph stays as it is read. PackProgress, when set, is called as the
	// pages are packed, with the pages packed and the pages in all.
	Pack         int64
	PackProgress func(name string, done, total int64)
	// Renumber numbers an edge list's integer ids densely by increasing id
	// instead of keeping them as page numbers (EdgeListOptions.Renumber);
	// the returned Labels give each page's id. Other formats ignore it.
	Renumber bool
	// Progress, when set, is called as a memory-mapped .csr is checked
	// (its checksum over every byte, in blocks of 16 MiB) and as a
	// BVGraph read in place is checked (every list decoded once, and
	// packed when Pack allows), with the bytes checked and the bytes in
	// all: nothing is read through Wrap then, and at a billion links the
	// check takes seconds to minutes.
	Progress func(name string, done, total int64)
}

// Load reads the graph file name from fsys in the given format (by
// default the one its name implies), attaches the URL list opt.URLs when
// given, and returns the graph with the labels of an edge list (nil for
// the other formats, and for an edge list read with a URL list).
//
// With a URL list, an edge list's ids must be integers below the number of
// URLs and are taken as line numbers of the list (line k is page k-1): the
// graph has one page per URL, linked or not. A BVGraph may be named by any
// of its files: it needs NAME.graph and NAME.properties and uses
// NAME.offsets when present to check the decoding. Every error is an
// *Error naming the file it concerns; a file that cannot be opened or read
// gives one whose Err is the file system's or reader's error (so
// errors.Is(err, fs.ErrNotExist) works).
//
// Every file may be gzip-compressed: Load recognises gzip by its first
// bytes, whatever the name, and decompresses it as it reads (Wrap sees
// the compressed bytes); other compressed formats are refused (see the
// package documentation).
//
// When fsys is a MappedFS that maps a .csr file that is not compressed,
// the graph is made from the mapped bytes with CSRFromBytes, without
// copying its arrays.
func Load(fsys fs.FS, name string, opt LoadOptions) (*graph.Graph, *Labels, error) {
	f := opt.Format
	if f == FormatAuto {
		f = FormatFromName(name)
	}
	lim := opt.limits(f)
	var urls *urlInput
	if opt.URLs != "" {
		var err error
		if urls, err = readURLInput(fsys, opt.URLs, opt.Wrap, lim, opt.SkipURLs); err != nil {
			return nil, nil, err
		}
		if lim != nil {
			lim.extra = urls.size
		}
	}
	var g *graph.Graph
	var labels *Labels
	var err error
	switch f {
	case FormatEdgeList:
		eopt := EdgeListOptions{Renumber: opt.Renumber}
		if opt.URLs != "" {
			eopt = EdgeListOptions{Nodes: urls.pages, NodesFrom: "the " + urls.what + " " + opt.URLs}
		}
		err = loadRead(fsys, name, opt.Wrap, func(r io.Reader) (err error) {
			g, labels, err = readEdgeList(r, name, eopt, lim)
			return err
		})
	case FormatASCII:
		err = loadRead(fsys, name, opt.Wrap, func(r io.Reader) (err error) {
			g, err = readASCII(r, name, lim)
			return err
		})
	case FormatCSR:
		if m, ok := fsys.(MappedFS); ok {
			if data, ok := m.MapFile(name); ok && compressionOf(data) == nil {
				o := csrReadOptions{lim: lim, skipURLs: opt.SkipURLs}
				if opt.Progress != nil {
					o.progress = func(done, total int64) { opt.Progress(name, done, total) }
				}
				if rel, ok := fsys.(MappedReleaser); ok {
					o.release = rel.ReleaseMapped
				}
				g, err = csrFromBytes(data, name, o)
				break
			}
		}
		err = loadRead(fsys, name, opt.Wrap, func(r io.Reader) (err error) {
			g, err = readCSR(r, name, csrReadOptions{lim: lim, skipURLs: opt.SkipURLs})
			return err
		})
	case FormatBVGraph:
		g, name, err = loadBVGraph(fsys, name, opt, lim)
	default:
		return nil, nil, fileError(name, "cannot load: unknown format %v", f)
	}
	if err != nil {
		return nil, nil, err
	}
	// The counts of the formats that announce none (an edge list without
	// header) are known now. Memory was checked while reading; a mapped
	// .csr was checked for what it copies (csrHeapBytes).
	if e := lim.checkCounts(int64(g.NumNodes()), g.NumArcs()); e != nil {
		return nil, nil, tooLargeAt(name, 0, -1, e)
	}
	if urls != nil {
		if g, err = urls.attach(g, name); err != nil {
			return nil, nil, err
		}
	}
	if opt.SkipURLs && g.URLs != nil {
		c := *g
		c.URLs = nil
		g = &c
	}
	return g, labels, nil
}

// ReleaseLists lets the operating system drop the pages of g's lists when
// g is a BVGraph read in place from a file fsys mapped (MappedReleaser),
// for a caller that has read what it needs of them: PageRank along a
// transpose reads the graph's out-degrees once, and at a few billion
// links the pages are gigabytes of resident memory. Reading the lists
// again brings the pages back from the file.
func ReleaseLists(fsys fs.FS, g *graph.Graph) {
	if bv, ok := g.Lists.(*BVGraph); ok {
		if rel, ok := fsys.(MappedReleaser); ok {
			rel.ReleaseMapped(bv.data)
		}
	}
}

// MappedFS is a file system that can also hand over a whole file as bytes,
// such as a read-only memory mapping. Load reads .csr files from it with
// CSRFromBytes, so the graph's arrays alias the bytes, which must stay
// valid and unchanged for as long as the graph is used.
type MappedFS interface {
	fs.FS
	// MapFile returns the bytes of the named file, or false when it cannot
	// be mapped; Load then reads it through Open.
	MapFile(name string) ([]byte, bool)
}

// MappedReleaser is a MappedFS that can let the operating system drop the
// pages of a mapping from the process's resident memory (madvise
// MADV_DONTNEED on a read-only file mapping): the bytes stay readable, and
// are read again from the file (or its cache) when next touched. Load
// calls ReleaseMapped on the parts of a mapped .csr it has checked, so
// that checking a file larger than memory does not leave all of it
// resident; b is a part of a slice MapFile returned.
type MappedReleaser interface {
	MappedFS
	ReleaseMapped(b []byte)
}

// loadBVGraph reads NAME.graph with NAME.properties and, when present,
// NAME.offsets, where name is any of the three; it also returns the name
// of the .graph file. A graph whose properties announce more pages or
// links than lim allows, or that would need more memory (with the bytes
// of its .graph and .offsets, which are read whole), is refused before
// its .graph is opened.
//
// A .graph that fsys maps (MappedFS, not gzip-compressed) is opened in
// place (OpenBVGraph); with opt.InPlace, so is one that is read, from its
// bytes in memory (a compressed one, or where nothing is mapped). A graph
// opened in place is packed as opt.Pack asks (openBVGraphInPlace).
func loadBVGraph(fsys fs.FS, name string, opt LoadOptions, lim *readLimits) (*graph.Graph, string, error) {
	wrap := opt.Wrap
	graphName, propsName, offsetsName := bvFileNames(name)
	var props *BVGraphProperties
	err := loadRead(fsys, propsName, wrap, func(r io.Reader) (err error) {
		props, err = ReadBVGraphProperties(r, propsName)
		return err
	})
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, graphName, fileError(graphName, "a BVGraph needs its properties file %s beside it, and there is none", propsName)
		}
		return nil, graphName, err
	}
	if _, err := fs.Stat(fsys, graphName); errors.Is(err, fs.ErrNotExist) {
		// named by its properties (or offsets) alone: say what the
		// file missing is for
		return nil, graphName, &Error{File: graphName, Offset: -1, Err: fs.ErrNotExist,
			Msg: "cannot open: " + fs.ErrNotExist.Error() + "; a BVGraph keeps its links in it, beside its properties " + propsName}
	}
	if m, ok := fsys.(MappedFS); ok {
		if data, ok := m.MapFile(graphName); ok && compressionOf(data) == nil {
			g, err := openBVGraphInPlace(fsys, data, true, graphName, propsName, offsetsName, props, opt, lim)
			return g, graphName, err
		}
	}
	if opt.InPlace {
		return readBVGraphInPlace(fsys, graphName, propsName, offsetsName, props, opt, lim)
	}
	if lim != nil {
		lim.extra = satAdd(lim.extra, satAdd(fileSize(fsys, graphName), fileSize(fsys, offsetsName)))
		if e := lim.check(props.Nodes, props.Arcs, false); e != nil {
			return nil, graphName, tooLargeAt(propsName, 0, -1, e)
		}
	}
	gr, closeGraph, err := loadOpen(fsys, graphName, wrap)
	if err != nil {
		return nil, graphName, err
	}
	defer closeGraph()
	or, closeOffsets, err := loadOpen(fsys, offsetsName, wrap)
	var g *graph.Graph
	switch {
	case err == nil:
		defer closeOffsets()
		g, err = readBVGraph(gr, graphName, props, or, offsetsName, lim)
	case errors.Is(err, fs.ErrNotExist):
		g, err = readBVGraph(gr, graphName, props, nil, offsetsName, lim)
	}
	return g, graphName, err
}

// bvInPlaceCost is the memory of a BVGraph read in place: the position of
// every list (8 bytes a page) and nothing per link; the mapped .graph is
// not on the heap.
var bvInPlaceCost = decodeCost{perPage: 8}

// openBVGraphInPlace opens the .graph data in place (OpenBVGraph), with
// NAME.offsets when present, after checking the positions' memory against
// lim. With opt.Pack above 0 the checking pass also packs the lists
// (graph.PackWriter) and the graph holds them packed when they take at
// most opt.Pack bytes. When data is mapped (MappedReleaser), the pages
// the pass has read are let go as it goes, and the whole mapping once the
// lists are packed: nothing reads them again, and at a few billion links
// they are gigabytes of resident memory.
func openBVGraphInPlace(fsys fs.FS, data []byte, mapped bool, graphName, propsName, offsetsName string, props *BVGraphProperties, opt LoadOptions, lim *readLimits) (*graph.Graph, error) {
	if lim != nil {
		lim = lim.withCost(bvInPlaceCost, fileSize(fsys, offsetsName))
		if e := lim.check(props.Nodes, props.Arcs, false); e != nil {
			return nil, tooLargeAt(propsName, 0, -1, e)
		}
	}
	var pack *graph.PackWriter
	if opt.Pack > 0 {
		var progress func(int64)
		if opt.PackProgress != nil {
			total := props.Nodes
			progress = func(done int64) { opt.PackProgress(graphName, done, total) }
		}
		pack = graph.NewPackWriter(int(props.Nodes), props.Arcs, opt.Pack, progress)
	}
	var release func([]byte)
	if rel, ok := fsys.(MappedReleaser); ok && mapped {
		release = rel.ReleaseMapped
	}
	chk := bvCheck{cancel: lim.poll, pack: pack, release: release}
	if opt.Progress != nil {
		chk.progress = func(done, total int64) { opt.Progress(graphName, done, total) }
	}
	or, closeOffsets, err := loadOpen(fsys, offsetsName, opt.Wrap)
	var bv *BVGraph
	switch {
	case err == nil:
		defer closeOffsets()
		bv, err = openBVGraph(data, graphName, props, or, offsetsName, chk)
	case errors.Is(err, fs.ErrNotExist):
		bv, err = openBVGraph(data, graphName, props, nil, offsetsName, chk)
	}
	if err != nil {
		return nil, err
	}
	if pack != nil {
		if p, err := pack.Lists(); err == nil {
			if release != nil {
				release(data) // the whole mapping, read no more
			}
			p.SetFingerprint(bv.fingerprint)
			return &graph.Graph{Lists: p}, nil
		}
	}
	return &graph.Graph{Lists: bv}, nil
}

// readBVGraphInPlace reads the .graph's bytes into memory, within lim
// (the bytes a graph of its properties can take, and the positions), and
// opens them in place.
func readBVGraphInPlace(fsys fs.FS, graphName, propsName, offsetsName string, props *BVGraphProperties, opt LoadOptions, lim *readLimits) (*graph.Graph, string, error) {
	codes, _, msg := bvCheckProperties(props)
	if msg != "" {
		return nil, graphName, fileError(graphName, "bad properties: %s", msg)
	}
	limit := bvMaxGraphBytes(props, codes)
	if lim != nil {
		held := lim.withCost(bvInPlaceCost, satAdd(min(fileSize(fsys, graphName), limit), fileSize(fsys, offsetsName)))
		if e := held.check(props.Nodes, props.Arcs, false); e != nil {
			return nil, graphName, tooLargeAt(propsName, 0, -1, e)
		}
	}
	var data []byte
	err := loadRead(fsys, graphName, opt.Wrap, func(r io.Reader) error {
		var fits bool
		var err error
		data, fits, err = bvReadAtMost(r, limit)
		if err != nil {
			return byteReadError(graphName, int64(len(data)), err)
		}
		if !fits {
			return byteError(graphName, limit, "more data than a BVGraph of %d pages and %d links can hold with its codes (at most %d bytes)", props.Nodes, props.Arcs, limit)
		}
		return nil
	})
	if err != nil {
		return nil, graphName, err
	}
	g, err := openBVGraphInPlace(fsys, data, false, graphName, propsName, offsetsName, props, opt, lim)
	return g, graphName, err
}

// bvFileNames returns the files of the BVGraph that name, any of them,
// names: NAME.graph (name itself when it is the .graph, gzipped or not),
// NAME.properties and NAME.offsets, where NAME is name without its
// extension and a .gz suffix.
func bvFileNames(name string) (graphName, propsName, offsetsName string) {
	base, ok := bvBaseName(name)
	graphName = name
	if ok && !strings.HasSuffix(strings.ToLower(withoutGzipSuffix(name)), ".graph") {
		graphName = base + ".graph"
	}
	return graphName, base + ".properties", base + ".offsets"
}

// InputFiles returns the files Load reads for the graph file name in
// format f (FormatAuto: the one its name implies), the URL list apart:
// name itself and, for a BVGraph, the .graph, .properties and .offsets
// files it opens beside it (the .offsets when present), each once, name
// first. A command that writes files checks its outputs against them, so
// that an output can never replace a file the loader reads.
func InputFiles(name string, f Format) []string {
	if f == FormatAuto {
		f = FormatFromName(name)
	}
	files := []string{name}
	if f != FormatBVGraph {
		return files
	}
	graphName, propsName, offsetsName := bvFileNames(name)
	for _, n := range []string{graphName, propsName, offsetsName} {
		if n != name {
			files = append(files, n)
		}
	}
	return files
}

// loadRead opens a file of fsys, wrapped as wrap asks, hands it to read,
// and closes it.
func loadRead(fsys fs.FS, name string, wrap func(string, io.Reader) io.Reader, read func(io.Reader) error) error {
	r, closeFile, err := loadOpen(fsys, name, wrap)
	if err != nil {
		return err
	}
	defer closeFile()
	return read(r)
}

// loadOpen opens a file of fsys, wrapped as wrap asks, and returns a
// function that closes it. A failure to open is an *Error about the file
// whose Err is the file system's error (without the path it repeats); a
// folder is an *Error that says so.
func loadOpen(fsys fs.FS, name string, wrap func(string, io.Reader) io.Reader) (io.Reader, func(), error) {
	f, err := fsys.Open(name)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, nil, &Error{File: name, Offset: -1, Msg: "cannot open", Err: err}
	}
	if st, err := f.Stat(); err == nil && st.IsDir() {
		f.Close()
		return nil, nil, fileError(name, "is a folder, not a file")
	}
	var r io.Reader = f
	if wrap != nil {
		r = wrap(name, f)
	}
	d, err := decompressed(r, name)
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if _, isGzip := d.(*gzipReader); !isGzip {
		// A reader that knows the length of its input checks the sizes
		// a header announces against it and allocates at once (ReadCSR);
		// wrap hides the file's Seek, so the size comes from Stat.
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() && st.Size() > 0 {
			d = &sizedReader{r: d, remaining: st.Size()}
		}
	}
	return d, func() { f.Close() }, nil
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

// sizedReader reads a regular file from its start and tells how many of
// its bytes are left to read (Len), as bytes.Reader does, from the size
// the file had when it was opened.
type sizedReader struct {
	r         io.Reader
	remaining int64
}

func (s *sizedReader) Read(p []byte) (int, error) {
	n, err := s.r.Read(p)
	s.remaining -= int64(n)
	return n, err
}

// Len returns the number of bytes not read yet, 0 when the file has grown
// past its size.
func (s *sizedReader) Len() int { return int(min(max(s.remaining, 0), math.MaxInt)) }
