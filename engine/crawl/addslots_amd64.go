package crawl

import "gonum.org/v1/gonum/floats"

// addToSlots adds x to every value of slots, in place: with SSE2, two at
// a time (gonum's floats.AddConst), each the same rounding step as one
// scalar addition.
func addToSlots(slots []float64, x float64) { floats.AddConst(x, slots) }
