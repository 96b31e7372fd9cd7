package main

import (
	"testing"

	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// TestWorkerNormalises checks that the page sends a scenario that only its
// worker can refuse (damping out of range) without normalising it itself,
// shows the fields the worker refused where the form's errors go, and
// keeps the permalink of the last scenario the worker accepted.
func TestWorkerNormalises(t *testing.T) {
	a, w := readyApp(t)
	accepted := a.Permalink
	if accepted == "" {
		t.Fatal("no permalink after the opening run")
	}
	a.Form.Base.Damping = 2
	a.Run()
	if a.FormError != "" || len(w.sent) != 2 || w.sent[1].Kind != protocol.KindRun {
		t.Fatalf("the page refused the run itself (%q) or sent %+v; the worker normalises", a.FormError, w.sent)
	}
	msg := "damping: 2 is outside (0, 1]"
	a.handle(pageEvent(protocol.Response{ID: w.sent[1].ID, Kind: protocol.KindError, Error: msg,
		Fields: []protocol.FieldError{{Field: "damping", Message: "2 is outside (0, 1]"}}}))
	if a.FormError != msg || a.Error != "" {
		t.Errorf("form error %q, error %q; want the worker's field error %q beside the form", a.FormError, a.Error, msg)
	}
	if a.Permalink != accepted {
		t.Errorf("permalink %q after a refused scenario, want the last accepted one %q", a.Permalink, accepted)
	}
	if a.WorkerBusy() {
		t.Error("the refused run is still pending")
	}

	// A failure that is not about fields stays the page's error.
	a.Form.Base.Damping = 0
	a.Run()
	a.handle(pageEvent(protocol.Response{ID: w.sent[2].ID, Kind: protocol.KindError, Error: "out of memory"}))
	if a.Error != "out of memory" || a.FormError != "" {
		t.Errorf("error %q, form error %q; want the failure as the page's error", a.Error, a.FormError)
	}
}
