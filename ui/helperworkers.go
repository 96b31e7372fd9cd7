package main

import (
	"net/url"
	"strconv"

	"github.com/crawlsim/crawlsim/ui/workerqueue"
	"github.com/crawlsim/crawlsim/wasm/page"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// The page's workers beside the first (App.q, workerqueue.Helper):
// helpers, which run parts of a comparison's strategies in parallel
// (parallel.go). They start once the first comparison is drawn, so that
// they do not slow it down, and hold the same upload as the first worker:
// the upload's files go to every helper, at the upload and to a helper
// that starts or restarts after it. A generated graph needs nothing:
// every run generates it.

// maxWorkers bounds the page's workers whatever the browser reports.
const maxWorkers = 8

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
	if a.q.Helpers != nil || a.env == nil || a.q.Workers < 2 {
		return
	}
	a.q.Helpers = make([]*workerqueue.Helper, a.q.Workers-1)
	for i := range a.q.Helpers {
		a.q.Helpers[i] = &workerqueue.Helper{}
		a.startHelper(a.q.Helpers[i])
	}
}

// startHelper starts (or restarts) h's worker.
func (a *App) startHelper(h *workerqueue.Helper) {
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
		h.Dead = true
		return
	}
	h.Started(w)
}

// handleHelper applies an event of helper h.
func (a *App) handleHelper(h *workerqueue.Helper, e page.Event) {
	switch {
	case e.Failed != nil:
		a.helperFailed(h, e.Failed)
	case e.Response.Kind == protocol.KindReady:
		h.Ready = true
		a.syncHelpers()
	default:
		h.Deliver(e)
	}
	a.markHelpers()
}

// helperFailed drops h's worker and starts it again, at most
// workerqueue.HelperRestarts times; a comparison it took part in runs again in the
// first worker alone.
func (a *App) helperFailed(h *workerqueue.Helper, err error) {
	if pr := a.q.Par; pr != nil && pr.Uses(&h.Requests) {
		a.fallBack(pr, "a second worker failed ("+err.Error()+")")
	}
	if pr := a.q.LastPar; pr != nil && pr.Uses(&h.Requests) {
		a.q.LastPar = nil
	}
	if h.Failed() {
		a.startHelper(h)
	}
}

// syncHelpers sends the upload the form names to every ready, idle
// helper that does not hold it.
func (a *App) syncHelpers() {
	if !a.Form.OnFile() || a.Form.File == "" {
		return
	}
	_, gen := a.q.HelperUpload()
	a.loadHelpers(func(h *workerqueue.Helper) bool {
		return h.Gen != gen || h.File != a.Form.File || h.URLs != a.Form.URLs
	})
}

// loadHelpers sends the upload the helpers are to hold (workerqueue.Queue.HelperUpload) to
// every ready, idle helper that want accepts, as LoadFiles does to the
// first worker.
func (a *App) loadHelpers(want func(*workerqueue.Helper) bool) {
	u, gen := a.q.HelperUpload()
	if u == nil {
		return
	}
	for _, h := range a.q.Helpers {
		if h.Dead || !h.Idle() || !want(h) {
			continue
		}
		h.File, h.URLs, h.Gen = "", "", gen
		req := h.Request(protocol.KindLoad)
		h.Loading = req.ID
		h.Register(req.ID, &workerqueue.Pending{
			Done: func(r protocol.Response) {
				h.Loading = 0
				if _, now := a.q.HelperUpload(); now != gen {
					// Another upload is to be held now (a newer one, which
					// may have the same name, or the one the first worker
					// kept when it refused this one): the helper takes it
					// when it can.
					h.HoldsNothing()
					a.loadHelpers(func(x *workerqueue.Helper) bool { return x == h })
					return
				}
				h.File, h.URLs = r.Graph.Name, r.Graph.URLs
			},
			Failed: func(msg string) {
				h.Loading, h.Gen = 0, 0
				a.helperLoadFailed(gen, msg)
			},
		})
		w := h.Worker
		go func() {
			if _, err := w.SendUpload(req, u, protocol.DefaultMemoryBudget/2); err != nil {
				a.env.Lock()
				defer a.env.UnlockRender()
				h.Unregister(req.ID)
				h.Loading, h.Gen = 0, 0
				a.helperLoadFailed(gen, err.Error())
				a.markHelpers()
			}
		}()
	}
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
	case a.q.Sending != nil && gen == a.q.Uploads:
		a.q.HeldFault = workerqueue.HelperFault{Gen: gen, Msg: msg}
	case a.q.Upload != nil && gen == a.q.UploadGen:
		a.Notice = helperLoadNotice(msg)
	}
}

// firstWorkerAnswered takes the first worker's answer to the upload that
// was on its way to it: a helper's failure to load that upload, held
// until then, is said if the first worker accepted it, and forgotten if
// not.
func (a *App) firstWorkerAnswered(accepted bool) {
	f := a.q.HeldFault
	a.q.HeldFault = workerqueue.HelperFault{}
	if accepted && f.Msg != "" && f.Gen == a.q.UploadGen {
		a.Notice = helperLoadNotice(f.Msg)
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
	n := a.q.UsableHelpers(file, urls)
	if n != a.q.ReadyHelpers {
		// Only a change touches the document (every helper's progress
		// comes here).
		a.q.ReadyHelpers = n
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
