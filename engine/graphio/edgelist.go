package graphio

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"unicode/utf8"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/model"
)

// EdgeListOptions controls how ReadEdgeList numbers pages.
type EdgeListOptions struct {
	// Nodes, when positive, fixes the number of pages: every page id must
	// be a decimal integer below Nodes and is used as the page number as
	// given (for instance the 0-based line of a URL list), and the graph
	// has exactly Nodes pages, isolated ones included. Zero or less lets
	// the reader number the pages itself (see ReadEdgeList).
	Nodes int
	// NodesFrom names what fixed Nodes, for error messages, as in "the URL
	// list cs.urls". Empty reads as "the given page count".
	NodesFrom string
	// Renumber numbers integer ids densely, by increasing id, dropping
	// the ids no line uses; Labels.IDs gives each page's id. Without it
	// integer ids are page numbers as given (see ReadEdgeList).
	Renumber bool
}

// Labels maps the page numbers of a graph read from an edge list back to
// the ids the file used, when the reader numbered the pages itself (ids
// renumbered on request, or labels). Exactly one of IDs and Names is
// non-nil.
type Labels struct {
	// IDs[i] is the integer id that page i had in the file (integer mode).
	IDs []uint64
	// Names[i] is the label that page i had in the file (label mode). When
	// the labels are URLs the graph's URLs hold the same strings in a
	// slice of their own, so changing one slice leaves the other alone.
	Names []string
	// In label mode after links of integer ids, FirstLabel is the first
	// id that was not a decimal integer (without sign or leading zeros),
	// on line FirstLabelLine, and IntegerLinks counts the links before
	// it: one odd id among many integers is likely a typo, which turned
	// every id into a label. IntegerLinks is 0 when the file's first link
	// already had a label.
	FirstLabel     string
	FirstLabelLine int64
	IntegerLinks   int64
}

// OddLabel says, when an edge list of integer ids was read as labels
// because of one id (IntegerLinks > 0), which id, where, and what it cost,
// for a warning; "" otherwise. name is the file's name.
func (l *Labels) OddLabel(name string) string {
	if l == nil || l.IntegerLinks == 0 {
		return ""
	}
	label := []byte(l.FirstLabel)
	if edgeListIDTooLarge(label) {
		// hashes written in decimal, say: as labels they still load
		return fmt.Sprintf("%s:%d: page id %s is beyond the largest integer id (%s), though the ids of the %s before it were integers within it: every id is read as a label, pages are numbered in order of first appearance, and pages no link names are left out",
			name, l.FirstLabelLine, textQuote(label), model.Count(uint64(math.MaxUint64)), model.Counted(l.IntegerLinks, "link", "links"))
	}
	return fmt.Sprintf("%s:%d: page id %s is not a decimal integer (without sign or leading zeros), though the ids of the %s before it were: every id is read as a label, pages are numbered in order of first appearance, and pages no link names are left out; correct that id to read the ids as page numbers",
		name, l.FirstLabelLine, textQuote(label), model.Counted(l.IntegerLinks, "link", "links"))
}

// edgeListIDTooLarge reports whether tok is a decimal integer without
// sign or leading zeros too large for a uint64 (a label's first
// textQuoteShown+1 bytes are enough: any 21 digits are).
func edgeListIDTooLarge(tok []byte) bool {
	_, k, ok := decimalPrefix(tok)
	return k == len(tok) && k > 0 && !ok && tok[0] != '0'
}

// edgeListHeaderPrefix starts the first line WriteEdgeList writes; its page
// count lets ReadEdgeList restore pages that have no links.
const edgeListHeaderPrefix = "# crawlsim edge list: "

// edgeListHeaderMaxPages returns the most pages the header of an edge list
// of size bytes may announce: 2^20 + 16 per byte, so that a short file
// cannot make ReadEdgeList allocate for billions of pages. ReadEdgeList
// refuses a header above it, and WriteEdgeList refuses up front a graph
// whose header the file it writes could not back.
func edgeListHeaderMaxPages(size int64) uint64 {
	return 1<<20 + 16*uint64(max(size, 0))
}

// edgeListMode says how ReadEdgeList turns tokens into page numbers.
type edgeListMode uint8

const (
	// edgeListIntegers: every token so far is an integer; pages are
	// numbered by increasing id at the end.
	edgeListIntegers edgeListMode = iota
	// edgeListNames: tokens are labels numbered in order of first
	// appearance.
	edgeListNames
	// edgeListFixed: ids are page numbers below a known page count.
	edgeListFixed
)

// ReadEdgeList reads a SNAP-style edge list: one link "src dst" per line,
// the two page ids separated by blanks (spaces or tabs). Lines whose first
// non-blank character is '#' or '%' are comments; blank lines are skipped;
// a trailing "\r" and a UTF-8 byte order mark at the start of the input
// are ignored. A third and fourth field are accepted when they are numbers
// (a weight and a timestamp, as in SNAP and KONECT files) and ignored; a
// non-numeric third field or a fifth field is an error.
// Duplicate links are removed and self-loops kept (docs/algorithms.md, "Notation").
//
// Page ids are numbered in one of four ways:
//
//   - opt.Nodes > 0: ids are decimal integers below opt.Nodes, used as
//     page numbers as given; the graph has exactly opt.Nodes pages and the
//     returned *Labels is nil. The page count on the header line that
//     WriteEdgeList writes ("# crawlsim edge list: N pages, M links", line
//     1 only) has the same effect when opt.Nodes is 0, so that written
//     graphs read back with their isolated pages; to keep a short file
//     from claiming billions of pages, such a header may announce at most
//     2^20 + 16 pages per byte of the file. Its link count must be the
//     number of lines of links, and its last line must end with a line
//     break, so that a file cut short is refused.
//   - integer ids as given, when every token is a decimal integer written
//     without sign or leading zeros and opt.Renumber is not set: id k is
//     page k, and the graph has the pages 0 to the largest id, those
//     without links included, as a BVGraph of the same crawl has. A SNAP
//     header among the comments before the first link ("# Nodes: N
//     Edges: M") gives at least N pages. The returned *Labels is nil. An
//     id of 2^32-1 or more, or far beyond what the file could hold (2^24
//     plus 16 per byte read so far, and so for N), is an error that asks
//     for the ids to be renumbered.
//   - integer ids renumbered, when opt.Renumber is set: pages are numbered
//     by increasing id, dropping the ids no line uses; Labels.IDs gives
//     the original id of every page (Labels.Dropped counts the ids
//     dropped below the largest).
//   - label mode otherwise: every token is a label and pages are numbered
//     in order of first appearance (integers met before the first label
//     count as their decimal text); Labels.Names gives every label. When
//     every label contains "://", the labels are URLs: the graph carries
//     them as its URL list (a copy of Labels.Names) and the host table
//     graph.HostsFromURLs derives from them, in which a URL without a
//     parseable host belongs to graph.NoHost and is counted in Unparsed,
//     as for a URL list given to Load. Otherwise (IP addresses, class
//     names, any other labels) the graph has no URLs and no hosts.
//
// Renumbered ids are remapped through a bit set when they are dense (below
// 2^24 + 16 times the bytes read so far) and through a hash map per token
// otherwise. Links are kept in chunks as they are read (8 bytes a link);
// building the graph adds its targets and offsets, so that reading holds
// at its peak 12 bytes a link and 8 a page, plus the numbering's tables.
//
// A line longer than TextLineLimit, a NUL byte (binary data) and UTF-16
// text are errors. A failure of r is returned as an *Error at the line
// being read, with Err set to r's error.
func ReadEdgeList(r io.Reader, name string, opt EdgeListOptions) (*graph.Graph, *Labels, error) {
	return readEdgeList(r, name, opt, nil)
}

// readEdgeList is ReadEdgeList that refuses a page count (opt.Nodes, the
// header's) above lim's limits before anything is allocated for it, and
// stops when the pages and links read exceed them or lim's cancel
// function fails (see edgeListParser.checkLimits).
func readEdgeList(r io.Reader, name string, opt EdgeListOptions, lim *readLimits) (*graph.Graph, *Labels, error) {
	p := &edgeListParser{name: name, sc: newTextLineScanner(r), lim: lim, finalPages: -1, renumber: opt.Renumber, headerLinks: -1}
	if opt.Nodes > 0 {
		if uint64(opt.Nodes) > graph.MaxNodes {
			return nil, nil, fileError(name, "%s pages exceed the limit of %s", model.Count(opt.Nodes), model.Count(uint64(graph.MaxNodes)))
		}
		p.setFixed(uint64(opt.Nodes), opt.NodesFrom)
		if err := p.checkLimits(0, false); err != nil {
			return nil, nil, err
		}
	}
	p.allowHeader = opt.Nodes <= 0
	for {
		line, ok := p.sc.next()
		if !ok {
			break
		}
		if err := p.parseLine(line); err != nil {
			return nil, nil, err
		}
		if p.sc.lineNo%limitsPollEvery == 0 {
			if err := p.checkLimits(p.sc.lineNo, true); err != nil {
				return nil, nil, err
			}
		}
	}
	if err := p.sc.readError(name); err != nil {
		return nil, nil, err
	}
	var g *graph.Graph
	var labels *Labels
	var err error
	linkLines := p.src.n
	switch p.mode {
	case edgeListFixed:
		g, labels, err = p.finishFixed()
	case edgeListNames:
		g, labels, err = p.finishNames()
	default:
		g, labels, err = p.finishIntegers()
	}
	if err == nil && g.NumNodes() == 0 {
		// Empty, comments only, or a header announcing 0 pages (noPagesMsg).
		if p.headerNodes {
			return nil, nil, lineError(name, 1, "the header announces 0 pages, so the file %s", noPagesMsg)
		}
		return nil, nil, fileError(name, "%s", noPagesMsg)
	}
	if err == nil && p.headerLinks >= 0 && p.sc.unterminated {
		// WriteEdgeList ends every line: a last line without its break
		// was cut, perhaps inside a page id, and would read as another
		// link.
		return nil, nil, lineError(name, p.sc.lineNo, "the file ends inside this line, with no line break after it, though crawlsim ends every line it writes: it was cut short; if the line is whole, end it with a line break")
	}
	if err == nil && p.headerLinks >= 0 && linkLines != p.headerLinks {
		// WriteEdgeList writes a line a link after the header that
		// counts them: a file cut short would read as a smaller graph.
		return nil, nil, lineError(name, 1, "the header announces %s but the file has %s: it was cut short or edited since crawlsim wrote it; correct the header's count, or remove the header to read the links as they are",
			model.Count(p.headerLinks)+" link"+textPlural(int(min(p.headerLinks, 2))),
			model.Count(linkLines)+" line"+textPlural(int(min(linkLines, 2)))+" of links")
	}
	return g, labels, err
}

// edgeListParser holds the state of one ReadEdgeList call.
type edgeListParser struct {
	name string
	sc   *textLineScanner
	mode edgeListMode
	lim  *readLimits

	// allowHeader: a WriteEdgeList header on line 1 may fix the page count.
	allowHeader bool
	// renumber: integer ids are numbered densely (EdgeListOptions).
	renumber bool
	// Integer ids as given: the largest id so far, whether there is one,
	// and the page count of a SNAP header (0 when none) with its line.
	maxID     uint64
	anyID     bool
	snapNodes uint64
	snapLine  int64
	// givenErr refuses an id as given; reading goes on with ids
	// renumbered, and finishIntegers returns it.
	givenErr error
	// headerNodes is true when the page count came from the header, and
	// headerLinks is the header's link count (-1 when it gives none).
	headerNodes bool
	headerLinks int64
	// The first id that was not an integer, its line, and the links of
	// integer ids before it (Labels.FirstLabel).
	firstLabel     string
	firstLabelLine int64
	integerLinks   int64

	// Fixed mode.
	fixedNodes uint64
	fixedFrom  string

	// src and dst hold the links in file order, as page numbers in fixed
	// and label modes and as provisional ids in integer mode.
	src, dst u32Chunks

	// Integer mode: dense ids are their own provisional ids and are
	// recorded in denseBits; sparse ids are numbered in order of first
	// appearance through sparseIndex, with sparseOrig giving the id back.
	sparse      bool
	denseBits   []uint64
	denseMax    uint64
	sparseIndex map[uint64]uint32
	sparseOrig  []uint64
	// The source of the previous line, which usually repeats.
	lastSrcValue uint64
	lastSrcProv  uint32
	lastSrcValid bool

	// Label mode.
	labelIndex   map[string]uint32
	labelNames   []string
	lastSrcText  []byte
	lastSrcLabel uint32
	lastSrcKnown bool
	// labelBytes is the text of the labels.
	labelBytes int64
	// finalPages is the page count once integer ids are numbered, -1
	// before.
	finalPages int64
}

// setFixed switches to fixed mode with n pages.
func (p *edgeListParser) setFixed(n uint64, from string) {
	p.mode = edgeListFixed
	p.fixedNodes = n
	p.fixedFrom = from
}

// addLink records the link src→dst.
func (p *edgeListParser) addLink(src, dst uint32) {
	p.src.add(src)
	p.dst.add(dst)
}

// parseLine handles one line of the edge list.
func (p *edgeListParser) parseLine(line []byte) error {
	if a, b, canonical, ok := edgeListFastPair(line); ok {
		switch {
		case p.mode == edgeListFixed && a < p.fixedNodes && b < p.fixedNodes:
			p.allowHeader = false
			p.addLink(uint32(a), uint32(b))
			return nil
		case p.mode == edgeListIntegers && canonical:
			p.allowHeader = false
			return p.addIntegers(a, b)
		}
	}
	var tok [2][]byte
	nf := 0
	i, n := 0, len(line)
	for {
		for i < n && textSpaceClass[line[i]] == 1 {
			i++
		}
		if i == n {
			break
		}
		start := i
		for i < n && textSpaceClass[line[i]] == 0 {
			i++
		}
		if i < n && textSpaceClass[line[i]] == 2 {
			return lineError(p.name, p.sc.lineNo, "NUL byte in column %d: an edge list is text, one \"src dst\" pair per line", i+1)
		}
		field := line[start:i]
		if nf == 0 && (field[0] == '#' || field[0] == '%') {
			return p.comment(line[start:])
		}
		switch nf {
		case 0, 1:
			tok[nf] = field
		case 2, 3:
			if !edgeListIsNumber(field) {
				what := "third field"
				if nf == 3 {
					what = "fourth field"
				}
				return lineError(p.name, p.sc.lineNo, "%s %s is not a number; after the two page ids only a numeric weight and timestamp may follow%s", what, textQuote(field), notTextHint(line))
			}
		}
		nf++
	}
	p.allowHeader = false
	switch {
	case nf == 0:
		return nil
	case nf < 2 && bytes.ContainsAny(tok[0], ",;"):
		// A CSV export ("src,dst"), the commonest near miss.
		return lineError(p.name, p.sc.lineNo, "expected two page ids, found 1 field %s: the ids of a link are separated by blanks (spaces or tabs), not commas or semicolons", textQuote(tok[0]))
	case nf < 2:
		return lineError(p.name, p.sc.lineNo, "expected two page ids, found %d field%s%s", nf, textPlural(nf), notTextHint(line))
	case nf > 4:
		return lineError(p.name, p.sc.lineNo, "expected two page ids, optionally followed by a numeric weight and timestamp; found %d fields%s", nf, notTextHint(line))
	}
	switch p.mode {
	case edgeListFixed:
		src, err := p.fixedID(tok[0])
		if err != nil {
			return err
		}
		dst, err := p.fixedID(tok[1])
		if err != nil {
			return err
		}
		p.addLink(src, dst)
		return nil
	case edgeListIntegers:
		sv, sok := edgeListParseID(tok[0])
		dv, dok := edgeListParseID(tok[1])
		if sok && dok {
			return p.addIntegers(sv, dv)
		}
		odd := tok[0]
		if sok {
			odd = tok[1]
		}
		// enough for textQuote to show it, or its start and "..."
		p.firstLabel = string(odd[:min(len(odd), textQuoteShown+1)])
		p.firstLabelLine = p.sc.lineNo
		p.switchToNames()
	}
	var src uint32
	if p.lastSrcKnown && bytes.Equal(tok[0], p.lastSrcText) {
		src = p.lastSrcLabel
	} else {
		var ok bool
		if src, ok = p.labelID(tok[0]); !ok {
			return p.tooManyPages()
		}
		p.lastSrcText = append(p.lastSrcText[:0], tok[0]...)
		p.lastSrcLabel, p.lastSrcKnown = src, true
	}
	dst, ok := p.labelID(tok[1])
	if !ok {
		return p.tooManyPages()
	}
	p.addLink(src, dst)
	return nil
}

// edgeListFastPair parses the common line shape "digits blanks digits",
// optionally followed by blanks, with both numbers below 2^64. ok is false
// for any other line, which then takes the general path; canonical is
// false when a number has a leading zero.
func edgeListFastPair(line []byte) (a, b uint64, canonical, ok bool) {
	n := len(line)
	a, la, okA := decimalPrefix(line)
	if la == 0 || !okA || la == n || (line[la] != ' ' && line[la] != '\t') {
		return 0, 0, false, false
	}
	i := la + 1
	for i < n && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	start := i
	b, lb, okB := decimalPrefix(line[start:])
	if lb == 0 || !okB {
		return 0, 0, false, false
	}
	i += lb
	for i < n && textSpaceClass[line[i]] == 1 {
		i++
	}
	if i != n {
		return 0, 0, false, false
	}
	canonical = (la == 1 || line[0] != '0') && (lb == 1 || line[start] != '0')
	return a, b, canonical, true
}

// addIntegers records the link sv→dv of integer mode.
func (p *edgeListParser) addIntegers(sv, dv uint64) error {
	if !p.renumber {
		err := p.givenID(max(sv, dv))
		if err == nil {
			p.addLink(uint32(sv), uint32(dv))
			return nil
		}
		// The error stands if the file turns out to hold integer ids
		// only; a label further on makes every id a label.
		p.givenErr = err
		p.startRenumbering()
	}
	wasSparse := p.sparse
	var src uint32
	if p.lastSrcValid && sv == p.lastSrcValue {
		src = p.lastSrcProv
	} else {
		var ok bool
		if src, ok = p.integerID(sv); !ok {
			return p.tooManyPages()
		}
		p.lastSrcValue, p.lastSrcProv, p.lastSrcValid = sv, src, true
	}
	dst, ok := p.integerID(dv)
	if !ok {
		return p.tooManyPages()
	}
	if p.sparse && !wasSparse {
		// dst switched the numbering to the hash map; src, already
		// recorded, has a new provisional id.
		src, _ = p.integerID(sv)
	}
	p.addLink(src, dst)
	return nil
}

// comment handles a comment line; text starts at its '#' or '%'. Only the
// WriteEdgeList header on line 1 and, for integer ids kept as given, a
// SNAP header before the first link mean anything.
func (p *edgeListParser) comment(text []byte) error {
	if p.mode == edgeListIntegers && !p.renumber && p.src.n == 0 && p.snapLine == 0 && !bytes.HasPrefix(text, []byte(edgeListHeaderPrefix)) {
		if n, ok, found := snapNodes(text); found {
			if !ok || n >= graph.MaxNodes {
				return lineError(p.name, p.sc.lineNo, "the header announces more nodes than the limit of %s", model.Count(uint64(graph.MaxNodes)))
			}
			p.snapNodes, p.snapLine = n, p.sc.lineNo
			p.allowHeader = false
			return p.checkLimits(p.sc.lineNo, false)
		}
	}
	if !p.allowHeader || p.sc.lineNo != 1 || !bytes.HasPrefix(text, []byte(edgeListHeaderPrefix)) {
		return nil
	}
	p.allowHeader = false
	rest := text[len(edgeListHeaderPrefix):]
	n, k, ok := decimalPrefix(rest)
	if k == 0 || !bytes.HasPrefix(rest[k:], []byte(" page")) {
		return lineError(p.name, 1, "malformed crawlsim header: expected %q followed by the number of pages", edgeListHeaderPrefix)
	}
	if !ok || n > graph.MaxNodes {
		return lineError(p.name, 1, "header announces %s pages, more than the limit of %s", rest[:k], model.Count(uint64(graph.MaxNodes)))
	}
	p.setFixed(n, "the header on line 1")
	p.headerNodes = true
	links, ok := headerLinkCount(rest[k:])
	if !ok {
		return lineError(p.name, 1, "malformed crawlsim header: expected the number of pages, then \", \" and the number of links, as in \"%s4 pages, 3 links\"", edgeListHeaderPrefix)
	}
	p.headerLinks = links
	return p.checkLimits(1, false)
}

// headerLinkCount returns the link count of a WriteEdgeList header from
// after its page count (" pages, M links"), or -1 when it gives none;
// ok is false when a count follows the comma but is not a number of
// links.
func headerLinkCount(rest []byte) (links int64, ok bool) {
	k := bytes.Index(rest, []byte(", "))
	if k < 0 {
		return -1, true
	}
	m, d, ok := decimalPrefix(rest[k+2:])
	if d == 0 || !ok || m > math.MaxInt64 || !bytes.HasPrefix(rest[k+2+d:], []byte(" link")) {
		return 0, false
	}
	return int64(m), true
}

// snapNodeCount is what a SNAP header writes before its page count, as in
// "# Nodes: 875713 Edges: 5105039".
const snapNodeCount = "Nodes:"

// snapNodes returns the page count of a SNAP header comment: found is
// false when text has no "Nodes:" followed by a decimal number, and ok
// false when that number exceeds 2^64-1.
func snapNodes(text []byte) (n uint64, ok, found bool) {
	k := bytes.Index(text, []byte(snapNodeCount))
	if k < 0 {
		return 0, false, false
	}
	rest := bytes.TrimLeft(text[k+len(snapNodeCount):], " \t")
	n, d, ok := decimalPrefix(rest)
	if d == 0 {
		return 0, false, false
	}
	return n, ok, true
}

// givenID notes v, a page id of integer mode kept as given. It refuses an
// id that is not a page number (2^32-1 or more) and one far beyond what
// the file could hold, which would make billions of pages without links:
// at most 2^24 + 16 per byte read so far, as for a renumbering's bit set.
func (p *edgeListParser) givenID(v uint64) error {
	if p.anyID && v <= p.maxID {
		return nil
	}
	if v >= graph.MaxNodes {
		return lineError(p.name, p.sc.lineNo, "page id %d is not a page number (they stop at %s); renumber the ids to read this file (crawlsim's -renumber)", v, model.Count(uint64(graph.MaxNodes)-1))
	}
	if v >= edgeListGivenMax(p.sc.consumed) {
		return lineError(p.name, p.sc.lineNo, "page id %d, kept as given, would make %s pages from %s bytes; renumber the ids to number the pages densely (crawlsim's -renumber)", v, model.Count(v+1), model.Count(p.sc.consumed))
	}
	p.maxID, p.anyID = v, true
	return nil
}

// edgeListGivenMax bounds the integer ids kept as given, and the page
// count of a SNAP header, of an edge list of size bytes: 2^24 + 16 per
// byte.
func edgeListGivenMax(size int64) uint64 {
	return 1<<24 + 16*uint64(max(size, 0))
}

func (p *edgeListParser) tooManyPages() error {
	return lineError(p.name, p.sc.lineNo, "more than %d distinct page ids", uint64(graph.MaxNodes))
}

// edgeListParseID returns the value of a token written as a decimal integer
// without sign or leading zeros and below 2^64, and false for any other
// token, which is then a label. Requiring the canonical form makes the
// integer and its decimal text interchangeable.
func edgeListParseID(tok []byte) (uint64, bool) {
	v, k, ok := decimalPrefix(tok)
	if k == 0 || k != len(tok) || !ok || (tok[0] == '0' && k > 1) {
		return 0, false
	}
	return v, true
}

// edgeListIsNumber reports whether a token is a decimal number such as
// "3", "-0.5" or "1e-3", as weights and timestamps are written.
func edgeListIsNumber(tok []byte) bool {
	i, n := 0, len(tok)
	sign := func() {
		if i < n && (tok[i] == '+' || tok[i] == '-') {
			i++
		}
	}
	// digits skips the digits at i and counts them.
	digits := func() int {
		start := i
		for i < n && tok[i] >= '0' && tok[i] <= '9' {
			i++
		}
		return i - start
	}
	sign()
	mantissa := digits()
	if i < n && tok[i] == '.' {
		i++
		mantissa += digits()
	}
	if mantissa == 0 {
		return false
	}
	if i < n && (tok[i] == 'e' || tok[i] == 'E') {
		i++
		sign()
		if digits() == 0 {
			return false
		}
	}
	return i == n
}

// notTextHint completes the refusal of an edge list's line that holds a
// byte no text holds (a control character other than the blanks between
// fields, textSpaceClass, or bytes that are no UTF-8): it says where, and what a binary
// graph must be, so that a binary file given as an edge list is named as
// such rather than as a line with too few fields. It is "" for a line of
// text, and only runs once a line is refused.
func notTextHint(line []byte) string {
	for i := 0; i < len(line); {
		r, size := utf8.DecodeRune(line[i:])
		if r == utf8.RuneError && size <= 1 || r < 0x20 && textSpaceClass[r] != 1 || r == 0x7f {
			return fmt.Sprintf("; byte 0x%02x in column %d is not text: is this an edge list? A binary graph must be a .csr, or a BVGraph's .graph with its .properties", line[i], i+1)
		}
		i += size
	}
	return ""
}
