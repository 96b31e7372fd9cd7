package session

import (
	"testing"
	"time"

	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// TestRunUsesTheUploadedGraph checks that a run on the upload takes the
// graph read when it arrived, not its files again: with the kept bytes
// spoilt after the load, the run still gives the result of the upload,
// while a run that reads the file in another format reads the spoilt
// bytes and fails.
func TestRunUsesTheUploadedGraph(t *testing.T) {
	graph := []byte("0 1\n1 2\n2 0\n0 3\n3 4\n4 0\n5 6\n6 5\n2 7\n7 8\n8 1\n")
	run := func(s *Session, format string) protocol.Response {
		sc := scenario.Scenario{Graph: scenario.Source{File: "g.edges", Format: format}, Seeds: "top-pagerank:2",
			Strategies: []scenario.Strategy{{ID: "bfs"}, {ID: "opic"}}}
		req := request(2, protocol.KindRun)
		req.Scenario = &sc
		out := append(s.Handle(req, nil), finish(t, s)...)
		return out[len(out)-1]
	}
	load := request(1, protocol.KindLoad)
	load.Load = &protocol.Load{Name: "g.edges", Sizes: []int64{int64(len(graph))}}
	fresh := New(fakeClock(time.Millisecond))
	fresh.Handle(load, []Buffer{Bytes(graph)})
	want := zeroScheduling(t, last(t, []protocol.Response{run(fresh, "")}, protocol.KindResult).Result)

	s := New(fakeClock(time.Millisecond))
	if r := s.Handle(load, []Buffer{Bytes(graph)}); len(r) != 1 || r[0].Kind != protocol.KindGraph {
		t.Fatalf("load: %+v", r)
	}
	copy(s.files["g.edges"], "x y\n")
	if got := zeroScheduling(t, last(t, []protocol.Response{run(s, "")}, protocol.KindResult).Result); got != want {
		t.Errorf("run on the upload\n%s\nwant\n%s", got, want)
	}
	if r := run(s, "graph-txt"); r.Kind != protocol.KindError {
		t.Errorf("a run reading the spoilt file as graph-txt answered %s", r.Kind)
	}
}
