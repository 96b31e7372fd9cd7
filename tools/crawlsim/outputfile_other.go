//go:build !unix

package main

import (
	"context"
	"io/fs"
	"os"
)

// mayWrite reports whether the system lets this user write the file path;
// without access(2), the permission bits checked beside it decide.
func mayWrite(path string) bool { return true }

// openStream opens the FIFO or character device path for writing.
func openStream(ctx context.Context, path string, m fs.FileMode) (*os.File, error) {
	return os.OpenFile(path, os.O_WRONLY, 0)
}

// openNoWait opens path for reading.
func openNoWait(path string) (*os.File, error) {
	return os.Open(path)
}
