//go:build unix

package main

import (
	"fmt"
	"os"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"syscall"
	"unsafe"

	"github.com/crawlsim/crawlsim/engine/step"
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
	countMapping(data)
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

func init() { step.Guard = guardGoroutine }

// guardGoroutine runs body, the body of a goroutine the engine starts
// (step.Guard: PageRank's and HITS's workers, the crawls of run -j), with
// faults on memory turned into panics in that goroutine
// (debug.SetPanicOnFault holds for one goroutine only). The engine
// carries such a panic to the goroutine that waits for the workers, and
// from there to guardMapped.
func guardGoroutine(body func()) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	body()
}

// guardMapped runs work with faults on memory turned into panics
// (debug.SetPanicOnFault) in the calling goroutine, where crawlsim
// decodes and checks a mapped file; the engine's goroutines are guarded
// by guardGoroutine and their panics raised again here. Reading a page of
// a mapped file that was truncated since raises SIGBUS, which would kill
// the process: such a fault inside a mapping becomes an error naming the
// file and the byte. Any panic once a file mapped since the first from
// were has changed becomes an error naming it too (its new bytes may
// break what was checked when it was read: an index out of range, say).
// Any other panic goes on.
func guardMapped(from int, work func() error) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		if err = mappedPanicError(from, r); err == nil {
			panic(r)
		}
	}()
	return work()
}

// mappedPanicError returns the error that the panic r stands for when it
// comes from a mapped file (see guardMapped), else nil.
func mappedPanicError(from int, r any) error {
	v := r
	if p, ok := r.(*step.Panic); ok {
		v = p.Value
	}
	if fault, ok := v.(interface{ Addr() uintptr }); ok {
		if path, offset, ok := mappedPathOf(fault.Addr()); ok {
			return &mappedChangeError{fmt.Sprintf("%s changed while crawlsim read it (it was truncated or rewritten): reading byte %d failed; run the command again once the file is complete", path, offset)}
		}
	}
	if changed := mappedChanged(from); len(changed) > 0 {
		first, _, _ := strings.Cut(fmt.Sprint(v), "\n")
		return &mappedChangeError{fmt.Sprintf("%s changed while crawlsim read it (it is memory-mapped), and reading its new bytes failed (%s); run the command again once the file is complete", strings.Join(changed, ", "), first)}
	}
	return nil
}

// mappedPathOf returns the file whose mapping holds the address addr,
// and the offset of addr in it: the latest mapped there, since an
// address range unmapped (by a test) may be mapped again.
func mappedPathOf(addr uintptr) (string, uintptr, bool) {
	mappedMu.Lock()
	defer mappedMu.Unlock()
	for _, m := range slices.Backward(mappedFiles) {
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
// A whole mapping let go is given back to the Go memory limit
// (uncountMapping).
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
	if syscall.Madvise(b[lo-start:hi-start], syscall.MADV_DONTNEED) == nil {
		uncountMapping(b)
	}
}
