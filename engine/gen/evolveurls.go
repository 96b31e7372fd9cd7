// The Evolver's URLs: the hash table of the earlier graph's URLs, the new
// pages' URLs (avoiding clashes with old ones), and the later URL list.

package gen

import "strconv"

// indexURLs puts g's URLs in a hash table (open addressing, linear
// probing, at most half full) to detect the rare clash of a new URL with an
// old one.
func (e *Evolver) indexURLs(limit int64) (int64, bool) {
	if e.g.URLs == nil {
		return 0, true
	}
	if e.urlIndex == nil {
		size := 1
		for size < 2*e.n {
			size *= 2
		}
		e.urlIndex = make([]uint32, size)
	}
	mask := uint64(len(e.urlIndex) - 1)
	return e.pass(limit, e.n, func(lo, hi int) {
		for i, u := range e.g.URLs[lo:hi] {
			slot := fnv64(u) & mask
			for e.urlIndex[slot] != 0 {
				slot = (slot + 1) & mask
			}
			e.urlIndex[slot] = uint32(lo + i + 1)
		}
	})
}

// hasURL reports whether g has the URL u.
func (e *Evolver) hasURL(u []byte) bool {
	mask := uint64(len(e.urlIndex) - 1)
	for slot := fnv64(u) & mask; e.urlIndex[slot] != 0; slot = (slot + 1) & mask {
		if e.g.URLs[e.urlIndex[slot]-1] == string(u) {
			return true
		}
	}
	return false
}

// countHostPages counts the old pages of every host, for the numbers of
// the new pages' URLs.
func (e *Evolver) countHostPages(limit int64) (int64, bool) {
	if e.g.URLs == nil {
		return 0, true
	}
	if e.hostPages == nil {
		e.hostPages = make([]int, len(e.hostNames))
	}
	return e.pass(limit, e.n, func(lo, hi int) {
		for _, h := range e.hosts.Of[lo:hi] {
			e.hostPages[h]++
		}
	})
}

// writeNewURLs writes the new pages' URLs (see Evolve) one after the other.
func (e *Evolver) writeNewURLs(limit int64) (int64, bool) {
	if e.g.URLs == nil {
		return 0, true
	}
	if e.newURLEnds == nil {
		e.newURLEnds = make([]int, e.added)
	}
	var u []byte
	return e.pass(limit, e.added, func(lo, hi int) {
		for j := lo; j < hi; j++ {
			h := e.newHost[j]
			for v := 0; ; v++ {
				u = append(append(u[:0], "http://"...), e.hostNames[h]...)
				u = append(u, '/')
				if e.hostPages[h] > 0 || v > 0 {
					u = strconv.AppendInt(append(u, "page"...), int64(e.hostPages[h]), 10)
					if v > 0 {
						u = strconv.AppendInt(append(u, "-v"...), int64(v), 10)
					}
					u = append(u, ".html"...)
				}
				if !e.hasURL(u) {
					break
				}
			}
			e.newURLs.Write(u)
			e.newURLEnds[j] = e.newURLs.Len()
			e.hostPages[h]++
		}
	})
}

// listURLs writes the later snapshot's URL list: g's, then the new ones.
func (e *Evolver) listURLs(limit int64) (int64, bool) {
	if e.g.URLs == nil {
		return 0, true
	}
	if e.urls == nil {
		e.urls = make([]string, e.total)
		e.urlIndex, e.hostPages = nil, nil
	}
	all := e.newURLs.String()
	return e.pass(limit, e.total, func(lo, hi int) {
		if lo < e.n {
			copy(e.urls[lo:min(hi, e.n)], e.g.URLs[lo:min(hi, e.n)])
		}
		for i := max(lo, e.n); i < hi; i++ {
			begin := 0
			if i > e.n {
				begin = e.newURLEnds[i-e.n-1]
			}
			e.urls[i] = all[begin:e.newURLEnds[i-e.n]]
		}
	})
}

// fnv64 returns the 64-bit FNV-1a hash of s.
func fnv64[S string | []byte](s S) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}
