package graphio

import (
	"bytes"
	"strings"
	"testing"
)

func TestReadASCIIWebGraphExample(t *testing.T) {
	// The example of ASCIIGraph's documentation (vigna/webgraph,
	// ASCIIGraph.java): 2 nodes, node 0 links to 1, node 1 to 0 and 1.
	// WebGraph's own writer ends every successor with a space.
	for _, text := range []string{"2\n1\n0 1\n", "2\n1 \n0 1 \n", "2\r\n1\r\n0\t1", "2\n1\n0 1\n\n\n"} {
		g, err := ReadASCII(strings.NewReader(text), "example.graph-txt")
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		elSameLists(t, g, [][]uint32{{1}, {0, 1}})
	}
}

func TestReadASCIISortsAndDedups(t *testing.T) {
	g, err := ReadASCII(strings.NewReader("4\n3 1 3 0\n\n2 2\n\n"), "u.graph-txt")
	if err != nil {
		t.Fatal(err)
	}
	elSameLists(t, g, [][]uint32{{0, 1, 3}, {}, {2}, {}})
}

func TestWriteASCIIText(t *testing.T) {
	g := rtFromLists(t, [][]uint32{{1, 2}, {}, {0}})
	var buf bytes.Buffer
	if err := WriteASCII(&buf, g); err != nil {
		t.Fatal(err)
	}
	if want := "3\n1 2\n\n0\n"; buf.String() != want {
		t.Fatalf("wrote %q, want %q", buf.String(), want)
	}
}

func TestReadASCIIErrors(t *testing.T) {
	for _, c := range []struct {
		text string
		line int64
		want string
	}{
		{"", 1, "empty input"},
		{"\n1\n", 1, "expected the number of pages, found a blank line"},
		{"two\n", 1, `expected the number of pages, found "two"`},
		{"99999999999\n", 1, `"99999999999" pages exceed the limit of 4,294,967,295`},
		{"3\n1\n2 x7\n", 3, `successor "x7" of page 1 is not a decimal page id`},
		{"3\n1\n2 -1\n", 3, `successor "-1" of page 1`},
		{"3\n1\n2 3\n", 3, `successor "3" of page 1 is not below the 3 pages announced on line 1`},
		{"3\n1\n2 99999999999999999999999\n", 3, "is not below the 3 pages"},
		{"3\n1\n2\n", 4, "input ends after 2 of the 3 page lines announced on line 1; expected the successors of page 2"},
		{"1000000000\n1\n", 3, "input ends after 1 of the 1000000000 page lines"},
		{"2\n1\n0\n\n1\n", 5, "unexpected successor line: line 1 announces 2 pages, whose lines end at line 3"},
		{"2\n1\x00\n", 2, "NUL byte in column 2 (byte 3): binary data, not text"},
	} {
		_, err := ReadASCII(strings.NewReader(c.text), "a.graph-txt")
		rtWantError(t, err, "a.graph-txt", c.line, 0, c.want)
	}
}
