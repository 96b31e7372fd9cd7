// Package graphio reads and writes crawlsim graphs over io.Reader and
// io.Writer, so the same code serves files natively and uploaded bytes in
// the browser: SNAP-style edge lists, WebGraph ASCII (.graph-txt), WebGraph
// BVGraph (.graph + .properties, optional .offsets), URL lists, and the
// native .csr format.
//
// Formats are kept apart from algorithms: a reader returns a graph.Graph and
// nothing downstream knows which file it came from. Every reader refuses bad
// input with an *Error naming the file and the line or byte offset, never
// panics, and never allocates for a page or link count that the input cannot
// back.
//
// Load reads every file it opens (graph, .properties, .offsets, URL list)
// through gzip when the file starts with gzip's magic bytes, whatever its
// name, decompressing as it reads; names look through a final ".gz"
// (g.graph-txt.gz is WebGraph ASCII). Other compressed formats (zstd, xz,
// bzip2, lz4, compress, zip) are refused with the command that
// decompresses them. The text readers (edge list, WebGraph ASCII, URL
// list) read UTF-8 with or without a byte order mark, refuse UTF-16 text
// and NUL bytes (binary data) as soon as they see them, and refuse lines
// longer than TextLineLimit (ASCIISuccessorLineLimit for the successor
// lines of WebGraph ASCII), so that no input, /dev/zero included, makes
// them read without bound.
package graphio

import (
	"errors"
	"fmt"
	"strings"
)

// Error is a reader's complaint about its input: where it is and what was
// expected there. When the input could not be read at all (the underlying
// io.Reader failed, or a file could not be opened), Err holds that failure
// and Unwrap returns it, so errors.Is(err, context.Canceled) sees through
// an *Error.
type Error struct {
	// File names the input as the caller named it.
	File string
	// Line is the 1-based line of a text input, or 0.
	Line int64
	// Offset is the 0-based byte offset in a binary input, or -1 when the
	// position is a line or unknown.
	Offset int64
	// Msg says what was found and what was expected.
	Msg string
	// Err is the underlying failure when reading or opening the input
	// failed, else nil.
	Err error
}

// Error returns "FILE:LINE: MSG", "FILE: byte OFFSET: MSG" or "FILE: MSG",
// followed by ": " and the text of Err when Err is set and Msg does not
// already contain it.
func (e *Error) Error() string {
	msg := e.Msg
	if e.Err != nil {
		if s := e.Err.Error(); msg == "" {
			msg = s
		} else if !strings.Contains(msg, s) {
			msg += ": " + s
		}
	}
	switch {
	case e.Line > 0:
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, msg)
	case e.Offset >= 0:
		return fmt.Sprintf("%s: byte %d: %s", e.File, e.Offset, msg)
	default:
		return fmt.Sprintf("%s: %s", e.File, msg)
	}
}

// Unwrap returns Err, the failure of the underlying reader, or nil.
func (e *Error) Unwrap() error { return e.Err }

// noPagesMsg ends the complaint about a file that holds no pages, in
// every format: "empty.edges: holds no pages: ...", or, after what
// announces a count of 0 at its line or byte, "..., so the file holds no
// pages: ...". Nothing can be crawled on a graph without pages, so every
// reader refuses one when it is read rather than when a run first needs a
// page. A graph with pages and no links is a graph, and is read.
const noPagesMsg = "holds no pages: a graph needs at least one page"

// lineError returns an Error at a line of a text input.
func lineError(file string, line int64, format string, args ...any) *Error {
	return &Error{File: file, Line: line, Offset: -1, Msg: fmt.Sprintf(format, args...)}
}

// byteError returns an Error at a byte offset of a binary input.
func byteError(file string, offset int64, format string, args ...any) *Error {
	return &Error{File: file, Offset: offset, Msg: fmt.Sprintf(format, args...)}
}

// lineReadError returns an Error for a text input whose reader failed with
// err while the given line was being read. When err says that compressed
// data did not decompress, the Error is at its offset in the compressed
// file instead.
func lineReadError(file string, line int64, err error) *Error {
	if e := compressedDataErrorOf(file, err); e != nil {
		return e
	}
	return &Error{File: file, Line: line, Offset: -1, Msg: "reading", Err: err}
}

// byteReadError returns an Error for a binary input whose reader failed
// with err at the given byte offset, or, when err says that compressed
// data did not decompress, at its offset in the compressed file.
func byteReadError(file string, offset int64, err error) *Error {
	if e := compressedDataErrorOf(file, err); e != nil {
		return e
	}
	return &Error{File: file, Offset: offset, Msg: "reading", Err: err}
}

// compressedDataErrorOf returns the Error for a compressedDataError in
// err, or nil when there is none.
func compressedDataErrorOf(file string, err error) *Error {
	var ce *compressedDataError
	if !errors.As(err, &ce) {
		return nil
	}
	return byteError(file, ce.offset, "%s", ce.msg)
}

// fileError returns an Error about a whole input.
func fileError(file string, format string, args ...any) *Error {
	return &Error{File: file, Offset: -1, Msg: fmt.Sprintf(format, args...)}
}
