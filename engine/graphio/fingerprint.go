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
	return uint64(crcWords(g.Offsets))<<32 | uint64(crcWords(g.Targets))
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
