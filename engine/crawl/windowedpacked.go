package crawl

import (
	"encoding/binary"
	"math"

	"github.com/crawlsim/crawlsim/engine/internal/prefetch"
)

// The packed copy of windowed-rankmass's out-lists. When the crawl may not
// take the unpacked copy (outListsBytes) but may take at least
// packedOutListsLeast, it keeps the downloaded pages' out-lists packed
// instead, in download order, in a buffer of the bytes it may take. A
// page's list is the number of its near targets and of its far ones, each
// a variable-length integer of seven bits a byte (encoding/binary's
// Uvarint); then each near target, less than 2^15 away from the page's
// slot, as that signed distance in 2 bytes; then each far one in 4, all
// little-endian. On a web graph, whose links mostly stay near their page,
// that is a little over 2 bytes a link. Numbers of a fixed size decode
// without a branch or a chain from one to the next: with gaps between
// targets of seven bits a byte (1.25 bytes a link on cnr-2000) the pass
// took twice the time of the pass over the unpacked copy on a generated
// web of 1 M pages, 35 M links, and three times on 4 M pages.
//
// A page's targets are added to in any order: each takes the same share
// once per link to it, so the order within a list changes no bit. When a
// list does not fit in what is left, the copy is dropped and the passes
// read the graph's lists, to the same crawl.

// packedOutListsLeast is the least memory for which windowed-rankmass
// keeps the packed copy when pages are reached on a graph of links links:
// slotOfD, two bytes a page for its counts and two a link. Below it the
// copy would most likely be dropped before the crawl ends, when the
// passes are longest.
func packedOutListsLeast(pages, links int64) int64 { return 2*links + 6*pages + 8 }

// startPacked sets the packed copy up within spare bytes, if they are
// at least packedOutListsLeast: slotOfD, and the buffer with the rest, or
// with the most the reachable pages' lists can take.
func (s *windowedRankMass) startPacked(spare int64) {
	c := s.c
	pages, links := int64(c.reachable), c.g.NumArcs()
	if spare < packedOutListsLeast(pages, links) {
		return
	}
	s.slotOfD = make([]uint32, 0, c.reachable)
	s.packed = make([]byte, 0, min(spare-4*pages, 4*links+2*binary.MaxVarintLen32*pages))
	s.work = s.rm[:len(s.rm)+len(c.seeds)+padSlots]
}

// packOut appends page's out-list out, each target named by its slot,
// to the packed copy; slot is the page's. It drops the copy when the list
// does not fit in the bytes left.
func (s *windowedRankMass) packOut(slot uint32, out []uint32) {
	list := append(s.scratch[:0], out...)
	s.toSlots(list)
	s.scratch = list
	buf := s.packed
	if size := packedSize(slot, list); cap(buf)-len(buf) < size {
		s.dropCopy()
		return
	}
	s.packed = encodeList(buf, slot, list)
}

// near reports whether target t is at a signed 16-bit distance from slot.
func near(slot, t uint32) bool {
	d := int64(t) - int64(slot)
	return d >= math.MinInt16 && d <= math.MaxInt16
}

// countNear returns the number of targets of list near slot.
func countNear(slot uint32, list []uint32) int {
	nears := 0
	for _, t := range list {
		if near(slot, t) {
			nears++
		}
	}
	return nears
}

// packedSize is the bytes of the packed list of a page at slot whose
// targets are list.
func packedSize(slot uint32, list []uint32) int {
	nears := countNear(slot, list)
	far := len(list) - nears
	var b [binary.MaxVarintLen64]byte
	return binary.PutUvarint(b[:], uint64(nears)) + binary.PutUvarint(b[:], uint64(far)) + 2*nears + 4*far
}

// encodeList appends the packed list of a page at slot whose targets are
// list to buf.
func encodeList(buf []byte, slot uint32, list []uint32) []byte {
	nears := countNear(slot, list)
	buf = binary.AppendUvarint(buf, uint64(nears))
	buf = binary.AppendUvarint(buf, uint64(len(list)-nears))
	for _, t := range list {
		if near(slot, t) {
			buf = binary.LittleEndian.AppendUint16(buf, uint16(t-slot))
		}
	}
	for _, t := range list {
		if !near(slot, t) {
			buf = binary.LittleEndian.AppendUint32(buf, t)
		}
	}
	return buf
}

// dropCopy gives the packed copy up: the passes read the graph's lists.
// It is called between passes, when every seed's rm is at its page.
func (s *windowedRankMass) dropCopy() {
	s.packed, s.slotOfD, s.work, s.scratch, s.ahead = nil, nil, nil, nil, nil
}

// uvarintAt decodes the number at buf[at:], written by encodeList, and
// returns it with the index after it.
func uvarintAt(buf []byte, at int) (int, int) {
	if b := buf[at]; b < 0x80 {
		return int(b), at + 1
	}
	return longUvarintAt(buf, at)
}

// longUvarintAt is uvarintAt for a number of two bytes or more.
func longUvarintAt(buf []byte, at int) (int, int) {
	x, k := binary.Uvarint(buf[at:])
	return int(x), at + k
}

// maxAhead bounds the slots prefetchPacked asks for at once (ahead, 16
// kB), whatever the out-degrees: the buffer is not counted in
// Config.SpareBytes.
const maxAhead = 4096

// prefetchPacked asks for the rm of the prefetchGroup pages downloaded
// from the from-th on (fewer at the end, none past it), and of their
// targets (prefetch.Float64s), at most maxAhead slots, collecting them in
// ahead from the packed copy. next is the first page, in download order,
// whose list it has not read yet, which starts at byte nextAt; it reads
// the lists from there, skipping those before from, and returns the same
// after the group.
func (s *windowedRankMass) prefetchPacked(from, next, nextAt int) (int, int) {
	buf, slots := s.packed, s.slotOfD
	to := min(from+prefetchGroup, len(slots))
	list := s.ahead[:0]
	at := nextAt
	for ; next < to; next++ {
		var nears, fars int
		nears, at = uvarintAt(buf, at)
		fars, at = uvarintAt(buf, at)
		farAt := at + 2*nears
		end := farAt + 4*fars
		if next >= from && len(list) < maxAhead {
			slot := slots[next]
			list = append(list, slot)
			// at most maxAhead slots: the rest are not asked for
			nearEnd := min(farAt, at+2*(maxAhead-len(list)))
			for b := buf[at:nearEnd]; len(b) >= 2; b = b[2:] {
				list = append(list, slot+uint32(int16(binary.LittleEndian.Uint16(b))))
			}
			farEnd := min(end, farAt+4*max(maxAhead-len(list), 0))
			for b := buf[farAt:farEnd]; len(b) >= 4; b = b[4:] {
				list = append(list, binary.LittleEndian.Uint32(b))
			}
		}
		at = end
	}
	s.ahead = list
	prefetch.Float64s(&s.work[0], list)
	return next, at
}

// passPacked is pass reading the out-lists from the packed copy, with
// the seeds' rm in seedRM, their slots of work.
func (s *windowedRankMass) passPacked(seedRM []float64) {
	rm := s.work
	d := s.c.damping
	buf := s.packed
	at := 0
	slots := s.slotOfD
	var touched uint64
	crm := s.crm         // in a register for the pass (passCopied)
	next, nextAt := 0, 0 // the next page to prefetch for, and its list
	for k, i := range slots {
		if !s.prefetchTargets {
			if k+prefetchDistance < len(slots) {
				touched ^= math.Float64bits(rm[slots[k+prefetchDistance]])
			}
		} else if k%prefetchGroup == 0 {
			next, nextAt = s.prefetchPacked(k+prefetchAhead, next, nextAt)
		}
		var nears, fars int
		nears, at = uvarintAt(buf, at)
		fars, at = uvarintAt(buf, at)
		v := rm[i]
		nearAt := at
		farAt := at + 2*nears
		at = farAt + 4*fars
		if v == 0 {
			continue
		}
		rm[i] = 0
		crm += v
		if nears+fars == 0 {
			s.shareToSeeds(rm, d*v, seedRM)
			continue
		}
		x := d * v / float64(nears+fars)
		// i plus a signed distance, modulo 2^32
		for b := buf[nearAt:farAt]; len(b) >= 2; b = b[2:] {
			rm[i+uint32(int16(binary.LittleEndian.Uint16(b)))] += x
		}
		for b := buf[farAt:at]; len(b) >= 4; b = b[4:] {
			rm[binary.LittleEndian.Uint32(b)] += x
		}
	}
	s.crm = crm
	s.touched = touched
}
