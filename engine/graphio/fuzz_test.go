package graphio

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph"
)

// fuzzCheck fails unless err is an *Error or g is a valid graph.
func fuzzCheck(t *testing.T, g *graph.Graph, err error) bool {
	t.Helper()
	if err != nil {
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("error %v is a %T, want *Error", err, err)
		}
		return false
	}
	if verr := g.Validate(); verr != nil {
		t.Fatalf("reader returned an invalid graph: %v", verr)
	}
	return true
}

func FuzzReadEdgeList(f *testing.F) {
	for _, s := range []string{
		"0 1\n1 2\n2 0\n",
		"# c\n% c\n\n7 3\n3\t100 1.5\n100 7 2 1089\n",
		"a b\nb c\n",
		"1 2\nx 1\n",
		"http://a.example/ http://b.example/\n",
		"5 1000000000000000\n18446744073709551615 5\n",
		"18446744073709551616 1\n",
		"# crawlsim edge list: 4 pages, 1 link\n2 0\n",
		"# crawlsim edge list: 4000000000 pages\n",
		"0\n",
		"0 1 2 3 4\n",
		"0 1 x\n",
		"0 \x00\n",
		"0 1\r\n1 0\r\n",
		// A byte order mark before a link line and before the header.
		"\ufeff0 1\n1 0\n",
		"\ufeff# crawlsim edge list: 3 pages, 1 link\n0 2\n",
		// The largest header a 45-byte file can back (2^20 + 16·45), one
		// page more, and a header the reader believes only because of a
		// long comment, which WriteEdgeList refuses to write.
		"# crawlsim edge list: 1049296 pages, 0 links\n",
		"# crawlsim edge list: 1049297 pages, 0 links\n",
		"# crawlsim edge list: 1100000 pages\n#" + strings.Repeat(" padding", 500) + "\n",
	} {
		f.Add([]byte(s), uint16(0))
		f.Add([]byte(s), uint16(5))
		f.Add([]byte(s), uint16(fuzzRenumber))
	}
	for _, s := range []string{
		// SNAP headers: a count above the largest id, below it, and one
		// a short file cannot back; ids far beyond the file's size.
		"# Nodes: 6 Edges: 1\n0 1\n",
		"# Directed graph\n# Nodes: 2 Edges: 1\n0 5\n",
		"# Nodes: 99999999999 Edges: 1\n0 1\n",
		"0 4000000000\n",
		"0 4294967295\nx 1\n",
	} {
		f.Add([]byte(s), uint16(0))
		f.Add([]byte(s), uint16(fuzzRenumber))
	}
	f.Fuzz(func(t *testing.T, data []byte, nodes uint16) {
		renumber := nodes&fuzzRenumber != 0
		nodes &^= fuzzRenumber
		g, labels, err := ReadEdgeList(bytes.NewReader(data), "fuzz.edges", EdgeListOptions{Nodes: int(nodes), Renumber: renumber})
		if !fuzzCheck(t, g, err) {
			return
		}
		n := g.NumNodes()
		switch {
		case nodes > 0:
			if labels != nil || n != int(nodes) {
				t.Fatalf("Nodes %d: %d pages, labels %v", nodes, n, labels != nil)
			}
		case labels == nil && !renumber:
			// Integer ids kept as given.
		case labels == nil:
			if !bytes.HasPrefix(bytes.TrimLeft(bytes.TrimPrefix(data, []byte(utf8BOM)), " \t\r\v\f"), []byte(edgeListHeaderPrefix)) {
				t.Fatal("nil labels without Nodes or header")
			}
		case (labels.IDs == nil) == (labels.Names == nil):
			t.Fatalf("labels %+v: want exactly one of IDs and Names", labels)
		case labels.IDs != nil && !renumber:
			t.Fatalf("ids renumbered without Renumber: %+v", labels)
		case labels.IDs != nil && (len(labels.IDs) != n || !slices.IsSorted(labels.IDs)):
			t.Fatalf("%d IDs for %d pages", len(labels.IDs), n)
		case labels.Names != nil && len(labels.Names) != n:
			t.Fatalf("%d names for %d pages", len(labels.Names), n)
		}
		// What was read writes and reads back to the same graph, unless it
		// has too many pages for its links to write as an edge list.
		var buf bytes.Buffer
		if err := WriteEdgeList(&buf, g); err != nil {
			minSize := int64(len(edgeListHeader(n, g.NumArcs()))) + 4*g.NumArcs()
			if uint64(n) <= edgeListHeaderMaxPages(minSize) {
				t.Fatal(err)
			}
			return
		}
		back, _, err := ReadEdgeList(&buf, "back.edges", EdgeListOptions{})
		if err != nil {
			t.Fatalf("reading back: %v", err)
		}
		rtSameGraph(t, g, back, false)
	})
}

// fuzzRenumber is the bit of FuzzReadEdgeList's page count that sets
// EdgeListOptions.Renumber instead.
const fuzzRenumber = 0x8000

func FuzzReadASCII(f *testing.F) {
	for _, s := range []string{
		"2\n1\n0 1\n", "2\n1 \n0 1 \n", "0\n", "3\n2 1 2\n\n0\n\n\n", "", "x\n", "2\n5\n\n",
		"3\n1\n", "1\n\n0\n", "4294967295\n", "2\r\n1\r\n0\t1",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := ReadASCII(bytes.NewReader(data), "fuzz.graph-txt")
		if !fuzzCheck(t, g, err) {
			return
		}
		var buf bytes.Buffer
		if err := WriteASCII(&buf, g); err != nil {
			t.Fatal(err)
		}
		back, err := ReadASCII(&buf, "back.graph-txt")
		if err != nil {
			t.Fatalf("reading back: %v", err)
		}
		rtSameGraph(t, g, back, false)
	})
}

func FuzzReadURLList(f *testing.F) {
	for _, s := range []string{"", "\n", "http://a/\nhttp://b/", "a\r\nb\r\n\r\n", "a\n\nb\n", "a\x00b\n", "\r\r\n", "\ufeffa\n", "\ufeff\ufeffa"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		urls, err := ReadURLList(bytes.NewReader(data), "fuzz.urls")
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || bytes.IndexByte(data, 0) < 0 && utf16Order(data) == "" {
				t.Fatalf("unexpected error %v", err)
			}
			return
		}
		// The lines, without their "\r", up to the last one not blank.
		text := bytes.TrimPrefix(data, []byte(utf8BOM))
		var want []string
		if len(text) > 0 {
			want = strings.Split(strings.TrimSuffix(string(text), "\n"), "\n")
		}
		for i := range want {
			want[i] = strings.TrimSuffix(want[i], "\r")
		}
		for len(want) > 0 && textIsBlank([]byte(want[len(want)-1])) {
			want = want[:len(want)-1]
		}
		if !slices.Equal(urls, want) && !(len(urls) == 0 && len(want) == 0) {
			t.Fatalf("URLs %q, want %q", urls, want)
		}
		var buf bytes.Buffer
		if err := WriteURLList(&buf, urls); err != nil {
			if !slices.ContainsFunc(urls, func(u string) bool { return strings.HasSuffix(u, "\r") }) {
				t.Fatalf("writing back: %v", err)
			}
			return
		}
		back, err := ReadURLList(&buf, "back.urls")
		if err != nil || !slices.Equal(back, urls) {
			t.Fatalf("read back %q (%v), want %q", back, err, urls)
		}
	})
}

// fuzzCSRSeeds adds valid .csr files and broken variants of them.
func fuzzCSRSeeds(f *testing.F) {
	for _, c := range rtCases(f) {
		if c.g.NumArcs() > 2000 {
			continue
		}
		var buf bytes.Buffer
		if err := WriteCSR(&buf, c.g); err != nil {
			f.Fatal(err)
		}
		b := buf.Bytes()
		f.Add(slices.Clone(b))
		f.Add(slices.Clone(b[:len(b)/2]))
		f.Add(slices.Clone(b[:csrHeaderSize]))
		flipped := slices.Clone(b)
		flipped[len(flipped)-1] ^= 0x40
		f.Add(flipped)
	}
	f.Add([]byte("CRAWLCSR"))
	f.Add([]byte("0 1\n"))
	f.Add([]byte{})
}

// fuzzCSRBoth reads data as it is and with its checksums recomputed, so
// that mutations reach the checks behind the checksums. Every reading
// path must agree, and a file that reads back must be the canonical
// encoding of its graph, byte for byte.
func fuzzCSRBoth(t *testing.T, data []byte, read func(b []byte) (*graph.Graph, error)) {
	fixed := slices.Clone(data)
	csrFixChecksums(fixed)
	for _, b := range [][]byte{data, fixed} {
		g, err := read(b)
		if !fuzzCheck(t, g, err) {
			continue
		}
		var buf bytes.Buffer
		if err := WriteCSR(&buf, g); err != nil {
			t.Fatalf("writing back: %v", err)
		}
		if !bytes.Equal(buf.Bytes(), b) {
			t.Fatalf("accepted a %d-byte file that is not the canonical %d-byte encoding of its graph", len(b), buf.Len())
		}
	}
}

func FuzzReadCSR(f *testing.F) {
	fuzzCSRSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzCSRBoth(t, data, func(b []byte) (*graph.Graph, error) {
			g1, err1 := ReadCSR(bytes.NewReader(b), "fuzz.csr")
			g2, err2 := ReadCSR(rtPlainReader{bytes.NewReader(b)}, "fuzz.csr")
			if (err1 == nil) != (err2 == nil) {
				t.Fatalf("known length: %v; unknown length: %v", err1, err2)
			}
			if err1 == nil {
				rtSameGraph(t, g1, g2, true)
			}
			return g1, err1
		})
	})
}

func FuzzCSRFromBytes(f *testing.F) {
	fuzzCSRSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzCSRBoth(t, data, func(b []byte) (*graph.Graph, error) {
			g1, err1 := CSRFromBytes(b, "fuzz.csr")
			g2, err2 := ReadCSR(bytes.NewReader(b), "fuzz.csr")
			if (err1 == nil) != (err2 == nil) {
				t.Fatalf("CSRFromBytes: %v; ReadCSR: %v", err1, err2)
			}
			if err1 == nil {
				rtSameGraph(t, g1, g2, true)
			}
			return g1, err1
		})
	})
}
