package gen

import (
	"slices"
	"testing"
	"unsafe"
)

// A Generator given an allocator takes its arrays from it, and makes the
// same graph as one without; an allocator that gives nothing, too little
// or misaligned memory leaves the arrays on the heap.
func TestAllocateWithKeepsTheGraph(t *testing.T) {
	p := Params{Pages: 3000, Hosts: 12, MeanOutDegree: 35, IntraHostShare: 0.9, CopyProbability: 0.7, Locality: 0.95, Seed: 9}
	want := mustGenerate(t, p)
	aligned := func(size int) []byte {
		words := make([]uint64, (size+7)/8)
		return unsafeBytes(words)[:size]
	}
	for _, c := range []struct {
		name  string
		alloc func(size int) []byte
		used  bool
	}{
		{"aligned", aligned, true},
		{"nil", func(int) []byte { return nil }, false},
		{"short", func(size int) []byte { return aligned(size)[:size-1] }, false},
		{"misaligned", func(size int) []byte { return aligned(size + 1)[1:] }, false},
	} {
		calls, given := 0, 0
		var got [][]uint32
		g, err := NewListGenerator(p, func(l []uint32) error {
			got = append(got, slices.Clone(l))
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		g.AllocateWith(func(size int) []byte {
			calls++
			b := c.alloc(size)
			if b != nil {
				given++
			}
			return b
		})
		for done := false; !done; {
			if done, err = g.Step(1000); err != nil {
				t.Fatal(err)
			}
		}
		if calls == 0 {
			t.Fatalf("%s: the allocator was never called", c.name)
		}
		if c.used && given != calls {
			t.Fatalf("%s: %d of %d arrays given", c.name, given, calls)
		}
		if len(got) != want.NumNodes() {
			t.Fatalf("%s: %d lists, want %d", c.name, len(got), want.NumNodes())
		}
		for x, l := range got {
			if w := want.Out(uint32(x)); !slices.Equal(l, w) {
				t.Fatalf("%s: page %d: %v, want %v", c.name, x, l, w)
			}
		}
	}
}

// unsafeBytes returns the bytes of words.
func unsafeBytes(words []uint64) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(words))), 8*len(words))
}
