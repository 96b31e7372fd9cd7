//go:build !linux

package main

// physicalMemory reports false: this platform does not tell crawlsim its
// memory size.
func physicalMemory() (int64, bool) { return 0, false }

// processMemoryLimits returns the Go memory limit (GOMEMLIMIT) when one is
// set: crawlsim reads the machine's and the process's limits on Linux
// only. CRAWLSIM_MEMORY_LIMIT sets a limit anywhere.
func processMemoryLimits() []memoryLimit {
	if l, ok := goMemoryLimit(); ok {
		return []memoryLimit{l}
	}
	return nil
}

// addressSpaceLimited reports false: crawlsim reads the process's limits
// on Linux only.
func addressSpaceLimited() bool { return false }
