//go:build unix

package site

import "syscall"

// openNonBlocking is the open flag that keeps opening a FIFO from waiting
// for a writer (fileServer.open).
const openNonBlocking = syscall.O_NONBLOCK
