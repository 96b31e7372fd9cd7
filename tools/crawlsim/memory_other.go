//go:build !linux

package main

// physicalMemory reports false: this platform does not tell crawlsim its
// memory size.
func physicalMemory() (int64, bool) { return 0, false }
