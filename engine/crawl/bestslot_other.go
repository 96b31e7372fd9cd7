//go:build !amd64

package crawl

// maxOfSlots returns the largest of m and the values of slots, none of
// them a NaN.
func maxOfSlots(slots []float64, m float64) float64 { return maxOfSlotsLoop(slots, m) }

// indexOfSlot returns the index of the first value of slots equal to x,
// or -1.
func indexOfSlot(slots []float64, x float64) int { return indexOfSlotLoop(slots, x) }
