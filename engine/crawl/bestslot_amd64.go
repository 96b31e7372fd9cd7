package crawl

// maxOfSlots returns the largest of m and the values of slots, none of
// them a NaN: with AVX2, sixteen at a time (maxOfSlotsAVX2).
func maxOfSlots(slots []float64, m float64) float64 {
	n := 0
	if hasAVX2 {
		n = len(slots) &^ 3
	}
	if n > 0 {
		if x := maxOfSlotsAVX2(slots[:n]); x > m {
			m = x
		}
	}
	return maxOfSlotsLoop(slots[n:], m)
}

// indexOfSlot returns the index of the first value of slots equal to x,
// or -1: with AVX2, four at a time (indexOfSlotAVX2).
func indexOfSlot(slots []float64, x float64) int {
	n := 0
	if hasAVX2 {
		n = len(slots) &^ 3
	}
	if n > 0 {
		if k := indexOfSlotAVX2(slots[:n], x); k >= 0 {
			return k
		}
	}
	if k := indexOfSlotLoop(slots[n:], x); k >= 0 {
		return n + k
	}
	return -1
}

// maxOfSlotsAVX2 is the largest value of slots, whose length is a
// positive multiple of 4 (bestslot_amd64.s).
//
//go:noescape
func maxOfSlotsAVX2(slots []float64) float64

// indexOfSlotAVX2 is indexOfSlot for slots whose length is a multiple of
// 4 (bestslot_amd64.s).
//
//go:noescape
func indexOfSlotAVX2(slots []float64, x float64) int
