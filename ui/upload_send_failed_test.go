package main

import (
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/crawlsim/crawlsim/wasm/page"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// errSendFailed is what sendFailingWorker's loads return: the browser
// could not read the files picked.
var errSendFailed = errors.New("g.edges: the browser could not read the file")

// sendFailingWorker is a fakeWorker whose loads fail in the sending
// itself, on the page's goroutine, once release is closed; tried says
// the load was tried.
type sendFailingWorker struct {
	fakeWorker
	tried, release chan struct{}
}

func (w *sendFailingWorker) SendUpload(r protocol.Request, u *page.Upload, maxBytes int64) (protocol.Load, error) {
	w.tried <- struct{}{}
	<-w.release
	return protocol.Load{}, errSendFailed
}

func (w *sendFailingWorker) SendFiles(r protocol.Request, graphInput, urlsInput string, maxBytes int64) (protocol.Load, error) {
	return w.SendUpload(r, nil, maxBytes)
}

// renderEnv is an event environment that says on rendered when a
// goroutine of the page released its lock to render.
type renderEnv struct {
	sync.RWMutex
	rendered chan struct{}
}

func (e *renderEnv) UnlockOnly() { e.Unlock() }
func (e *renderEnv) UnlockRender() {
	e.Unlock()
	e.rendered <- struct{}{}
}

// TestFailedSendAppliesTheWaitingLink: a link pasted while files are
// being sent to the worker waits for the load; when the sending itself
// fails (on its goroutine, before the worker got anything), the worker is
// idle again, so the link is applied and run, and the failure is said
// once, as the page's error (applying the link wiped it, so the load
// failed without a word).
func TestFailedSendAppliesTheWaitingLink(t *testing.T) {
	picked := &page.Upload{}
	pickedFiles(t, &picked)
	env := &renderEnv{rendered: make(chan struct{}, 4)}
	a, w := NewApp("", ""), &sendFailingWorker{tried: make(chan struct{}, 1), release: make(chan struct{})}
	a.env, a.q.Worker = env, w
	a.handle(pageEvent(protocol.Response{Kind: protocol.KindReady}))
	answerRun(t, a, &w.fakeWorker)
	sent := len(w.sent)

	env.Lock()
	a.LoadFiles()
	<-w.tried
	a.AddressChanged("", otherLink(t, 3000, "random:5"))
	if a.Form.Pages == "3000" || !strings.Contains(a.Notice, "once the worker is done") || len(w.sent) != sent {
		t.Errorf("pasted while the files are sent: pages %q, notice %q, %d requests sent", a.Form.Pages, a.Notice, len(w.sent)-sent)
	}
	env.Unlock()

	close(w.release)
	select {
	case <-env.rendered:
	case <-time.After(10 * time.Second):
		t.Fatal("the failed sending never came back to the page")
	}
	env.Lock()
	defer env.Unlock()
	if s := lastRun(&w.fakeWorker); a.Form.Pages != "3000" || s == nil || s.Graph.Generate.Pages != 3000 || !a.Running() {
		t.Errorf("after the failed sending: pages %q, running %v, last request %+v", a.Form.Pages, a.Running(), w.sent[len(w.sent)-1])
	}
	if a.Error != errSendFailed.Error() || a.FormError != "" || a.Notice != "" {
		t.Errorf("the failure is said as error %q, form error %q, notice %q; want it once, as the error", a.Error, a.FormError, a.Notice)
	}
	if a.waitingLink != nil || a.Loading() {
		t.Errorf("after the failed sending: a link still waits (%v), loading %v", a.waitingLink != nil, a.Loading())
	}
}
