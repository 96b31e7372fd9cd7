package graphio

import (
	"bufio"
	"fmt"
	"io"
	"strconv"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/model"
)

// ReadASCII reads a graph in WebGraph's ASCII format (.graph-txt, as
// written by it.unimi.dsi.webgraph.ASCIIGraph): the first line holds the
// number of pages n, then n lines follow, line i+2 listing the successors
// of page i as decimal ids separated by blanks (WebGraph writes each
// followed by one space). A page without links has an empty line.
//
// WebGraph requires each line to be increasing; this reader also accepts
// unsorted lines and repeated successors, sorting each list and removing
// duplicates (docs/algorithms.md, "Notation"). An id not below n, a token that is not a
// decimal integer, fewer than n page lines, or a non-blank line after the
// n-th are errors naming the line; blank lines after the last page are
// ignored. The page count allocates nothing until the page lines are read,
// and reading holds at its peak 12 bytes a page and 8 a link.
// A UTF-8 byte order mark at the start of the input is skipped; a NUL
// byte, UTF-16 text, a first line longer than TextLineLimit or a
// successor line longer than ASCIISuccessorLineLimit is an error; a
// failure of r is returned as an *Error at the line being read, with Err
// set.
func ReadASCII(r io.Reader, name string) (*graph.Graph, error) {
	return readASCII(r, name, nil)
}

// readASCII is ReadASCII that refuses a page count above lim's limits on
// line 1, before anything is allocated, and stops when the links read
// exceed them or lim's cancel function fails.
func readASCII(r io.Reader, name string, lim *readLimits) (*graph.Graph, error) {
	sc := newTextLineScanner(r)
	first, ok := sc.next()
	if !ok {
		if err := sc.readError(name); err != nil {
			return nil, err
		}
		return nil, lineError(name, 1, "empty input; a WebGraph ASCII graph starts with the number of pages")
	}
	n, err := asciiParseCount(first)
	if err != nil {
		return nil, lineError(name, 1, "%v", err)
	}
	if n == 0 {
		return nil, lineError(name, 1, "the first line announces 0 pages, so the file %s", noPagesMsg)
	}
	sc.maxLine = ASCIISuccessorLineLimit
	if e := lim.check(int64(n), -1, false); e != nil {
		return nil, tooLargeAt(name, 1, -1, e)
	}
	// Pages come in order: the targets of a line are sorted and
	// deduplicated, then kept in chunks (textlinks.go) with the page's
	// out-degree until the graph's arrays are made from them, so that
	// nothing is allocated for pages that are not there and at the peak
	// reading holds 12 bytes a page and 8 a link (decodeCosts).
	var targets, degrees u32Chunks
	var line []uint32
	var page uint64
	for {
		text, ok := sc.next()
		if !ok {
			break
		}
		if page == n {
			if textIsBlank(text) {
				continue
			}
			return nil, lineError(name, sc.lineNo, "unexpected successor line: line 1 announces %d pages, whose lines end at line %d", n, n+1)
		}
		var err error
		if line, err = asciiParseSuccessors(line[:0], text, uint32(page), n); err != nil {
			return nil, lineError(name, sc.lineNo, "%v", err)
		}
		line = sortUnique(line)
		for _, t := range line {
			targets.add(t)
		}
		degrees.add(uint32(len(line)))
		page++
		if page%limitsPollEvery == 0 {
			if err := lim.withHeld(textHeld(asciiHeld(&targets, &degrees, line))).during(name, sc.lineNo, int64(n), targets.n, true); err != nil {
				return nil, err
			}
		}
	}
	if err := sc.readError(name); err != nil {
		return nil, err
	}
	if page < n {
		return nil, lineError(name, sc.lineNo+1, "input ends after %d of the %d page lines announced on line 1; expected the successors of page %d", page, n, page)
	}
	if err := lim.withHeld(textHeld(asciiHeld(&targets, &degrees, line))).during(name, 0, int64(n), targets.n, false); err != nil {
		return nil, err
	}
	line = nil
	offsets := make([]uint64, 0, n+1)
	offsets = append(offsets, 0)
	for _, ch := range degrees.chunks() {
		for _, d := range ch {
			offsets = append(offsets, offsets[len(offsets)-1]+uint64(d))
		}
	}
	degrees.release()
	all := make([]uint32, 0, targets.n)
	for _, ch := range targets.chunks() {
		all = append(all, ch...)
	}
	targets.release()
	return &graph.Graph{Offsets: offsets, Targets: all}, nil
}

// asciiHeld is the memory readASCII holds beyond what decodeCosts counts:
// the unused room of the last chunks of targets and degrees and the
// buffer of one line's successors.
func asciiHeld(targets, degrees *u32Chunks, line []uint32) int64 {
	return targets.held - 4*targets.n + degrees.held - 4*degrees.n + 4*int64(cap(line))
}

// asciiParseCount parses the page count on the first line.
func asciiParseCount(line []byte) (uint64, error) {
	i, j := 0, len(line)
	for i < j && textSpaceClass[line[i]] == 1 {
		i++
	}
	for j > i && textSpaceClass[line[j-1]] == 1 {
		j--
	}
	tok := line[i:j]
	if len(tok) == 0 {
		return 0, fmt.Errorf("expected the number of pages, found a blank line")
	}
	v, k, ok := decimalPrefix(tok)
	if k != len(tok) {
		return 0, fmt.Errorf("expected the number of pages, found %s", textQuote(tok))
	}
	if !ok || v > graph.MaxNodes {
		return 0, fmt.Errorf("%s pages exceed the limit of %s", textQuote(tok), model.Count(uint64(graph.MaxNodes)))
	}
	return v, nil
}

// asciiParseSuccessors appends the successors on one page line to buf.
func asciiParseSuccessors(buf []uint32, line []byte, page uint32, n uint64) ([]uint32, error) {
	i, end := 0, len(line)
	for {
		for i < end && textSpaceClass[line[i]] == 1 {
			i++
		}
		if i == end {
			return buf, nil
		}
		start := i
		v, k, ok := decimalPrefix(line[i:])
		i += k
		if k == 0 || i < end && textSpaceClass[line[i]] != 1 {
			// Report the whole malformed token.
			for i < end && textSpaceClass[line[i]] != 1 {
				i++
			}
			return buf, fmt.Errorf("successor %s of page %d is not a decimal page id", textQuote(line[start:i]), page)
		}
		if !ok || v >= n {
			return buf, fmt.Errorf("successor %s of page %d is not below the %d pages announced on line 1", textQuote(line[start:i]), page, n)
		}
		buf = append(buf, uint32(v))
	}
}

// WriteASCII writes g in WebGraph's ASCII format (see ReadASCII): the page
// count, then one line per page with its successors separated by single
// spaces. Hosts and URLs are not written.
func WriteASCII(w io.Writer, g *graph.Graph) error {
	if err := g.Validate(); err != nil {
		return fmt.Errorf("graphio: writing WebGraph ASCII: %w", err)
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	n := g.NumNodes()
	var buf [24]byte
	bw.Write(strconv.AppendUint(buf[:0], uint64(n), 10))
	bw.WriteByte('\n')
	links := g.Successors()
	for i := 0; i < n; i++ {
		for k, t := range links.Out(uint32(i)) {
			if k > 0 {
				bw.WriteByte(' ')
			}
			bw.Write(strconv.AppendUint(buf[:0], uint64(t), 10))
		}
		bw.WriteByte('\n')
	}
	if err := links.Err(); err != nil {
		return fmt.Errorf("graphio: writing WebGraph ASCII: %w", err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("graphio: writing WebGraph ASCII: %w", err)
	}
	return nil
}
