package graphio

import (
	"fmt"
	"io"
	"slices"

	"github.com/crawlsim/crawlsim/engine/graph"
)

// This file reads graphs compressed by WebGraph (Boldi and Vigna, "The
// WebGraph Framework I: Compression Techniques", WWW 2004), in the format of
// the Java class it.unimi.dsi.webgraph.BVGraph (format version 0), which
// webgraph-rs also reads and writes. A graph is three files:
//
//   - NAME.properties, a Java properties file: nodes, arcs, windowsize,
//     maxrefcount, minintervallength, zetak, compressionflags, version,
//     graphclass, and statistics this reader ignores;
//   - NAME.graph, a bit stream holding one successor list per node;
//   - NAME.offsets (optional), the bit position of every list, as n+1
//     γ-coded differences (the first is 0, the last points past the end).
//
// The successor list of node x is, in order (BVGraph.java, class comment,
// and BvGraphSeq in webgraph-rs):
//
//  1. the outdegree d (γ); if d = 0 the list ends here;
//  2. if windowsize > 0, the reference r ≤ windowsize (unary); r > 0 means
//     the list copies part of the list of node x-r:
//     a block count b (γ) and b blocks (γ; all but the first stored minus 1)
//     that alternately copy and skip entries of that list, starting with
//     copy; the entries left after the last block are copied when b is
//     even and skipped when b is odd;
//  3. if fewer than d successors were copied and minintervallength > 0, an
//     interval count (γ) and the intervals as (left extreme, length) pairs
//     (γ): the first left extreme as nat2int(value) + x, later ones as
//     value + 1 + the end of the previous interval (one past its last
//     element); lengths minus minintervallength;
//  4. the remaining successors, the residuals (ζ_k, k = zetak): the first as
//     nat2int(value) + x, later ones as value + 1 + the previous residual.
//
// The successors are the union of the copied, interval and residual lists,
// which must be disjoint. The codes in parentheses are the defaults; the
// compressionflags property may choose others (see bvParseFlags).
//
// Decoding is sequential: the lists of the previous windowsize nodes, which
// references copy from, are read back from the CSR arrays being built, so
// no window buffer is needed.

// ReadBVGraph decodes a BVGraph sequentially. graphName and offsetsName
// name the inputs in errors (the properties were named by
// ReadBVGraphProperties; problems with hand-built properties are reported
// against graphName). offsets may be nil; when given, it is checked against
// the bit positions met while decoding (a mismatch is an error naming the
// node).
//
// The whole .graph is read into memory first, but never more of it than a
// graph of the announced pages and links can take with its codes (a loose
// bound, see bvMaxGraphBytes): a longer input is an *Error at that
// offset, found without reading the rest; the same holds for offsets.
// Wrap graphData to report reading progress. Bad input gives an *Error naming the file, the byte
// offset (the message adds the bit position) and the node whose list is
// wrong: data ending inside a list, a reference beyond the window or before
// node 0, copy blocks running past the referenced list, a successor out of
// range or given twice, more links than the properties announce, and at
// the end a link count different from the properties' arcs. A failure of
// graphData or offsets is an *Error at the byte offset reached in that
// input, with Err set to the reader's error.
//
// The page count is checked against what the data can hold before
// anything is allocated for it. Links are different: intervals let a few
// bits stand for many links, so a small genuine .graph may hold up to
// nodes² of them (a 295 KB file can describe 2^32 links, 16 GiB of
// targets). Decoding never produces more links than props.Arcs: a list
// that would exceed them is an error at its node, found before the array
// grows for it, and the array grows in steps of at most doubling (or
// what one list needs) and never beyond props.Arcs. A caller that must
// bound memory checks props.Arcs before calling, as Load does with
// LoadOptions.MaxLinks.
func ReadBVGraph(graphData io.Reader, graphName string, props *BVGraphProperties, offsets io.Reader, offsetsName string) (*graph.Graph, error) {
	return readBVGraph(graphData, graphName, props, offsets, offsetsName, nil)
}

// readBVGraph is ReadBVGraph that calls lim's cancel function every
// limitsPollEvery successor lists and stops when it fails. Load checks
// the properties against lim's limits before calling it.
func readBVGraph(graphData io.Reader, graphName string, props *BVGraphProperties, offsets io.Reader, offsetsName string, lim *readLimits) (*graph.Graph, error) {
	codes, err := bvDecodable(graphName, props)
	if err != nil {
		return nil, err
	}
	limit := bvMaxGraphBytes(props, codes)
	data, fits, err := bvReadAtMost(graphData, limit)
	if err != nil {
		return nil, byteReadError(graphName, int64(len(data)), err)
	}
	if !fits {
		return nil, byteError(graphName, limit, "more data than a BVGraph of %d pages and %d links can hold with its codes (at most %d bytes)", props.Nodes, props.Arcs, limit)
	}
	if err := bvPagesFit(graphName, props, data); err != nil {
		return nil, err
	}
	d := &bvDecoder{
		bvListDecoder: newBVListDecoder(data, graphName, props, codes),
		arcs:          uint64(props.Arcs),
		offsetsNm:     offsetsName,
		lim:           lim,
	}
	d.refList = func(y uint64) ([]uint32, error) { return d.targets[d.offsets[y]:d.offsets[y+1]], nil }
	if d.off, err = bvReadOffsets(offsets, offsetsName, props, codes, len(data)); err != nil {
		return nil, err
	}
	if err := d.decode(); err != nil {
		return nil, err
	}
	g, verr := graph.New(d.offsets, d.targets)
	if verr != nil {
		return nil, fileError(graphName, "decoded graph is invalid: %v", verr)
	}
	return g, nil
}

// bvDecodable checks the properties a decoder relies on and returns the
// codes they choose: there are properties, they are valid, and they
// announce at least one page.
func bvDecodable(graphName string, props *BVGraphProperties) (bvCodes, error) {
	if props == nil {
		return bvCodes{}, fileError(graphName, "no properties given")
	}
	codes, _, msg := bvCheckProperties(props)
	if msg != "" {
		return bvCodes{}, fileError(graphName, "bad properties: %s", msg)
	}
	if props.Nodes == 0 {
		return bvCodes{}, fileError(graphName, "its properties announce 0 pages (nodes = 0), so the BVGraph %s", noPagesMsg)
	}
	return codes, nil
}

// bvPagesFit refuses data too short for the pages the properties
// announce: every list takes at least one bit (the outdegree), whatever
// the code.
func bvPagesFit(graphName string, props *BVGraphProperties, data []byte) error {
	if n := uint64(props.Nodes); n > 8*uint64(len(data)) {
		return byteError(graphName, int64(len(data)), "the properties announce %d pages, but %d bytes hold at most %d successor lists", n, len(data), 8*uint64(len(data)))
	}
	return nil
}

// bvReadOffsets reads the .offsets stream, when not nil, within what the
// offsets of the graph can take, and returns a reader over it (nil when
// there is none).
func bvReadOffsets(offsets io.Reader, offsetsName string, props *BVGraphProperties, codes bvCodes, graphBytes int) (*bvBitReader, error) {
	if offsets == nil {
		return nil, nil
	}
	olimit := bvMaxOffsetsBytes(props.Nodes, graphBytes, codes, props.ZetaK)
	od, fits, err := bvReadAtMost(offsets, olimit)
	if err != nil {
		return nil, byteReadError(offsetsName, int64(len(od)), err)
	}
	if !fits {
		return nil, byteError(offsetsName, olimit, "more data than the offsets of %d pages can take (at most %d bytes)", props.Nodes, olimit)
	}
	return newBVBitReader(od), nil
}

// bvListDecoder decodes one successor list at a time from a BVGraph's bit
// stream, with every check: the sequential reader below and the in-place
// cursor (bvgraph_inplace.go) both decode through it.
type bvListDecoder struct {
	r       *bvBitReader
	name    string
	codes   bvCodes
	n       uint64 // pages
	window  uint64
	minIntv uint64
	k       uint

	// refList returns the successor list of node y, which a list being
	// decoded copies from (y lies in the window before it). It may decode
	// y with this decoder, and then restores the reader's position.
	refList func(y uint64) ([]uint32, error)

	// Scratch lists, reused from node to node.
	copied, intervals, residuals, merged []uint32
}

// newBVListDecoder returns a list decoder over data with the parameters
// of props; the caller sets refList.
func newBVListDecoder(data []byte, name string, props *BVGraphProperties, codes bvCodes) bvListDecoder {
	return bvListDecoder{
		r:       newBVBitReader(data),
		name:    name,
		codes:   codes,
		n:       uint64(props.Nodes),
		window:  uint64(props.WindowSize),
		minIntv: uint64(props.MinIntervalLength),
		k:       uint(max(props.ZetaK, 0)),
	}
}

// bvDecoder holds the state of one sequential decoding into CSR arrays.
type bvDecoder struct {
	bvListDecoder
	arcs uint64 // links announced by the properties

	off       *bvBitReader // the .offsets stream, or nil
	offsetsNm string
	offSum    uint64 // running sum of the offsets read so far

	offsets []uint64
	targets []uint32

	// lim's cancel function is polled every limitsPollEvery lists.
	lim *readLimits
}

// errorAt returns an error about the list of node x found at bit position
// bit of the graph data. If the reader ran past the end or faulted, that is
// reported instead, since it explains whatever else went wrong.
func (d *bvListDecoder) errorAt(bit uint64, x uint64, listStart uint64, format string, args ...any) *Error {
	if e := d.overrunError(x, listStart); e != nil {
		return e
	}
	return byteError(d.name, int64(bit/8), "bit %d, node %d (list at bit %d): %s", bit, x, listStart, fmt.Sprintf(format, args...))
}

// overrunError describes a read past the end of the graph data, or a code
// that could not be decoded, or returns nil when neither happened.
func (d *bvListDecoder) overrunError(x, listStart uint64) *Error {
	r := d.r
	if !r.overrun() {
		return nil
	}
	if r.pos == bvFaulted && r.faultMsg != "" {
		return byteError(d.name, int64(r.faultPos/8), "bit %d, node %d (list at bit %d): %s", r.faultPos, x, listStart, r.faultMsg)
	}
	return byteError(d.name, int64(r.bitLen/8), "the data ends (at bit %d) inside the successor list of node %d, which starts at bit %d: the file is truncated or the properties do not match it", r.bitLen, x, listStart)
}

// checkOffset reads the next offset from the .offsets stream and compares
// it with the current bit position of the graph data, the start of the
// list of node x (or, for x = n, the end of the last list).
func (d *bvDecoder) checkOffset(x uint64) *Error {
	o := d.off
	at := o.pos
	v := o.read(d.codes.offset, d.k)
	if o.overrun() {
		if o.pos == bvFaulted && o.faultMsg != "" {
			return byteError(d.offsetsNm, int64(o.faultPos/8), "bit %d: %s", o.faultPos, o.faultMsg)
		}
		return byteError(d.offsetsNm, int64(o.bitLen/8), "the offsets end after %d of the %d expected (one per page plus one)", x, d.n+1)
	}
	if x == 0 && v != 0 {
		return byteError(d.offsetsNm, 0, "the first offset is %d, want 0", v)
	}
	d.offSum += v
	if v > d.r.bitLen || d.offSum != d.r.pos {
		what := fmt.Sprintf("the list of node %d", x)
		if x == d.n {
			what = "the end of the last list"
		}
		return byteError(d.offsetsNm, int64(at/8), "bit %d: offset %d says %s is at bit %d of %s, but decoding finds it at bit %d", at, x, what, d.offSum, d.name, d.r.pos)
	}
	return nil
}

// decode decodes every successor list into d.offsets and d.targets.
func (d *bvDecoder) decode() error {
	r := d.r
	n := d.n
	d.offsets = make([]uint64, n+1)
	// Preallocate links only as far as the data can plausibly back them
	// (about two links per bit); growTargets grows beyond that.
	d.targets = make([]uint32, 0, min(d.arcs, 16*uint64(len(r.buf))))
	c := d.codes
	for x := uint64(0); x < n; x++ {
		if x%limitsPollEvery == 0 {
			if err := d.lim.poll(); err != nil {
				return byteReadError(d.name, int64(r.pos/8), err)
			}
		}
		if d.off != nil {
			if err := d.checkOffset(x); err != nil {
				return err
			}
		}
		start := r.pos
		deg := r.read(c.outdegree, d.k)
		if r.overrun() {
			return d.overrunError(x, start)
		}
		if deg > n {
			return d.errorAt(start, x, start, "outdegree %d exceeds the number of pages %d", deg, n)
		}
		have := uint64(len(d.targets))
		if have+deg > d.arcs {
			return d.errorAt(start, x, start, "outdegree %d brings the links to %d, more than the %d the properties announce", deg, have+deg, d.arcs)
		}
		if deg > 0 {
			if err := d.decodeList(x, deg, start); err != nil {
				return err
			}
		}
		d.offsets[x+1] = uint64(len(d.targets))
	}
	if d.off != nil {
		if err := d.checkOffset(n); err != nil {
			return err
		}
	}
	if m := uint64(len(d.targets)); m != d.arcs {
		return byteError(d.name, int64((r.pos+7)/8), "bit %d: decoded %d links in %d pages, but the properties announce %d links", r.pos, m, n, d.arcs)
	}
	return nil
}

// decodeList decodes the successor list of node x, whose outdegree deg > 0
// was read from the list starting at bit start, and appends it to
// d.targets.
func (d *bvDecoder) decodeList(x, deg, start uint64) error {
	copied, intervals, residuals, err := d.decodeParts(x, deg, start)
	if err != nil {
		return err
	}
	return d.mergeParts(d.growTargets(deg), copied, intervals, residuals, x, start)
}

// decodeParts decodes the three parts of the successor list of node x,
// whose outdegree deg > 0 was read from the list starting at bit start:
// the successors copied from a reference, in intervals and residuals,
// each sorted, their lengths adding up to deg. They are scratch lists,
// valid until the next call.
func (d *bvListDecoder) decodeParts(x, deg, start uint64) (copied, intervals, residuals []uint32, err error) {
	copied, err = d.decodeCopied(x, deg, start)
	if err != nil {
		return nil, nil, nil, err
	}
	extra := deg - uint64(len(copied))
	intervals, extra, err = d.decodeIntervals(x, extra, start)
	if err != nil {
		return nil, nil, nil, err
	}
	residuals, err = d.decodeResiduals(x, extra, start)
	if err != nil {
		return nil, nil, nil, err
	}
	return copied, intervals, residuals, nil
}

// mergeParts merges the parts decodeParts returned into dst, which has
// room for exactly all of them; a successor given twice is an error about
// the list of node x, which starts at bit start.
func (d *bvListDecoder) mergeParts(dst, copied, intervals, residuals []uint32, x, start uint64) error {
	r := d.r
	var dup int64 = -1
	switch {
	case len(intervals) == 0 && len(residuals) == 0:
		copy(dst, copied)
	case len(copied) == 0 && len(residuals) == 0:
		copy(dst, intervals)
	case len(copied) == 0 && len(intervals) == 0:
		copy(dst, residuals)
	case len(residuals) == 0:
		dup = bvMerge(dst, copied, intervals)
	case len(intervals) == 0:
		dup = bvMerge(dst, copied, residuals)
	case len(copied) == 0:
		dup = bvMerge(dst, intervals, residuals)
	default:
		merged := slices.Grow(d.merged[:0], len(copied)+len(intervals))[:len(copied)+len(intervals)]
		d.merged = merged
		if dup = bvMerge(merged, copied, intervals); dup < 0 {
			dup = bvMerge(dst, merged, residuals)
		}
	}
	if dup >= 0 {
		return d.errorAt(r.pos, x, start, "successor %d is given twice (copied, in an interval or as a residual)", dup)
	}
	return nil
}

// decodeCopied decodes the reference part of the list of node x (step 2):
// the successors of node x-r selected by the copy blocks, into d.copied.
func (d *bvListDecoder) decodeCopied(x, deg, start uint64) ([]uint32, error) {
	r, c, k := d.r, d.codes, d.k
	copied := d.copied[:0]
	if d.window > 0 {
		at := r.pos
		ref := r.read(c.reference, k)
		if r.overrun() {
			return nil, d.overrunError(x, start)
		}
		if ref > d.window {
			return nil, d.errorAt(at, x, start, "reference %d exceeds the window size %d", ref, d.window)
		}
		if ref > x {
			return nil, d.errorAt(at, x, start, "reference %d points before node 0", ref)
		}
		if ref > 0 {
			src, err := d.refList(x - ref)
			if err != nil {
				return nil, err
			}
			srcLen := uint64(len(src))
			at = r.pos
			blocks := r.read(c.blockCount, k)
			if r.overrun() {
				return nil, d.overrunError(x, start)
			}
			if blocks > srcLen+1 {
				return nil, d.errorAt(at, x, start, "%d copy blocks for the %d successors of node %d", blocks, srcLen, x-ref)
			}
			idx := uint64(0)
			copying := true
			for i := uint64(0); i < blocks; i++ {
				at = r.pos
				b := r.read(c.block, k)
				if r.overrun() {
					return nil, d.overrunError(x, start)
				}
				if i > 0 {
					if b >= srcLen {
						return nil, d.errorAt(at, x, start, "copy block %d of length %d+1 runs past the %d successors of node %d", i, b, srcLen, x-ref)
					}
					b++
				}
				if b > srcLen-idx {
					return nil, d.errorAt(at, x, start, "copy block %d of length %d runs past the %d successors of node %d", i, b, srcLen, x-ref)
				}
				if copying {
					copied = append(copied, src[idx:idx+b]...)
				}
				idx += b
				copying = !copying
			}
			if copying {
				copied = append(copied, src[idx:]...)
			}
			if uint64(len(copied)) > deg {
				return nil, d.errorAt(r.pos, x, start, "copies %d successors of node %d, more than its outdegree %d", len(copied), x-ref, deg)
			}
		}
	}
	d.copied = copied
	return copied, nil
}

// successorsLeft says how many successors of a list are left to decode:
// "1 successor is left", "3 successors are left".
func successorsLeft(n uint64) string {
	if n == 1 {
		return "1 successor is left"
	}
	return fmt.Sprintf("%d successors are left", n)
}

// decodeIntervals decodes the intervals of the list of node x (step 3)
// into d.intervals, given the number of successors still to decode, and
// returns that number minus the successors in intervals.
func (d *bvListDecoder) decodeIntervals(x, extra, start uint64) ([]uint32, uint64, error) {
	r, c, k, n := d.r, d.codes, d.k, d.n
	intervals := d.intervals[:0]
	if extra > 0 && d.minIntv > 0 {
		at := r.pos
		count := r.read(c.interval, k)
		if r.overrun() {
			return nil, 0, d.overrunError(x, start)
		}
		if count > extra/d.minIntv {
			what := fmt.Sprintf("%d intervals of at least %d successors each", count, d.minIntv)
			if count == 1 {
				what = fmt.Sprintf("1 interval of at least %d successors", d.minIntv)
			}
			return nil, 0, d.errorAt(at, x, start, "%s, but only %s", what, successorsLeft(extra))
		}
		var next uint64 // one past the end of the previous interval
		for i := uint64(0); i < count; i++ {
			at = r.pos
			v := r.read(c.interval, k)
			if r.overrun() {
				return nil, 0, d.overrunError(x, start)
			}
			var left uint64
			if i == 0 {
				if v > 2*n+2 {
					return nil, 0, d.errorAt(at, x, start, "interval starts beyond the pages (raw %d)", v)
				}
				l := int64(x) + bvNat2Int(v)
				if l < 0 {
					return nil, 0, d.errorAt(at, x, start, "interval starts at %d, before page 0", l)
				}
				left = uint64(l)
			} else {
				if v >= n {
					return nil, 0, d.errorAt(at, x, start, "interval gap %d exceeds the number of pages", v)
				}
				left = next + v + 1
			}
			at = r.pos
			length := r.read(c.interval, k)
			if r.overrun() {
				return nil, 0, d.overrunError(x, start)
			}
			if extra < d.minIntv || length > extra-d.minIntv {
				return nil, 0, d.errorAt(at, x, start, "interval of length %d+%d, but only %s", length, d.minIntv, successorsLeft(extra))
			}
			length += d.minIntv
			if left >= n || length > n-left {
				return nil, 0, d.errorAt(at, x, start, "interval [%d, %d] reaches beyond the last page %d", left, left+length-1, n-1)
			}
			m := len(intervals)
			intervals = slices.Grow(intervals, int(length))[:m+int(length)]
			for i := uint64(0); i < length; i++ {
				intervals[m+int(i)] = uint32(left + i)
			}
			extra -= length
			next = left + length
		}
	}
	d.intervals = intervals
	return intervals, extra, nil
}

// decodeResiduals decodes the extra > 0 residuals of the list of node x
// (step 4) into d.residuals.
func (d *bvListDecoder) decodeResiduals(x, extra, start uint64) ([]uint32, error) {
	r, c, k, n := d.r, d.codes, d.k, d.n
	residuals := d.residuals[:0]
	if extra > 0 {
		// Every residual takes at least one bit.
		if extra > r.bitLen-min(r.pos, r.bitLen) {
			r.pos = r.bitLen + 1
			return nil, d.overrunError(x, start)
		}
		at := r.pos
		v := r.read(c.residual, k)
		if v > 2*n+2 {
			return nil, d.errorAt(at, x, start, "first residual (stored as %d) is not a page", v)
		}
		s := int64(x) + bvNat2Int(v)
		if s < 0 || uint64(s) >= n {
			return nil, d.errorAt(at, x, start, "first residual %d is not a page (want 0 to %d)", s, n-1)
		}
		prev := uint64(s)
		residuals = slices.Grow(residuals, int(extra))[:extra]
		residuals[0] = uint32(prev)
		zeta := c.residual == bvCodeZeta
		for j := 1; j < len(residuals); j++ {
			at = r.pos
			var g uint64
			if zeta { // the default, called directly
				g = r.readZeta(k)
			} else {
				g = r.read(c.residual, k)
			}
			if g >= n-1-prev {
				return nil, d.errorAt(at, x, start, "residual %d+%d+1 is not a page (the last is %d)", prev, g, n-1)
			}
			prev += g + 1
			residuals[j] = uint32(prev)
		}
		if r.overrun() {
			return nil, d.overrunError(x, start)
		}
	}
	d.residuals = residuals
	return residuals, nil
}

// bvMinTargetsGrowth is the fewest links by which growTargets grows the
// targets array, so that small steps do not copy it over and over.
const bvMinTargetsGrowth = 1 << 16

// growTargets extends d.targets by deg links, which decode has checked
// stay within the announced arcs, and returns the new part. The array
// grows in bounded steps: at most doubling (or to what this list needs,
// when that is more) and never beyond the announced arcs, so memory
// follows the links actually decoded.
func (d *bvDecoder) growTargets(deg uint64) []uint32 {
	have := uint64(len(d.targets))
	need := have + deg
	if need > uint64(cap(d.targets)) {
		c := min(d.arcs, max(need, 2*uint64(cap(d.targets)), bvMinTargetsGrowth))
		t := make([]uint32, have, c)
		copy(t, d.targets)
		d.targets = t
	}
	d.targets = d.targets[:need]
	return d.targets[have:]
}

// bvMerge writes the merge of the strictly increasing lists a and b into
// dst, which has room for exactly both. It returns the first value found
// in both (dst is then incomplete), or -1.
func bvMerge(dst, a, b []uint32) int64 {
	i, j, k := 0, 0, 0
	for i < len(a) && j < len(b) {
		x, y := a[i], b[j]
		switch {
		case x < y:
			dst[k] = x
			i++
		case y < x:
			dst[k] = y
			j++
		default:
			return int64(x)
		}
		k++
	}
	k += copy(dst[k:], a[i:])
	copy(dst[k:], b[j:])
	return -1
}
