package crawl

// Frontier holds the pages of F that a strategy has made selectable, each
// with a priority key, grouped by host. A strategy pushes a page when it
// is discovered (or later, when a batch strategy releases it) and raises or
// lowers its key as the crawl goes; the crawler takes the best page.
//
// The best page is the one with the largest key, then the earliest
// discovery, then the smallest id (SPEC.md section 2). Pages are kept in one
// indexed max-heap per host, and the hosts in a heap of their own, so that
// the politeness clock (SPEC.md section 5) can take "the eligible host whose
// best page ranks highest": hosts can be closed (busy, or waiting for the
// politeness delay) and only open hosts compete. Without the clock every host
// is open, and the best open host's best page is the best page of all.
//
// With groupBySize (larger-sites-first) hosts are ordered instead by the
// number of pages they hold, then by the discovery of their first page.
//
// Every structure is a flat slice indexed by page or host; changing a key
// costs O(log n) and allocates nothing once the heaps have grown.
type Frontier struct {
	key []float64 // priority by page; kept after a page leaves the heap
	seq []uint32  // discovery number by page (owned by the Crawl)
	pos []uint32  // position in its host's heap, or noPos

	hostOf []uint32 // host by page; nil: one host for every page
	hosts  []pageHeap

	groupBySize bool
	hostSeq     []uint32 // discovery number of the host's first page
	open        []bool   // host may be chosen
	hostPos     []uint32 // position in hostHeap, or noPos
	hostHeap    []uint32

	size    int   // pages held
	updates int64 // pushes and key changes, for the cost counters
	wake    func(host uint32)
}

// newFrontier makes a frontier for n pages. hostOf (nil for one host) maps
// pages to hosts 0..numHosts-1.
func newFrontier(n int, seq []uint32, hostOf []uint32, numHosts int, groupBySize bool) *Frontier {
	if hostOf == nil {
		numHosts = 1
	}
	f := &Frontier{
		key:         make([]float64, n),
		seq:         seq,
		pos:         newPositions(n),
		hostOf:      hostOf,
		hosts:       make([]pageHeap, numHosts),
		groupBySize: groupBySize,
		hostSeq:     make([]uint32, numHosts),
		open:        make([]bool, numHosts),
		hostPos:     newPositions(numHosts),
	}
	for h := range f.hosts {
		f.hosts[h] = pageHeap{key: f.key, seq: seq, pos: f.pos}
		f.hostSeq[h] = noPos
		f.open[h] = true
	}
	return f
}

func (f *Frontier) hostOfPage(p uint32) uint32 {
	if f.hostOf == nil {
		return 0
	}
	return f.hostOf[p]
}

// Len returns the number of pages the frontier holds.
func (f *Frontier) Len() int { return f.size }

// Contains reports whether page p is held (selectable).
func (f *Frontier) Contains(p uint32) bool { return f.pos[p] != noPos }

// Key returns page p's key: its current key while it is held, its last key
// after it left, and 0 for a page never given one.
func (f *Frontier) Key(p uint32) float64 { return f.key[p] }

// Push makes page p selectable with the given key. Pushing a page already
// held only changes its key.
func (f *Frontier) Push(p uint32, key float64) {
	if f.pos[p] != noPos {
		f.Set(p, key)
		return
	}
	f.updates++
	f.key[p] = key
	h := f.hostOfPage(p)
	if f.seq[p] < f.hostSeq[h] {
		f.hostSeq[h] = f.seq[p]
	}
	hp := &f.hosts[h]
	wasEmpty := hp.len() == 0
	hp.push(p)
	f.size++
	f.fixHost(h)
	if wasEmpty && !f.open[h] && f.wake != nil {
		f.wake(h)
	}
}

// Set changes page p's key. For a page not held it only records the key
// (strategies may keep their scores here for pages in flight or downloaded).
func (f *Frontier) Set(p uint32, key float64) {
	if f.pos[p] == noPos {
		f.key[p] = key
		return
	}
	if f.key[p] == key {
		return
	}
	f.updates++
	f.key[p] = key
	h := f.hostOfPage(p)
	f.hosts[h].fix(int(f.pos[p]))
	if !f.groupBySize {
		f.fixHost(h)
	}
}

// Add adds delta to page p's key (see Set).
func (f *Frontier) Add(p uint32, delta float64) { f.Set(p, f.key[p]+delta) }

// Remove takes page p out of the frontier, if held; the strategy parks it.
func (f *Frontier) Remove(p uint32) {
	if f.pos[p] == noPos {
		return
	}
	h := f.hostOfPage(p)
	f.hosts[h].remove(int(f.pos[p]))
	f.size--
	f.fixHost(h)
}

// Best returns the best page of the open hosts without taking it.
func (f *Frontier) Best() (uint32, bool) {
	if len(f.hostHeap) == 0 {
		return 0, false
	}
	return f.hosts[f.hostHeap[0]].top(), true
}

// Before reports whether page a ranks before page b by the keys held here.
func (f *Frontier) Before(a, b uint32) bool { return before(f.key, f.seq, a, b) }

// bestHost returns the open host that is chosen next.
func (f *Frontier) bestHost() (uint32, bool) {
	if len(f.hostHeap) == 0 {
		return 0, false
	}
	return f.hostHeap[0], true
}

// popHost takes the best page of host h, which must hold one.
func (f *Frontier) popHost(h uint32) uint32 {
	p := f.hosts[h].pop()
	f.size--
	f.fixHost(h)
	return p
}

// popBest takes the best page of the open hosts.
func (f *Frontier) popBest() (uint32, bool) {
	h, ok := f.bestHost()
	if !ok {
		return 0, false
	}
	return f.popHost(h), true
}

// setOpen opens or closes host h for selection.
func (f *Frontier) setOpen(h uint32, open bool) {
	if f.open[h] == open {
		return
	}
	f.open[h] = open
	f.fixHost(h)
}

// hostPending returns the number of pages host h holds.
func (f *Frontier) hostPending(h uint32) int { return f.hosts[h].len() }

// hostBefore orders hosts: by their best page, or, with groupBySize, by the
// number of pages held and then the discovery of their first page.
func (f *Frontier) hostBefore(a, b uint32) bool {
	if f.groupBySize {
		na, nb := f.hosts[a].len(), f.hosts[b].len()
		if na != nb {
			return na > nb
		}
		if f.hostSeq[a] != f.hostSeq[b] {
			return f.hostSeq[a] < f.hostSeq[b]
		}
		return a < b
	}
	return before(f.key, f.seq, f.hosts[a].top(), f.hosts[b].top())
}

// fixHost puts host h in the host heap, moves it, or takes it out,
// according to whether it is open and holds pages.
func (f *Frontier) fixHost(h uint32) {
	in := f.open[h] && f.hosts[h].len() > 0
	i := f.hostPos[h]
	switch {
	case !in && i == noPos:
		return
	case !in:
		f.removeHost(int(i))
	case i == noPos:
		f.hostPos[h] = uint32(len(f.hostHeap))
		f.hostHeap = append(f.hostHeap, h)
		f.hostUp(len(f.hostHeap) - 1)
	default:
		if !f.hostUp(int(i)) {
			f.hostDown(int(i))
		}
	}
}

func (f *Frontier) removeHost(i int) {
	last := len(f.hostHeap) - 1
	h := f.hostHeap[i]
	if i != last {
		f.hostHeap[i] = f.hostHeap[last]
		f.hostPos[f.hostHeap[i]] = uint32(i)
	}
	f.hostHeap = f.hostHeap[:last]
	f.hostPos[h] = noPos
	if i < last && !f.hostUp(i) {
		f.hostDown(i)
	}
}

func (f *Frontier) hostUp(i int) bool {
	h := f.hostHeap[i]
	start := i
	for i > 0 {
		parent := (i - 1) / 2
		q := f.hostHeap[parent]
		if !f.hostBefore(h, q) {
			break
		}
		f.hostHeap[i] = q
		f.hostPos[q] = uint32(i)
		i = parent
	}
	f.hostHeap[i] = h
	f.hostPos[h] = uint32(i)
	return i != start
}

func (f *Frontier) hostDown(i int) {
	n := len(f.hostHeap)
	h := f.hostHeap[i]
	for {
		c := 2*i + 1
		if c >= n {
			break
		}
		if r := c + 1; r < n && f.hostBefore(f.hostHeap[r], f.hostHeap[c]) {
			c = r
		}
		q := f.hostHeap[c]
		if !f.hostBefore(q, h) {
			break
		}
		f.hostHeap[i] = q
		f.hostPos[q] = uint32(i)
		i = c
	}
	f.hostHeap[i] = h
	f.hostPos[h] = uint32(i)
}
