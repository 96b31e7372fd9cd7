package report

import (
	"bufio"
	"fmt"
	"io"
	"strconv"

	"github.com/crawlsim/crawlsim/engine/model"
)

// OrdersHeader is the header line of a download-order file (Orders).
const OrdersHeader = "strategy,position,page,url,importance,time\n"

// Orders writes a crawl's download order as CSV rows (docs/algorithms.md section 4,
// "Download order"), one per download, under OrdersHeader (written by the
// caller once, before the first crawl): the strategy's label, the position
// (1 for the first download), the page (its id or label in the graph file
// when the file was renumbered or names pages by labels, else crawlsim's
// page number), its URL when the graph has URLs (else empty), its
// importance, and the simulated time at which the download finished on
// the politeness clock (else empty). Numbers are
// written in the shortest form that reads back exactly, so the prefix sums
// of the importance column, in file order, are the crawl's curve C(k)
// exactly.
func Orders(w io.Writer, o model.CrawlOrder) error {
	if o.Times != nil && len(o.Times) != len(o.Order) {
		return fmt.Errorf("report: %q has %d download times for %d downloads", o.Label, len(o.Times), len(o.Order))
	}
	bw := bufio.NewWriter(w)
	label := AppendCSVField(nil, o.Label)
	var line []byte
	for k, p := range o.Order {
		if int64(p) >= int64(len(o.Importance)) {
			return fmt.Errorf("report: %q downloads page %d, which has no importance (%d pages)", o.Label, p, len(o.Importance))
		}
		line = append(line[:0], label...)
		line = append(line, ',')
		line = strconv.AppendInt(line, int64(k+1), 10)
		line = append(line, ',')
		line = appendPage(line, o, p)
		line = append(line, ',')
		if int64(p) < int64(len(o.URLs)) {
			line = AppendCSVField(line, o.URLs[p])
		}
		line = append(line, ',')
		line = strconv.AppendFloat(line, o.Importance[p], 'g', -1, 64)
		line = append(line, ',')
		if o.Times != nil {
			line = strconv.AppendFloat(line, o.Times[k], 'g', -1, 64)
		}
		line = append(line, '\n')
		if _, err := bw.Write(line); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// appendPage appends page p's name in the page column of o's rows: its
// id or label in the graph file (CrawlOrder.PageIDs, PageNames), or
// crawlsim's page number when the file gives none.
func appendPage(line []byte, o model.CrawlOrder, p uint32) []byte {
	switch {
	case int64(p) < int64(len(o.PageIDs)):
		return strconv.AppendUint(line, o.PageIDs[p], 10)
	case int64(p) < int64(len(o.PageNames)):
		return AppendCSVField(line, o.PageNames[p])
	case o.PageIDs != nil || o.PageNames != nil:
		return AppendCSVField(line, "new page "+strconv.FormatUint(uint64(p), 10))
	}
	return strconv.AppendUint(line, uint64(p), 10)
}
