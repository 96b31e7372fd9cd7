package graphio

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
)

// textLineBufferSize is the read buffer of the text readers. Lines longer
// than this are assembled in a separate buffer, up to the line limit.
const textLineBufferSize = 256 << 10

// TextLineLimit is the longest line, line break excluded, that the text
// readers (edge list, WebGraph ASCII, URL list) accept: 1 MiB. A longer
// line is an *Error ("FILE:LINE: line longer than the 1 MiB limit"), found
// as soon as the limit is passed, so that a file without line breaks is
// refused after reading a little more than the limit, not after filling
// the memory. The successor lines of WebGraph ASCII, which list all the
// links of one page, may be up to ASCIISuccessorLineLimit.
const TextLineLimit = 1 << 20

// ASCIISuccessorLineLimit is the longest successor line of a WebGraph
// ASCII graph (ReadASCII): 64 MiB, room for about seven million links of
// one page with ids of eight digits.
const ASCIISuccessorLineLimit = 64 << 20

// utf8BOM is the UTF-8 byte order mark, which some editors (Windows
// Notepad among them) put at the start of a text file. The text readers
// skip one at the very start of their input.
const utf8BOM = "\xef\xbb\xbf"

// textLineScanner splits a text input into lines without allocating per
// line. It is the shared front end of the edge-list, WebGraph ASCII and
// URL-list readers. One UTF-8 byte order mark at the start of the input is
// dropped. It stops, and readError says why, when a line is longer than
// its limit, when a NUL byte shows binary data, or when the input is
// UTF-16 text.
type textLineScanner struct {
	br *bufio.Reader
	// long assembles a line that does not fit in br's buffer.
	long []byte
	// lineNo is the 1-based number of the line last returned.
	lineNo int64
	// consumed counts the bytes returned so far, line breaks included.
	consumed int64
	// maxLine is the longest line accepted (TextLineLimit unless the
	// reader sets another), without its line break.
	maxLine int
	// bom is the length of the byte order mark dropped from line 1.
	bom int
	// err is the first read error other than io.EOF.
	err error
	// bad, when set, says why the input is not acceptable text; it is
	// returned by readError with the file's name.
	bad func(file string) *Error
	eof bool
	// unterminated: the input's last line has no line break after it.
	unterminated bool
}

func newTextLineScanner(r io.Reader) *textLineScanner {
	return &textLineScanner{br: bufio.NewReaderSize(r, textLineBufferSize), maxLine: TextLineLimit}
}

// next returns the next line without its "\n" and without one trailing
// "\r", and false at the end of the input, after a read error or when the
// input is refused (see readError). A last line without a final "\n" is
// returned like any other; an input ending in "\n" has no empty line after
// it. The slice is valid until the next call.
func (s *textLineScanner) next() ([]byte, bool) {
	if s.eof || s.err != nil || s.bad != nil {
		return nil, false
	}
	first := s.lineNo == 0
	line, err := s.br.ReadSlice('\n')
	if first && !s.checkStart(line) {
		return nil, false
	}
	skip := 0 // the byte order mark, on line 1
	if first {
		skip = s.bom
	}
	if !s.checkChunk(line, 0) {
		return nil, false
	}
	if err == bufio.ErrBufferFull {
		s.long = append(s.long[:0], line...)
		for err == bufio.ErrBufferFull {
			if len(s.long)-skip > s.maxLine+2 { // "\r\n" may follow
				s.refuseLong()
				return nil, false
			}
			line, err = s.br.ReadSlice('\n')
			if !s.checkChunk(line, len(s.long)) {
				return nil, false
			}
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
		s.unterminated = line[len(line)-1] != '\n'
	}
	n := len(line)
	text := line[skip:]
	if k := len(text); k > 0 && text[k-1] == '\n' {
		text = text[:k-1]
	}
	if k := len(text); k > 0 && text[k-1] == '\r' {
		text = text[:k-1]
	}
	if len(text) > s.maxLine {
		s.refuseLong()
		return nil, false
	}
	s.lineNo++
	s.consumed += int64(n)
	return text, true
}

// checkStart looks at the first bytes of the input: it notes a UTF-8 byte
// order mark, and refuses UTF-16 text, recognised by its byte order mark
// or by NUL bytes in every other position.
func (s *textLineScanner) checkStart(head []byte) bool {
	if len(head) < 64 {
		// A short first line: look at the bytes read after it too, as
		// far as they are in the buffer already.
		more, _ := s.br.Peek(min(s.br.Buffered(), 64))
		head = append(head[:len(head):len(head)], more...)
	}
	if bytes.HasPrefix(head, []byte(utf8BOM)) {
		s.bom = len(utf8BOM)
		return true
	}
	if order := utf16Order(head); order != "" {
		s.bad = func(file string) *Error {
			return fileError(file, "%s", utf16Refusal(order))
		}
		return false
	}
	if what := crawlsimBinary(head); what != "" {
		s.bad = func(file string) *Error {
			return byteError(file, 0, "not text but %s", what)
		}
		return false
	}
	return true
}

// crawlsimBinary names the crawlsim binary file that head, the start of
// an input read as text, begins: a .csr graph read under another name or
// format, or an importance vector given as a graph, told by its magic
// and the NUL bytes of the version after it (text that starts with the
// magic's letters is text). It returns "" for anything else.
func crawlsimBinary(head []byte) string {
	const magicLen = len(csrMagic)
	if len(head) < magicLen+4 || bytes.IndexByte(head[magicLen:magicLen+4], 0) < 0 {
		return ""
	}
	switch {
	case bytes.HasPrefix(head, []byte(csrMagic)):
		return fmt.Sprintf("a crawlsim .csr graph (magic %q), read as one when named NAME.csr", csrMagic)
	case bytes.HasPrefix(head, []byte(importanceMagic)):
		return fmt.Sprintf("a crawlsim importance vector (magic %q), as rank -o NAME.imp writes it", importanceMagic)
	}
	return ""
}

// utf16Refusal is the message refusing UTF-16 text of the byte order
// order ("little" or "big").
func utf16Refusal(order string) string {
	return fmt.Sprintf("UTF-16 text (%s-endian), which crawlsim does not read; convert it to UTF-8 first (iconv -f UTF-16%s -t UTF-8)", order, map[string]string{"little": "LE", "big": "BE"}[order])
}

// TextRefusal says why a text file that starts with head (its first 64
// bytes, or all of it when shorter) cannot be read as UTF-8 text, in the
// words the graph readers use: it is compressed (with gzip too, for the
// readers of other files, which do not decompress) or UTF-16 text, with
// or without a byte order mark. It returns "" when nothing tells.
// Scenario files and seed lists check their start with it.
func TextRefusal(head []byte) string {
	if f := compressionOf(head); f != nil {
		if f.refusal != "" {
			return f.refusal
		}
		return "compressed with gzip, which crawlsim reads for graph files only; decompress it first (gzip -d)"
	}
	if order := utf16Order(head); order != "" {
		return utf16Refusal(order)
	}
	return ""
}

// utf16Order returns "little" or "big" when head, the start of a text
// input, looks like UTF-16 of that byte order: it starts with the byte
// order mark FF FE or FE FF, or its first bytes (at least two characters,
// at most 32) alternate NUL and non-NUL bytes, as ASCII characters do in
// UTF-16. It returns "" otherwise.
func utf16Order(head []byte) string {
	switch {
	case bytes.HasPrefix(head, []byte{0xff, 0xfe}):
		return "little"
	case bytes.HasPrefix(head, []byte{0xfe, 0xff}):
		return "big"
	}
	n := min(len(head), 64) &^ 1
	if n < 4 {
		return ""
	}
	little, big := true, true
	for i := 0; i < n; i += 2 {
		little = little && head[i] != 0 && head[i+1] == 0
		big = big && head[i] == 0 && head[i+1] != 0
	}
	switch {
	case little:
		return "little"
	case big:
		return "big"
	}
	return ""
}

// checkChunk refuses a NUL byte in chunk, the part of the current line
// that starts at byte at of it.
func (s *textLineScanner) checkChunk(chunk []byte, at int) bool {
	k := bytes.IndexByte(chunk, 0)
	if k < 0 {
		return true
	}
	line, offset := s.lineNo+1, s.consumed+int64(at+k)
	col := at + k + 1
	if line == 1 {
		col -= s.bom
	}
	s.bad = func(file string) *Error {
		return lineError(file, line, "NUL byte in column %d (byte %d): binary data, not text", col, offset)
	}
	return false
}

// refuseLong refuses the line after the last one returned, which is longer
// than s.maxLine.
func (s *textLineScanner) refuseLong() {
	line, limit := s.lineNo+1, s.maxLine
	s.bad = func(file string) *Error {
		return lineError(file, line, "line longer than the %s limit", textSize(limit))
	}
}

// textSize writes a byte count that is a whole number of MiB as "N MiB",
// and any other as "N bytes".
func textSize(n int) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}

// readError describes why next stopped early: the input was refused (not
// text, or a line too long), or the underlying reader failed while the
// line after the last one returned was read (an *Error at that line whose
// Err is the reader's error). It returns nil when next stopped at the end
// of the input.
func (s *textLineScanner) readError(file string) error {
	if s.bad != nil {
		return s.bad(file)
	}
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

// textQuoteShown is the most bytes of a token textQuote shows.
const textQuoteShown = 40

// textQuote quotes a token for an error message, shortened to keep the
// message readable when a whole binary file is one token.
func textQuote(tok []byte) string {
	if len(tok) > textQuoteShown {
		return fmt.Sprintf("%q...", tok[:textQuoteShown])
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
