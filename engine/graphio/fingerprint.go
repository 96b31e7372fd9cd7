package graphio

import (
	"encoding/binary"
	"hash/crc32"
	"unsafe"

	"github.com/crawlsim/crawlsim/engine/graph"
)

// Fingerprint identifies a graph's links: the CRC-32C of its offsets
// (n+1 little-endian uint64) in the high 32 bits and the CRC-32C of its
// targets (m little-endian uint32) in the low 32 bits. It depends only on
// the links, not on hosts, URLs or the file the graph came from, so a
// graph read from BVGraph, an edge list or .csr has the same one. It is a
// check against mistakes (a vector of another graph of the same size),
// not against forgery. One pass over the arrays, at CRC-32C's speed.
func Fingerprint(g *graph.Graph) uint64 {
	fp, _ := FingerprintCancel(g, nil)
	return fp
}

// fingerprintPollPages and fingerprintPollWords are how many pages of a
// Lists graph, and how many array entries of a CSR, FingerprintCancel
// reads between two calls of its cancel function: a few milliseconds.
const (
	fingerprintPollPages = 1 << 16
	fingerprintPollWords = 1 << 22
)

// FingerprintCancel is Fingerprint that calls cancel, when not nil, every
// few milliseconds of the pass (at a billion links the pass takes tens of
// seconds) and stops with its error, the only error it returns. (A list
// that fails to decode counts as empty, as in Fingerprint; the error is
// the graph's reader's to report.)
func FingerprintCancel(g *graph.Graph, cancel func() error) (uint64, error) {
	if g.IsCSR() {
		off, err := crcWordsCancel(g.Offsets, cancel)
		if err != nil {
			return 0, err
		}
		tgt, err := crcWordsCancel(g.Targets, cancel)
		if err != nil {
			return 0, err
		}
		return uint64(off)<<32 | uint64(tgt), nil
	}
	// A graph held in a Lists: the same words, made a chunk at a time as
	// the lists are decoded.
	var offSum, tgtSum uint32
	offBuf := binary.LittleEndian.AppendUint64(make([]byte, 0, impChunk), 0)
	tgtBuf := make([]byte, 0, impChunk)
	var end uint64
	succ := g.Successors()
	for i := range g.NumNodes() {
		if cancel != nil && i%fingerprintPollPages == 0 {
			if err := cancel(); err != nil {
				return 0, err
			}
		}
		out := succ.Out(uint32(i))
		end += uint64(len(out))
		for len(out) > 0 {
			if len(tgtBuf)+4 > impChunk {
				tgtSum = crc32.Update(tgtSum, csrTable, tgtBuf)
				tgtBuf = tgtBuf[:0]
			}
			k := min(len(out), (impChunk-len(tgtBuf))/4)
			if csrRawViews {
				tgtBuf = append(tgtBuf, csrRawBytes(out[:k])...)
			} else {
				for _, t := range out[:k] {
					tgtBuf = binary.LittleEndian.AppendUint32(tgtBuf, t)
				}
			}
			out = out[k:]
		}
		if len(offBuf)+8 > impChunk {
			offSum = crc32.Update(offSum, csrTable, offBuf)
			offBuf = offBuf[:0]
		}
		offBuf = binary.LittleEndian.AppendUint64(offBuf, end)
	}
	offSum = crc32.Update(offSum, csrTable, offBuf)
	tgtSum = crc32.Update(tgtSum, csrTable, tgtBuf)
	return uint64(offSum)<<32 | uint64(tgtSum), nil
}

// crcWordsCancel is crcWords a part of fingerprintPollWords entries at a
// time, calling cancel (when not nil) before each.
func crcWordsCancel[T uint32 | uint64](a []T, cancel func() error) (uint32, error) {
	if cancel == nil {
		return crcWords(a), nil
	}
	var sum uint32
	for {
		if err := cancel(); err != nil {
			return 0, err
		}
		k := min(len(a), fingerprintPollWords)
		sum = crcWordsUpdate(sum, a[:k])
		a = a[k:]
		if len(a) == 0 {
			return sum, nil
		}
	}
}

// crcWords is the CRC-32C of a as little-endian bytes: the memory itself
// on a little-endian host, else encoded a chunk at a time.
func crcWords[T uint32 | uint64](a []T) uint32 { return crcWordsUpdate(0, a) }

// crcWordsUpdate is crc32.Update of sum with a as little-endian bytes.
func crcWordsUpdate[T uint32 | uint64](sum uint32, a []T) uint32 {
	if csrRawViews {
		return crc32.Update(sum, csrTable, csrRawBytes(a))
	}
	size := int(unsafe.Sizeof(T(0)))
	buf := make([]byte, 0, impChunk)
	for len(a) > 0 {
		k := min(len(a), impChunk/size)
		buf = buf[:0]
		for _, v := range a[:k] {
			if size == 8 {
				buf = binary.LittleEndian.AppendUint64(buf, uint64(v))
			} else {
				buf = binary.LittleEndian.AppendUint32(buf, uint32(v))
			}
		}
		sum = crc32.Update(sum, csrTable, buf)
		a = a[k:]
	}
	return sum
}
