//go:build linux

package main

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestNoMappingUnderAddressSpaceLimit: with RLIMIT_AS set, a .csr is read
// rather than mapped, so that its address space is checked against the
// memory budget (a mapped .csr of 943 MB once passed the check under
// prlimit --as=3000000000 and then died of out-of-memory copying its
// URLs). The limit set here, 1 TiB, constrains nothing.
func TestNoMappingUnderAddressSpaceLimit(t *testing.T) {
	name := filepath.Join(t.TempDir(), "g.csr")
	if err := os.WriteFile(name, []byte("some bytes to map"), 0o644); err != nil {
		t.Fatal(err)
	}
	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &old); err != nil {
		t.Skip(err)
	}
	if old.Cur >= 1<<62 {
		if data, ok := mapFile(name); !ok || string(data) != "some bytes to map" {
			t.Fatalf("without RLIMIT_AS: mapped %v %q, want the file mapped", ok, data)
		}
	}
	limited := old
	limited.Cur = min(old.Max, 1<<40)
	if err := syscall.Setrlimit(syscall.RLIMIT_AS, &limited); err != nil {
		t.Skipf("cannot set RLIMIT_AS: %v", err)
	}
	defer syscall.Setrlimit(syscall.RLIMIT_AS, &old)
	if _, ok := mapFile(name); ok {
		t.Error("mapped under RLIMIT_AS, want the file read")
	}
}
