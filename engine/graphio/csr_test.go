package graphio

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"runtime"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph"
)

// csrTestFile returns the .csr bytes of the small graph of rtCases (5
// pages, 7 links, 3 hosts, URLs) and the byte offsets of its sections.
func csrTestFile(t *testing.T) (data []byte, targets, hostOf, names int64) {
	t.Helper()
	g := rtCases(t)[3].g
	if g.NumNodes() != 5 || g.NumArcs() != 7 || g.NumHosts() != 3 {
		t.Fatalf("unexpected test graph: %d pages, %d links, %d hosts", g.NumNodes(), g.NumArcs(), g.NumHosts())
	}
	var buf bytes.Buffer
	if err := WriteCSR(&buf, g); err != nil {
		t.Fatal(err)
	}
	// Offsets: 6 uint32 = 24 bytes; targets 7 uint32 = 28 + 4 padding;
	// host of every page 5 uint32 = 20 + 4 padding.
	return buf.Bytes(), 64 + 24, 64 + 24 + 32, 64 + 24 + 32 + 24
}

// csrFixChecksums recomputes both checksums of a .csr file in place, so a
// test can reach the checks that come after them.
func csrFixChecksums(b []byte) {
	if len(b) < csrHeaderSize {
		return
	}
	le := binary.LittleEndian
	le.PutUint32(b[csrAtBodyCRC:], crc32.Checksum(b[csrHeaderSize:], csrTable))
	le.PutUint32(b[csrAtHeaderCRC:], crc32.Checksum(b[:csrAtHeaderCRC], csrTable))
}

func TestCSRLayoutWorkedExample(t *testing.T) {
	// Header and the first sections of the small graph, by hand: flags 7
	// (hosts, URLs, 32-bit offsets), n 5, m 7, 3 hosts, 2 unparsed URLs
	// ("mailto:x@y.org" and the blank one); offsets 0 2 4 6 6 7.
	data, targets, hostOf, names := csrTestFile(t)
	le := binary.LittleEndian
	if string(data[:8]) != "CRAWLCSR" || le.Uint32(data[8:]) != 1 || le.Uint32(data[12:]) != 7 ||
		le.Uint64(data[16:]) != 5 || le.Uint64(data[24:]) != 7 || le.Uint64(data[32:]) != 3 || le.Uint64(data[40:]) != 2 {
		t.Fatalf("header % x", data[:64])
	}
	for i, want := range []uint32{0, 2, 4, 6, 6, 7} {
		if got := le.Uint32(data[64+4*i:]); got != want {
			t.Errorf("offsets[%d] = %d, want %d", i, got, want)
		}
	}
	for i, want := range []uint32{1, 2, 2, 3, 0, 2, 4} {
		if got := le.Uint32(data[targets+4*int64(i):]); got != want {
			t.Errorf("targets[%d] = %d, want %d", i, got, want)
		}
	}
	for i, want := range []uint32{0, 0, 1, 2, 2} {
		if got := le.Uint32(data[hostOf+4*int64(i):]); got != want {
			t.Errorf("host of page %d = %d, want %d", i, got, want)
		}
	}
	hostText := "a.example\nb.example\n(none)"
	if l := le.Uint64(data[names:]); l != uint64(len(hostText)) || string(data[names+8:names+8+int64(l)]) != hostText {
		t.Errorf("host names section %q", data[names:names+40])
	}
	urlsAt := names + 8 + int64(len(hostText)) + csrPad(int64(len(hostText)))
	urlText := "http://a.example/\nhttp://a.example/x\nhttp://B.Example/\n\nmailto:x@y.org"
	if l := le.Uint64(data[urlsAt:]); l != uint64(len(urlText)) || string(data[urlsAt+8:urlsAt+8+int64(l)]) != urlText {
		t.Errorf("URL section %q", data[urlsAt:])
	}
	if end := urlsAt + 8 + int64(len(urlText)) + csrPad(int64(len(urlText))); end != int64(len(data)) {
		t.Errorf("file has %d bytes, want %d", len(data), end)
	}
}

func TestCSRErrors(t *testing.T) {
	data, targets, hostOf, names := csrTestFile(t)
	size := int64(len(data))
	le := binary.LittleEndian
	for _, c := range []struct {
		name string
		edit func(b []byte) []byte
		fix  bool // recompute the checksums after the edit
		// offset of the error; streamOffset, when not 0, for a stream of
		// unknown length.
		offset, streamOffset int64
		want                 string
	}{
		{"magic", func(b []byte) []byte { b[3] = 'X'; return b }, false, 0, 0, `not a crawlsim .csr file: magic "CRAXLCSR"`},
		{"not-csr", func(b []byte) []byte { return []byte("0 1\n1 2\n3 4\n") }, false, 0, 0, "not a crawlsim .csr file"},
		{"short-header", func(b []byte) []byte { return b[:40] }, false, 40, 0, "short file: the header needs 64 bytes, the input has 40"},
		{"version", func(b []byte) []byte { le.PutUint32(b[8:], 2); return b }, false, 8, 0, "unsupported .csr version 2"},
		{"header-checksum", func(b []byte) []byte { b[20] ^= 1; return b }, false, 52, 0, "header checksum mismatch"},
		{"unknown-flags", func(b []byte) []byte { b[12] |= 0x10; return b }, true, 12, 0, "unknown flags 0x10"},
		{"wide-offsets", func(b []byte) []byte { b[12] &^= csrFlagOffsets32; return b }, true, 12, 0, "offsets flag (bit 2) is false for 7 links"},
		{"reserved", func(b []byte) []byte { b[60] = 9; return b }, true, 60, 0, "reserved header byte is 9"},
		{"too-many-pages", func(b []byte) []byte { le.PutUint64(b[16:], 1e12); return b }, true, 16, 0, "1,000,000,000,000 pages exceed the limit of 4,294,967,295"},
		{"hosts-without-flag", func(b []byte) []byte { b[12] &^= csrFlagHosts; return b }, true, 32, 0, "3 hosts without the host-table flag"},
		{"unparsed", func(b []byte) []byte { le.PutUint64(b[40:], 6); return b }, true, 40, 0, "6 pages without a parseable host"},
		{"many-links", func(b []byte) []byte { le.PutUint64(b[24:], 1<<31); return b }, true, size, size, "short file"},
		{"truncated", func(b []byte) []byte { return b[:targets+6] }, false, targets + 6, targets + 6, "short file"},
		{"names-length", func(b []byte) []byte { le.PutUint64(b[names:], 1<<40); return b }, true, names, size, "short file"},
		{"trailing", func(b []byte) []byte { return append(b, 0, 0, 0, 0, 0, 0, 0, 0) }, false, size, 0, "trailing bytes after the last section"},
		{"body-checksum", func(b []byte) []byte { b[targets] ^= 1; return b }, false, 48, 0, "checksum mismatch: the header says"},
		{"padding", func(b []byte) []byte { b[targets+28] = 1; return b }, true, targets + 28, 0, "padding byte is 1"},
		{"target-range", func(b []byte) []byte { le.PutUint32(b[targets+12:], 5); return b }, true, targets + 12, 0, "page 1 links to 5, beyond the last page 4"},
		{"target-order", func(b []byte) []byte { le.PutUint32(b[targets+4:], 1); return b }, true, targets + 4, 0, "out-links of page 0 are not strictly increasing (1 after 1)"},
		{"offsets-order", func(b []byte) []byte { le.PutUint32(b[64+8:], 1); return b }, true, 64 + 8, 0, "offsets of page 1 are not increasing (2 then 1)"},
		{"offsets-first", func(b []byte) []byte { le.PutUint32(b[64:], 1); return b }, true, 64, 0, "offsets[0] = 1, want 0"},
		{"offsets-last", func(b []byte) []byte { le.PutUint32(b[64+20:], 6); return b }, true, 64 + 20, 0, "offsets[5] = 6, want the number of links 7"},
		{"host-range", func(b []byte) []byte { le.PutUint32(b[hostOf+8:], 3); return b }, true, hostOf + 8, 0, "page 2 has host 3, but there are only 3 hosts"},
		{"host-count", func(b []byte) []byte { le.PutUint64(b[32:], 4); return b }, true, names, 0, "host names hold 3 entries, want 4"},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := c.edit(bytes.Clone(data))
			if c.fix {
				csrFixChecksums(b)
			}
			_, err := CSRFromBytes(b, "g.csr")
			rtWantError(t, err, "g.csr", 0, c.offset, c.want)
			_, err = ReadCSR(bytes.NewReader(b), "g.csr")
			rtWantError(t, err, "g.csr", 0, c.offset, c.want)
			stream := c.offset
			if c.streamOffset != 0 {
				stream = c.streamOffset
			}
			_, err = ReadCSR(rtPlainReader{bytes.NewReader(b)}, "g.csr")
			rtWantError(t, err, "g.csr", 0, stream, c.want)
		})
	}
}

// TestReadCSRHugeHeaderAllocatesLittle feeds headers that claim 4·10^9
// pages and 10^12 links to a stream of unknown length: reading must fail
// with "short file" after allocating about as much as the input holds.
func TestReadCSRHugeHeaderAllocatesLittle(t *testing.T) {
	data, _, _, _ := csrTestFile(t)
	for _, edit := range []func(b []byte){
		func(b []byte) { binary.LittleEndian.PutUint64(b[16:], 4e9) },
		func(b []byte) {
			binary.LittleEndian.PutUint64(b[24:], 1e12)
			b[12] &^= csrFlagOffsets32
		},
	} {
		b := bytes.Clone(data)
		edit(b)
		csrFixChecksums(b)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := ReadCSR(rtPlainReader{bytes.NewReader(b)}, "huge.csr")
		runtime.ReadMemStats(&after)
		var e *Error
		if !errors.As(err, &e) || !strings.Contains(e.Msg, "short file") {
			t.Fatalf("got %v, want a short-file *Error", err)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 4*csrFirstChunk {
			t.Errorf("allocated %d bytes for a %d-byte input", alloc, len(b))
		}
		_, err = CSRFromBytes(b, "huge.csr")
		if !errors.As(err, &e) || !strings.Contains(e.Msg, "short file") {
			t.Fatalf("CSRFromBytes: got %v, want a short-file *Error", err)
		}
	}
}

func TestWriteCSRRefuses(t *testing.T) {
	g := rtFromLists(t, [][]uint32{{0}, {}})
	gu, err := g.WithURLs([]string{"http://a.example/", "http://a.example/\nx"})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteCSR(&buf, gu); err == nil || !strings.Contains(err.Error(), "the URL of page 1 contains a line break") {
		t.Errorf("got %v", err)
	}
	bad := &graph.Graph{Offsets: []uint64{0, 2}, Targets: []uint32{0}}
	if err := WriteCSR(&buf, bad); err == nil {
		t.Error("an invalid graph was written")
	}
	for _, f := range []Format{FormatEdgeList, FormatASCII} {
		if err := Save(&buf, bad, f); err == nil {
			t.Errorf("%v: an invalid graph was written", f)
		}
	}
}
