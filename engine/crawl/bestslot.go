package crawl

// firstOfMax returns the index of the first of the largest values of
// slots above floor, or -1 when none is above it: the best downloaded seed
// of RankMass (rankMass.findBestSeed), whose ties go to the seed
// discovered first, the first in the seeds' order. None of the values is
// a NaN.
func firstOfMax(slots []float64, floor float64) int {
	if len(slots) < shortSlots {
		best, first := floor, -1
		for k, x := range slots {
			if x > best {
				best, first = x, k
			}
		}
		return first
	}
	m := maxOfSlots(slots, floor)
	if m == floor {
		return -1
	}
	return indexOfSlot(slots, m)
}

// shortSlots: firstOfMax scans fewer slots in one plain pass, not in the
// two of maxOfSlots and indexOfSlot. RankMass's best block of seeds
// among five (rankMass.seedExpanded): 3.2 ns a search, 10.2 with the two
// passes.
const shortSlots = 8

// maxOfSlotsLoop is maxOfSlots without vector instructions, eight values
// a turn: under Go's WebAssembly a loop pays a jump through the function's
// table of blocks per turn (see addToSlots), and a plain loop here ran 12
// times slower (BenchmarkFirstOfMax under Node).
func maxOfSlotsLoop(slots []float64, m float64) float64 {
	for len(slots) >= 8 {
		s := slots[:8:8]
		if s[0] > m {
			m = s[0]
		}
		if s[1] > m {
			m = s[1]
		}
		if s[2] > m {
			m = s[2]
		}
		if s[3] > m {
			m = s[3]
		}
		if s[4] > m {
			m = s[4]
		}
		if s[5] > m {
			m = s[5]
		}
		if s[6] > m {
			m = s[6]
		}
		if s[7] > m {
			m = s[7]
		}
		slots = slots[8:]
	}
	for _, x := range slots {
		if x > m {
			m = x
		}
	}
	return m
}

// indexOfSlotLoop is indexOfSlot without vector instructions, eight
// values a turn (see maxOfSlotsLoop).
func indexOfSlotLoop(slots []float64, x float64) int {
	k := 0
	for ; k+8 <= len(slots); k += 8 {
		s := slots[k : k+8 : k+8]
		if s[0] == x {
			return k
		}
		if s[1] == x {
			return k + 1
		}
		if s[2] == x {
			return k + 2
		}
		if s[3] == x {
			return k + 3
		}
		if s[4] == x {
			return k + 4
		}
		if s[5] == x {
			return k + 5
		}
		if s[6] == x {
			return k + 6
		}
		if s[7] == x {
			return k + 7
		}
	}
	for ; k < len(slots); k++ {
		if slots[k] == x {
			return k
		}
	}
	return -1
}
