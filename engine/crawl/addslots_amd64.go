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
