package main

import (
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// storedDraft replaces the tab's storage and the page's address for the
// rest of the test: the page reads and keeps its draft in *kept, and
// its address's fragment is *fragment.
func storedDraft(t *testing.T) (kept, fragment *string) {
	t.Helper()
	kept, fragment = new(string), new(string)
	oldSave, oldRead, oldAddress := saveDraft, readDraft, pageAddress
	saveDraft = func(text string) error { *kept = text; return nil }
	readDraft = func() string { return *kept }
	pageAddress = func() (string, string) { return "", *fragment }
	t.Cleanup(func() { saveDraft, readDraft, pageAddress = oldSave, oldRead, oldAddress })
	return kept, fragment
}

// TestReloadKeepsTheEditsNotRun: edits made in the form and not run are
// in the form again after a reload of the same address, with a notice,
// while the opening run still runs the address's scenario, and the
// user's Run then runs the edits.
func TestReloadKeepsTheEditsNotRun(t *testing.T) {
	kept, _ := storedDraft(t)
	a := NewApp("", "")
	a.Form.Seeds, a.Form.Budget = "random:7", "1234"
	a.Form.Strategies[0].On = !a.Form.Strategies[0].On
	a.SetTimed(true)
	a.SetSharedLink(true)
	a.keepDraft()
	if *kept == "" {
		t.Fatal("the edited form was not kept")
	}

	b, w := NewApp("", ""), &fakeWorker{}
	if b.Form.Seeds != "random:7" || b.Form.Budget != "1234" || b.Form.Strategies[0].On != a.Form.Strategies[0].On || !b.Form.SharedLink {
		t.Errorf("after the reload the form has seeds %q, budget %q, first strategy on %v, shared link %v; want the edits",
			b.Form.Seeds, b.Form.Budget, b.Form.Strategies[0].On, b.Form.SharedLink)
	}
	// It does not say the page was reloaded: Back and Forward to the
	// address bring the edits back too.
	if !strings.Contains(b.Notice, "changes you made here earlier and had not run") || strings.Contains(b.Notice, "reload") {
		t.Errorf("notice %q does not say the form keeps edits not run, or says how the page came back", b.Notice)
	}
	b.q.Worker = w
	b.handle(pageEvent(protocol.Response{Kind: protocol.KindReady}))
	if r := lastRun(w); r == nil || r.Seeds == "random:7" {
		t.Fatalf("the opening run ran %+v; want the address's scenario, not the edits", r)
	}
	answerRun(t, b, w)
	if b.Form.Seeds != "random:7" {
		t.Errorf("the opening run's result replaced the edits: seeds %q", b.Form.Seeds)
	}
	b.RunForm()
	if r := lastRun(w); r == nil || r.Seeds != "random:7" || r.Budget != 1234 {
		t.Errorf("Run ran %+v; want the edits", r)
	}
}

// TestDraftOfAnotherAddressIsIgnored: edits kept on one address are not
// shown on another (a permalink opened later), nor on a graph the page
// does not hold.
func TestDraftOfAnotherAddressIsIgnored(t *testing.T) {
	kept, fragment := storedDraft(t)
	a := NewApp("", "")
	a.Form.Seeds = "random:7"
	a.keepDraft()

	link := defaultLinkWithSeeds(t, "top-pagerank:3")
	if b := NewApp("", link); b.Form.Seeds != "top-pagerank:3" || b.opening != nil {
		t.Errorf("on another address the form has seeds %q (opening %v); want the link's", b.Form.Seeds, b.opening)
	}

	*fragment = link
	c := NewApp("", link)
	c.Form.Source, c.Form.File = SourceUpload, "g.graph"
	c.keepDraft()
	if d := NewApp("", link); d.Form.Source != SourceGenerate || d.opening != nil {
		t.Errorf("edits naming an upload the page does not hold were taken: source %q", d.Form.Source)
	}
	if !strings.Contains(*kept, `"base":"`+link) {
		t.Errorf("the kept draft %q does not name the address it was edited on", *kept)
	}
}

// TestEmbedKeepsNoDraft: the embedded page, which shows no form, neither
// keeps nor takes a draft.
func TestEmbedKeepsNoDraft(t *testing.T) {
	kept, _ := storedDraft(t)
	a := NewApp("", "")
	a.Form.Seeds = "random:7"
	a.keepDraft()
	if e := NewApp("embed=1", ""); e.Form.Seeds == "random:7" {
		t.Error("the embedded page took the draft")
	}
	*kept = ""
	e := NewApp("embed=1", "")
	e.Form.Seeds = "random:9"
	e.keepDraft()
	if *kept != "" {
		t.Errorf("the embedded page kept a draft: %q", *kept)
	}
}

// TestDraftNotKeptUnderALinkThatWaits: while another address waits for
// the worker (AddressChanged during a run), the form still holds the
// edits made on the address before it; they are not kept as if made on
// the new one, whose reload would show them as its own edits.
func TestDraftNotKeptUnderALinkThatWaits(t *testing.T) {
	kept, fragment := storedDraft(t)
	a, _ := readyApp(t)
	a.RunForm()
	if !a.WorkerBusy() {
		t.Fatal("the run did not start")
	}
	a.Form.Seeds = "random:7"
	a.keepDraft()
	link := defaultLinkWithSeeds(t, "top-pagerank:3")
	*fragment = link
	a.AddressChanged("", link)
	if a.waitingLink == nil {
		t.Fatal("the link did not wait for the run")
	}
	a.keepDraft()
	if b := NewApp("", link); b.Form.Seeds != "top-pagerank:3" || b.opening != nil || strings.Contains(b.Notice, "made here earlier") {
		t.Errorf("a reload of the waiting link shows seeds %q (opening %v, notice %q); want the link's, without a draft; kept %s",
			b.Form.Seeds, b.opening, b.Notice, *kept)
	}
}

// defaultLinkWithSeeds is the permalink of the default scenario with
// other seeds.
func defaultLinkWithSeeds(t *testing.T, seeds string) string {
	t.Helper()
	s, err := DefaultForm().Scenario()
	if err != nil {
		t.Fatal(err)
	}
	s.Seeds = seeds
	link, err := EncodePermalink(s)
	if err != nil {
		t.Fatal(err)
	}
	return link
}

// TestLinkKeepsTheEditsItReplaced: a link put in the address of the idle
// page replaces the form's edits not run with its scenario, and runs it;
// the page says so beside the form, and Restore my edits puts them back
// in the form without running them, gives the focus to that notice, and
// the link's run does not undo it. Before, the edits were gone without a
// word. A link that replaces no edits says nothing, and the user's Run
// forgets the edits.
func TestLinkKeepsTheEditsItReplaced(t *testing.T) {
	kept, fragment := storedDraft(t)
	old := setFragment
	setFragment = func(f string) error { *fragment = f; return nil }
	var focused []string
	oldFocus := focusElement
	focusElement = func(id string) { focused = append(focused, id) }
	t.Cleanup(func() { setFragment, focusElement = old, oldFocus })
	a, w := readyApp(t)
	a.keepDraft()

	link := defaultLinkWithSeeds(t, "top-pagerank:3")
	*fragment = link
	a.AddressChanged("", link)
	if a.EditsNotice() != "" || a.CanRestoreEdits() {
		t.Errorf("a link over a form without edits says %q", a.EditsNotice())
	}
	answerRun(t, a, w)
	a.keepDraft()

	a.Form.Seeds, a.Form.Budget = "random:7", "1234"
	a.Form.Strategies[0].On = !a.Form.Strategies[0].On
	a.keepDraft()
	other := defaultLinkWithSeeds(t, "top-pagerank:5")
	*fragment = other
	a.AddressChanged("", other)
	if r := lastRun(w); r == nil || r.Seeds != "top-pagerank:5" {
		t.Fatalf("the link ran %+v; want its scenario", r)
	}
	if a.Form.Seeds != "top-pagerank:5" {
		t.Fatalf("the form has seeds %q; want the link's", a.Form.Seeds)
	}
	if !strings.Contains(a.EditsNotice(), "replaced the changes you had not run") || !a.CanRestoreEdits() {
		t.Fatalf("the notice says %q, restore offered %v; want that the link replaced the edits, and a way back", a.EditsNotice(), a.CanRestoreEdits())
	}
	sent := len(w.sent)
	a.RestoreEdits()
	if a.Form.Seeds != "random:7" || a.Form.Budget != "1234" || a.Form.Strategies[0].On == DefaultForm().Strategies[0].On {
		t.Errorf("restored, the form has seeds %q, budget %q, first strategy on %v; want the edits",
			a.Form.Seeds, a.Form.Budget, a.Form.Strategies[0].On)
	}
	if len(w.sent) != sent {
		t.Errorf("restoring the edits sent %+v; want nothing run", w.sent[sent:])
	}
	if !strings.Contains(a.EditsNotice(), "back in the form") || a.CanRestoreEdits() {
		t.Errorf("restored, the notice says %q, restore offered %v", a.EditsNotice(), a.CanRestoreEdits())
	}
	if len(focused) != 1 || focused[0] != editsNoticeID {
		t.Errorf("restoring gave the focus to %v; want the notice %s", focused, editsNoticeID)
	}
	answerRun(t, a, w)
	a.keepDraft()
	if a.Form.Seeds != "random:7" {
		t.Errorf("the link's result replaced the restored edits: seeds %q", a.Form.Seeds)
	}
	if !strings.Contains(*kept, `"base":"`+other) || !strings.Contains(*kept, "random:7") {
		t.Errorf("the restored edits are not kept as edits on the link's address: %s", *kept)
	}
	a.RunForm()
	if r := lastRun(w); r == nil || r.Seeds != "random:7" || a.EditsNotice() != "" {
		t.Errorf("Run ran %+v and the notice says %q; want the edits run and no notice", r, a.EditsNotice())
	}
}

// TestLinkSaysEditsOnAnotherGraphAreLost: edits on another kind of graph
// than the link's cannot be put back (the page would not hold their
// files): the notice says so, and offers nothing.
func TestLinkSaysEditsOnAnotherGraphAreLost(t *testing.T) {
	_, fragment := storedDraft(t)
	a, _ := readyApp(t)
	a.Form.Source, a.Form.File = SourceUpload, "g.edges"
	a.keepDraft()
	link := defaultLinkWithSeeds(t, "top-pagerank:3")
	*fragment = link
	a.AddressChanged("", link)
	if !strings.Contains(a.EditsNotice(), "cannot be put back") || a.CanRestoreEdits() {
		t.Errorf("the notice says %q, restore offered %v; want that the edits are lost", a.EditsNotice(), a.CanRestoreEdits())
	}
	a.RestoreEdits()
	if a.Form.Source != SourceGenerate {
		t.Errorf("the edits on an upload were put back: source %q", a.Form.Source)
	}
}

// TestReloadOfAnUploadLinkKeepsTheEdits: on a link's scenario on an
// uploaded file, edits not run are in the form again after a reload,
// the file to be chosen again, and after the next reload too; edits that
// turn to a generated web are kept as well. Both were dropped without a
// word: the reloaded form's file, empty until chosen, did not match the
// file the edits were made on.
func TestReloadOfAnUploadLinkKeepsTheEdits(t *testing.T) {
	_, fragment := storedDraft(t)
	*fragment = uploadLink(t, "mine.edges", "")
	a := NewApp("", *fragment)
	// the file chosen and run, then the edits
	a.fileLink, a.Form.File = nil, "mine.edges"
	a.Form.Seeds = "random:3"
	a.keepDraft()
	for reload := 1; reload <= 2; reload++ {
		b := NewApp("", *fragment)
		if b.Form.Seeds != "random:3" || b.Form.Source != SourceUpload || b.Form.File != "" || !b.awaitingFile() {
			t.Fatalf("reload %d: seeds %q, source %q, file %q, awaiting the file %v; want the edits, the file to choose",
				reload, b.Form.Seeds, b.Form.Source, b.Form.File, b.awaitingFile())
		}
		// no result is shown, and Run runs the edits: the notice says
		// nothing of the address's results
		if !strings.Contains(b.Notice, draftFileNotice) || strings.Contains(b.Notice, "results") || !strings.Contains(b.Notice, "mine.edges") {
			t.Errorf("reload %d: notice %q", reload, b.Notice)
		}
		b.keepDraft()
	}

	c := NewApp("", *fragment)
	c.Form.Source, c.Form.Pages = SourceGenerate, "3000"
	c.keepDraft()
	if d := NewApp("", *fragment); d.Form.Source != SourceGenerate || d.Form.Pages != "3000" {
		t.Errorf("edits to a generated web: after the reload source %q, %q pages", d.Form.Source, d.Form.Pages)
	}
}

// TestReloadSaysEditsOnOtherFilesAreLost: edits kept on the address but
// on files it does not name cannot go back in the form, and the notice
// says so rather than nothing.
func TestReloadSaysEditsOnOtherFilesAreLost(t *testing.T) {
	_, fragment := storedDraft(t)
	*fragment = uploadLink(t, "mine.edges", "")
	a := NewApp("", *fragment)
	a.Form.File = "other.edges" // loaded from the Graph panel (graphPending)
	a.Form.Seeds = "random:3"
	a.keepDraft()
	b := NewApp("", *fragment)
	if b.Form.Seeds == "random:3" || !strings.Contains(b.Notice, "were made on another graph") {
		t.Errorf("seeds %q, notice %q; want the link's form and a word on the edits", b.Form.Seeds, b.Notice)
	}
}
