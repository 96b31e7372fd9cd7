package main

import (
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/ui/workerqueue"
	"github.com/crawlsim/crawlsim/wasm/page"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// TestHelperNoticeOnlyForAGraphTheFirstWorkerHolds: a helper that cannot
// load an upload says so (the notice "A second worker could not load the
// graph") only when the first worker accepted that upload; when the first
// worker refused it too, no graph was loaded and the page says only the
// first worker's error, whichever of the two answered first. Before, a
// truncated or binary upload showed the error and the notice, which said
// a graph was loaded.
func TestHelperNoticeOnlyForAGraphTheFirstWorkerHolds(t *testing.T) {
	const refusal = "bad.edges: line 2: want two page numbers, got \"not\""
	for _, tc := range []struct {
		name          string
		helperFirst   bool
		firstAccepts  bool
		wantNoticeNow bool
	}{
		{"helper refuses first, first worker refuses", true, false, false},
		{"first worker refuses first, helper refuses", false, false, false},
		{"helper refuses first, first worker accepts", true, true, true},
		{"first worker accepts first, helper refuses", false, true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, w, hw := uploadApp(t)
			h := a.q.Helpers[0]
			u := &page.Upload{}
			a.takeUpload(u)
			fw := sentUpload(t, w)
			fh := sentUpload(t, hw)
			helperAnswers := func() {
				a.handleHelper(h, pageEvent(protocol.Response{ID: fh.req.ID, Kind: protocol.KindError, Error: refusal}))
			}
			firstAnswers := func() {
				r := protocol.Response{ID: fw.req.ID, Kind: protocol.KindError, Error: refusal}
				if tc.firstAccepts {
					r = protocol.Response{ID: fw.req.ID, Kind: protocol.KindGraph, Graph: &protocol.GraphInfo{Name: "bad.edges"}}
				}
				a.handle(pageEvent(r))
			}
			if tc.helperFirst {
				helperAnswers()
				if a.Notice != "" {
					t.Errorf("before the first worker answered, the notice says %q", a.Notice)
				}
				firstAnswers()
			} else {
				firstAnswers()
				helperAnswers()
			}
			gotNotice := strings.Contains(a.Notice, "second worker could not load")
			if gotNotice != tc.wantNoticeNow {
				t.Errorf("notice %q (error %q): want the helper's notice %v", a.Notice, a.Error, tc.wantNoticeNow)
			}
			if !tc.firstAccepts && !strings.Contains(a.Error, refusal) {
				t.Errorf("error %q, want the first worker's refusal", a.Error)
			}
		})
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
