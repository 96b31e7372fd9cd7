package main

import (
	"errors"

	"github.com/crawlsim/crawlsim/wasm/page"
)

// pickUpload takes the files picked in the page's file inputs
// (page.PickUpload); the tests replace it, since natively there are none.
var pickUpload = page.PickUpload

// loadPickedFirst loads the files picked in the file inputs before a run
// on an upload, when they are not those taken last (by Load or by an
// earlier Run): the run then waits for the load (workerqueue.Queue.RunLater), and
// starts once the worker read them, on them. So a permalink of an upload
// works as its notice says (choose the file, then Run), and so does any
// Run after a pick without Load. It reports whether Run stops here: the
// run waits for the load, or the inputs could not be read, which the
// page's error says as it is.
func (a *App) loadPickedFirst() bool {
	if a.Form.Source != SourceUpload || a.q.Dead() {
		return false
	}
	u, err := pickUpload(graphInputID, urlsInputID)
	switch {
	case errors.Is(err, page.ErrNoGraphFile), err == nil && u.SameFiles(a.picked):
		// Nothing new picked: the run is on the file loaded, or the form
		// says that none is (noGraphFile).
		return false
	case err != nil:
		a.Error = err.Error()
		return true
	}
	a.loadThenRun(u)
	return true
}

// loadThenRun sends the upload u to the workers, then runs once the
// first worker read it (workerqueue.Queue.RunLater): Run on files just picked
// (loadPickedFirst) or on a graph of the site just downloaded
// (loadSiteFirst). A first worker not ready yet, or loading the upload
// it accepted last again, is waited for: Run comes back then, and finds
// the files still to load. A busy worker is not: the form says to press
// Run again.
func (a *App) loadThenRun(u *page.Upload) {
	switch {
	case a.q.Worker == nil || !a.q.Ready || a.q.Resending():
		a.q.RunLater()
	case a.WorkerBusy():
		a.FormError = "The worker is still busy; press Run once it is done."
	default:
		a.takeUpload(u)
		a.q.RunLater()
	}
}
