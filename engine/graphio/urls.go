package graphio

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"unsafe"

	"github.com/crawlsim/crawlsim/engine/graph"
)

// ReadURLList reads a URL list: one URL per line, line k naming page k-1
// (docs/architecture.md, "Graphs"). A trailing "\r" is removed from every line
// and a final "\n" ends the last line rather than starting an empty one. A
// blank line (empty, or only blanks) between URLs is a page without a URL: it
// is kept as "" and lands in the graph.NoHost host when the list is attached
// with (*graph.Graph).WithURLs. Blank lines after the last URL are not pages:
// an editor's extra newline at the end does not add one. One UTF-8 byte order
// mark at the start of the input is skipped. A NUL byte (a binary file given
// by mistake), UTF-16 text and a line longer than TextLineLimit are errors
// naming their line. A failure of r is returned as an *Error at the line being
// read, with Err set to r's error.
//
// The URLs share one string holding the input's lines, so reading costs
// the input's size plus one string header per line.
func ReadURLList(r io.Reader, name string) ([]string, error) {
	return readURLList(r, name, nil)
}

// readURLList is ReadURLList that stops once the lines read, or the
// memory they take, exceed lim's limits (readLimits.urlLines).
func readURLList(r io.Reader, name string, lim *readLimits) ([]string, error) {
	sc := newTextLineScanner(r)
	// text holds every line followed by "\n"; kept is its length up to
	// the last line that is not blank, and lines their number.
	var text []byte
	kept, lines := 0, int64(0)
	for {
		line, ok := sc.next()
		if !ok {
			break
		}
		text = append(append(text, line...), '\n')
		if !textIsBlank(line) {
			if sc.lineNo > graph.MaxNodes {
				return nil, lineError(name, sc.lineNo, "more than %d URLs, the page limit", uint64(graph.MaxNodes))
			}
			kept, lines = len(text), sc.lineNo
		}
		if sc.lineNo%limitsPollEvery == 0 {
			if err := lim.urlLines(name, sc.lineNo, sc.lineNo, int64(len(text))); err != nil {
				return nil, err
			}
		}
	}
	if err := sc.readError(name); err != nil {
		return nil, err
	}
	if err := lim.urlLines(name, 0, lines, int64(kept)); err != nil {
		return nil, err
	}
	// text is never written again, so the strings may share its memory.
	rest := unsafe.String(unsafe.SliceData(text), kept)
	urls := make([]string, 0, lines)
	for rest != "" {
		k := strings.IndexByte(rest, '\n')
		urls = append(urls, rest[:k])
		rest = rest[k+1:]
	}
	return urls, nil
}

// WriteURLList writes one URL per line, page 0 first, so that ReadURLList
// reads back the same list. A URL containing a line break or ending in
// "\r" cannot be written that way and is an error, and so is a blank last
// URL (empty or only blanks), which ReadURLList would take for the end of
// the file; it is refused before anything is written. When the first URL
// starts with a byte order mark, UTF-8's or what reads as UTF-16's (bytes
// FE FF or FF FE), a UTF-8 mark is written before it, for ReadURLList to
// skip, so that the list reads back as it was.
func WriteURLList(w io.Writer, urls []string) error {
	if k := len(urls) - 1; k >= 0 && textIsBlank([]byte(urls[k])) {
		return fmt.Errorf("graphio: writing URL list: the URL of page %d, the last, is blank, and a URL list cannot end in a blank line (readers take it for the end of the file); write .csr to keep pages without a URL at the end", k)
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	if len(urls) > 0 && (strings.HasPrefix(urls[0], utf8BOM) || utf16Order([]byte(urls[0])) != "") {
		bw.WriteString(utf8BOM)
	}
	for i, u := range urls {
		if strings.IndexByte(u, '\n') >= 0 || strings.HasSuffix(u, "\r") {
			return fmt.Errorf("graphio: writing URL list: the URL of page %d contains a line break", i)
		}
		bw.WriteString(u)
		bw.WriteByte('\n')
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("graphio: writing URL list: %w", err)
	}
	return nil
}
