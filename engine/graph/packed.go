package graph

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/crawlsim/crawlsim/engine/step"
)

// PackedLists holds out-lists re-encoded byte-aligned, as variable-length
// integers of seven bits a byte: for each list the zigzag distance of its
// first target from its page, then the gaps less one between consecutive
// targets. On a web graph, whose links mostly stay near their page, that
// is one or two bytes a link (a CSR takes four, a BVGraph a few bits) and
// it decodes several times faster than a BVGraph, which reads bit codes
// and copies from reference lists: a graph read in place is packed so
// (Pack) when the memory allows, and every pass of PageRank and every
// crawl then reads it instead (docs/architecture.md, "Large graphs").
//
// Pages are grouped into blocks of 2^packBlockShift, each block's lists
// one byte slice, so that workers pack blocks independently and a list's
// start fits in 32 bits.
type PackedLists struct {
	n      int
	m      int64
	blocks [][]byte
	start  []uint32 // start[i]: where page i's list begins in its block
	bytes  int64    // Σ len(blocks)
}

// packBlockShift sets the pages of a block, 2^16: few enough that a
// block's bytes stay far below 2^32 on any graph crawlsim can hold (a
// page has fewer than 2^32 links of at most 5 bytes, so a block that
// overflows is refused rather than wrapped), many enough that the block
// slices cost nothing.
const packBlockShift = 16

// ErrPackTooLarge is returned by Pack when the packed lists would take
// more than the bytes it was allowed.
var ErrPackTooLarge = errors.New("graph: the packed lists would exceed their memory")

// Pack returns g with its out-lists held as PackedLists, decoded from g's
// lists by up to workers goroutines, each packing whole blocks in page
// order; hosts and URLs are shared with g. It returns ErrPackTooLarge as
// soon as the packed bytes exceed maxBytes (> 0), having freed what it
// packed, and the first decoding error of g's lists. progress, when not
// nil, is called from the goroutines with the pages packed so far (it
// must be safe for concurrent use). The goroutines start with step.Go; a
// panic in one is raised again here once they have all returned.
func Pack(g *Graph, workers int, maxBytes int64, progress func(pages int64)) (*Graph, error) {
	n := g.NumNodes()
	p := &PackedLists{n: n, m: g.NumArcs(), start: make([]uint32, n)}
	nb := (n + 1<<packBlockShift - 1) >> packBlockShift
	p.blocks = make([][]byte, nb)
	workers = max(1, min(workers, nb))
	var (
		next, total, done atomic.Int64
		mu                sync.Mutex
		first             error
		wg                sync.WaitGroup
	)
	fail := func(err error) {
		mu.Lock()
		if first == nil {
			first = err
		}
		mu.Unlock()
		next.Store(int64(nb)) // the others stop at their next block
	}
	var panics step.Panics
	for range workers {
		wg.Add(1)
		step.Go(func() {
			defer wg.Done()
			defer panics.Catch()
			s := g.Successors()
			var buf []byte
			for {
				b := int(next.Add(1) - 1)
				if b >= nb {
					return
				}
				lo := b << packBlockShift
				hi := min(n, lo+1<<packBlockShift)
				buf = buf[:0]
				for i := lo; i < hi; i++ {
					if uint64(len(buf)) > 1<<32-1 {
						fail(fmt.Errorf("graph: packing pages %d to %d: more than 4 GiB", lo, hi-1))
						return
					}
					p.start[i] = uint32(len(buf))
					buf = appendPackedList(buf, uint32(i), s.Out(uint32(i)))
				}
				if err := s.Err(); err != nil {
					fail(err)
					return
				}
				if t := total.Add(int64(len(buf))); maxBytes > 0 && t > maxBytes {
					fail(ErrPackTooLarge)
					return
				}
				p.blocks[b] = append([]byte(nil), buf...)
				if progress != nil {
					progress(done.Add(int64(hi - lo)))
				}
			}
		})
	}
	wg.Wait()
	panics.Raise()
	if first != nil {
		return nil, first
	}
	p.bytes = total.Load()
	c := *g
	c.Lists, c.Offsets, c.Targets = p, nil, nil
	return &c, nil
}

// appendPackedList appends the list out of page i to buf.
func appendPackedList(buf []byte, i uint32, out []uint32) []byte {
	if len(out) == 0 {
		return buf
	}
	d := int64(out[0]) - int64(i)
	buf = appendUvarint(buf, uint64(d<<1)^uint64(d>>63))
	for k := 1; k < len(out); k++ {
		buf = appendUvarint(buf, uint64(out[k]-out[k-1]-1))
	}
	return buf
}

// appendUvarint appends v, seven bits a byte, the low bits first, the high
// bit of each byte but the last set.
func appendUvarint(buf []byte, v uint64) []byte {
	for v >= 0x80 {
		buf = append(buf, byte(v)|0x80)
		v >>= 7
	}
	return append(buf, byte(v))
}

// NumNodes returns the number of pages.
func (p *PackedLists) NumNodes() int { return p.n }

// NumArcs returns the number of links.
func (p *PackedLists) NumArcs() int64 { return p.m }

// Bytes returns the memory of the packed lists and their starts.
func (p *PackedLists) Bytes() int64 { return p.bytes + 4*int64(p.n) }

// list returns the packed bytes of page i's list.
func (p *PackedLists) list(i uint32) []byte {
	b := p.blocks[i>>packBlockShift]
	end := uint32(len(b))
	if j := i + 1; j&(1<<packBlockShift-1) != 0 && int(j) < p.n {
		end = p.start[j]
	}
	return b[p.start[i]:end]
}

// OutDegree returns the number of links of page i: the bytes that end an
// integer, those below 0x80.
func (p *PackedLists) OutDegree(i uint32) int {
	d := 0
	for _, c := range p.list(i) {
		if c < 0x80 {
			d++
		}
	}
	return d
}

// NewCursor returns a decoder for one goroutine.
func (p *PackedLists) NewCursor() Cursor { return &packedCursor{p: p} }

// packedCursor decodes PackedLists into a buffer of its own.
type packedCursor struct {
	p   *PackedLists
	buf []uint32
}

// Out returns the out-list of page i, valid until the next call.
func (c *packedCursor) Out(i uint32) []uint32 { return c.decode(i, i) }

// decode decodes the bytes of list j as the list of page i.
func (c *packedCursor) decode(j, i uint32) []uint32 {
	b := c.p.list(j)
	out := c.buf[:0]
	if len(b) == 0 {
		return out
	}
	v, k := packedUvarint(b, 0)
	t := uint32(int64(i) + (int64(v>>1) ^ -int64(v&1)))
	out = append(out, t)
	for k < len(b) {
		if c := b[k]; c < 0x80 { // most gaps of a web graph fit a byte
			t += uint32(c) + 1
			k++
		} else {
			v, k = packedUvarint(b, k)
			t += uint32(v) + 1
		}
		out = append(out, t)
	}
	c.buf = out
	return out
}

// packedUvarint decodes the integer at b[k:] and returns it with the
// index after it.
func packedUvarint(b []byte, k int) (uint64, int) {
	var v uint64
	for shift := uint(0); ; shift += 7 {
		c := b[k]
		k++
		v |= uint64(c&0x7f) << shift
		if c < 0x80 {
			return v, k
		}
	}
}

// Err returns nil: packed lists were checked when they were made.
func (c *packedCursor) Err() error { return nil }
