//go:build linux

package main

import (
	"math"
	"os"
	"syscall"
)

// physicalMemory returns the machine's memory in bytes, and false when it
// cannot be told.
func physicalMemory() (int64, bool) {
	var info syscall.Sysinfo_t
	if err := syscall.Sysinfo(&info); err != nil {
		return 0, false
	}
	return int64(info.Totalram) * int64(info.Unit), true
}

// A thread started through the C library (crawlsim links it when its
// net dependency uses cgo) reserves address space for its stack (8 MiB by
// default) and, on its first malloc, for a malloc arena (64 MiB); under
// RLIMIT_AS the budget keeps room for newThreads of them beyond those
// running when it is computed (the garbage collector's workers and
// threads blocked in system calls start while a graph loads).
const (
	addressSpacePerThread = 72 << 20
	newThreads            = 4
)

// processMemoryLimits returns the limits on this process's memory, each
// with what the process already uses against it: the machine's memory
// and the cgroup's limit against its resident memory, RLIMIT_AS against
// its address space (VmSize) and RLIMIT_DATA against its data segments
// (VmData), and the Go memory limit against the memory the runtime holds.
func processMemoryLimits() []memoryLimit {
	var st procStatus
	if data, err := os.ReadFile("/proc/self/status"); err == nil {
		st = parseProcStatus(string(data))
	}
	var limits []memoryLimit
	if total, ok := physicalMemory(); ok {
		limits = append(limits, memoryLimit{name: "this machine's memory", limit: total, used: st.rss})
	}
	for _, r := range []struct {
		resource int
		name     string
		used     int64
		threads  int64
	}{
		{syscall.RLIMIT_AS, "RLIMIT_AS (the address space)", st.vmSize, addressSpacePerThread * newThreads},
		{syscall.RLIMIT_DATA, "RLIMIT_DATA", st.vmData, 0},
	} {
		var lim syscall.Rlimit
		if err := syscall.Getrlimit(r.resource, &lim); err == nil && lim.Cur < math.MaxInt64 {
			limits = append(limits, memoryLimit{name: r.name, limit: int64(lim.Cur), used: r.used, threads: r.threads})
		}
	}
	if limit, file, ok := cgroupMemoryLimit(os.DirFS("/")); ok {
		limits = append(limits, memoryLimit{name: "the cgroup's " + file, limit: limit, used: st.rss})
	}
	if l, ok := goMemoryLimit(); ok {
		limits = append(limits, l)
	}
	return limits
}

// addressSpaceLimited reports whether the process's address space is
// limited (RLIMIT_AS below infinity).
func addressSpaceLimited() bool {
	var lim syscall.Rlimit
	return syscall.Getrlimit(syscall.RLIMIT_AS, &lim) == nil && lim.Cur < math.MaxInt64
}
