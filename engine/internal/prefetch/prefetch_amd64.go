package prefetch

import "unsafe"

// Available reports whether Line and Float64s issue a prefetch
// instruction: on amd64 they do.
const Available = true

// Line asks for the cache line holding p to be brought into every level
// of the cache (PREFETCHT0). It never faults, whatever p is.
//
//go:noescape
func Line(p unsafe.Pointer)

// Float64s asks for the cache line of base[i] to be brought into every
// level of the cache for every i of idx, base the first of an array of
// float64 (PREFETCHT0 each): the lines of a scatter the caller is about to
// make. An index past the array's end is harmless (a prefetch never
// faults).
//
//go:noescape
func Float64s(base *float64, idx []uint32)
