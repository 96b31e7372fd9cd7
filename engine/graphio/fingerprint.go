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
	if known, ok := g.Lists.(knownFingerprint); ok {
		if fp, ok := known.Fingerprint(); ok {
			return fp, nil
		}
	}
	// A graph held in a Lists: the same words, made a chunk at a time as
	// the lists are decoded.
	f := newFingerprinter()
	succ := g.Successors()
	for i := range g.NumNodes() {
		if cancel != nil && i%fingerprintPollPages == 0 {
			if err := cancel(); err != nil {
				return 0, err
			}
		}
		f.add(succ.Out(uint32(i)))
	}
	return f.sum(), nil
}

// knownFingerprint is a graph.Lists that knows its graph's fingerprint,
// computed by the pass that first decoded its lists (a BVGraph's checking
// pass, which also packs them: graph.PackedLists), so that Fingerprint
// need not decode every list again: at 3.7 G links that is a minute.
type knownFingerprint interface {
	Fingerprint() (uint64, bool)
}

// fingerprinter computes Fingerprint from the lists handed to add in page
// order: the offsets' words are made and summed a chunk at a time, the
// targets' summed as they come (CRC-32C is the same whatever the chunks).
type fingerprinter struct {
	offSum, tgtSum uint32
	offBuf, tgtBuf []byte
	end            uint64 // the offset after the last list added
}

func newFingerprinter() *fingerprinter {
	return &fingerprinter{
		offBuf: binary.LittleEndian.AppendUint64(make([]byte, 0, impChunk), 0),
		tgtBuf: make([]byte, 0, impChunk),
	}
}

// add adds the next page's list.
func (f *fingerprinter) add(out []uint32) {
	f.end += uint64(len(out))
	if csrRawViews {
		f.tgtSum = crc32.Update(f.tgtSum, csrTable, csrRawBytes(out))
	} else {
		for len(out) > 0 {
			if len(f.tgtBuf)+4 > impChunk {
				f.flushTargets()
			}
			k := min(len(out), (impChunk-len(f.tgtBuf))/4)
			for _, t := range out[:k] {
				f.tgtBuf = binary.LittleEndian.AppendUint32(f.tgtBuf, t)
			}
			out = out[k:]
		}
	}
	if len(f.offBuf)+8 > impChunk {
		f.offSum = crc32.Update(f.offSum, csrTable, f.offBuf)
		f.offBuf = f.offBuf[:0]
	}
	f.offBuf = binary.LittleEndian.AppendUint64(f.offBuf, f.end)
}

func (f *fingerprinter) flushTargets() {
	f.tgtSum = crc32.Update(f.tgtSum, csrTable, f.tgtBuf)
	f.tgtBuf = f.tgtBuf[:0]
}

// sum returns the fingerprint of the lists added.
func (f *fingerprinter) sum() uint64 {
	f.offSum = crc32.Update(f.offSum, csrTable, f.offBuf)
	f.offBuf = f.offBuf[:0]
	f.flushTargets()
	return uint64(f.offSum)<<32 | uint64(f.tgtSum)
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
