package main

import (
	"runtime/debug"
	"sync"
)

// The pages of a mapped graph that crawlsim reads are resident in the
// process as much as its heap is, but the Go runtime's memory limit counts
// only the heap. When crawlsim set that limit itself (limitGoMemory: from
// CRAWLSIM_MEMORY_LIMIT or the process's limits), every mapping it makes
// is taken off the limit until its pages are let go, so that the heap and
// the mapped graph together stay within the memory crawlsim may use: a
// run on a 2.6 GB mapped BVGraph under CRAWLSIM_MEMORY_LIMIT=12GiB keeps
// its heap under about 9.6 GiB. The limit never goes below a quarter of what
// crawlsim set, so that a mapping larger than the limit slows the
// collector down rather than making it run without end.
var goLimitMapped mappedLimit

// mappedLimit is the Go memory limit crawlsim set and the mappings taken
// off it.
type mappedLimit struct {
	sync.Mutex
	base   int64           // the limit crawlsim set, read at the first mapping
	held   int64           // the bytes of mappings counted
	counts map[*byte]int64 // the mappings counted, by their first byte
}

// countMapping takes the mapping data off the Go memory limit, when
// crawlsim set that limit.
func countMapping(data []byte) {
	if !goLimitFromProcess || len(data) == 0 {
		return
	}
	m := &goLimitMapped
	m.Lock()
	defer m.Unlock()
	if m.counts == nil {
		m.base = debug.SetMemoryLimit(-1)
		m.counts = map[*byte]int64{}
	}
	if _, ok := m.counts[&data[0]]; ok {
		return
	}
	m.counts[&data[0]] = int64(len(data))
	m.held += int64(len(data))
	m.apply()
}

// uncountMapping gives back to the Go memory limit what countMapping took
// for data, when data is a whole mapping it counted (its pages were let
// go: releaseMapped).
func uncountMapping(data []byte) {
	if len(data) == 0 {
		return
	}
	m := &goLimitMapped
	m.Lock()
	defer m.Unlock()
	size, ok := m.counts[&data[0]]
	if !ok || size != int64(len(data)) {
		return
	}
	delete(m.counts, &data[0])
	m.held -= size
	m.apply()
}

// apply sets the Go memory limit to the base less the mappings counted,
// at least a quarter of the base.
func (m *mappedLimit) apply() {
	debug.SetMemoryLimit(max(m.base-m.held, m.base/4))
}
