package graphio

import (
	"fmt"
	"io/fs"
	"math"

	"github.com/crawlsim/crawlsim/engine/model"
)

// TooLargeError says that an input claims more pages, links or memory than
// the caller allows (LoadOptions.MaxPages, MaxLinks and MaxBytes). Load
// returns it as the Err of an *Error that names the file and, when known,
// where the size was claimed (a header line, a byte offset), so that
// errors.As finds it and a caller can add where its limit comes from.
type TooLargeError struct {
	// Pages and Links are the sizes claimed, or read so far when SoFar is
	// set; -1 when not known.
	Pages, Links int64
	// SoFar is true when reading stopped part way: the input holds at
	// least Pages pages and Links links.
	SoFar bool
	// Need is the memory, in bytes, that reading (or, with Purpose, using)
	// a graph of that size takes; 0 when a count limit was exceeded.
	Need int64
	// Limit is the limit exceeded, a count of pages or links or a number
	// of bytes, as Of says.
	Limit int64
	// Of names the limit exceeded: "pages", "links" or "bytes".
	Of string
	// Purpose says what Need is for, such as "to compare strategies";
	// empty means "to read".
	Purpose string
}

// Error describes the claimed size and the limit, as in "graph has 5
// pages, above the limit of 4" or "65536 pages and 4294967296 links need
// about 32.0 GiB to read, more than the 64.0 MiB of memory available".
func (e *TooLargeError) Error() string {
	switch e.Of {
	case "pages":
		return fmt.Sprintf("graph has %s%s pages, above the limit of %s", e.atLeast(), model.Count(e.Pages), model.Count(e.Limit))
	case "links":
		return fmt.Sprintf("graph has %s%s links, above the limit of %s", e.atLeast(), model.Count(e.Links), model.Count(e.Limit))
	}
	var size string
	switch {
	case e.Pages >= 0 && e.Links >= 0:
		size = model.Counted(e.Pages, "page", "pages") + " and " + model.Counted(e.Links, "link", "links")
	case e.Pages >= 0:
		size = model.Counted(e.Pages, "page", "pages")
	default:
		size = model.Counted(e.Links, "link", "links")
	}
	purpose := e.Purpose
	if purpose == "" {
		purpose = "to read"
	}
	return fmt.Sprintf("%s%s need about %s %s, more than the %s of memory available", e.atLeast(), size, BytesText(e.Need), purpose, BytesText(e.Limit))
}

func (e *TooLargeError) atLeast() string {
	if e.SoFar {
		return "at least "
	}
	return ""
}

// BytesText writes a byte count with a binary unit, as the messages of
// TooLargeError do: "512 bytes", "3.0 KiB", "64.0 MiB", "16.0 GiB". A
// program that says where its memory limit comes from writes sizes with
// it, so that they read alike.
func BytesText(b int64) string {
	switch {
	case b >= 1<<40:
		return fmt.Sprintf("%.1f TiB", float64(b)/(1<<40))
	case b >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(b)/(1<<30))
	case b >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20))
	case b >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(b)/(1<<10))
	}
	return model.Counted(b, "byte", "bytes")
}

// decodeCost is the memory a reader holds at its peak per page and per
// link of the graph it reads.
type decodeCost struct{ perPage, perLink int64 }

// decodeCosts are the readers' peak bytes per page and per link:
//
//   - text formats (edge list, WebGraph ASCII) collect links in chunks
//     that are never copied (textlinks.go). An edge list holds 8 bytes a
//     link in them, and building the graph adds 4 bytes of targets a
//     link and 8 bytes of offsets a page; its numbering of pages holds
//     more, counted apart as it grows (edgeListParser.held). WebGraph
//     ASCII, whose pages come in order, holds 4 bytes of targets a link
//     and 4 bytes of out-degree a page until it makes the 8-byte offsets
//     and copies the targets to one array.
//   - BVGraph holds its 8-byte offsets and 4-byte targets, whose array
//     may be copied once as it grows: 8 bytes per link; the .graph and
//     .offsets bytes are counted apart (readLimits.extra).
//   - .csr read as a stream holds its arrays as they are (8-byte offsets,
//     a 4-byte host per page, 4-byte targets); host names and URLs are
//     checked when their section's length is read: twice its bytes while
//     it is split, then its bytes and a 16-byte string header per string
//     (csrStringsBytes). A mapped .csr costs only what it copies
//     (csrHeapBytes).
//   - a URL list costs its bytes and a 16-byte string header per line,
//     and the host table 4 bytes per page once attached (urlListBytes).
var decodeCosts = map[Format]decodeCost{
	FormatEdgeList: {perPage: 8, perLink: 12},
	FormatASCII:    {perPage: 12, perLink: 8},
	FormatBVGraph:  {perPage: 8, perLink: 8},
	FormatCSR:      {perPage: 12, perLink: 4},
}

// urlLineBytes is the memory of one URL list line beside its bytes: its
// string header and its page's host.
const urlLineBytes = 20

// urlListBytes is the memory a URL list of lines lines and size bytes
// holds once read and attached.
func urlListBytes(lines, size int64) int64 {
	return satAdd(satMul(urlLineBytes, lines), size)
}

// limitsPollEvery is how many lines or successor lists the readers handle
// between two calls of readLimits.poll.
const limitsPollEvery = 4096

// readLimits bound what a reader may allocate and let it be stopped: the
// page, link and byte limits of LoadOptions, the cost model of the format
// read, the bytes already held for it (the URL list, a BVGraph's data),
// and the cancel function. A nil *readLimits allows anything.
type readLimits struct {
	maxPages, maxLinks, maxBytes int64
	cost                         decodeCost
	// extra is memory already held beside the graph's arrays.
	extra  int64
	cancel func() error
}

// limits returns the limits opt sets for reading format f, or nil when
// it sets none.
func (opt *LoadOptions) limits(f Format) *readLimits {
	if opt.MaxPages <= 0 && opt.MaxLinks <= 0 && opt.MaxBytes <= 0 && opt.Cancel == nil {
		return nil
	}
	return &readLimits{maxPages: opt.MaxPages, maxLinks: opt.MaxLinks, maxBytes: opt.MaxBytes, cost: decodeCosts[f], cancel: opt.Cancel}
}

// check returns a *TooLargeError when a graph of pages pages and links
// links (either -1 when not known) exceeds a limit, else nil. soFar says
// that reading is not over.
func (l *readLimits) check(pages, links int64, soFar bool) *TooLargeError {
	if l == nil {
		return nil
	}
	e := &TooLargeError{Pages: pages, Links: links, SoFar: soFar}
	switch {
	case l.maxPages > 0 && pages > l.maxPages:
		e.Of, e.Limit = "pages", l.maxPages
	case l.maxLinks > 0 && links > l.maxLinks:
		e.Of, e.Limit = "links", l.maxLinks
	case l.maxBytes > 0:
		need := satAdd(satAdd(satMul(l.cost.perPage, max(pages, 0)), satMul(l.cost.perLink, max(links, 0))), l.extra)
		if need <= l.maxBytes {
			return nil
		}
		e.Of, e.Limit, e.Need = "bytes", l.maxBytes, need
	default:
		return nil
	}
	return e
}

// urlLines checks a URL list of lines lines and size bytes, read up to
// line line of file (0 once it is read whole), against the page limit and
// the memory, and polls the cancel function. Every line is a page.
func (l *readLimits) urlLines(file string, line, lines, size int64) error {
	if l == nil {
		return nil
	}
	if err := l.poll(); err != nil {
		return lineReadError(file, line, err)
	}
	e := &TooLargeError{Pages: lines, Links: -1, SoFar: line > 0}
	switch need := urlListBytes(lines, size); {
	case l.maxPages > 0 && lines > l.maxPages:
		e.Of, e.Limit = "pages", l.maxPages
	case l.maxBytes > 0 && need > l.maxBytes:
		e.Of, e.Limit, e.Need = "bytes", l.maxBytes, need
	default:
		return nil
	}
	return tooLargeAt(file, line, -1, e)
}

// poll returns the error of the cancel function, or nil.
func (l *readLimits) poll() error {
	if l == nil || l.cancel == nil {
		return nil
	}
	return l.cancel()
}

// tooLargeAt returns an *Error about file whose Err is e: at line line
// when positive, else at byte offset (-1 for the whole file).
func tooLargeAt(file string, line, offset int64, e *TooLargeError) *Error {
	if line > 0 {
		offset = -1
	}
	return &Error{File: file, Line: line, Offset: offset, Err: e}
}

// satMul returns a*b for a, b >= 0, or math.MaxInt64 when that overflows.
func satMul(a, b int64) int64 {
	if a != 0 && b > math.MaxInt64/a {
		return math.MaxInt64
	}
	return a * b
}

// satAdd returns a+b for a, b >= 0, or math.MaxInt64 when that overflows.
func satAdd(a, b int64) int64 {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}

// withHeld returns a copy of l that counts more bytes held beside the
// graph's arrays; nil stays nil.
func (l *readLimits) withHeld(more int64) *readLimits {
	if l == nil {
		return nil
	}
	c := *l
	c.extra = satAdd(c.extra, more)
	return &c
}

// withCost returns a copy of l with the cost model cost and more bytes
// held beside the graph's arrays; nil stays nil.
func (l *readLimits) withCost(cost decodeCost, more int64) *readLimits {
	c := l.withHeld(more)
	if c != nil {
		c.cost = cost
	}
	return c
}

// csrStringsBytes is the memory of a .csr string section of size bytes
// holding count strings once split: its text and a string header (16
// bytes) per string.
func csrStringsBytes(size, count int64) int64 {
	return satAdd(size, satMul(16, count))
}

// csrHeapBytes is the memory CSRFromBytes allocates for the .csr file of
// header h whose string sections are hostNames and urls: the host names
// and URLs (always copied, the URLs unless skipURLs), 32-bit offsets widened to 64 bits, and on a
// big-endian host the arrays it decodes. The arrays of a little-endian
// host alias the file's bytes and take none.
func csrHeapBytes(h *csrHeader, hostNames, urls csrStringSpan, skipURLs bool) int64 {
	n, m := int64(min(h.n, math.MaxInt64/16)), int64(min(h.m, math.MaxInt64/16))
	var b int64
	if h.offsetWidth == 4 || !csrRawViews {
		b = satMul(8, n+1)
	}
	if !csrRawViews {
		b = satAdd(b, satMul(4, m))
		if h.hasHosts {
			b = satAdd(b, satMul(4, n))
		}
	}
	if h.hasHosts {
		b = satAdd(b, csrStringsBytes(hostNames.size, int64(min(h.hosts, math.MaxInt64/16))))
	}
	if h.hasURLs && !skipURLs {
		b = satAdd(b, csrStringsBytes(urls.size, n))
	}
	return b
}

// checkCounts checks pages and links against the count limits only
// (MaxPages, MaxLinks), for a graph already in memory.
func (l *readLimits) checkCounts(pages, links int64) *TooLargeError {
	if l == nil {
		return nil
	}
	c := *l
	c.maxBytes = 0
	return c.check(pages, links, false)
}

// urlsSize returns the bytes of a URL list holding urls: each URL and its
// line break.
func urlsSize(urls []string) int64 {
	n := int64(0)
	for _, u := range urls {
		n += int64(len(u)) + 1
	}
	return n
}

// fileSize returns the size of the named file of fsys, or 0 when it
// cannot be told (no such file, not a regular file).
func fileSize(fsys fs.FS, name string) int64 {
	st, err := fs.Stat(fsys, name)
	if err != nil || !st.Mode().IsRegular() {
		return 0
	}
	return st.Size()
}

// during is the check the text readers make every limitsPollEvery lines
// and before building the graph: the cancel function, then the pages and
// links known so far (pages -1 when not known yet), at line line of file.
func (l *readLimits) during(file string, line, pages, links int64, soFar bool) error {
	if l == nil {
		return nil
	}
	if err := l.poll(); err != nil {
		return lineReadError(file, line, err)
	}
	if e := l.check(pages, links, soFar); e != nil {
		return tooLargeAt(file, line, -1, e)
	}
	return nil
}

// checkLimits checks the pages and links an edge list has so far against
// p.lim (see readLimits.during), at line line (0 for the whole file), and
// polls its cancel function. The pages are known in fixed mode (the
// header's or the URL list's count), counted in label mode and in integer
// mode with sparse ids, and bounded by the links otherwise. The memory
// counted is what building the graph will hold at its peak
// (edgeListHeld beside decodeCosts), so that a file is refused while
// reading it still fits.
func (p *edgeListParser) checkLimits(line int64, soFar bool) error {
	if p.lim == nil {
		return nil
	}
	pages, links := int64(-1), p.src.n
	switch p.mode {
	case edgeListFixed:
		pages = int64(p.fixedNodes)
	case edgeListNames:
		pages = int64(len(p.labelNames))
	default:
		switch {
		case p.finalPages >= 0:
			pages = p.finalPages
		case !p.renumber && p.anyID:
			pages = int64(max(p.snapNodes, p.maxID+1))
		case !p.renumber && p.snapLine > 0:
			pages = int64(p.snapNodes)
		case p.sparse:
			pages = int64(len(p.sparseOrig))
		}
	}
	if line == 1 && !soFar {
		links = -1 // the header announces pages only
	}
	return p.lim.withHeld(textHeld(p.held())).during(p.name, line, pages, links, soFar)
}

// textHeldAllowance is the part of what a text reader holds beside
// decodeCosts' count (its chunks' unused room, small tables) that the
// checks leave out: it is less than the read buffer of 256 KiB, which is
// not counted either, and counting it would refuse a graph of a few
// links under a budget of a few hundred bytes that its arrays fit.
const textHeldAllowance = 64 << 10

// textHeld returns what a text reader holding held bytes beside
// decodeCosts' count adds to it in the checks.
func textHeld(held int64) int64 {
	return max(held-textHeldAllowance, 0)
}

// Memory an edge list's numbering holds per page beside decodeCosts, by
// mode: a sparse integer id's hash-map entry, first-appearance record
// and final id and rank; a label's map entry, its string header in the
// list of labels and in the graph's URLs, and the page's host.
const (
	edgeListSparseIDBytes = 80
	edgeListLabelBytes    = 96
)

// held returns the memory an edge list's reading holds beyond decodeCosts'
// count of its pages and links: the unused room of the last link chunks,
// and the numbering's tables (the dense bit set with its ranks and the
// ids it will list, the hash map of sparse ids, the labels and their
// text).
func (p *edgeListParser) held() int64 {
	b := p.src.held + p.dst.held - 8*p.src.n
	switch p.mode {
	case edgeListNames:
		b += edgeListLabelBytes*int64(len(p.labelNames)) + p.labelBytes
	case edgeListIntegers:
		if !p.renumber {
			break
		}
		if p.sparse {
			b += edgeListSparseIDBytes * int64(len(p.sparseOrig))
		} else {
			b += 12*int64(len(p.denseBits)) + 8*int64(p.denseMax+1)
		}
	}
	return b
}
