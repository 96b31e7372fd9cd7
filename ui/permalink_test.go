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
	a.q.worker = w
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
