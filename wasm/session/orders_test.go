package session

import (
	"bytes"
	"encoding/csv"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// TestOrders: after a run, an orders request for it answers every crawl's
// download order as CSV (the command line's run -orders file): one row
// per download, the strategies in the result's order, and the importance
// column summed over a strategy's rows is its curve's final value. It does
// not disturb the session; another run drops the orders, so a request for
// the first run's is refused in words, as is one for a run that never was.
func TestOrders(t *testing.T) {
	s := New(fakeClock(time.Millisecond))
	sc := smallRun()
	sc.Politeness = &scenario.Politeness{}
	req := request(1, protocol.KindRun)
	req.Scenario = &sc
	s.Handle(req, nil)
	res, err := scenario.ParseResult(bytes.NewReader(last(t, finish(t, s), protocol.KindResult).Result), "result")
	if err != nil {
		t.Fatal(err)
	}
	ask := request(2, protocol.KindOrders)
	ask.Target = 1
	out := s.Handle(ask, nil)
	r := last(t, out, protocol.KindResult)
	if len(out) != 1 || r.ID != 2 || s.Busy() {
		t.Fatalf("orders answered %d responses, id %d, busy %v", len(out), r.ID, s.Busy())
	}
	rows, err := csv.NewReader(strings.NewReader(ordersText(t, r))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	sums := map[string]float64{}
	count := map[string]int64{}
	var labels []string
	for _, row := range rows[1:] {
		if count[row[0]] == 0 {
			labels = append(labels, row[0])
		}
		count[row[0]]++
		if pos, _ := strconv.ParseInt(row[1], 10, 64); pos != count[row[0]] {
			t.Fatalf("row %q: position %d, want %d", row, pos, count[row[0]])
		}
		v, err := strconv.ParseFloat(row[4], 64)
		if err != nil {
			t.Fatal(err)
		}
		sums[row[0]] += v
		if row[0] != "optimal" && row[5] == "" {
			t.Fatalf("row %q has no time on the politeness clock", row)
		}
	}
	if len(labels) != len(res.Strategies) {
		t.Fatalf("strategies %q, want %d", labels, len(res.Strategies))
	}
	for k, st := range res.Strategies {
		if labels[k] != st.Label || count[st.Label] != st.Summary.Downloads {
			t.Errorf("strategy %d: %q with %d rows, want %q with %d", k, labels[k], count[labels[k]], st.Label, st.Summary.Downloads)
		}
		if math.Abs(sums[st.Label]-st.Summary.Final) > 1e-12 {
			t.Errorf("%s: importance sums to %v, final %v", st.Label, sums[st.Label], st.Summary.Final)
		}
	}

	wrong := request(3, protocol.KindOrders)
	wrong.Target = 7
	if e := last(t, s.Handle(wrong, nil), protocol.KindError); !strings.Contains(e.Error, "no longer holds the download orders") {
		t.Errorf("orders of an unknown run: %q", e.Error)
	}
	gen := request(4, protocol.KindGenerate)
	gen.Generate = &scenario.Generate{Pages: 100}
	s.Handle(gen, nil)
	finish(t, s)
	ask.ID = 5
	if e := last(t, s.Handle(ask, nil), protocol.KindError); !strings.Contains(e.Error, "run the comparison again") {
		t.Errorf("orders after a generate: %q", e.Error)
	}
}

// ordersText is the file the page makes of the answer r to an orders
// request: the header, then every buffer in order. It checks that r has
// one label per buffer, and that each buffer holds whole rows of its
// label only.
func ordersText(t *testing.T, r protocol.Response) string {
	t.Helper()
	if len(r.Orders) != len(r.Buffers) {
		t.Fatalf("orders of %d strategies in %d buffers", len(r.Orders), len(r.Buffers))
	}
	text := report.OrdersHeader
	for k, b := range r.Buffers {
		rows, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
		if err != nil {
			t.Fatalf("buffer %d (%s): %v", k, r.Orders[k], err)
		}
		for _, row := range rows {
			if row[0] != r.Orders[k] {
				t.Fatalf("buffer %d, of %q, has a row %q", k, r.Orders[k], row)
			}
		}
		text += string(b)
	}
	return text
}

// TestOrdersTooLarge: orders beyond their share of the memory budget are
// not kept, and the page is told to use the command line.
func TestOrdersTooLarge(t *testing.T) {
	s := New(fakeClock(time.Millisecond))
	sc := smallRun()
	req := request(1, protocol.KindRun)
	req.Scenario = &sc
	req.MemoryBudget = 64 << 20
	s.Handle(req, nil)
	last(t, finish(t, s), protocol.KindResult)
	s.orders.limit = 1000 // as if the budget were tiny
	s.orders.keep(scenario.CrawlOrder{Label: "x", Order: make([]uint32, 1000)})
	ask := request(2, protocol.KindOrders)
	ask.Target = 1
	if e := last(t, s.Handle(ask, nil), protocol.KindError); !strings.Contains(e.Error, "crawlsim run -orders") {
		t.Errorf("too large: %q", e.Error)
	}
}
