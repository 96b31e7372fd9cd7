package crawl

import (
	"golang.org/x/sys/cpu"
	"gonum.org/v1/gonum/floats"
)

// addToSlots adds x to every value of slots, in place: with AVX2, four at
// a time (addToSlotsAVX2), else two at a time with SSE2 (gonum's
// floats.AddConst); each lane the same rounding step as one scalar
// addition.
func addToSlots(slots []float64, x float64) {
	if hasAVX2 {
		addToSlotsAVX2(slots, x)
		return
	}
	floats.AddConst(x, slots)
}

var hasAVX2 = cpu.X86.HasAVX2

// addToSlotsAVX2 is addToSlots with AVX2 (addslots_amd64.s).
//
//go:noescape
func addToSlotsAVX2(slots []float64, x float64)

// addEachToSlots adds every value of xs, in order, to every value of
// slots: as addToSlots(slots, x) for each x of xs in turn, with the same
// sums, but with AVX2 each run of slots is loaded and stored once for all
// of xs (addEachToSlotsAVX2).
func addEachToSlots(slots, xs []float64) {
	if hasAVX2 && len(xs) > 1 {
		addEachToSlotsAVX2(slots, xs)
		return
	}
	for _, x := range xs {
		addToSlots(slots, x)
	}
}

// addEachToSlotsAVX2 is addEachToSlots with AVX2 (addslots_amd64.s).
//
//go:noescape
func addEachToSlotsAVX2(slots, xs []float64)
