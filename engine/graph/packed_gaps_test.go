package graph

import (
	"slices"
	"testing"
)

// The extreme gaps: a first target 2^32-2 pages after its page and before
// it, gaps of 2^32-3 and of one, lists packed by hand since a graph of
// 2^32-1 pages would take 16 GiB of list starts.
func TestPackedExtremeGaps(t *testing.T) {
	const last = 1<<32 - 2
	lists := [][]uint32{{last}, {}, {0, 1, last}, {last - 1, last}}
	pages := []uint32{0, 1, last, 5}
	p := &PackedLists{n: len(lists), blocks: [][]byte{nil}, start: make([]uint32, len(lists))}
	var buf []byte
	for k, l := range lists {
		p.start[k] = uint32(len(buf))
		buf = appendPackedList(buf, pages[k], l)
	}
	p.blocks[0] = buf
	c := p.NewCursor().(*packedCursor)
	for k, want := range lists {
		// The cursor decodes a list against the page it belongs to: page
		// k's bytes hold the list of pages[k].
		got := c.decode(uint32(k), pages[k])
		if !slices.Equal(got, want) {
			t.Errorf("list %d of page %d: %v, want %v", k, pages[k], got, want)
		}
	}
}
