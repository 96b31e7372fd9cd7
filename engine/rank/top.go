package rank

import "container/heap"

// Top returns the k pages of highest score, best first, ties to the
// smaller id, in O(n log k) time and O(k) memory.
func Top(score []float64, k int) []uint32 {
	k = min(k, len(score))
	if k <= 0 {
		return nil
	}
	h := &pageHeap{score: score}
	for i := range score {
		p := uint32(i)
		if h.Len() < k {
			heap.Push(h, p)
		} else if h.better(p, h.pages[0]) {
			h.pages[0] = p
			heap.Fix(h, 0)
		}
	}
	out := make([]uint32, h.Len())
	for j := len(out) - 1; j >= 0; j-- {
		out[j] = heap.Pop(h).(uint32)
	}
	return out
}

// pageHeap is a min-heap of pages by (score, then larger id first), so its
// root is the worst of the best k.
type pageHeap struct {
	score []float64
	pages []uint32
}

func (h *pageHeap) better(a, b uint32) bool {
	if h.score[a] != h.score[b] {
		return h.score[a] > h.score[b]
	}
	return a < b
}
func (h *pageHeap) Len() int           { return len(h.pages) }
func (h *pageHeap) Less(i, j int) bool { return h.better(h.pages[j], h.pages[i]) }
func (h *pageHeap) Swap(i, j int)      { h.pages[i], h.pages[j] = h.pages[j], h.pages[i] }
func (h *pageHeap) Push(x any)         { h.pages = append(h.pages, x.(uint32)) }
func (h *pageHeap) Pop() any {
	x := h.pages[len(h.pages)-1]
	h.pages = h.pages[:len(h.pages)-1]
	return x
}
