// The intra-host calibration: the per-link probability q of a link staying
// on its host, found by bisection over the pages whose intra-host range
// binds, so that the expected intra-host links match the requested share.

package gen

// intraCalibration finds the per-link intra-host probability q that makes
// the expected intra-host links Σ clamp(q·d_i, intraRange) equal share·m
// (package documentation, step 4). Pages on small hosts cannot hold all the
// intra-host links share asks of them; q > share gives them to pages with
// room. Pages whose range does not bind contribute q·d_i; q is found by
// bisection (60 halvings of [share, 1]) over the few others, the bounded
// pages, whose terms are summed in page order so that q is the same
// whatever the steps.
type intraCalibration struct {
	n         uint64
	share     float64
	calibrate bool // false: q = share (one host, or share 0 or 1)
	bound     int  // the bounded pages, counted before they are collected

	bounded     []boundedPage
	free, total float64 // Σ d_i over the pages whose range does not bind, and over all
	want        float64 // share·total

	// The bisection evaluates the expected intra-host links at q = 1
	// (iter 0), then at the midpoints of [lo, hi] (iter 1..60); pos and
	// sum are the progress of the current evaluation.
	iter, pos       int
	q, sum, lo, hi  float64
	finished        bool
	calibratedShare float64
	atOne           float64 // the expected intra-host links at q = 1, when q is 1
}

// boundedPage is a page whose intra-host links are clamped: d links, of
// which between lo and hi may stay on its host.
type boundedPage struct{ d, lo, hi uint32 }

// bisections is the number of halvings of [share, 1].
const bisections = 60

// add counts a page of d links on a host of size pages in the sums and, when
// its range binds, in the bounded pages.
func (c *intraCalibration) add(d, size uint64) {
	c.total += float64(d)
	lo, hi := intraRange(d, size, c.n)
	if lo == 0 && hi == d {
		c.free += float64(d)
	} else {
		c.bounded = append(c.bounded, boundedPage{uint32(d), uint32(lo), uint32(hi)})
	}
}

// collectSize is the planned items of the collecting pass: the pages.
func (c *intraCalibration) collectSize() int64 {
	if !c.calibrate {
		return 0
	}
	return int64(c.n)
}

// bisectSize is the planned items of the bisection: one per evaluation and
// one per term.
func (c *intraCalibration) bisectSize() int64 {
	if !c.calibrate {
		return 0
	}
	return (bisections + 1) * int64(c.bound+1)
}

// bisect runs up to limit items of the bisection.
func (c *intraCalibration) bisect(limit int64) (int64, bool) {
	if !c.calibrate || c.finished {
		return 0, true
	}
	did := int64(0)
	for did < limit {
		if c.pos == 0 {
			c.q = 1
			if c.iter > 0 {
				c.q = (c.lo + c.hi) / 2
			}
			c.sum = c.q * c.free
		}
		end := c.pos + int(min(limit-did, int64(len(c.bounded)-c.pos)))
		q, sum := c.q, c.sum
		for _, b := range c.bounded[c.pos:end] {
			sum += min(max(q*float64(b.d), float64(b.lo)), float64(b.hi))
		}
		did += int64(end - c.pos)
		c.pos, c.sum = end, sum
		if c.pos < len(c.bounded) {
			break
		}
		did++ // the evaluation itself
		c.pos = 0
		if c.iter == 0 {
			if sum <= c.want {
				c.finished, c.calibratedShare, c.atOne = true, 1, sum
				break
			}
			c.lo, c.hi = c.share, 1
		} else if sum < c.want {
			c.lo = c.q
		} else {
			c.hi = c.q
		}
		c.iter++
		if c.iter > bisections {
			c.finished, c.calibratedShare = true, (c.lo+c.hi)/2
			break
		}
	}
	if c.finished {
		c.bounded = nil
	}
	return did, c.finished
}

// expected returns the expected number of intra-host links, given the sums
// of the fewest and of the most each page can have: the bisection's target,
// or its value at q = 1 when that falls short; with nothing to calibrate,
// every page has its most (share 1) or its fewest (share 0; one host, where
// both are all its links).
func (c *intraCalibration) expected(fewest, most uint64) float64 {
	switch {
	case c.calibrate && c.calibratedShare == 1:
		return c.atOne
	case c.calibrate:
		return c.want
	case c.share >= 1:
		return float64(most)
	default:
		return float64(fewest)
	}
}

// result returns q once the bisection has finished (or share when there was
// nothing to calibrate).
func (c *intraCalibration) result() float64 {
	if !c.calibrate {
		return c.share
	}
	return c.calibratedShare
}
