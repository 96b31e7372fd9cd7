package main

import (
	"testing"

	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// TestDownloadOrders: "Download order" asks the worker for the download
// orders of the run that gave the result shown, and the worker's refusal
// is shown as the page's error.
func TestDownloadOrders(t *testing.T) {
	a, w := readyApp(t)
	run := w.sent[0].ID
	if b, _ := builtNode(t, &SharePanel{App: a}, "download-orders"); b.Data != "button" {
		t.Fatalf("#download-orders is a <%s>", b.Data)
	}
	a.DownloadOrders()
	req := w.sent[len(w.sent)-1]
	if req.Kind != protocol.KindOrders || req.Target != run || !a.WorkerBusy() {
		t.Fatalf("sent %s for %d (busy %v), want orders for run %d", req.Kind, req.Target, a.WorkerBusy(), run)
	}
	// The worker's buffers, one per strategy, in another order than the
	// result's (low, high): the file has the result's.
	offered := captureDownloads(t)
	a.handle(pageEvent(protocol.Response{ID: req.ID, Kind: protocol.KindResult, Orders: []string{"high", "low"},
		Buffers: [][]byte{[]byte("high,1,0,,0.6,\n"), []byte("low,1,1,,0.1,\n")}}))
	want := "strategy,position,page,url,importance,time\nlow,1,1,,0.1,\nhigh,1,0,,0.6,\n"
	if a.WorkerBusy() || a.Error != "" || len(*offered) != 1 || (*offered)[0] != want {
		t.Errorf("after the orders: busy %v, error %q, offered %q, want %q", a.WorkerBusy(), a.Error, *offered, want)
	}
	a.DownloadOrders()
	req = w.sent[len(w.sent)-1]
	a.handle(pageEvent(protocol.Response{ID: req.ID, Kind: protocol.KindError, Error: "the worker no longer holds the download orders"}))
	if a.Error != "the worker no longer holds the download orders" {
		t.Errorf("the worker's refusal shows as %q", a.Error)
	}
}
