package graphio

// The .csr format (DESIGN.md "Data") is crawlsim's native binary graph: a
// 64-byte header followed by the graph's arrays as raw little-endian words,
// so a native loader can memory-map a file and a browser can view the
// sections of an ArrayBuffer as typed arrays without parsing.
//
// Header (all integers little-endian):
//
//	offset size  field
//	     0    8  magic "CRAWLCSR"
//	     8    4  version, uint32 = 1
//	    12    4  flags, uint32: bit 0 host table present, bit 1 URLs present,
//	             bit 2 offsets stored as uint32; other bits must be 0
//	    16    8  n, the number of pages, uint64 (at most 2^32-1)
//	    24    8  m, the number of links, uint64
//	    32    8  H, the number of hosts, uint64 (0 without a host table)
//	    40    8  pages whose URL had no parseable host (graph.Hosts.Unparsed)
//	    48    4  CRC-32C (Castagnoli) of every byte after the header
//	    52    4  CRC-32C of header bytes 0..51
//	    56    8  reserved, zero
//
// Sections follow in this order, each starting at a multiple of 8 bytes
// from the start of the file and padded with zero bytes to the next one:
//
//  1. offsets: n+1 entries, uint32 when bit 2 is set, else uint64. Bit 2 is
//     set exactly when m < 2^32, so a browser can view the offsets of any
//     graph it can hold as a Uint32Array.
//  2. targets: m uint32 entries.
//  3. host of every page: n uint32 entries (only with a host table).
//  4. host names (only with a host table): a uint64 byte length L, then L
//     bytes, the H names joined by '\n'.
//  5. URLs (only with URLs): a uint64 byte length L, then L bytes, the n
//     URLs joined by '\n'.
//
// The file ends after the padding of its last section. Readers check the
// magic, version, flags, header checksum, section sizes against the file,
// the body checksum, and then the graph invariants (graph.Validate), and
// report every failure as an *Error with the byte offset of the offending
// field or array entry.

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"strings"
	"unsafe"

	"github.com/crawlsim/crawlsim/engine/graph"
)

const (
	csrMagic         = "CRAWLCSR"
	csrVersion       = 1
	csrHeaderSize    = 64
	csrFlagHosts     = 1 << 0
	csrFlagURLs      = 1 << 1
	csrFlagOffsets32 = 1 << 2
	csrKnownFlags    = csrFlagHosts | csrFlagURLs | csrFlagOffsets32

	// Header field offsets.
	csrAtVersion   = 8
	csrAtFlags     = 12
	csrAtNodes     = 16
	csrAtArcs      = 24
	csrAtHosts     = 32
	csrAtUnparsed  = 40
	csrAtBodyCRC   = 48
	csrAtHeaderCRC = 52
	csrAtReserved  = 56

	// csrMaxArcs bounds m so that every size computed from it fits in an
	// int64.
	csrMaxArcs = 1 << 60
	// csrFirstChunk is the first allocation, in bytes, for an array read
	// from a stream of unknown length; later ones at most double it.
	csrFirstChunk = 1 << 20
)

// csrTable is the CRC-32C table.
var csrTable = crc32.MakeTable(crc32.Castagnoli)

// csrRawViews is true when the host stores integers little-endian, so that
// []uint32 and []uint64 can be read and written as their raw bytes. On a
// big-endian host every array is decoded with encoding/binary instead.
// Tests switch it off to exercise that path.
var csrRawViews = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// csrHeader is a decoded header.
type csrHeader struct {
	flags             uint32
	n, m, hosts       uint64
	unparsed          uint64
	bodyCRC           uint32
	offsetWidth       int64 // 4 or 8
	hasHosts, hasURLs bool
}

// csrPad returns the padding after a section of size bytes.
func csrPad(size int64) int64 { return (8 - size%8) % 8 }

// parseCSRHeader decodes and checks the 64 header bytes.
func parseCSRHeader(b []byte, name string) (csrHeader, error) {
	var h csrHeader
	if string(b[:8]) != csrMagic {
		return h, byteError(name, 0, "not a crawlsim .csr file: magic %q, want %q", b[:8], csrMagic)
	}
	le := binary.LittleEndian
	if v := le.Uint32(b[csrAtVersion:]); v != csrVersion {
		return h, byteError(name, csrAtVersion, "unsupported .csr version %d; this reader knows version %d", v, csrVersion)
	}
	if got, want := le.Uint32(b[csrAtHeaderCRC:]), crc32.Checksum(b[:csrAtHeaderCRC], csrTable); got != want {
		return h, byteError(name, csrAtHeaderCRC, "header checksum mismatch: stored %08x, header bytes give %08x", got, want)
	}
	h.flags = le.Uint32(b[csrAtFlags:])
	if unknown := h.flags &^ csrKnownFlags; unknown != 0 {
		return h, byteError(name, csrAtFlags, "unknown flags %#x", unknown)
	}
	for k := csrAtReserved; k < csrHeaderSize; k++ {
		if b[k] != 0 {
			return h, byteError(name, int64(k), "reserved header byte is %d, want 0", b[k])
		}
	}
	h.n = le.Uint64(b[csrAtNodes:])
	h.m = le.Uint64(b[csrAtArcs:])
	h.hosts = le.Uint64(b[csrAtHosts:])
	h.unparsed = le.Uint64(b[csrAtUnparsed:])
	h.bodyCRC = le.Uint32(b[csrAtBodyCRC:])
	h.hasHosts = h.flags&csrFlagHosts != 0
	h.hasURLs = h.flags&csrFlagURLs != 0
	if h.n > graph.MaxNodes {
		return h, byteError(name, csrAtNodes, "%d pages exceed the limit of %d", h.n, uint64(graph.MaxNodes))
	}
	if h.m > csrMaxArcs {
		return h, byteError(name, csrAtArcs, "%d links exceed the limit of %d", h.m, uint64(csrMaxArcs))
	}
	small := h.m < 1<<32
	if small != (h.flags&csrFlagOffsets32 != 0) {
		return h, byteError(name, csrAtFlags, "offsets flag (bit 2) is %v for %d links; it must be set exactly when there are fewer than 2^32 links", !small, h.m)
	}
	h.offsetWidth = 8
	if small {
		h.offsetWidth = 4
	}
	if !h.hasHosts && h.hosts != 0 {
		return h, byteError(name, csrAtHosts, "%d hosts without the host-table flag", h.hosts)
	}
	if h.hosts > 1<<32 {
		return h, byteError(name, csrAtHosts, "%d hosts exceed the limit of 2^32", h.hosts)
	}
	if h.unparsed > h.n || (!h.hasHosts && h.unparsed != 0) {
		return h, byteError(name, csrAtUnparsed, "%d pages without a parseable host, but %d pages and host table %v", h.unparsed, h.n, h.hasHosts)
	}
	return h, nil
}

// csrLayout says where the fixed-size sections of a .csr file lie, as byte
// offsets from the start of the file (each end excludes the padding). It
// is derived from the header alone (csrHeader.layout) and turns an array
// index into a byte offset for error messages.
type csrLayout struct {
	// offsetWidth is the size of an offsets entry, 4 or 8.
	offsetWidth         int64
	offsets, offsetsEnd int64
	targets, targetsEnd int64
	// hostOf and hostOfEnd are both 0 without a host table.
	hostOf, hostOfEnd int64
	// end is where the fixed-size sections end, padding included, and the
	// string sections start.
	end int64
}

// layout returns the layout of the fixed-size sections (offsets, targets,
// host of every page) that the header announces.
func (h *csrHeader) layout() csrLayout {
	l := csrLayout{offsetWidth: h.offsetWidth, offsets: csrHeaderSize}
	l.offsetsEnd = l.offsets + int64(h.n+1)*h.offsetWidth
	l.targets = l.offsetsEnd + csrPad(l.offsetsEnd)
	l.targetsEnd = l.targets + int64(h.m)*4
	l.end = l.targetsEnd + csrPad(l.targetsEnd)
	if h.hasHosts {
		l.hostOf = l.end
		l.hostOfEnd = l.hostOf + int64(h.n)*4
		l.end = l.hostOfEnd + csrPad(l.hostOfEnd)
	}
	return l
}

// minBodySize is the smallest body the header allows: the fixed-size
// sections plus the length words of the string sections.
func (h *csrHeader) minBodySize() int64 {
	size := h.layout().end - csrHeaderSize
	if h.hasHosts {
		size += 8
	}
	if h.hasURLs {
		size += 8
	}
	return size
}

// WriteCSR writes g in the .csr format described in this file's header
// comment, with its host table and URLs when it has them. A host name or
// URL containing '\n' cannot be stored and is an error.
func WriteCSR(w io.Writer, g *graph.Graph) error {
	if err := g.Validate(); err != nil {
		return fmt.Errorf("graphio: writing .csr: %w", err)
	}
	if g.Hosts != nil {
		if g.Hosts.Unparsed < 0 || g.Hosts.Unparsed > g.NumNodes() {
			return fmt.Errorf("graphio: writing .csr: %d pages without a parseable host, but the graph has %d pages", g.Hosts.Unparsed, g.NumNodes())
		}
		for i, s := range g.Hosts.Names {
			if strings.IndexByte(s, '\n') >= 0 {
				return fmt.Errorf("graphio: writing .csr: host name %d contains a line break", i)
			}
		}
	}
	for i, s := range g.URLs {
		if strings.IndexByte(s, '\n') >= 0 {
			return fmt.Errorf("graphio: writing .csr: the URL of page %d contains a line break", i)
		}
	}
	hd := csrHeader{n: uint64(g.NumNodes()), m: uint64(len(g.Targets)), hasHosts: g.Hosts != nil, hasURLs: g.URLs != nil}
	if g.Hosts != nil {
		hd.hosts, hd.unparsed = uint64(len(g.Hosts.Names)), uint64(g.Hosts.Unparsed)
	}
	flags := hd.writeFlags()

	// The checksum comes first in the file, so the body is produced twice:
	// once into the checksum, once into w.
	crc := uint32(0)
	sum := &csrBodyEmitter{emit: func(p []byte) error {
		crc = crc32.Update(crc, csrTable, p)
		return nil
	}}
	if err := sum.body(g, flags); err != nil {
		return err
	}
	hd.bodyCRC = crc
	hdr := hd.encode()
	if _, err := w.Write(hdr[:]); err != nil {
		return fmt.Errorf("graphio: writing .csr: %w", err)
	}
	out := &csrBodyEmitter{emit: func(p []byte) error {
		_, err := w.Write(p)
		return err
	}}
	if err := out.body(g, flags); err != nil {
		return fmt.Errorf("graphio: writing .csr: %w", err)
	}
	return nil
}

// writeFlags returns the flags a writer stores for h's n, m, hasHosts
// and hasURLs, and sets h.flags to them.
func (h *csrHeader) writeFlags() uint32 {
	h.flags = 0
	if h.m < 1<<32 {
		h.flags |= csrFlagOffsets32
	}
	if h.hasHosts {
		h.flags |= csrFlagHosts
	}
	if h.hasURLs {
		h.flags |= csrFlagURLs
	}
	return h.flags
}

// encode returns the 64 header bytes of h (flags, n, m, hosts, unparsed
// and bodyCRC), with the header checksum.
func (h *csrHeader) encode() [csrHeaderSize]byte {
	var hdr [csrHeaderSize]byte
	copy(hdr[:], csrMagic)
	le := binary.LittleEndian
	le.PutUint32(hdr[csrAtVersion:], csrVersion)
	le.PutUint32(hdr[csrAtFlags:], h.flags)
	le.PutUint64(hdr[csrAtNodes:], h.n)
	le.PutUint64(hdr[csrAtArcs:], h.m)
	le.PutUint64(hdr[csrAtHosts:], h.hosts)
	le.PutUint64(hdr[csrAtUnparsed:], h.unparsed)
	le.PutUint32(hdr[csrAtBodyCRC:], h.bodyCRC)
	le.PutUint32(hdr[csrAtHeaderCRC:], crc32.Checksum(hdr[:csrAtHeaderCRC], csrTable))
	return hdr
}

// csrBodyEmitter produces the body of a .csr file as a sequence of byte
// slices: small pieces are gathered in a buffer, large arrays are passed on
// as their raw bytes when the host is little-endian.
type csrBodyEmitter struct {
	emit    func([]byte) error
	buf     []byte
	written int64
	err     error
}

const csrEmitBuffer = 64 << 10

// csrNewline separates the strings of a string section.
var csrNewline = []byte{'\n'}

func (e *csrBodyEmitter) flush() {
	if e.err == nil && len(e.buf) > 0 {
		e.err = e.emit(e.buf)
	}
	e.buf = e.buf[:0]
}

// small copies p into the buffer, flushing it whenever it fills; p never
// reaches emit itself.
func (e *csrBodyEmitter) small(p []byte) {
	e.written += int64(len(p))
	for len(p) > 0 {
		if len(e.buf) == cap(e.buf) {
			e.flush()
		}
		k := copy(e.buf[len(e.buf):cap(e.buf)], p)
		e.buf = e.buf[:len(e.buf)+k]
		p = p[k:]
	}
}

func (e *csrBodyEmitter) large(p []byte) {
	e.flush()
	if e.err == nil && len(p) > 0 {
		e.err = e.emit(p)
	}
	e.written += int64(len(p))
}

func (e *csrBodyEmitter) pad() {
	var zero [8]byte
	e.small(zero[:csrPad(e.written)])
}

func (e *csrBodyEmitter) uint32s(s []uint32) {
	if csrRawViews {
		e.large(csrRawBytes(s))
		return
	}
	var w [4]byte
	for _, v := range s {
		binary.LittleEndian.PutUint32(w[:], v)
		e.small(w[:])
	}
}

func (e *csrBodyEmitter) stringSection(list []string) {
	var size uint64
	for i, s := range list {
		if i > 0 {
			size++
		}
		size += uint64(len(s))
	}
	var w [8]byte
	binary.LittleEndian.PutUint64(w[:], size)
	e.small(w[:])
	for i, s := range list {
		if i > 0 {
			e.small(csrNewline)
		}
		if len(s) > csrEmitBuffer {
			e.large(unsafe.Slice(unsafe.StringData(s), len(s)))
		} else {
			e.small(unsafe.Slice(unsafe.StringData(s), len(s)))
		}
	}
	e.pad()
}

// body emits every section of g; flags must match g.
func (e *csrBodyEmitter) body(g *graph.Graph, flags uint32) error {
	e.buf = make([]byte, 0, csrEmitBuffer)
	if flags&csrFlagOffsets32 != 0 {
		var w [4]byte
		for _, v := range g.Offsets {
			binary.LittleEndian.PutUint32(w[:], uint32(v))
			e.small(w[:])
		}
	} else if csrRawViews {
		e.large(csrRawBytes(g.Offsets))
	} else {
		var w [8]byte
		for _, v := range g.Offsets {
			binary.LittleEndian.PutUint64(w[:], v)
			e.small(w[:])
		}
	}
	e.pad()
	e.uint32s(g.Targets)
	e.pad()
	if g.Hosts != nil {
		e.uint32s(g.Hosts.Of)
		e.pad()
		e.stringSection(g.Hosts.Names)
	}
	if g.URLs != nil {
		e.stringSection(g.URLs)
	}
	e.flush()
	return e.err
}

// csrRawBytes views a slice of words as its bytes in memory.
func csrRawBytes[T byte | uint32 | uint64](s []T) []byte {
	if len(s) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)*int(unsafe.Sizeof(s[0])))
}

// ReadCSR reads a .csr file (see the format description in csr.go) from a
// stream. Every array is read straight into its slice's memory (decoded
// word by word on big-endian hosts; 32-bit offsets are widened to uint64).
// When r tells its remaining length (a Len method, as bytes.Reader has, or
// an io.Seeker), the header's sizes are checked against it before anything
// is allocated; otherwise arrays grow as their bytes arrive, each holding
// at most twice the entries read so far beyond a first chunk of 1 MiB, so
// a header claiming 10^12 pages fails with "short file" after allocating
// memory in proportion to the bytes actually read: at most about four
// times them, because 32-bit offsets take 8 bytes each in memory.
//
// Errors: bad magic, unsupported version, unknown flags, bad header
// checksum, short file, trailing bytes, bad body checksum and invalid graph
// structure, each an *Error with the byte offset it concerns. A failure of
// r is an *Error at the byte offset reached, with Err set to r's error.
func ReadCSR(r io.Reader, name string) (*graph.Graph, error) {
	return readCSR(r, name, csrReadOptions{})
}

// csrReadOptions are what Load asks of the .csr readers beside ReadCSR's
// and CSRFromBytes's defaults.
type csrReadOptions struct {
	// lim bounds pages, links and memory (nil: no limit).
	lim *readLimits
	// skipURLs reads and checks the URL section (its checksum, its count
	// of lines) without keeping it: the graph's URLs are nil.
	skipURLs bool
	// release, when set, is given parts of a mapped file that the reader
	// has finished reading (csrFromBytes only; see MappedReleaser).
	release func([]byte)
	// progress, when set, is told how many bytes of a mapped file have
	// been checked, of how many (csrFromBytes only).
	progress func(done, total int64)
}

// readCSR is ReadCSR that also refuses, right after the header and before
// allocating anything, a graph of more pages or links, or needing more
// memory, than lim allows.
func readCSR(r io.Reader, name string, o csrReadOptions) (*graph.Graph, error) {
	lim := o.lim
	sr := &csrStreamReader{r: r, name: name, remaining: -1}
	sr.probeLength()
	var hdr [csrHeaderSize]byte
	if k, err := io.ReadFull(r, hdr[:]); err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			if k >= 8 && string(hdr[:8]) != csrMagic {
				return nil, byteError(name, 0, "not a crawlsim .csr file: magic %q, want %q", hdr[:8], csrMagic)
			}
			return nil, byteError(name, int64(k), "short file: the header needs %d bytes, the input has %d", csrHeaderSize, k)
		}
		return nil, byteReadError(name, int64(k), err)
	}
	h, err := parseCSRHeader(hdr[:], name)
	if err != nil {
		return nil, err
	}
	if e := lim.check(int64(min(h.n, math.MaxInt64)), int64(min(h.m, math.MaxInt64)), false); e != nil {
		at := int64(csrAtNodes)
		if e.Of == "links" {
			at = csrAtArcs
		}
		return nil, tooLargeAt(name, 0, at, e)
	}
	sr.lim, sr.pages, sr.links = lim, int64(min(h.n, math.MaxInt64)), int64(min(h.m, math.MaxInt64))
	sr.off = csrHeaderSize
	if sr.remaining >= 0 {
		sr.remaining -= csrHeaderSize
		if need := h.minBodySize(); sr.remaining < need {
			return nil, byteError(name, csrHeaderSize+sr.remaining, "short file: the header announces %d pages and %d links, needing at least %d bytes, but the input has %d", h.n, h.m, csrHeaderSize+need, csrHeaderSize+sr.remaining)
		}
	}
	lay := h.layout()
	g := &graph.Graph{}
	g.Offsets, err = csrReadArray[uint64](sr, int64(h.n)+1, int(h.offsetWidth), "offsets")
	if err == nil {
		err = sr.pad()
	}
	if err == nil {
		g.Targets, err = csrReadArray[uint32](sr, int64(h.m), 4, "targets")
	}
	if err == nil {
		err = sr.pad()
	}
	if err == nil && h.hasHosts {
		g.Hosts = &graph.Hosts{Unparsed: int(h.unparsed)}
		g.Hosts.Of, err = csrReadArray[uint32](sr, int64(h.n), 4, "host of every page")
		if err == nil {
			err = sr.pad()
		}
		if err == nil {
			g.Hosts.Names, err = sr.stringSection(h.hosts, "host names")
		}
	}
	if err == nil && h.hasURLs {
		if o.skipURLs {
			err = sr.skipStringSection(h.n, "URLs")
		} else {
			g.URLs, err = sr.stringSection(h.n, "URLs")
		}
	}
	if err != nil {
		return nil, err
	}
	var extra [1]byte
	k, err := io.ReadFull(r, extra[:])
	if k > 0 {
		return nil, byteError(name, sr.off, "trailing bytes after the last section")
	}
	if err != nil && err != io.EOF {
		return nil, byteReadError(name, sr.off, err)
	}
	if sr.crc != h.bodyCRC {
		return nil, byteError(name, csrAtBodyCRC, "checksum mismatch: the header says %08x, the body gives %08x (corrupt or truncated file)", h.bodyCRC, sr.crc)
	}
	if err := csrCheckGraph(g, &lay, name); err != nil {
		return nil, err
	}
	return g, nil
}

// csrCheckGraph checks the decoded graph with graph.Validate and reports a
// violation as an *Error with Validate's message (which names the page) at
// the byte offset of the offending entry.
func csrCheckGraph(g *graph.Graph, lay *csrLayout, name string) error {
	verr := g.Validate()
	if verr == nil {
		return nil
	}
	return byteError(name, csrLocate(g, lay), "%s", strings.TrimPrefix(verr.Error(), "graph: "))
}

// csrLocate returns the byte offset of the entry that graph.Validate
// reports: the first violation in the order Validate checks (offsets[0],
// offsets[n], then page by page its offsets entry and its targets, then
// the host of every page), or -1 when it finds none. It only points at
// the entry; whether the graph is valid, and why not, is Validate's call.
func csrLocate(g *graph.Graph, lay *csrLayout) int64 {
	n := len(g.Offsets) - 1
	m := uint64(len(g.Targets))
	switch {
	case g.Offsets[0] != 0:
		return lay.offsets
	case g.Offsets[n] != m:
		return lay.offsets + int64(n)*lay.offsetWidth
	}
	for i := 0; i < n; i++ {
		lo, hi := g.Offsets[i], g.Offsets[i+1]
		if hi < lo || hi > m {
			return lay.offsets + int64(i+1)*lay.offsetWidth
		}
		for k := lo; k < hi; k++ {
			if t := g.Targets[k]; uint64(t) >= uint64(n) || k > lo && t <= g.Targets[k-1] {
				return lay.targets + int64(k)*4
			}
		}
	}
	if g.Hosts != nil {
		for i, h := range g.Hosts.Of {
			if int(h) >= len(g.Hosts.Names) {
				return lay.hostOf + int64(i)*4
			}
		}
	}
	return -1
}

// csrStreamReader reads the body of a .csr file from a stream, keeping the
// byte offset and the running checksum.
type csrStreamReader struct {
	r    io.Reader
	name string
	off  int64
	crc  uint32
	// remaining is the number of unread bytes when r can tell, else -1.
	remaining int64
	scratch   []byte
	// lim bounds the memory of the string sections (stringSection), for
	// a graph of pages pages and links links; held is what the sections
	// read so far take.
	lim                *readLimits
	pages, links, held int64
}

// probeLength sets remaining when r can tell its length.
func (sr *csrStreamReader) probeLength() {
	if l, ok := sr.r.(interface{ Len() int }); ok {
		sr.remaining = int64(l.Len())
		return
	}
	s, ok := sr.r.(io.Seeker)
	if !ok {
		return
	}
	cur, err := s.Seek(0, io.SeekCurrent)
	if err != nil {
		return
	}
	end, err := s.Seek(0, io.SeekEnd)
	if err != nil {
		return
	}
	if _, err := s.Seek(cur, io.SeekStart); err != nil {
		// The stream position is lost: reading will fail and say so.
		return
	}
	if end >= cur {
		sr.remaining = end - cur
	}
}

// fill reads exactly len(p) bytes into p and adds them to the checksum.
func (sr *csrStreamReader) fill(p []byte, what string) error {
	k, err := io.ReadFull(sr.r, p)
	sr.crc = crc32.Update(sr.crc, csrTable, p[:k])
	sr.off += int64(k)
	if err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return byteError(sr.name, sr.off, "short file: the input ends inside the %s", what)
		}
		return byteReadError(sr.name, sr.off, err)
	}
	return nil
}

// nextSize returns how many of count items of the given size to hold after
// have were read: all of them when the stream length is known (it has been
// checked), else at most double what was read, starting at csrFirstChunk
// bytes.
func (sr *csrStreamReader) nextSize(have, count, size int64) int64 {
	if sr.remaining >= 0 {
		return count
	}
	return min(count, max(2*have, csrFirstChunk/size))
}

// csrReadArray reads count little-endian words of wire bytes each (1, 4 or
// 8, at most the size of T) into a []T, widening them when T is wider. The
// bytes go straight into the slice's memory when their layout is the same
// (a byte array, or a little-endian host); otherwise they are decoded
// through a scratch buffer. The slice grows as nextSize allows, so that a
// stream of unknown length costs memory only for the bytes it holds.
func csrReadArray[T byte | uint32 | uint64](sr *csrStreamReader, count int64, wire int, what string) ([]T, error) {
	size := int64(unsafe.Sizeof(T(0)))
	if count > math.MaxInt/8 {
		return nil, byteError(sr.name, sr.off, "the %s need %d entries, too many for this platform", what, count)
	}
	raw := int64(wire) == size && (csrRawViews || wire == 1)
	s := make([]T, 0, sr.nextSize(0, count, size))
	for int64(len(s)) < count {
		if len(s) == cap(s) {
			t := make([]T, len(s), sr.nextSize(int64(len(s)), count, size))
			copy(t, s)
			s = t
		}
		lo := len(s)
		s = s[:cap(s)]
		if raw {
			if err := sr.fill(csrRawBytes(s[lo:]), what); err != nil {
				return nil, err
			}
			continue
		}
		le := binary.LittleEndian
		for lo < len(s) {
			k := min(len(s)-lo, csrEmitBuffer/wire)
			buf := sr.scratchBytes(k * wire)
			if err := sr.fill(buf, what); err != nil {
				return nil, err
			}
			dst := s[lo : lo+k]
			switch wire {
			case 8:
				for j := range dst {
					dst[j] = T(le.Uint64(buf[8*j:]))
				}
			case 4:
				for j := range dst {
					dst[j] = T(le.Uint32(buf[4*j:]))
				}
			default:
				for j := range dst {
					dst[j] = T(buf[j])
				}
			}
			lo += k
		}
	}
	return s, nil
}

func (sr *csrStreamReader) scratchBytes(k int) []byte {
	if cap(sr.scratch) < k {
		sr.scratch = make([]byte, k)
	}
	return sr.scratch[:k]
}

// pad reads and checks the zero padding after a section.
func (sr *csrStreamReader) pad() error {
	var zero [8]byte
	p := zero[:csrPad(sr.off)]
	at := sr.off
	if err := sr.fill(p, "padding"); err != nil {
		return err
	}
	for k, c := range p {
		if c != 0 {
			return byteError(sr.name, at+int64(k), "padding byte is %d, want 0", c)
		}
	}
	return nil
}

// stringSection reads a string section holding count strings.
func (sr *csrStreamReader) stringSection(count uint64, what string) ([]string, error) {
	var w [8]byte
	at := sr.off
	if err := sr.fill(w[:], what+" length"); err != nil {
		return nil, err
	}
	size := binary.LittleEndian.Uint64(w[:])
	if size > math.MaxInt/2 || (sr.remaining >= 0 && int64(size) > sr.remaining-(sr.off-csrHeaderSize)) {
		return nil, byteError(sr.name, at, "short file: the %s need %d bytes, more than the input holds", what, size)
	}
	// Until it is split, the section is held twice: its bytes and the
	// text its strings share.
	if e := sr.lim.withHeld(satAdd(sr.held, satAdd(int64(size), csrStringsBytes(int64(size), int64(min(count, math.MaxInt64)))))).check(sr.pages, sr.links, false); e != nil {
		return nil, tooLargeAt(sr.name, 0, at, e)
	}
	sr.held = satAdd(sr.held, csrStringsBytes(int64(size), int64(min(count, math.MaxInt64))))
	data, err := csrReadArray[byte](sr, int64(size), 1, what)
	if err != nil {
		return nil, err
	}
	list, err := csrSplitStrings(data, count, what, sr.name, at)
	if err != nil {
		return nil, err
	}
	return list, sr.pad()
}

// skipStringSection reads a string section holding count strings, checks
// its length and its number of entries, and keeps nothing: it reads
// through a scratch buffer of csrEmitBuffer bytes.
func (sr *csrStreamReader) skipStringSection(count uint64, what string) error {
	var w [8]byte
	at := sr.off
	if err := sr.fill(w[:], what+" length"); err != nil {
		return err
	}
	size := binary.LittleEndian.Uint64(w[:])
	if size > math.MaxInt/2 || (sr.remaining >= 0 && int64(size) > sr.remaining-(sr.off-csrHeaderSize)) {
		return byteError(sr.name, at, "short file: the %s need %d bytes, more than the input holds", what, size)
	}
	seps := uint64(0)
	for left := size; left > 0; {
		buf := sr.scratchBytes(int(min(left, csrEmitBuffer)))
		if err := sr.fill(buf, what); err != nil {
			return err
		}
		seps += uint64(bytes.Count(buf, csrNewline))
		left -= uint64(len(buf))
	}
	if err := csrCheckEntries(size, seps, count, what, sr.name, at); err != nil {
		return err
	}
	return sr.pad()
}

// csrCheckEntries checks that a string section of size bytes holding seps
// line breaks holds count strings; at is the section's byte offset.
func csrCheckEntries(size, seps, count uint64, what, name string, at int64) error {
	if count == 0 {
		if size != 0 {
			return byteError(name, at, "%s hold %d bytes but there are no entries", what, size)
		}
		return nil
	}
	if seps != count-1 {
		return byteError(name, at, "%s hold %d entries, want %d", what, seps+1, count)
	}
	return nil
}

// csrSplitStrings splits a string section of count strings joined by '\n';
// at is the section's byte offset. The strings share one copy of data.
func csrSplitStrings(data []byte, count uint64, what, name string, at int64) ([]string, error) {
	if err := csrCheckEntries(uint64(len(data)), uint64(bytes.Count(data, csrNewline)), count, what, name, at); err != nil {
		return nil, err
	}
	if count == 0 {
		return []string{}, nil
	}
	text := string(data)
	list := make([]string, 0, count)
	for {
		k := strings.IndexByte(text, '\n')
		if k < 0 {
			list = append(list, text)
			break
		}
		list = append(list, text[:k])
		text = text[k+1:]
	}
	return list, nil
}

// CSRFromBytes decodes a .csr file held in memory, such as a memory-mapped
// file or a browser ArrayBuffer, with the same checks as ReadCSR, checksum
// included. On a little-endian host, Targets, 64-bit Offsets and the host
// of every page alias b when their sections are suitably aligned in memory
// (4 bytes for uint32 arrays, 8 for uint64): no copy is made, and b must
// then stay alive and unmodified for as long as the graph is used. Offsets
// stored as uint32 are widened into a new []uint64, misaligned or
// big-endian arrays are copied, and host names and URLs are always copied.
func CSRFromBytes(b []byte, name string) (*graph.Graph, error) {
	return csrFromBytes(b, name, csrReadOptions{})
}

// csrFromBytes is CSRFromBytes that also refuses, once the sections are
// located and before anything is allocated, a graph of more pages or
// links than lim allows, or whose copies (csrHeapBytes) need more memory.
// The bytes of b are not counted: the caller holds them already, mapped
// or read.
func csrFromBytes(b []byte, name string, o csrReadOptions) (*graph.Graph, error) {
	lim := o.lim
	if len(b) < csrHeaderSize {
		if len(b) >= 8 && string(b[:8]) != csrMagic {
			return nil, byteError(name, 0, "not a crawlsim .csr file: magic %q, want %q", b[:8], csrMagic)
		}
		return nil, byteError(name, int64(len(b)), "short file: the header needs %d bytes, the input has %d", csrHeaderSize, len(b))
	}
	h, err := parseCSRHeader(b[:csrHeaderSize], name)
	if err != nil {
		return nil, err
	}
	total := int64(len(b))
	if need := csrHeaderSize + h.minBodySize(); total < need {
		return nil, byteError(name, total, "short file: the header announces %d pages and %d links, needing at least %d bytes, but the input has %d", h.n, h.m, need, total)
	}
	lay := h.layout()
	// String sections: their lengths decide where the file ends.
	end := lay.end
	var hostNames, urls csrStringSpan
	readSection := func(what string) (csrStringSpan, error) {
		if end+8 > total {
			return csrStringSpan{}, byteError(name, total, "short file: the input ends before the %s length", what)
		}
		size := binary.LittleEndian.Uint64(b[end:])
		if size > uint64(total-end-8) {
			return csrStringSpan{}, byteError(name, end, "short file: the %s need %d bytes, more than the input holds", what, size)
		}
		s := csrStringSpan{at: end, size: int64(size)}
		end = s.end() + csrPad(s.end())
		return s, nil
	}
	if h.hasHosts {
		if hostNames, err = readSection("host names"); err != nil {
			return nil, err
		}
	}
	if h.hasURLs {
		if urls, err = readSection("URLs"); err != nil {
			return nil, err
		}
	}
	if end > total {
		return nil, byteError(name, total, "short file: the input ends inside the padding of its last section")
	}
	if end < total {
		return nil, byteError(name, end, "trailing bytes after the last section")
	}
	if e := lim.withCost(decodeCost{}, csrHeapBytes(&h, hostNames, urls, o.skipURLs)).check(int64(min(h.n, math.MaxInt64)), int64(min(h.m, math.MaxInt64)), false); e != nil {
		return nil, tooLargeAt(name, 0, -1, e)
	}
	if sum := o.checksum(b); sum != h.bodyCRC {
		return nil, byteError(name, csrAtBodyCRC, "checksum mismatch: the header says %08x, the body gives %08x (corrupt or truncated file)", h.bodyCRC, sum)
	}
	// Padding bytes are covered by the checksum but must still be zero.
	pads := []int64{lay.offsetsEnd, lay.targetsEnd}
	if h.hasHosts {
		pads = append(pads, lay.hostOfEnd, hostNames.end())
	}
	if h.hasURLs {
		pads = append(pads, urls.end())
	}
	if err := csrCheckPadding(b, name, pads); err != nil {
		return nil, err
	}
	g := &graph.Graph{}
	if h.offsetWidth == 4 {
		g.Offsets = make([]uint64, h.n+1)
		for i := range g.Offsets {
			g.Offsets[i] = uint64(binary.LittleEndian.Uint32(b[lay.offsets+int64(i)*4:]))
		}
	} else {
		g.Offsets = csrView[uint64](b[lay.offsets:lay.offsetsEnd])
	}
	g.Targets = csrView[uint32](b[lay.targets:lay.targetsEnd])
	if h.hasHosts {
		g.Hosts = &graph.Hosts{Unparsed: int(h.unparsed)}
		g.Hosts.Of = csrView[uint32](b[lay.hostOf:lay.hostOfEnd])
		if g.Hosts.Names, err = csrSplitStrings(hostNames.data(b), h.hosts, "host names", name, hostNames.at); err != nil {
			return nil, err
		}
	}
	if h.hasURLs && o.skipURLs {
		data := urls.data(b)
		seps := uint64(0)
		for from := 0; from < len(data); from += csrCheckBlock {
			part := data[from:min(from+csrCheckBlock, len(data))]
			seps += uint64(bytes.Count(part, csrNewline))
			o.releasePart(part)
		}
		if err := csrCheckEntries(uint64(len(data)), seps, h.n, "URLs", name, urls.at); err != nil {
			return nil, err
		}
	} else if h.hasURLs {
		if g.URLs, err = csrSplitStrings(urls.data(b), h.n, "URLs", name, urls.at); err != nil {
			return nil, err
		}
	}
	if err := csrCheckGraph(g, &lay, name); err != nil {
		return nil, err
	}
	// Validation read the offsets and links: let their pages go until the
	// graph's user reads them.
	o.releasePart(b[lay.offsets:lay.targetsEnd])
	return g, nil
}

// csrCheckBlock is how many bytes of a file held in memory csrFromBytes
// checks between two calls of release and progress (a variable so that
// tests can make it small).
var csrCheckBlock = 16 << 20

// checksum returns the CRC-32C of the body of the .csr file b, a block at
// a time, releasing each block once summed and reporting progress.
func (o *csrReadOptions) checksum(b []byte) uint32 {
	crc := uint32(0)
	body := b[csrHeaderSize:]
	for from := 0; from < len(body); from += csrCheckBlock {
		part := body[from:min(from+csrCheckBlock, len(body))]
		crc = crc32.Update(crc, csrTable, part)
		o.releasePart(part)
		if o.progress != nil {
			o.progress(int64(from+len(part)), int64(len(body)))
		}
	}
	return crc
}

// releasePart hands part of a mapped file to o.release, when set.
func (o *csrReadOptions) releasePart(part []byte) {
	if o.release != nil && len(part) > 0 {
		o.release(part)
	}
}

// csrStringSpan locates a string section in a file held in memory: its
// length word at byte at, then size bytes of text.
type csrStringSpan struct {
	at, size int64
}

// end returns where the section's text ends, before its padding.
func (s csrStringSpan) end() int64 { return s.at + 8 + s.size }

// data returns the section's text in b.
func (s csrStringSpan) data(b []byte) []byte { return b[s.at+8 : s.end()] }

// csrCheckPadding checks that the padding after every section is zero;
// ends lists where the sections end.
func csrCheckPadding(b []byte, name string, ends []int64) error {
	for _, from := range ends {
		for k := from; k < from+csrPad(from); k++ {
			if b[k] != 0 {
				return byteError(name, k, "padding byte is %d, want 0", b[k])
			}
		}
	}
	return nil
}

// csrView returns the little-endian words of p, aliasing p when the host
// is little-endian and p is aligned for T, else decoding a copy.
func csrView[T uint32 | uint64](p []byte) []T {
	size := int(unsafe.Sizeof(T(0)))
	k := len(p) / size
	if k == 0 {
		return []T{}
	}
	if csrRawViews && uintptr(unsafe.Pointer(unsafe.SliceData(p)))%uintptr(size) == 0 {
		return unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(p))), k)
	}
	s := make([]T, k)
	for i := range s {
		if size == 4 {
			s[i] = T(binary.LittleEndian.Uint32(p[4*i:]))
		} else {
			s[i] = T(binary.LittleEndian.Uint64(p[8*i:]))
		}
	}
	return s
}
