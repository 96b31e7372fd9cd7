package main

import (
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// addressSet records the fragments the page puts in its address for the
// rest of the test.
func addressSet(t *testing.T) *[]string {
	t.Helper()
	var set []string
	old := setFragment
	setFragment = func(fragment string) error {
		set = append(set, fragment)
		return nil
	}
	t.Cleanup(func() { setFragment = old })
	return &set
}

// answerRun answers the last run w was sent with a result.
func answerRun(t *testing.T, a *App, w *fakeWorker) {
	t.Helper()
	if lastRun(w) == nil {
		t.Fatalf("the worker's last request is not a run: %+v", w.sent)
	}
	a.handle(pageEvent(protocol.Response{ID: w.sent[len(w.sent)-1].ID, Kind: protocol.KindResult, Result: tinyResult(t)}))
}

// TestDamagedLinkKeepsTheAddress: a permalink the page cannot read is said
// in one sentence (it said "…was it cut short?; the default scenario…"),
// and the address keeps it while the default scenario runs, so that the
// user can copy and mend it, until the user runs something.
func TestDamagedLinkKeepsTheAddress(t *testing.T) {
	set := addressSet(t)
	a, w := NewApp("", "s=eJyrVkrOz0nNTc0rSUxXslIqS8wpTtWpTs"), &fakeWorker{}
	if !strings.Contains(a.Error, "damaged") || !strings.Contains(a.Error, "default scenario") ||
		strings.Contains(a.Error, "?;") || strings.Count(a.Error, ".") != 1 || !strings.HasSuffix(a.Error, ".") {
		t.Errorf("the damaged link's message %q is not one sentence that says it is damaged and what is shown", a.Error)
	}
	a.q.Worker = w
	a.handle(pageEvent(protocol.Response{Kind: protocol.KindReady}))
	answerRun(t, a, w)
	if len(*set) != 0 || a.Permalink == "" {
		t.Errorf("the default scenario's run set the address to %q (permalink %q); want the damaged link kept", *set, a.Permalink)
	}
	a.Run()
	answerRun(t, a, w)
	if len(*set) != 1 || !strings.HasPrefix((*set)[0], permalinkKey) {
		t.Errorf("the user's run set the address to %q; want its permalink", *set)
	}
}

// otherLink is the fragment of a permalink of the default scenario on a
// graph of pages pages with the seeds given.
func otherLink(t *testing.T, pages int, seeds string) string {
	t.Helper()
	s := defaultScenario()
	s.Graph.Generate.Pages, s.Seeds = pages, seeds
	frag, err := EncodePermalink(s)
	if err != nil {
		t.Fatal(err)
	}
	return frag
}

// TestPastedLinkApplies: a permalink put in the address of the open page
// (a paste into the address bar, Back) is applied as a fresh load would
// apply it: the form, the embed mode and a run; a fragment that holds the
// form's own scenario (the page's own permalink) changes nothing. Before,
// the page did not listen, and only a reload applied the link.
func TestPastedLinkApplies(t *testing.T) {
	a, w := readyApp(t)
	set := addressSet(t)
	a.env = &quietEnv{}
	a.AddressChanged("", "embed&"+otherLink(t, 3000, "random:5"))
	if a.Form.Pages != "3000" || a.Form.Seeds != "random:5" || !a.Embed {
		t.Errorf("after the paste the form has pages %q, seeds %q, embed %v", a.Form.Pages, a.Form.Seeds, a.Embed)
	}
	s := lastRun(w)
	if s == nil || s.Graph.Generate.Pages != 3000 || s.Seeds != "random:5" {
		t.Fatalf("after the paste the worker was last sent %+v", w.sent[len(w.sent)-1])
	}
	answerRun(t, a, w)
	if len(*set) != 1 || !strings.HasPrefix((*set)[0], "embed&"+permalinkKey) {
		t.Errorf("the pasted link's run set the address to %q", *set)
	}
	sent := len(w.sent)
	a.AddressChanged("", (*set)[0])
	a.AddressChanged("", "embed&"+otherLink(t, 3000, "random:5"))
	if len(w.sent) != sent || a.Notice != "" || a.Error != "" {
		t.Errorf("the page's own scenario in the address: sent %+v, notice %q, error %q", w.sent[sent:], a.Notice, a.Error)
	}
}

// TestPastedLinkWaitsForTheRun: a permalink pasted while a comparison runs
// is applied once it ended, and said meanwhile; the run's end does not
// put its own scenario in the address over the pasted link.
func TestPastedLinkWaitsForTheRun(t *testing.T) {
	a, w := readyApp(t)
	set := addressSet(t)
	a.env = &quietEnv{}
	a.Run()
	running := len(w.sent)
	a.AddressChanged("", otherLink(t, 3000, "random:5"))
	if a.Form.Pages == "3000" || len(w.sent) != running || !strings.Contains(a.Notice, "once") {
		t.Errorf("pasted while running: pages %q, sent %d requests more, notice %q", a.Form.Pages, len(w.sent)-running, a.Notice)
	}
	a.Deliver(pageEvent(protocol.Response{ID: w.sent[len(w.sent)-1].ID, Kind: protocol.KindResult, Result: tinyResult(t)}))
	if len(*set) != 0 {
		t.Errorf("the run's end set the address to %q over the pasted link", *set)
	}
	if s := lastRun(w); a.Form.Pages != "3000" || s == nil || s.Graph.Generate.Pages != 3000 {
		t.Fatalf("after the run the form has pages %q and the worker was last sent %+v", a.Form.Pages, w.sent[len(w.sent)-1])
	}
	answerRun(t, a, w)
	if len(*set) != 1 {
		t.Errorf("the pasted link's run set the address to %q", *set)
	}
}

// TestPastedDamagedLink: a damaged permalink pasted is refused with the
// error a load gives, and the form keeps what it holds.
func TestPastedDamagedLink(t *testing.T) {
	const damaged = "s=eJyrVkrOz0nNTc0rSUxXslIqS8wpTtWpTs"
	a, w := readyApp(t)
	a.env = &quietEnv{}
	a.Form.Pages = "1234"
	sent := len(w.sent)
	a.AddressChanged("", damaged)
	atLoad := NewApp("", damaged).Error
	cause := atLoad[:strings.Index(atLoad, ";")]
	if !strings.HasPrefix(a.Error, cause+";") || a.Form.Pages != "1234" || len(w.sent) != sent {
		t.Errorf("the damaged link pasted: error %q (at load: %q), pages %q, %d requests sent", a.Error, atLoad, a.Form.Pages, len(w.sent)-sent)
	}
}

// TestPastedUploadLink: a permalink of an upload pasted asks for its file,
// as at load, and runs nothing.
func TestPastedUploadLink(t *testing.T) {
	a, w := readyApp(t)
	a.env = &quietEnv{}
	sent := len(w.sent)
	a.AddressChanged("", uploadLink(t, "g.edges", ""))
	if a.Form.Source != SourceUpload || a.Notice != uploadNotice("g.edges", "") || len(w.sent) != sent {
		t.Errorf("the upload's link pasted: source %q, notice %q, %d requests sent", a.Form.Source, a.Notice, len(w.sent)-sent)
	}
}
