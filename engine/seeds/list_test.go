package seeds

import (
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
