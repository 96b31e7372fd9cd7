package main

import (
	"testing"
	"unsafe"
)

// hugeArrays gives zeroed, writable, 8-aligned arrays of at least a huge
// page, leaves smaller ones to the heap, and unmaps them on release.
func TestHugeArrays(t *testing.T) {
	alloc, release := hugeArrays()
	defer release()
	if alloc == nil {
		t.Skip("the address space is limited: hugeArrays leaves every array on the heap")
	}
	if b := alloc(hugeArrayMin - 1); b != nil {
		t.Fatalf("an array of %d bytes was mapped", hugeArrayMin-1)
	}
	for _, size := range []int{hugeArrayMin, 3*hugeArrayMin + 5} {
		b := alloc(size)
		if len(b) < size {
			t.Fatalf("alloc(%d) gave %d bytes", size, len(b))
		}
		if uintptr(unsafe.Pointer(&b[0]))%8 != 0 {
			t.Fatalf("alloc(%d) is not aligned to 8", size)
		}
		for i := 0; i < size; i += 4096 {
			if b[i] != 0 || b[size-1] != 0 {
				t.Fatalf("alloc(%d) is not zeroed at %d", size, i)
			}
			b[i] = 1
		}
	}
	release()
	release() // twice is harmless
}
