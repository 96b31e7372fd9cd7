package main

import (
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/wasm/page"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// TestBackForgetsTheWaitingLink: a link pasted while a run goes waits
// for it; going back to the page's own permalink before the run ends
// forgets that link and its notice (the run's end applied the link the
// user left, and wrote it over the address).
func TestBackForgetsTheWaitingLink(t *testing.T) {
	a, w := readyApp(t)
	addressSet(t)
	a.env = &quietEnv{}
	own, err := EncodePermalink(mustScenario(t, a.Form))
	if err != nil {
		t.Fatal(err)
	}
	a.Run()
	a.AddressChanged("", otherLink(t, 3000, "random:5"))
	if !strings.Contains(a.Notice, "once the worker is done") {
		t.Fatalf("pasted while running: notice %q", a.Notice)
	}
	a.AddressChanged("", own)
	if a.Notice != "" {
		t.Errorf("back to the page's own link: notice %q", a.Notice)
	}
	a.Deliver(pageEvent(protocol.Response{ID: w.sent[len(w.sent)-1].ID, Kind: protocol.KindResult, Result: tinyResult(t)}))
	if a.Form.Pages == "3000" || a.Running() {
		t.Errorf("the link left applied at the run's end: pages %q, running %v", a.Form.Pages, a.Running())
	}
}

// TestDamagedLinkDropsTheWaitingOne: a damaged link pasted after a link
// that waits for the run forgets the waiting one and says only what the
// damaged one gives (both notices were shown, the first promising a
// switch that never came).
func TestDamagedLinkDropsTheWaitingOne(t *testing.T) {
	a, w := readyApp(t)
	addressSet(t)
	a.env = &quietEnv{}
	a.Run()
	a.AddressChanged("", otherLink(t, 3000, "random:5"))
	a.AddressChanged("", "s=!!!")
	if a.Notice != "" || !strings.Contains(a.Error, "keeps the scenario it shows") {
		t.Errorf("notice %q, error %q", a.Notice, a.Error)
	}
	a.Deliver(pageEvent(protocol.Response{ID: w.sent[len(w.sent)-1].ID, Kind: protocol.KindResult, Result: tinyResult(t)}))
	if a.Form.Pages == "3000" {
		t.Error("the forgotten link was applied at the run's end")
	}
}

// TestWaitingNoticeDuringAPanelsJob: while a panel's job keeps the worker
// busy, the waiting link's notice does not point at the run bar's Cancel,
// which is disabled then.
func TestWaitingNoticeDuringAPanelsJob(t *testing.T) {
	a, w := readyApp(t)
	addressSet(t)
	a.env = &quietEnv{}
	a.Papers.Run(a.Form)
	a.AddressChanged("", otherLink(t, 3000, "random:5"))
	if a.Running() || !strings.Contains(a.Notice, "once the worker is done") || strings.Contains(a.Notice, "Cancel") {
		t.Errorf("running %v, notice %q", a.Running(), a.Notice)
	}
	a.Deliver(pageEvent(protocol.Response{ID: w.sent[len(w.sent)-1].ID, Kind: protocol.KindCancelled}))
	if a.Form.Pages != "3000" || !a.Running() {
		t.Errorf("after the job: pages %q, running %v", a.Form.Pages, a.Running())
	}
}

// TestLinkKeepsADeadWorkersMessage: a link applied once the worker has
// failed for good changes the form, and the message that says to reload
// the page stays (it was wiped, and nothing ran or said why).
func TestLinkKeepsADeadWorkersMessage(t *testing.T) {
	a, _ := readyApp(t)
	addressSet(t)
	a.env = &quietEnv{}
	killWorker(&a.q)
	a.Error = "The worker failed again; reload the page."
	a.AddressChanged("", otherLink(t, 3000, "random:5"))
	if a.Form.Pages != "3000" || a.Error != "The worker failed again; reload the page." {
		t.Errorf("pages %q, error %q", a.Form.Pages, a.Error)
	}
}

// TestRefusedPickIsNotTaken: files picked and refused by the worker are
// not taken as loaded: the next Run with them still picked sends them
// again (and the worker's refusal is said again), rather than saying no
// file is chosen or running on the upload loaded before.
func TestRefusedPickIsNotTaken(t *testing.T) {
	var picked *page.Upload
	pickedFiles(t, &picked)
	a, w := NewApp("", uploadLink(t, "g.edges", "g.urls")), &fakeWorker{files: make(chan sentFiles, 2)}
	a.q.Worker = w
	a.handle(pageEvent(protocol.Response{Kind: protocol.KindReady}))
	picked = &page.Upload{}
	for try := range 2 {
		a.Run()
		f := sentUpload(t, w)
		if f.upload != picked {
			t.Fatalf("Run %d sent upload %p, want the picked %p", try+1, f.upload, picked)
		}
		a.handle(pageEvent(protocol.Response{ID: f.req.ID, Kind: protocol.KindError, Error: "g.edges:3: bad line"}))
		if a.Error != "g.edges:3: bad line" || a.Running() || a.Loading() {
			t.Fatalf("after refusal %d: error %q, running %v, loading %v", try+1, a.Error, a.Running(), a.Loading())
		}
	}
}

// mustScenario is the scenario of the form f.
func mustScenario(t *testing.T, f Form) model.Scenario {
	t.Helper()
	s, err := f.Scenario()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestRefusalKeepsTheMarkOfBefore: a scenario refused after a cancelled
// run says the cancel again, and one refused by the first worker alone,
// after a helper failed and the comparison fell back to one worker,
// leaves a current result unmarked (the fall-back's second start took
// the parallel run's mark for the one before).
func TestRefusalKeepsTheMarkOfBefore(t *testing.T) {
	refusal := func(id int64) page.Event {
		return pageEvent(protocol.Response{ID: id, Kind: protocol.KindError, Error: "seeds: bad",
			Fields: []protocol.FieldError{{Field: "seeds", Message: "bad"}}})
	}
	a, w := readyApp(t)
	a.Run()
	a.Cancel()
	a.handle(pageEvent(protocol.Response{ID: w.sent[len(w.sent)-2].ID, Kind: protocol.KindCancelled}))
	a.Run()
	a.handle(refusal(w.sent[len(w.sent)-1].ID))
	if note := a.StaleNote(); !strings.HasPrefix(note, "Run cancelled") {
		t.Errorf("a refusal after a cancel: the note says %q", note)
	}

	first, second := &fakeWorker{}, &fakeWorker{}
	b := parallelApp(t, first, second)
	b.Run()
	if b.q.UsedWorkers != 2 {
		t.Fatalf("ran in %d workers", b.q.UsedWorkers)
	}
	b.handleHelper(b.q.Helpers[0], pageEvent(protocol.Response{ID: second.sent[len(second.sent)-1].ID, Kind: protocol.KindError, Error: "out of memory"}))
	if !b.Running() || b.q.UsedWorkers != 1 {
		t.Fatalf("after the helper's failure: running %v in %d workers", b.Running(), b.q.UsedWorkers)
	}
	b.handle(refusal(first.sent[len(first.sent)-1].ID))
	if b.Stale() || b.StaleNote() != "" {
		t.Errorf("a current result is marked after the refusal: %q", b.StaleNote())
	}
}
