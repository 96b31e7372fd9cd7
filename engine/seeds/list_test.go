package seeds

import (
	"errors"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
)

// TestReadListBounds: a seed list is read within documented limits, and
// binary or mis-encoded input gets an error that names the file, the line
// and what is wrong, instead of "bufio.Scanner: token too long" or an
// allocation as large as the input.
func TestReadListBounds(t *testing.T) {
	long := strings.Repeat("x", MaxListLine+1)
	many := strings.Repeat("http://a.example/page\n", MaxListBytes/len("http://a.example/page\n")+1)
	for _, c := range []struct {
		name string
		in   io.Reader
		want string
	}{
		{"line too long", strings.NewReader("1\n2\n" + long + "\n"), "s.txt:3: line longer than the 64 KiB limit for a seed list line"},
		{"last line too long", strings.NewReader("1\n" + long), "s.txt:2: line longer than the 64 KiB limit for a seed list line"},
		{"too large", strings.NewReader(many), "s.txt: larger than the 2 MiB limit for a seed list"},
		{"dev zero", graphtest.Zeros{}, "s.txt:1:1: a NUL byte: this is binary data, not a seed list"},
		{"NUL within", strings.NewReader("1\n2\n 3\x004\n"), "s.txt:3:3: a NUL byte: this is binary data, not a seed list"},
		{"UTF-16", strings.NewReader("\xff\xfe1\x00\n\x00"), "s.txt: UTF-16 text (little-endian), which crawlsim does not read; convert it to UTF-8 first (iconv -f UTF-16LE -t UTF-8)"},
		// iconv -t UTF-16BE writes no byte order mark: this list said "a NUL byte".
		{"UTF-16 without BOM", strings.NewReader("\x001\x00\n\x002\x00\n"), "s.txt: UTF-16 text (big-endian), which crawlsim does not read; convert it to UTF-8 first (iconv -f UTF-16BE -t UTF-8)"},
		{"gzip", strings.NewReader("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03"), "s.txt: compressed with gzip, which crawlsim reads for graph files only; decompress it first (gzip -d)"},
		{"xz", strings.NewReader("\xfd7zXZ\x00\x00\x04"), "s.txt: compressed with xz, which crawlsim does not read; decompress it first (xz -d)"},
		{"white space within", strings.NewReader("1\n2\v3\n"), "s.txt:2: expected one page id or URL, found \"2\\v3\""},
		{"Latin-1", strings.NewReader("1\nhttp://caf\xe9.example/\n"), "s.txt:2:11: not UTF-8 text; save the seed list as UTF-8"},
	} {
		t.Run(c.name, func(t *testing.T) {
			spec, err := ReadList(c.in, "s.txt")
			if err == nil || err.Error() != c.want {
				t.Errorf("ReadList = %d items, %v; want the error %q", len(spec.Items), err, c.want)
			}
		})
	}
	// Within the limits: the longest line, CRLF line ends, and a UTF-8 byte
	// order mark at the start, which is skipped.
	fits := strings.Repeat("y", MaxListLine)
	spec, err := ReadList(strings.NewReader("\xef\xbb\xbf7\r\n"+fits+"\r\n8"), "s.txt")
	if err != nil || !slices.Equal(spec.Items, []string{"7", fits, "8"}) || !slices.Equal(spec.Lines, []int{1, 2, 3}) {
		t.Errorf("ReadList = %d items %.20q (lines %v), %v; want 7, the long line and 8", len(spec.Items), spec.Items, spec.Lines, err)
	}
}

// TestListErrorsNameFileAndLine: every error about an item of a seed list
// read from a file names the file and the item's line, first, as every
// reader's errors do; and so does an error about the list once it went
// through a scenario's seeds field as text (String, Parse), which keeps
// neither: PlaceError puts the file and line back. The user's list was
// "1", a blank line, "# c" and "foo", and the run said
// `seeds: item 2: no page has the URL "foo"`.
func TestListErrorsNameFileAndLine(t *testing.T) {
	g := fiveHostGraph(t)
	pageOf := func(item string) (uint32, bool) { return 0, item == "101" }
	for _, c := range []struct {
		name string
		list string
		opt  Options
		want string
	}{
		{"unknown URL", "1\n\n# c\nfoo\n", Options{}, `seeds4.txt:4: no page has the URL "foo"`},
		{"beyond the last page", "# c\n\n9\n", Options{}, "seeds4.txt:3: page 9 is beyond the last page 5"},
		{"unknown name", "101\n\n  7\n", Options{PageOf: pageOf}, `seeds4.txt:3: the graph has no page "7"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			list, err := ReadList(strings.NewReader(c.list), "seeds4.txt")
			if err != nil {
				t.Fatal(err)
			}
			if _, err := Select(g, list, c.opt); err == nil || err.Error() != c.want {
				t.Errorf("Select = %v; want %q", err, c.want)
			}
			inline, err := Parse(list.String())
			if err != nil {
				t.Fatal(err)
			}
			_, err = Select(g, inline, c.opt)
			if err == nil || !strings.HasPrefix(err.Error(), "seeds: item ") {
				t.Fatalf("Select of the inline list = %v; want an error about an item", err)
			}
			if got := list.PlaceError(err); got == nil || got.Error() != c.want {
				t.Errorf("PlaceError(%v) = %v; want %q", err, got, c.want)
			}
		})
	}
	// A comma is part of its line's item in the scenario's text too
	// (String quotes the item): the error names the whole item and its
	// line (it once named "bar", the part after the comma).
	list, _ := ReadList(strings.NewReader("0\nhttp://a.org/,bar\n"), "seeds4.txt")
	inline, _ := Parse(list.String())
	_, err := Select(g, inline, Options{})
	if got, want := list.PlaceError(err), `seeds4.txt:2: no page has the URL "http://a.org/,bar"`; got == nil || got.Error() != want {
		t.Errorf("PlaceError(%v) = %v; want %q", err, got, want)
	}
	// An error about another list, or no item, is left as it is.
	other := errors.New("seeds: item 1: no page has the URL \"x\"")
	list, _ = ReadList(strings.NewReader("x\n"), "s.txt")
	if got := list.PlaceError(other); got != other {
		t.Errorf("PlaceError of an error that is not an *ItemError = %v", got)
	}
	_, err = Select(g, Spec{Kind: List, Items: []string{"y"}}, Options{})
	if got := list.PlaceError(err); got != err {
		t.Errorf("PlaceError of an error about the item %q of another list = %v", "y", got)
	}
}
