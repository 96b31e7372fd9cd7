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
	if g.IsCSR() {
		return uint64(crcWords(g.Offsets))<<32 | uint64(crcWords(g.Targets))
	}
	// A graph held in a Lists: the same words, made a chunk at a time as
	// the lists are decoded.
	var offSum, tgtSum uint32
	offBuf := binary.LittleEndian.AppendUint64(make([]byte, 0, impChunk), 0)
	tgtBuf := make([]byte, 0, impChunk)
	var end uint64
	g.ForEachList(func(_ uint32, out []uint32) {
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
	})
	offSum = crc32.Update(offSum, csrTable, offBuf)
	tgtSum = crc32.Update(tgtSum, csrTable, tgtBuf)
	return uint64(offSum)<<32 | uint64(tgtSum)
}

// crcWords is the CRC-32C of a as little-endian bytes: the memory itself
// on a little-endian host, else encoded a chunk at a time.
func crcWords[T uint32 | uint64](a []T) uint32 {
	if csrRawViews {
		return crc32.Checksum(csrRawBytes(a), csrTable)
	}
	size := int(unsafe.Sizeof(T(0)))
	var sum uint32
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
