package crawl

import "math"

// rmWarm is the lower part of RankMass's hot set (rankmass.go): the
// downloaded pages whose rm lies above tau and at most sigma, unordered.
// Their rm stays where a downloaded page's rm is, negated in its slot of
// the Frontier's keys (slot), so that an addition to one is an addition
// like any other, one load and one store; warm only lists them. A page
// joins the list when an addition or a reset takes its rm above tau, and
// its entry goes stale when it moves to hot (its slot then holds a NaN)
// or is expanded (its rm falls to 0): take drops stale entries, so a page
// may be listed twice in between.
type rmWarm struct {
	pages []uint32
	slot  []float64 // by page: -rm of a page of warm
	rm    []float64 // take's rm of the pages, by position
}

// newRMWarm returns an empty rmWarm for at most n downloaded pages, slot
// the Frontier's keys: its arrays never grow (list).
func newRMWarm(n int, slot []float64) rmWarm {
	return rmWarm{pages: make([]uint32, 0, n+1), slot: slot, rm: make([]float64, 0, n+1)}
}

// rmWarmBytes is the memory of newRMWarm(n) (the most it holds).
func rmWarmBytes(n int64) int64 { return 12 * (n + 1) }

// list adds downloaded page p, whose rm has just risen above floor (tau),
// to w. When w is full it first drops its stale entries and the second
// of a page listed twice (compact); then at most one entry a downloaded
// page is left, and p's, so that the list never outgrows the n+1 entries
// of newRMWarm.
func (w *rmWarm) list(p uint32, floor float64) {
	if len(w.pages) == cap(w.pages) {
		w.compact(floor)
	}
	w.pages = append(w.pages, p)
}

// compact drops the stale entries of w (see take) and the later entries
// of a page listed more than once: while it runs, the slot of a page kept
// holds its rm positive instead of negated, which marks it kept, and it is
// negated back at the end (exactly: negation only flips the sign bit).
// It is kept out of line: inlined in spread, RankMass's hottest loop, its
// loops slowed that loop by a tenth.
//
//go:noinline
func (w *rmWarm) compact(floor float64) {
	key := w.slot
	kept := w.pages[:0]
	for _, p := range w.pages {
		// false for a page of hot (a NaN), an expanded page or one kept
		if x := -key[p]; x > floor {
			kept = append(kept, p)
			key[p] = x
		}
	}
	for _, p := range kept {
		key[p] = -key[p]
	}
	w.pages = kept
}

// take moves the pages of w with the largest rm, about want of them (or
// all of them when w holds few more), to heap h, appended (the caller
// heapifies), and returns sigma: the rm of every page left in w is at
// most sigma, and that of every page moved above it. floor is tau: a
// listed page whose rm is not above it, or which is in h, is stale. Three
// passes: the first drops the stale entries and finds the largest rm, the
// second counts the pages by how far below it their rm lies (rmTakeShift
// bits of the encodings: 2^-8 apart in rm), the third moves the pages at
// least as close as the first distance whose count reaches want.
func (w *rmWarm) take(h *rmHeap, want int, floor float64) float64 {
	key := w.slot
	pages, rm := w.pages[:0], w.rm[:0]
	var top uint64
	for _, p := range w.pages {
		// false for a page of h, whose slot holds a NaN
		if x := -key[p]; x > floor {
			pages = append(pages, p)
			rm = append(rm, x)
			top = max(top, math.Float64bits(x))
		}
	}
	top >>= rmTakeShift
	var count [rmTakeBins]int
	for _, x := range rm {
		d := top - math.Float64bits(x)>>rmTakeShift
		count[min(d, rmTakeBins-1)]++
	}
	sigma := floor
	for d, sum := 0, 0; d < rmTakeBins-1 && uint64(d) < top; d++ {
		if sum += count[d]; sum >= want {
			// the largest float64 below the least rm of distance d
			sigma = math.Float64frombits((top-uint64(d))<<rmTakeShift - 1)
			break
		}
	}
	sigma = max(sigma, floor)
	kept := pages[:0]
	for j, p := range pages {
		if rm[j] <= sigma {
			kept = append(kept, p)
		} else if key[p] == key[p] { // else listed twice, moved at its first entry
			h.append(p, rm[j])
			key[p] = boxIndex(0) // h.heapify writes its index
		}
	}
	w.pages, w.rm = kept, rm
	return sigma
}

// The granularity of take's counts: the encodings' 8 leading bits of
// mantissa, over rmTakeBins distances (the last one counts every page
// further away).
const (
	rmTakeShift = 52 - 8
	rmTakeBins  = 1024
)
