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

// Uint64s is Float64s for base the first of an array of uint64: the
// lines of entries the caller is about to read at random (a breadth-first
// crawl's link offsets, Crawl.touchAhead).
//
//go:noescape
func Uint64s(base *uint64, idx []uint32)

// Uint32s is Float64s for base the first of an array of uint32: the
// lines of a block of discovery numbers a crawl will scan soon
// (keyTree.prefetchBlock).
//
//go:noescape
func Uint32s(base *uint32, idx []uint32)

// Uint32 asks for the cache line of *p to be brought into every level of
// the cache (PREFETCHT0): the first link of a page a crawl will download
// soon. A nil p is harmless.
//
//go:noescape
func Uint32(p *uint32)
