package graphio

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"io/fs"
	"testing"
	"testing/fstest"
	"unsafe"

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

// releasingMapFS is a mappedMapFS that records the parts of its mappings
// released, as offsets into the one file it maps.
type releasingMapFS struct {
	mappedMapFS
	data     []byte
	released []bool // byte k released at least once
}

func (r *releasingMapFS) ReleaseMapped(b []byte) {
	at := int(uintptr(unsafe.Pointer(unsafe.SliceData(b))) - uintptr(unsafe.Pointer(unsafe.SliceData(r.data))))
	if at < 0 || at+len(b) > len(r.data) {
		panic("released bytes outside the mapping")
	}
	for k := at; k < at+len(b); k++ {
		r.released[k] = true
	}
}

// TestLoadMappedReleasesAndReports: a mapped .csr read with SkipURLs is
// checked a block at a time, every byte after the header is released
// once checked (so the file is not left resident), and Progress counts
// the body's bytes up to their total.
func TestLoadMappedReleasesAndReports(t *testing.T) {
	defer func(old int) { csrCheckBlock = old }(csrCheckBlock)
	csrCheckBlock = 1 << 16
	g := rtRandomGraph(t, 13, 20_000, 3, 50) // a body of several blocks
	var buf bytes.Buffer
	if err := WriteCSR(&buf, g); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	fsys := &releasingMapFS{mappedMapFS: mappedMapFS{MapFS: fstest.MapFS{"g.csr": {Data: data}}}, data: data, released: make([]bool, len(data))}
	var calls int
	var done, total int64
	got, _, err := Load(fsys, "g.csr", LoadOptions{SkipURLs: true, Progress: func(name string, d, all int64) {
		if name != "g.csr" || d < done {
			t.Fatalf("progress %q %d after %d", name, d, done)
		}
		calls++
		done, total = d, all
	}})
	if err != nil {
		t.Fatal(err)
	}
	rtSameGraph(t, skipWithoutURLs(g), got, true)
	if body := int64(len(data) - csrHeaderSize); done != body || total != body || calls < 2 {
		t.Errorf("progress ended at %d of %d after %d calls, want %d of %d in several", done, total, calls, body, body)
	}
	for k := csrHeaderSize; k < len(data); k++ {
		if !fsys.released[k] {
			t.Fatalf("byte %d of %d never released", k, len(data))
		}
	}
}
