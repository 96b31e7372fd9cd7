package seeds

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/crawlsim/crawlsim/engine/graphio"
)

// Limits of a seed list file (list:FILE). A seed list names pages, one per
// line, so its lines are URLs at most, and the whole list ends up in the
// scenario's seeds field: MaxListBytes keeps a scenario that holds it
// below the scenario file limit (scenario.MaxFileBytes, 4 MiB).
const (
	// MaxListLine is the longest line, in bytes (without its line end).
	MaxListLine = 64 << 10
	// MaxListBytes is the largest seed list, in bytes.
	MaxListBytes = 2 << 20
)

// utf8BOM is the byte order mark some editors put at the start of a
// UTF-8 file; ReadList skips it.
const utf8BOM = "\xef\xbb\xbf"

// errNUL stops the scanner at a NUL byte of the line being read.
var errNUL = errors.New("NUL byte")

// ReadList reads a seed list: one page id or URL per line; blank lines and
// lines starting with '#' are skipped. name labels the input in errors.
// This is the format of list:FILE and of WriteList. The returned Spec is a
// List whose Source and Lines point Select's errors at the file.
//
// The list is UTF-8 text (a byte order mark at its start is skipped) of at
// most MaxListBytes, in lines of at most MaxListLine bytes; input beyond
// them, binary data (a NUL byte), compressed data, UTF-16
// (graphio.TextRefusal) and other encodings are errors
// that name the file, and the line and column where the problem is.
func ReadList(r io.Reader, name string) (Spec, error) {
	spec := Spec{Kind: List, Source: name}
	limited := &io.LimitedReader{R: r, N: MaxListBytes + 1}
	br := bufio.NewReader(limited)
	// A short or failing input shows in the scan below.
	head, _ := br.Peek(64)
	switch {
	case bytes.HasPrefix(head, []byte(utf8BOM)):
		br.Discard(len(utf8BOM))
	case graphio.TextRefusal(head) != "":
		return Spec{}, fmt.Errorf("%s: %s", name, graphio.TextRefusal(head))
	}
	tooLarge := func() bool { return limited.N <= 0 }
	sizeError := func() error {
		return fmt.Errorf("%s: larger than the %d MiB limit for a seed list", name, MaxListBytes>>20)
	}
	sc := bufio.NewScanner(br)
	// Room for the longest line and its "\r\n": a longer one fails the
	// scan, or the length check below.
	sc.Buffer(make([]byte, 0, 4096), MaxListLine+2)
	nulColumn := 0
	sc.Split(func(data []byte, atEOF bool) (int, []byte, error) {
		advance, token, err := bufio.ScanLines(data, atEOF)
		current := data // the line being read, until its end is found
		if advance > 0 {
			current = data[:advance]
		}
		if i := bytes.IndexByte(current, 0); i >= 0 {
			nulColumn = utf8.RuneCount(current[:i]) + 1
			return 0, nil, errNUL
		}
		return advance, token, err
	})
	line := 0
	for sc.Scan() {
		line++
		text := sc.Bytes()
		switch {
		case len(text) > MaxListLine:
			if tooLarge() {
				return Spec{}, sizeError()
			}
			return Spec{}, fmt.Errorf("%s:%d: line longer than the %d KiB limit for a seed list line", name, line, MaxListLine>>10)
		case !utf8.Valid(text):
			if tooLarge() {
				return Spec{}, sizeError()
			}
			return Spec{}, fmt.Errorf("%s:%d:%d: not UTF-8 text; save the seed list as UTF-8", name, line, invalidColumn(text))
		}
		s := strings.TrimSpace(string(text))
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		if strings.ContainsFunc(s, unicode.IsSpace) {
			if tooLarge() {
				return Spec{}, sizeError()
			}
			return Spec{}, fmt.Errorf("%s:%d: expected one page id or URL, found %q", name, line, s)
		}
		spec.Items = append(spec.Items, s)
		spec.Lines = append(spec.Lines, line)
	}
	switch err := sc.Err(); {
	case tooLarge():
		return Spec{}, sizeError()
	case errors.Is(err, errNUL):
		return Spec{}, fmt.Errorf("%s:%d:%d: a NUL byte: this is binary data, not a seed list", name, line+1, nulColumn)
	case errors.Is(err, bufio.ErrTooLong):
		return Spec{}, fmt.Errorf("%s:%d: line longer than the %d KiB limit for a seed list line", name, line+1, MaxListLine>>10)
	case err != nil:
		return Spec{}, fmt.Errorf("%s:%d: %w", name, line+1, err)
	}
	if len(spec.Items) == 0 {
		return Spec{}, fmt.Errorf("%s: the seed list is empty", name)
	}
	return spec, nil
}

// ItemError is Select's error about one item of a list: a page the graph
// does not have. Its text starts with the item's file and line ("FILE:LINE:
// problem") when the list was read from a file (ReadList), and is
// "seeds: item K: problem" for a list given inline.
type ItemError struct {
	// Index is the item's index in the list's Items, from 0.
	Index int
	// Item is the item as the list gives it.
	Item string
	// Place is "FILE:LINE" for a list read from a file, "" otherwise.
	Place string
	// Problem says what is wrong with the item, as in
	// `no page has the URL "x"`.
	Problem string
}

// Error writes "FILE:LINE: PROBLEM" for an item of a list read from a
// file, else "seeds: item K: PROBLEM".
func (e *ItemError) Error() string {
	if e.Place != "" {
		return e.Place + ": " + e.Problem
	}
	return fmt.Sprintf("seeds: item %d: %s", e.Index+1, e.Problem)
}

// PlaceError returns err placed at the file and line of the list s (read
// by ReadList) when err is an *ItemError about the list s gives as text
// (String, then Parse): a scenario holds its seeds as text, which keeps
// neither the file nor the lines, but keeps the items one for one. Any
// other error is returned as it is.
func (s Spec) PlaceError(err error) error {
	var ie *ItemError
	if s.Kind != List || s.Source == "" || len(s.Lines) != len(s.Items) || !errors.As(err, &ie) || ie.Place != "" {
		return err
	}
	if ie.Index < 0 || ie.Index >= len(s.Items) || s.Items[ie.Index] != ie.Item {
		return err
	}
	placed := *ie
	placed.Place = fmt.Sprintf("%s:%d", s.Source, s.Lines[ie.Index])
	return &placed
}

// invalidColumn returns the column, counted in characters from 1, of the
// first byte of text that is not UTF-8.
func invalidColumn(text []byte) int {
	col := 1
	for len(text) > 0 {
		r, size := utf8.DecodeRune(text)
		if r == utf8.RuneError && size <= 1 {
			break
		}
		text = text[size:]
		col++
	}
	return col
}

// WriteList writes items (page ids or URLs, as ReadList reads them) one
// per line, after a comment line when comment is not empty; newlines in
// the comment become spaces, so that it stays one line.
func WriteList(w io.Writer, comment string, items []string) error {
	bw := bufio.NewWriter(w)
	if comment != "" {
		fmt.Fprintf(bw, "# %s\n", strings.ReplaceAll(strings.ReplaceAll(comment, "\r", " "), "\n", " "))
	}
	for _, item := range items {
		bw.WriteString(item)
		bw.WriteByte('\n')
	}
	return bw.Flush()
}
