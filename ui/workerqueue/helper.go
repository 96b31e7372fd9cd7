package workerqueue

// HelperRestarts is how many times a failed helper is started again
// before the page does without it.
const HelperRestarts = 3

// Helper is a worker beside the page's first one, which runs parts of a
// comparison's strategies in parallel, and the upload it holds: the
// upload's files go to every helper, at the upload and to a helper that
// starts or restarts after it. A generated graph needs nothing: every run
// generates it.
type Helper struct {
	Requests
	// File and URLs name the upload this worker holds, "" when none;
	// Loading is the load in flight, and Gen the number of the upload it
	// holds or loads (Queue.Uploads; 0 when none).
	File, URLs string
	Loading    int64
	Gen        int
	restarts   int
	// Dead is set once it failed too often, or failed on its own in a
	// comparison: the page does without it.
	Dead bool
}

// Usable reports whether the helper can take a part of a comparison on
// the graph file (with its URL list urls; "" for a generated graph).
func (h *Helper) Usable(file, urls string) bool {
	return !h.Dead && h.Idle() && (file == "" || h.File == file && h.URLs == urls)
}

// Started takes the helper's worker w, started or started again: it is
// not ready yet and holds no upload.
func (h *Helper) Started(w Worker) {
	h.Worker, h.Ready = w, false
	h.HoldsNothing()
	h.Loading = 0
}

// HoldsNothing says the helper holds no upload.
func (h *Helper) HoldsNothing() { h.File, h.URLs, h.Gen = "", "", 0 }

// Failed drops the helper's worker, which failed, and reports whether it
// is to be started again: at most HelperRestarts times, then it is Dead.
func (h *Helper) Failed() (restart bool) {
	_ = h.Drop()
	h.HoldsNothing()
	h.Loading = 0
	if h.restarts++; h.restarts > HelperRestarts {
		h.Dead = true
		return false
	}
	return true
}

// Retire stops the helper: the page does without it from now on.
func (h *Helper) Retire() {
	h.Dead = true
	_ = h.Drop()
}
