package graphio

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"

	"github.com/crawlsim/crawlsim/engine/model"
)

// CSRShape is what a .csr file written by a CSRWriter holds, known before
// its first section is written: the header's counts, and the byte length
// of each string section (its strings and the '\n' between them), which
// precedes the strings in the file.
type CSRShape struct {
	// Pages is n, Links m.
	Pages, Links uint64
	// HasHosts says whether the file has a host table: Hosts names, the
	// host of every page, and Unparsed pages without a parseable host
	// (graph.Hosts.Unparsed). HostNameBytes is the length of the host
	// names joined by '\n'.
	HasHosts                       bool
	Hosts, Unparsed, HostNameBytes uint64
	// HasURLs says whether the file has URLs, and URLBytes is the length
	// of the n URLs joined by '\n'.
	HasURLs  bool
	URLBytes uint64
}

// CSRWriter writes a .csr file (the format described in csr.go) section by
// section, in file order, without holding the graph: the offsets, the
// targets, the host of every page, the host names, the URLs. Each section
// is given in as many calls as the caller likes; the writer checks every
// entry (offsets rise from 0 to m, targets are pages, hosts are hosts,
// strings hold no '\n') and the counts the CSRShape announced, computes the
// body checksum as the bytes go out, and writes the header last, by
// seeking back to where the file began. A file it completes is the one
// WriteCSR writes for the same graph, byte for byte.
//
// A call with no entries does nothing, whatever the section. Errors are
// sticky: after the first, every call returns it, and the file
// is left incomplete (its header zero), for the caller to remove.
type CSRWriter struct {
	w     io.WriteSeeker
	shape CSRShape
	hd    csrHeader
	start int64 // where the file begins in w

	sec     csrSection
	left    uint64 // entries (strings, for string sections) left in sec
	bytes   uint64 // bytes left in a string section
	first   bool   // no string of the section written yet
	prev    uint64 // the last offset written
	buf     []byte
	written int64 // body bytes, for the padding
	crc     uint32
	err     error
}

// csrSection names the sections of a .csr body, in file order.
type csrSection int

const (
	csrSecOffsets csrSection = iota
	csrSecTargets
	csrSecHostOf
	csrSecHostNames
	csrSecURLs
	csrSecDone
)

var csrSectionNames = [...]string{"offsets", "targets", "host of every page", "host names", "URLs", "end"}

func (s csrSection) String() string { return csrSectionNames[s] }

// csrStreamBuffer is the CSRWriter's buffer: the body leaves in writes of
// this size.
const csrStreamBuffer = 1 << 20

// NewCSRWriter starts a .csr file of the given shape at w's current
// position, writing a zero header in place of the real one. It fails when
// the shape cannot be stored (more pages or links than the format allows,
// hosts or unparsed pages without a host table, string lengths that
// cannot hold the strings) or when w fails.
func NewCSRWriter(w io.WriteSeeker, s CSRShape) (*CSRWriter, error) {
	fail := func(format string, args ...any) (*CSRWriter, error) {
		return nil, fmt.Errorf("graphio: writing .csr: "+format, args...)
	}
	switch {
	case s.Pages > 1<<32-1:
		return fail("%s pages exceed the limit of %s", model.Count(s.Pages), model.Count(uint64(1<<32-1)))
	case s.Links > csrMaxArcs:
		return fail("%s links exceed the limit of %s", model.Count(s.Links), model.Count(uint64(csrMaxArcs)))
	case !s.HasHosts && (s.Hosts != 0 || s.Unparsed != 0 || s.HostNameBytes != 0):
		return fail("%d hosts, %d unparsed pages and %d bytes of host names without a host table", s.Hosts, s.Unparsed, s.HostNameBytes)
	case s.Hosts > 1<<32:
		return fail("%s hosts exceed the limit of 2^32", model.Count(s.Hosts))
	case s.Unparsed > s.Pages:
		return fail("%d pages without a parseable host, but %d pages", s.Unparsed, s.Pages)
	case s.HasHosts && s.Hosts == 0 && s.Pages > 0:
		return fail("%d pages but no host", s.Pages)
	case !s.HasURLs && s.URLBytes != 0:
		return fail("%d bytes of URLs without URLs", s.URLBytes)
	case s.HasHosts && s.Hosts > 0 && s.HostNameBytes < s.Hosts-1:
		return fail("%d bytes cannot hold %d host names and the line breaks between them", s.HostNameBytes, s.Hosts)
	case s.HasURLs && s.Pages > 0 && s.URLBytes < s.Pages-1:
		return fail("%d bytes cannot hold %d URLs and the line breaks between them", s.URLBytes, s.Pages)
	case s.HasHosts && s.Hosts == 0 && s.HostNameBytes != 0, s.HasURLs && s.Pages == 0 && s.URLBytes != 0:
		return fail("string bytes without strings")
	}
	start, err := w.Seek(0, io.SeekCurrent)
	if err != nil {
		return fail("%w", err)
	}
	c := &CSRWriter{
		w:     w,
		shape: s,
		hd:    csrHeader{n: s.Pages, m: s.Links, hosts: s.Hosts, unparsed: s.Unparsed, hasHosts: s.HasHosts, hasURLs: s.HasURLs},
		start: start,
		buf:   make([]byte, 0, csrStreamBuffer),
	}
	c.hd.writeFlags()
	var zero [csrHeaderSize]byte
	if _, err := w.Write(zero[:]); err != nil {
		return fail("%w", err)
	}
	c.enter(csrSecOffsets)
	return c, nil
}

// enter begins section s, or the next present one after it: it writes the
// length word of a string section, and passes over sections with nothing
// left to write.
func (c *CSRWriter) enter(s csrSection) {
	for ; s < csrSecDone; s++ {
		c.sec, c.first = s, true
		switch s {
		case csrSecOffsets:
			c.left = c.hd.n + 1
		case csrSecTargets:
			c.left = c.hd.m
		case csrSecHostOf:
			if !c.hd.hasHosts {
				continue
			}
			c.left = c.hd.n
		case csrSecHostNames:
			if !c.hd.hasHosts {
				continue
			}
			c.left, c.bytes = c.hd.hosts, c.shape.HostNameBytes
			c.put(binary.LittleEndian.AppendUint64(nil, c.bytes))
		case csrSecURLs:
			if !c.hd.hasURLs {
				continue
			}
			c.left, c.bytes = c.hd.n, c.shape.URLBytes
			c.put(binary.LittleEndian.AppendUint64(nil, c.bytes))
		}
		if c.left > 0 {
			return
		}
		c.pad()
	}
	c.sec = csrSecDone
}

// done ends the current section when nothing is left of it.
func (c *CSRWriter) done() {
	if c.left == 0 {
		c.pad()
		c.enter(c.sec + 1)
	}
}

// put appends p to the body through the buffer.
func (c *CSRWriter) put(p []byte) {
	c.written += int64(len(p))
	for len(p) > 0 && c.err == nil {
		if len(c.buf) == cap(c.buf) {
			c.flush()
		}
		k := copy(c.buf[len(c.buf):cap(c.buf)], p)
		c.buf = c.buf[:len(c.buf)+k]
		p = p[k:]
	}
}

// pad appends the zero bytes that end a section at a multiple of 8.
func (c *CSRWriter) pad() {
	var zero [8]byte
	c.put(zero[:csrPad(c.written)])
}

// flush sends the buffer to w and into the checksum.
func (c *CSRWriter) flush() {
	if c.err == nil && len(c.buf) > 0 {
		c.crc = crc32.Update(c.crc, csrTable, c.buf)
		if _, err := c.w.Write(c.buf); err != nil {
			c.err = fmt.Errorf("graphio: writing .csr: %w", err)
		}
	}
	c.buf = c.buf[:0]
}

// expect checks that the current section is s and that count more
// entries fit in it; an empty call fits anywhere.
func (c *CSRWriter) expect(s csrSection, count uint64) error {
	switch {
	case c.err != nil || count == 0:
		return c.err
	case c.sec != s:
		c.err = fmt.Errorf("graphio: writing .csr: %s given while the %s are due", s, c.sec)
	case count > c.left:
		c.err = fmt.Errorf("graphio: writing .csr: %d more %s, but only %d are left of the %d announced", count, s, c.left, c.total(s))
	}
	return c.err
}

// total is the number of entries of section s.
func (c *CSRWriter) total(s csrSection) uint64 {
	switch s {
	case csrSecOffsets:
		return c.hd.n + 1
	case csrSecTargets:
		return c.hd.m
	case csrSecHostOf, csrSecURLs:
		return c.hd.n
	case csrSecHostNames:
		return c.hd.hosts
	}
	return 0
}

// announced is the byte length announced for string section s.
func (c *CSRWriter) announced(s csrSection) uint64 {
	if s == csrSecHostNames {
		return c.shape.HostNameBytes
	}
	return c.shape.URLBytes
}

// Offsets writes the next len(v) of the n+1 offsets: the first 0, each at
// least the one before, the last m.
func (c *CSRWriter) Offsets(v []uint64) error {
	if err := c.expect(csrSecOffsets, uint64(len(v))); err != nil {
		return err
	}
	at := c.hd.n + 1 - c.left
	var w [8]byte
	width := int(c.hd.offsetWidthFor())
	for k, o := range v {
		i := at + uint64(k)
		switch {
		case i == 0 && o != 0:
			c.err = fmt.Errorf("graphio: writing .csr: offset 0 is %d, want 0", o)
		case o < c.prev || o > c.hd.m:
			c.err = fmt.Errorf("graphio: writing .csr: offset %d is %d, want %d to %d", i, o, c.prev, c.hd.m)
		case i == c.hd.n && o != c.hd.m:
			c.err = fmt.Errorf("graphio: writing .csr: the last offset is %d, want the %d links", o, c.hd.m)
		}
		if c.err != nil {
			return c.err
		}
		c.prev = o
		binary.LittleEndian.PutUint64(w[:], o)
		c.put(w[:width])
	}
	c.left -= uint64(len(v))
	c.done()
	return c.err
}

// offsetWidthFor returns the width of an offset for h's m.
func (h *csrHeader) offsetWidthFor() int64 {
	if h.m < 1<<32 {
		return 4
	}
	return 8
}

// Targets writes the next len(v) of the m targets, each below n.
func (c *CSRWriter) Targets(v []uint32) error {
	if err := c.expect(csrSecTargets, uint64(len(v))); err != nil {
		return err
	}
	if err := c.words(v, c.hd.n, "target"); err != nil {
		return err
	}
	c.done()
	return c.err
}

// HostOf writes the hosts of the next len(v) of the n pages, each below
// the number of hosts.
func (c *CSRWriter) HostOf(v []uint32) error {
	if err := c.expect(csrSecHostOf, uint64(len(v))); err != nil {
		return err
	}
	if err := c.words(v, c.hd.hosts, "host of page"); err != nil {
		return err
	}
	c.done()
	return c.err
}

// words writes the entries of a uint32 section, each below limit.
func (c *CSRWriter) words(v []uint32, limit uint64, what string) error {
	at := c.total(c.sec) - c.left
	for k, x := range v {
		if uint64(x) >= limit {
			c.err = fmt.Errorf("graphio: writing .csr: %s %d is %d, want below %d", what, at+uint64(k), x, limit)
			return c.err
		}
	}
	if csrRawViews {
		c.put(csrRawBytes(v))
	} else {
		var w [4]byte
		for _, x := range v {
			binary.LittleEndian.PutUint32(w[:], x)
			c.put(w[:])
		}
	}
	c.left -= uint64(len(v))
	return c.err
}

// HostName writes the next of the host names.
func (c *CSRWriter) HostName(name []byte) error {
	return c.str(csrSecHostNames, name)
}

// URL writes the next of the n URLs.
func (c *CSRWriter) URL(url []byte) error {
	return c.str(csrSecURLs, url)
}

// str writes the next string of section s, after a '\n' unless it is the
// first.
func (c *CSRWriter) str(s csrSection, p []byte) error {
	if err := c.expect(s, 1); err != nil {
		return err
	}
	at := c.total(s) - c.left
	size := uint64(len(p))
	if !c.first {
		size++
	}
	switch {
	case bytes.IndexByte(p, '\n') >= 0:
		c.err = fmt.Errorf("graphio: writing .csr: %s %d contains a line break", s, at)
	case size > c.bytes:
		c.err = fmt.Errorf("graphio: writing .csr: %s %d overruns the %d bytes announced", s, at, c.announced(s))
	case c.left == 1 && size != c.bytes:
		c.err = fmt.Errorf("graphio: writing .csr: the %s end %d bytes short of the length announced", s, c.bytes-size)
	}
	if c.err != nil {
		return c.err
	}
	if !c.first {
		c.put(csrNewline)
	}
	c.put(p)
	c.first = false
	c.bytes -= size
	c.left--
	c.done()
	return c.err
}

// Close checks that every section is complete, writes what is buffered,
// and then the header, with both checksums, at the start of the file; w
// is left positioned at the file's end. It does not close w.
func (c *CSRWriter) Close() error {
	if c.err != nil {
		return c.err
	}
	if c.sec != csrSecDone {
		c.err = fmt.Errorf("graphio: writing .csr: closed with %d %s of %d still to write", c.left, c.sec, c.total(c.sec))
		return c.err
	}
	c.flush()
	if c.err != nil {
		return c.err
	}
	c.hd.bodyCRC = c.crc
	hdr := c.hd.encode()
	end := c.start + csrHeaderSize + c.written
	if _, err := c.w.Seek(c.start, io.SeekStart); err != nil {
		c.err = fmt.Errorf("graphio: writing .csr: %w", err)
		return c.err
	}
	if _, err := c.w.Write(hdr[:]); err != nil {
		c.err = fmt.Errorf("graphio: writing .csr: %w", err)
		return c.err
	}
	if _, err := c.w.Seek(end, io.SeekStart); err != nil {
		c.err = fmt.Errorf("graphio: writing .csr: %w", err)
		return c.err
	}
	c.err = errCSRWriterClosed
	return nil
}

// errCSRWriterClosed is returned by calls after Close.
var errCSRWriterClosed = errors.New("graphio: writing .csr: the writer is closed")
