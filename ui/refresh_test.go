package main

import (
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// TestRevisitsSaysCancelledAndDone: the Revisits panel says, in its live
// region, when its simulation starts, is cancelled and is done, as the
// Papers panel does; a cancel is also said in the panel ("Simulation
// cancelled.", as the run bar says "Run cancelled."), until the next
// simulation. Before, a cancel left the panel without a word and the live
// region said nothing.
func TestRevisitsSaysCancelledAndDone(t *testing.T) {
	a, w := readyApp(t)
	a.Revisits.Run()
	id := w.sent[len(w.sent)-1].ID
	if !a.Revisits.Busy() || !strings.Contains(a.Revisits.Announce, "Simulating") {
		t.Fatalf("started: busy %v, announce %q", a.Revisits.Busy(), a.Revisits.Announce)
	}
	a.Revisits.Cancel()
	a.handle(pageEvent(protocol.Response{ID: id, Kind: protocol.KindCancelled}))
	if a.Revisits.Announce != "Simulation cancelled." {
		t.Errorf("after the cancel the live region says %q", a.Revisits.Announce)
	}
	if text, _ := panelText(t, &RefreshPanel{App: a}); !strings.Contains(text, "Simulation cancelled.") {
		t.Errorf("after the cancel the panel does not say so: %s", text)
	}

	// A simulation run to its end, in a real session.
	s := NewApp("", "")
	sw := newSessionWorker()
	s.Form.Pages = "2000"
	s.q.Worker = sw
	s.handle(pageEvent(protocol.Response{Kind: protocol.KindReady}))
	for _, r := range sw.take() {
		s.handle(pageEvent(r))
	}
	s.Revisits.Cancelled = true
	s.Revisits.Run()
	if s.Revisits.Cancelled {
		t.Error("a new simulation still says the last was cancelled")
	}
	for _, r := range sw.take() {
		s.handle(pageEvent(r))
	}
	if s.Revisits.Result == nil || s.Revisits.Error != "" {
		t.Fatalf("the simulation: result %v, error %q", s.Revisits.Result != nil, s.Revisits.Error)
	}
	if !strings.HasPrefix(s.Revisits.Announce, "Done:") {
		t.Errorf("when done the live region says %q", s.Revisits.Announce)
	}
	if n := findNode(t, &RefreshPanel{App: s}, "refresh-announce"); n == nil || attr(n, "aria-live") != "polite" || textOf(n) != s.Revisits.Announce {
		t.Errorf("the panel's live region is %+v, want it to say %q", n, s.Revisits.Announce)
	}
}
