package graphio

import (
	"fmt"
	"io"

	"github.com/crawlsim/crawlsim/engine/graph"
)

// BVGraph is a BVGraph read in place: the .graph's bytes (natively a
// memory mapping of the file) stay compressed, and successor lists are
// decoded when they are asked for, sequentially or at random through the
// bit position of every list. It satisfies graph.Lists, so a graph.Graph
// may hold it instead of CSR arrays; the memory beside the bytes is 8
// bytes a page for the positions.
//
// OpenBVGraph decodes every list once with all the checks of ReadBVGraph,
// so the lists a cursor decodes later are known to be valid: sorted, free
// of duplicates, every successor a page, as many links as the properties
// announce; the longest reference chain, which bounds the work of a
// random access, is measured. A cursor still checks as it
// decodes, and reports through Err, should the bytes change afterwards.
type BVGraph struct {
	data      []byte
	name      string
	props     BVGraphProperties
	codes     bvCodes
	positions []uint64 // bit position of every list; positions[n] is the end
	maxChain  int
	// fingerprint is the graph's Fingerprint, computed by the checking
	// pass as it decodes.
	fingerprint uint64
}

// OpenBVGraph opens the BVGraph whose .graph bytes are data (named
// graphName in errors) with its properties. offsets, when not nil, is its
// .offsets stream (named offsetsName), read into the list positions and
// checked against them; without it the positions come from the checking
// pass. cancel, when not nil, is polled every few thousand lists and stops
// the pass when it fails. Bad input is an *Error as ReadBVGraph's.
func OpenBVGraph(data []byte, graphName string, props *BVGraphProperties, offsets io.Reader, offsetsName string, cancel func() error) (*BVGraph, error) {
	return openBVGraph(data, graphName, props, offsets, offsetsName, bvCheck{cancel: cancel})
}

// bvCheck is what the checking pass of openBVGraph does beside checking.
type bvCheck struct {
	// cancel, when not nil, is polled every few thousand lists and stops
	// the pass when it fails.
	cancel func() error
	// pack, when not nil, is handed every list in page order, so that a
	// graph to be packed is decoded once; once pack has failed (its bytes
	// exceeded), the pass goes on checking without it.
	pack *graph.PackWriter
	// release, when not nil, is handed the bytes of the .graph the pass
	// has read, every releaseEvery bytes and the rest at its end
	// (MappedReleaser.ReleaseMapped; nothing for a smaller .graph), so
	// that the pages of a mapped .graph do not all stay resident: at
	// 3.7 G links they are 2.9 GB, beside the lists being packed.
	release func([]byte)
	// progress, when not nil, is called every few thousand lists with
	// the bytes of the .graph checked and its size.
	progress func(done, total int64)
}

// openBVGraph is OpenBVGraph with what its checking pass does beside
// checking.
func openBVGraph(data []byte, graphName string, props *BVGraphProperties, offsets io.Reader, offsetsName string, chk bvCheck) (*BVGraph, error) {
	codes, err := bvDecodable(graphName, props)
	if err != nil {
		return nil, err
	}
	if err := bvPagesFit(graphName, props, data); err != nil {
		return nil, err
	}
	g := &BVGraph{data: data, name: graphName, props: *props, codes: codes, maxChain: props.MaxRefCount}
	off, err := bvReadOffsets(offsets, offsetsName, props, codes, len(data))
	if err != nil {
		return nil, err
	}
	if err := g.check(off, offsetsName, chk); err != nil {
		return nil, err
	}
	return g, nil
}

// check decodes every list in order with all the checks, records the
// position of each and, when off is not nil, compares them with the
// .offsets stream, and does what chk asks beside.
func (g *BVGraph) check(off *bvBitReader, offsetsName string, chk bvCheck) error {
	pack, release := chk.pack, chk.release
	n := uint64(g.props.Nodes)
	arcs := uint64(g.props.Arcs)
	g.positions = make([]uint64, n+1)
	ring := newBVRing(g.props.WindowSize, g.props.Nodes)
	chains := make([]int, len(ring.lists))
	d := newBVListDecoder(g.data, g.name, &g.props, g.codes)
	d.refList = func(y uint64) ([]uint32, error) { return ring.lists[y%uint64(len(ring.lists))], nil }
	r := d.r
	seq := &bvDecoder{bvListDecoder: d, off: off, offsetsNm: offsetsName}
	var links uint64
	longest := 0
	released := uint64(0) // the bytes handed to release
	fp := newFingerprinter()
	for x := uint64(0); x <= n; x++ {
		if off != nil {
			if err := seq.checkOffset(x); err != nil {
				return err
			}
		}
		g.positions[x] = r.pos
		if x == n {
			break
		}
		if x%limitsPollEvery == 0 {
			if chk.cancel != nil {
				if err := chk.cancel(); err != nil {
					return byteReadError(g.name, int64(r.pos/8), err)
				}
			}
			if chk.progress != nil {
				chk.progress(int64(r.pos/8), int64(len(g.data)))
			}
		}
		start := r.pos
		deg := r.read(g.codes.outdegree, d.k)
		if r.overrun() {
			return d.overrunError(x, start)
		}
		if deg > n {
			return d.errorAt(start, x, start, "outdegree %d exceeds the number of pages %d", deg, n)
		}
		if links+deg > arcs {
			return d.errorAt(start, x, start, "outdegree %d brings the links to %d, more than the %d the properties announce", deg, links+deg, arcs)
		}
		slot := x % uint64(len(ring.lists))
		chain := 0
		if deg > 0 {
			ref, err := d.peekReference(x, start)
			if err != nil {
				return err
			}
			if ref > 0 {
				chain = chains[(x-ref)%uint64(len(chains))] + 1
			}
			copied, intervals, residuals, err := d.decodeParts(x, deg, start)
			if err != nil {
				return err
			}
			dst := ring.take(slot, deg)
			if err := d.mergeParts(dst, copied, intervals, residuals, x, start); err != nil {
				return err
			}
		} else {
			ring.take(slot, 0)
		}
		fp.add(ring.lists[slot])
		if pack != nil && !pack.Add(ring.lists[slot]) {
			pack = nil
		}
		if read := r.pos / 8; release != nil && read-released >= releaseEvery {
			release(g.data[released:read])
			released = read
		}
		chains[slot] = chain
		longest = max(longest, chain)
		links += deg
	}
	// Java WebGraph keeps chains within maxrefcount when it compresses
	// for random access; a graph compressed for sequential access alone
	// (LAW's -hc) may chain further, and a cursor then follows its
	// longest chain, correctly but slowly.
	g.maxChain = max(g.maxChain, longest)
	if links != arcs {
		return byteError(g.name, int64((r.pos+7)/8), "bit %d: decoded %d links in %d pages, but the properties announce %d links", r.pos, links, n, arcs)
	}
	if release != nil && released > 0 && released < uint64(len(g.data)) {
		release(g.data[released:]) // a .graph under releaseEvery stays as it is
	}
	g.fingerprint = fp.sum()
	if chk.progress != nil {
		chk.progress(int64(len(g.data)), int64(len(g.data)))
	}
	return nil
}

// releaseEvery is how many bytes of a .graph the checking pass reads
// between two calls of its release (a variable for the tests).
var releaseEvery uint64 = 64 << 20

// peekReference returns the reference of the list of node x whose
// outdegree (not zero) was just read, without moving the reader: 0 when
// the graph has no window.
func (d *bvListDecoder) peekReference(x, start uint64) (uint64, error) {
	if d.window == 0 {
		return 0, nil
	}
	r := d.r
	at := r.pos
	ref := r.read(d.codes.reference, d.k)
	if r.overrun() {
		return 0, d.overrunError(x, start)
	}
	r.pos = at
	if ref > d.window || ref > x {
		return 0, nil // decodeCopied says what is wrong
	}
	return ref, nil
}

// bvCursorSlots is the number of lists a cursor keeps (at least the
// window's): a crawl asks for pages near the ones it asked for lately, whose
// lists references copy from, and finds them there instead of decoding
// them again.
const bvCursorSlots = 256

// bvRing keeps the successor lists of the last nodes decoded, node x in
// slot x mod the number of slots (more than the window), for the lists
// that copy from them.
type bvRing struct {
	lists [][]uint32
	nodes []int64 // the node in each slot, -1 when none
	// held is the capacity of the slots' lists, in entries. A cursor's
	// ring keeps it within limit (room) beside the lists of the window
	// before the page it decodes: its other slots are a cache, and a
	// graph whose lists are long (a hub's, or a file's that copies one
	// long list over and over) would otherwise fill every slot with one.
	held, limit int
	window      uint64
}

// newBVRing returns a ring of window+1 slots for a graph of nodes pages:
// at most nodes+1, as no list copies from further back than page 0.
func newBVRing(window int, nodes int64) *bvRing {
	k := int(min(int64(max(window, 0)), max(nodes, 0))) + 1
	r := &bvRing{lists: make([][]uint32, k), nodes: make([]int64, k)}
	for i := range r.nodes {
		r.nodes[i] = -1
	}
	return r
}

// take returns slot's list resized to deg entries, for a list to be
// decoded into; its node is unknown until set.
func (r *bvRing) take(slot, deg uint64) []uint32 {
	l := r.lists[slot]
	if uint64(cap(l)) < deg {
		old := cap(l)
		l = make([]uint32, deg, max(deg, 2*uint64(cap(l))))
		r.held += cap(l) - old
	}
	l = l[:deg]
	r.lists[slot] = l
	r.nodes[slot] = -1
	return l
}

// room makes room for a list of deg entries in slot, the list of page x:
// when it would bring the entries held beyond the ring's limit, it drops
// the lists of the other slots except those a list from page x on may
// copy from (the window before x), to be decoded again when asked for.
// The lists dropped stay valid for whoever holds them.
func (r *bvRing) room(slot, x, deg uint64) {
	if r.limit <= 0 || uint64(cap(r.lists[slot])) >= deg || r.held+int(deg)-cap(r.lists[slot]) <= r.limit {
		return
	}
	for s, y := range r.nodes {
		if uint64(s) == slot || y >= 0 && uint64(y) < x && x-uint64(y) <= r.window {
			continue
		}
		r.held -= cap(r.lists[s])
		r.lists[s], r.nodes[s] = nil, -1
	}
}

// bvCursorRingEntries is the limit of the entries a cursor's ring holds
// beside the window's lists (a variable so that tests can make it small).
var bvCursorRingEntries = 1 << 20

// Fingerprint returns the graph's Fingerprint, computed when it was
// opened.
func (g *BVGraph) Fingerprint() (uint64, bool) { return g.fingerprint, true }

// NumNodes returns the number of pages.
func (g *BVGraph) NumNodes() int { return int(g.props.Nodes) }

// NumArcs returns the number of links.
func (g *BVGraph) NumArcs() int64 { return g.props.Arcs }

// Properties returns the graph's properties.
func (g *BVGraph) Properties() BVGraphProperties { return g.props }

// Bytes returns the size of the .graph data.
func (g *BVGraph) Bytes() int64 { return int64(len(g.data)) }

// OutDegree returns the outdegree of page i, read from the start of its
// list.
func (g *BVGraph) OutDegree(i uint32) int {
	r := bvBitReader{buf: g.data, bitLen: uint64(len(g.data)) * 8, pos: g.positions[i]}
	deg := r.read(g.codes.outdegree, uint(max(g.props.ZetaK, 0)))
	if r.overrun() || deg > uint64(g.props.Nodes) {
		return 0
	}
	return int(deg)
}

// NewCursor returns a decoder for one goroutine.
func (g *BVGraph) NewCursor() graph.Cursor {
	c := &bvCursor{g: g, ring: newBVRing(max(g.props.WindowSize, bvCursorSlots-1), g.props.Nodes)}
	c.ring.limit, c.ring.window = bvCursorRingEntries, uint64(max(g.props.WindowSize, 0))
	c.dec = newBVListDecoder(g.data, g.name, &g.props, g.codes)
	c.dec.refList = c.refList
	return c
}

// bvCursor decodes lists of a BVGraph at any position. The lists of the
// last window+1 nodes it decoded stay in a ring, so that decoding in
// increasing order finds every reference there; a list whose reference is
// not in the ring decodes it first, at most maxrefcount deep.
type bvCursor struct {
	g     *BVGraph
	dec   bvListDecoder
	ring  *bvRing
	depth int
	err   error
}

// Out returns the successor list of page i, valid until the next call.
func (c *bvCursor) Out(i uint32) []uint32 {
	if c.err != nil {
		return nil
	}
	if uint64(i) >= uint64(c.g.props.Nodes) {
		c.err = fmt.Errorf("%s: page %d is beyond the last page %d", c.g.name, i, c.g.props.Nodes-1)
		return nil
	}
	l, err := c.decode(uint64(i))
	if err != nil {
		c.err = err
		return nil
	}
	return l
}

// Err returns the first decoding error.
func (c *bvCursor) Err() error { return c.err }

// refList serves the list decoder's references.
func (c *bvCursor) refList(y uint64) ([]uint32, error) {
	if c.depth > max(c.g.maxChain, 0) {
		return nil, fmt.Errorf("%s: node %d: a reference chain longer than the maxrefcount %d", c.g.name, y, c.g.maxChain)
	}
	c.depth++
	l, err := c.decode(y)
	c.depth--
	return l, err
}

// decode returns the list of node x from the ring, or decodes it into its
// slot, leaving the reader where it was.
func (c *bvCursor) decode(x uint64) ([]uint32, error) {
	ring := c.ring
	slot := x % uint64(len(ring.lists))
	if ring.nodes[slot] == int64(x) {
		return ring.lists[slot], nil
	}
	d := &c.dec
	r := d.r
	saved := r.pos
	l, err := c.decodeAt(x, slot)
	r.pos = saved
	return l, err
}

// decodeAt decodes the list of node x into ring slot slot, moving the
// reader.
func (c *bvCursor) decodeAt(x, slot uint64) ([]uint32, error) {
	ring := c.ring
	d := &c.dec
	r := d.r
	start := c.g.positions[x]
	r.pos = start
	deg := r.read(d.codes.outdegree, d.k)
	if r.overrun() {
		return nil, d.overrunError(x, start)
	}
	if deg > d.n {
		return nil, d.errorAt(start, x, start, "outdegree %d exceeds the number of pages %d", deg, d.n)
	}
	if deg == 0 {
		if err := c.endsAt(x, start); err != nil {
			return nil, err
		}
		l := ring.take(slot, 0)
		ring.nodes[slot] = int64(x)
		return l, nil
	}
	copied, intervals, residuals, err := d.decodeParts(x, deg, start)
	if err != nil {
		return nil, err
	}
	if err := c.endsAt(x, start); err != nil {
		return nil, err
	}
	ring.room(slot, x, deg)
	dst := ring.take(slot, deg)
	if err := d.mergeParts(dst, copied, intervals, residuals, x, start); err != nil {
		return nil, err
	}
	ring.nodes[slot] = int64(x)
	return dst, nil
}

// endsAt checks that the list of node x, at bit start, ended where the
// next begins, as the checking pass found it: a list that decodes to
// another length was rewritten since (the bytes of a mapped file
// changed), and its links are not the graph's.
func (c *bvCursor) endsAt(x, start uint64) error {
	if end := c.dec.r.pos; end != c.g.positions[x+1] {
		return c.dec.errorAt(start, x, start, "the list ends at bit %d, but the next list starts at bit %d: the file changed since it was opened", end, c.g.positions[x+1])
	}
	return nil
}
