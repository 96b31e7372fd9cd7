package session

import (
	"bytes"
	"errors"
	"slices"

	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// The download orders of a run (docs/algorithms.md section 4, "Download order") stay
// in the worker after the run, so that the page can offer them as CSV
// (protocol.KindOrders) without sending them with every result: 4 bytes a
// download (12 on the politeness clock) per strategy, held until the next
// run, load, generate or reproduction. The CSV is written when the page
// asks, a buffer per crawl that the page puts together without reading
// it (protocol.Response.Orders).

// runOrders are the download orders of one run's crawls.
type runOrders struct {
	// run is the run request's id.
	run int64
	// orders are the crawls' orders, with Order and Times copied (the
	// Runner's own slices are valid only during Env.Orders); Importance
	// and URLs are the run's vectors, which nothing changes once the run
	// has computed them.
	orders []scenario.CrawlOrder
	// bytes counts the copied slices; limit bounds them.
	bytes, limit int64
	// tooLarge is set once an order did not fit: the others are dropped.
	tooLarge bool
}

// keep is the run's Env.Orders: it copies a crawl's order, unless the
// orders exceed their limit.
func (o *runOrders) keep(c scenario.CrawlOrder) error {
	if o.tooLarge {
		return nil
	}
	o.bytes += 4*int64(len(c.Order)) + 8*int64(len(c.Times))
	if o.bytes > o.limit {
		o.tooLarge, o.orders = true, nil
		return nil
	}
	c.Order, c.Times = slices.Clone(c.Order), slices.Clone(c.Times)
	o.orders = append(o.orders, c)
	return nil
}

// errOrdersTooLarge is the CSV writer's error past its limit.
var errOrdersTooLarge = errors.New("the download orders are too large")

// limitedBuffer is a bytes.Buffer that refuses to grow past limit.
type limitedBuffer struct {
	bytes.Buffer
	limit int
}

func (b *limitedBuffer) Write(p []byte) (int, error) {
	if b.Len()+len(p) > b.limit {
		return 0, errOrdersTooLarge
	}
	return b.Buffer.Write(p)
}

// ordersResponse answers a KindOrders request: the download orders of run
// req.Target as CSV, when the session holds them, one buffer per crawl
// (protocol.Response.Orders), header and all within
// protocol.OrdersLimit.
func (s *Session) ordersResponse(req protocol.Request) protocol.Response {
	o := s.orders
	tooLarge := protocol.OrdersTooLarge(req.MemoryBudget)
	switch {
	case o == nil || o.run != req.Target:
		return errorResponse(req.ID, errors.New("the worker no longer holds the download orders of this result (another run, graph or reproduction came since); run the comparison again"))
	case o.tooLarge:
		return errorResponse(req.ID, tooLarge)
	}
	r := response(req.ID, protocol.KindResult)
	room := int(protocol.OrdersLimit(req.MemoryBudget)) - len(report.OrdersHeader)
	for _, c := range o.orders {
		b := &limitedBuffer{limit: room}
		if err := report.Orders(b, c); err != nil {
			if errors.Is(err, errOrdersTooLarge) {
				err = tooLarge
			}
			return errorResponse(req.ID, err)
		}
		room -= b.Len()
		r.Orders, r.Buffers = append(r.Orders, c.Label), append(r.Buffers, b.Bytes())
	}
	return r
}
