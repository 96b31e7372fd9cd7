package crawl

// Frontier holds the pages of F that a strategy has made selectable, each
// with a priority key, grouped by host. A strategy pushes a page when it
// is discovered (or later, when a batch strategy releases it) and raises or
// lowers its key as the crawl goes; the crawler takes the best page.
//
// The best page is the one with the largest key, then the earliest
// discovery, then the smallest id (docs/algorithms.md section 2). Pages are kept in one
// indexed max-heap per host, and the hosts in a heap of their own, so that
// the politeness clock (docs/algorithms.md section 5) can take "the eligible host whose
// best page ranks highest": hosts can be closed (busy, or waiting for the
// politeness delay) and only open hosts compete. Without the clock every host
// is open, and the best open host's best page is the best page of all.
//
// With groupBySize (larger-sites-first) hosts are ordered instead by the
// number of pages they hold, then by the discovery of their first page
// (the seeds too are discovered one after another, in the seed set's
// order), then by that page's id.
//
// Every structure is a flat slice indexed by page or host; changing a key
// costs O(log n) and allocates nothing once the heaps have grown.
//
// For a strategy whose pages all have key 0 and are pushed once, when they
// are discovered (bfs, larger-sites-first: firstInFirstOut) or in an order
// known before the crawl (optimal: pushedInOrder), each host's
// pages are a queue in discovery order instead of a heap (fifo.go): the
// same order at O(1) a page, with neither keys nor heap positions. For
// opic, fpr and fpr-m (keysInHeap), which change a key for every link of a
// download, the pages of one host are a tournament tree in page order
// (keytree.go), and with several hosts heaps that hold the keys beside
// the pages (keyheap.go).
type Frontier struct {
	key []float64 // priority by page; kept after a page leaves the heap
	seq []uint32  // discovery number by page (owned by the Crawl)
	// pos is each page's position in its host's heap, or noPos. RankMass
	// keeps the pages it downloaded in a heap of its own with these
	// positions (rankmass.go); the frontier never holds those.
	pos []uint32

	hostOf []uint32 // host by page; nil: one host for every page
	hosts  []pageHeap

	groupBySize bool
	hostSeq     []uint32  // discovery number of the host's first page
	hostFirst   []uint32  // that page (the smallest id among seeds)
	open        []bool    // host may be chosen
	openHosts   hostHeap  // open hosts that hold pages
	allHosts    *hostHeap // every host that holds pages, when tracked

	size int // pages held
	// updates counts pushes and key changes (the cost counters): every
	// push and every change of a held page's key adds one, which
	// RankMass relies on to know that the best page may have changed.
	updates int64
	wake    func(host uint32)

	// fifo, when set, holds the first-in-first-out queues (fifo.go);
	// key and pos are then nil.
	fifo *fifoQueues
	// khosts, when set, replaces hosts for a keysInHeap strategy
	// (keyheap.go): key is then nil, and loose holds the keys of the
	// pages in flight.
	khosts []keyHeap
	loose  *looseKeys
	// tree, when set, holds the pages of a keysInHeap strategy on one
	// host (keytree.go); key is then its array of keys, and pos, hosts
	// and khosts are nil.
	tree *keyTree
}

// newFrontier makes a frontier for n pages. hostOf (nil for one host) maps
// pages to hosts 0..numHosts-1.
//
// With fifo, every page pushed must have key 0 and be pushed once, after
// the pages discovered before it; Set, Add and Remove must not be called. With keyed
// (and not fifo), the keys are kept in a tree in page order on one host
// (keytree.go), else in the hosts' heaps (keysInHeap); every key must then
// be above -Inf. Otherwise the keys' array (Frontier.key) has room for
// room more entries after its n, for the strategy's own use
// (windowed-rankmass's seeds, keysWithSeedSlots).
func newFrontier(n int, seq []uint32, hostOf []uint32, numHosts int, groupBySize, fifo, keyed bool, room int) *Frontier {
	if hostOf == nil {
		numHosts = 1
	}
	f := &Frontier{
		seq:         seq,
		hostOf:      hostOf,
		hosts:       make([]pageHeap, numHosts),
		groupBySize: groupBySize,
		hostSeq:     make([]uint32, numHosts),
		hostFirst:   make([]uint32, numHosts),
		open:        make([]bool, numHosts),
		openHosts:   hostHeap{pos: newPositions(numHosts)},
	}
	if keyed && !fifo && hostOf == nil {
		f.tree = newKeyTree(n, seq)
		f.key, f.hosts = f.tree.key, nil
		f.hostSeq[0], f.open[0] = noPos, true
		return f
	}
	// Each host's heap holds at most the host's pages, so one array of n
	// entries, cut by host, holds every heap without ever growing.
	items := make([]uint32, n)
	start := make([]int, numHosts+1)
	if hostOf == nil {
		start[1] = n
	} else {
		for _, h := range hostOf {
			start[h+1]++
		}
		for h := range numHosts {
			start[h+1] += start[h]
		}
	}
	switch {
	case fifo:
		f.fifo = newFifoQueues(n, numHosts)
	case keyed:
		f.pos, f.loose = newPositions(n), newLooseKeys()
		hk := make([]float64, n)
		f.khosts = make([]keyHeap, numHosts)
		for h := range f.khosts {
			a, b := start[h], start[h+1]
			f.khosts[h] = keyHeap{items: items[a:a:b], hk: hk[a:a:b], seq: seq, pos: f.pos}
			f.hostSeq[h] = noPos
			f.open[h] = true
		}
		f.hosts = nil
		return f
	default:
		f.key, f.pos = make([]float64, n, n+room), newPositions(n)
	}
	for h := range f.hosts {
		f.hosts[h] = pageHeap{items: items[start[h]:start[h]:start[h+1]], key: f.key, seq: seq, pos: f.pos}
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
func (f *Frontier) Contains(p uint32) bool {
	switch {
	case f.fifo != nil:
		return f.fifo.holds(p)
	case f.tree != nil:
		return f.tree.holds(p)
	}
	return f.pos[p] != noPos
}

// Key returns page p's key: its current key while it is held, its last key
// after it left, and 0 for a page never given one.
func (f *Frontier) Key(p uint32) float64 {
	switch {
	case f.fifo != nil:
		return 0
	case f.khosts != nil:
		if i := f.pos[p]; i != noPos {
			return f.khosts[f.hostOfPage(p)].hk[i]
		}
		return f.loose.get(p)
	}
	return f.key[p]
}

// Push makes page p selectable with the given key. Pushing a page already
// held only changes its key.
func (f *Frontier) Push(p uint32, key float64) {
	if f.fifo != nil {
		f.pushFifo(p, key)
		return
	}
	if f.Contains(p) {
		f.Set(p, key)
		return
	}
	f.updates++
	h := f.hostOfPage(p)
	if f.seq[p] < f.hostSeq[h] || f.seq[p] == f.hostSeq[h] && p < f.hostFirst[h] {
		f.hostSeq[h], f.hostFirst[h] = f.seq[p], p
	}
	wasEmpty := f.hostPending(h) == 0
	switch {
	case f.tree != nil:
		f.tree.push(p, key)
	case f.khosts != nil:
		f.loose.set(p, 0)
		f.khosts[h].push(p, key)
	default:
		f.key[p] = key
		f.hosts[h].push(p)
	}
	f.size++
	f.fixHost(h)
	if wasEmpty && !f.open[h] && f.wake != nil {
		f.wake(h)
	}
}

// Set changes page p's key. For a page not held it only records the key
// (strategies may keep their scores here for pages in flight or downloaded).
func (f *Frontier) Set(p uint32, key float64) {
	if f.fifo != nil {
		panic("crawl: Frontier.Set on a first-in-first-out frontier")
	}
	if f.khosts != nil {
		f.setKeyed(p, key)
		return
	}
	if f.tree != nil {
		f.setTree(p, key)
		return
	}
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
	if !f.groupBySize || f.allHosts != nil {
		f.fixHost(h)
	}
}

// Add adds delta to page p's key (see Set).
func (f *Frontier) Add(p uint32, delta float64) {
	if f.tree != nil {
		f.setTree(p, f.key[p]+delta)
		return
	}
	if f.khosts != nil {
		i := f.pos[p]
		if i == noPos {
			f.loose.set(p, f.loose.get(p)+delta)
			return
		}
		f.setHeld(p, i, f.khosts[f.hostOfPage(p)].hk[i]+delta)
		return
	}
	f.Set(p, f.key[p]+delta)
}

// setTree is Set for a frontier kept in a keyTree. Its one host holds
// pages before and after, so the host heaps need no fixing.
func (f *Frontier) setTree(p uint32, key float64) {
	t := f.tree
	if !t.holds(p) {
		f.key[p] = key
		return
	}
	if f.key[p] == key {
		return
	}
	f.updates++
	t.set(p, key)
}

// setKeyed is Set for a keysInHeap frontier.
func (f *Frontier) setKeyed(p uint32, key float64) {
	i := f.pos[p]
	if i == noPos {
		f.loose.set(p, key)
		return
	}
	f.setHeld(p, i, key)
}

// setHeld is setKeyed for page p, held at index i of its host's heap.
func (f *Frontier) setHeld(p, i uint32, key float64) {
	h := f.hostOfPage(p)
	kh := &f.khosts[h]
	if kh.hk[i] == key {
		return
	}
	f.updates++
	kh.setKey(int(i), p, key)
	if !f.groupBySize || f.allHosts != nil {
		f.fixHost(h)
	}
}

// Remove takes page p out of the frontier, if held; the strategy parks it.
func (f *Frontier) Remove(p uint32) {
	if f.fifo != nil {
		panic("crawl: Frontier.Remove on a first-in-first-out frontier")
	}
	if !f.Contains(p) {
		return
	}
	h := f.hostOfPage(p)
	switch {
	case f.tree != nil:
		f.tree.remove(p)
	case f.khosts != nil:
		f.loose.set(p, f.khosts[h].remove(int(f.pos[p])))
	default:
		f.hosts[h].remove(int(f.pos[p]))
	}
	f.size--
	f.fixHost(h)
}

// Best returns the best page of the open hosts without taking it.
func (f *Frontier) Best() (uint32, bool) {
	h, ok := f.bestHost()
	if !ok {
		return 0, false
	}
	return f.top(h), true
}

// Before reports whether page a ranks before page b by the keys held here.
func (f *Frontier) Before(a, b uint32) bool {
	switch {
	case f.fifo != nil:
		return discoveredBefore(f.seq, a, b)
	case f.khosts != nil:
		ka, kb := f.Key(a), f.Key(b)
		return ka > kb || ka == kb && discoveredBefore(f.seq, a, b)
	}
	return before(f.key, f.seq, a, b)
}

// top returns the best page of host h, which must hold one.
func (f *Frontier) top(h uint32) uint32 {
	switch {
	case f.fifo != nil:
		return f.hosts[h].items[f.fifo.head[h]]
	case f.tree != nil:
		return f.tree.top()
	case f.khosts != nil:
		return f.khosts[h].top()
	}
	return f.hosts[h].top()
}

// bestHost returns the open host that is chosen next.
func (f *Frontier) bestHost() (uint32, bool) {
	if len(f.openHosts.items) == 0 {
		return 0, false
	}
	return f.openHosts.items[0], true
}

// popHost takes the best page of host h, which must hold one.
func (f *Frontier) popHost(h uint32) uint32 {
	if f.fifo != nil {
		return f.popFifo(h)
	}
	var p uint32
	switch {
	case f.tree != nil:
		p = f.tree.pop()
	case f.khosts != nil:
		var k float64
		p, k = f.khosts[h].pop()
		f.loose.put(p, k)
	default:
		p = f.hosts[h].pop()
	}
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
func (f *Frontier) hostPending(h uint32) int {
	switch {
	case f.fifo != nil:
		return f.hosts[h].len() - int(f.fifo.head[h])
	case f.tree != nil:
		return f.size
	case f.khosts != nil:
		return f.khosts[h].len()
	}
	return f.hosts[h].len()
}

// hostBefore orders hosts: by their best page, or, with groupBySize, by the
// number of pages held and then the discovery of their first page.
func (f *Frontier) hostBefore(a, b uint32) bool {
	if f.groupBySize {
		na, nb := f.hostPending(a), f.hostPending(b)
		if na != nb {
			return na > nb
		}
		if f.hostSeq[a] != f.hostSeq[b] {
			return f.hostSeq[a] < f.hostSeq[b]
		}
		return f.hostFirst[a] < f.hostFirst[b]
	}
	return f.Before(f.top(a), f.top(b))
}

// fixHost puts host h in the host heap, moves it, or takes it out,
// according to whether it is open and holds pages; and likewise in the heap
// of all hosts when the frontier tracks it.
func (f *Frontier) fixHost(h uint32) {
	nonEmpty := f.hostPending(h) > 0
	f.openHosts.fix(h, f.open[h] && nonEmpty, f, false)
	if f.allHosts != nil {
		f.allHosts.fix(h, nonEmpty, f, true)
	}
}

// hostLess orders hosts: by their best page when byBest, else as
// hostBefore.
func (f *Frontier) hostLess(byBest bool, a, b uint32) bool {
	if byBest {
		return f.Before(f.top(a), f.top(b))
	}
	return f.hostBefore(a, b)
}

// trackAllHosts makes the frontier keep every host that holds pages, open
// or not, in a second heap, so that GlobalBest works.
func (f *Frontier) trackAllHosts() {
	f.allHosts = &hostHeap{pos: newPositions(len(f.open))}
	for h := range f.open {
		f.fixHost(uint32(h))
	}
}

// GlobalBest returns the best page of all hosts, open or closed; it is the
// same as Best without the politeness clock. Only strategies that are
// Selectors may call it (the crawler then tracks every host).
func (f *Frontier) GlobalBest() (uint32, bool) {
	if f.allHosts == nil {
		return f.Best()
	}
	if len(f.allHosts.items) == 0 {
		return 0, false
	}
	return f.top(f.allHosts.items[0]), true
}

// hostHeap is an indexed heap of hosts, ordered by Frontier.hostLess.
//
// It is a specialised heap, kept because a benchmark shows it faster than
// the generic one: engine/internal/indexheap orders ids by a key of basic
// type, and a host's place depends on its best page (or its count of
// pages), which no one key holds; a generic heap ordered by a method of
// its type parameter calls that method through Go's generic dictionary
// at every comparison. Such a heap here made a breadth-first crawl on the
// politeness clock (BenchmarkPolitenessClock/bfs) execute 5% more
// instructions (valgrind: 490 million a crawl against 466 million); with
// the clock's waiting hosts on it too, 11% more, and 13% more CPU time
// over six interleaved runs.
type hostHeap struct {
	items []uint32
	pos   []uint32 // by host, or noPos
}

// fix puts h in the heap, moves it, or takes it out, as in says.
func (q *hostHeap) fix(h uint32, in bool, f *Frontier, byBest bool) {
	i := q.pos[h]
	switch {
	case !in && i == noPos:
		return
	case !in:
		q.remove(int(i), f, byBest)
	case i == noPos:
		q.pos[h] = uint32(len(q.items))
		q.items = append(q.items, h)
		q.up(len(q.items)-1, f, byBest)
	default:
		if !q.up(int(i), f, byBest) {
			q.down(int(i), f, byBest)
		}
	}
}

func (q *hostHeap) remove(i int, f *Frontier, byBest bool) {
	last := len(q.items) - 1
	h := q.items[i]
	if i != last {
		q.items[i] = q.items[last]
		q.pos[q.items[i]] = uint32(i)
	}
	q.items = q.items[:last]
	q.pos[h] = noPos
	if i < last && !q.up(i, f, byBest) {
		q.down(i, f, byBest)
	}
}

func (q *hostHeap) up(i int, f *Frontier, byBest bool) bool {
	h := q.items[i]
	start := i
	for i > 0 {
		parent := (i - 1) / 2
		p := q.items[parent]
		if !f.hostLess(byBest, h, p) {
			break
		}
		q.items[i] = p
		q.pos[p] = uint32(i)
		i = parent
	}
	q.items[i] = h
	q.pos[h] = uint32(i)
	return i != start
}

func (q *hostHeap) down(i int, f *Frontier, byBest bool) {
	n := len(q.items)
	h := q.items[i]
	for {
		c := 2*i + 1
		if c >= n {
			break
		}
		if r := c + 1; r < n && f.hostLess(byBest, q.items[r], q.items[c]) {
			c = r
		}
		p := q.items[c]
		if !f.hostLess(byBest, p, h) {
			break
		}
		q.items[i] = p
		q.pos[p] = uint32(i)
		i = c
	}
	q.items[i] = h
	q.pos[h] = uint32(i)
}
