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
package graphio

import "fmt"

// Error is a reader's complaint about its input: where it is and what was
// expected there.
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
}

func (e *Error) Error() string {
	switch {
	case e.Line > 0:
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	case e.Offset >= 0:
		return fmt.Sprintf("%s: byte %d: %s", e.File, e.Offset, e.Msg)
	default:
		return fmt.Sprintf("%s: %s", e.File, e.Msg)
	}
}

// lineError returns an Error at a line of a text input.
func lineError(file string, line int64, format string, args ...any) *Error {
	return &Error{File: file, Line: line, Offset: -1, Msg: fmt.Sprintf(format, args...)}
}

// byteError returns an Error at a byte offset of a binary input.
func byteError(file string, offset int64, format string, args ...any) *Error {
	return &Error{File: file, Offset: offset, Msg: fmt.Sprintf(format, args...)}
}

// fileError returns an Error about a whole input.
func fileError(file string, format string, args ...any) *Error {
	return &Error{File: file, Offset: -1, Msg: fmt.Sprintf(format, args...)}
}
