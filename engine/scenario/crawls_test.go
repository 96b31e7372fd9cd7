package scenario

import (
	"reflect"
	"strings"
	"testing"
)

// TestCrawlProgressSaysWhenDownloadsAreUneven: the progress of a crawl
// whose late downloads cost far more than its early ones (RankMass's and
// the windows', crawl.Info.UnevenProgress) is marked Uneven, for the run's
// stage and the strategy's bar alike, so that no time left is told from
// its share done; a breadth-first crawl's is not.
func TestCrawlProgressSaysWhenDownloadsAreUneven(t *testing.T) {
	s := smallScenario()
	s.Strategies = []Strategy{{ID: "bfs"}, {ID: "windowed-rankmass"}, {ID: "rankmass"}}
	r, err := New(s, Env{Workers: 1, Parallel: 1})
	if err != nil {
		t.Fatal(err)
	}
	uneven := map[string]bool{"bfs": false, "windowed-rankmass": true, "rankmass": true}
	seen := map[string]bool{}
	for done := false; !done; {
		if done, err = r.Step(500); err != nil {
			t.Fatal(err)
		}
		p := r.Progress()
		for id, want := range uneven {
			if strings.HasPrefix(p.Stage, "crawl "+id+", ") {
				seen[id] = true
				if p.Uneven != want {
					t.Errorf("stage %q: Uneven %v, want %v", p.Stage, p.Uneven, want)
				}
			}
		}
		for k, sp := range r.StrategyProgress() {
			if want := sp.Stage == "crawl" && k > 0; sp.Uneven != want {
				t.Errorf("strategy %d in stage %q: Uneven %v, want %v", k, sp.Stage, sp.Uneven, want)
			}
		}
	}
	if len(seen) != len(uneven) {
		t.Errorf("crawl stages seen: %v, want all of %v", seen, uneven)
	}
}

// TestCrawlCallsGrowForReexpansionsAlone: a crawl is stepped in calls of
// maxCrawlChunk units; RankMass's, whose units are virtual re-expansions
// and never a pass, grow to maxVirtualChunk, while batch PageRank's, whose
// recomputations are passes over the graph, drop to one unit, and a
// breadth-first crawl's keep maxCrawlChunk. The calls' size changes no
// result: the run matches one whose calls never grow, scheduling time
// aside.
func TestCrawlCallsGrowForReexpansionsAlone(t *testing.T) {
	s := smallScenario()
	s.Strategies = []Strategy{{ID: "bfs"}, {ID: "rankmass"}, {ID: "batch-pagerank"}}
	run := func() (*Runner, *Result) {
		r, err := New(s, Env{Workers: 1, Parallel: 1})
		if err != nil {
			t.Fatal(err)
		}
		for done := false; !done; {
			if done, err = r.Step(500); err != nil {
				t.Fatal(err)
			}
		}
		res, err := r.Result()
		if err != nil {
			t.Fatal(err)
		}
		return r, res
	}
	r, grown := run()
	want := map[string]int64{"bfs": maxCrawlChunk, "rankmass": maxVirtualChunk, "batch-pagerank": 1}
	for _, sr := range r.crawls.runs {
		if sr.chunk != want[sr.label] {
			t.Errorf("%s: calls of %d units at the end, want %d", sr.label, sr.chunk, want[sr.label])
		}
	}
	defer func(v int64) { maxVirtualChunk = v }(maxVirtualChunk)
	maxVirtualChunk = maxCrawlChunk
	r, fixed := run()
	for _, sr := range r.crawls.runs {
		if sr.label == "rankmass" && sr.chunk != maxCrawlChunk {
			t.Fatalf("rankmass: calls of %d units with the growth off, want %d", sr.chunk, maxCrawlChunk)
		}
	}
	for k := range grown.Strategies {
		x, y := grown.Strategies[k], fixed.Strategies[k]
		x.Cost.SchedulingSeconds, y.Cost.SchedulingSeconds = 0, 0
		if !reflect.DeepEqual(x, y) {
			t.Errorf("%s: the result depends on the size of its calls", x.Label)
		}
	}
}
