//go:build !unix

package main

// mapFile reports false: this platform reads .csr files instead of mapping
// them.
func mapFile(path string) ([]byte, bool) { return nil, false }

// releaseMapped does nothing: nothing is mapped on this platform.
func releaseMapped(b []byte) {}

// mappedCount returns 0: nothing is mapped on this platform.
func mappedCount() int { return 0 }

// mappedChanged returns nothing: nothing is mapped on this platform.
func mappedChanged(from int) []string { return nil }

// guardMapped runs work: nothing is mapped on this platform.
func guardMapped(from int, work func() error) error { return work() }
