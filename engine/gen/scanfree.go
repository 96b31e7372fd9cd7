package gen

// freeScan lets scanFree jump, within a host, over the pages a page
// already links to. A page with thousands of links within its host takes
// most of the host, and every link it drew after the random draws kept
// failing scanned the run of taken pages from the failed draw one page at
// a time: 3.5 billion steps for the 35 M links of a generated web of 1 M
// pages (-degree 35 -locality 0.95), 3,500 times fewer across hosts.
// For a host page lo+k, when page[k] is the page served plus 1, every page
// from lo+k up to to[k] (cyclically in the host), to[k] excluded, is taken
// by that page; taken pages only grow while it draws its links, so a jump
// stays true until the next page. Both arrays have room for the largest
// host (Generator.reservePools).
type freeScan struct {
	page, to []uint32
}

// linearScanSteps is how far scanFree walks page by page before it
// follows and records jumps: most scans end within a few pages. A
// variable so that tests can make every scan jump.
var linearScanSteps = 32

// scanFree returns the first page after t, cyclically among the pages on
// the chosen side of page i (the others of its host, or the other hosts'
// pages), that i does not link to yet. It runs only when random draws keep
// hitting taken targets, that is when few are left; one is left because
// drawPage keeps the number of links of each kind within intraRange. The
// page returned is the one a walk page by page would find.
func (l *linkDrawer) scanFree(i uint32, intra bool, t uint32) uint32 {
	for k := 0; ; k++ {
		t = l.nextOnSide(t, intra)
		if !l.taken(i, t) {
			return t
		}
		if intra && k+1 >= linearScanSteps && len(l.scan.page) > 0 {
			break // t is taken: the jumps start there
		}
	}
	s, lo, stamp := &l.scan, uint32(l.lo), i+1
	next := func(u uint32) uint32 {
		if s.page[u-lo] == stamp {
			return s.to[u-lo]
		}
		return l.nextOnSide(u, true)
	}
	end := t
	for l.taken(i, end) {
		end = next(end)
	}
	for u := t; u != end; {
		after := next(u)
		s.page[u-lo], s.to[u-lo] = stamp, end
		u = after
	}
	return end
}

// taken reports whether page i may not link to t: t is i, or i links to
// it already.
func (l *linkDrawer) taken(i, t uint32) bool { return t == i || l.mark[t] == i+1 }

// nextOnSide returns the page after t on its side of the current host:
// the next page of the host, or the next page outside it, cyclically.
func (l *linkDrawer) nextOnSide(t uint32, intra bool) uint32 {
	t++
	switch {
	case intra && uint64(t) >= l.hi:
		t = uint32(l.lo)
	case !intra && uint64(t) >= l.n:
		t = 0
	}
	if !intra && uint64(t) >= l.lo && uint64(t) < l.hi {
		t = uint32(l.hi % l.n)
	}
	return t
}
