//go:build !amd64

package crawl

// slotKernels returns the one kernel of addToSlots off amd64.
func slotKernels() []bool { return []bool{false} }

// eachKernels returns the one kernel of addEachToSlots off amd64.
func eachKernels() []bool { return []bool{false} }
