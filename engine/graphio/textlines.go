package graphio

import (
	"bufio"
	"fmt"
	"io"
)

// textLineBufferSize is the read buffer of the text readers. Lines longer
// than this are assembled in a separate buffer, so any line length works.
const textLineBufferSize = 256 << 10

// textLineScanner splits a text input into lines without allocating per
// line. It is the shared front end of the edge-list, WebGraph ASCII and
// URL-list readers.
type textLineScanner struct {
	br *bufio.Reader
	// long assembles a line that does not fit in br's buffer.
	long []byte
	// lineNo is the 1-based number of the line last returned.
	lineNo int64
	// consumed counts the bytes returned so far, line breaks included.
	consumed int64
	// err is the first read error other than io.EOF.
	err error
	eof bool
}

func newTextLineScanner(r io.Reader) *textLineScanner {
	return &textLineScanner{br: bufio.NewReaderSize(r, textLineBufferSize)}
}

// next returns the next line without its "\n" and without one trailing
// "\r", and false at the end of the input or after a read error (see err).
// A last line without a final "\n" is returned like any other; an input
// ending in "\n" has no empty line after it. The slice is valid until the
// next call.
func (s *textLineScanner) next() ([]byte, bool) {
	if s.eof || s.err != nil {
		return nil, false
	}
	line, err := s.br.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		s.long = append(s.long[:0], line...)
		for err == bufio.ErrBufferFull {
			line, err = s.br.ReadSlice('\n')
			s.long = append(s.long, line...)
		}
		line = s.long
	}
	if err != nil {
		if err != io.EOF {
			s.err = err
			return nil, false
		}
		s.eof = true
		if len(line) == 0 {
			return nil, false
		}
	}
	s.lineNo++
	s.consumed += int64(len(line))
	if n := len(line); n > 0 && line[n-1] == '\n' {
		line = line[:n-1]
	}
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	return line, true
}

// readError describes a failure of the underlying reader while reading the
// line after the last one returned. It wraps the reader's error.
func (s *textLineScanner) readError(file string) error {
	if s.err == nil {
		return nil
	}
	return fmt.Errorf("%s:%d: reading: %w", file, s.lineNo+1, s.err)
}

// textSpaceClass classifies bytes for the field splitters: 1 for the
// blanks that separate fields (space, tab, CR, VT, FF), 2 for NUL, which
// marks a binary file given where text was expected, 0 for the rest.
var textSpaceClass = [256]uint8{' ': 1, '\t': 1, '\r': 1, '\v': 1, '\f': 1, 0: 2}

// textIsBlank reports whether a line holds only blanks.
func textIsBlank(line []byte) bool {
	for _, c := range line {
		if textSpaceClass[c] != 1 {
			return false
		}
	}
	return true
}

// textPlural returns "s" unless k is 1, for messages such as "1 field".
func textPlural(k int) string {
	if k == 1 {
		return ""
	}
	return "s"
}

// textQuote quotes a token for an error message, shortened to keep the
// message readable when a whole binary file is one token.
func textQuote(tok []byte) string {
	const shown = 40
	if len(tok) > shown {
		return fmt.Sprintf("%q...", tok[:shown])
	}
	return fmt.Sprintf("%q", tok)
}
