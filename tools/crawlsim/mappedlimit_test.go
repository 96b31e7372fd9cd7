//go:build unix

package main

import (
	"os"
	"path/filepath"
	"runtime/debug"
	"testing"
)

// withGoLimit sets the Go memory limit to base as if crawlsim had set it
// itself, for the test, and restores everything after it.
func withGoLimit(t *testing.T, base int64) {
	t.Helper()
	old, oldFrom := debug.SetMemoryLimit(base), goLimitFromProcess
	goLimitFromProcess = true
	m := &goLimitMapped
	m.Lock()
	oldBase, oldHeld, oldCounts := m.base, m.held, m.counts
	m.base, m.held, m.counts = 0, 0, nil
	m.Unlock()
	t.Cleanup(func() {
		debug.SetMemoryLimit(old)
		goLimitFromProcess = oldFrom
		m.Lock()
		m.base, m.held, m.counts = oldBase, oldHeld, oldCounts
		m.Unlock()
	})
}

// mapTestFile maps a new file of size bytes.
func mapTestFile(t *testing.T, size int) []byte {
	t.Helper()
	path := filepath.Join(t.TempDir(), "g.graph")
	if err := os.WriteFile(path, make([]byte, size), 0o644); err != nil {
		t.Fatal(err)
	}
	data, ok := mapFile(path)
	if !ok {
		t.Skip("this system maps no file (RLIMIT_AS is set)")
	}
	return data
}

func TestMappingIsTakenOffTheGoLimit(t *testing.T) {
	const base = 1 << 30
	withGoLimit(t, base)
	page := os.Getpagesize()
	a, b := mapTestFile(t, 40*page), mapTestFile(t, 8*page)
	if got, want := debug.SetMemoryLimit(-1), int64(base-48*page); got != want {
		t.Fatalf("limit with two mappings of 40 and 8 pages: %d, want %d", got, want)
	}
	releaseMapped(a[page : 2*page]) // a part: the mapping may still be read
	if got, want := debug.SetMemoryLimit(-1), int64(base-48*page); got != want {
		t.Fatalf("limit after a part of a mapping was let go: %d, want %d", got, want)
	}
	releaseMapped(a)
	releaseMapped(a) // once only
	if got, want := debug.SetMemoryLimit(-1), int64(base-8*page); got != want {
		t.Fatalf("limit after the first mapping was let go: %d, want %d", got, want)
	}
	releaseMapped(b)
	if got := debug.SetMemoryLimit(-1); got != base {
		t.Fatalf("limit after every mapping was let go: %d, want %d", got, base)
	}
}

func TestMappingLargerThanTheGoLimit(t *testing.T) {
	page := os.Getpagesize()
	base := int64(16 * page)
	withGoLimit(t, base)
	a := mapTestFile(t, 64*page)
	if got := debug.SetMemoryLimit(-1); got != base/4 {
		t.Fatalf("limit with a mapping four times its size: %d, want a quarter, %d", got, base/4)
	}
	releaseMapped(a)
	if got := debug.SetMemoryLimit(-1); got != base {
		t.Fatalf("limit after the mapping was let go: %d, want %d", got, base)
	}
}

func TestMappingLeavesAGivenGoLimit(t *testing.T) {
	withGoLimit(t, 1<<30)
	goLimitFromProcess = false // GOMEMLIMIT, the user's, is left as it is
	mapTestFile(t, 4*os.Getpagesize())
	if got := debug.SetMemoryLimit(-1); got != 1<<30 {
		t.Fatalf("a limit crawlsim did not set changed to %d", got)
	}
}
