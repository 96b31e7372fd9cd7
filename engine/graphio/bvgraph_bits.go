package graphio

import (
	"encoding/binary"
	"math/bits"
)

// This file holds the bit reader and the instantaneous codes of the WebGraph
// BVGraph format, as defined by the DSI utilities' InputBitStream (class
// it.unimi.dsi.io.InputBitStream, which WebGraph uses) and by
// dsi-bitstream-rs (which webgraph-rs uses):
//
//   - bits are read most significant first: the first bit of the stream is
//     bit 7 of byte 0;
//   - unary: x is x zeros followed by a one ("1" is 0, "01" is 1);
//   - γ: the unary code of msb = ⌊log2(x+1)⌋, then the msb low bits of x+1;
//   - δ: as γ, but msb is itself written in γ;
//   - ζ_k: h = unary, then h·k+k-1 bits m; x = m + 2^(h·k) - 1 when
//     m < 2^(h·k), else x = 2m + (one more bit) - 1 (a minimal binary code of
//     the interval [2^(h·k), 2^((h+1)·k)));
//   - nibble: groups of four bits, a stop bit (1 on the last group) followed
//     by three value bits, most significant group first;
//   - Golomb with modulus b: unary quotient, then the remainder in minimal
//     binary code over [0, b).
//
// The reader works in place on the data's bytes (a memory-mapped file
// among them): a 64-bit window is one big-endian load, and within the last
// eight bytes it is assembled byte by byte with zeros past the end. Reads
// never fail by themselves: a code that runs past the end of the
// data leaves pos beyond bitLen, and a code whose value does not fit in 64
// bits moves pos to bvFaulted and records why. Callers compare pos with
// bitLen (one comparison) before trusting what they read.

// bvFaulted is the position a bit reader jumps to when a code cannot be
// decoded at all; it is beyond the bit length of any input.
const bvFaulted = uint64(1) << 62

// bvMaxCodeBits is the number of valid bits bvBitReader.peek always
// delivers: 64 minus at most 7 bits of the first byte already consumed.
const bvMaxCodeBits = 57

// bvBitReader reads instantaneous codes MSB-first from a byte slice.
type bvBitReader struct {
	// buf holds the data; it is only read.
	buf []byte
	// bitLen is the number of data bits, 8·len(buf).
	bitLen uint64
	// pos is the position of the next bit to read. pos > bitLen means the
	// reader ran past the end or faulted.
	pos uint64
	// faultPos and faultMsg describe a code that could not be decoded
	// (pos == bvFaulted); faultMsg is empty after a plain overrun.
	faultPos uint64
	faultMsg string
}

// newBVBitReader returns a reader over data, which it never writes.
func newBVBitReader(data []byte) *bvBitReader {
	return &bvBitReader{buf: data, bitLen: uint64(len(data)) * 8}
}

// overrun reports whether a read went past the end of the data or faulted.
func (r *bvBitReader) overrun() bool { return r.pos > r.bitLen }

// fault records that the code starting at start cannot be decoded and
// moves the reader beyond the end so that every caller notices.
func (r *bvBitReader) fault(start uint64, msg string) {
	if r.pos != bvFaulted {
		r.faultPos, r.faultMsg = start, msg
	}
	r.pos = bvFaulted
}

// peek returns the next 64 bits of the stream left-aligned; at least the top
// bvMaxCodeBits of them are stream bits (zeros past the end of the data).
func (r *bvBitReader) peek() uint64 {
	i := r.pos >> 3
	if i+8 <= uint64(len(r.buf)) {
		return binary.BigEndian.Uint64(r.buf[i:i+8]) << (r.pos & 7)
	}
	return r.peekTail()
}

// peekTail is peek within the last eight bytes of the data or past them:
// the window is assembled from the bytes left, zeros after them.
func (r *bvBitReader) peekTail() uint64 {
	i := r.pos >> 3
	var w uint64
	for k := uint64(0); k < 8; k++ {
		w <<= 8
		if i+k < uint64(len(r.buf)) {
			w |= uint64(r.buf[i+k])
		}
	}
	return w << (r.pos & 7)
}

// readBits reads k ≤ 64 bits as an unsigned integer, MSB first.
func (r *bvBitReader) readBits(k uint) uint64 {
	if k <= bvMaxCodeBits {
		v := r.peek() >> (64 - k) // a shift by 64 yields 0 when k == 0
		r.pos += uint64(k)
		return v
	}
	hi := r.readBits(k - 32)
	return hi<<32 | r.readBits(32)
}

// readBit reads one bit.
func (r *bvBitReader) readBit() uint64 {
	v := r.peek() >> 63
	r.pos++
	return v
}

// readUnary reads a unary code: the number of zeros before the next one.
func (r *bvBitReader) readUnary() uint64 {
	if w := r.peek(); w != 0 {
		z := uint64(bits.LeadingZeros64(w))
		r.pos += z + 1
		return z
	}
	return r.readUnarySlow()
}

// readUnarySlow reads a unary code longer than the 64-bit window.
func (r *bvBitReader) readUnarySlow() uint64 {
	start := r.pos
	for r.pos < r.bitLen {
		if w := r.peek(); w != 0 {
			z := uint64(bits.LeadingZeros64(w))
			r.pos += z + 1
			return r.pos - start - 1
		}
		r.pos += 64 - r.pos&7
	}
	if r.pos <= r.bitLen {
		r.pos = r.bitLen + 1
	}
	return 0
}

// readGamma reads an Elias γ code.
func (r *bvBitReader) readGamma() uint64 {
	w := r.peek()
	if msb := uint(bits.LeadingZeros64(w)); msb <= (bvMaxCodeBits-1)/2 {
		r.pos += uint64(2*msb + 1)
		return (w<<msb)>>(63-msb) - 1
	}
	return r.readGammaSlow()
}

// readGammaSlow reads a γ code whose length exceeds the 64-bit window.
func (r *bvBitReader) readGammaSlow() uint64 {
	start := r.pos
	return r.readBelowMSB(start, r.readUnary(), "γ code of a number of more than 64 bits")
}

// readDelta reads an Elias δ code.
func (r *bvBitReader) readDelta() uint64 {
	start := r.pos
	return r.readBelowMSB(start, r.readGamma(), "δ code of a number of more than 64 bits")
}

// readBelowMSB ends an Elias γ or δ code that began at bit start and whose
// length part said its number x+1 has msb bits below the most significant:
// it reads them and returns x. A number of more than 64 bits is the fault
// tooLong.
func (r *bvBitReader) readBelowMSB(start, msb uint64, tooLong string) uint64 {
	if msb > 63 {
		r.fault(start, tooLong)
		return 0
	}
	return (1<<msb | r.readBits(uint(msb))) - 1
}

// readZeta reads a ζ_k code; 1 ≤ k ≤ 63.
func (r *bvBitReader) readZeta(k uint) uint64 {
	w := r.peek()
	h := uint(bits.LeadingZeros64(w))
	if h < 64 {
		hk := h * k
		nb := hk + k - 1
		if h+1+nb+1 <= bvMaxCodeBits {
			w <<= h + 1
			m := w >> (64 - nb)
			left := uint64(1) << hk
			if m < left {
				r.pos += uint64(h + 1 + nb)
				return m + left - 1
			}
			r.pos += uint64(h + 1 + nb + 1)
			return (m<<1 | (w<<nb)>>63) - 1
		}
	}
	return r.readZetaSlow(k)
}

// readZetaSlow reads a ζ_k code longer than the 64-bit window.
func (r *bvBitReader) readZetaSlow(k uint) uint64 {
	start := r.pos
	h := r.readUnary()
	if h >= 63 || (h+1)*uint64(k) > 63 {
		r.fault(start, "ζ code of a number of more than 63 bits")
		return 0
	}
	hk := uint(h) * k
	left := uint64(1) << hk
	m := r.readBits(hk + k - 1)
	if m < left {
		return m + left - 1
	}
	return (m<<1 | r.readBit()) - 1
}

// readNibble reads a variable-length nibble code.
func (r *bvBitReader) readNibble() uint64 {
	start := r.pos
	var x uint64
	for {
		if x >= 1<<61 {
			r.fault(start, "nibble code of a number of more than 64 bits")
			return 0
		}
		stop := r.readBit()
		x = x<<3 | r.readBits(3)
		if stop != 0 || r.pos > r.bitLen {
			return x
		}
	}
}

// readGolomb reads a Golomb code of modulus b ≥ 1.
func (r *bvBitReader) readGolomb(b uint64) uint64 {
	start := r.pos
	q := r.readUnary()
	hi, lo := bits.Mul64(q, b)
	if hi != 0 || lo > 1<<62 {
		r.fault(start, "Golomb code of a number of more than 62 bits")
		return 0
	}
	log2b := uint(bits.Len64(b) - 1)
	m := (uint64(1) << (log2b + 1)) - b
	x := r.readBits(log2b)
	if x >= m {
		x = x<<1 + r.readBit() - m
	}
	return lo + x
}

// bvCode names an instantaneous code of the BVGraph format. The zero value
// means "the component's default".
type bvCode uint8

const (
	bvCodeDefault bvCode = iota
	bvCodeGamma
	bvCodeDelta
	bvCodeUnary
	bvCodeZeta
	bvCodeNibble
	bvCodeGolomb
)

// bvCodeNames are the names of the codes as they appear in the
// compressionflags property (the suffix of OUTDEGREES_GAMMA and so on).
var bvCodeNames = [...]string{
	bvCodeDefault: "DEFAULT",
	bvCodeGamma:   "GAMMA",
	bvCodeDelta:   "DELTA",
	bvCodeUnary:   "UNARY",
	bvCodeZeta:    "ZETA",
	bvCodeNibble:  "NIBBLE",
	bvCodeGolomb:  "GOLOMB",
}

func (c bvCode) String() string {
	if int(c) < len(bvCodeNames) {
		return bvCodeNames[c]
	}
	return "?"
}

// read reads one number in code c; k is the ζ shrinking factor or the
// Golomb modulus (the zetak property).
func (r *bvBitReader) read(c bvCode, k uint) uint64 {
	switch c {
	case bvCodeGamma:
		return r.readGamma()
	case bvCodeZeta:
		return r.readZeta(k)
	case bvCodeUnary:
		return r.readUnary()
	case bvCodeDelta:
		return r.readDelta()
	case bvCodeNibble:
		return r.readNibble()
	case bvCodeGolomb:
		return r.readGolomb(uint64(k))
	}
	r.fault(r.pos, "unsupported code")
	return 0
}

// bvNat2Int maps the natural numbers 0, 1, 2, 3, 4, ... to the integers
// 0, -1, 1, -2, 2, ... (WebGraph's Fast.nat2int, the inverse of int2nat
// x ↦ 2x for x ≥ 0, -2x-1 for x < 0).
func bvNat2Int(x uint64) int64 {
	return int64(x>>1) ^ -int64(x&1)
}
