package graphio

import (
	"fmt"
	"io"
	"math/bits"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/model"
)

// This file writes graphs in WebGraph's BVGraph format (Boldi and Vigna,
// "The WebGraph Framework I: Compression Techniques", WWW 2004; the
// format is described in bvgraph.go) the way Java WebGraph 3.6 writes
// them (it.unimi.dsi.webgraph.BVGraph.store, compressing with one
// thread, as LAW's graphs were): the same .graph and .offsets, bit for
// bit, and a .properties with the same keys and values
// (bvgraph_write_properties.go). Only the default codes are written: γ
// outdegrees, blocks, block counts, intervals and offsets, unary
// references and ζ_k residuals (compressionflags empty).
//
// For every page, every list in the window whose reference chain is
// shorter than the maximum (and the empty reference) is tried, and the one
// whose encoding (all but the outdegree) takes the fewest bits wins; on a
// tie the nearest list wins. The chain length of the page is then that of
// its reference plus one (0 with no reference). A list refers to the list
// of page x-r, copying the blocks of it that appear in its own list; what
// is not copied (the extras) is split into intervals, maximal runs of at
// least the minimum interval length consecutive successors, and residuals.

// BVGraphParams are the compression parameters of a BVGraph.
type BVGraphParams struct {
	// Window is how many previous lists a list may copy from
	// (windowsize); 0 disables copying.
	Window int
	// MaxRefCount bounds the length of reference chains (maxrefcount):
	// a list may copy from a list whose chain is shorter than it. 0
	// disables copying too.
	MaxRefCount int
	// MinInterval is the shortest run of consecutive successors written
	// as an interval (minintervallength); 0 disables intervals.
	MinInterval int
	// ZetaK is the k of the ζ_k code of residuals (zetak).
	ZetaK int
}

// Limits of the parameters a BVGraphWriter accepts. The window is
// bounded so that the lists it keeps stay few; the ζ_k limit is the
// reader's.
const (
	BVMaxWindow      = 1 << 16
	BVMaxRefCount    = 1<<31 - 1
	BVMaxMinInterval = 1 << 30
	BVMaxZetaK       = 62
)

// DefaultBVGraphParams returns WebGraph's defaults: window 7, reference
// chains of at most 3, intervals of at least 4, ζ_3 residuals.
func DefaultBVGraphParams() BVGraphParams {
	return BVGraphParams{Window: 7, MaxRefCount: 3, MinInterval: 4, ZetaK: 3}
}

// Check reports a parameter out of its range, as a *BVGraphParamError.
func (p BVGraphParams) Check() error {
	switch {
	case p.Window < 0 || p.Window > BVMaxWindow:
		return &BVGraphParamError{"Window", p.Window, fmt.Sprintf("0 (no copies) to %d", BVMaxWindow)}
	case p.MaxRefCount < 0 || p.MaxRefCount > BVMaxRefCount:
		return &BVGraphParamError{"MaxRefCount", p.MaxRefCount, fmt.Sprintf("0 to %d", BVMaxRefCount)}
	case p.MinInterval < 0 || p.MinInterval == 1 || p.MinInterval > BVMaxMinInterval:
		return &BVGraphParamError{"MinInterval", p.MinInterval, fmt.Sprintf("0 (no intervals) or 2 to %d", BVMaxMinInterval)}
	case p.ZetaK < 1 || p.ZetaK > BVMaxZetaK:
		return &BVGraphParamError{"ZetaK", p.ZetaK, fmt.Sprintf("1 to %d", BVMaxZetaK)}
	}
	return nil
}

// A BVGraphParamError is a field of BVGraphParams out of its range
// (BVGraphParams.Check): Param is the field's name, Value its value and
// Want its range in words, so that a caller can say it in its own terms
// (the command line's flags).
type BVGraphParamError struct {
	Param string
	Value int
	Want  string
}

func (e *BVGraphParamError) Error() string {
	return fmt.Sprintf("graphio: BVGraph %s %d: want %s", bvParamWords[e.Param], e.Value, e.Want)
}

// bvParamWords names the fields of BVGraphParams in words.
var bvParamWords = map[string]string{
	"Window":      "window",
	"MaxRefCount": "maximum reference count",
	"MinInterval": "minimum interval length",
	"ZetaK":       "ζ_k's k",
}

// BVGraphStats are the figures a BVGraphWriter gathers as it writes, as
// Java WebGraph's compressor counts them; the .properties reports them.
type BVGraphStats struct {
	// Nodes and Arcs are the pages and links written.
	Nodes, Arcs uint64
	// GraphBits and OffsetsBits are the bit lengths of the .graph and
	// .offsets streams (before the padding of their last byte).
	GraphBits, OffsetsBits uint64
	// Bits for each part of the lists; their sum is GraphBits.
	OutdegreeBits, ReferenceBits, BlockBits, IntervalBits, ResidualBits uint64
	// Links copied from a reference, in intervals, and residual; their
	// sum is Arcs.
	CopiedArcs, IntervalArcs, ResidualArcs uint64
	// TotalRef sums the reference chain lengths, TotalDist the reference
	// distances, over the non-empty lists.
	TotalRef, TotalDist uint64
	// SuccessorGaps[i] counts the gaps between successive successors
	// (and int2nat of the first successor minus the page, when not 0)
	// whose floor of log2 is i; ResidualGaps the same over residuals.
	SuccessorGaps, ResidualGaps [64]uint64
}

// BVGraphWriter writes a BVGraph list by list, in page order, holding
// only the last Window+1 lists. Give it every page's successors with Add
// (sorted, without duplicates), then call Close; the graph has as many
// pages as Add calls and every successor must be one of them. Errors are
// sticky: after the first, every call returns it, and what was written is
// incomplete, for the caller to remove.
type BVGraphWriter struct {
	p          BVGraphParams
	graph, off *bvBitWriter // off is nil when no .offsets is written
	lastPos    uint64       // bit position of the previous list

	ring     [][]uint32 // the last Window+1 lists, list x in ring[x%(Window+1)]
	refCount []int      // their reference chain lengths
	maxSucc  int64      // the largest successor met, -1 for none

	// Scratch of diffComp.
	extras, blocks, left, lens, residuals []uint32

	st     BVGraphStats
	err    error
	closed bool
}

// NewBVGraphWriter starts a BVGraph whose list stream goes to graph and
// whose offsets go to offsets (nil to write none; Java WebGraph always
// writes them).
func NewBVGraphWriter(graph, offsets io.Writer, p BVGraphParams) (*BVGraphWriter, error) {
	if err := p.Check(); err != nil {
		return nil, err
	}
	w := &BVGraphWriter{
		p:        p,
		graph:    newBVBitWriter(graph),
		ring:     make([][]uint32, p.Window+1),
		refCount: make([]int, p.Window+1),
		maxSucc:  -1,
	}
	if offsets != nil {
		w.off = newBVBitWriter(offsets)
	}
	return w, nil
}

// Params returns the writer's parameters.
func (w *BVGraphWriter) Params() BVGraphParams { return w.p }

// Stats returns what was written so far; after Close, the whole graph.
func (w *BVGraphWriter) Stats() BVGraphStats { return w.st }

// Add writes the successor list of the next page. succ must rise
// strictly; Add copies it.
func (w *BVGraphWriter) Add(succ []uint32) error {
	if w.err != nil {
		return w.err
	}
	if w.closed {
		return fmt.Errorf("graphio: BVGraph writer: Add after Close")
	}
	x := w.st.Nodes
	if x >= uint64(graph.MaxNodes) {
		return w.fail(fmt.Errorf("graphio: writing BVGraph: more than %s pages", model.Count(uint64(graph.MaxNodes))))
	}
	for i := 1; i < len(succ); i++ {
		if succ[i] <= succ[i-1] {
			return w.fail(fmt.Errorf("graphio: writing BVGraph: the links of page %d are not sorted without duplicates: %d after %d", x, succ[i], succ[i-1]))
		}
	}
	g := w.graph
	if w.off != nil {
		w.off.writeGamma(g.bits - w.lastPos)
	}
	w.lastPos = g.bits
	d := uint64(len(succ))
	g.writeGamma(d)
	w.st.OutdegreeBits += bvGammaLen(d)
	size := uint64(len(w.ring))
	cur := x % size
	w.ring[cur] = append(w.ring[cur][:0], succ...)
	w.st.Nodes++
	if d == 0 {
		return w.drainErr()
	}
	w.maxSucc = max(w.maxSucc, int64(succ[d-1]))
	bvUpdateBins(x, succ, &w.st.SuccessorGaps)

	// Try every reference in the window, as BVGraph.CompressionThread.call
	// does: the empty one (r = 0) and every non-empty list whose chain is
	// shorter than the maximum, keeping the first of the cheapest.
	w.refCount[cur] = -1
	bestCost, bestRef := ^uint64(0), 0
	for r := 0; r < len(w.ring); r++ {
		cand := (x + size - uint64(r)%size) % size
		if w.refCount[cand] < w.p.MaxRefCount && len(w.ring[cand]) != 0 {
			if c := w.diffComp(x, r, w.ring[cand], succ, false); c < bestCost {
				bestCost, bestRef = c, r
			}
		}
	}
	best := (x + size - uint64(bestRef)) % size
	w.refCount[cur] = w.refCount[best] + 1
	w.diffComp(x, bestRef, w.ring[best], succ, true)
	w.st.Arcs += d
	w.st.TotalRef += uint64(w.refCount[cur])
	w.st.TotalDist += uint64(bestRef)
	return w.drainErr()
}

// drainErr returns the first failure of the outputs, making it sticky.
func (w *BVGraphWriter) drainErr() error {
	if w.graph.err != nil {
		return w.fail(fmt.Errorf("graphio: writing BVGraph: %w", w.graph.err))
	}
	if w.off != nil && w.off.err != nil {
		return w.fail(fmt.Errorf("graphio: writing BVGraph offsets: %w", w.off.err))
	}
	return nil
}

func (w *BVGraphWriter) fail(err error) error {
	w.err = err
	return err
}

// Close writes the last offset and the last bits of both streams (padded
// to a byte) and checks that every successor is a page.
func (w *BVGraphWriter) Close() error {
	if w.err != nil {
		return w.err
	}
	if w.closed {
		return nil
	}
	w.closed = true
	if w.maxSucc >= int64(w.st.Nodes) {
		return w.fail(fmt.Errorf("graphio: writing BVGraph: a link to page %d, but only %d pages", w.maxSucc, w.st.Nodes))
	}
	w.st.GraphBits = w.graph.bits
	if w.off != nil {
		w.off.writeGamma(w.graph.bits - w.lastPos)
		w.st.OffsetsBits = w.off.bits
	}
	if err := w.graph.close(); err != nil {
		return w.fail(fmt.Errorf("graphio: writing BVGraph: %w", err))
	}
	if w.off != nil {
		if err := w.off.close(); err != nil {
			return w.fail(fmt.Errorf("graphio: writing BVGraph offsets: %w", err))
		}
	}
	return nil
}

// diffComp prices (forReal false) or writes (forReal true) the list cur of
// page x, all but its outdegree, as a copy of ref, the list of page x-r
// (r = 0: no reference), as BVGraph.CompressionThread.diffComp does.
func (w *BVGraphWriter) diffComp(x uint64, r int, ref, cur []uint32, forReal bool) uint64 {
	if r == 0 {
		ref = nil
	}
	extras, blocks := w.extras[:0], w.blocks[:0]
	// Alternate copy and skip blocks over ref, starting with copy.
	j, k, blockLen := 0, 0, uint32(0)
	copying := true
	for j < len(cur) && k < len(ref) {
		c, f := cur[j], ref[k]
		if copying {
			switch {
			case c > f:
				blocks = append(blocks, blockLen)
				copying, blockLen = false, 0
			case c < f:
				extras = append(extras, c)
				j++
			default:
				j++
				k++
				blockLen++
			}
		} else {
			switch {
			case c < f:
				extras = append(extras, c)
				j++
			case c > f:
				k++
				blockLen++
			default:
				blocks = append(blocks, blockLen)
				copying, blockLen = true, 0
			}
		}
	}
	if copying && k < len(ref) {
		blocks = append(blocks, blockLen)
	}
	extras = append(extras, cur[j:]...)
	w.extras, w.blocks = extras, blocks

	g := w.graph
	var cost uint64
	if w.p.Window > 0 {
		t := uint64(r) + 1
		cost += t
		if forReal {
			g.writeUnary(uint64(r))
			w.st.ReferenceBits += t
		}
	}
	if r != 0 {
		t := bvGammaLen(uint64(len(blocks)))
		if forReal {
			g.writeGamma(uint64(len(blocks)))
		}
		for i, b := range blocks {
			v := uint64(b)
			if i > 0 {
				v--
			}
			t += bvGammaLen(v)
			if forReal {
				g.writeGamma(v)
			}
		}
		cost += t
		if forReal {
			w.st.BlockBits += t
			w.st.CopiedArcs += uint64(len(cur) - len(extras))
		}
	}
	if len(extras) == 0 {
		return cost
	}
	residuals := extras
	if w.p.MinInterval != 0 {
		t, res := w.intervals(x, extras, forReal)
		cost += t
		residuals = res
	}
	if len(residuals) != 0 {
		zk := uint(w.p.ZetaK)
		v := bvIntToNat(int64(residuals[0]) - int64(x))
		t := bvZetaLen(v, zk)
		if forReal {
			g.writeZeta(v, zk)
		}
		for i := 1; i < len(residuals); i++ {
			v := uint64(residuals[i] - residuals[i-1] - 1)
			t += bvZetaLen(v, zk)
			if forReal {
				g.writeZeta(v, zk)
			}
		}
		cost += t
		if forReal {
			w.st.ResidualBits += t
			w.st.ResidualArcs += uint64(len(residuals))
			bvUpdateBins(x, residuals, &w.st.ResidualGaps)
		}
	}
	return cost
}

// intervals splits extras into intervals, which it prices or writes, and
// residuals, which it returns (BVGraph.intervalize: maximal runs of at
// least MinInterval consecutive successors).
func (w *BVGraphWriter) intervals(x uint64, extras []uint32, forReal bool) (uint64, []uint32) {
	left, lens, res := w.left[:0], w.lens[:0], w.residuals[:0]
	minIntv := uint32(w.p.MinInterval)
	for i := 0; i < len(extras); {
		j := i + 1
		for j < len(extras) && extras[j] == extras[j-1]+1 {
			j++
		}
		if n := uint32(j - i); n >= minIntv {
			left = append(left, extras[i])
			lens = append(lens, n)
		} else {
			res = append(res, extras[i:j]...)
		}
		i = j
	}
	w.left, w.lens, w.residuals = left, lens, res
	g := w.graph
	t := bvGammaLen(uint64(len(left)))
	if forReal {
		g.writeGamma(uint64(len(left)))
	}
	var prev uint64
	for i, l := range left {
		var v uint64
		if i == 0 {
			v = bvIntToNat(int64(l) - int64(x))
		} else {
			v = uint64(l) - prev - 1
		}
		prev = uint64(l) + uint64(lens[i])
		u := uint64(lens[i] - minIntv)
		t += bvGammaLen(v) + bvGammaLen(u)
		if forReal {
			g.writeGamma(v)
			g.writeGamma(u)
			w.st.IntervalArcs += uint64(lens[i])
		}
	}
	if forReal {
		w.st.IntervalBits += t
	}
	return t, res
}

// bvUpdateBins counts the gaps of list, the list of page x, by the floor
// of their log2 (BVGraph.updateBins): between successive entries, and
// int2nat of the first minus x unless it is 0.
func bvUpdateBins(x uint64, list []uint32, bin *[64]uint64) {
	for i := len(list) - 1; i > 0; i-- {
		bin[bits.Len32(list[i]-list[i-1])-1]++
	}
	if v := bvIntToNat(int64(list[0]) - int64(x)); v != 0 {
		bin[bits.Len64(v)-1]++
	}
}

// WriteBVGraph writes g as a BVGraph: its lists to graphOut, its offsets
// to offsetsOut (nil for none) and its .properties to propsOut (nil for
// none). A graph read in place is decoded sequentially.
func WriteBVGraph(g *graph.Graph, graphOut, offsetsOut, propsOut io.Writer, p BVGraphParams) (BVGraphStats, error) {
	w, err := NewBVGraphWriter(graphOut, offsetsOut, p)
	if err != nil {
		return BVGraphStats{}, err
	}
	s := g.Successors()
	for x := range g.NumNodes() {
		if err := w.Add(s.Out(uint32(x))); err != nil {
			return w.Stats(), err
		}
	}
	if err := s.Err(); err != nil {
		return w.Stats(), err
	}
	if err := w.Close(); err != nil {
		return w.Stats(), err
	}
	if propsOut != nil {
		if err := WriteBVGraphProperties(propsOut, p, w.Stats()); err != nil {
			return w.Stats(), err
		}
	}
	return w.Stats(), nil
}
