package main

import (
	"errors"
	"testing"
	"time"

	"github.com/crawlsim/crawlsim/ui/workerqueue"
	"github.com/crawlsim/crawlsim/wasm/page"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// sentUpload returns the next load w was sent.
func sentUpload(t *testing.T, w *fakeWorker) sentFiles {
	t.Helper()
	select {
	case f := <-w.files:
		return f
	case <-time.After(10 * time.Second):
		t.Fatal("the worker was sent no files")
		return sentFiles{}
	}
}

// loadAnswered takes upload u as LoadFiles does and answers its load in the
// first worker w: with the graph name when accepted, else with a refusal,
// after which the first worker reads the upload it accepted before again.
func loadAnswered(t *testing.T, a *App, w *fakeWorker, u *page.Upload, name string, accepted bool) {
	t.Helper()
	a.takeUpload(u, nil)
	f := sentUpload(t, w)
	if f.upload != u {
		t.Fatalf("the first worker was sent upload %p, want %p", f.upload, u)
	}
	r := protocol.Response{ID: f.req.ID, Kind: protocol.KindError, Error: name + ": graph has 9 pages, above the limit of 8"}
	if accepted {
		r = protocol.Response{ID: f.req.ID, Kind: protocol.KindGraph, Graph: &protocol.GraphInfo{Name: name}}
	}
	a.handle(pageEvent(r))
	if !accepted && a.q.Upload != nil {
		// The worker dropped what it held: it is sent the accepted
		// upload again.
		f := sentUpload(t, w)
		if f.upload != a.q.Upload {
			t.Fatalf("after the refusal the first worker was sent %p, want the accepted %p", f.upload, a.q.Upload)
		}
		a.handle(pageEvent(protocol.Response{ID: f.req.ID, Kind: protocol.KindGraph, Graph: &protocol.GraphInfo{Name: a.Form.File}}))
	}
}

// TestRestartSendsTheAcceptedUpload: after a load the first worker
// refused, the form still names the last upload it accepted, and a first
// worker started again after a failure is sent that upload, not the
// refused one.
func TestRestartSendsTheAcceptedUpload(t *testing.T) {
	a, _ := readyApp(t)
	w := &fakeWorker{files: make(chan sentFiles, 1)}
	a.q.Worker = w
	good, bad := &page.Upload{}, &page.Upload{}
	loadAnswered(t, a, w, good, "good.edges", true)
	loadAnswered(t, a, w, bad, "bad.edges", false)
	if a.Form.File != "good.edges" || a.Error == "" {
		t.Fatalf("after the refused load: the form names %q, error %q", a.Form.File, a.Error)
	}
	a.handle(page.Event{Failed: errors.New("out of memory")})
	w2 := &fakeWorker{files: make(chan sentFiles, 1)}
	a.q.Worker = w2
	a.handle(pageEvent(protocol.Response{Kind: protocol.KindReady}))
	if f := sentUpload(t, w2); f.upload != good {
		t.Errorf("the new worker was sent upload %p (the refused one is %p), want the accepted %p", f.upload, bad, good)
	}
}

// TestHelpersGetTheAcceptedUpload: a helper takes an upload at once, with
// the first worker; once the first worker refused it, a helper that
// loaded it, or that starts later, is sent the upload the first worker
// accepted last.
func TestHelpersGetTheAcceptedUpload(t *testing.T) {
	w := &fakeWorker{}
	helperWorker := &fakeWorker{files: make(chan sentFiles, 1)}
	a := parallelApp(t, w, helperWorker)
	w.files = make(chan sentFiles, 1)
	a.q.Workers = 3
	late := &workerqueue.Helper{Requests: workerqueue.Requests{Worker: &fakeWorker{files: make(chan sentFiles, 1)}}}
	a.q.Helpers = append(a.q.Helpers, late)
	h := a.q.Helpers[0]
	good, bad := &page.Upload{}, &page.Upload{}
	for _, u := range []struct {
		u        *page.Upload
		name     string
		accepted bool
	}{{good, "good.edges", true}, {bad, "bad.edges", false}} {
		loadAnswered(t, a, w, u.u, u.name, u.accepted)
		// The helper loaded it at once, and reads it well.
		f := sentUpload(t, helperWorker)
		if f.upload != u.u {
			t.Fatalf("the helper was sent upload %p, want %s's %p", f.upload, u.name, u.u)
		}
		a.handleHelper(h, pageEvent(protocol.Response{ID: f.req.ID, Kind: protocol.KindGraph, Graph: &protocol.GraphInfo{Name: u.name}}))
	}
	f := sentUpload(t, helperWorker)
	if f.upload != good {
		t.Errorf("the helper that loaded the refused upload was sent %p, want the accepted %p", f.upload, good)
	}
	a.handleHelper(h, pageEvent(protocol.Response{ID: f.req.ID, Kind: protocol.KindGraph, Graph: &protocol.GraphInfo{Name: "good.edges"}}))
	if h.File != "good.edges" {
		t.Errorf("the helper holds %q", h.File)
	}
	a.handleHelper(late, pageEvent(protocol.Response{Kind: protocol.KindReady}))
	if f := sentUpload(t, late.Worker.(*fakeWorker)); f.upload != good {
		t.Errorf("a helper that started after the refused load was sent %p (the refused one is %p), want the accepted %p", f.upload, bad, good)
	}
}
