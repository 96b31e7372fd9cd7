package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
)

// startProfile writes a CPU profile to the file named by the environment
// variable CRAWLSIM_CPUPROFILE, when it is set, until the returned function
// is called, and then the allocations made so far to the file named by
// CRAWLSIM_MEMPROFILE, when that is set: measuring aids for the figures of
// docs/performance.md (go tool pprof crawlsim FILE; -sample_index
// alloc_space for the memory profile). A profile that cannot be written
// is a warning on stderr: the command runs on without it.
func startProfile(stderr io.Writer) func() {
	stopCPU := startCPUProfile(os.Getenv("CRAWLSIM_CPUPROFILE"), stderr)
	memPath := os.Getenv("CRAWLSIM_MEMPROFILE")
	if memPath != "" {
		runtime.MemProfileRate = 64 << 10
	}
	return func() {
		stopCPU()
		writeMemProfile(memPath, stderr)
	}
}

// startCPUProfile starts a CPU profile into the file path, when it is not
// empty, and returns the function that stops it.
func startCPUProfile(path string, stderr io.Writer) func() {
	if path == "" {
		return func() {}
	}
	f, err := os.Create(path)
	if err != nil {
		profileWarning(stderr, "CRAWLSIM_CPUPROFILE", path, err)
		return func() {}
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		profileWarning(stderr, "CRAWLSIM_CPUPROFILE", path, err)
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}
}

// writeMemProfile writes the allocations made so far to the file path,
// when it is not empty.
func writeMemProfile(path string, stderr io.Writer) {
	if path == "" {
		return
	}
	f, err := os.Create(path)
	if err == nil {
		err = pprof.Lookup("allocs").WriteTo(f, 0)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		profileWarning(stderr, "CRAWLSIM_MEMPROFILE", path, err)
	}
}

// profileWarning says on stderr that the profile the environment
// variable name asked for, into path, is not written, and why.
func profileWarning(stderr io.Writer, name, path string, err error) {
	fmt.Fprintf(stderr, "warning: %s=%s: no profile is written: %s\n", name, terminalText(path), terminalText(causeOf(err).Error()))
}
