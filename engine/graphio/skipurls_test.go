package graphio

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"io/fs"
	"testing"
	"testing/fstest"

	"github.com/crawlsim/crawlsim/engine/graph"
)

// skipWithoutURLs returns g without its URLs, the graph Load with SkipURLs
// must give.
func skipWithoutURLs(g *graph.Graph) *graph.Graph {
	c := *g
	c.URLs = nil
	return &c
}

// TestLoadSkipURLs: with SkipURLs every format gives the graph and host
// table it gives without, and no URLs: a .csr mapped or streamed, an edge
// list or WebGraph ASCII file with a URL list.
func TestLoadSkipURLs(t *testing.T) {
	g := rtRandomGraph(t, 11, 500, 3, 9)
	var csr, edges, ascii, urls bytes.Buffer
	for _, err := range []error{WriteCSR(&csr, g), WriteEdgeList(&edges, g), WriteASCII(&ascii, g), WriteURLList(&urls, g.URLs)} {
		if err != nil {
			t.Fatal(err)
		}
	}
	files := fstest.MapFS{"g.csr": {Data: csr.Bytes()}, "g.edges": {Data: edges.Bytes()}, "g.graph-txt": {Data: ascii.Bytes()}, "g.urls": {Data: urls.Bytes()}}
	for _, c := range []struct {
		name, file, urls string
		mapped           bool
	}{
		{"csr streamed", "g.csr", "", false},
		{"csr mapped", "g.csr", "", true},
		{"edge list with URL list", "g.edges", "g.urls", false},
		{"graph-txt with URL list", "g.graph-txt", "g.urls", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			var fsys fs.FS = files
			if c.mapped {
				fsys = &mappedMapFS{MapFS: files}
			}
			got, _, err := Load(fsys, c.file, LoadOptions{URLs: c.urls, SkipURLs: true})
			if err != nil {
				t.Fatal(err)
			}
			rtSameGraph(t, skipWithoutURLs(g), got, true)
			full, _, err := Load(fsys, c.file, LoadOptions{URLs: c.urls})
			if err != nil {
				t.Fatal(err)
			}
			rtSameGraph(t, g, full, true)
		})
	}
}

// TestLoadSkipURLsStillChecksTheURLs: a .csr whose URL section holds one
// line too many (checksums recomputed) is refused with SkipURLs too,
// mapped or streamed, at the section's offset.
func TestLoadSkipURLsStillChecksTheURLs(t *testing.T) {
	g := rtRandomGraph(t, 12, 40, 2, 3)
	var buf bytes.Buffer
	if err := WriteCSR(&buf, g); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	h, err := parseCSRHeader(data[:csrHeaderSize], "g.csr")
	if err != nil {
		t.Fatal(err)
	}
	// The URL section follows the host names; turn a character of the
	// last URL into a line break.
	at := h.layout().end
	at += 8 + int64(binary.LittleEndian.Uint64(data[at:]))
	at += csrPad(at)
	size := int64(binary.LittleEndian.Uint64(data[at:]))
	data[at+8+size-2] = '\n'
	binary.LittleEndian.PutUint32(data[csrAtBodyCRC:], crc32.Checksum(data[csrHeaderSize:], csrTable))
	binary.LittleEndian.PutUint32(data[csrAtHeaderCRC:], crc32.Checksum(data[:csrAtHeaderCRC], csrTable))
	files := fstest.MapFS{"g.csr": {Data: data}}
	for _, fsys := range []fs.FS{files, &mappedMapFS{MapFS: files}} {
		_, _, err := Load(fsys, "g.csr", LoadOptions{SkipURLs: true})
		rtWantError(t, err, "g.csr", 0, at, "URLs hold 41 entries, want 40")
	}
}
