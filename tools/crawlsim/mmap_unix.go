//go:build unix

package main

import (
	"os"
	"syscall"
)

// mapFile maps a file read-only into memory. It reports false when the file
// cannot be mapped (empty, too large for the address space, or an error),
// and when the process's address space is limited (RLIMIT_AS, ulimit -v):
// a mapping takes address space that the memory budget, computed before
// loading, does not see, whereas a file that is read is checked against
// it as it is read. The caller then reads it instead.
func mapFile(path string) ([]byte, bool) {
	if addressSpaceLimited() {
		return nil, false
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || st.Size() <= 0 || int64(int(st.Size())) != st.Size() {
		return nil, false
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(st.Size()), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, false
	}
	return data, true
}
