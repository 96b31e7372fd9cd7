package graphio

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"strings"
	"unsafe"

	"github.com/crawlsim/crawlsim/engine/graph"
)

// This file writes a graph held in memory as a .csr file (the format is
// described in csr.go); csr_write_stream.go writes one section by section.

// WriteCSR writes g in the .csr format described in this file's header
// comment, with its host table and URLs when it has them. A host name or
// URL containing '\n' cannot be stored and is an error.
//
// A graph held in a Lists (a BVGraph read in place) is decoded into CSR
// arrays first, the 4 bytes a link that the file holds.
func WriteCSR(w io.Writer, g *graph.Graph) error {
	if err := g.Validate(); err != nil {
		return fmt.Errorf("graphio: writing .csr: %w", err)
	}
	g, err := g.ToCSR()
	if err != nil {
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
