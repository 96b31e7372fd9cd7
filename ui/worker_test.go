package main

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/crawlsim/crawlsim/wasm/page"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// TestRestartSendsTheUpload: after the first worker fails, the worker
// started in its place is sent the files the user loaded (a.q.Upload),
// not what the file inputs hold now (they may have been cleared or
// changed since), and the restart's message stays until the graph is
// read again.
func TestRestartSendsTheUpload(t *testing.T) {
	a, _ := readyApp(t)
	u := &page.Upload{}
	a.q.Upload, a.q.Uploads = u, 1
	a.Form.Source, a.Form.File = SourceUpload, "g.edges"
	a.handle(page.Event{Failed: errors.New("out of memory")})
	if a.q.Worker != nil || a.q.Dead() {
		t.Fatalf("after the failure: worker %v, dead %v", a.q.Worker, a.q.Dead())
	}
	// Natively no worker starts (page.StartWorker fails, which is the
	// page's error); the test gives the page its new one.
	w := &fakeWorker{files: make(chan sentFiles, 1)}
	a.q.Worker, a.Error = w, "The worker failed (out of memory) and was restarted; your scenario is kept."
	a.handle(pageEvent(protocol.Response{Kind: protocol.KindReady}))
	select {
	case f := <-w.files:
		if f.inputs || f.upload != u || f.req.Kind != protocol.KindLoad || !a.Loading() {
			t.Errorf("the new worker was sent the inputs %v, upload %p (want %p), a %s, loading %v", f.inputs, f.upload, u, f.req.Kind, a.Loading())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the new worker was sent no files")
	}
	if !strings.Contains(a.Error, "restarted") {
		t.Errorf("the restart's message became %q", a.Error)
	}
}
