package main

import (
	"errors"
	"slices"
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
		if f.upload != u || f.req.Kind != protocol.KindLoad || !a.Loading() {
			t.Errorf("the new worker was sent upload %p (want %p), a %s, loading %v", f.upload, u, f.req.Kind, a.Loading())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the new worker was sent no files")
	}
	if !strings.Contains(a.Error, "restarted") {
		t.Errorf("the restart's message became %q", a.Error)
	}
}

// TestEndedWorkKeepsTheFocusNearby: when a panel's work ends by itself
// while its Cancel, which goes away with it, holds the focus, the focus
// goes to the button that started the work; it stays where it is when
// Cancel did not hold it, or while the work goes on.
func TestEndedWorkKeepsTheFocusNearby(t *testing.T) {
	var focused []string
	active := ""
	oldFocus, oldActive := focusElement, focusedID
	focusElement = func(id string) { focused = append(focused, id) }
	focusedID = func() string { return active }
	t.Cleanup(func() { focusElement, focusedID = oldFocus, oldActive })
	a, w := readyApp(t)
	a.env = &quietEnv{}
	for _, p := range a.panelWorks() {
		for _, holder := range []string{p.cancel, "pages"} {
			switch p.cancel {
			case "cancel-seeds":
				a.Community.Extract(a.Form)
			case "cancel-refresh":
				a.Revisits.Run()
			case "cancel-papers":
				a.Papers.Run(a.Form)
			}
			if !p.busy() {
				t.Fatalf("%s: the work did not start", p.cancel)
			}
			if _, ok := buttons(t, a)[p.cancel]; !ok {
				t.Fatalf("no %s while its work goes", p.cancel)
			}
			active, focused = holder, nil
			id := w.sent[len(w.sent)-1].ID
			a.Deliver(pageEvent(protocol.Response{ID: id, Kind: protocol.KindProgress, Progress: &protocol.Progress{Stage: "work", Done: 1, Total: 4}}))
			if len(focused) != 0 {
				t.Errorf("%s: a progress report moved the focus to %v", p.cancel, focused)
			}
			a.Deliver(pageEvent(protocol.Response{ID: id, Kind: protocol.KindError, Error: "ended"}))
			if p.busy() {
				t.Fatalf("%s: still busy after its end", p.cancel)
			}
			want := []string(nil)
			if holder == p.cancel {
				want = []string{p.start}
			}
			if !slices.Equal(focused, want) {
				t.Errorf("%s: the work ended with the focus on %s, and the focus went to %v; want %v", p.cancel, holder, focused, want)
			}
		}
	}
}
