package graph

import (
	"errors"
	"fmt"
	"slices"
)

// PackedLists holds out-lists re-encoded byte-aligned, as variable-length
// integers of seven bits a byte: for each list the zigzag distance of its
// first target from its page, then the gaps less one between consecutive
// targets. On a web graph, whose links mostly stay near their page, that
// is one or two bytes a link (a CSR takes four, a BVGraph a few bits) and
// it decodes several times faster than a BVGraph, which reads bit codes
// and copies from reference lists: a graph read in place is packed so
// (PackWriter) when the memory allows, and every pass of PageRank and every
// crawl then reads it instead (docs/architecture.md, "Graphs").
//
// Pages are grouped into blocks of 2^packBlockShift, each block's lists
// one byte slice, so that a list's start fits in 32 bits.
type PackedLists struct {
	n      int
	m      int64
	blocks [][]byte
	start  []uint32 // start[i]: where page i's list begins in its block
	bytes  int64    // Σ len(blocks)
	// fingerprint, when known, identifies the lists for the reader that
	// packed them (SetFingerprint).
	fingerprint      uint64
	knowsFingerprint bool
}

// packBlockShift sets the pages of a block, 2^16: few enough that a
// block's bytes stay far below 2^32 on any graph crawlsim can hold (a
// page has fewer than 2^32 links of at most 5 bytes, so a block that
// overflows is refused rather than wrapped), many enough that the block
// slices cost nothing.
const packBlockShift = 16

// ErrPackTooLarge is returned by PackWriter.Lists when the packed lists
// would take more than the bytes they were allowed.
var ErrPackTooLarge = errors.New("graph: the packed lists would exceed their memory")

// PackWriter makes PackedLists from out-lists given one page at a time in
// page order, as a sequential decoder meets them: graphio packs a BVGraph
// read in place while it checks it, so that its lists are decoded once.
type PackWriter struct {
	p        *PackedLists
	next     int    // the page whose list comes next
	buf      []byte // the lists of the block being packed
	total    int64  // the bytes of the blocks done
	maxBytes int64
	links    int64 // the links of the lists added
	err      error
	progress func(pages int64)
}

// NewPackWriter returns a PackWriter for n pages and m links, whose packed
// bytes may take at most maxBytes (no limit when 0 or less). progress,
// when not nil, is called with the pages packed so far after each block.
func NewPackWriter(n int, m int64, maxBytes int64, progress func(pages int64)) *PackWriter {
	p := &PackedLists{n: n, m: m, start: make([]uint32, n)}
	p.blocks = make([][]byte, (n+1<<packBlockShift-1)>>packBlockShift)
	return &PackWriter{p: p, maxBytes: maxBytes, progress: progress}
}

// Add packs out, the sorted out-list of the next page, and reports
// whether the writer can go on: after it has failed (more bytes than its
// maxBytes, a block over 4 GiB, more lists than pages) Add does nothing
// and returns false, having freed what it packed; Lists returns the
// failure.
func (w *PackWriter) Add(out []uint32) bool {
	if w.err != nil {
		return false
	}
	p, i := w.p, w.next
	if i >= p.n {
		return w.fail(fmt.Errorf("graph: packing a list for page %d of %d", i, p.n))
	}
	if uint64(len(w.buf)) > 1<<32-1 {
		lo := i &^ (1<<packBlockShift - 1)
		return w.fail(fmt.Errorf("graph: packing pages %d to %d: more than 4 GiB", lo, min(p.n, lo+1<<packBlockShift)-1))
	}
	p.start[i] = uint32(len(w.buf))
	if w.maxBytes > 0 {
		// Every link takes at least a byte: once the links still to
		// come (this list's at least) cannot fit, the writer stops
		// before its buffer grows for them, and the buffer grows no
		// further than the bytes left.
		left := w.maxBytes - w.total
		if int64(len(w.buf))+max(w.p.m-w.links, int64(len(out))) > left {
			return w.fail(ErrPackTooLarge)
		}
		w.links += int64(len(out))
		if need := len(w.buf) + len(out) + 4; need > cap(w.buf) {
			grown := make([]byte, len(w.buf), max(need, int(min(2*int64(cap(w.buf)), left))))
			w.buf = grown[:copy(grown, w.buf)]
		}
	}
	w.buf = appendPackedList(w.buf, uint32(i), out)
	if w.maxBytes > 0 && w.total+int64(len(w.buf)) > w.maxBytes {
		return w.fail(ErrPackTooLarge)
	}
	w.next++
	if w.next&(1<<packBlockShift-1) == 0 || w.next == p.n {
		// A copy of exactly its bytes, so that the bytes counted are the
		// bytes held.
		p.blocks[i>>packBlockShift] = append([]byte(nil), w.buf...)
		w.total += int64(len(w.buf))
		w.buf = w.buf[:0]
		if w.progress != nil {
			w.progress(int64(w.next))
		}
	}
	return true
}

// fail records err, frees the packed bytes and returns false.
func (w *PackWriter) fail(err error) bool {
	w.err, w.p, w.buf = err, nil, nil
	return false
}

// Lists returns the packed lists once every page's list was added, or
// the failure that stopped the writer (ErrPackTooLarge beyond maxBytes),
// or an error when fewer lists than pages were added.
func (w *PackWriter) Lists() (*PackedLists, error) {
	if w.err != nil {
		return nil, w.err
	}
	if w.next != w.p.n {
		return nil, fmt.Errorf("graph: %d lists packed for %d pages", w.next, w.p.n)
	}
	w.p.bytes = w.total
	return w.p, nil
}

// appendPackedList appends the list out of page i to buf.
func appendPackedList(buf []byte, i uint32, out []uint32) []byte {
	if len(out) == 0 {
		return buf
	}
	// Most gaps of a web graph fit a byte: room for one a link, and the
	// first target's few, saves growing buf integer by integer.
	buf = slices.Grow(buf, len(out)+4)
	d := int64(out[0]) - int64(i)
	buf = appendUvarint(buf, uint64(d<<1)^uint64(d>>63))
	prev := out[0]
	for _, t := range out[1:] {
		if g := t - prev - 1; g < 0x80 {
			buf = append(buf, byte(g))
		} else {
			buf = appendUvarint(buf, uint64(g))
		}
		prev = t
	}
	return buf
}

// appendUvarint appends v, seven bits a byte, the low bits first, the high
// bit of each byte but the last set.
func appendUvarint(buf []byte, v uint64) []byte {
	for v >= 0x80 {
		buf = append(buf, byte(v)|0x80)
		v >>= 7
	}
	return append(buf, byte(v))
}

// SetFingerprint records fp as the lists' fingerprint: a checksum of
// their links that the code which decoded them computed as it packed them
// (natively graphio.Fingerprint), so that it need not decode them all
// again to compute it.
func (p *PackedLists) SetFingerprint(fp uint64) { p.fingerprint, p.knowsFingerprint = fp, true }

// Fingerprint returns the fingerprint recorded by SetFingerprint, and
// false when none was.
func (p *PackedLists) Fingerprint() (uint64, bool) { return p.fingerprint, p.knowsFingerprint }

// NumNodes returns the number of pages.
func (p *PackedLists) NumNodes() int { return p.n }

// NumArcs returns the number of links.
func (p *PackedLists) NumArcs() int64 { return p.m }

// Bytes returns the memory of the packed lists and their starts.
func (p *PackedLists) Bytes() int64 { return p.bytes + 4*int64(p.n) }

// list returns the packed bytes of page i's list.
func (p *PackedLists) list(i uint32) []byte {
	b := p.blocks[i>>packBlockShift]
	end := uint32(len(b))
	if j := i + 1; j&(1<<packBlockShift-1) != 0 && int(j) < p.n {
		end = p.start[j]
	}
	return b[p.start[i]:end]
}

// OutDegree returns the number of links of page i: the bytes that end an
// integer, those below 0x80.
func (p *PackedLists) OutDegree(i uint32) int {
	d := 0
	for _, c := range p.list(i) {
		if c < 0x80 {
			d++
		}
	}
	return d
}

// NewCursor returns a decoder for one goroutine.
func (p *PackedLists) NewCursor() Cursor { return &packedCursor{p: p} }

// packedCursor decodes PackedLists into a buffer of its own.
type packedCursor struct {
	p   *PackedLists
	buf []uint32
}

// Out returns the out-list of page i, valid until the next call.
func (c *packedCursor) Out(i uint32) []uint32 { return c.decode(i, i) }

// decode decodes the bytes of list j as the list of page i.
func (c *packedCursor) decode(j, i uint32) []uint32 {
	b := c.p.list(j)
	out := c.buf[:0]
	if len(b) == 0 {
		return out
	}
	v, k := packedUvarint(b, 0)
	t := uint32(int64(i) + (int64(v>>1) ^ -int64(v&1)))
	out = append(out, t)
	for k < len(b) {
		if c := b[k]; c < 0x80 { // most gaps of a web graph fit a byte
			t += uint32(c) + 1
			k++
		} else {
			v, k = packedUvarint(b, k)
			t += uint32(v) + 1
		}
		out = append(out, t)
	}
	c.buf = out
	return out
}

// packedUvarint decodes the integer at b[k:] and returns it with the
// index after it.
func packedUvarint(b []byte, k int) (uint64, int) {
	var v uint64
	for shift := uint(0); ; shift += 7 {
		c := b[k]
		k++
		v |= uint64(c&0x7f) << shift
		if c < 0x80 {
			return v, k
		}
	}
}

// Err returns nil: packed lists were checked when they were made.
func (c *packedCursor) Err() error { return nil }
