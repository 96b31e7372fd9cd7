package graphio

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
)

// bvBomb encodes n pages whose successor lists are all the pages 0 to
// width-1 (width >= 4), the way a BVGraph compressor would: page 0 holds
// one interval, and every later page copies the list of the page before
// it whole (window 1, one bit of reference and one of block count). Each
// list costs about 2·log2(width) + 3 bits whatever width is, so that
// bvBomb(65536, 65536), the complete graph on 2^16 pages, is a file of
// 295 kB that decodes to 2^32 links (16 GiB of targets).
func bvBomb(n, width int) ([]byte, string) {
	var w bvTestBitWriter
	for x := range n {
		w.writeGamma(uint64(width)) // outdegree
		if x == 0 {
			w.writeUnary(0)                 // no reference
			w.writeGamma(1)                 // one interval
			w.writeGamma(0)                 // starting at page x+0
			w.writeGamma(uint64(width - 4)) // of width links (minintervallength 4)
			continue
		}
		w.writeUnary(1) // copy the list of page x-1
		w.writeGamma(0) // no copy blocks: copy it all
	}
	props := fmt.Sprintf("nodes=%d\narcs=%d\nwindowsize=1\nmaxrefcount=3\nminintervallength=4\nzetak=3\nversion=0\ngraphclass=it.unimi.dsi.webgraph.BVGraph\n", n, int64(n)*int64(width))
	return w.bytes(), props
}

// limitsWantError checks that err is an *Error about file at line or
// byte offset whose text is exactly want, and whose Err is a
// *TooLargeError.
func limitsWantError(t *testing.T, err error, file string, line, offset int64, want string) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("got %v (%T), want an *Error", err, err)
	}
	if e.File != file || e.Line != line || line == 0 && e.Offset != offset {
		t.Errorf("error %q at file %q line %d offset %d, want file %q line %d offset %d", e, e.File, e.Line, e.Offset, file, line, offset)
	}
	if e.Error() != want {
		t.Errorf("error\n  %q\nwant\n  %q", e.Error(), want)
	}
	var tl *TooLargeError
	if !errors.As(err, &tl) {
		t.Errorf("%q does not wrap a *TooLargeError", err)
	}
}

// TestBVGraphBombIsRefusedBeforeDecoding: the complete graph on 2^16
// pages (295 kB, 2^32 links) is refused by MaxLinks, MaxPages and
// MaxBytes from its properties alone, before its .graph is opened.
func TestBVGraphBombIsRefusedBeforeDecoding(t *testing.T) {
	data, props := bvBomb(1<<16, 1<<16)
	// 69 bits for page 0's list, 36 for each of the 65535 others.
	if len(data) != 294917 {
		t.Fatalf("the bomb takes %d bytes, want 294917", len(data))
	}
	fsys := fstest.MapFS{"bomb.graph": {Data: data}, "bomb.properties": {Data: []byte(props)}}
	// The memory: 8 bytes per page and per link (decodeCosts) and the
	// file: 8·65536 + 8·2^32 + 294917 bytes = 32.0 GiB.
	for _, c := range []struct {
		opt  LoadOptions
		want string
	}{
		{LoadOptions{MaxLinks: 1 << 24}, "bomb.properties: graph has 4,294,967,296 links, above the limit of 16,777,216"},
		{LoadOptions{MaxPages: 1000}, "bomb.properties: graph has 65,536 pages, above the limit of 1,000"},
		{LoadOptions{MaxBytes: 64 << 20}, "bomb.properties: 65,536 pages and 4,294,967,296 links need about 32.0 GiB to read, more than the 64.0 MiB of memory available"},
	} {
		var opened []string
		c.opt.Wrap = func(name string, r io.Reader) io.Reader {
			opened = append(opened, name)
			return r
		}
		_, _, err := Load(fsys, "bomb.graph", c.opt)
		limitsWantError(t, err, "bomb.properties", 0, -1, c.want)
		if len(opened) != 1 {
			t.Errorf("opened %v before refusing, want bomb.properties only", opened)
		}
	}
}

// TestBVGraphOfOnesIsBoundedByPages explains the 3.2 GiB heap of a 48 MB
// BVGraph of 0xFF bytes: with the default γ outdegrees a 1 bit is an
// empty list, so the file really holds 8 pages per byte, and 8·2^20 pages
// of 8-byte offsets are 64 MiB for 1 MiB of input (a 48 MB file: 403
// million pages, 3.2 GB). ReadBVGraph allows it (the data backs it); Load
// refuses it under MaxPages and MaxBytes before decoding.
func TestBVGraphOfOnesIsBoundedByPages(t *testing.T) {
	data := bytes.Repeat([]byte{0xff}, 1<<20)
	props := fmt.Sprintf("nodes=%d\narcs=0\nwindowsize=7\nminintervallength=4\nzetak=3\nversion=0\n", 8<<20)
	p, err := ReadBVGraphProperties(strings.NewReader(props), "ones.properties")
	if err != nil {
		t.Fatal(err)
	}
	g, err := ReadBVGraph(bytes.NewReader(data), "ones.graph", p, nil, "")
	if err != nil || g.NumNodes() != 8<<20 || g.NumArcs() != 0 {
		t.Fatalf("1 MiB of ones: %v; want 8388608 pages without links", err)
	}
	fsys := fstest.MapFS{"ones.graph": {Data: data}, "ones.properties": {Data: []byte(props)}}
	_, _, err = Load(fsys, "ones.graph", LoadOptions{MaxPages: 1 << 20})
	limitsWantError(t, err, "ones.properties", 0, -1, "ones.properties: graph has 8,388,608 pages, above the limit of 1,048,576")
	// 8·8388608 + 1048576 bytes = 65.0 MiB.
	_, _, err = Load(fsys, "ones.graph", LoadOptions{MaxBytes: 32 << 20})
	limitsWantError(t, err, "ones.properties", 0, -1, "ones.properties: 8,388,608 pages and 0 links need about 65.0 MiB to read, more than the 32.0 MiB of memory available")
}

// limitsHeaderBomb returns an edge list of size bytes whose crawlsim
// header announces pages pages: the header, one link, and comment lines.
func limitsHeaderBomb(pages, size int) []byte {
	b := fmt.Appendf(nil, "%s%d pages, 1 link\n0 1\n", edgeListHeaderPrefix, pages)
	line := "# " + strings.Repeat("x", 61) + "\n"
	for len(b)+len(line) <= size {
		b = append(b, line...)
	}
	return append(b, strings.Repeat("\n", size-len(b))...)
}

// TestEdgeListHeaderPagesAreCheckedFirst: the 16 MB edge list whose
// header announces 269 million pages (2^20 + 16 per byte allows it) is
// refused at line 1, after reading its first buffer only, not when
// graph.Builder.Build allocates 4 GiB for its offsets.
func TestEdgeListHeaderPagesAreCheckedFirst(t *testing.T) {
	data := limitsHeaderBomb(269_000_000, 16<<20)
	fsys := fstest.MapFS{"liar.edges": {Data: data}}
	for _, c := range []struct {
		opt  LoadOptions
		want string
	}{
		{LoadOptions{MaxPages: 1 << 20}, "liar.edges:1: graph has 269,000,000 pages, above the limit of 1,048,576"},
		// 8 bytes per page (decodeCosts): 2,152,000,000 bytes.
		{LoadOptions{MaxBytes: 1 << 30}, "liar.edges:1: 269,000,000 pages need about 2.0 GiB to read, more than the 1.0 GiB of memory available"},
	} {
		read := 0
		c.opt.Wrap = func(_ string, r io.Reader) io.Reader { return &limitsCountingReader{r: r, n: &read} }
		_, _, err := Load(fsys, "liar.edges", c.opt)
		limitsWantError(t, err, "liar.edges", 1, -1, c.want)
		if read > 1<<20 {
			t.Errorf("read %d bytes before refusing, want the first buffer only", read)
		}
	}
}

type limitsCountingReader struct {
	r io.Reader
	n *int
}

func (c *limitsCountingReader) Read(p []byte) (int, error) {
	k, err := c.r.Read(p)
	*c.n += k
	return k, err
}

// TestAnnouncedPagesAreChecked: WebGraph ASCII's first line, the .csr
// header and a URL list's lines are checked against MaxPages and
// MaxBytes before anything is allocated for them.
func TestAnnouncedPagesAreChecked(t *testing.T) {
	var csr bytes.Buffer
	if err := WriteCSR(&csr, graphtest.FromArcs(t, 3, [][2]uint32{{0, 1}, {1, 2}})); err != nil {
		t.Fatal(err)
	}
	// A header that claims 2^31 pages and links, checksummed again.
	hdr := csr.Bytes()
	putLE64(hdr[csrAtNodes:], 1<<31)
	putLE64(hdr[csrAtArcs:], 1<<31)
	putLE32(hdr[csrAtHeaderCRC:], crc32.Checksum(hdr[:csrAtHeaderCRC], csrTable))
	fsys := fstest.MapFS{
		"big.graph-txt": {Data: []byte("300000000\n\n\n")},
		"big.csr":       {Data: hdr},
		"u.urls":        {Data: []byte(strings.Repeat("http://a.example/\n", 100))},
		"g.edges":       {Data: []byte("0 1\n")},
	}
	for _, c := range []struct {
		name string
		opt  LoadOptions
		line int64
		off  int64
		file string
		want string
	}{
		{"big.graph-txt", LoadOptions{MaxPages: 1000}, 1, -1, "big.graph-txt", "big.graph-txt:1: graph has 300,000,000 pages, above the limit of 1,000"},
		// 12 bytes per page: 3.6 GB.
		{"big.graph-txt", LoadOptions{MaxBytes: 1 << 30}, 1, -1, "big.graph-txt", "big.graph-txt:1: 300,000,000 pages need about 3.4 GiB to read, more than the 1.0 GiB of memory available"},
		{"big.csr", LoadOptions{MaxPages: 1000}, 0, csrAtNodes, "big.csr", "big.csr: byte 16: graph has 2,147,483,648 pages, above the limit of 1,000"},
		// 12 bytes per page and 4 per link: 24 GiB + 8 GiB.
		{"big.csr", LoadOptions{MaxBytes: 1 << 30}, 0, csrAtNodes, "big.csr", "big.csr: byte 16: 2,147,483,648 pages and 2,147,483,648 links need about 32.0 GiB to read, more than the 1.0 GiB of memory available"},
		{"big.csr", LoadOptions{MaxLinks: 1000}, 0, csrAtArcs, "big.csr", "big.csr: byte 24: graph has 2,147,483,648 links, above the limit of 1,000"},
		{"g.edges", LoadOptions{URLs: "u.urls", MaxPages: 50}, 0, -1, "u.urls", "u.urls: graph has 100 pages, above the limit of 50"},
		// 1,800 bytes and 20 per line: 3,800 bytes.
		{"g.edges", LoadOptions{URLs: "u.urls", MaxBytes: 2000}, 0, -1, "u.urls", "u.urls: 100 pages need about 3.7 KiB to read, more than the 2.0 KiB of memory available"},
	} {
		_, _, err := Load(fsys, c.name, c.opt)
		limitsWantError(t, err, c.file, c.line, c.off, c.want)
	}
}

func putLE64(b []byte, v uint64) {
	for i := range 8 {
		b[i] = byte(v >> (8 * i))
	}
}

func putLE32(b []byte, v uint32) {
	for i := range 4 {
		b[i] = byte(v >> (8 * i))
	}
}

// TestTextLinksAreCheckedWhileReading: the text formats count their links
// every 4096 lines, so that a long file stops near the limit instead of
// being read whole first.
func TestTextLinksAreCheckedWhileReading(t *testing.T) {
	var edges, ascii strings.Builder
	ascii.WriteString("10000\n")
	for i := range 10000 {
		fmt.Fprintf(&edges, "%d %d\n", i, i+1)
		fmt.Fprintf(&ascii, "%d\n", (i+1)%10000)
	}
	fsys := fstest.MapFS{"e.edges": {Data: []byte(edges.String())}, "a.graph-txt": {Data: []byte(ascii.String())}}
	_, _, err := Load(fsys, "e.edges", LoadOptions{MaxLinks: 5000})
	limitsWantError(t, err, "e.edges", 8192, -1, "e.edges:8192: graph has at least 8,192 links, above the limit of 5,000")
	// Line 8193 holds the successors of page 8191, the 8192nd.
	_, _, err = Load(fsys, "a.graph-txt", LoadOptions{MaxLinks: 5000})
	limitsWantError(t, err, "a.graph-txt", 8193, -1, "a.graph-txt:8193: graph has at least 8,192 links, above the limit of 5,000")
	// 12 bytes per link and 8 per page (ids as given: 0 to 8192); the
	// link chunks' unused room is within the 64 KiB left out.
	_, _, err = Load(fsys, "e.edges", LoadOptions{MaxBytes: 100_000})
	limitsWantError(t, err, "e.edges", 8192, -1, "e.edges:8192: at least 8,193 pages and 8,192 links need about 160.0 KiB to read, more than the 97.7 KiB of memory available")
	// Renumbered, the pages are not known yet, and the numbering holds
	// its dense bit set of 1024 words with its ranks (12 KiB) and the ids
	// it will list (64 KiB), with the chunks' 56 KiB of unused room: 68
	// KiB beyond the 64 KiB left out.
	_, _, err = Load(fsys, "e.edges", LoadOptions{MaxBytes: 100_000, Renumber: true})
	limitsWantError(t, err, "e.edges", 8192, -1, "e.edges:8192: at least 8,192 links need about 164.0 KiB to read, more than the 97.7 KiB of memory available")
	// The whole file within the limits loads.
	if _, _, err := Load(fsys, "e.edges", LoadOptions{MaxLinks: 10000, MaxPages: 10001, MaxBytes: 1 << 20}); err != nil {
		t.Fatal(err)
	}
}

// TestCancelStopsADecode: Cancel is polled while a BVGraph is decoded,
// after its file has been read whole, and in the text readers' loops. The
// BVGraph below holds 2^24 links in 1.6 MB; cancelled at the third poll,
// the decode stops at page 8192.
func TestCancelStopsADecode(t *testing.T) {
	data, props := bvBomb(1<<20, 16)
	fsys := fstest.MapFS{"b.graph": {Data: data}, "b.properties": {Data: []byte(props)}}
	polls, failAt := 0, 3
	cancel := func() error {
		polls++
		if polls >= failAt {
			return context.Canceled
		}
		return nil
	}
	_, _, err := Load(fsys, "b.graph", LoadOptions{Cancel: cancel})
	if !errors.Is(err, context.Canceled) || polls != 3 {
		t.Fatalf("after %d polls: %v; want context.Canceled at the third", polls, err)
	}
	// Page 0's list takes 21 bits, every other 12: page 8192 starts at
	// bit 21 + 8191·12 = 98313, in byte 12289.
	limitsWantCancel(t, err, "b.graph", 0, 12289, "b.graph: byte 12289: reading: context canceled")

	// A context cancelled once the file has been read (here by the reader
	// at its end) stops the decode at its first poll.
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	opt := LoadOptions{Cancel: ctx.Err, Wrap: func(name string, r io.Reader) io.Reader {
		if name != "b.graph" {
			return r
		}
		return &limitsCancelAtEOF{r: r, cancel: stop}
	}}
	_, _, err = Load(fsys, "b.graph", opt)
	limitsWantCancel(t, err, "b.graph", 0, 0, "b.graph: byte 0: reading: context canceled")

	var edges strings.Builder
	for i := range 10000 {
		fmt.Fprintf(&edges, "%d %d\n", i, i+1)
	}
	fsys["e.edges"] = &fstest.MapFile{Data: []byte(edges.String())}
	polls, failAt = 0, 2
	_, _, err = Load(fsys, "e.edges", LoadOptions{Cancel: cancel})
	limitsWantCancel(t, err, "e.edges", 8192, -1, "e.edges:8192: reading: context canceled")
}

func limitsWantCancel(t *testing.T, err error, file string, line, offset int64, want string) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) || !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v (%T), want an *Error wrapping context.Canceled", err, err)
	}
	if e.File != file || e.Line != line || line == 0 && e.Offset != offset || e.Error() != want {
		t.Errorf("error %q at file %q line %d offset %d, want %q at line %d offset %d", e, e.File, e.Line, e.Offset, want, line, offset)
	}
}

// limitsCancelAtEOF calls cancel when r reaches its end.
type limitsCancelAtEOF struct {
	r      io.Reader
	cancel func()
}

func (c *limitsCancelAtEOF) Read(p []byte) (int, error) {
	k, err := c.r.Read(p)
	if err == io.EOF {
		c.cancel()
	}
	return k, err
}

// TestTooLargeErrorText covers the wording of every kind of refusal.
func TestTooLargeErrorText(t *testing.T) {
	for _, c := range []struct {
		e    TooLargeError
		want string
	}{
		{TooLargeError{Pages: 5, Links: -1, Of: "pages", Limit: 4}, "graph has 5 pages, above the limit of 4"},
		{TooLargeError{Pages: -1, Links: 9000, SoFar: true, Of: "links", Limit: 10}, "graph has at least 9,000 links, above the limit of 10"},
		{TooLargeError{Pages: 10, Links: 20, Of: "bytes", Need: 3 << 30, Limit: 1 << 30, Purpose: "to compare strategies"}, "10 pages and 20 links need about 3.0 GiB to compare strategies, more than the 1.0 GiB of memory available"},
		{TooLargeError{Pages: -1, Links: 20, Of: "bytes", Need: 1 << 40, Limit: 512}, "20 links need about 1.0 TiB to read, more than the 512 bytes of memory available"},
		// The edge list whose header announced 269 million pages and 1 link
		// said "1 links", and a budget of 1 byte "1 bytes".
		{TooLargeError{Pages: 269000000, Links: 1, Of: "bytes", Need: 6 << 30, Limit: 1}, "269,000,000 pages and 1 link need about 6.0 GiB to read, more than the 1 byte of memory available"},
	} {
		if got := c.e.Error(); got != c.want {
			t.Errorf("got %q, want %q", got, c.want)
		}
	}
}

// limitsLongURLs returns a .csr file of 4 pages in one host whose URLs
// take 1,018 bytes each (a URL section of 4,075 bytes, joined by line
// breaks), far more than the graph's arrays.
func limitsLongURLs(t *testing.T) []byte {
	t.Helper()
	g := graphtest.FromArcs(t, 4, [][2]uint32{{0, 1}, {1, 2}, {2, 3}})
	var urls []string
	for k := range 4 {
		urls = append(urls, fmt.Sprintf("http://a.example/%s%d", strings.Repeat("x", 1000), k))
	}
	g, err := g.WithURLs(urls)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteCSR(&b, g); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestCSRStringsAreChecked: the host names and URLs of a .csr are
// copied into memory whether the file is read or mapped; they are
// counted against MaxBytes before they are (a mapped .csr was taken to
// cost nothing, and a read one only its arrays).
func TestCSRStringsAreChecked(t *testing.T) {
	data := limitsLongURLs(t)
	// Read: 12 bytes per page and 4 per link (60 bytes), the host name
	// section (9 bytes and one 16-byte header, 25 bytes) and, while it is
	// split, the URL section twice and four headers (2·4075 + 64): 8,299
	// bytes, refused at the URL section's length word.
	fsys := fstest.MapFS{"u.csr": {Data: data}}
	urlsAt := int64(bytes.Index(data, []byte("http://")) - 8)
	_, _, err := Load(fsys, "u.csr", LoadOptions{MaxBytes: 8298})
	limitsWantError(t, err, "u.csr", 0, urlsAt, fmt.Sprintf("u.csr: byte %d: 4 pages and 3 links need about 8.1 KiB to read, more than the 8.1 KiB of memory available", urlsAt))
	if _, _, err := Load(fsys, "u.csr", LoadOptions{MaxBytes: 8299}); err != nil {
		t.Errorf("with 8,299 bytes: %v", err)
	}
	// Mapped: the arrays alias the file, but 32-bit offsets are widened
	// (5·8 bytes), and the host name (25 bytes) and the URLs (4075 + 64)
	// copied: 4,204 bytes.
	mapped := &mappedMapFS{MapFS: fsys}
	_, _, err = Load(mapped, "u.csr", LoadOptions{MaxBytes: 4203})
	limitsWantError(t, err, "u.csr", 0, -1, "u.csr: 4 pages and 3 links need about 4.1 KiB to read, more than the 4.1 KiB of memory available")
	if _, _, err := Load(mapped, "u.csr", LoadOptions{MaxBytes: 4204}); err != nil {
		t.Errorf("mapped, with 4,204 bytes: %v", err)
	}
	if len(mapped.mapped) != 2 {
		t.Errorf("mapped %v, want u.csr twice", mapped.mapped)
	}
}

// TestWrappedCSRKnowsItsLength: a .csr read through LoadOptions.Wrap
// (which crawlsim uses for its progress bar, and which hides the file's
// Seek) still has its header's sizes checked against the file's length
// before anything is allocated, instead of growing its arrays as the
// bytes arrive (up to twice their size).
func TestWrappedCSRKnowsItsLength(t *testing.T) {
	var csr bytes.Buffer
	if err := WriteCSR(&csr, graphtest.FromArcs(t, 3, [][2]uint32{{0, 1}, {1, 2}})); err != nil {
		t.Fatal(err)
	}
	// A header that claims 2^20 links, checksummed again.
	hdr := csr.Bytes()
	putLE64(hdr[csrAtArcs:], 1<<20)
	putLE32(hdr[csrAtHeaderCRC:], crc32.Checksum(hdr[:csrAtHeaderCRC], csrTable))
	fsys := fstest.MapFS{"big.csr": {Data: hdr}}
	hide := func(name string, r io.Reader) io.Reader { return struct{ io.Reader }{r} }
	_, _, err := Load(fsys, "big.csr", LoadOptions{Wrap: hide})
	want := fmt.Sprintf("big.csr: byte %d: short file: the header announces 3 pages and 1048576 links, needing at least %d bytes, but the input has %d", len(hdr), csrHeaderSize+16+4<<20, len(hdr))
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}
