// Package workerqueue is the page's side of its web workers: the requests
// sent to each worker and the handlers of their answers, the first
// worker's restarts, the work that waits for it, and the helpers, workers
// beside the first that run parts of a comparison in parallel, with the
// uploads each holds.
//
// It is plain Go: it reaches the workers through the Worker interface
// (wasm/page's Worker in the browser, a fake in the tests) and never
// touches JavaScript. Everything happens under the page's event lock; the
// package takes no lock of its own.
package workerqueue

import "github.com/crawlsim/crawlsim/wasm/page"

// MaxRestarts is how many times in a row the first worker is started
// again after a failure before the page gives up on it (Dead).
const MaxRestarts = 3

// Queue is the page's workers and the requests in flight in them: the
// first worker, which does the panels' requests and comparisons alone,
// and the helpers, which join it in comparisons.
type Queue struct {
	// Requests are the first worker's.
	Requests
	// RunReq is the comparison in flight in the first worker (the merge,
	// in a parallel one); ResultReq the run that gave the result shown,
	// whose download orders the worker may still hold.
	RunReq, ResultReq int64
	// GraphReq is the load or generate in flight, GraphKind its kind:
	// protocol.KindLoad or KindGenerate.
	GraphReq  int64
	GraphKind string
	// runWhenReady is set while a run is owed (RunLater), loadWhenReady
	// while a restarted first worker is to be sent the upload again.
	runWhenReady, loadWhenReady bool
	// restarts counts the first worker's failures since its last
	// comparison; dead is set once they exceed MaxRestarts.
	restarts int
	dead     bool

	// Workers is the most workers a comparison may use: the browser's
	// logical processors, or the page address's ?workers=N.
	Workers int
	Helpers []*Helper
	// Par is the comparison in flight in several workers, LastPar the
	// last one finished, whose workers hold its download orders.
	Par, LastPar *Parallel
	// ReadyHelpers is the last number of usable helpers the page was
	// told (data-ready-helpers), -1 before any; UsedWorkers the number of
	// workers the last comparison started in (data-workers).
	ReadyHelpers int
	UsedWorkers  int

	// UploadPages and UploadLinks are the uploaded graph's size, for the
	// memory of its copies.
	UploadPages, UploadLinks int64
	// Upload is the files of the last upload the first worker accepted,
	// and UploadGen its number: a first worker started again, or that
	// refused a newer upload, is sent them, and so are the helpers unless
	// an upload is on its way to the first worker (HelperUpload).
	Upload    *page.Upload
	UploadGen int
	// Sending is the upload on its way to the first worker, nil when
	// none: the helpers load it at once, beside the first worker, and it
	// becomes Upload once the first worker accepted it.
	Sending *page.Upload
	// Uploads counts the uploads taken; the last one's number is
	// Sending's, so that a helper's load of an older one is known as
	// such.
	Uploads int
	// ResendReq is the load of Upload sent to the first worker again,
	// 0 before any.
	ResendReq int64
	// HeldFault is a helper's failure to load the upload on its way to
	// the first worker, said once the first worker accepted it.
	HeldFault HelperFault
}

// HelperFault is a helper's failure to load upload number Gen, said as
// Msg.
type HelperFault struct {
	Gen int
	Msg string
}

// New returns the queue of a page that may use up to workers workers in
// a comparison, no worker started yet.
func New(workers int) Queue { return Queue{Workers: workers, ReadyHelpers: -1} }

// RunLater owes a run: the page runs once the first worker is ready, or
// holds the graph the run needs (TakeRun).
func (q *Queue) RunLater() { q.runWhenReady = true }

// DropRun forgets the run owed, if any (its graph could not be had).
func (q *Queue) DropRun() { q.runWhenReady = false }

// RunOwed reports whether a run is owed.
func (q *Queue) RunOwed() bool { return q.runWhenReady }

// TakeRun reports whether a run is owed, and forgets it: the caller runs.
func (q *Queue) TakeRun() bool {
	owed := q.runWhenReady
	q.runWhenReady = false
	return owed
}

// WorkerReady takes the first worker's readiness and reports whether it
// is to be sent the upload again, once: a worker started after a failure
// (Failed with reload).
func (q *Queue) WorkerReady() (reload bool) {
	q.Ready = true
	reload = q.loadWhenReady
	q.loadWhenReady = false
	return reload
}

// Failed drops the first worker, which failed, with every pending
// request, and counts the failure: after more than MaxRestarts failures
// since the last comparison it reports dead, and the page starts no
// worker again; before, the caller starts a new one, which Ready says is
// to be sent the upload again when reload is set. terr is the error of
// terminating the failed worker.
func (q *Queue) Failed(reload bool) (terr error, dead bool) {
	terr = q.Drop()
	if q.restarts++; q.restarts > MaxRestarts {
		q.dead = true
		return terr, true
	}
	q.loadWhenReady = reload
	return terr, false
}

// Dead reports whether the first worker failed too often: the page then
// only says so.
func (q *Queue) Dead() bool { return q.dead }

// Succeeded takes a comparison's result: the worker's failures before it
// count no more.
func (q *Queue) Succeeded() { q.restarts = 0 }

// Resending reports whether the first worker is loading the upload it
// accepted last again (ResendReq).
func (q *Queue) Resending() bool { return q.Has(q.ResendReq) }

// HelperUpload returns the upload the helpers are to hold, and its
// number: the one on its way to the first worker, else the one the first
// worker holds.
func (q *Queue) HelperUpload() (*page.Upload, int) {
	if q.Sending != nil {
		return q.Sending, q.Uploads
	}
	return q.Upload, q.UploadGen
}

// UsableHelpers counts the helpers that could take a part of a
// comparison on the graph file (Helper.Usable) now.
func (q *Queue) UsableHelpers(file, urls string) int {
	n := 0
	for _, h := range q.Helpers {
		if h.Usable(file, urls) {
			n++
		}
	}
	return n
}

// HelperOf returns the helper whose requests are r, nil when none is
// (r is the first worker's).
func (q *Queue) HelperOf(r *Requests) *Helper {
	for _, h := range q.Helpers {
		if &h.Requests == r {
			return h
		}
	}
	return nil
}
