package main

import (
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// faultMsg is an error the engine gives for the scenario (seeds
// host-roots on a graph without hosts), which every worker gives.
const faultMsg = "seeds host-roots: the graph has no hosts (give a URL list)"

// TestHelperRefusalForTheScenarioKeepsTheHelper: a helper's part refused
// for the scenario (Response.ScenarioFault) fails the comparison as the
// first worker's refusal would: the error is said once, over the page;
// the first worker's part is cancelled, not run again alone (it would
// give the same error), no notice says a second worker failed, and the
// helper is kept for the next comparison. Before, the helper was
// retired (terminated, never replaced) and the comparison ran again in
// one worker to fail the same way.
func TestHelperRefusalForTheScenarioKeepsTheHelper(t *testing.T) {
	w, hw := &fakeWorker{}, &fakeWorker{}
	a := parallelApp(t, w, hw)
	a.Run()
	first, second := lastSent(t, w), lastSent(t, hw)
	if a.q.UsedWorkers != 2 {
		t.Fatalf("ran in %d workers", a.q.UsedWorkers)
	}
	a.handleHelper(a.q.Helpers[0], pageEvent(protocol.Response{ID: second.ID, Kind: protocol.KindError, Error: faultMsg, ScenarioFault: true}))
	if c := lastSent(t, w); c.Kind != protocol.KindCancel || c.Target != first.ID {
		t.Errorf("the first worker was sent %+v, want the cancel of its part", c)
	}
	if h := a.q.Helpers[0]; h.Dead || h.Worker == nil {
		t.Errorf("the helper was retired (dead %v, worker %v)", h.Dead, h.Worker)
	}
	if a.Running() || a.Error != faultMsg || a.Notice != "" {
		t.Errorf("running %v, error %q, notice %q", a.Running(), a.Error, a.Notice)
	}
	// The first worker's answer to its cancelled part is not heard.
	a.handle(pageEvent(protocol.Response{ID: first.ID, Kind: protocol.KindCancelled}))
	if a.cancelled || a.Error != faultMsg {
		t.Errorf("the cancelled part's answer: cancelled %v, error %q", a.cancelled, a.Error)
	}
	checkFailureSaidOnce(t, a)
	a.Run()
	if a.q.UsedWorkers != 2 {
		t.Errorf("the next comparison ran in %d workers, want 2", a.q.UsedWorkers)
	}
}

// TestHelperFailureOfItsOwnRetiresIt: a helper's error that is not the
// scenario's (its memory, a file it lost) still costs the page that
// helper and runs the comparison again in the first worker alone.
func TestHelperFailureOfItsOwnRetiresIt(t *testing.T) {
	w, hw := &fakeWorker{}, &fakeWorker{}
	a := parallelApp(t, w, hw)
	a.Run()
	second := lastSent(t, hw)
	a.handleHelper(a.q.Helpers[0], pageEvent(protocol.Response{ID: second.ID, Kind: protocol.KindError, Error: "g.edges: no such file here"}))
	if !a.q.Helpers[0].Dead || !a.Running() || a.q.UsedWorkers != 1 || !strings.Contains(a.Notice, "runs in one worker") {
		t.Errorf("dead %v, running %v, workers %d, notice %q", a.q.Helpers[0].Dead, a.Running(), a.q.UsedWorkers, a.Notice)
	}
}

// TestRunFailureSaidOnce: when the worker's error says why a comparison
// stopped (an alert over the page), the aria-live region no longer says
// "Running the comparison…" and the run bar does not add that the last
// run did not finish, whether one worker ran it or the first of two.
func TestRunFailureSaidOnce(t *testing.T) {
	for _, workers := range []int{1, 2} {
		w, hw := &fakeWorker{}, &fakeWorker{}
		a := parallelApp(t, w, hw)
		if workers == 1 {
			a.q.Helpers = nil
		}
		a.Run()
		if a.q.UsedWorkers != workers {
			t.Fatalf("ran in %d workers, want %d", a.q.UsedWorkers, workers)
		}
		first := lastSent(t, w)
		a.handle(pageEvent(protocol.Response{ID: first.ID, Kind: protocol.KindError, Error: faultMsg, ScenarioFault: true}))
		if a.Running() || a.Error != faultMsg {
			t.Errorf("%d workers: running %v, error %q", workers, a.Running(), a.Error)
		}
		checkFailureSaidOnce(t, a)

		// A failure of the worker's own (not the scenario's) leaves
		// the result marked as left by a run that did not finish, but
		// the live region no longer says a run is going.
		a.Error = ""
		a.Run()
		again := lastSent(t, w)
		a.handle(pageEvent(protocol.Response{ID: again.ID, Kind: protocol.KindError, Error: "out of memory"}))
		if a.Error != "out of memory" || a.Announce != "" || !strings.Contains(a.StaleNote(), "did not finish") {
			t.Errorf("%d workers, the worker's own failure: error %q, said %q, note %q", workers, a.Error, a.Announce, a.StaleNote())
		}
	}
}

// checkFailureSaidOnce checks that a comparison's failure is said by the
// error alone: not by the live region, nor by the run bar's note.
func checkFailureSaidOnce(t *testing.T, a *App) {
	t.Helper()
	if a.Announce != "" {
		t.Errorf("the aria-live region says %q after the failure", a.Announce)
	}
	if a.Stale() || a.StaleNote() != "" {
		t.Errorf("the run bar says %q after the failure the page shows", a.StaleNote())
	}
}
