package main

import (
	"fmt"

	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/crawlsim/crawlsim/ui/workerqueue"
	"github.com/crawlsim/crawlsim/wasm/page"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// The download orders of a comparison (the command line's run -orders
// file) stay in the workers that ran it. Each answers a KindOrders with
// one buffer per strategy it ran (protocol.Response.Orders), and the page
// offers the header and the buffers, in the result's order of strategies,
// as one file: it never reads them, so a file of hundreds of megabytes
// costs the page's thread nothing, whatever the strategies' labels hold.

// offerParts offers a file made of parts (page.DownloadParts; the tests
// read what it is given).
var offerParts = page.DownloadParts

// ordersFile is the download orders' file made of the workers' answers:
// the header, then the buffer of every label of labels, the result's
// strategies in its order. It fails when a strategy's orders are missing,
// or when together they are larger than one worker may write
// (protocol.OrdersLimit): each part is bounded by its worker, the whole
// by the page.
func ordersFile(labels []string, answers []page.Event) ([]page.Buffer, error) {
	byLabel := map[string]page.Buffer{}
	for _, e := range answers {
		if len(e.Response.Orders) != len(e.Buffers) {
			return nil, fmt.Errorf("download orders: a worker sent %d strategies' orders in %d buffers", len(e.Response.Orders), len(e.Buffers))
		}
		for k, l := range e.Response.Orders {
			byLabel[l] = e.Buffers[k]
		}
	}
	header := page.Bytes(report.OrdersHeader)
	parts, size := []page.Buffer{header}, header.Len()
	for _, l := range labels {
		b, ok := byLabel[l]
		if !ok {
			return nil, fmt.Errorf("download orders: no worker sent those of %q", l)
		}
		parts, size = append(parts, b), size+b.Len()
	}
	if size > protocol.OrdersLimit(0) {
		return nil, protocol.OrdersTooLarge(0)
	}
	return parts, nil
}

// downloadOrders asks every worker of qs for the download orders of its
// run of runs (the same index), and once all have answered offers them
// as one file, the strategies in the order of labels.
func (a *App) downloadOrders(qs []*workerqueue.Requests, runs []int64, labels []string) {
	answers := make([]page.Event, len(qs))
	got, failed := 0, false
	for p, q := range qs {
		req := q.Request(protocol.KindOrders)
		req.Target = runs[p]
		err := q.Start(req, &workerqueue.Pending{
			DoneWith: func(r protocol.Response, buffers []page.Buffer) {
				answers[p] = page.Event{Response: r, Buffers: buffers}
				if got++; got < len(qs) || failed {
					return
				}
				parts, err := ordersFile(labels, answers)
				if err == nil {
					err = offerParts("crawlsim-orders.csv", "text/csv", parts)
				}
				if err != nil {
					a.Error = err.Error()
				}
			},
			Failed: func(msg string) { failed, a.Error = true, msg },
		})
		if err != nil {
			a.Error = err.Error()
			return
		}
	}
}
