package graphio

import (
	"bufio"
	"fmt"
	"io"
	"strconv"

	"github.com/crawlsim/crawlsim/engine/graph"
)

// This file writes edge lists; edgelist.go reads them.

// edgeListHeader returns the header line WriteEdgeList writes for n pages
// and m links, "\n" included.
func edgeListHeader(n int, m int64) []byte {
	return fmt.Appendf(nil, "%s%d page%s, %d link%s\n", edgeListHeaderPrefix, n, textPlural(n), m, textPlural(int(min(m, 2))))
}

// WriteEdgeList writes g as an edge list that ReadEdgeList reads back to
// the same graph: a header line "# crawlsim edge list: N pages, M links"
// (which keeps pages without links), then one "src dst" line per link in
// page order. Hosts and URLs are not written; use WriteURLList or the .csr
// format to keep them.
//
// ReadEdgeList believes such a header only up to 2^20 + 16 pages per byte
// of the file. A graph with many more pages than links (two million pages
// and no link make a 45-byte file) would not read back, so WriteEdgeList
// refuses it before writing anything, counting the header and at least 4
// bytes ("a b\n") per link, and suggests .csr or .graph-txt instead.
func WriteEdgeList(w io.Writer, g *graph.Graph) error {
	if err := g.Validate(); err != nil {
		return fmt.Errorf("graphio: writing edge list: %w", err)
	}
	n, m := g.NumNodes(), g.NumArcs()
	header := edgeListHeader(n, m)
	minSize := int64(len(header)) + 4*m
	if limit := edgeListHeaderMaxPages(minSize); uint64(n) > limit {
		return fmt.Errorf("graphio: writing edge list: %d pages with %d links cannot be written as an edge list: its file of at least %d bytes may announce at most %d pages (2^20 + 16 per byte, so that a short file cannot claim billions), and ReadEdgeList would refuse it; write .csr or .graph-txt instead", n, m, minSize, limit)
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	bw.Write(header)
	var buf [48]byte
	links := g.Successors()
	for i := 0; i < n; i++ {
		out := links.Out(uint32(i))
		if len(out) == 0 {
			continue
		}
		line := strconv.AppendUint(buf[:0], uint64(i), 10)
		line = append(line, ' ')
		k := len(line)
		for _, t := range out {
			line = strconv.AppendUint(line[:k], uint64(t), 10)
			line = append(line, '\n')
			bw.Write(line)
		}
	}
	if err := links.Err(); err != nil {
		return fmt.Errorf("graphio: writing edge list: %w", err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("graphio: writing edge list: %w", err)
	}
	return nil
}
