package graphio

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"unsafe"
)

// This file reads raw importance vectors: float64 or float32 values, one
// a page, in either byte order, with nothing else in the file (see the
// comment at the top of importance.go).

// rawLayout is one way to read raw values: their width and byte order.
type rawLayout struct {
	format ImportanceFileFormat
	width  int // bytes a value
	big    bool
}

var (
	rawF64LE = rawLayout{ImportanceFloat64, 8, false}
	rawF64BE = rawLayout{ImportanceFloat64BE, 8, true}
	rawF32BE = rawLayout{ImportanceFloat32BE, 4, true}
	rawF32LE = rawLayout{ImportanceFloat32LE, 4, false}
)

// rawLayoutOf returns the layout of a raw format.
func rawLayoutOf(f ImportanceFileFormat) rawLayout {
	switch f {
	case ImportanceFloat64BE:
		return rawF64BE
	case ImportanceFloat32BE:
		return rawF32BE
	case ImportanceFloat32LE:
		return rawF32LE
	}
	return rawF64LE
}

// describe names the layout in messages: "big-endian float64".
func (l rawLayout) describe() string {
	order := "little-endian"
	if l.big {
		order = "big-endian"
	}
	return fmt.Sprintf("%s float%d", order, 8*l.width)
}

// other is the layout of the same width in the other byte order.
func (l rawLayout) other() rawLayout {
	switch l {
	case rawF64LE:
		return rawF64BE
	case rawF64BE:
		return rawF64LE
	case rawF32BE:
		return rawF32LE
	}
	return rawF32BE
}

// value returns value i of b read with the layout.
func (l rawLayout) value(b []byte, i int) float64 {
	switch {
	case l.width == 8 && l.big:
		return math.Float64frombits(binary.BigEndian.Uint64(b[8*i:]))
	case l.width == 8:
		return math.Float64frombits(binary.LittleEndian.Uint64(b[8*i:]))
	case l.big:
		return float64(math.Float32frombits(binary.BigEndian.Uint32(b[4*i:])))
	}
	return float64(math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:])))
}

// scoreOK reports whether s can be a score: finite and not negative.
func scoreOK(s float64) bool { return s >= 0 && !math.IsInf(s, 1) }

// plausible reports whether s is a score a real vector holds: 0, or
// within the range of the comment at the top of importance.go. Values
// read in the wrong byte order have exponents taken from mantissa bytes,
// and nearly all fail this (or are negative, or not numbers).
func (l rawLayout) plausible(s float64) bool {
	if !scoreOK(s) {
		return false
	}
	if s == 0 {
		return true
	}
	if l.width == 8 {
		return s >= 1e-250 && s <= 1e250
	}
	return s >= 1e-36 && s <= 1e36
}

// firstImplausible returns the first of the n values of b that is not
// plausible read with l, or -1 when all are.
func (l rawLayout) firstImplausible(b []byte, n int) int {
	for i := range n {
		if !l.plausible(l.value(b, i)) {
			return i
		}
	}
	return -1
}

// countImplausible returns how many of the n values of b are not
// plausible read with l.
func (l rawLayout) countImplausible(b []byte, n int) int {
	count := 0
	for i := range n {
		if !l.plausible(l.value(b, i)) {
			count++
		}
	}
	return count
}

// readRaw reads raw values, format naming their layout or "" to tell it
// from the file's size (8 or 4 bytes a page) and the values' plausibility
// in each byte order. The bytes are read into the scores' own memory and
// converted in place, so reading takes 8 bytes a page in all.
// The scores' memory holds the file's bytes until they are converted.
func (in *impInput) readRaw(format ImportanceFileFormat) (*Importance, error) {
	n := in.g.NumNodes()
	scores := make([]float64, n)
	var b []byte
	if n > 0 {
		b = unsafe.Slice((*byte)(unsafe.Pointer(&scores[0])), 8*n)
	}
	got, err := io.ReadFull(in.br, b)
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return nil, byteReadError(in.name, int64(got), err)
	}
	size := int64(got)
	if got == len(b) {
		if _, err := in.br.ReadByte(); err == nil {
			return nil, in.sizeError(format, -1)
		} else if err != io.EOF {
			return nil, byteReadError(in.name, size, err)
		}
	}
	lay, err := in.rawLayoutFor(format, b[:got], size)
	if err != nil {
		return nil, err
	}
	for i := range n {
		if s := lay.value(b, i); !scoreOK(s) {
			return nil, byteError(in.name, int64(lay.width*i), "the score of page %d is %.6g: expected a finite number, 0 or more (read as %s)", i, s, lay.describe())
		}
	}
	// In place: value i is read before slot i is written, and, for float32,
	// pages are converted from the last so that slot i (bytes 8i to 8i+7)
	// never covers the bytes of a value not yet read (4j to 4j+3, j < i).
	for i := n - 1; i >= 0; i-- {
		scores[i] = lay.value(b, i)
	}
	v := &Importance{Format: lay.format, Scores: scores}
	return v, v.normalize(in.name)
}

// rawLayoutFor returns the layout to read the size bytes b with: the
// format's, checked against the size and the other byte order, or, for
// "", the one the size and the values tell.
func (in *impInput) rawLayoutFor(format ImportanceFileFormat, b []byte, size int64) (rawLayout, error) {
	n := in.g.NumNodes()
	if format != "" {
		lay := rawLayoutOf(format)
		if size != int64(lay.width)*int64(n) {
			return lay, in.sizeError(format, size)
		}
		bad := lay.firstImplausible(b, n)
		if bad < 0 || lay.other().firstImplausible(b, n) >= 0 {
			return lay, nil // a bad value is reported as such by readRaw
		}
		return lay, byteError(in.name, int64(lay.width*bad), "read as %s, the score of page %d is %.6g, but read as %s every score is a plausible number: the file is %s, not %s (the format %s)",
			lay.describe(), bad, lay.value(b, bad), lay.other().describe(), lay.other().describe(), lay.describe(), lay.other().format)
	}
	var lays [2]rawLayout
	switch size {
	case 8 * int64(n):
		lays = [2]rawLayout{rawF64LE, rawF64BE}
	case 4 * int64(n):
		lays = [2]rawLayout{rawF32BE, rawF32LE}
	default:
		return rawF64LE, in.sizeError("", size)
	}
	// The first order whose values are all plausible; else the one with
	// fewer implausible values, so that a bad score in the file's order
	// (page 0 +Inf) is named, not one of the many the other order makes;
	// else the one that goes further, so that its error names the first
	// bad score.
	bad0, bad1 := lays[0].firstImplausible(b, n), lays[1].firstImplausible(b, n)
	switch {
	case bad0 < 0:
		return lays[0], nil
	case bad1 < 0:
		return lays[1], nil
	}
	c0, c1 := lays[0].countImplausible(b, n), lays[1].countImplausible(b, n)
	if c1 < c0 || (c1 == c0 && bad1 > bad0) {
		return lays[1], nil
	}
	return lays[0], nil
}

// sizeError says that the file's size (size bytes, -1 when it goes on
// past 8 bytes a page) fits no raw layout, or not the format's.
func (in *impInput) sizeError(format ImportanceFileFormat, size int64) error {
	n := int64(in.g.NumNodes())
	what := fmt.Sprintf("more than %d", 8*n)
	if size >= 0 {
		what = fmt.Sprint(size)
	}
	note := ""
	if in.printable {
		note = "; its first bytes are text, but its first line is neither a score, a key and a score, nor a line of column names"
	}
	if format != "" {
		lay := rawLayoutOf(format)
		at := size
		if at < 0 {
			at = int64(lay.width) * n
			what = fmt.Sprintf("more than %d", at)
		}
		return byteError(in.name, at, "the file has %s bytes: %s has %d pages, which need %d bytes of %s%s", what, in.graphName, n, int64(lay.width)*n, lay.describe(), note)
	}
	at := size
	if at < 0 {
		at = 8 * n
	}
	return byteError(in.name, at, "the file has %s bytes: %s has %d pages, so a raw vector has %d bytes (float64) or %d (float32)%s", what, in.graphName, n, 8*n, 4*n, note)
}
