package workerqueue

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

func TestParallelUses(t *testing.T) {
	a, b, c := &Requests{}, &Requests{}, &Requests{}
	pr := NewParallel(model.Scenario{}, []*Requests{a, b}, func() {})
	if !pr.Uses(a) || !pr.Uses(b) || pr.Uses(c) || len(pr.IDs) != 2 || len(pr.Results) != 2 || len(pr.Last) != 2 {
		t.Errorf("uses a %v, b %v, c %v; %+v", pr.Uses(a), pr.Uses(b), pr.Uses(c), pr)
	}
}

// TestParallelProgress checks the combined progress of a comparison in
// two parts: the stage of the first part still running, each strategy
// from the part that runs it ("waiting" until it reports), a finished
// part's strategies done, then the merge.
func TestParallelProgress(t *testing.T) {
	pr := NewParallel(model.Scenario{}, []*Requests{{}, {}}, func() {})
	if got := pr.Progress(); got.Stage != "starting" || len(got.Strategies) != 0 {
		t.Errorf("before any progress: %+v", got)
	}
	sp := func(label, stage string, done, total int64) protocol.StrategyProgress {
		return protocol.StrategyProgress{Label: label, Stage: stage, Done: done, Total: total}
	}
	pr.Last[1] = &protocol.Progress{Stage: "pagerank", Done: 3, Total: 10, Strategies: []protocol.StrategyProgress{
		sp("bfs", model.StageElsewhere, 0, 0), sp("opic", "crawl", 4, 100)}}
	want := &protocol.Progress{Stage: "pagerank", Done: 3, Total: 10, Strategies: []protocol.StrategyProgress{
		sp("bfs", "waiting", 0, 0), sp("opic", "crawl", 4, 100)}}
	if got := pr.Progress(); !reflect.DeepEqual(got, want) {
		t.Errorf("the second part only:\n got %+v\nwant %+v", got, want)
	}
	pr.Last[0] = &protocol.Progress{Stage: "crawl bfs", Done: 50, Total: 100, Strategies: []protocol.StrategyProgress{
		sp("bfs", "crawl", 50, 100), sp("opic", model.StageElsewhere, 0, 0)}}
	want = &protocol.Progress{Stage: "crawl bfs", Done: 50, Total: 100, Strategies: []protocol.StrategyProgress{
		sp("bfs", "crawl", 50, 100), sp("opic", "crawl", 4, 100)}}
	if got := pr.Progress(); !reflect.DeepEqual(got, want) {
		t.Errorf("both parts:\n got %+v\nwant %+v", got, want)
	}
	pr.Results[0] = json.RawMessage(`{}`)
	want = &protocol.Progress{Stage: "pagerank", Done: 3, Total: 10, Strategies: []protocol.StrategyProgress{
		sp("bfs", "done", 100, 100), sp("opic", "crawl", 4, 100)}}
	if got := pr.Progress(); !reflect.DeepEqual(got, want) {
		t.Errorf("the first part done:\n got %+v\nwant %+v", got, want)
	}
	pr.Results[1], pr.Merge = json.RawMessage(`{}`), 9
	want = &protocol.Progress{Stage: StageMerge, Done: 0, Total: 1, Strategies: []protocol.StrategyProgress{
		sp("bfs", "done", 100, 100), sp("opic", "done", 100, 100)}}
	if got := pr.Progress(); !reflect.DeepEqual(got, want) {
		t.Errorf("merging:\n got %+v\nwant %+v", got, want)
	}
}
