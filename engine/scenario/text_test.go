package scenario

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
)

// TestParseBoundedText: a scenario is read within MaxFileBytes, as UTF-8
// JSON text; binary data, other encodings and a top level that is not an
// object are refused with the file and the position. (An endless input
// once grew until the process ran out of memory, and null read as the
// default scenario.)
func TestParseBoundedText(t *testing.T) {
	padded := "{}" + strings.Repeat(" ", MaxFileBytes-1)
	for _, c := range []struct {
		name string
		in   io.Reader
		want string
	}{
		{"endless", graphtest.Zeros{}, "run.json: larger than the 4 MiB limit for a scenario file"},
		{"one byte too large", strings.NewReader(padded), "run.json: larger than the 4 MiB limit for a scenario file"},
		{"NUL", strings.NewReader("{\n \"seeds\": \"a\x00\"}"), "run.json:2:13: a NUL byte: this is binary data, not a JSON scenario"},
		{"UTF-16", strings.NewReader("\xff\xfe{\x00}\x00"), "run.json: UTF-16 text (little-endian), which crawlsim does not read; convert it to UTF-8 first (iconv -f UTF-16LE -t UTF-8)"},
		{"UTF-16 big-endian", strings.NewReader("\xfe\xff\x00{\x00}"), "run.json: UTF-16 text (big-endian), which crawlsim does not read; convert it to UTF-8 first (iconv -f UTF-16BE -t UTF-8)"},
		// iconv -t UTF-16LE writes no byte order mark: this scenario said
		// "a NUL byte", and a gzip-compressed one "a NUL byte" at 1:9.
		{"UTF-16 without BOM", strings.NewReader("{\x00\"\x00a\x00\"\x00:\x001\x00}\x00"), "run.json: UTF-16 text (little-endian), which crawlsim does not read; convert it to UTF-8 first (iconv -f UTF-16LE -t UTF-8)"},
		{"gzip", strings.NewReader("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03{}"), "run.json: compressed with gzip, which crawlsim reads for graph files only; decompress it first (gzip -d)"},
		{"zstd", strings.NewReader("\x28\xb5\x2f\xfd{}"), "run.json: compressed with zstd, which crawlsim does not read; decompress it first (zstd -d)"},
		{"Latin-1", strings.NewReader("{\"graph\": {\"file\": \"caf\xe9.edges\"}}"), "run.json:1:24: not UTF-8 text; save the scenario as UTF-8"},
		{"null", strings.NewReader(" null\n"), "run.json:1:2: the top level: expected a JSON object, not null"},
		{"array", strings.NewReader("[]"), "run.json:1:1: the top level: expected a JSON object, not an array"},
		{"string", strings.NewReader(`"x"`), "run.json:1:1: the top level: expected a JSON object, not a string"},
		{"number", strings.NewReader("1"), "run.json:1:1: the top level: expected a JSON object, not a number"},
		{"boolean", strings.NewReader("true"), "run.json:1:1: the top level: expected a JSON object, not true or false"},
		{"BOM then null", strings.NewReader("\xef\xbb\xbfnull"), "run.json:1:1: the top level: expected a JSON object, not null"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if _, err := Parse(c.in, "run.json"); err == nil || err.Error() != c.want {
				t.Errorf("Parse: %v\nwant %s", err, c.want)
			}
		})
	}
	// The revisit scenarios are read the same way.
	for in, want := range map[string]string{
		"null":                            "refresh.json:1:1: the top level: expected a JSON object, not null",
		"{\"policies\": [\"fixed\x00\"]}": "refresh.json:1:21: a NUL byte: this is binary data, not a JSON scenario",
	} {
		if _, err := ParseRefresh(strings.NewReader(in), "refresh.json"); err == nil || err.Error() != want {
			t.Errorf("ParseRefresh(%q): %v\nwant %s", in, err, want)
		}
	}
	if _, err := ParseRefresh(graphtest.Zeros{}, "refresh.json"); err == nil || err.Error() != "refresh.json: larger than the 4 MiB limit for a scenario file" {
		t.Errorf("ParseRefresh of an endless input: %v", err)
	}
	// The largest file allowed is read.
	if _, err := Parse(strings.NewReader(padded[:MaxFileBytes]), "run.json"); err != nil {
		t.Errorf("a scenario of MaxFileBytes: %v", err)
	}
}

// TestParseSkipsByteOrderMark: a UTF-8 byte order mark at the start of a
// scenario is skipped, and positions count from after it, as an editor
// shows them.
func TestParseSkipsByteOrderMark(t *testing.T) {
	s, err := Parse(strings.NewReader("\xef\xbb\xbf{\"budget\": 5}"), "run.json")
	if err != nil || s.Budget != 5 {
		t.Fatalf("Parse = %+v, %v; want budget 5", s, err)
	}
	_, err = parseAndNormalize(strings.NewReader("\xef\xbb\xbf{\"budget\": -1}"), "run.json")
	if want := "run.json:1:12: budget: -1 is negative; 0 means no limit"; err == nil || err.Error() != want {
		t.Errorf("parseAndNormalize: %v\nwant %s", err, want)
	}
	r, err := ParseRefresh(bytes.NewReader([]byte("\xef\xbb\xbf{\"policies\": [\"fixed\"]}")), "refresh.json")
	if err != nil || len(r.Policies) != 1 {
		t.Errorf("ParseRefresh = %+v, %v", r, err)
	}
	// ReadText, for programs that place errors in the text themselves,
	// returns the text without the mark.
	text, err := ReadText(strings.NewReader("\xef\xbb\xbf{}"), "run.json")
	if err != nil || string(text) != "{}" {
		t.Errorf("ReadText = %q, %v; want {}", text, err)
	}
}
