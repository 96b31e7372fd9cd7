package crawl

import (
	"encoding/binary"
	"math"
	"slices"
)

// The packed copy of windowed-rankmass's out-lists. When the crawl may not
// take the copy's 4 bytes a link (outListsBytes) but may take at least
// packedOutListsLeast, it keeps the downloaded pages' out-lists packed
// instead, in download order, in a buffer of the bytes it may take: for
// each page the number of its links, then its targets in increasing
// order, the first as the zigzag distance from the page's slot, the
// others as the gaps between consecutive ones, each a variable-length
// integer of seven bits a byte (encoding/binary's Uvarint). On a web
// graph, whose links mostly stay near their page, that is one or two
// bytes a link. A page's targets are added to in any order: each takes
// the same share once per link to it, so the order within a list changes
// no bit. When a list does not fit in what is left, the copy is dropped
// and the passes read the graph's lists, to the same crawl.

// packedOutListsLeast is the least memory for which windowed-rankmass
// keeps the packed copy when pages are reached on a graph of links links:
// slotOfD, and a byte a link and a page. Below it the copy would most
// likely be dropped before the crawl ends, when the passes are longest.
func packedOutListsLeast(pages, links int64) int64 { return links + 5*pages + 8 }

// startPacked sets the packed copy up within spare bytes, if they are
// at least packedOutListsLeast: slotOfD, and the buffer with the rest.
func (s *windowedRankMass) startPacked(spare int64) {
	c := s.c
	pages := int64(c.reachable)
	if spare < packedOutListsLeast(pages, c.g.NumArcs()) {
		return
	}
	s.slotOfD = make([]uint32, 0, c.reachable)
	s.packed = make([]byte, 0, spare-4*pages)
	s.work = s.rm[:len(s.rm)+len(c.seeds)]
}

// packOut appends page's out-list out, each target named by its slot,
// to the packed copy; slot is the page's. It drops the copy when the list
// does not fit in the bytes left.
func (s *windowedRankMass) packOut(slot uint32, out []uint32) {
	n, seeds, seq := uint32(len(s.rm)), uint32(len(s.c.seeds)), s.c.seq
	list := append(s.scratch[:0], out...)
	for k, j := range list {
		if q := seq[j]; q < seeds {
			list[k] = n + q
		}
	}
	if !slices.IsSorted(list) {
		slices.Sort(list)
	}
	s.scratch = list
	// At most 5 bytes a number: encoded in place when that fits, else
	// apart and then checked.
	buf := s.packed
	if worst := 5 * (len(list) + 1); cap(buf)-len(buf) < worst {
		enc := encodeList(s.encoded[:0], slot, list)
		s.encoded = enc
		if cap(buf)-len(buf) < len(enc) {
			s.dropCopy()
			return
		}
		s.packed = append(buf, enc...)
		return
	}
	s.packed = encodeList(buf, slot, list)
}

// encodeList appends the packed list of a page at slot whose targets are
// list, in increasing order, to buf.
func encodeList(buf []byte, slot uint32, list []uint32) []byte {
	buf = binary.AppendUvarint(buf, uint64(len(list)))
	if len(list) == 0 {
		return buf
	}
	d := int64(list[0]) - int64(slot)
	buf = binary.AppendUvarint(buf, uint64(d<<1^d>>63))
	for k := 1; k < len(list); k++ {
		buf = binary.AppendUvarint(buf, uint64(list[k]-list[k-1]))
	}
	return buf
}

// dropCopy gives the packed copy up: the passes read the graph's lists.
// It is called between passes, when every seed's rm is at its page.
func (s *windowedRankMass) dropCopy() {
	s.packed, s.slotOfD, s.work, s.scratch, s.encoded = nil, nil, nil, nil, nil
}

// uvarintAt decodes the number at buf[at:], written by encodeList, and
// returns it with the index after it.
func uvarintAt(buf []byte, at int) (uint64, int) {
	if b := buf[at]; b < 0x80 {
		return uint64(b), at + 1
	}
	return longUvarintAt(buf, at)
}

// longUvarintAt is uvarintAt for a number of two bytes or more.
func longUvarintAt(buf []byte, at int) (uint64, int) {
	x, k := binary.Uvarint(buf[at:])
	return x, at + k
}

// passPacked is pass reading the out-lists from the packed copy, with
// the seeds' rm in their slots of work, as passCopied.
func (s *windowedRankMass) passPacked() {
	c := s.c
	rm := s.work
	n := len(s.rm)
	seedRM := rm[n:]
	for k, p := range c.seeds {
		seedRM[k] = rm[p]
	}
	d := c.damping
	buf := s.packed
	at := 0
	slots := s.slotOfD
	var touched uint64
	for k, i := range slots {
		if k+prefetchDistance < len(slots) {
			touched ^= math.Float64bits(rm[slots[k+prefetchDistance]])
		}
		var links uint64
		links, at = uvarintAt(buf, at)
		v := rm[i]
		if links == 0 {
			if v != 0 {
				rm[i] = 0
				s.crm += v
				s.shareToSeeds(rm, d*v, seedRM)
			}
			continue
		}
		if v == 0 {
			for range links {
				_, at = uvarintAt(buf, at)
			}
			continue
		}
		rm[i] = 0
		s.crm += v
		x := d * v / float64(links)
		var z uint64
		z, at = uvarintAt(buf, at)
		t := uint32(int64(i) + (int64(z>>1) ^ -int64(z&1)))
		rm[t] += x
		for range links - 1 {
			// uvarintAt, written out: the call is not inlined
			gap := uint64(buf[at])
			at++
			if gap >= 0x80 {
				gap, at = longUvarintAt(buf, at-1)
			}
			t += uint32(gap)
			rm[t] += x
		}
	}
	for k, p := range c.seeds {
		rm[p] = seedRM[k]
	}
	s.touched = touched
}
