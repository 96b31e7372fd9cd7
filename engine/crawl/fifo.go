package crawl

// firstInFirstOut is implemented by strategies that push every page with
// key 0, once, when it is discovered, and never change a key or take a
// page back (bfs, larger-sites-first); their Discover does nothing else,
// so that on one host without the clock the crawler pushes the page
// itself (Crawl.discover). Their Frontier keeps each host's
// pages in a queue in discovery order instead of a heap: the best page of
// a host is then the head of its queue, the same page the heap would give
// (every key equal, earlier discovery first, then smaller id), at O(1) a
// push or pop instead of O(log n) cache misses, and without the 12 bytes
// a page of keys and heap positions.
type firstInFirstOut interface{ firstInFirstOut() }

// fifoQueues is the part of a Frontier that only first-in-first-out
// frontiers have. Host h's queue is hosts[h].items[head[h]:], in increasing
// discovery number: pages discovered later, the seeds included (docs/algorithms.md
// section 2: they are discovered one after another in the seed set's
// order), are pushed later, so a push appends.
type fifoQueues struct {
	head []uint32 // by host: the index of the queue's first page in items
	held []uint64 // bit p%64 of word p/64: page p is held
}

func newFifoQueues(n, numHosts int) *fifoQueues {
	return &fifoQueues{head: make([]uint32, numHosts), held: make([]uint64, (n+63)/64)}
}

// holds reports whether page p is held.
func (q *fifoQueues) holds(p uint32) bool { return q.held[p/64]&(1<<(p%64)) != 0 }

// discoveredBefore is the page order of a frontier whose keys are all
// equal: earlier discovery first, then smaller id.
func discoveredBefore(seq []uint32, a, b uint32) bool {
	if seq[a] != seq[b] {
		return seq[a] < seq[b]
	}
	return a < b
}

// pushFifo appends page p to its host's queue.
func (f *Frontier) pushFifo(p uint32, key float64) {
	q := f.fifo
	if key != 0 {
		panic("crawl: a first-in-first-out frontier holds only key 0")
	}
	if q.holds(p) {
		return
	}
	if f.hostOf == nil {
		f.pushQueue(p)
		return
	}
	f.updates++
	q.held[p/64] |= 1 << (p % 64)
	h := f.hostOfPage(p)
	if f.seq[p] < f.hostSeq[h] || f.seq[p] == f.hostSeq[h] && p < f.hostFirst[h] {
		f.hostSeq[h], f.hostFirst[h] = f.seq[p], p
	}
	hp := &f.hosts[h]
	wasEmpty := f.hostPending(h) == 0
	if wasEmpty {
		hp.items, q.head[h] = hp.items[:0], 0
	}
	hp.items = append(hp.items, p)
	// A page out of discovery order (none, for the strategies that use
	// this frontier) moves to its place.
	live := hp.items[q.head[h]:]
	i := len(live) - 1
	for ; i > 0 && discoveredBefore(f.seq, live[i], live[i-1]); i-- {
		live[i], live[i-1] = live[i-1], live[i]
	}
	f.size++
	// A page appended behind the head leaves the host's best page, and so
	// its place among the hosts, as it was, unless hosts are ordered by
	// their number of pages.
	if wasEmpty || i == 0 || f.groupBySize {
		f.fixHost(h)
	}
	if wasEmpty && !f.open[h] && f.wake != nil {
		f.wake(h)
	}
}

// pushQueue is pushFifo when every page is on one host, for page p, not
// held. The pages come in discovery order, so that the queue is kept in
// the order of the pushes and no discovery number is read (a crawl on
// one host keeps none, unless it runs on the politeness clock), and the
// host's first page plays no part with one host. The queue is not
// restarted when it empties: items then holds every page pushed, in
// discovery order (Crawl.Discovery numbers them from it), within its n
// places, as every page is pushed once.
func (f *Frontier) pushQueue(p uint32) {
	f.updates++
	f.fifo.held[p/64] |= 1 << (p % 64)
	hp := &f.hosts[0]
	wasEmpty := f.size == 0
	hp.items = append(hp.items, p)
	f.size++
	if wasEmpty {
		f.fixHost(0)
		if !f.open[0] && f.wake != nil {
			f.wake(0)
		}
	}
}

// popQueue takes the first page of the queue of a first-in-first-out
// frontier on one host, whose host is open and holds pages: popBest
// without the host heap's lookups.
func (f *Frontier) popQueue() uint32 {
	q := f.fifo
	hp := &f.hosts[0]
	p := hp.items[q.head[0]]
	q.head[0]++
	q.held[p/64] &^= 1 << (p % 64)
	f.size--
	if f.size == 0 {
		f.fixHost(0)
	}
	return p
}

// popFifo takes the first page of host h's queue, which must hold one.
func (f *Frontier) popFifo(h uint32) uint32 {
	q := f.fifo
	hp := &f.hosts[h]
	p := hp.items[q.head[h]]
	q.head[h]++
	q.held[p/64] &^= 1 << (p % 64)
	f.size--
	// With one host, and pages left, the host stays where it is: alone.
	if f.hostOf != nil || f.hostPending(h) == 0 {
		f.fixHost(h)
	}
	return p
}
