package graphio

// The .csr format (docs/architecture.md, "Graphs") is crawlsim's native binary
// graph: a 64-byte header followed by the graph's arrays as raw little-endian
// words, so a native loader can memory-map a file and a browser can view the
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
	"encoding/binary"
	"hash/crc32"
	"unsafe"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/model"
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
		return h, byteError(name, csrAtNodes, "%s pages exceed the limit of %s", model.Count(h.n), model.Count(uint64(graph.MaxNodes)))
	}
	if h.n == 0 {
		return h, byteError(name, csrAtNodes, "the header announces 0 pages, so the file %s", noPagesMsg)
	}
	if h.m > csrMaxArcs {
		return h, byteError(name, csrAtArcs, "%s links exceed the limit of %s", model.Count(h.m), model.Count(uint64(csrMaxArcs)))
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
		return h, byteError(name, csrAtHosts, "%s hosts exceed the limit of 2^32", model.Count(h.hosts))
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

// csrNewline separates the strings of a string section.
var csrNewline = []byte{'\n'}

// csrRawBytes views a slice of words as its bytes in memory.
func csrRawBytes[T byte | uint32 | uint64](s []T) []byte {
	if len(s) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)*int(unsafe.Sizeof(s[0])))
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
