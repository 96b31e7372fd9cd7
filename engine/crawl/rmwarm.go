package crawl

import "math"

// rmWarm is the lower part of RankMass's hot set (rankmass.go): the pages
// of hot whose rm is at most sigma, unordered, each with its rm. A page's
// position is boxed in its slot of the Frontier's keys as an rmHeap's
// index is, with the bit warmBit set to tell them apart (boxWarm).
type rmWarm struct {
	ents []rmEntW
	seq  []uint32  // discovery number by page
	slot []float64 // by page: boxWarm(j) for the page at position j
}

// rmEntW is a page of an rmWarm and its rm.
type rmEntW struct {
	rm   float64
	item uint64 // the page with its discovery number (rmItem)
}

// warmBit is the bit of a boxed index that says it is an rmWarm's
// position, not an rmHeap's index.
const warmBit = 1 << 32

// boxWarm returns position j of an rmWarm boxed in a NaN.
func boxWarm(j int) float64 { return math.Float64frombits(hotBox | warmBit | uint64(j)) }

// isWarm reports whether v, a boxed index, is an rmWarm's position.
func isWarm(v float64) bool { return math.Float64bits(v)&warmBit != 0 }

func (w *rmWarm) len() int { return len(w.ents) }

// push adds page p, in no part of hot, with rm k.
func (w *rmWarm) push(p uint32, k float64) {
	w.slot[p] = boxWarm(len(w.ents))
	w.ents = append(w.ents, rmEntW{k, rmItem(w.seq, p)})
}

// remove takes the page at position j out, moving the last page to its
// place. The caller writes the page's slot.
func (w *rmWarm) remove(j int) {
	last := len(w.ents) - 1
	if j != last {
		e := w.ents[last]
		w.ents[j] = e
		w.slot[uint32(e.item)] = boxWarm(j)
	}
	w.ents = w.ents[:last]
}

// take moves the pages of w with the largest rm, about want of them (or
// all of them when w holds few more), to heap h, appended (the caller
// heapifies), and returns sigma: the rm of every page left in w is at
// most sigma, and that of every page moved above it. floor is less than
// every rm of w. Two passes: the first finds the largest rm and counts
// the pages by how far below it their rm lies (rmTakeShift bits of the
// encodings: 2^-8 apart in rm), the second moves the pages at least as
// close as the first distance whose count reaches want.
func (w *rmWarm) take(h *rmHeap, want int, floor float64) float64 {
	var top uint64
	for _, e := range w.ents {
		top = max(top, math.Float64bits(e.rm))
	}
	top >>= rmTakeShift
	var count [rmTakeBins]int
	for _, e := range w.ents {
		d := top - math.Float64bits(e.rm)>>rmTakeShift
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
	for j := 0; j < len(w.ents); {
		if e := w.ents[j]; e.rm > sigma {
			w.remove(j)
			h.appendItem(e.item, e.rm)
			continue
		}
		j++
	}
	return sigma
}

// The granularity of take's counts: the encodings' 8 leading bits of
// mantissa, over rmTakeBins distances (the last one counts every page
// further away).
const (
	rmTakeShift = 52 - 8
	rmTakeBins  = 1024
)
