package graphio

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"
)

func TestReadURLList(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string
	}{
		{"", []string{}},
		{"a\n", []string{"a"}},
		{"a", []string{"a"}},
		{"a\r\nb\r\n", []string{"a", "b"}},
		// Blank lines are pages without a URL; only the final newline
		// ends a line instead of starting one, and blank lines after the
		// last URL are not pages (an editor's extra newline).
		{"a\n\nc\n\n", []string{"a", "", "c"}},
		{"a\n \t\nc", []string{"a", " \t", "c"}},
		{"a\r\nb\r\n\r\n\r\n", []string{"a", "b"}},
		{"a\n\n \n\t\r\n", []string{"a"}},
		{"\n", []string{}},
		{"\ufeff\n\n", []string{}},
	} {
		got, err := ReadURLList(strings.NewReader(c.text), "u.urls")
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%q: got %q, want %q", c.text, got, c.want)
		}
	}
}

func TestURLListBlankLineHasNoHost(t *testing.T) {
	urls, err := ReadURLList(strings.NewReader("http://a.example/\n\nhttp://a.example/b\n"), "u.urls")
	if err != nil {
		t.Fatal(err)
	}
	g := rtFromLists(t, [][]uint32{{1}, {2}, {}})
	if g, err = g.WithURLs(urls); err != nil {
		t.Fatal(err)
	}
	if g.Hosts.Unparsed != 1 || g.Hosts.Names[g.Hosts.Of[1]] != "(none)" {
		t.Fatalf("hosts %+v: want page 1 in (none)", g.Hosts)
	}
}

func TestReadURLListErrors(t *testing.T) {
	_, err := ReadURLList(strings.NewReader("http://a/\nhttp://b/\nxy\x00z\n"), "u.urls")
	rtWantError(t, err, "u.urls", 3, 0, "u.urls:3: NUL byte in column 3")
	_, err = ReadURLList(rtFailingReader{}, "u.urls")
	if err == nil || !strings.Contains(err.Error(), "u.urls:1: reading: disk on fire") {
		t.Fatalf("got %v", err)
	}
}

func TestWriteURLListRefusesLineBreaks(t *testing.T) {
	var buf bytes.Buffer
	for _, bad := range []string{"http://a/\nb", "http://a/\r"} {
		err := WriteURLList(&buf, []string{"ok", bad})
		if err == nil || !strings.Contains(err.Error(), "page 1 contains a line break") {
			t.Errorf("%q: got %v", bad, err)
		}
	}
}

// TestWriteURLListRefusesTrailingBlank: ReadURLList takes blank lines
// after the last URL for the end of the file, so a list whose last URLs
// are blank would read back shorter; WriteURLList refuses it before
// writing anything. A blank URL before the last one is written.
func TestWriteURLListRefusesTrailingBlank(t *testing.T) {
	for _, urls := range [][]string{{"http://a/", ""}, {""}, {"http://a/", "", " \t"}} {
		var buf bytes.Buffer
		err := WriteURLList(&buf, urls)
		want := fmt.Sprintf("graphio: writing URL list: the URL of page %d, the last, is blank, and a URL list cannot end in a blank line (readers take it for the end of the file); write .csr to keep pages without a URL at the end", len(urls)-1)
		if err == nil || err.Error() != want || buf.Len() != 0 {
			t.Errorf("%q: got %v and %d bytes, want %q and nothing written", urls, err, buf.Len(), want)
		}
	}
	var buf bytes.Buffer
	if err := WriteURLList(&buf, []string{"", "http://a/"}); err != nil || buf.String() != "\nhttp://a/\n" {
		t.Fatalf("got %q, %v", buf.String(), err)
	}
}
