package graphio

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"slices"
)

// This file transposes a graph offline, as WebGraph's
// Transform.transposeOffline does: the links (source, target) are read in
// page order and gathered as (target, source) pairs in batches of bounded
// size; each full batch is sorted and spilled as a run to a RunStore (in
// files, natively); the runs are then merged, and the merged pairs are the
// transpose's lists in page order, each sorted, for a BVGraphWriter. When
// every link fits in one batch nothing is spilled.

// RunStore keeps the sorted runs of an offline transpose outside memory.
type RunStore interface {
	// Create starts a new run; the transpose writes it and closes it.
	Create() (io.WriteCloser, error)
	// Open reads back the i-th run created (from 0), once closed.
	Open(i int) (io.ReadCloser, error)
}

// DefaultTransposeBatch is the number of links an offline transpose
// gathers before it spills a run: 8 bytes each, 128 MiB.
const DefaultTransposeBatch = 1 << 24

// TransposeOffline calls emit with the list of every page of the
// transpose of a graph of n pages, in page order: the pages that link to
// it, ascending (emit must not keep the slice). lists must call yield with
// the successor list of every page of the graph, in page order, and
// return the first error of yield; the graph's links are gathered in
// batches of at most batch links (DefaultTransposeBatch when batch ≤ 0),
// each sorted and written to store as a run of varint-coded gaps, and the
// runs are merged at the end. Memory is the batch, one read buffer per
// run and the longest list of the transpose. A link to a page ≥ n, or a
// run that does not read back as written, is an error.
func TransposeOffline(n int, lists func(yield func(succ []uint32) error) error, store RunStore, batch int, emit func(pred []uint32) error) error {
	if batch <= 0 {
		batch = DefaultTransposeBatch
	}
	buf := make([]uint64, 0, min(batch, 1<<20))
	var scratch []uint64
	runs := 0
	sortBuf := func() {
		scratch = slices.Grow(scratch[:0], len(buf))[:len(buf)]
		sortPairsByTarget(buf, scratch)
	}
	spill := func() error {
		sortBuf()
		w, err := store.Create()
		if err != nil {
			return fmt.Errorf("graphio: transposing: %w", err)
		}
		bw := bufio.NewWriterSize(w, 1<<16)
		var tmp [binary.MaxVarintLen64]byte
		prev := uint64(0)
		for _, p := range buf {
			bw.Write(tmp[:binary.PutUvarint(tmp[:], p-prev)])
			prev = p
		}
		err = bw.Flush()
		if cerr := w.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fmt.Errorf("graphio: transposing: writing run %d: %w", runs, err)
		}
		runs++
		buf = buf[:0]
		return nil
	}
	src := uint64(0)
	err := lists(func(succ []uint32) error {
		if src >= uint64(n) {
			return fmt.Errorf("graphio: transposing: more than %d lists", n)
		}
		for _, t := range succ {
			if uint64(t) >= uint64(n) {
				return fmt.Errorf("graphio: transposing: page %d links to page %d, but the graph has %d pages", src, t, n)
			}
			if len(buf) == batch {
				if err := spill(); err != nil {
					return err
				}
			}
			buf = append(buf, uint64(t)<<32|src)
		}
		src++
		return nil
	})
	if err != nil {
		return err
	}
	if src != uint64(n) {
		return fmt.Errorf("graphio: transposing: %d lists for %d pages", src, n)
	}
	if runs == 0 {
		sortBuf()
		return transposeEmit(n, func() (uint64, bool, error) {
			if len(buf) == 0 {
				return 0, false, nil
			}
			p := buf[0]
			buf = buf[1:]
			return p, true, nil
		}, emit)
	}
	if len(buf) > 0 {
		if err := spill(); err != nil {
			return err
		}
	}
	buf, scratch = nil, nil
	m := &runMerge{}
	defer m.close()
	for i := range runs {
		r, err := store.Open(i)
		if err != nil {
			return fmt.Errorf("graphio: transposing: reading run %d: %w", i, err)
		}
		c := &runCursor{i: i, rc: r, r: bufio.NewReaderSize(r, 1<<16)}
		m.all = append(m.all, c)
		ok, err := c.next()
		if err != nil {
			return err
		}
		if ok {
			m.h = append(m.h, c)
		}
	}
	for i := len(m.h)/2 - 1; i >= 0; i-- {
		m.down(i)
	}
	return transposeEmit(n, func() (uint64, bool, error) {
		if len(m.h) == 0 {
			return 0, false, nil
		}
		c := m.h[0]
		p := c.cur
		ok, err := c.next()
		if err != nil {
			return 0, false, err
		}
		if !ok {
			last := len(m.h) - 1
			m.h[0] = m.h[last]
			m.h = m.h[:last]
		}
		m.down(0)
		return p, true, nil
	}, emit)
}

// smallPairs is the number of pairs under which sortPairsByTarget sorts by
// comparison.
const smallPairs = 256

// sortPairsByTarget sorts pairs target<<32|source gathered in page order
// (sources never decreasing), with scratch of the same length: a stable
// radix sort on the target alone, in two passes of 16 bits (one when every
// target is below 2^16), keeps the sources of each target in increasing
// order, so the pairs end sorted as numbers, in a few nanoseconds a pair
// where a comparison sort takes a hundred.
// Under smallPairs pairs a comparison sort is cheaper than the radix
// sort's 512 KiB of counts.
func sortPairsByTarget(pairs, scratch []uint64) {
	if len(pairs) < smallPairs {
		slices.Sort(pairs)
		return
	}
	var count [1 << 16]int
	src, dst := pairs, scratch
	for _, shift := range []uint{32, 48} {
		clear(count[:])
		for _, p := range src {
			count[uint16(p>>shift)]++
		}
		if count[uint16(src[0]>>shift)] == len(src) {
			continue // one digit for all: the pass would not move a pair
		}
		sum := 0
		for d, c := range count {
			count[d] = sum
			sum += c
		}
		for _, p := range src {
			d := uint16(p >> shift)
			dst[count[d]] = p
			count[d]++
		}
		src, dst = dst, src
	}
	if &src[0] != &pairs[0] {
		copy(pairs, src)
	}
}

// transposeEmit turns the sorted (target, source) pairs next returns into
// the lists of the n pages, calling emit for each in page order.
func transposeEmit(n int, next func() (uint64, bool, error), emit func([]uint32) error) error {
	var list []uint32
	page := uint64(0)
	for {
		p, ok, err := next()
		if err != nil {
			return err
		}
		t := uint64(n)
		if ok {
			t = p >> 32
		}
		for page < t {
			if err := emit(list); err != nil {
				return err
			}
			list = list[:0]
			page++
		}
		if !ok {
			return nil
		}
		if t >= uint64(n) {
			return fmt.Errorf("graphio: transposing: a run holds a link to page %d, but the graph has %d pages", t, n)
		}
		s := uint32(p)
		if len(list) > 0 && s <= list[len(list)-1] {
			return fmt.Errorf("graphio: transposing: the runs hold the link from page %d to page %d twice or out of order", s, t)
		}
		list = append(list, s)
	}
}

// runCursor reads one run back.
type runCursor struct {
	i   int
	rc  io.ReadCloser
	r   *bufio.Reader
	cur uint64
}

// next reads the next pair into cur and reports whether there was one.
func (c *runCursor) next() (bool, error) {
	d, err := binary.ReadUvarint(c.r)
	if err == io.EOF {
		return false, nil
	}
	if err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) {
			err = fmt.Errorf("it ends inside a number")
		}
		return false, fmt.Errorf("graphio: transposing: reading run %d: %w", c.i, err)
	}
	if c.cur+d < c.cur {
		return false, fmt.Errorf("graphio: transposing: reading run %d: a gap overflows", c.i)
	}
	c.cur += d
	return true, nil
}

// runMerge is a binary min-heap of run cursors by their current pair,
// written out rather than through container/heap, whose interface calls
// cost more than the merge's work at a few billion pairs.
type runMerge struct {
	h   []*runCursor
	all []*runCursor
}

// down moves the cursor at i down to its place.
func (m *runMerge) down(i int) {
	h := m.h
	for {
		l := 2*i + 1
		if l >= len(h) {
			return
		}
		if r := l + 1; r < len(h) && h[r].cur < h[l].cur {
			l = r
		}
		if h[i].cur <= h[l].cur {
			return
		}
		h[i], h[l] = h[l], h[i]
		i = l
	}
}

// close closes every run opened.
func (m *runMerge) close() {
	for _, c := range m.all {
		c.rc.Close()
	}
}
