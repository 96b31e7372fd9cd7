//go:build unix

package main

import (
	"fmt"
	"os"
	"runtime/debug"
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
	mappedFiles = append(mappedFiles, mappedFile{path: path, data: data, st: st})
	mappedMu.Unlock()
	return data, true
}

// mappedFile is a file mapFile mapped, as it was when mapped.
type mappedFile struct {
	path string
	data []byte
	st   os.FileInfo
}

// mappedFiles lists the files mapFile mapped.
var mappedFiles []mappedFile

// mappedCount returns the number of files mapped so far.
func mappedCount() int {
	mappedMu.Lock()
	defer mappedMu.Unlock()
	return len(mappedFiles)
}

// mappedChanged returns the files mapped since the first from were (the
// files a command mapped) that have changed since (size, modification
// time or the file itself, by path): their mapping may then hold bytes
// of both versions.
func mappedChanged(from int) []string {
	mappedMu.Lock()
	defer mappedMu.Unlock()
	var changed []string
	for _, m := range mappedFiles[from:] {
		st, err := os.Stat(m.path)
		if err != nil || st.Size() != m.st.Size() || !st.ModTime().Equal(m.st.ModTime()) || !os.SameFile(st, m.st) {
			changed = append(changed, m.path)
		}
	}
	return changed
}

// guardMapped runs work with faults on memory turned into panics
// (debug.SetPanicOnFault) in the calling goroutine, where crawlsim
// decodes and checks a mapped file: reading a page of a mapped file that
// was truncated since raises SIGBUS, which would kill the process. Such a
// fault inside a mapping becomes an error naming the file; any other
// panic goes on.
func guardMapped(work func() error) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		fault, ok := r.(interface{ Addr() uintptr })
		if !ok {
			panic(r)
		}
		path, offset, ok := mappedPathOf(fault.Addr())
		if !ok {
			panic(r)
		}
		err = fmt.Errorf("%s changed while crawlsim read it (it was truncated or rewritten): reading byte %d failed; run the command again once the file is complete", path, offset)
	}()
	return work()
}

// mappedPathOf returns the file whose mapping holds the address addr,
// and the offset of addr in it.
func mappedPathOf(addr uintptr) (string, uintptr, bool) {
	mappedMu.Lock()
	defer mappedMu.Unlock()
	for _, m := range mappedFiles {
		lo := uintptr(unsafe.Pointer(unsafe.SliceData(m.data)))
		if addr >= lo && addr < lo+uintptr(len(m.data)) {
			return m.path, addr - lo, true
		}
	}
	return "", 0, false
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
