package workerqueue

import (
	"testing"

	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// TestHelperUsable checks when a helper can take a part of a comparison:
// alive, ready, idle, and holding the graph file named (with the same URL
// list) unless the graph is generated.
func TestHelperUsable(t *testing.T) {
	h := &Helper{}
	h.Started(&fakeWorker{})
	if h.Usable("", "") {
		t.Error("a helper not ready yet is usable")
	}
	h.Ready = true
	if !h.Usable("", "") || h.Usable("g.graph", "") {
		t.Error("a ready helper holding no file")
	}
	h.File, h.URLs = "g.graph", "g.urls"
	if !h.Usable("g.graph", "g.urls") || h.Usable("g.graph", "") || h.Usable("h.graph", "g.urls") {
		t.Error("a helper holding g.graph with g.urls")
	}
	if err := h.Start(h.Request(protocol.KindRun), &Pending{}); err != nil {
		t.Fatal(err)
	}
	if h.Usable("", "") {
		t.Error("a busy helper is usable")
	}
	h.Retire()
	if h.Usable("", "") || !h.Dead || h.Worker != nil {
		t.Error("a retired helper is usable")
	}
}

// TestHelperFailedRestartsThenDies checks that a failed helper holds
// nothing, is started again HelperRestarts times, then is given up.
func TestHelperFailedRestartsThenDies(t *testing.T) {
	h := &Helper{}
	for i := range HelperRestarts + 1 {
		w := &fakeWorker{}
		h.Started(w)
		h.Ready, h.File, h.URLs, h.Gen, h.Loading = true, "g.graph", "g.urls", 2, 5
		restart := h.Failed()
		if h.File != "" || h.URLs != "" || h.Gen != 0 || h.Loading != 0 || h.Worker != nil || w.terminated != 1 {
			t.Fatalf("failure %d: the helper still holds %+v", i+1, h)
		}
		if want := i < HelperRestarts; restart != want || h.Dead == want {
			t.Errorf("failure %d: restart %v, dead %v", i+1, restart, h.Dead)
		}
	}
}
