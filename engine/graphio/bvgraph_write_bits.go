package graphio

import (
	"encoding/binary"
	"io"
	"math/bits"
)

// This file holds the bit writer of the BVGraph writer: the instantaneous
// codes of the DSI utilities' OutputBitStream (it.unimi.dsi.io), which
// WebGraph writes with, most significant bit first, and the lengths of
// those codes, with which the writer prices a list without writing it.
//
//   - unary: x zeros, then a one;
//   - γ: ⌊log2(x+1)⌋ zeros, then x+1 in binary (its leading one ends the
//     zeros);
//   - ζ_k: with v = x+1 and h = ⌊⌊log2 v⌋ / k⌋, the unary code of h, then
//     v - 2^(hk) in h·k+k-1 bits when v < 2^(hk+1), else v in h·k+k bits
//     (a minimal binary code of v - 2^(hk) over [0, 2^((h+1)k) - 2^(hk))).
//
// The stream ends with zeros up to the next byte, as OutputBitStream.close
// leaves it.

// bvBitWriterBuffer is how many bytes a bvBitWriter gathers before it
// writes them out.
const bvBitWriterBuffer = 1 << 16

// bvBitWriter writes codes MSB-first to an io.Writer. Errors are sticky:
// after the first failure of the writer, nothing more is written and err
// holds the failure.
type bvBitWriter struct {
	w    io.Writer
	buf  []byte
	acc  uint64 // the last nacc bits written, in its low bits
	nacc uint   // 0 ≤ nacc < 64
	bits uint64 // bits written since the start
	err  error
}

func newBVBitWriter(w io.Writer) *bvBitWriter {
	return &bvBitWriter{w: w, buf: make([]byte, 0, bvBitWriterBuffer+8)}
}

// writeBits writes the n ≤ 64 low bits of v, most significant first; v has
// no bits above them.
func (b *bvBitWriter) writeBits(v uint64, n uint) {
	b.bits += uint64(n)
	free := 64 - b.nacc
	if n < free {
		b.acc = b.acc<<n | v
		b.nacc += n
		return
	}
	r := n - free
	b.acc = b.acc<<free | v>>r
	b.buf = binary.BigEndian.AppendUint64(b.buf, b.acc)
	b.acc, b.nacc = v, r
	if len(b.buf) >= bvBitWriterBuffer {
		b.drain()
	}
}

// writeZeros writes n zeros, any number of them.
func (b *bvBitWriter) writeZeros(n uint64) {
	for n > 64 {
		b.writeBits(0, 64)
		n -= 64
	}
	b.writeBits(0, uint(n))
}

// writeUnary writes x in unary code.
func (b *bvBitWriter) writeUnary(x uint64) {
	b.writeZeros(x)
	b.writeBits(1, 1)
}

// writeGamma writes x < 2^64-1 in γ code.
func (b *bvBitWriter) writeGamma(x uint64) {
	v := x + 1
	msb := uint(bits.Len64(v) - 1)
	if 2*msb+1 <= 64 {
		b.writeBits(v, 2*msb+1)
		return
	}
	b.writeZeros(uint64(msb))
	b.writeBits(v, msb+1)
}

// writeZeta writes x < 2^63 in ζ_k code, 1 ≤ k ≤ 62.
func (b *bvBitWriter) writeZeta(x uint64, k uint) {
	v := x + 1
	h := uint(bits.Len64(v)-1) / k
	b.writeUnary(uint64(h))
	left := uint64(1) << (h * k)
	if v-left < left {
		b.writeWide(v-left, h*k+k-1)
	} else {
		b.writeWide(v, h*k+k)
	}
}

// writeWide writes v in n bits, where n may exceed 64 (the bits above 64
// are zeros).
func (b *bvBitWriter) writeWide(v uint64, n uint) {
	if n > 64 {
		b.writeZeros(uint64(n - 64))
		n = 64
	}
	b.writeBits(v, n)
}

// drain writes the whole bytes gathered to w.
func (b *bvBitWriter) drain() {
	if b.err == nil && len(b.buf) > 0 {
		_, b.err = b.w.Write(b.buf)
	}
	b.buf = b.buf[:0]
}

// close writes the last bits, padded with zeros to a whole byte, and
// returns the first failure of w.
func (b *bvBitWriter) close() error {
	if b.nacc > 0 {
		last := b.acc << (64 - b.nacc)
		for i := uint(0); i < (b.nacc+7)/8; i++ {
			b.buf = append(b.buf, byte(last>>(56-8*i)))
		}
		b.nacc = 0
	}
	b.drain()
	return b.err
}

// bvGammaLen is the length of the γ code of x.
func bvGammaLen(x uint64) uint64 {
	return 2*uint64(bits.Len64(x+1)-1) + 1
}

// bvZetaLen is the length of the ζ_k code of x.
func bvZetaLen(x uint64, k uint) uint64 {
	v := x + 1
	h := uint(bits.Len64(v)-1) / k
	n := uint64(h) + 1 + uint64(h*k+k-1)
	if v-(uint64(1)<<(h*k)) >= uint64(1)<<(h*k) {
		n++
	}
	return n
}

// bvIntToNat maps the integers 0, -1, 1, -2, 2, ... to 0, 1, 2, 3, 4, ...
// (WebGraph's Fast.int2nat, the inverse of bvNat2Int).
func bvIntToNat(x int64) uint64 {
	return uint64(x<<1) ^ uint64(x>>63)
}
