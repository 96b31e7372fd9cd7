package scenario

import (
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
			if strings.HasPrefix(p.Stage, "crawl "+id+" (") {
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
