package graphio

import (
	"slices"

	"github.com/crawlsim/crawlsim/engine/graph"
)

// The text readers (edge list, WebGraph ASCII) collect the links they read
// in chunks of bounded size rather than in slices that grow by copying:
// a growing slice holds its old and its new array at once (up to 2.25
// times its length), and under an address-space limit the old arrays
// still count until the runtime returns them, so that the peak of a
// reader that appends could not be told from the links read. With
// chunks, what a reader holds is what it has read, rounded up to one
// chunk, and the peak of building the graph is known in advance
// (buildCSRFromChunks).

// u32ChunkMax is the largest chunk of a u32Chunks: 256 Ki values, 1 MiB.
const u32ChunkMax = 1 << 18

// u32ChunkMin is the first chunk of a u32Chunks, so that a small graph
// does not take a whole large chunk.
const u32ChunkMin = 1 << 10

// u32Chunks is a sequence of uint32 values stored in chunks that are never
// copied: the first holds u32ChunkMin values, each next one twice the one
// before, up to u32ChunkMax.
type u32Chunks struct {
	// full holds the chunks before cur, each filled to its capacity.
	full [][]uint32
	// cur is the chunk being filled.
	cur []uint32
	// n is the number of values in all.
	n int64
	// held is the capacity of all chunks, in bytes.
	held int64
}

// add appends v.
func (c *u32Chunks) add(v uint32) {
	if len(c.cur) == cap(c.cur) {
		c.newChunk()
	}
	c.cur = append(c.cur, v)
	c.n++
}

// newChunk retires the current chunk, full, and starts the next.
func (c *u32Chunks) newChunk() {
	size := u32ChunkMin
	if c.cur != nil {
		c.full = append(c.full, c.cur)
		size = min(2*cap(c.cur), u32ChunkMax)
	}
	c.cur = make([]uint32, 0, size)
	c.held += 4 * int64(size)
}

// chunks returns the chunks in order, the last one possibly partly
// filled; changing their values changes c's.
func (c *u32Chunks) chunks() [][]uint32 {
	if len(c.cur) == 0 {
		return c.full
	}
	return append(c.full[:len(c.full):len(c.full)], c.cur)
}

// release drops the chunks, so that the memory they hold can be reused.
func (c *u32Chunks) release() {
	*c = u32Chunks{}
}

// buildCSRFromChunks builds the graph of n pages whose links are src[k]→dst[k]
// (both hold the same number of values, every one below n): the links
// are grouped by source with a counting sort, each out-list is sorted and
// duplicates are removed, self-loops kept (docs/algorithms.md section 1),
// as graph.Builder does. It releases src and dst as it goes.
//
// Its peak is the chunks (8 bytes a link, plus their last chunks' unused
// room), the targets (4 bytes a link) and the offsets (8 bytes a page):
// textBuildCost. When duplicates leave less than three quarters of the
// targets, they are copied to an array of their own once the chunks are
// released.
func buildCSRFromChunks(n int, src, dst *u32Chunks) *graph.Graph {
	offsets := make([]uint64, n+1)
	srcChunks, dstChunks := src.chunks(), dst.chunks()
	for _, ch := range srcChunks {
		for _, s := range ch {
			offsets[s+1]++
		}
	}
	for i := range n {
		offsets[i+1] += offsets[i]
	}
	m := offsets[n]
	targets := make([]uint32, m)
	// offsets[s] is the next free place of page s's list while the lists
	// are filled, and then the end of the list, which is where the next
	// page's list starts.
	for k, ch := range srcChunks {
		d := dstChunks[k][:len(ch)]
		for i, s := range ch {
			targets[offsets[s]] = d[i]
			offsets[s]++
		}
		srcChunks[k], dstChunks[k] = nil, nil
	}
	src.release()
	dst.release()
	copy(offsets[1:], offsets[:n])
	offsets[0] = 0
	w := uint64(0)
	for i := range n {
		lo, hi := offsets[i], offsets[i+1]
		list := targets[lo:hi]
		if !strictlyIncreasing(list) {
			slices.Sort(list)
		}
		offsets[i] = w
		for k, t := range list {
			if k > 0 && t == list[k-1] {
				continue
			}
			targets[w] = t
			w++
		}
	}
	offsets[n] = w
	return &graph.Graph{Offsets: offsets, Targets: trimTargets(targets, w)}
}

// trimTargets returns targets[:w] with its capacity clipped, copied to an
// array of its own when that frees more than a quarter of it.
func trimTargets(targets []uint32, w uint64) []uint32 {
	if w < uint64(len(targets))*3/4 {
		return slices.Clip(slices.Clone(targets[:w]))
	}
	return targets[:w:w]
}

// strictlyIncreasing reports whether list is sorted without repeats.
func strictlyIncreasing(list []uint32) bool {
	for k := 1; k < len(list); k++ {
		if list[k] <= list[k-1] {
			return false
		}
	}
	return true
}

// sortUnique sorts list and removes repeated values, in place.
func sortUnique(list []uint32) []uint32 {
	if !strictlyIncreasing(list) {
		slices.Sort(list)
		list = slices.Compact(list)
	}
	return list
}
