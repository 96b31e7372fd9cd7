package seeds

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// FuzzReadList: ReadList never panics; a list it accepts is UTF-8 within
// the limits, one item per non-comment line, in increasing line order,
// WriteList writes its items in a list that reads back to them, and so
// does the scenario's text form of the list (String, then Parse), items
// with commas or quotes too.
func FuzzReadList(f *testing.F) {
	for _, s := range []string{
		"# seeds\n1\n2\n", "\xef\xbb\xbf3\r\n4", "http://a.example/\n\n  5  \n", "1 2\n", "\x00", "\xff\xfe1\x00",
		"caf\xe9\n", "#only a comment\n", "http://a.example/x?a=1,2\n\"q\n,\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		spec, err := ReadList(bytes.NewReader(data), "fuzz.txt")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.txt") {
				t.Fatalf("the error does not name the file: %v", err)
			}
			return
		}
		if len(data) > MaxListBytes+len(utf8BOM) || len(spec.Items) == 0 || len(spec.Items) != len(spec.Lines) {
			t.Fatalf("accepted %d bytes as %d items on %d lines", len(data), len(spec.Items), len(spec.Lines))
		}
		for k, item := range spec.Items {
			if item == "" || strings.ContainsFunc(item, unicode.IsSpace) || strings.Contains(item, "\x00") || !utf8.ValidString(item) || len(item) > MaxListLine || strings.HasPrefix(item, "#") {
				t.Fatalf("item %d is %q", k, item)
			}
			if k > 0 && spec.Lines[k] <= spec.Lines[k-1] {
				t.Fatalf("lines %v do not increase", spec.Lines)
			}
		}
		var b bytes.Buffer
		if err := WriteList(&b, "fuzz\nlist", spec.Items); err != nil {
			t.Fatal(err)
		}
		back, err := ReadList(&b, "back.txt")
		if err != nil || !slices.Equal(back.Items, spec.Items) {
			t.Fatalf("WriteList then ReadList gave %q, %v; want %q", back.Items, err, spec.Items)
		}
		inline, err := Parse(spec.String())
		if err != nil || !slices.Equal(inline.Items, spec.Items) {
			t.Fatalf("Parse(%q) gave %q, %v; want the file's items %q", spec.String(), inline.Items, err, spec.Items)
		}
	})
}

// FuzzParseSpec: Parse never panics, and a spec it accepts writes (String)
// a text that it reads back to the same spec.
func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{
		"top-pagerank:160", "random:5", "host-roots", "list:3,http://a.org/", "3,17,42", "community:10",
		"community:5,density=80", "community:5,size=20,members=2,iterations=30", "community:3,density=NaN", "list:",
		`list:"http://a.example/x?a=1,2",3`, `list:"\"q" "a b"`, `list:"a`, `list:"a"b`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		spec, err := Parse(text)
		if err != nil {
			return
		}
		back, err := Parse(spec.String())
		if err != nil {
			t.Fatalf("Parse(%q) = %s, which does not parse: %v", text, spec, err)
		}
		if back.String() != spec.String() || back.Kind != spec.Kind || back.K != spec.K || !slices.Equal(back.Items, spec.Items) ||
			back.File != spec.File || back.CommunityOptionsOf() != spec.CommunityOptionsOf() {
			t.Fatalf("Parse(%q) = %+v, and its text %q reads as %+v", text, spec, spec.String(), back)
		}
	})
}
