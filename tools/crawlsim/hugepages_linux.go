package main

import (
	"sync"
	"syscall"
)

// hugeArrayMin is the smallest array hugeArrays maps: a huge page (2 MiB
// on amd64 and arm64).
const hugeArrayMin = 2 << 20

// hugeArrays returns an allocator of zeroed arrays for
// gen.Generator.AllocateWith, each an anonymous mapping advised to be
// backed by transparent huge pages (MADV_HUGEPAGE, which the kernel
// honours unless /sys/kernel/mm/transparent_hugepage/enabled is
// "never"), and release, which unmaps them all: call it once the
// generator is done. The generator draws its links by reading such arrays
// at random, hundreds of megabytes of them at the paper's scale, where
// with 4 KiB pages nearly every read misses the TLB and walks a page
// table that is itself out of the cache. Arrays under hugeArrayMin, and
// every array when the address space is limited (ulimit -v) or a mapping
// fails, stay on Go's heap (alloc returns nil). The mappings are taken
// off Go's memory limit (countMapping) while they live.
func hugeArrays() (alloc func(size int) []byte, release func()) {
	if addressSpaceLimited() {
		return nil, func() {}
	}
	var mu sync.Mutex
	var maps [][]byte
	alloc = func(size int) []byte {
		if size < hugeArrayMin {
			return nil
		}
		b, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
		if err != nil {
			return nil
		}
		// A hint: the kernel backs the aligned 2 MiB runs of the mapping
		// with huge pages, or leaves its pages small.
		syscall.Madvise(b, syscall.MADV_HUGEPAGE)
		countMapping(b)
		mu.Lock()
		maps = append(maps, b)
		mu.Unlock()
		return b
	}
	release = func() {
		mu.Lock()
		defer mu.Unlock()
		for _, b := range maps {
			uncountMapping(b)
			syscall.Munmap(b)
		}
		maps = nil
	}
	return alloc, release
}
