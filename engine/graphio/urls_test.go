package graphio

import (
	"bytes"
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
		// ends a line instead of starting one.
		{"a\n\nc\n\n", []string{"a", "", "c", ""}},
		{"\n", []string{""}},
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
