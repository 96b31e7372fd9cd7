package main

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/crawlsim/crawlsim/ui/workerqueue"
	"github.com/crawlsim/crawlsim/wasm/page"
	"github.com/crawlsim/crawlsim/wasm/protocol"
	"github.com/crawlsim/crawlsim/wasm/session"
)

// sentUpload returns the next load w was sent.
func sentUpload(t *testing.T, w *fakeWorker) sentFiles {
	t.Helper()
	select {
	case f := <-w.files:
		return f
	case <-time.After(10 * time.Second):
		t.Fatal("the worker was sent no files")
		return sentFiles{}
	}
}

// loadAnswered takes upload u as LoadFiles does and answers its load in the
// first worker w: with the graph name when accepted, else with a refusal,
// after which the first worker reads the upload it accepted before again.
func loadAnswered(t *testing.T, a *App, w *fakeWorker, u *page.Upload, name string, accepted bool) {
	t.Helper()
	a.takeUpload(u)
	f := sentUpload(t, w)
	if f.upload != u {
		t.Fatalf("the first worker was sent upload %p, want %p", f.upload, u)
	}
	r := protocol.Response{ID: f.req.ID, Kind: protocol.KindError, Error: name + ": graph has 9 pages, above the limit of 8"}
	if accepted {
		r = protocol.Response{ID: f.req.ID, Kind: protocol.KindGraph, Graph: &protocol.GraphInfo{Name: name}}
	}
	a.handle(pageEvent(r))
	if !accepted && a.q.Upload != nil {
		// The worker dropped what it held: it is sent the accepted
		// upload again.
		f := sentUpload(t, w)
		if f.upload != a.q.Upload {
			t.Fatalf("after the refusal the first worker was sent %p, want the accepted %p", f.upload, a.q.Upload)
		}
		a.handle(pageEvent(protocol.Response{ID: f.req.ID, Kind: protocol.KindGraph, Graph: &protocol.GraphInfo{Name: a.Form.File}}))
	}
}

// TestRestartSendsTheAcceptedUpload: after a load the first worker
// refused, the form still names the last upload it accepted, and a first
// worker started again after a failure is sent that upload, not the
// refused one.
func TestRestartSendsTheAcceptedUpload(t *testing.T) {
	a, _ := readyApp(t)
	w := &fakeWorker{files: make(chan sentFiles, 1)}
	a.q.Worker = w
	good, bad := &page.Upload{}, &page.Upload{}
	loadAnswered(t, a, w, good, "good.edges", true)
	loadAnswered(t, a, w, bad, "bad.edges", false)
	if a.Form.File != "good.edges" || a.Error == "" {
		t.Fatalf("after the refused load: the form names %q, error %q", a.Form.File, a.Error)
	}
	a.handle(page.Event{Failed: errors.New("out of memory")})
	w2 := &fakeWorker{files: make(chan sentFiles, 1)}
	a.q.Worker = w2
	a.handle(pageEvent(protocol.Response{Kind: protocol.KindReady}))
	if f := sentUpload(t, w2); f.upload != good {
		t.Errorf("the new worker was sent upload %p (the refused one is %p), want the accepted %p", f.upload, bad, good)
	}
}

// sessionFiles is what a test upload holds for a sessionWorker: the load
// (names and sizes) and the files' bytes, in the order of its buffers.
type sessionFiles struct {
	load protocol.Load
	data [][]byte
}

// sessionUploads maps the uploads of the tests (page.Upload is empty
// natively) to their files.
var sessionUploads sync.Map

// newSessionUpload returns an upload of one graph file, name, of the given
// bytes, which a sessionWorker loads as the page's worker does.
func newSessionUpload(t *testing.T, name string, data []byte) *page.Upload {
	t.Helper()
	u := &page.Upload{}
	sessionUploads.Store(u, sessionFiles{load: protocol.Load{Name: name, Sizes: []int64{int64(len(data))}}, data: [][]byte{data}})
	t.Cleanup(func() { sessionUploads.Delete(u) })
	return u
}

// SendUpload loads the files of an upload made by newSessionUpload in the
// session, as the page's worker does, and then, when files is set, says
// so there (the page calls it on a goroutine of its own: the test waits
// there before it takes the answers). Other uploads are recorded as a
// fakeWorker records them.
func (w *sessionWorker) SendUpload(r protocol.Request, u *page.Upload, maxBytes int64) (protocol.Load, error) {
	v, ok := sessionUploads.Load(u)
	if !ok {
		return w.fakeWorker.SendUpload(r, u, maxBytes)
	}
	f := v.(sessionFiles)
	load := f.load
	r.Load = &load
	var buffers []session.Buffer
	for _, d := range f.data {
		buffers = append(buffers, session.Bytes(d))
	}
	w.sent = append(w.sent, r)
	w.out = append(w.out, w.s.Handle(r, buffers)...)
	if w.files != nil {
		w.files <- sentFiles{req: r, upload: u}
	}
	return load, nil
}

// ringEdges is an edge list of n pages, each linking to the next two.
func ringEdges(n int) []byte {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "%d %d\n%d %d\n", i, (i+1)%n, i, (i+2)%n)
	}
	return []byte(b.String())
}

// TestRefusedLoadKeepsTheAcceptedUpload: the worker drops the upload it
// holds before it reads a new one, so after it refused one the page sends
// it the upload it accepted before again (the form and the helpers name
// that one); a Run pressed meanwhile waits for it, and then runs on it in
// the first worker and a helper that hold the same upload (before, the
// run failed with "g.edges: no such file here; upload it").
func TestRefusedLoadKeepsTheAcceptedUpload(t *testing.T) {
	// The file inputs hold nothing: Run runs on the upload taken.
	var none *page.Upload
	pickedFiles(t, &none)
	w, hw := newSessionWorker(), newSessionWorker()
	w.files, hw.files = make(chan sentFiles, 1), make(chan sentFiles, 1)
	a := parallelApp(t, w, hw)
	a.FirstComparison = 1
	h := a.q.Helpers[0]
	good := newSessionUpload(t, "g.edges", ringEdges(60))
	bad := newSessionUpload(t, "bad.edges", []byte("0 1\nnot an edge\n"))
	answer := func(u *page.Upload) {
		t.Helper()
		if f := sentUpload(t, &w.fakeWorker); f.upload != u {
			t.Fatalf("the first worker was sent %p, want %p", f.upload, u)
		}
		for _, r := range w.take() {
			a.handle(pageEvent(r))
		}
	}
	answerHelper := func(u *page.Upload) {
		t.Helper()
		if f := sentUpload(t, &hw.fakeWorker); f.upload != u {
			t.Fatalf("the helper was sent %p, want %p", f.upload, u)
		}
		for _, r := range hw.take() {
			a.handleHelper(h, pageEvent(r))
		}
	}
	a.takeUpload(good)
	answer(good)
	answerHelper(good)
	if a.Error != "" || a.Form.File != "g.edges" || h.File != "g.edges" {
		t.Fatalf("after the good load: error %q, form %q, helper %q", a.Error, a.Form.File, h.File)
	}
	a.takeUpload(bad)
	answerHelper(bad)
	answer(bad)
	if !strings.Contains(a.Error, "bad.edges") || a.Form.File != "g.edges" {
		t.Fatalf("after the refused load: error %q, form %q", a.Error, a.Form.File)
	}
	refusal := a.Error
	// A Run pressed before the first worker read the accepted upload
	// again waits for it.
	a.Run()
	if a.FormError != "" || a.Running() {
		t.Fatalf("a Run during the reload: form error %q, running %v", a.FormError, a.Running())
	}
	answerHelper(good)
	answer(good)
	if !strings.Contains(a.Error, refusal) && a.Error != "" {
		t.Errorf("the error became %q", a.Error)
	}
	if h.File != a.Form.File || a.Form.File != "g.edges" {
		t.Errorf("the helper holds %q, the form names %q", h.File, a.Form.File)
	}
	if !a.Running() || a.q.UsedWorkers != 2 {
		t.Fatalf("after the reload: running %v, workers %d, error %q, form error %q", a.Running(), a.q.UsedWorkers, a.Error, a.FormError)
	}
	for i := 0; i < 10 && a.Running(); i++ {
		for _, r := range hw.take() {
			a.handleHelper(h, pageEvent(r))
		}
		for _, r := range w.take() {
			a.handle(pageEvent(r))
		}
	}
	if a.Running() || a.Error != "" || a.Result == nil || a.Result.Graph.SourceName != "g.edges" {
		t.Fatalf("the run: running %v, error %q, result %v", a.Running(), a.Error, a.Result != nil)
	}
}

// TestLostLoadLateHelperGetsTheAccepted: when the first worker fails while
// an upload is on its way to it, that upload was not accepted: the worker
// started again is sent the one accepted before, and so is a helper that
// starts after.
func TestLostLoadLateHelperGetsTheAccepted(t *testing.T) {
	a, w, hw := uploadApp(t)
	a.q.Workers = 3
	late := &workerqueue.Helper{Requests: workerqueue.Requests{Worker: &fakeWorker{files: make(chan sentFiles, 1)}}}
	a.q.Helpers = append(a.q.Helpers, late)
	good, bad := &page.Upload{}, &page.Upload{}
	loadAnswered(t, a, w, good, "good.edges", true)
	f := sentUpload(t, hw)
	a.handleHelper(a.q.Helpers[0], pageEvent(protocol.Response{ID: f.req.ID, Kind: protocol.KindGraph, Graph: &protocol.GraphInfo{Name: "good.edges"}}))
	a.takeUpload(bad)
	sentUpload(t, w)
	sentUpload(t, hw)
	a.handle(page.Event{Failed: errors.New("out of memory")})
	w2 := &fakeWorker{files: make(chan sentFiles, 1)}
	a.q.Worker = w2
	a.handle(pageEvent(protocol.Response{Kind: protocol.KindReady}))
	f = sentUpload(t, w2)
	if f.upload != good {
		t.Fatalf("the new first worker was sent %p, want the accepted %p", f.upload, good)
	}
	a.handle(pageEvent(protocol.Response{ID: f.req.ID, Kind: protocol.KindGraph, Graph: &protocol.GraphInfo{Name: "good.edges"}}))
	a.handleHelper(late, pageEvent(protocol.Response{Kind: protocol.KindReady}))
	if f := sentUpload(t, late.Worker.(*fakeWorker)); f.upload != good {
		t.Errorf("a helper that started after the lost load was sent %p (the lost one is %p), want the accepted %p", f.upload, bad, good)
	}
}

// TestHelperThatReadTheRefusedUploadFirst: a helper that read an upload
// before the first worker refused it is then sent the upload the first
// worker accepted before, and holds no file meanwhile.
func TestHelperThatReadTheRefusedUploadFirst(t *testing.T) {
	a, w, hw := uploadApp(t)
	h := a.q.Helpers[0]
	good, bad := &page.Upload{}, &page.Upload{}
	loadAnswered(t, a, w, good, "good.edges", true)
	f := sentUpload(t, hw)
	a.handleHelper(h, pageEvent(protocol.Response{ID: f.req.ID, Kind: protocol.KindGraph, Graph: &protocol.GraphInfo{Name: "good.edges"}}))
	a.takeUpload(bad)
	fw := sentUpload(t, w)
	f = sentUpload(t, hw)
	if f.upload != bad {
		t.Fatalf("the helper was sent %p, want the new upload %p", f.upload, bad)
	}
	a.handleHelper(h, pageEvent(protocol.Response{ID: f.req.ID, Kind: protocol.KindGraph, Graph: &protocol.GraphInfo{Name: "bad.edges"}}))
	a.handle(pageEvent(protocol.Response{ID: fw.req.ID, Kind: protocol.KindError, Error: "bad.edges: graph has 9 pages, above the limit of 8"}))
	if h.File == "bad.edges" {
		t.Errorf("the helper still holds the refused upload")
	}
	if f := sentUpload(t, hw); f.upload != good {
		t.Errorf("the helper that read the refused upload was sent %p, want the accepted %p", f.upload, good)
	}
}

// TestHelpersDropARefusedFirstUpload: when the first worker refuses the
// page's first upload, it holds none, and neither does a helper that read
// it: a permalink that names its file finds no helper to run on it.
func TestHelpersDropARefusedFirstUpload(t *testing.T) {
	a, w, hw := uploadApp(t)
	h := a.q.Helpers[0]
	bad := &page.Upload{}
	a.takeUpload(bad)
	fw := sentUpload(t, w)
	f := sentUpload(t, hw)
	a.handleHelper(h, pageEvent(protocol.Response{ID: f.req.ID, Kind: protocol.KindGraph, Graph: &protocol.GraphInfo{Name: "bad.edges"}}))
	a.handle(pageEvent(protocol.Response{ID: fw.req.ID, Kind: protocol.KindError, Error: "bad.edges: graph has 9 pages, above the limit of 8"}))
	a.Form.Source, a.Form.File = SourceUpload, "bad.edges"
	a.markHelpers()
	if h.Usable("bad.edges", "") || a.q.ReadyHelpers != 0 {
		t.Errorf("a helper holding the refused upload counts: usable %v, ready helpers %d", h.Usable("bad.edges", ""), a.q.ReadyHelpers)
	}
}

// TestNoUploadTakenLoadsNoHelper: when Load could take no upload from the
// inputs, neither the first worker nor the helpers are sent anything,
// the current upload included.
func TestNoUploadTakenLoadsNoHelper(t *testing.T) {
	var picked *page.Upload
	pickedFiles(t, &picked)
	a, w, hw := uploadApp(t)
	h := a.q.Helpers[0]
	good := &page.Upload{}
	loadAnswered(t, a, w, good, "good.edges", true)
	f := sentUpload(t, hw)
	a.handleHelper(h, pageEvent(protocol.Response{ID: f.req.ID, Kind: protocol.KindGraph, Graph: &protocol.GraphInfo{Name: "good.edges"}}))
	uploads, graphReq := a.q.Uploads, a.q.GraphReq
	a.LoadFiles()
	if h.Loading != 0 || h.File != "good.edges" {
		t.Errorf("after an upload that could not be taken the helper loads %d, holds %q", h.Loading, h.File)
	}
	if a.q.Uploads != uploads || a.q.GraphReq != graphReq || a.q.Sending != nil {
		t.Errorf("after an upload that could not be taken the first worker was sent one: uploads %d (were %d), graph request %d (was %d), sending %p",
			a.q.Uploads, uploads, a.q.GraphReq, graphReq, a.q.Sending)
	}
}

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

// TestLoadRefusalShownByTheLoadButton: a file refused after Load is said
// in the Graph panel, by the button pressed (PanelError), not in the
// banner over the page, which on a phone is a screen or more above it;
// the same file refused on its way to a Run (loadPickedFirst) is said in
// the banner, over the Run button pressed. The form keeps its scenario.
func TestLoadRefusalShownByTheLoadButton(t *testing.T) {
	var picked *page.Upload
	pickedFiles(t, &picked)
	a, _ := readyApp(t)
	w := &fakeWorker{files: make(chan sentFiles, 1)}
	a.q.Worker = w
	a.Form.Seeds = "top-pagerank:33"
	refuse := func() {
		t.Helper()
		f := sentUpload(t, w)
		a.handle(pageEvent(protocol.Response{ID: f.req.ID, Kind: protocol.KindError, Error: "junk.edges:1: NUL byte in column 35 (byte 34): binary data, not text"}))
	}
	a.Form.Source = SourceUpload
	picked = &page.Upload{}
	a.LoadFiles()
	refuse()
	if got := a.PanelError(); !strings.Contains(got, "junk.edges") {
		t.Errorf("after Load the Graph panel says %q; want the refusal naming the file", got)
	}
	if got := a.BannerError(); got != "" {
		t.Errorf("after Load the banner says %q as well", got)
	}
	if a.Form.Seeds != "top-pagerank:33" || a.Form.Source != SourceUpload {
		t.Errorf("after the refusal the form holds seeds %q, source %q", a.Form.Seeds, a.Form.Source)
	}
	a.Embed = true
	if a.PanelError() != "" || a.BannerError() == "" {
		t.Errorf("in embed mode, which has no Graph panel: panel %q, banner %q", a.PanelError(), a.BannerError())
	}
	a.Embed = false
	// Picked anew, then Run: the refusal is Run's.
	picked = &page.Upload{}
	a.Run()
	refuse()
	if got := a.BannerError(); !strings.Contains(got, "junk.edges") {
		t.Errorf("after Run the banner says %q; want the refusal naming the file", got)
	}
	if got := a.PanelError(); got != "" {
		t.Errorf("after Run the Graph panel says %q as well", got)
	}
}

// TestGenerateRefusalShownByTheGenerateButton: fields Generate refuses
// are said in the Graph panel, by the button pressed, not in the run bar
// a screen or more above it on a phone; the same fields refused by Run
// are said in the run bar, by Run.
func TestGenerateRefusalShownByTheGenerateButton(t *testing.T) {
	a, _ := readyApp(t)
	a.Form.Pages = "0"
	a.Generate()
	if got := a.PanelError(); !strings.Contains(got, "pages") {
		t.Errorf("after Generate the Graph panel says %q; want the refusal of pages", got)
	}
	if got := a.RunBarFormError(); got != "" {
		t.Errorf("after Generate the run bar says %q as well", got)
	}
	a.Run()
	if got := a.RunBarFormError(); !strings.Contains(got, "pages") {
		t.Errorf("after Run the run bar says %q; want the refusal of pages", got)
	}
	if got := a.PanelError(); got != "" {
		t.Errorf("after Run the Graph panel says %q as well", got)
	}
}

// TestFactsCarryTheLoadsWarnings: what the worker warned of when it read
// the uploaded file (an id that turned integer ids into labels) is a row
// of the graph's facts, shown from the load on, not only after a Run.
func TestFactsCarryTheLoadsWarnings(t *testing.T) {
	const odd = `typo.edges:3: page id "x" is not a decimal integer`
	facts := graphFacts(&protocol.GraphInfo{Name: "typo.edges", Warnings: []string{odd}}, nil)
	if last := facts[len(facts)-1]; last != [2]string{"warning", odd} {
		t.Errorf("the facts end with %q, want the warning", last)
	}
	for _, f := range graphFacts(&protocol.GraphInfo{Name: "clean.edges"}, nil) {
		if f[0] == "warning" {
			t.Errorf("a graph read without a warning has the fact %q", f)
		}
	}
}

// TestLoadShowsWhyTheInputsCannotBeRead: Load whose inputs cannot be
// read (no input on the page, a property the browser refused) says why
// as it is, in the Graph panel by the button, and sends nothing; only no
// graph file chosen (page.ErrNoGraphFile) is refused in Run's words.
func TestLoadShowsWhyTheInputsCannotBeRead(t *testing.T) {
	pickFails(t, errNoInput)
	a, _ := uploadFormApp(t)
	noLoadSent := loadsSentSince(t, a)
	a.LoadFiles()
	if a.PanelError() != errNoInput.Error() || a.FormError != "" || a.BannerError() != "" {
		t.Errorf("Load with inputs it cannot read: panel %q, form error %q, banner %q; want the panel to say %q",
			a.PanelError(), a.FormError, a.BannerError(), errNoInput)
	}
	noLoadSent("Load with inputs it cannot read")
}

// uploadFormApp returns readyApp with the form on an upload and a fake
// worker that records the files sent to it.
func uploadFormApp(t *testing.T) (*App, *fakeWorker) {
	t.Helper()
	a, _ := readyApp(t)
	w := &fakeWorker{files: make(chan sentFiles, 1)}
	a.q.Worker = w
	a.Form.Source = SourceUpload
	return a, w
}

// loadsSentSince returns a check that a's queue took no load since the
// call. A load is taken and registered before LoadFiles returns
// (takeUpload, sendUpload); only its sending runs on a goroutine, so
// the check needs no wait.
func loadsSentSince(t *testing.T, a *App) func(what string) {
	uploads, graphReq := a.q.Uploads, a.q.GraphReq
	return func(what string) {
		t.Helper()
		if a.q.Uploads != uploads || a.q.GraphReq != graphReq || a.q.Sending != nil || a.Loading() {
			t.Errorf("%s sent the worker a load: uploads %d (were %d), graph request %d (was %d), loading %v",
				what, a.q.Uploads, uploads, a.q.GraphReq, graphReq, a.Loading())
		}
	}
}

// TestLoadWithoutAFileSaysWhatRunSays: Load with no graph file chosen
// refuses in the words of Run's refusal in the same state (noGraphFile),
// in the Graph panel by the button pressed, and sends the worker
// nothing.
func TestLoadWithoutAFileSaysWhatRunSays(t *testing.T) {
	var picked *page.Upload
	pickedFiles(t, &picked)
	a, w := uploadFormApp(t)
	noLoadSent := loadsSentSince(t, a)
	a.LoadFiles()
	load := a.PanelError()
	noLoadSent("Load with no file")
	if a.RunBarFormError() != "" || a.BannerError() != "" {
		t.Errorf("Load's refusal is in the run bar (%q) or the banner (%q) too", a.RunBarFormError(), a.BannerError())
	}
	a.Run()
	run := a.RunBarFormError()
	if load == "" || load != run || !strings.Contains(run, noGraphFile) {
		t.Errorf("with no graph file Load says %q, Run %q; want the same words, %q", load, run, noGraphFile)
	}
	if len(w.sent) != 0 {
		t.Errorf("Run with no file sent the worker %+v", w.sent)
	}
}
