package crawl

import "golang.org/x/sys/cpu"

// slotKernels returns the values of hasAVX2 under which addToSlots can
// run on this processor: false (SSE2) always, true when it has AVX2.
// The caller leaves hasAVX2 at the last one, the processor's own.
func slotKernels() []bool {
	if cpu.X86.HasAVX2 {
		return []bool{false, true}
	}
	return []bool{false}
}

// eachKernels returns the values of hasAVX512 under which addEachToSlots
// can run with AVX2 on this processor: false, and true when it has
// AVX-512. The caller leaves hasAVX512 at the last one, the processor's
// own.
func eachKernels() []bool {
	if cpu.X86.HasAVX512F {
		return []bool{false, true}
	}
	return []bool{false}
}
