package main

import (
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/wasm/page"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// TestAppliedLinkMarksTheResult: a link applied to the open page that
// cannot run at once (an upload's, whose file the page lacks; any, once the
// worker failed for good) puts another scenario in the form than the result
// shown: the result is marked as the previous scenario's, with the dim and
// note a run gives, until the link's run replaces it, so that the previous
// comparison is never taken for the link's. A refused run keeps the mark;
// edits to the form not run yet do not mark.
func TestAppliedLinkMarksTheResult(t *testing.T) {
	marked := func(t *testing.T, a *App, when string) {
		t.Helper()
		note := a.StaleNote()
		if !a.Stale() || !strings.Contains(note, "previous scenario") || strings.Contains(note, "did not finish") ||
			!strings.Contains((&Root{App: a}).Class(), "stale") {
			t.Errorf("%s: stale %v, note %q, class %q", when, a.Stale(), note, (&Root{App: a}).Class())
		}
	}

	a, w := readyApp(t)
	addressSet(t)
	a.env = &quietEnv{}
	a.Form.Pages = "4000"
	if a.Stale() {
		t.Errorf("an edit not run marks the result: %q", a.StaleNote())
	}
	a.AddressChanged("", uploadLink(t, "g.edges", ""))
	marked(t, a, "the upload's link pasted")

	// The file chosen and run: marked as a run's previous result while
	// it goes, then cleared by the link's result.
	var picked *page.Upload
	pickedFiles(t, &picked)
	picked = &page.Upload{}
	w.files = make(chan sentFiles, 1)
	a.Run()
	load := sentUpload(t, w).req
	a.handle(pageEvent(protocol.Response{ID: load.ID, Kind: protocol.KindGraph, Graph: &protocol.GraphInfo{Name: "g.edges"}}))
	if !a.Running() || !a.Stale() || !strings.Contains(a.StaleNote(), "until this run finishes") {
		t.Errorf("the link's run: running %v, stale %v, note %q", a.Running(), a.Stale(), a.StaleNote())
	}
	answerRun(t, a, w)
	if a.Stale() || a.StaleNote() != "" {
		t.Errorf("the link's result is marked: %q", a.StaleNote())
	}

	// A link applied after the worker failed for good runs nothing.
	b, _ := readyApp(t)
	b.env = &quietEnv{}
	killWorker(&b.q)
	b.AddressChanged("", otherLink(t, 3000, "random:5"))
	marked(t, b, "a link applied with the worker dead")

	// A link whose run the worker refuses leaves the mark.
	c, cw := readyApp(t)
	c.env = &quietEnv{}
	c.AddressChanged("", uploadLink(t, "g.edges", ""))
	c.Form.File = "g.edges"
	c.q.Upload, c.picked = picked, picked
	c.Run()
	c.handle(pageEvent(protocol.Response{ID: cw.sent[len(cw.sent)-1].ID, Kind: protocol.KindError, Error: "seeds: bad",
		Fields: []protocol.FieldError{{Field: "seeds", Message: "bad"}}}))
	marked(t, c, "the link's run refused")
}
