package graphio

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
)

// textLineBufferSize is the read buffer of the text readers. Lines longer
// than this are assembled in a separate buffer, so any line length works.
const textLineBufferSize = 256 << 10

// utf8BOM is the UTF-8 byte order mark, which some editors (Windows
// Notepad among them) put at the start of a text file. The text readers
// skip one at the very start of their input.
const utf8BOM = "\xef\xbb\xbf"

// textLineScanner splits a text input into lines without allocating per
// line. It is the shared front end of the edge-list and WebGraph ASCII
// readers. One UTF-8 byte order mark at the start of the input is dropped.
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
	if s.lineNo == 1 {
		line = bytes.TrimPrefix(line, []byte(utf8BOM))
	}
	if n := len(line); n > 0 && line[n-1] == '\n' {
		line = line[:n-1]
	}
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	return line, true
}

// readError describes a failure of the underlying reader while reading the
// line after the last one returned: an *Error at that line whose Err is
// the reader's error. It returns nil when the reader did not fail.
func (s *textLineScanner) readError(file string) error {
	if s.err == nil {
		return nil
	}
	return lineReadError(file, s.lineNo+1, s.err)
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

// decimalPrefix parses the run of ASCII digits at the start of b, leading
// zeros allowed: it returns their value, their number k (0 when b does not
// start with a digit), and ok = false when the value exceeds 2^64-1 (v is
// then meaningless). It is the one decimal parser of the text readers, so
// they all treat overflow alike: a number is either exact or refused. It
// is small enough to be inlined into their hot loops, and its overflow
// test is a branch that is almost never taken, off the chain of
// multiply-adds.
func decimalPrefix(b []byte) (v uint64, k int, ok bool) {
	// v*10 + d overflows exactly when v > ⌊(2^64-1)/10⌋, or when v equals
	// it and d > (2^64-1) mod 10 = 5.
	const maxDiv10 = (1<<64 - 1) / 10
	ok = true
	for k < len(b) {
		d := b[k] - '0'
		if d > 9 {
			break
		}
		if v >= maxDiv10 && (v > maxDiv10 || d > 5) {
			ok = false
		}
		v = v*10 + uint64(d)
		k++
	}
	return v, k, ok
}
