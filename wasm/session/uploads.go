package session

import (
	"bytes"
	"io/fs"
	"time"
)

// uploads is the files of the last upload, by name, as a read-only fs.FS
// for the engine's readers (graphio.Load, the runner's importance file).
// It has no folders: every name is a file of the root.
type uploads map[string][]byte

// Open opens the named file: a reader that can seek (so that .csr's
// header is checked against the file's length) and tell its size.
func (u uploads) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	data, ok := u[name]
	if !ok {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return &uploadFile{Reader: bytes.NewReader(data), info: uploadInfo{name: name, size: int64(len(data))}}, nil
}

// size returns the bytes of the named file and whether there is one.
func (u uploads) size(name string) (int64, bool) {
	data, ok := u[name]
	return int64(len(data)), ok
}

// total returns the bytes of all the files.
func (u uploads) total() int64 {
	n := int64(0)
	for _, data := range u {
		n += int64(len(data))
	}
	return n
}

// uploadFile is an open file of uploads.
type uploadFile struct {
	*bytes.Reader
	info uploadInfo
}

func (f *uploadFile) Stat() (fs.FileInfo, error) { return f.info, nil }
func (f *uploadFile) Close() error               { return nil }

// uploadInfo describes a file of uploads: a regular, read-only file.
type uploadInfo struct {
	name string
	size int64
}

func (i uploadInfo) Name() string       { return i.name }
func (i uploadInfo) Size() int64        { return i.size }
func (i uploadInfo) Mode() fs.FileMode  { return 0o444 }
func (i uploadInfo) ModTime() time.Time { return time.Time{} }
func (i uploadInfo) IsDir() bool        { return false }
func (i uploadInfo) Sys() any           { return nil }
