//go:build unix

package main

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"syscall"
	"time"
)

// mayWrite reports whether the system lets this user write the file path
// (access(2) with W_OK).
func mayWrite(path string) bool {
	const wOK = 0x2 // W_OK in <unistd.h>
	return syscall.Access(path, wOK) == nil
}

// openStream opens the FIFO or character device path (mode m) for
// writing. Opening a FIFO waits for a reader: it is opened without
// blocking, again every 20 ms while no reader is there, so that
// cancelling ctx stops the wait; the file it returns can then be
// interrupted by a write deadline.
func openStream(ctx context.Context, path string, m fs.FileMode) (*os.File, error) {
	if m&fs.ModeNamedPipe == 0 {
		return os.OpenFile(path, os.O_WRONLY, 0)
	}
	for {
		f, err := os.OpenFile(path, os.O_WRONLY|syscall.O_NONBLOCK, 0)
		if !errors.Is(err, syscall.ENXIO) { // ENXIO: no reader yet
			return f, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// openNoWait opens path for reading without waiting: a FIFO that has
// taken the place of a regular file since it was checked opens at once
// instead of waiting for a writer, and a symbolic link is not followed.
func openNoWait(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOFOLLOW, 0)
}
