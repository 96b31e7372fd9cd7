package graphio

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph"
)

func TestWriteEdgeListText(t *testing.T) {
	g := rtFromLists(t, [][]uint32{{1, 2}, {}, {0}})
	var buf bytes.Buffer
	if err := WriteEdgeList(&buf, g); err != nil {
		t.Fatal(err)
	}
	want := "# crawlsim edge list: 3 pages, 3 links\n0 1\n0 2\n2 0\n"
	if buf.String() != want {
		t.Fatalf("wrote %q, want %q", buf.String(), want)
	}
}

// TestWriteEdgeListHeaderLimit: ReadEdgeList believes a header for at most
// 2^20 + 16 pages per byte of the file, so WriteEdgeList refuses, before
// writing anything, a graph whose smallest file (header plus 4 bytes per
// link) could not back its page count. The largest page count it accepts
// reads back.
//
// Without links: "# crawlsim edge list: 1049296 pages, 0 links\n" is 45
// bytes, and 2^20 + 16·45 = 1,049,296. With the one link 0→1 the header
// "# crawlsim edge list: 1049344 pages, 1 link\n" is 44 bytes and the
// line "0 1\n" 4 more: 2^20 + 16·48 = 1,049,344.
func TestWriteEdgeListHeaderLimit(t *testing.T) {
	for _, c := range []struct {
		maxPages int
		links    bool
		size     int
	}{
		{1<<20 + 16*45, false, 45},
		{1<<20 + 16*48, true, 48},
	} {
		build := func(n int) *graph.Graph {
			g := &graph.Graph{Offsets: make([]uint64, n+1)}
			if c.links {
				g.Targets = []uint32{1}
				for i := 1; i <= n; i++ {
					g.Offsets[i] = 1
				}
			}
			return g
		}
		var buf bytes.Buffer
		g := build(c.maxPages)
		if err := WriteEdgeList(&buf, g); err != nil {
			t.Fatalf("%d pages: %v", c.maxPages, err)
		}
		if buf.Len() != c.size {
			t.Fatalf("%d pages: wrote %d bytes %q, want %d", c.maxPages, buf.Len(), buf.String(), c.size)
		}
		back, labels, err := ReadEdgeList(bytes.NewReader(buf.Bytes()), "max.edges", EdgeListOptions{})
		if err != nil {
			t.Fatalf("%d pages: reading back: %v", c.maxPages, err)
		}
		if labels != nil {
			t.Fatalf("labels %+v, want nil", labels)
		}
		rtSameGraph(t, g, back, false)

		buf.Reset()
		err = WriteEdgeList(&buf, build(c.maxPages+1))
		if err == nil || !strings.Contains(err.Error(), "write .csr or .graph-txt instead") || !strings.Contains(err.Error(), fmt.Sprint(c.maxPages)) {
			t.Fatalf("%d pages: got %v, want a refusal suggesting .csr or .graph-txt", c.maxPages+1, err)
		}
		if buf.Len() != 0 {
			t.Fatalf("%d bytes written before refusing", buf.Len())
		}
		// The reader refuses the same header written by hand.
		text := string(edgeListHeader(c.maxPages+1, int64(len(build(1).Targets))))
		if c.links {
			text += "0 1\n"
		}
		_, _, err = ReadEdgeList(strings.NewReader(text), "over.edges", EdgeListOptions{})
		rtWantError(t, err, "over.edges", 1, 0, fmt.Sprintf("header announces %d pages, more than a file of %d bytes can back", c.maxPages+1, c.size))
	}
}
