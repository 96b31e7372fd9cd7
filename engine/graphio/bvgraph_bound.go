package graphio

import (
	"io"
	"math"
	"math/bits"
)

// ReadBVGraph reads the whole .graph before decoding it. A file of the
// right name can hold anything, /dev/zero included, so the read stops at
// the most bytes a graph of the announced pages and links can take with
// its codes: bvMaxGraphBytes. The bound is loose (it takes every value at
// its largest) but it follows the properties, so a .graph that is far
// longer than its properties allow is refused after reading a bounded
// amount, not when the memory runs out.

// bvMaxCodeLen returns the most bits code c (with parameter k: ζ_k, or the
// modulus of Golomb) takes for a value of at most v.
func bvMaxCodeLen(c bvCode, k uint, v uint64) float64 {
	l := float64(bits.Len64(v + 1)) // v+1 has l binary digits, l ≤ 64
	if v == math.MaxUint64 {
		l = 65
	}
	switch c {
	case bvCodeGamma:
		return 2*l - 1
	case bvCodeDelta:
		return 2*float64(bits.Len64(uint64(l))) - 1 + l - 1
	case bvCodeUnary:
		return float64(v) + 1
	case bvCodeZeta:
		kk := float64(max(k, 1))
		h := math.Floor((l - 1) / kk)
		return (h + 1) * (kk + 1)
	case bvCodeNibble:
		return 4 * math.Max(1, math.Ceil(l/3))
	case bvCodeGolomb:
		b := float64(max(k, 1))
		return math.Floor(float64(v)/b) + 1 + float64(bits.Len64(uint64(max(k, 1))))
	}
	return 2*l - 1 // the default codes are checked before; γ is the widest of them
}

// bvMaxGraphBytes returns the most bytes the .graph of props can take
// with codes, or math.MaxInt64 when the bound does not fit in an int64.
// In a graph the decoder accepts, every value is at most 2n+2 (n pages),
// a reference at most min(windowsize, n), and there are at most: n
// outdegrees, references, block counts and interval counts; n +
// min(windowsize, n)·arcs copy blocks (a list has at most one more block
// than the list it copies, and a list is copied by at most windowsize
// later ones); 2·arcs interval values and arcs residuals. Each takes at
// most bvMaxCodeLen bits; 64 bytes are added for the padding of the last
// word.
func bvMaxGraphBytes(props *BVGraphProperties, codes bvCodes) int64 {
	n, arcs := float64(max(props.Nodes, 0)), float64(max(props.Arcs, 0))
	un := uint64(max(props.Nodes, 0))
	k := uint(max(props.ZetaK, 0))
	window := uint64(max(props.WindowSize, 0))
	window = min(window, un)
	vmax := 2*un + 2
	total := n*bvMaxCodeLen(codes.outdegree, k, un) + arcs*bvMaxCodeLen(codes.residual, k, vmax)
	if window > 0 {
		total += n*bvMaxCodeLen(codes.reference, k, window) +
			n*bvMaxCodeLen(codes.blockCount, k, un+1) +
			(n+float64(window)*arcs)*bvMaxCodeLen(codes.block, k, un)
	}
	if props.MinIntervalLength > 0 {
		total += n*bvMaxCodeLen(codes.interval, k, un) + 2*arcs*bvMaxCodeLen(codes.interval, k, vmax)
	}
	bytes := math.Ceil(total/8) + 64
	if bytes >= 1<<62 {
		return math.MaxInt64
	}
	return int64(bytes)
}

// bvMaxOffsetsBytes returns the most bytes the .offsets of a graph of n
// pages whose .graph has graphBytes bytes can take: n+1 gaps between bit
// positions, each at most the graph's length in bits (their sum too, for
// the unary code), plus 64 bytes of padding; math.MaxInt64 when that does
// not fit in an int64.
func bvMaxOffsetsBytes(nodes int64, graphBytes int, codes bvCodes, zetaK int) int64 {
	n := float64(max(nodes, 0)) + 1
	graphBits := 8 * uint64(graphBytes)
	var total float64
	if codes.offset == bvCodeUnary {
		total = float64(graphBits) + n
	} else {
		total = n * bvMaxCodeLen(codes.offset, uint(max(zetaK, 0)), graphBits)
	}
	bytes := math.Ceil(total/8) + 64
	if bytes >= 1<<62 {
		return math.MaxInt64
	}
	return int64(bytes)
}

// bvReadAtMost reads all of r, but no more than limit bytes: it returns
// the data and true, or false when r holds more (the data is then
// limit+1 bytes long).
func bvReadAtMost(r io.Reader, limit int64) ([]byte, bool, error) {
	if limit < math.MaxInt64 {
		r = io.LimitReader(r, limit+1)
	}
	data, err := io.ReadAll(r)
	return data, int64(len(data)) <= limit, err
}
