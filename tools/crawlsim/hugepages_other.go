//go:build !linux

package main

// hugeArrays leaves every array of the generator on Go's heap: huge pages
// are asked for on Linux only.
func hugeArrays() (alloc func(size int) []byte, release func()) {
	return nil, func() {}
}
