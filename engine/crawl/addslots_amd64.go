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

// hasAVX512: with AVX2, addEachToSlots takes eight slots to a register
// (addEachToSlotsAVX512). The processor adds as many registers a cycle
// as with AVX2, so twice the slots: BenchmarkAddEachToSeedSlots, 0.036
// ns an addition with AVX2, 0.021 with AVX-512.
var hasAVX512 = cpu.X86.HasAVX512F

// addEachToSlotsAVX512 is addEachToSlots with AVX-512 for runs of eight
// slots, and AVX2 for the rest (addslots_amd64.s).
//
//go:noescape
func addEachToSlotsAVX512(slots, xs []float64)

// addToSlotsAVX2 is addToSlots with AVX2 (addslots_amd64.s).
//
//go:noescape
func addToSlotsAVX2(slots []float64, x float64)

// addEachToSlots adds every value of xs, in order, to every value of
// slots: as addToSlots(slots, x) for each x of xs in turn, with the same
// sums, but with AVX2 each run of slots is loaded and stored once for all
// of xs (addEachToSlotsAVX2, or addEachToSlotsAVX512 where the processor
// has it).
func addEachToSlots(slots, xs []float64) {
	if hasAVX2 && len(xs) > 1 {
		if hasAVX512 {
			addEachToSlotsAVX512(slots, xs)
		} else {
			addEachToSlotsAVX2(slots, xs)
		}
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
