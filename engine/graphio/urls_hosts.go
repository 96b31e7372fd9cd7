package graphio

import (
	"bufio"
	"bytes"
	"io"
	"io/fs"
	"strconv"
	"strings"
	"unsafe"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/model"
)

// What LoadOptions.URLs names: a URL list (ReadURLList), or the vertex
// files of a Common Crawl host or domain graph, one line a page:
//
//	0<TAB>com.example
//	1<TAB>com.example.www
//
// the page id, a tab, the host name reversed (its labels in the other
// order, so that a domain's hosts sort together), and, in a domain graph,
// more fields after another tab, which are ignored. The files are
// gzip-compressed and often come in several parts (part-00000.gz, ...):
// the name may then be a pattern (path.Match: "vertices/part-*.gz"), which
// names the files that match it, read in order of their names; ids may
// come in any order across the parts, and must be 0 to n-1, each once. A
// file is a vertex file when its first line that is not blank is digits,
// a tab and a name; else it is a URL list, which comes in one file.
//
// Each page of a vertex file is a host of its own (a host graph's page is
// a host): its host is named by the name un-reversed ("www.example.com"),
// and, unless the URLs are skipped, that name is also its URL, for
// display. The names are laid end to end in blocks of 1 MiB, so that a
// page costs its name's bytes, a string header and 4 bytes of host id.
//
// A URL list read for its hosts only (LoadOptions.SkipURLs) is read line
// by line into the host table (graph.HostsBuilder): 4 bytes a page and the
// host names, no URL kept.

// isVertexLine reports whether line is a Common Crawl vertex file's:
// digits, a tab and a name.
func isVertexLine(line []byte) bool {
	id, rest, ok := bytes.Cut(line, []byte("\t"))
	if !ok || len(id) == 0 || len(rest) == 0 || rest[0] == '\t' {
		return false
	}
	for _, c := range id {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// URLListFiles returns the files LoadOptions.URLs names: name itself when
// it is a file of fsys or has no pattern character ("*?[\\"), else the
// files that match it as a pattern (fs.Glob), sorted by name; no match is
// an *Error.
func URLListFiles(fsys fs.FS, name string) ([]string, error) {
	if !strings.ContainsAny(name, "*?[\\") {
		return []string{name}, nil
	}
	if _, err := fs.Stat(fsys, name); err == nil {
		return []string{name}, nil
	}
	files, err := fs.Glob(fsys, name)
	if err != nil {
		return nil, fileError(name, "not a file, and not a pattern of file names: %v", err)
	}
	if len(files) == 0 {
		return nil, &Error{File: name, Offset: -1, Msg: "no file matches the pattern", Err: fs.ErrNotExist}
	}
	return files, nil
}

// urlInput is what LoadOptions.URLs gave, read.
type urlInput struct {
	name string
	// urls holds a URL list read whole, or a vertex file's names when
	// URLs are kept; hosts the host table when it was built as the file
	// was read (vertex files, and a URL list read for its hosts only).
	urls  []string
	hosts *graph.Hosts
	pages int
	what  string // "URL list" or "vertex file", for messages
	// size is the memory held, for the limits of the graph's reading.
	size int64
}

// readURLInput reads the URL list or vertex files name names (see the
// comment at the top of this file); with hostsOnly, a URL list keeps its
// hosts only and a vertex file no URLs.
func readURLInput(fsys fs.FS, name string, wrap func(string, io.Reader) io.Reader, lim *readLimits, hostsOnly bool) (*urlInput, error) {
	files, err := URLListFiles(fsys, name)
	if err != nil {
		return nil, err
	}
	vr := &vertexReader{lim: lim, keepURLs: !hostsOnly}
	var in *urlInput
	for k, file := range files {
		err := loadRead(fsys, file, wrap, func(r io.Reader) error {
			br := bufio.NewReaderSize(r, textLineBufferSize)
			vertex := firstLineIsVertex(br)
			switch {
			case k == 0 && !vertex && len(files) > 1:
				return fileError(file, "the first of %d files matching %s is not a Common Crawl vertex file (id<TAB>reversed host); only vertex files come in parts, a URL list is one file", len(files), name)
			case k > 0 && !vertex:
				return fileError(file, "not a Common Crawl vertex file (id<TAB>reversed host), unlike %s before it", files[0])
			case !vertex && hostsOnly:
				in, err = readURLHosts(br, file, lim)
				return err
			case !vertex:
				urls, err := readURLList(br, file, lim)
				if err == nil {
					in = &urlInput{urls: urls, pages: len(urls), size: urlListBytes(int64(len(urls)), urlsSize(urls))}
				}
				return err
			}
			return vr.read(br, file)
		})
		if err != nil {
			return nil, err
		}
	}
	if in == nil {
		if in, err = vr.finish(name); err != nil {
			return nil, err
		}
		in.what = "vertex file"
	} else {
		in.what = "URL list"
	}
	in.name = name
	return in, nil
}

// firstLineIsVertex reports whether the first line of br that is not
// blank is a vertex line, without consuming it.
func firstLineIsVertex(br *bufio.Reader) bool {
	head, _ := br.Peek(textLineBufferSize)
	head = bytes.TrimPrefix(head, []byte(utf8BOM))
	for len(head) > 0 {
		line, rest, _ := bytes.Cut(head, []byte("\n"))
		line = bytes.TrimSuffix(line, []byte("\r"))
		if !textIsBlank(line) {
			return isVertexLine(line)
		}
		head = rest
	}
	return false
}

// readURLHosts reads a URL list for its host table only: blank lines
// between URLs are pages without a host, blank lines at the end are not
// pages (as ReadURLList reads them).
func readURLHosts(r io.Reader, name string, lim *readLimits) (*urlInput, error) {
	sc := newTextLineScanner(r)
	b := graph.NewHostsBuilder(0)
	blanks := 0 // blank lines not yet known to be pages
	var names int64
	hosts := 0
	for {
		line, ok := sc.next()
		if !ok {
			break
		}
		if textIsBlank(line) {
			blanks++
			continue
		}
		if sc.lineNo > graph.MaxNodes {
			return nil, lineError(name, sc.lineNo, "more than %d URLs, the page limit", uint64(graph.MaxNodes))
		}
		for ; blanks > 0; blanks-- {
			b.Add("")
		}
		b.Add(unsafe.String(unsafe.SliceData(line), len(line)))
		for h := b.Hosts(); hosts < len(h.Names); hosts++ {
			names += int64(len(h.Names[hosts]))
		}
		if sc.lineNo%limitsPollEvery == 0 {
			if err := lim.urlLines(name, sc.lineNo, sc.lineNo, names); err != nil {
				return nil, err
			}
		}
	}
	if err := sc.readError(name); err != nil {
		return nil, err
	}
	h := b.Hosts()
	pages := int64(len(h.Of))
	if err := lim.urlLines(name, 0, pages, names); err != nil {
		return nil, err
	}
	return &urlInput{hosts: h, pages: len(h.Of), size: 4*pages + names + 16*int64(len(h.Names))}, nil
}

// vertexBlock is the size of the blocks vertex names are laid in.
const vertexBlock = 1 << 20

// vertexReader reads the vertex files of one graph, part after part.
type vertexReader struct {
	lim      *readLimits
	keepURLs bool
	names    []string // by page id; "" for an id not seen yet
	block    []byte   // the block names are appended to; never grown
	size     int64    // bytes of names
	lines    int64
}

// read reads one vertex file.
func (vr *vertexReader) read(r io.Reader, name string) error {
	sc := newTextLineScanner(r)
	for {
		line, ok := sc.next()
		if !ok {
			break
		}
		if textIsBlank(line) {
			continue
		}
		if !isVertexLine(line) {
			return lineError(name, sc.lineNo, "expected a page id, a tab and a reversed host name (a Common Crawl vertex file), got %s", textQuote(line))
		}
		idText, rest, _ := bytes.Cut(line, []byte("\t"))
		host, _, _ := bytes.Cut(rest, []byte("\t"))
		host = bytes.TrimRight(host, " \r")
		id, err := strconv.ParseUint(string(idText), 10, 64)
		if err != nil || id >= graph.MaxNodes {
			return lineError(name, sc.lineNo, "page id %s is not below the page limit %d", textQuote(idText), uint64(graph.MaxNodes))
		}
		if len(host) == 0 || bytes.ContainsAny(host, " \x7f") {
			return lineError(name, sc.lineNo, "expected a reversed host name after the tab, got %s", textQuote(host))
		}
		if id >= uint64(len(vr.names)) {
			if err := vr.lim.urlLines(name, sc.lineNo, int64(id)+1, vr.size); err != nil {
				return err
			}
			vr.names = append(vr.names, make([]string, int(id)+1-len(vr.names))...)
		}
		if vr.names[id] != "" {
			return lineError(name, sc.lineNo, "page %d is given a second time (%s, which is %s already)", id, textQuote(host), vr.names[id])
		}
		vr.names[id] = vr.store(host)
		vr.lines++
		if vr.lines%limitsPollEvery == 0 {
			if err := vr.lim.urlLines(name, sc.lineNo, int64(len(vr.names)), vr.size); err != nil {
				return err
			}
		}
	}
	return sc.readError(name)
}

// store lays host, reversed and in lower case, in the current block and
// returns it as a string that shares the block's memory.
func (vr *vertexReader) store(host []byte) string {
	if len(host) > cap(vr.block)-len(vr.block) {
		vr.block = make([]byte, 0, max(vertexBlock, len(host)))
	}
	at := len(vr.block)
	for rest := host; len(rest) > 0; {
		k := bytes.LastIndexByte(rest, '.')
		label := rest[k+1:]
		if at != len(vr.block) {
			vr.block = append(vr.block, '.')
		}
		for _, c := range label {
			if c >= 'A' && c <= 'Z' {
				c += 'a' - 'A'
			}
			vr.block = append(vr.block, c)
		}
		if k < 0 {
			break
		}
		rest = rest[:k]
	}
	vr.size += int64(len(vr.block) - at)
	s := vr.block[at:]
	return unsafe.String(unsafe.SliceData(s), len(s))
}

// finish checks that every page id was given and returns the input.
func (vr *vertexReader) finish(name string) (*urlInput, error) {
	for id, s := range vr.names {
		if s == "" {
			return nil, fileError(name, "page %d has no line, but pages up to %d have: the vertex files must give every page id from 0", id, len(vr.names)-1)
		}
	}
	n := len(vr.names)
	if err := vr.lim.urlLines(name, 0, int64(n), vr.size); err != nil {
		return nil, err
	}
	h := &graph.Hosts{Of: make([]uint32, n), Names: vr.names}
	for i := range h.Of {
		h.Of[i] = uint32(i)
	}
	in := &urlInput{hosts: h, pages: n, size: urlListBytes(int64(n), vr.size)}
	if vr.keepURLs {
		in.urls = vr.names
	}
	return in, nil
}

// attach gives g the URLs and hosts read; g is graphName's graph.
func (in *urlInput) attach(g *graph.Graph, graphName string) (*graph.Graph, error) {
	if in.pages != g.NumNodes() {
		if in.what == "vertex file" {
			return nil, fileError(in.name, "%s in the vertex files, but the graph %s has %s", model.Counted(in.pages, "page", "pages"), graphName, model.Counted(g.NumNodes(), "page", "pages"))
		}
		return nil, fileError(in.name, "%s, but the graph %s has %s; a URL list needs one line per page", model.Counted(in.pages, "URL", "URLs"), graphName, model.Counted(g.NumNodes(), "page", "pages"))
	}
	if in.hosts == nil {
		out, err := g.WithURLs(in.urls)
		if err != nil {
			return nil, fileError(in.name, "%v", err)
		}
		return out, nil
	}
	c := *g
	c.URLs, c.Hosts = in.urls, in.hosts
	return &c, nil
}
