package scenario

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/crawl"
)

// TestSplitByCost checks Split on the default comparison: windowed-rankmass
// (Cost 400, sixteen times any other) alone in one part and the nine
// others in the second; with three parts the nine cheaper ones spread
// over two parts of costs as near as the rule makes them; with more parts
// than strategies, one part per strategy.
func TestSplitByCost(t *testing.T) {
	norm := mustNormalize(t, Default())
	ids := func(part []int) string {
		var out []string
		for _, i := range part {
			out = append(out, norm.Strategies[i].ID)
		}
		return strings.Join(out, ",")
	}
	two := Split(norm, 2)
	if len(two) != 2 || ids(two[0]) != "windowed-rankmass" {
		t.Fatalf("two parts: %v, want windowed-rankmass alone first", two)
	}
	if len(two[1]) != len(norm.Strategies)-1 {
		t.Errorf("two parts: the second holds %s", ids(two[1]))
	}
	three := Split(norm, 3)
	if len(three) != 3 || ids(three[0]) != "windowed-rankmass" {
		t.Fatalf("three parts: %v", three)
	}
	cost := func(part []int) float64 {
		c := 0.0
		for _, i := range part {
			info, _ := crawl.Lookup(norm.Strategies[i].ID)
			c += info.Work()
		}
		return c
	}
	// Costs (crawl.Info.Cost): optimal, omniscient, fpr, fpr-m, opic,
	// backlink, random 25 each (DefaultCost), larger-sites-first and
	// bfs 6: 187 in all, which LPT deals out as 87 and 100.
	if a, b := cost(three[1]), cost(three[2]); min(a, b) != 87 || max(a, b) != 100 {
		t.Errorf("three parts: the cheaper ones cost %v (%s) and %v (%s), want 87 and 100", a, ids(three[1]), b, ids(three[2]))
	}
	many := Split(norm, 20)
	if len(many) != len(norm.Strategies) {
		t.Fatalf("20 parts of %d strategies: %d parts", len(norm.Strategies), len(many))
	}
	for _, part := range many {
		if len(part) != 1 {
			t.Errorf("20 parts: part %v", part)
		}
	}
	if got := Split(norm, 0); got != nil {
		t.Errorf("0 parts: %v", got)
	}
	if got := Split(mustNormalize(t, Scenario{Strategies: []Strategy{}, SeedStudy: &SeedStudy{}}), 2); got != nil {
		t.Errorf("no strategies: %v", got)
	}
}

// TestSplitIsAPartition checks, for every scenario's strategies and every
// number of parts, that Split gives min(parts, strategies) non-empty
// parts, each in increasing order, holding every strategy once; and that
// it gives the same split twice and whatever the map order of the
// registry (the strategies' costs tie often).
func TestSplitIsAPartition(t *testing.T) {
	var all []Strategy
	for _, info := range crawl.Strategies() {
		if !info.NeedsPrevious {
			all = append(all, Strategy{ID: info.ID})
		}
	}
	for n := 1; n <= len(all); n++ {
		s := Scenario{Graph: Source{Generate: &Generate{Pages: 100}}, Strategies: all[:n]}
		norm := mustNormalize(t, s)
		for parts := 1; parts <= n+2; parts++ {
			split := Split(norm, parts)
			if len(split) != min(parts, n) {
				t.Fatalf("%d strategies in %d parts: %d parts", n, parts, len(split))
			}
			var seen []int
			for _, part := range split {
				if len(part) == 0 || !slices.IsSorted(part) {
					t.Fatalf("%d strategies in %d parts: part %v", n, parts, part)
				}
				seen = append(seen, part...)
			}
			slices.Sort(seen)
			if len(seen) != n || seen[0] != 0 || seen[n-1] != n-1 || len(slices.Compact(seen)) != n {
				t.Fatalf("%d strategies in %d parts: %v", n, parts, split)
			}
			for range 3 {
				if again := Split(norm, parts); !reflect.DeepEqual(again, split) {
					t.Fatalf("%d strategies in %d parts: %v, then %v", n, parts, split, again)
				}
			}
		}
	}
}

// TestOnlyRefusesBadIndices checks Env.Only's errors.
func TestOnlyRefusesBadIndices(t *testing.T) {
	s := smallScenario()
	for _, c := range []struct {
		only []int
		want string
	}{
		{[]int{5}, "scenario: Env.Only[0] = 5 is not the index of one of the scenario's 5 strategies"},
		{[]int{-1}, "scenario: Env.Only[0] = -1 is not the index of one of the scenario's 5 strategies"},
		{[]int{1, 1}, "scenario: Env.Only[1] = 1: the indices must increase"},
		{[]int{2, 0}, "scenario: Env.Only[1] = 0: the indices must increase"},
	} {
		_, err := New(s, Env{Only: c.only})
		if err == nil || err.Error() != c.want {
			t.Errorf("Only %v: %v, want %q", c.only, err, c.want)
		}
	}
}

// TestOnlyProgress checks that the strategies Env.Only leaves out report
// StageElsewhere from start to end, and the others run as in a whole run.
func TestOnlyProgress(t *testing.T) {
	r, err := New(smallScenario(), Env{Only: []int{1, 3}})
	if err != nil {
		t.Fatal(err)
	}
	for {
		done, err := r.Step(1000)
		if err != nil {
			t.Fatal(err)
		}
		for k, p := range r.StrategyProgress() {
			if elsewhere := k != 1 && k != 3; elsewhere != (p.Stage == StageElsewhere) {
				t.Fatalf("strategy %d: %+v", k, p)
			}
		}
		if run := r.Running(); run != -1 && run != 1 && run != 3 {
			t.Fatalf("running strategy %d", run)
		}
		if done {
			break
		}
	}
	res, err := r.Result()
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Strategies) != 2 || res.Strategies[0].Label != "fpr" || res.Strategies[1].Label != "bfs" {
		t.Errorf("strategies %v", res.Strategies)
	}
	if len(res.Scenario.Strategies) != 5 {
		t.Errorf("the result's scenario has %d strategies, want the whole scenario's 5", len(res.Scenario.Strategies))
	}
}
