package workerqueue

import (
	"errors"
	"testing"

	"github.com/crawlsim/crawlsim/wasm/page"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// TestFailedRestartsUntilDead checks the first worker's restarts: a
// failure drops the worker and its requests, and the worker started in
// its place is sent the upload again when asked (once); after
// MaxRestarts failures since the last comparison the next one is the
// last, and the page starts none again.
func TestFailedRestartsUntilDead(t *testing.T) {
	q := New(4)
	if q.Workers != 4 || q.ReadyHelpers != -1 || q.Dead() {
		t.Fatalf("new queue: %+v", q)
	}
	for round := range 2 {
		for i := range MaxRestarts {
			w := &fakeWorker{}
			q.Worker = w
			if reload := q.WorkerReady(); reload != (i > 0) {
				t.Errorf("round %d, worker %d: reload %v", round, i, reload)
			}
			if q.WorkerReady() {
				t.Errorf("round %d, worker %d: reloads twice", round, i)
			}
			run := q.Request(protocol.KindRun)
			if err := q.Start(run, &Pending{}); err != nil {
				t.Fatal(err)
			}
			terr, dead := q.Failed(true)
			if terr != nil || dead || q.Dead() || q.Worker != nil || q.Ready || q.Busy() || w.terminated != 1 {
				t.Fatalf("round %d, failure %d: %v, dead %v, worker %v, busy %v", round, i+1, terr, dead, q.Worker, q.Busy())
			}
		}
		if round == 0 {
			// A comparison drawn: the failures before count no more.
			q.Succeeded()
		}
		q.Worker = &fakeWorker{}
		q.WorkerReady()
	}
	if _, dead := q.Failed(true); !dead || !q.Dead() {
		t.Errorf("failure %d in a row: dead %v", MaxRestarts+1, dead)
	}
}

// TestFailedWithoutReload checks that a worker started after a failure
// when no upload is to be sent again does not reload one.
func TestFailedWithoutReload(t *testing.T) {
	q := New(1)
	q.Worker = &fakeWorker{}
	q.WorkerReady()
	q.Failed(false)
	q.Worker = &fakeWorker{}
	if q.WorkerReady() || !q.Ready {
		t.Error("a worker started again without an upload reloads one")
	}
}

// TestRunWaitsForTheGraph checks the run owed while the first worker
// reads a graph (RunLater, as Run does while the worker loads its upload
// again): the load ends, then the run starts, in that order, once.
func TestRunWaitsForTheGraph(t *testing.T) {
	q := New(1)
	w := &fakeWorker{}
	q.Worker = w
	q.WorkerReady()
	var ran []int64
	runOwed := func() {
		if !q.TakeRun() {
			return
		}
		run := q.Request(protocol.KindRun)
		if err := q.Start(run, &Pending{}); err != nil {
			t.Errorf("the owed run: %v", err)
		}
		ran = append(ran, run.ID)
	}
	load := q.Request(protocol.KindLoad)
	q.ResendReq = load.ID
	if err := q.Start(load, &Pending{Done: func(protocol.Response) { runOwed() }}); err != nil {
		t.Fatal(err)
	}
	if !q.Resending() {
		t.Error("the upload's reload is not seen")
	}
	if err := q.Start(q.Request(protocol.KindRun), &Pending{}); !errors.Is(err, ErrBusy) {
		t.Fatalf("a run during the load: %v", err)
	}
	q.RunLater()
	if !q.RunOwed() || len(w.sent) != 1 {
		t.Fatalf("during the load: owed %v, sent %+v", q.RunOwed(), w.sent)
	}
	q.Deliver(answer(load.ID, protocol.KindGraph))
	if q.Resending() || q.RunOwed() || len(ran) != 1 || len(w.sent) != 2 || w.sent[0].Kind != protocol.KindLoad || w.sent[1].ID != ran[0] {
		t.Errorf("after the load: owed %v, sent %+v", q.RunOwed(), w.sent)
	}
}

// TestDropRun checks that a run owed is forgotten when the graph it
// waited for could not be had.
func TestDropRun(t *testing.T) {
	q := New(1)
	q.RunLater()
	q.DropRun()
	if q.RunOwed() || q.TakeRun() {
		t.Error("a dropped run is still owed")
	}
}

// TestHelperUpload checks which upload the helpers are to hold: the one
// on its way to the first worker, else the one it accepted.
func TestHelperUpload(t *testing.T) {
	q := New(3)
	if u, gen := q.HelperUpload(); u != nil || gen != 0 {
		t.Errorf("no upload: %p, %d", u, gen)
	}
	accepted, sending := &page.Upload{}, &page.Upload{}
	q.Upload, q.UploadGen, q.Uploads = accepted, 1, 1
	if u, gen := q.HelperUpload(); u != accepted || gen != 1 {
		t.Errorf("the accepted upload: %p (%d), want %p", u, gen, accepted)
	}
	q.Sending, q.Uploads = sending, 2
	if u, gen := q.HelperUpload(); u != sending || gen != 2 {
		t.Errorf("an upload on its way: %p (%d), want %p", u, gen, sending)
	}
}

// TestUsableHelpers checks the count of helpers that could join a
// comparison, and finding a helper by its requests.
func TestUsableHelpers(t *testing.T) {
	q := New(4)
	holding := &Helper{Requests: Requests{Worker: &fakeWorker{}, Ready: true}, File: "g.graph"}
	empty := &Helper{Requests: Requests{Worker: &fakeWorker{}, Ready: true}}
	starting := &Helper{Requests: Requests{Worker: &fakeWorker{}}}
	q.Helpers = []*Helper{holding, empty, starting}
	if n := q.UsableHelpers("", ""); n != 2 {
		t.Errorf("a generated graph: %d usable helpers, want 2", n)
	}
	if n := q.UsableHelpers("g.graph", ""); n != 1 {
		t.Errorf("a graph file: %d usable helpers, want 1", n)
	}
	if q.HelperOf(&empty.Requests) != empty || q.HelperOf(&q.Requests) != nil {
		t.Error("HelperOf finds the wrong helper")
	}
}
