package graphio

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestTextReadersSkipBOM: a UTF-8 byte order mark (EF BB BF), which
// Windows Notepad writes at the start of a file, is not part of the first
// line for any of the three text readers, and only one is skipped.
func TestTextReadersSkipBOM(t *testing.T) {
	g, labels := elRead(t, "\ufeff0 1\n1 0\n", EdgeListOptions{Renumber: true})
	if !slices.Equal(labels.IDs, []uint64{0, 1}) {
		t.Fatalf("labels %+v, want IDs [0 1]", labels)
	}
	elSameLists(t, g, [][]uint32{{1}, {0}})
	// The header is still recognised on line 1.
	g, labels = elRead(t, "\ufeff# crawlsim edge list: 3 pages, 1 link\n0 2\n", EdgeListOptions{})
	if labels != nil {
		t.Fatalf("labels %+v, want nil: the header fixes the pages", labels)
	}
	elSameLists(t, g, [][]uint32{{2}, {}, {}})
	// A BOM anywhere else is data: here it makes a label.
	_, labels = elRead(t, "0 1\n\ufeff1 0\n", EdgeListOptions{})
	if !slices.Equal(labels.Names, []string{"0", "1", "\ufeff1"}) {
		t.Fatalf("labels %q", labels.Names)
	}

	ga, err := ReadASCII(strings.NewReader("\ufeff2\n1\n0\n"), "bom.graph-txt")
	if err != nil {
		t.Fatal(err)
	}
	elSameLists(t, ga, [][]uint32{{1}, {0}})

	urls, err := ReadURLList(strings.NewReader("\ufeffhttp://a.example/\nhttp://b.example/\n"), "bom.urls")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(urls, []string{"http://a.example/", "http://b.example/"}) {
		t.Fatalf("URLs %q", urls)
	}
	// Only one BOM is skipped, and WriteURLList writes one more before a
	// first URL that starts with one, so the list reads back unchanged.
	urls, err = ReadURLList(strings.NewReader("\ufeff\ufeffx\n"), "bom.urls")
	if err != nil || !slices.Equal(urls, []string{"\ufeffx"}) {
		t.Fatalf("URLs %q, %v", urls, err)
	}
	var buf bytes.Buffer
	if err := WriteURLList(&buf, urls); err != nil {
		t.Fatal(err)
	}
	if buf.String() != "\ufeff\ufeffx\n" {
		t.Fatalf("wrote %q", buf.String())
	}
}

// TestDecimalPrefix checks the one decimal parser of the text readers on
// hand-picked cases around 2^64 = 18446744073709551616.
func TestDecimalPrefix(t *testing.T) {
	for _, c := range []struct {
		in   string
		v    uint64
		k    int
		okay bool
	}{
		{"", 0, 0, true},
		{"x1", 0, 0, true},
		{"0", 0, 1, true},
		{"007", 7, 3, true},
		{"123abc", 123, 3, true},
		{"42 7", 42, 2, true},
		{"9999999999999999999", 9999999999999999999, 19, true},
		{"18446744073709551615", 1<<64 - 1, 20, true},
		{"18446744073709551616", 0, 20, false},
		{"99999999999999999999", 0, 20, false},
		{"184467440737095516150", 0, 21, false},
		{"00000000000000000000001", 1, 23, true},
		{"000018446744073709551615 ", 1<<64 - 1, 24, true},
	} {
		v, k, ok := decimalPrefix([]byte(c.in))
		if k != c.k || ok != c.okay || (ok && v != c.v) {
			t.Errorf("decimalPrefix(%q) = %d, %d, %v; want %d, %d, %v", c.in, v, k, ok, c.v, c.k, c.okay)
		}
	}
}

// TestDecimalPrefixMatchesStrconv compares decimalPrefix with
// strconv.ParseUint on random digit strings of 1 to 24 digits, many of
// them near 2^64.
func TestDecimalPrefixMatchesStrconv(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var s string
		switch rng.IntN(3) {
		case 0:
			b := make([]byte, 1+rng.IntN(24))
			for i := range b {
				b[i] = '0' + byte(rng.IntN(10))
			}
			s = string(b)
		case 1:
			s = strconv.FormatUint(rng.Uint64(), 10)
		default:
			s = strings.Repeat("0", rng.IntN(4)) + strconv.FormatUint(1<<64-1-uint64(rng.IntN(3)), 10) + strconv.Itoa(rng.IntN(3))[:rng.IntN(2)]
		}
		want, err := strconv.ParseUint(s, 10, 64)
		v, k, ok := decimalPrefix([]byte(s))
		if k != len(s) || ok != (err == nil) || (ok && v != want) {
			t.Fatalf("decimalPrefix(%q) = %d, %d, %v; strconv says %d, %v", s, v, k, ok, want, err)
		}
	}
}

// TestDecimalOverflowAcrossReaders: every reader treats a number just
// beyond 2^64-1 as too large, and leading zeros as harmless where ids are
// page numbers.
func TestDecimalOverflowAcrossReaders(t *testing.T) {
	const over = "18446744073709551616"
	_, labels := elRead(t, "0 "+over+"\n", EdgeListOptions{})
	if !slices.Equal(labels.Names, []string{"0", over}) {
		t.Errorf("integer mode: labels %+v, want %s to be a label", labels, over)
	}
	_, _, err := ReadEdgeList(strings.NewReader("0 "+over+"\n"), "t.edges", EdgeListOptions{Nodes: 5})
	rtWantError(t, err, "t.edges", 1, 0, "page id "+over+" is not below the 5 pages")
	_, err = ReadASCII(strings.NewReader(over+"\n"), "a.graph-txt")
	rtWantError(t, err, "a.graph-txt", 1, 0, "exceed the limit")
	_, err = ReadASCII(strings.NewReader("2\n"+over+"\n\n"), "a.graph-txt")
	rtWantError(t, err, "a.graph-txt", 2, 0, "is not below the 2 pages")

	g, _ := elRead(t, "0 00000000000000000000001\n", EdgeListOptions{Nodes: 2})
	elSameLists(t, g, [][]uint32{{1}, {}})
	ga, err := ReadASCII(strings.NewReader("0000000000000000000000002\n00000000000000000000001\n\n"), "a.graph-txt")
	if err != nil {
		t.Fatal(err)
	}
	elSameLists(t, ga, [][]uint32{{1}, {}})
}

// TestTextStartingWithAMagicIsText: an edge list whose first label is
// spelled like a magic of crawlsim's binary files is text, read as such;
// only the magic followed by a binary version is refused as that file.
func TestTextStartingWithAMagicIsText(t *testing.T) {
	for _, magic := range []string{csrMagic, importanceMagic} {
		g, labels := elRead(t, magic+" b\nb "+magic+"\n", EdgeListOptions{})
		if !slices.Equal(labels.Names, []string{magic, "b"}) {
			t.Errorf("%s: labels %q, want [%s b]", magic, labels.Names, magic)
		}
		elSameLists(t, g, [][]uint32{{1}, {0}})
		_, _, err := ReadEdgeList(strings.NewReader(magic+"\x01\x00\x00\x00"), "b.edges", EdgeListOptions{})
		if err == nil || !strings.Contains(err.Error(), "b.edges: byte 0: not text but a crawlsim ") {
			t.Errorf("%s with a binary version: %v", magic, err)
		}
	}
}
