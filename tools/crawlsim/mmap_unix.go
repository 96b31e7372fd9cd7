//go:build unix

package main

import (
	"os"
	"sync"
	"syscall"
	"unsafe"
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
	mappedMu.Lock()
	mapped = append(mapped, data)
	mappedMu.Unlock()
	return data, true
}

// mapped lists the mappings mapFile made (they stay for the life of the
// process), so that releaseMapped touches nothing else.
var (
	mappedMu sync.Mutex
	mapped   [][]byte
)

// isMapped reports whether b lies inside a mapping made by mapFile.
func isMapped(b []byte) bool {
	start := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	mappedMu.Lock()
	defer mappedMu.Unlock()
	for _, m := range mapped {
		lo := uintptr(unsafe.Pointer(unsafe.SliceData(m)))
		if start >= lo && start+uintptr(len(b)) <= lo+uintptr(len(m)) {
			return true
		}
	}
	return false
}

// releaseMapped lets the kernel drop the pages of b, a part of a read-only
// file mapping made by mapFile, from the process's resident memory
// (MADV_DONTNEED): reading them again brings them back from the file or
// the page cache. Only the whole pages inside b are released, and nothing
// when b is not inside such a mapping (on the heap, MADV_DONTNEED would
// zero memory). Failures are ignored: the pages then simply stay resident.
func releaseMapped(b []byte) {
	if len(b) == 0 || !isMapped(b) {
		return
	}
	page := uintptr(os.Getpagesize())
	start := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	lo := (start + page - 1) &^ (page - 1)
	hi := (start + uintptr(len(b))) &^ (page - 1)
	if hi <= lo {
		return
	}
	_ = syscall.Madvise(b[lo-start:hi-start], syscall.MADV_DONTNEED)
}
