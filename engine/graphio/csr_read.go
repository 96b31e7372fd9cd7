package graphio

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io"
	"math"
	"strings"
	"unsafe"

	"github.com/crawlsim/crawlsim/engine/graph"
)

// This file reads a .csr file (the format is described in csr.go) from an
// io.Reader, and holds what both .csr readers share: their options, the
// string sections' checks and the graph's final check; csr_read_bytes.go
// reads a file already in memory.

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
	if err := csrCheckGraph(g, &lay, name, lim); err != nil {
		return nil, err
	}
	return g, nil
}

// csrCheckGraph checks the decoded graph as graph.Validate does and reports
// a violation as an *Error with Validate's message (which names the page)
// at the byte offset of the offending entry. It checks the pages in
// blocks, polling lim's cancel function between them, whose error stops
// it.
func csrCheckGraph(g *graph.Graph, lay *csrLayout, name string, lim *readLimits) error {
	verr := g.ValidateShape()
	for lo, n := 0, g.NumNodes(); verr == nil && lo < n; lo += csrValidateBlock {
		if err := lim.poll(); err != nil {
			return byteReadError(name, lay.offsets+int64(lo)*lay.offsetWidth, err)
		}
		verr = g.ValidatePages(lo, min(lo+csrValidateBlock, n))
	}
	if verr == nil {
		return nil
	}
	return byteError(name, csrLocate(g, lay), "%s", strings.TrimPrefix(verr.Error(), "graph: "))
}

// csrValidateBlock is how many pages csrCheckGraph checks between two
// polls of the cancel function (a variable so that tests can make it
// small).
var csrValidateBlock = 1 << 16

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
