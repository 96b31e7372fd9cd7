//go:build unix

package main

import (
	"os"
	"syscall"
)

// umask returns the process's file-mode creation mask. Reading it means
// setting it, so it is set back at once; the CLI is single-threaded here.
func umask() os.FileMode {
	m := syscall.Umask(0)
	syscall.Umask(m)
	return os.FileMode(m)
}
