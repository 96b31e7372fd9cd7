//go:build linux

package main

import "syscall"

// physicalMemory returns the machine's memory in bytes, and false when it
// cannot be told.
func physicalMemory() (int64, bool) {
	var info syscall.Sysinfo_t
	if err := syscall.Sysinfo(&info); err != nil {
		return 0, false
	}
	return int64(info.Totalram) * int64(info.Unit), true
}
