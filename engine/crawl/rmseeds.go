package crawl

import "math"

// The seeds' rm in RankMass (rankmass.go, "The seeds keep their rm
// apart"): a downloaded seed's rm lives in rankMass.seedRM, its slot of
// the Frontier's keys boxes its index there, and the best seed is kept as
// additions come, by block.

// noSeed is rankMass.bestSeed when no downloaded seed has rm above
// maxSubnormal.
const noSeed = -1

// seedTag marks the NaN in the slot of a downloaded seed: seedBox(k) boxes
// seed index k as boxIndex boxes a heap index.
const seedTag = 1 << 32

// seedBox returns seed index k boxed in a NaN (seedTag).
func seedBox(k int) float64 { return math.Float64frombits(hotBox | seedTag | uint64(k)) }

// isSeedBox reports whether NaN v boxes a seed index (seedBox), not a heap
// index (boxIndex).
func isSeedBox(v float64) bool { return math.Float64bits(v)&seedTag != 0 }

// addToSeed adds delta to the rm of the k-th seed, downloaded.
func (s *rankMass) addToSeed(k int, delta float64) {
	x := s.seedRM[k] + delta
	s.seedRM[k] = x
	if s.staleSeeds == 0 {
		j := k >> s.seedShift
		if xb := s.blockRM[j]; x > xb || x == xb && k < s.blockBest[j] {
			s.blockRM[j], s.blockBest[j] = x, k
		}
	}
	if b := s.bestSeed; b == noSeed {
		if x > maxSubnormal {
			s.bestSeed = k
		}
	} else if xb := s.seedRM[b]; x > xb || x == xb && k < b {
		s.bestSeed = k
	}
}

// findBestSeed sets bestSeed: the first seed of the largest rm above
// maxSubnormal, or noSeed.
func (s *rankMass) findBestSeed() { s.bestSeed = firstOfMax(s.seedRM, maxSubnormal) }

// seedBlockShift is the least seedShift: blocks of 32 seeds.
const seedBlockShift = 5

// seedExpanded sets bestSeed after the k-th seed's rm went to 0. Its
// block is scanned again, then the blocks' best: the first block of the
// largest rm holds the first seed of it. When the blocks are stale, the
// first expansion since scans every seed (findBestSeed), as a dangling
// page's shares do, and the second finds the blocks again: between two
// dangling pages only one seed's expansion scans every seed.
func (s *rankMass) seedExpanded(k int) {
	switch s.staleSeeds {
	case 0:
		s.findBlock(k >> s.seedShift)
	case 1:
		s.staleSeeds = 2
		s.findBestSeed()
		return
	default:
		for j := range s.blockRM {
			s.findBlock(j)
		}
		s.staleSeeds = 0
	}
	s.bestSeed = noSeed
	if j := firstOfMax(s.blockRM, maxSubnormal); j >= 0 {
		s.bestSeed = s.blockBest[j]
	}
}

// findBlock sets blockRM[j] and blockBest[j] from the seeds of block j.
func (s *rankMass) findBlock(j int) {
	lo := j << s.seedShift
	block := s.seedRM[lo:min(lo+1<<s.seedShift, len(s.seedRM))]
	m := maxOfSlots(block, block[0])
	s.blockRM[j], s.blockBest[j] = m, lo+indexOfSlot(block, m)
}
