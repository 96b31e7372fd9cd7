package main

import (
	"net/url"
	"strconv"

	"github.com/crawlsim/crawlsim/wasm/page"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// The page's workers beside the first (App.q): helpers, which run parts
// of a comparison's strategies in parallel (parallel.go). They start
// once the first comparison is drawn, so that they do not slow it down,
// and hold the same upload as the first worker: the upload's files go to
// every helper, at the upload and to a helper that starts or restarts
// after it. A generated graph needs nothing: every run generates it.

// maxWorkers bounds the page's workers whatever the browser reports.
const maxWorkers = 8

// helperRestarts is how many times a failed helper is started again
// before the page does without it.
const helperRestarts = 3

// helper is a worker beside the page's first one.
type helper struct {
	q requests
	// file and urls name the upload this worker holds, "" when none;
	// loading is the load in flight, and gen the number of the upload
	// it holds or loads (parallelState.uploads; 0 when none).
	file, urls string
	loading    int64
	gen        int
	restarts   int
	// dead is set once it failed too often: the page does without it.
	dead bool
}

// usable reports whether the helper can take a part of a comparison on
// the graph file (with its URL list urls; "" for a generated graph).
func (h *helper) usable(file, urls string) bool {
	return !h.dead && h.q.worker != nil && h.q.ready && !h.q.Busy() && (file == "" || h.file == file && h.urls == urls)
}

// parallelState is what App keeps of its helpers and of the comparisons
// that run in several workers.
type parallelState struct {
	// workers is the most workers a comparison may use: the browser's
	// logical processors, or the page address's ?workers=N.
	workers int
	helpers []*helper
	// par is the comparison in flight in several workers, lastPar the
	// last one finished, whose workers hold its download orders.
	par, lastPar *parallelRun
	// uploadPages and uploadLinks are the uploaded graph's size, for the
	// memory of its copies.
	uploadPages, uploadLinks int64
	// readyHelpers is the last data-ready-helpers set, -1 before any.
	readyHelpers int
	// usedWorkers is the number of workers the last comparison started
	// in (data-workers on the root element).
	usedWorkers int
	// upload is the files of the last upload the first worker accepted,
	// and uploadGen its number: a first worker started again, or that
	// refused a newer upload, is sent them, and so are the helpers unless
	// an upload is on its way to the first worker (helperUpload).
	upload    *page.Upload
	uploadGen int
	// sending is the upload on its way to the first worker, nil when
	// none: the helpers load it at once, beside the first worker, and it
	// becomes upload once the first worker accepted it (uploadAnswered).
	sending *page.Upload
	// uploads counts the uploads taken; the last one's number is
	// sending's, so that a helper's load of an older one is known as
	// such.
	uploads int
	// resendReq is the load of upload sent to the first worker again
	// (resendUpload), 0 before any.
	resendReq int64
	// heldFault is a helper's failure to load the upload on its way to
	// the first worker, said once the first worker accepted it
	// (helperLoadFailed).
	heldFault helperFault
	// lastProgressRender is when a progress last re-rendered the page
	// (page.Now, in milliseconds).
	lastProgressRender float64
}

// workersOf returns the number of workers the page's query asks for
// (?workers=N), or else the browser's logical processors, from 1 to
// maxWorkers.
func workersOf(query string) int {
	q, _ := url.ParseQuery(query)
	n, err := strconv.Atoi(q.Get("workers"))
	if err != nil || n < 1 {
		n = page.Cores()
	}
	return min(max(n, 1), maxWorkers)
}

// ensureHelpers starts the helpers, workers-1 of them, unless they are
// started already.
func (a *App) ensureHelpers() {
	if a.helpers != nil || a.env == nil || a.workers < 2 {
		return
	}
	a.helpers = make([]*helper, a.workers-1)
	for i := range a.helpers {
		a.helpers[i] = &helper{}
		a.startHelper(a.helpers[i])
	}
}

// startHelper starts (or restarts) h's worker.
func (a *App) startHelper(h *helper) {
	w, err := page.StartWorker(workerScript, func(e page.Event) {
		a.env.Lock()
		quiet := a.quietProgress(e)
		a.handleHelper(h, e)
		a.applyWaitingLink()
		if quiet {
			a.env.UnlockOnly()
			return
		}
		a.env.UnlockRender()
	})
	if err != nil {
		h.dead = true
		return
	}
	h.q.worker, h.q.ready, h.file, h.urls, h.loading, h.gen = w, false, "", "", 0, 0
}

// handleHelper applies an event of helper h.
func (a *App) handleHelper(h *helper, e page.Event) {
	switch {
	case e.Failed != nil:
		a.helperFailed(h, e.Failed)
	case e.Response.Kind == protocol.KindReady:
		h.q.ready = true
		a.syncHelpers()
	default:
		h.q.deliver(e)
	}
	a.markHelpers()
}

// helperFailed drops h's worker and starts it again, at most
// helperRestarts times; a comparison it took part in runs again in the
// first worker alone.
func (a *App) helperFailed(h *helper, err error) {
	if pr := a.par; pr != nil && pr.uses(&h.q) {
		a.fallBack(pr, "a second worker failed ("+err.Error()+")")
	}
	if pr := a.lastPar; pr != nil && pr.uses(&h.q) {
		a.lastPar = nil
	}
	_ = h.q.drop()
	h.file, h.urls, h.loading, h.gen = "", "", 0, 0
	if h.restarts++; h.restarts > helperRestarts {
		h.dead = true
		return
	}
	a.startHelper(h)
}

// syncHelpers sends the upload the form names to every ready, idle
// helper that does not hold it.
func (a *App) syncHelpers() {
	if !a.Form.OnFile() || a.Form.File == "" {
		return
	}
	_, gen := a.helperUpload()
	a.loadHelpers(func(h *helper) bool { return h.gen != gen || h.file != a.Form.File || h.urls != a.Form.URLs })
}

// helperUpload returns the upload the helpers are to hold, and its
// number: the one on its way to the first worker, else the one the first
// worker holds.
func (a *App) helperUpload() (*page.Upload, int) {
	if a.sending != nil {
		return a.sending, a.uploads
	}
	return a.upload, a.uploadGen
}

// loadHelpers sends the upload the helpers are to hold (helperUpload) to
// every ready, idle helper that want accepts, as LoadFiles does to the
// first worker.
func (a *App) loadHelpers(want func(*helper) bool) {
	u, gen := a.helperUpload()
	if u == nil {
		return
	}
	for _, h := range a.helpers {
		if h.dead || h.q.worker == nil || !h.q.ready || h.q.Busy() || !want(h) {
			continue
		}
		h.file, h.urls, h.gen = "", "", gen
		req := h.q.request(protocol.KindLoad)
		h.loading = req.ID
		h.q.register(req.ID, &pending{
			done: func(r protocol.Response) {
				h.loading = 0
				if _, now := a.helperUpload(); now != gen {
					// Another upload is to be held now (a newer one, which
					// may have the same name, or the one the first worker
					// kept when it refused this one): the helper takes it
					// when it can.
					h.file, h.urls, h.gen = "", "", 0
					a.loadHelpers(func(x *helper) bool { return x == h })
					return
				}
				h.file, h.urls = r.Graph.Name, r.Graph.URLs
			},
			failed: func(msg string) {
				h.loading, h.gen = 0, 0
				a.helperLoadFailed(gen, msg)
			},
		})
		w := h.q.worker
		go func() {
			if _, err := w.SendUpload(req, u, protocol.DefaultMemoryBudget/2); err != nil {
				a.env.Lock()
				defer a.env.UnlockRender()
				delete(h.q.pending, req.ID)
				h.loading, h.gen = 0, 0
				a.helperLoadFailed(gen, err.Error())
				a.markHelpers()
			}
		}()
	}
}

// helperFault is a helper's failure to load upload number gen, said
// as msg.
type helperFault struct {
	gen int
	msg string
}

// helperLoadFailed takes a helper's failure to load upload number gen:
// the notice that comparisons run in fewer workers is true only of a
// graph the first worker holds. So it is said at once for the upload the
// first worker accepted, held until the first worker answers for the
// upload on its way to it (firstWorkerAnswered), and not said at all for
// an upload the first worker refused or that a newer one replaced: no
// graph was loaded, and the first worker's error says why.
func (a *App) helperLoadFailed(gen int, msg string) {
	switch {
	case a.sending != nil && gen == a.uploads:
		a.heldFault = helperFault{gen: gen, msg: msg}
	case a.upload != nil && gen == a.uploadGen:
		a.Notice = helperLoadNotice(msg)
	}
}

// firstWorkerAnswered takes the first worker's answer to the upload that
// was on its way to it: a helper's failure to load that upload, held
// until then, is said if the first worker accepted it, and forgotten if
// not.
func (a *App) firstWorkerAnswered(accepted bool) {
	f := a.heldFault
	a.heldFault = helperFault{}
	if accepted && f.msg != "" && f.gen == a.uploadGen {
		a.Notice = helperLoadNotice(f.msg)
	}
}

// helperLoadNotice says that a helper could not load the graph the first
// worker holds, for the reason msg.
func helperLoadNotice(msg string) string {
	return "A second worker could not load the graph (" + msg + "); comparisons on it run in fewer workers."
}

// markHelpers tells the page's tests how many helpers could take part in
// a comparison of the form's graph now (data-ready-helpers on the root
// element).
func (a *App) markHelpers() {
	file, urls := "", ""
	if a.Form.OnFile() {
		file, urls = a.Form.File, a.Form.URLs
	}
	n := 0
	for _, h := range a.helpers {
		if h.usable(file, urls) {
			n++
		}
	}
	if n != a.readyHelpers {
		// Only a change touches the document (every helper's progress
		// comes here).
		a.readyHelpers = n
		page.SetRootData("ready-helpers", strconv.Itoa(n))
	}
}

// progressRenderEvery is the least time between two renders of the page
// for a comparison's progress, in milliseconds: each render costs the
// page's thread tens of milliseconds that the workers' cores need.
const progressRenderEvery = 500

// quietProgress reports whether event e is a progress that should not
// re-render the page, one arriving within progressRenderEvery of the
// last render for progress.
func (a *App) quietProgress(e page.Event) bool { return a.quietAt(e, page.Now()) }

// quietAt is quietProgress at time now (page.Now).
func (a *App) quietAt(e page.Event, now float64) bool {
	if e.Failed != nil || e.Response.Kind != protocol.KindProgress {
		return false
	}
	if now-a.lastProgressRender < progressRenderEvery && now >= a.lastProgressRender {
		return true
	}
	a.lastProgressRender = now
	return false
}
