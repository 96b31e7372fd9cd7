package graphio

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"math"

	"github.com/crawlsim/crawlsim/engine/graph"
)

// This file reads a .csr file (the format is described in csr.go) held in
// memory, such as a memory-mapped file, viewing its arrays in place.

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
// links than lim allows, or whose copies (csrHeapBytes) need more memory,
// and stops when lim's cancel function fails (polled every block of its
// checks). The bytes of b are not counted: the caller holds them already, mapped
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
	sum, err := o.checksum(b, name)
	if err != nil {
		return nil, err
	}
	if sum != h.bodyCRC {
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
			if i%(csrCheckBlock/4) == 0 {
				if err := o.lim.poll(); err != nil {
					return nil, byteReadError(name, lay.offsets+int64(i)*4, err)
				}
			}
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
			if err := o.lim.poll(); err != nil {
				return nil, byteReadError(name, urls.at+8+int64(from), err)
			}
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
	if err := csrCheckGraph(g, &lay, name, lim); err != nil {
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

// checksum returns the CRC-32C of the body of the .csr file b (named name
// in errors), a block at a time, releasing each block once summed,
// reporting progress and polling the cancel function, whose error stops
// it.
func (o *csrReadOptions) checksum(b []byte, name string) (uint32, error) {
	crc := uint32(0)
	body := b[csrHeaderSize:]
	for from := 0; from < len(body); from += csrCheckBlock {
		if err := o.lim.poll(); err != nil {
			return 0, byteReadError(name, csrHeaderSize+int64(from), err)
		}
		part := body[from:min(from+csrCheckBlock, len(body))]
		crc = crc32.Update(crc, csrTable, part)
		o.releasePart(part)
		if o.progress != nil {
			o.progress(int64(from+len(part)), int64(len(body)))
		}
	}
	return crc, nil
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

// releasePart hands part of a mapped file to o.release, when set.
func (o *csrReadOptions) releasePart(part []byte) {
	if o.release != nil && len(part) > 0 {
		o.release(part)
	}
}
