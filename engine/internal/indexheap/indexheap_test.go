package indexheap

import (
	"testing"

	"pgregory.net/rapid"
)

// before orders ids by key, smaller first, ties by id.
func before(key []int, a, b uint32) bool {
	if key[a] != key[b] {
		return key[a] < key[b]
	}
	return a < b
}

// TestHeapMatchesScan applies drawn pushes, pops, key changes (Fix and
// Set), removals and Set(false) to a Heap and checks after every
// operation that its top is the first id by a linear scan, that every
// id's place is right and that Has tells which ids are in. Keys are
// drawn from a few values, so that ties are frequent.
func TestHeapMatchesScan(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 100).Draw(t, "ids")
		key := make([]int, n)
		q := New(key)
		held := map[uint32]bool{}
		first := func() uint32 {
			var b uint32
			found := false
			for id := range held {
				if !found || before(key, id, b) {
					b, found = id, true
				}
			}
			return b
		}
		for range rapid.IntRange(1, 300).Draw(t, "operations") {
			id := uint32(rapid.IntRange(0, n-1).Draw(t, "id"))
			switch op := rapid.IntRange(0, 5).Draw(t, "op"); {
			case op == 0 && !held[id]:
				key[id] = rapid.IntRange(0, 4).Draw(t, "key")
				q.Push(id)
				held[id] = true
			case op == 1 && len(held) > 0:
				want := first()
				if got := q.Pop(); got != want {
					t.Fatalf("Pop = %d, want %d", got, want)
				}
				delete(held, want)
			case op == 2 && held[id]:
				key[id] = rapid.IntRange(0, 4).Draw(t, "key")
				q.Fix(id)
			case op == 3:
				q.Remove(id)
				delete(held, id)
			case op == 4:
				key[id] = rapid.IntRange(0, 4).Draw(t, "key")
				q.Set(id, true)
				held[id] = true
			case op == 5:
				q.Set(id, false)
				delete(held, id)
			}
			if q.Len() != len(held) {
				t.Fatalf("Len = %d, want %d", q.Len(), len(held))
			}
			if len(held) > 0 && q.Top() != first() {
				t.Fatalf("Top = %d, want %d", q.Top(), first())
			}
			for i, id := range q.items {
				if q.pos[id] != uint32(i) {
					t.Fatalf("id %d at %d, its place says %d", id, i, q.pos[id])
				}
				if i > 0 && before(key, id, q.items[(i-1)/2]) {
					t.Fatalf("id %d at %d comes before its parent", id, i)
				}
			}
			for id := range uint32(n) {
				if q.Has(id) != held[id] {
					t.Fatalf("Has(%d) = %v, want %v", id, q.Has(id), held[id])
				}
			}
		}
	})
}

// TestZeroHeap: the zero Heap is empty.
func TestZeroHeap(t *testing.T) {
	var q Heap[float64]
	if q.Len() != 0 {
		t.Errorf("Len = %d", q.Len())
	}
}
