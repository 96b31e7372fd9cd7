package gen

import "unsafe"

// AllocateWith makes g take the arrays it reads at random while it draws
// the links from alloc instead of from Go's heap: a mark and a fresh-page
// slot per page, the copy pools, and the scratch of the largest host,
// about 9 bytes a page and 4 a link in all (Params.EstimatedBytes counts
// them as before). alloc(size) returns size zeroed bytes aligned to 8,
// which g keeps until it has drawn the last link, or nil to leave the
// array on the heap. A native caller gives memory backed by huge pages
// there (the draws then miss the TLB far less on a large graph); the
// graph is the same whatever alloc gives. Call it before the first Step.
func (g *Generator) AllocateWith(alloc func(size int) []byte) { g.alloc = alloc }

// uint32s returns n zeroed uint32s, from the allocator when there is one.
func (g *Generator) uint32s(n int) []uint32 {
	if b := g.allocated(n, 4); b != nil {
		return unsafe.Slice((*uint32)(unsafe.Pointer(&b[0])), n)
	}
	return make([]uint32, n)
}

// ints returns n zeroed ints, from the allocator when there is one.
func (g *Generator) ints(n int) []int {
	if b := g.allocated(n, int(unsafe.Sizeof(int(0)))); b != nil {
		return unsafe.Slice((*int)(unsafe.Pointer(&b[0])), n)
	}
	return make([]int, n)
}

// allocated returns n items of size bytes from the allocator, or nil when
// there is none, n is 0, or it gave nothing usable.
func (g *Generator) allocated(n, size int) []byte {
	if g.alloc == nil || n <= 0 || n > (1<<62)/size {
		return nil
	}
	b := g.alloc(n * size)
	if len(b) < n*size || uintptr(unsafe.Pointer(&b[0]))%8 != 0 {
		return nil
	}
	return b
}
