package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/wasm/page"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// pickedFiles makes pickUpload find the upload *u in the file inputs (none
// while *u is nil) for the rest of the test.
func pickedFiles(t *testing.T, u **page.Upload) {
	t.Helper()
	old := pickUpload
	pickUpload = func(graphInput, urlsInput string) (*page.Upload, error) {
		if *u == nil {
			return nil, page.ErrNoGraphFile
		}
		return *u, nil
	}
	t.Cleanup(func() { pickUpload = old })
}

// pickFails makes pickUpload fail with err for the rest of the test, as
// it does when the page's inputs cannot be read.
func pickFails(t *testing.T, err error) {
	t.Helper()
	old := pickUpload
	pickUpload = func(graphInput, urlsInput string) (*page.Upload, error) { return nil, err }
	t.Cleanup(func() { pickUpload = old })
}

// errNoInput is the error of pickUpload when the page has no graph file
// input.
var errNoInput = fmt.Errorf("no file input %q on the page", graphInputID)

// TestRunShowsWhyTheInputsCannotBeRead: Run on an upload whose inputs
// cannot be read says why as it is, in the banner, and runs nothing (it
// said that no graph file was chosen, or ran on the file taken before);
// only no graph file chosen (page.ErrNoGraphFile) is the form's refusal.
func TestRunShowsWhyTheInputsCannotBeRead(t *testing.T) {
	pickFails(t, errNoInput)
	a, w := readyApp(t)
	a.Form.Source = SourceUpload
	sent := len(w.sent)
	a.Run()
	if a.BannerError() != errNoInput.Error() || a.FormError != "" {
		t.Errorf("Run with inputs it cannot read: banner %q, form error %q; want the banner to say %q", a.BannerError(), a.FormError, errNoInput)
	}
	if len(w.sent) != sent || a.Running() || a.Loading() {
		t.Errorf("Run with inputs it cannot read sent %+v (running %v, loading %v)", w.sent[sent:], a.Running(), a.Loading())
	}
}

// uploadLink is the fragment of a permalink of the default scenario run on
// the uploaded file name with the URL list urls.
func uploadLink(t *testing.T, name, urls string) string {
	t.Helper()
	s := defaultScenario()
	s.Graph = model.Source{File: name, URLs: urls}
	frag, err := EncodePermalink(s)
	if err != nil {
		t.Fatal(err)
	}
	return frag
}

// lastRun returns the scenario of the last run w was sent, or nil when the
// last request was not a run.
func lastRun(w *fakeWorker) *model.Scenario {
	if len(w.sent) == 0 || w.sent[len(w.sent)-1].Kind != protocol.KindRun {
		return nil
	}
	return w.sent[len(w.sent)-1].Scenario
}

// TestRunLoadsThePickedFilesFirst: Run with files picked in the inputs and
// not loaded yet loads them and then runs on them, as a permalink of an
// upload says ("choose it ..., then press Run"); before, Run refused with
// "graph: upload a graph file" unless Load had been pressed first. Files
// already loaded are not sent again; files picked after a load are.
func TestRunLoadsThePickedFilesFirst(t *testing.T) {
	var picked *page.Upload
	pickedFiles(t, &picked)
	a, w := NewApp("", uploadLink(t, "g.edges", "g.urls")), &fakeWorker{files: make(chan sentFiles, 1)}
	for _, want := range []string{"g.edges", "g.urls", "choose", "then press Run"} {
		if !strings.Contains(a.Notice, want) {
			t.Errorf("the link's notice %q does not say %q", a.Notice, want)
		}
	}
	a.q.Worker = w
	a.handle(pageEvent(protocol.Response{Kind: protocol.KindReady}))
	if len(w.sent) != 0 {
		t.Fatalf("before any file was chosen the worker was sent %+v", w.sent)
	}
	a.Run()
	if !strings.Contains(a.FormError, "choose a graph file") || len(w.sent) != 0 {
		t.Errorf("Run with no file picked: form error %q, sent %+v", a.FormError, w.sent)
	}

	picked = &page.Upload{}
	a.Run()
	if f := sentUpload(t, w); f.upload != picked {
		t.Fatalf("Run sent upload %p, want the picked %p", f.upload, picked)
	} else if a.FormError != "" || a.Running() || !a.Loading() {
		t.Fatalf("while the picked files load: form error %q, running %v, loading %v", a.FormError, a.Running(), a.Loading())
	} else {
		a.handle(pageEvent(protocol.Response{ID: f.req.ID, Kind: protocol.KindGraph, Graph: &protocol.GraphInfo{Name: "g.edges", URLs: "g.urls"}}))
	}
	s := lastRun(w)
	if s == nil || s.Graph.File != "g.edges" || s.Graph.URLs != "g.urls" || a.Error != "" {
		t.Fatalf("after the load: last request %+v, error %q", w.sent, a.Error)
	}
	a.handle(pageEvent(protocol.Response{ID: w.sent[len(w.sent)-1].ID, Kind: protocol.KindResult, Result: tinyResult(t)}))

	// The same files again: Run runs at once.
	sent := len(w.sent)
	a.Run()
	if len(w.sent) != sent+1 || lastRun(w) == nil || len(w.files) != 0 {
		t.Fatalf("Run on the loaded files sent %+v (files waiting: %d)", w.sent[sent:], len(w.files))
	}
	a.handle(pageEvent(protocol.Response{ID: w.sent[len(w.sent)-1].ID, Kind: protocol.KindResult, Result: tinyResult(t)}))

	// Other files picked, Load not pressed: Run loads them first.
	picked = &page.Upload{}
	a.Run()
	if f := sentUpload(t, w); f.upload != picked || a.Running() {
		t.Errorf("Run after another pick sent upload %p (want %p), running %v", f.upload, picked, a.Running())
	}
}
