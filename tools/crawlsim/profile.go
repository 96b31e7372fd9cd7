package main

import (
	"os"
	"runtime/pprof"
)

// startProfile writes a CPU profile to the file named by the environment
// variable CRAWLSIM_CPUPROFILE, when it is set, until the returned function
// is called: a measuring aid for the figures of the README's Performance
// section (go tool pprof crawlsim FILE).
func startProfile() func() {
	path := os.Getenv("CRAWLSIM_CPUPROFILE")
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
