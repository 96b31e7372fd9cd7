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
// duplicates (SPEC section 1). An id not below n, a token that is not a
// decimal integer, fewer than n page lines, or a non-blank line after the
// n-th are errors naming the line; blank lines after the last page are
// ignored. The page count allocates nothing until the page lines are read.
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
	b := graph.NewBuilder(0)
	var page uint64
	for {
		line, ok := sc.next()
		if !ok {
			break
		}
		if page == n {
			if textIsBlank(line) {
				continue
			}
			return nil, lineError(name, sc.lineNo, "unexpected successor line: line 1 announces %d pages, whose lines end at line %d", n, n+1)
		}
		if err := asciiParseSuccessors(b, line, uint32(page), n); err != nil {
			return nil, lineError(name, sc.lineNo, "%v", err)
		}
		page++
		if page%limitsPollEvery == 0 {
			if err := lim.during(name, sc.lineNo, int64(n), int64(b.NumArcs()), true); err != nil {
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
	if err := lim.during(name, 0, int64(n), int64(b.NumArcs()), false); err != nil {
		return nil, err
	}
	b.SetNodes(int(n))
	g, err := b.Build()
	if err != nil {
		return nil, fileError(name, "%v", err)
	}
	return g, nil
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

// asciiParseSuccessors adds the links of one page line to b.
func asciiParseSuccessors(b *graph.Builder, line []byte, page uint32, n uint64) error {
	i, end := 0, len(line)
	for {
		for i < end && textSpaceClass[line[i]] == 1 {
			i++
		}
		if i == end {
			return nil
		}
		start := i
		v, k, ok := decimalPrefix(line[i:])
		i += k
		if k == 0 || i < end && textSpaceClass[line[i]] != 1 {
			// Report the whole malformed token.
			for i < end && textSpaceClass[line[i]] != 1 {
				i++
			}
			return fmt.Errorf("successor %s of page %d is not a decimal page id", textQuote(line[start:i]), page)
		}
		if !ok || v >= n {
			return fmt.Errorf("successor %s of page %d is not below the %d pages announced on line 1", textQuote(line[start:i]), page, n)
		}
		b.Add(page, uint32(v))
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
