package graphio

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// Instantaneous codes on hand-computed bit strings, and the bit writer
// the test encoder uses.

// bvBitsToBytes packs a string of '0' and '1' (blanks ignored) MSB-first.
func bvBitsToBytes(s string) []byte {
	var out []byte
	n := 0
	for _, c := range s {
		if c != '0' && c != '1' {
			continue
		}
		if n%8 == 0 {
			out = append(out, 0)
		}
		if c == '1' {
			out[n/8] |= 0x80 >> (n % 8)
		}
		n++
	}
	return out
}

func TestBVCodesHandComputed(t *testing.T) {
	type read struct {
		code bvCode
		k    uint
		want uint64
	}
	cases := []struct {
		name  string
		bits  string
		reads []read
	}{
		// Unary: x zeros then a one.
		{"unary", "1 01 0001", []read{{bvCodeUnary, 0, 0}, {bvCodeUnary, 0, 1}, {bvCodeUnary, 0, 3}}},
		// γ(x): x+1 in binary has msb+1 digits; write msb in unary, then the
		// msb digits after the leading one.
		// 0: 1 = 1b → "1"; 1: 2 = 10b → "0 1 0"; 2: 3 = 11b → "0 1 1";
		// 3: 4 = 100b → "00 1 00"; 6: 7 = 111b → "00 1 11"; 7: 8 = 1000b → "000 1 000".
		{"gamma", "1 010 011 00100 00111 0001000", []read{
			{bvCodeGamma, 0, 0}, {bvCodeGamma, 0, 1}, {bvCodeGamma, 0, 2},
			{bvCodeGamma, 0, 3}, {bvCodeGamma, 0, 6}, {bvCodeGamma, 0, 7}}},
		// δ(x): as γ, with msb in γ. 0: msb 0 → γ(0) = "1"; 1: 2 = 10b, msb 1
		// → γ(1) "010" + "0"; 4: 5 = 101b, msb 2 → γ(2) "011" + "01".
		{"delta", "1 0100 01101", []read{{bvCodeDelta, 0, 0}, {bvCodeDelta, 0, 1}, {bvCodeDelta, 0, 4}}},
		// ζ_3(x): v = x+1 in [2^(3h), 2^(3h+3)); h in unary; then z = v-2^(3h)
		// in minimal binary over 2^(3h+3)-2^(3h) values: z < 2^(3h) in 3h+2
		// bits, else z+2^(3h) in 3h+3 bits.
		// 0: v=1, h=0, z=0 < 1 → "1"+"00". 1: v=2, z=1 ≥ 1 → 1+1=2 in 3 bits "010".
		// 6: v=7, z=6 → 7 = "111". 7: v=8, h=1, z=0 < 8 → "01"+"00000".
		// 8: z=1 → "01"+"00001". 15: v=16, z=8 ≥ 8 → 16 in 6 bits "010000".
		{"zeta3", "1 00 1 010 1 111 01 00000 01 00001 01 010000", []read{
			{bvCodeZeta, 3, 0}, {bvCodeZeta, 3, 1}, {bvCodeZeta, 3, 6},
			{bvCodeZeta, 3, 7}, {bvCodeZeta, 3, 8}, {bvCodeZeta, 3, 15}}},
		// ζ_1 is γ: 3 → "00100".
		{"zeta1", "00100 1", []read{{bvCodeZeta, 1, 3}, {bvCodeZeta, 1, 0}}},
		// Nibble: stop bit (1 = last group) then 3 bits. 5 = 101b → "1 101";
		// 9 = 001 001b → "0 001" "1 001"; 0 → "1 000".
		{"nibble", "1101 0001 1001 1000", []read{{bvCodeNibble, 0, 5}, {bvCodeNibble, 0, 9}, {bvCodeNibble, 0, 0}}},
		// Golomb b=3: quotient in unary, remainder r in minimal binary over
		// [0,3): log2 3 = 1, threshold 2^2-3 = 1; r=0 → "0", r ≥ 1 → r+1 in 2
		// bits. 7 = 2·3+1 → "001"+"10"; 0 → "1"+"0"; 5 = 1·3+2 → "01"+"11".
		{"golomb3", "001 10 1 0 01 11", []read{{bvCodeGolomb, 3, 7}, {bvCodeGolomb, 3, 0}, {bvCodeGolomb, 3, 5}}},
		// Codes longer than the 64-bit window: unary 100; γ(2^40-1) is 40
		// zeros, a one, 40 zeros; ζ_3(2^45-1): v = 2^45, h = 15, z = 0 <
		// 2^45 in 47 bits.
		{"long", strings.Repeat("0", 100) + "1" + strings.Repeat("0", 40) + "1" + strings.Repeat("0", 40) +
			strings.Repeat("0", 15) + "1" + strings.Repeat("0", 47) + "1",
			[]read{{bvCodeUnary, 0, 100}, {bvCodeGamma, 0, 1<<40 - 1}, {bvCodeZeta, 3, 1<<45 - 1}, {bvCodeGamma, 0, 0}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := newBVBitReader(bvBitsToBytes(tc.bits))
			for i, rd := range tc.reads {
				got := r.read(rd.code, rd.k)
				if r.overrun() {
					t.Fatalf("read %d (%v): overrun at bit %d (%s)", i, rd.code, r.pos, r.faultMsg)
				}
				if got != rd.want {
					t.Fatalf("read %d (%v): got %d, want %d", i, rd.code, got, rd.want)
				}
			}
			wantBits := uint64(len(strings.Map(func(c rune) rune {
				if c == '0' || c == '1' {
					return c
				}
				return -1
			}, tc.bits)))
			if r.pos != wantBits {
				t.Errorf("consumed %d bits, want %d", r.pos, wantBits)
			}
		})
	}
}

func TestBVCodesRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	type item struct {
		code bvCode
		k    uint
		v    uint64
	}
	var items []item
	var w bvTestBitWriter
	codes := []bvCode{bvCodeGamma, bvCodeDelta, bvCodeUnary, bvCodeZeta, bvCodeNibble, bvCodeGolomb}
	for i := 0; i < 20000; i++ {
		c := codes[rng.IntN(len(codes))]
		k := uint(1 + rng.IntN(7))
		v := rng.Uint64() >> (1 + rng.IntN(63))
		switch c {
		case bvCodeUnary, bvCodeGolomb:
			v %= 300
		case bvCodeZeta:
			v >>= 8 // at most 56 bits: (h+1)·k ≤ 63 for every k ≤ 7
		}
		w.write(c, v, k)
		items = append(items, item{c, k, v})
	}
	r := newBVBitReader(w.bytes())
	for i, it := range items {
		if got := r.read(it.code, it.k); got != it.v || r.overrun() {
			t.Fatalf("item %d: %v(k=%d) of %d read back as %d (overrun %v)", i, it.code, it.k, it.v, got, r.overrun())
		}
	}
	if r.pos != w.n {
		t.Fatalf("read %d bits, wrote %d", r.pos, w.n)
	}
}

func TestBVNat2Int(t *testing.T) {
	// Fast.nat2int: even 2x ↦ x, odd 2x+1 ↦ -x-1.
	for nat, want := range []int64{0, -1, 1, -2, 2, -3, 3} {
		if got := bvNat2Int(uint64(nat)); got != want {
			t.Errorf("nat2int(%d) = %d, want %d", nat, got, want)
		}
	}
	if got := bvNat2Int(1<<64 - 1); got != -(1 << 63) {
		t.Errorf("nat2int(2^64-1) = %d", got)
	}
}

func TestBVBitReaderOverrunAndFault(t *testing.T) {
	// γ whose suffix is cut: "001" announces two more bits.
	r := newBVBitReader(bvBitsToBytes("00000001")) // "0000000 1" = msb 7, needs 7 more bits
	r.readGamma()
	if !r.overrun() || r.faultMsg != "" {
		t.Errorf("cut γ: overrun %v, fault %q; want a plain overrun", r.overrun(), r.faultMsg)
	}
	// All zeros: the unary part never ends.
	r = newBVBitReader(make([]byte, 20))
	r.readZeta(3)
	if !r.overrun() {
		t.Error("ζ over zeros should overrun")
	}
	// 70 zeros then a one: a γ code of a 70-bit number cannot be held.
	r = newBVBitReader(bvBitsToBytes(strings.Repeat("0", 70) + "1" + strings.Repeat("1", 80)))
	r.readGamma()
	if r.pos != bvFaulted || r.faultMsg != "γ code of a number of more than 64 bits" || r.faultPos != 0 {
		t.Errorf("long γ: pos %d fault %q at %d", r.pos, r.faultMsg, r.faultPos)
	}
	// A δ code whose γ part (of 70: 71 is 1000111) announces 70 more bits.
	r = newBVBitReader(bvBitsToBytes("1" + "000000" + "1000111" + strings.Repeat("1", 80)))
	r.readBit()
	r.readDelta()
	if r.pos != bvFaulted || r.faultMsg != "δ code of a number of more than 64 bits" || r.faultPos != 1 {
		t.Errorf("long δ: pos %d fault %q at %d", r.pos, r.faultMsg, r.faultPos)
	}
	// After a fault every read stays faulted and cheap.
	for _, c := range []bvCode{bvCodeGamma, bvCodeDelta, bvCodeUnary, bvCodeZeta, bvCodeNibble, bvCodeGolomb} {
		r.read(c, 3)
		if !r.overrun() {
			t.Errorf("%v after a fault: not overrun", c)
		}
	}
}

// bvTestBitWriter writes codes MSB-first.
type bvTestBitWriter struct {
	buf []byte
	n   uint64 // bits written
}

func (w *bvTestBitWriter) writeBit(b uint64) {
	if w.n%8 == 0 {
		w.buf = append(w.buf, 0)
	}
	if b != 0 {
		w.buf[w.n/8] |= 0x80 >> (w.n % 8)
	}
	w.n++
}

func (w *bvTestBitWriter) writeBits(v uint64, k uint) {
	for i := int(k) - 1; i >= 0; i-- {
		w.writeBit(v >> uint(i) & 1)
	}
}

func (w *bvTestBitWriter) writeUnary(x uint64) {
	for ; x > 0; x-- {
		w.writeBit(0)
	}
	w.writeBit(1)
}

func (w *bvTestBitWriter) writeGamma(x uint64) {
	msb := uint(bits.Len64(x+1) - 1)
	w.writeUnary(uint64(msb))
	w.writeBits(x+1, msb)
}

func (w *bvTestBitWriter) writeDelta(x uint64) {
	msb := uint(bits.Len64(x+1) - 1)
	w.writeGamma(uint64(msb))
	w.writeBits(x+1, msb)
}

func (w *bvTestBitWriter) writeZeta(x uint64, k uint) {
	v := x + 1
	h := uint(bits.Len64(v)-1) / k
	w.writeUnary(uint64(h))
	left := uint64(1) << (h * k)
	z := v - left
	if z < left {
		w.writeBits(z, h*k+k-1)
	} else {
		w.writeBits(z+left, h*k+k)
	}
}

func (w *bvTestBitWriter) writeNibble(x uint64) {
	groups := max(1, (bits.Len64(x)+2)/3)
	for g := groups - 1; g >= 0; g-- {
		stop := uint64(0)
		if g == 0 {
			stop = 1
		}
		w.writeBit(stop)
		w.writeBits(x>>(3*uint(g))&7, 3)
	}
}

func (w *bvTestBitWriter) writeGolomb(x, b uint64) {
	w.writeUnary(x / b)
	r := x % b
	log2b := uint(bits.Len64(b) - 1)
	m := (uint64(1) << (log2b + 1)) - b
	if r < m {
		w.writeBits(r, log2b)
	} else {
		w.writeBits(r+m, log2b+1)
	}
}

func (w *bvTestBitWriter) write(c bvCode, x uint64, k uint) {
	switch c {
	case bvCodeGamma:
		w.writeGamma(x)
	case bvCodeDelta:
		w.writeDelta(x)
	case bvCodeUnary:
		w.writeUnary(x)
	case bvCodeZeta:
		w.writeZeta(x, k)
	case bvCodeNibble:
		w.writeNibble(x)
	case bvCodeGolomb:
		w.writeGolomb(x, uint64(k))
	default:
		panic("bad code")
	}
}

func (w *bvTestBitWriter) bytes() []byte { return slices.Clone(w.buf) }
