package graphio

import (
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/model"
)

// This file numbers the pages of an edge list as ReadEdgeList describes:
// fixed ids below a known page count, integer ids through a bit set or a
// hash map and then by increasing id, or labels in order of first
// appearance; and builds the graph in each mode.

// fixedID parses a page id in fixed mode.
func (p *edgeListParser) fixedID(tok []byte) (uint32, error) {
	v, k, ok := decimalPrefix(tok)
	if k != len(tok) {
		return 0, lineError(p.name, p.sc.lineNo, "page id %s is not a decimal integer; %s fixes %d pages numbered from 0", textQuote(tok), p.fixedWhat(), p.fixedNodes)
	}
	if !ok || v >= p.fixedNodes {
		shown := string(tok)
		if len(tok) > 24 {
			shown = textQuote(tok)
		}
		return 0, lineError(p.name, p.sc.lineNo, "page id %s is not below the %d pages of %s", shown, p.fixedNodes, p.fixedWhat())
	}
	return uint32(v), nil
}

func (p *edgeListParser) fixedWhat() string {
	if p.fixedFrom == "" {
		return "the given page count"
	}
	return p.fixedFrom
}

// integerID returns the provisional id of an integer page id, and false
// when there are too many distinct ids.
func (p *edgeListParser) integerID(v uint64) (uint32, bool) {
	if !p.sparse {
		if p.denseAdd(v) {
			return uint32(v), true
		}
		p.switchToSparse()
	}
	if id, ok := p.sparseIndex[v]; ok {
		return id, true
	}
	if uint64(len(p.sparseOrig)) >= graph.MaxNodes {
		return 0, false
	}
	id := uint32(len(p.sparseOrig))
	p.sparseIndex[v] = id
	p.sparseOrig = append(p.sparseOrig, v)
	return id, true
}

// denseAdd records v in the dense bit set and reports false when v is too
// large for it: beyond the page limit, or beyond 2^24 + 16 bits per byte
// read so far, which keeps the bit set within a constant factor of the
// input.
func (p *edgeListParser) denseAdd(v uint64) bool {
	w := v >> 6
	if w >= uint64(len(p.denseBits)) {
		limit := uint64(1<<24) + 16*uint64(p.sc.consumed)
		if v >= graph.MaxNodes || v >= limit {
			return false
		}
		size := max(w+1, 2*uint64(len(p.denseBits)), 1024)
		size = min(size, limit>>6+1)
		p.denseBits = append(p.denseBits, make([]uint64, size-uint64(len(p.denseBits)))...)
	}
	p.denseBits[w] |= 1 << (v & 63)
	if v > p.denseMax {
		p.denseMax = v
	}
	return true
}

// denseRanks returns, for every word of the dense bit set, the number of
// ids set in the words before it, and the total.
func (p *edgeListParser) denseRanks() ([]uint32, int) {
	ranks := make([]uint32, len(p.denseBits))
	total := 0
	for k, w := range p.denseBits {
		ranks[k] = uint32(total)
		total += bits.OnesCount64(w)
	}
	return ranks, total
}

// denseRank returns the number of ids in the dense bit set below v.
func (p *edgeListParser) denseRank(ranks []uint32, v uint32) uint32 {
	w := v >> 6
	return ranks[w] + uint32(bits.OnesCount64(p.denseBits[w]&(1<<(v&63)-1)))
}

// remapDense replaces every provisional id of the links by its rank in
// the dense bit set.
func (p *edgeListParser) remapDense(ranks []uint32) {
	for _, c := range [2]*u32Chunks{&p.src, &p.dst} {
		for _, ch := range c.chunks() {
			for i, a := range ch {
				ch[i] = p.denseRank(ranks, a)
			}
		}
	}
}

// remapThrough replaces every provisional id a of the links by to[a].
func (p *edgeListParser) remapThrough(to []uint32) {
	for _, c := range [2]*u32Chunks{&p.src, &p.dst} {
		for _, ch := range c.chunks() {
			for i, a := range ch {
				ch[i] = to[a]
			}
		}
	}
}

// startRenumbering turns the ids as given of the links read so far into
// provisional ids of a renumbering, recording them in the dense bit set.
func (p *edgeListParser) startRenumbering() {
	p.renumber = true
	p.lastSrcValid = false
	for _, c := range [2]*u32Chunks{&p.src, &p.dst} {
		for _, ch := range c.chunks() {
			for _, a := range ch {
				p.denseAdd(uint64(a))
			}
		}
	}
}

// switchToSparse renumbers the dense ids seen so far by increasing value
// and continues with the hash map.
func (p *edgeListParser) switchToSparse() {
	ranks, total := p.denseRanks()
	p.sparseOrig = make([]uint64, 0, total)
	p.sparseIndex = make(map[uint64]uint32, total)
	for k, w := range p.denseBits {
		for w != 0 {
			v := uint64(k)<<6 | uint64(bits.TrailingZeros64(w))
			p.sparseIndex[v] = uint32(len(p.sparseOrig))
			p.sparseOrig = append(p.sparseOrig, v)
			w &= w - 1
		}
	}
	p.remapDense(ranks)
	p.denseBits = nil
	p.sparse = true
	p.lastSrcValid = false
}

// switchToNames turns the integers seen so far into labels, numbered in
// order of first appearance, and moves the links to the builder.
func (p *edgeListParser) switchToNames() {
	// The provisional ids of the links: renumbered ids, or the ids as
	// given.
	count, orig := 0, func(a uint32) uint64 { return uint64(a) }
	if p.renumber {
		if !p.sparse {
			p.switchToSparse()
		}
		count, orig = len(p.sparseOrig), func(a uint32) uint64 { return p.sparseOrig[a] }
	} else if p.anyID {
		count = int(p.maxID + 1)
	}
	const none = ^uint32(0)
	provToLabel := make([]uint32, count)
	for i := range provToLabel {
		provToLabel[i] = none
	}
	p.labelIndex = make(map[string]uint32, count)
	p.labelNames = make([]string, 0, count)
	// Labels are numbered in order of first appearance: source, then
	// target, line by line.
	srcChunks, dstChunks := p.src.chunks(), p.dst.chunks()
	for k, ch := range srcChunks {
		d := dstChunks[k]
		p.integerLinks += int64(len(ch))
		for i := range ch {
			for _, a := range [2]*uint32{&ch[i], &d[i]} {
				if provToLabel[*a] == none {
					l := uint32(len(p.labelNames))
					s := strconv.FormatUint(orig(*a), 10)
					p.labelNames = append(p.labelNames, s)
					p.labelBytes += int64(len(s))
					p.labelIndex[s] = l
					provToLabel[*a] = l
				}
			}
		}
	}
	p.remapThrough(provToLabel)
	p.sparseIndex, p.sparseOrig = nil, nil
	p.mode = edgeListNames
}

// labelID returns the page number of a label, and false when there are too
// many distinct labels.
func (p *edgeListParser) labelID(tok []byte) (uint32, bool) {
	if id, ok := p.labelIndex[string(tok)]; ok {
		return id, true
	}
	if uint64(len(p.labelNames)) >= graph.MaxNodes {
		return 0, false
	}
	s := string(tok)
	p.labelBytes += int64(len(s))
	id := uint32(len(p.labelNames))
	p.labelIndex[s] = id
	p.labelNames = append(p.labelNames, s)
	return id, true
}

// finishFixed builds the graph of fixed mode.
func (p *edgeListParser) finishFixed() (*graph.Graph, *Labels, error) {
	if p.headerNodes && p.fixedNodes > edgeListHeaderMaxPages(p.sc.consumed) {
		return nil, nil, lineError(p.name, 1, "header announces %d pages, more than a file of %d bytes can back", p.fixedNodes, p.sc.consumed)
	}
	g, err := p.build(int(p.fixedNodes))
	if err != nil {
		return nil, nil, err
	}
	return g, nil, nil
}

// build checks the limits and builds the graph of the links added so far
// on nodes pages (fixed and label modes).
func (p *edgeListParser) build(nodes int) (*graph.Graph, error) {
	if err := p.checkLimits(0, false); err != nil {
		return nil, err
	}
	if uint64(nodes) > graph.MaxNodes {
		return nil, fileError(p.name, "%d pages exceed the limit of %d", nodes, uint64(graph.MaxNodes))
	}
	return buildCSRFromChunks(nodes, &p.src, &p.dst), nil
}

// finishNames builds the graph of label mode.
func (p *edgeListParser) finishNames() (*graph.Graph, *Labels, error) {
	g, err := p.build(len(p.labelNames))
	if err != nil {
		return nil, nil, err
	}
	urls := len(p.labelNames) > 0
	for _, s := range p.labelNames {
		if !strings.Contains(s, "://") {
			urls = false
			break
		}
	}
	if urls {
		// A copy of the string headers, so that the caller may change
		// Labels.Names without changing the graph.
		if g, err = g.WithURLs(slices.Clone(p.labelNames)); err != nil {
			return nil, nil, fileError(p.name, "%v", err)
		}
	}
	l := &Labels{Names: p.labelNames}
	if p.integerLinks > 0 {
		l.FirstLabel, l.FirstLabelLine, l.IntegerLinks = p.firstLabel, p.firstLabelLine, p.integerLinks
	}
	return g, l, nil
}

// finishIntegers builds the graph of integer mode: on the ids as given,
// or numbered by increasing id.
func (p *edgeListParser) finishIntegers() (*graph.Graph, *Labels, error) {
	if p.givenErr != nil {
		return nil, nil, p.givenErr
	}
	if !p.renumber {
		if p.snapNodes > edgeListGivenMax(p.sc.consumed) {
			return nil, nil, lineError(p.name, p.snapLine, "the header announces %s nodes, more than a file of %s bytes can back", model.Count(p.snapNodes), model.Count(p.sc.consumed))
		}
		n := p.snapNodes
		if p.anyID {
			n = max(n, p.maxID+1)
		}
		p.finalPages = int64(n)
		g, err := p.build(int(n))
		return g, nil, err
	}
	var ids []uint64
	if !p.sparse {
		ranks, total := p.denseRanks()
		ids = make([]uint64, 0, total)
		if total > 0 && uint64(total) == p.denseMax+1 {
			for v := range total {
				ids = append(ids, uint64(v))
			}
		} else {
			for k, w := range p.denseBits {
				for w != 0 {
					ids = append(ids, uint64(k)<<6|uint64(bits.TrailingZeros64(w)))
					w &= w - 1
				}
			}
			p.remapDense(ranks)
		}
		p.denseBits = nil
	} else {
		ids = slices.Clone(p.sparseOrig)
		slices.Sort(ids)
		final := make([]uint32, len(p.sparseOrig))
		for prov, v := range p.sparseOrig {
			k, _ := slices.BinarySearch(ids, v)
			final[prov] = uint32(k)
		}
		p.remapThrough(final)
		p.sparseIndex, p.sparseOrig = nil, nil
	}
	p.finalPages = int64(len(ids))
	g, err := p.build(len(ids))
	if err != nil {
		return nil, nil, err
	}
	return g, &Labels{IDs: ids}, nil
}
