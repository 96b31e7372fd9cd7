package scenario

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/crawlsim/crawlsim/engine/crawl"
)

// randomScenario returns a small random scenario and the files it reads:
// a generated graph with hosts or an edge list without them (so that
// strategies and politeness that need hosts warn), a random choice of
// strategies (a parameterised one twice, under two labels), sometimes a
// previous snapshot for the historical strategies, politeness, a budget,
// personalized importance, the lower bound.
func randomScenario(rng *rand.Rand) (Scenario, fstest.MapFS) {
	s := Scenario{RandomSeed: rng.Uint64N(100), Metrics: Metrics{CurvePoints: 20 + rng.IntN(100), TauSample: 50}}
	var fsys fstest.MapFS
	pages := 30 + rng.IntN(400)
	if rng.IntN(2) == 0 {
		s.Graph = Source{Generate: &Generate{Pages: pages, Hosts: 1 + rng.IntN(8), Seed: rng.Uint64N(50) + 1}}
		if rng.IntN(3) == 0 {
			s.Previous = &PreviousSource{Evolve: &Evolve{Seed: rng.Uint64N(9) + 1}}
		}
	} else {
		var b strings.Builder
		for i := range pages {
			for range rng.IntN(5) {
				fmt.Fprintf(&b, "%d %d\n", i, rng.IntN(pages))
			}
		}
		fsys = fstest.MapFS{"g.edges": {Data: []byte(b.String())}}
		s.Graph = Source{File: "g.edges"}
	}
	s.Seeds = fmt.Sprintf("top-pagerank:%d", 1+rng.IntN(10))
	for _, info := range crawl.Strategies() {
		if info.NeedsPrevious && s.Previous == nil || rng.IntN(3) == 0 {
			continue
		}
		s.Strategies = append(s.Strategies, Strategy{ID: info.ID})
	}
	if rng.IntN(2) == 0 {
		s.Strategies = append(s.Strategies, Strategy{ID: "windowed-rankmass", Params: crawl.Values{"window": 0.5}})
	}
	rng.Shuffle(len(s.Strategies), func(i, j int) { s.Strategies[i], s.Strategies[j] = s.Strategies[j], s.Strategies[i] })
	if len(s.Strategies) == 0 {
		s.Strategies = []Strategy{{ID: "bfs"}}
	}
	if rng.IntN(3) == 0 {
		s.Politeness = &Politeness{}
	}
	if rng.IntN(4) == 0 {
		s.Budget = int64(1 + rng.IntN(pages))
	}
	if rng.IntN(4) == 0 {
		s.Importance = ImportancePersonalized
	}
	if rng.IntN(5) == 0 {
		s.Metrics.LowerBound = 3
	}
	return s, fsys
}

// marshalled returns MarshalResult's bytes.
func marshalled(t *testing.T, r *Result) string {
	t.Helper()
	data, err := MarshalResult(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// runParts runs norm in the given parts (Env.Only), one Runner each.
func runParts(t *testing.T, norm Scenario, fsys fstest.MapFS, parts [][]int) []*Result {
	t.Helper()
	out := make([]*Result, len(parts))
	for p, part := range parts {
		r, err := Run(context.Background(), norm, Env{FS: fsys, Only: part}, nil)
		if err != nil {
			t.Fatalf("part %v: %v", part, err)
		}
		out[p] = r
	}
	return out
}

// TestMergeEqualsOneRun is the property of parallel comparisons: for
// random small scenarios, the parts of every Split into 1 to k+1 parts (k
// strategies), and of a random partition, merge into exactly the result
// of one run of the whole scenario (MarshalResult's bytes, warnings and
// their order included).
func TestMergeEqualsOneRun(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 2))
	trials := 12
	if testing.Short() {
		trials = 4
	}
	for trial := range trials {
		s, fsys := randomScenario(rng)
		norm := mustNormalize(t, s)
		name := fmt.Sprintf("trial %d (%d strategies, graph %s)", trial, len(norm.Strategies), norm.Graph.File)
		whole := marshalled(t, mustRun(t, norm, Env{FS: fsys}, RunBudget))
		n := len(norm.Strategies)
		splits := [][][]int{}
		for parts := 1; parts <= n+1; parts++ {
			splits = append(splits, Split(norm, parts))
		}
		random := make([][]int, 1+rng.IntN(n))
		for i := range n {
			p := rng.IntN(len(random))
			if i < len(random) {
				p = i // none empty
			}
			random[p] = append(random[p], i)
		}
		splits = append(splits, random)
		for _, parts := range splits {
			merged, err := Merge(norm, parts, runParts(t, norm, fsys, parts))
			if err != nil {
				t.Fatalf("%s, parts %v: %v", name, parts, err)
			}
			if got := marshalled(t, merged); got != whole {
				t.Fatalf("%s, parts %v: merged\n%s\none run\n%s", name, parts, got, whole)
			}
		}
	}
}

// TestMergeOrdersWarnings merges parts whose strategies' own warnings
// (those of sanitize, "strategy LABEL: ...") interleave in the scenario's
// order: one run gives the shared warnings first, then each strategy's in
// the scenario's order, not part by part.
func TestMergeOrdersWarnings(t *testing.T) {
	norm := mustNormalize(t, Scenario{Graph: Source{Generate: &Generate{Pages: 100}}, Strategies: []Strategy{{ID: "bfs"}, {ID: "fpr"}, {ID: "opic"}}})
	shared := []string{"seeds: something shared", "fpr: a warning about the scenario named after a strategy"}
	part := func(warnings ...string) *Result {
		return &Result{Version: Version, Scenario: norm, Warnings: append(append([]string{}, shared...), warnings...)}
	}
	a := part("strategy bfs: tau was NaN", "strategy opic: curve: 1 NaN of 3 values", "strategy opic: final was NaN")
	a.Strategies = []StrategyResult{{ID: "bfs", Label: "bfs"}, {ID: "opic", Label: "opic"}}
	b := part("strategy fpr: tau was NaN")
	b.Strategies = []StrategyResult{{ID: "fpr", Label: "fpr"}}
	merged, err := Merge(norm, [][]int{{0, 2}, {1}}, []*Result{a, b})
	if err != nil {
		t.Fatal(err)
	}
	want := append(append([]string{}, shared...), "strategy bfs: tau was NaN", "strategy fpr: tau was NaN", "strategy opic: curve: 1 NaN of 3 values", "strategy opic: final was NaN")
	if strings.Join(merged.Warnings, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings\n%s\nwant\n%s", strings.Join(merged.Warnings, "\n"), strings.Join(want, "\n"))
	}
	for k, label := range []string{"bfs", "fpr", "opic"} {
		if merged.Strategies[k].Label != label {
			t.Errorf("strategy %d is %s, want %s", k, merged.Strategies[k].Label, label)
		}
	}
}

// TestMergeRefusesDisagreement checks that Merge refuses parts that do
// not fit together: other shared figures or warnings, another scenario, a
// strategy missing or given twice, a part holding the wrong strategies.
func TestMergeRefusesDisagreement(t *testing.T) {
	s, fsys := smallScenario(), fstest.MapFS(nil)
	norm := mustNormalize(t, s)
	parts := Split(norm, 2)
	good := runParts(t, norm, fsys, parts)
	if _, err := Merge(norm, parts, good); err != nil {
		t.Fatal(err)
	}
	clone := func(r *Result) *Result { c := *r; return &c }
	for _, c := range []struct {
		name    string
		parts   [][]int
		change  func(rs []*Result)
		want    string
		isParts bool
	}{
		{name: "other reachable pages", change: func(rs []*Result) { rs[1].Reachable++ }, isParts: true},
		{name: "other seeds", change: func(rs []*Result) { rs[1].Seeds = rs[1].Seeds[1:] }, isParts: true},
		{name: "other shared warning", change: func(rs []*Result) { rs[1].Warnings = append([]string{"seeds: other"}, rs[1].Warnings...) }, isParts: true},
		{name: "other scenario", change: func(rs []*Result) { rs[1].Scenario.RandomSeed++ }, isParts: true},
		{name: "strategy missing", parts: [][]int{parts[0], parts[1][1:]}, want: "no part runs strategy"},
		{name: "strategy twice", parts: [][]int{parts[0], append([]int{parts[0][0]}, parts[1]...)}, want: "not a new index"},
		{name: "wrong strategies", parts: [][]int{parts[1], parts[0]}, want: "holds"},
		{name: "a result short", change: func(rs []*Result) { rs[1] = nil }, want: "has no result"},
	} {
		rs := []*Result{clone(good[0]), clone(good[1])}
		p := parts
		if c.parts != nil {
			p = c.parts
		}
		if c.change != nil {
			c.change(rs)
		}
		_, err := Merge(norm, p, rs)
		switch {
		case err == nil:
			t.Errorf("%s: merged", c.name)
		case c.isParts && !errors.Is(err, ErrPartsDisagree):
			t.Errorf("%s: %v, want ErrPartsDisagree", c.name, err)
		case c.want != "" && !strings.Contains(err.Error(), c.want):
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}
