//go:build !unix

package main

// mapFile reports false: this platform reads .csr files instead of mapping
// them.
func mapFile(path string) ([]byte, bool) { return nil, false }

// releaseMapped does nothing: nothing is mapped on this platform.
func releaseMapped(b []byte) {}
