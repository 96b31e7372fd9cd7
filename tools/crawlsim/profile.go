package main

import (
	"os"
	"runtime"
	"runtime/pprof"
)

// startProfile writes a CPU profile to the file named by the environment
// variable CRAWLSIM_CPUPROFILE, when it is set, until the returned function
// is called, and then the allocations made so far to the file named by
// CRAWLSIM_MEMPROFILE, when that is set: measuring aids for the figures of
// docs/performance.md (go tool pprof crawlsim FILE; -sample_index
// alloc_space for the memory profile).
func startProfile() func() {
	stopCPU := startCPUProfile(os.Getenv("CRAWLSIM_CPUPROFILE"))
	memPath := os.Getenv("CRAWLSIM_MEMPROFILE")
	if memPath != "" {
		runtime.MemProfileRate = 64 << 10
	}
	return func() {
		stopCPU()
		writeMemProfile(memPath)
	}
}

// startCPUProfile starts a CPU profile into the file path, when it is not
// empty, and returns the function that stops it.
func startCPUProfile(path string) func() {
	if path == "" {
		return func() {}
	}
	f, err := os.Create(path)
	if err != nil {
		return func() {}
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}
}

// writeMemProfile writes the allocations made so far to the file path,
// when it is not empty.
func writeMemProfile(path string) {
	if path == "" {
		return
	}
	f, err := os.Create(path)
	if err != nil {
		return
	}
	defer f.Close()
	pprof.Lookup("allocs").WriteTo(f, 0)
}
