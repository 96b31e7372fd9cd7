package graphtest

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"slices"
)

// File is an in-memory io.WriteSeeker that behaves as a file does: a write
// past the end extends it, a write before the end overwrites.
type File struct {
	// Data is the file's content.
	Data []byte
	// Pos is where the next write goes.
	Pos int64
	// FailAt, when positive, makes the write that would reach that many
	// bytes fail with ErrDiskFull, writing nothing.
	FailAt int64
}

// ErrDiskFull is the error of a File's write that reaches FailAt.
var ErrDiskFull = errors.New("disk full")

// Write writes p at Pos and moves Pos past it.
func (f *File) Write(p []byte) (int, error) {
	if f.FailAt > 0 && f.Pos+int64(len(p)) >= f.FailAt {
		return 0, ErrDiskFull
	}
	if end := f.Pos + int64(len(p)); end > int64(len(f.Data)) {
		f.Data = slices.Grow(f.Data, int(end)-len(f.Data))[:end]
	}
	copy(f.Data[f.Pos:], p)
	f.Pos += int64(len(p))
	return len(p), nil
}

// Seek sets Pos as io.Seeker says; a position before the start is an
// error.
func (f *File) Seek(offset int64, whence int) (int64, error) {
	switch whence {
	case io.SeekCurrent:
		offset += f.Pos
	case io.SeekEnd:
		offset += int64(len(f.Data))
	}
	if offset < 0 {
		return 0, errors.New("negative position")
	}
	f.Pos = offset
	return offset, nil
}

// Zeros is an endless input of NUL bytes, as /dev/zero.
type Zeros struct{}

// Read fills p with NUL bytes.
func (Zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// Gzip compresses data as one gzip member, the way gzip(1) and SNAP's
// .txt.gz files do (Go's writer: a 10-byte header without a name, then
// deflate, then the CRC-32 and size).
func Gzip(t TB, data []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if _, err := zw.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
