package prefetch

// Available reports whether Float64s issues a prefetch instruction: on
// amd64 it does.
const Available = true

// Float64s asks for the cache line of base[i] to be brought into every
// level of the cache for every i of idx, base the first of an array of
// float64 (PREFETCHT0 each): the lines of a scatter the caller is about to
// make. An index past the array's end is harmless (a prefetch never
// faults).
//
//go:noescape
func Float64s(base *float64, idx []uint32)
