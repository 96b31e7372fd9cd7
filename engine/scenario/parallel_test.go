package scenario

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/crawlsim/crawlsim/engine/crawl"
	"github.com/crawlsim/crawlsim/engine/step"
)

// TestParallelDoesNotChangeTheResult runs the golden scenario (every kind
// of strategy, an evolved previous snapshot, personalized importance) and
// one on the politeness clock with 1, 2 and 8 strategies at once, in
// large and small steps: the results must be byte-identical, and the
// download orders must reach Env.Orders in the scenario's order, each
// once and the same.
func TestParallelDoesNotChangeTheResult(t *testing.T) {
	polite := smallScenario()
	polite.Strategies = append(polite.Strategies, Strategy{ID: "rankmass"}, Strategy{ID: "windowed-rankmass"},
		Strategy{ID: "partial-pagerank", Params: crawl.Values{"batch": 0.1}})
	polite.Politeness = &Politeness{Connections: 2, Wait: ptr(1)}
	polite.Metrics.LowerBound = 2
	for name, s := range map[string]Scenario{"golden": goldenScenario(), "politeness": polite} {
		t.Run(name, func(t *testing.T) {
			var first []byte
			var firstOrders []string
			for _, parallel := range []int{1, 2, 8} {
				for _, budget := range []int{RunBudget, 3} {
					if budget == 3 && name == "golden" {
						continue // the golden scenario's crawls are long
					}
					var orders []string
					releases := 0
					env := Env{
						Parallel: parallel,
						Orders: func(o CrawlOrder) error {
							orders = append(orders, fmt.Sprint(o.Label, o.Order, o.Times))
							return nil
						},
						Release: func() { releases++ },
					}
					data := deterministicJSON(t, mustRun(t, s, env, budget))
					if first == nil {
						first, firstOrders = data, orders
						continue
					}
					if string(data) != string(first) {
						t.Errorf("%d at once, budget %d: another result than one at a time:\n%s\n%s", parallel, budget, data, first)
					}
					if !slices.Equal(orders, firstOrders) {
						t.Errorf("%d at once, budget %d: the orders reached Env.Orders otherwise", parallel, budget)
					}
					if releases == 0 {
						t.Errorf("%d at once: Env.Release never called", parallel)
					}
				}
			}
		})
	}
}

// TestParallelWithinMemory runs the small scenario with room in
// Env.MaxBytes for one crawl only: the crawls run one at a time, to the
// same result, and with room for all they all start in the first Step.
func TestParallelWithinMemory(t *testing.T) {
	s := smallScenario()
	want := deterministicJSON(t, mustRun(t, s, Env{}, RunBudget))
	n, m := int64(2000), int64(20000)
	for _, tc := range []struct {
		name    string
		extra   int64 // bytes beyond one crawl's run
		atOnce  int
		wantMax int
	}{
		{"room for one", 0, 4, 1},
		{"room for all", 1 << 40, 8, len(s.Strategies)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// the budget from the graph's actual size, once it is known
			r, most := runWithLimit(t, s, tc.atOnce, func(r *Runner) int64 {
				g := r.graph.g
				n, m = int64(g.NumNodes()), g.NumArcs()
				return r.runBytes(n, m) + tc.extra
			})
			res, err := r.Result()
			if err != nil {
				t.Fatal(err)
			}
			if got := deterministicJSON(t, res); string(got) != string(want) {
				t.Errorf("another result than one at a time")
			}
			if most > tc.wantMax || tc.wantMax > 1 && most < 2 {
				t.Errorf("%d crawls ran at once, want at most %d", most, tc.wantMax)
			}
		})
	}
}

// runWithLimit runs s with atOnce crawls at once, setting Env.MaxBytes to
// limit(r) once the crawls are about to start (the graph's size known,
// and the importance computed, so that the limit does not choose how),
// and returns the runner and the most crawls that ran at once.
func runWithLimit(t *testing.T, s Scenario, atOnce int, limit func(r *Runner) int64) (*Runner, int) {
	t.Helper()
	r, err := New(s, Env{Parallel: atOnce})
	if err != nil {
		t.Fatal(err)
	}
	for done := false; !done; {
		if r.crawls.par.on && r.imp.uniform.Scores != nil && r.env.MaxBytes == 0 {
			r.env.MaxBytes = limit(r)
		}
		if done, err = r.Step(50); err != nil {
			t.Fatal(err)
		}
	}
	return r, r.crawls.par.most
}

// TestGrantSpareWithinMemory: windowed-rankmass takes the memory that
// speeds it up (crawl.Info.SpareBytes, a copy of the out-lists) only when
// it fits in Env.MaxBytes beside what crawlsNeed counts, and a crawl
// started beside it counts what it took; the results are those of a run
// without a limit.
func TestGrantSpareWithinMemory(t *testing.T) {
	s := smallScenario()
	s.Strategies = []Strategy{{ID: "windowed-rankmass"}, {ID: "opic"}}
	want := deterministicJSON(t, mustRun(t, s, Env{}, RunBudget))
	for _, tc := range []struct {
		name string
		// Env.MaxBytes from the need of one crawl, one crawl's arrays,
		// the copy and the packed copy's least
		limit     func(one, crawl, copy, least int64) int64
		wantSpare func(copy, least int64) (lo, hi int64) // the bytes granted
		wantMost  int                                    // crawls at once
	}{
		{"room for both and the copy", func(one, crawl, copy, _ int64) int64 { return one + crawl + copy },
			func(copy, _ int64) (int64, int64) { return copy, copy }, 2},
		{"room for the copy, then not for opic", func(one, crawl, copy, _ int64) int64 { return one + crawl + copy - 1 },
			func(copy, _ int64) (int64, int64) { return copy, copy }, 1},
		{"room for the packed copy: all that is left", func(one, _, copy, _ int64) int64 { return one + copy - 1 },
			func(copy, _ int64) (int64, int64) { return copy - 1, copy - 1 }, 1},
		{"room for the packed copy's least", func(one, _, _, least int64) int64 { return one + least },
			func(_, least int64) (int64, int64) { return least, least }, 1},
		{"no room for the packed copy", func(one, _, _, least int64) int64 { return one + least - 1 },
			func(int64, int64) (int64, int64) { return -1, -1 }, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var copy, least int64
			r, most := runWithLimit(t, s, 2, func(r *Runner) int64 {
				g := r.graph.g
				n := int64(g.NumNodes())
				info, _ := crawl.Lookup("windowed-rankmass")
				copy, least = info.SpareBytes(n, g.NumArcs()), info.LeastSpareBytes(n, g.NumArcs())
				return tc.limit(r.crawls.crawlsNeed(), r.crawlRunBytes(n), copy, least)
			})
			if lo, hi := tc.wantSpare(copy, least); r.crawls.runs[0].spare < lo || r.crawls.runs[0].spare > hi {
				t.Errorf("windowed-rankmass's spare bytes %d, want %d to %d (the copy %d, its least packed %d)",
					r.crawls.runs[0].spare, lo, hi, copy, least)
			}
			if most != tc.wantMost {
				t.Errorf("%d crawls ran at once, want %d", most, tc.wantMost)
			}
			res, err := r.Result()
			if err != nil {
				t.Fatal(err)
			}
			if got := deterministicJSON(t, res); string(got) != string(want) {
				t.Errorf("another result than without a limit")
			}
		})
	}
}

// TestParallelRaisesACrawlsPanic: a panic in the goroutine of a crawl run
// at once with others (here in Env.Clock, which a crawl calls from its
// goroutine) ended the process; it ends the Step instead, raised again in
// the Step's goroutine as a *step.Panic, and the goroutines start through
// step.Guard.
func TestParallelRaisesACrawlsPanic(t *testing.T) {
	defer func(old func(func())) { step.Guard = old }(step.Guard)
	var guarded atomic.Int64
	step.Guard = func(body func()) {
		guarded.Add(1)
		body()
	}
	var calls atomic.Int64
	env := Env{Parallel: 3, Clock: func() time.Duration {
		if calls.Add(1) > 40 {
			panic("clock failed")
		}
		return 0
	}}
	// Without bfs, which crawls in the seed stage (it counts the
	// reachable pages), so that the clock's calls are the parallel
	// crawls'.
	s := smallScenario()
	s.Strategies = slices.DeleteFunc(s.Strategies, func(st Strategy) bool { return st.ID == "bfs" })
	r, err := New(s, env)
	if err != nil {
		t.Fatal(err)
	}
	var raised any
	func() {
		defer func() { raised = recover() }()
		err = step.Run(context.Background(), r, RunBudget, nil)
	}()
	if p, ok := raised.(*step.Panic); !ok || p.Value != "clock failed" {
		t.Fatalf("the run ended with %v (error %v), want the clock's panic as a *step.Panic", raised, err)
	}
	if guarded.Load() < 2 {
		t.Errorf("%d goroutines started through step.Guard, want the crawls'", guarded.Load())
	}
}

// TestParallelBreadthFirstCountsTheReachablePages runs scenarios whose
// crawls run at once on a graph that leaves pages unreached: with a
// breadth-first crawl among them, it counts the reachable pages as it
// crawls, and graph.Reach counts them only without it (absent, or left
// to another process by Env.Only) or when the budget stops it before it
// has reached them all. The crawls that read the count (rankmass,
// windowed-rankmass, l-neighbor, optimal) start only once it is known.
// Every result, warnings included and in their order, must be
// byte-identical to the one of the crawls run one at a time, whatever
// the crawls at once and the step budget.
func TestParallelBreadthFirstCountsTheReachablePages(t *testing.T) {
	base := Scenario{
		Graph:      Source{Generate: &Generate{Pages: 2000, Hosts: 4, MeanOutDegree: 3, Seed: 7}},
		Seeds:      "random:5",
		RandomSeed: 9,
		Metrics:    Metrics{CurvePoints: 100},
	}
	count := func(s Scenario) int64 {
		s.Strategies = []Strategy{{ID: "opic"}}
		return mustRun(t, s, Env{}, RunBudget).Reachable
	}
	reachable := count(base)
	if reachable < 100 || reachable > 1900 {
		t.Fatalf("the seeds reach %d of 2,000 pages; the test wants some unreached and a long crawl", reachable)
	}
	readers := []string{"bfs", "rankmass", "windowed-rankmass", "l-neighbor", "optimal", "opic"}
	for _, tc := range []struct {
		name       string
		ids        []string
		budget     int64
		change     func(s *Scenario)
		only       []int
		wantReach  bool   // graph.Reach counts the pages
		wantWarned string // a warning the result has
	}{
		{name: "bfs", ids: []string{"opic", "bfs", "fpr"}, wantWarned: "cannot be reached from the seeds"},
		{name: "bfs, budget below the count", ids: []string{"opic", "bfs", "fpr"}, budget: reachable / 2, wantReach: true},
		{name: "bfs, budget at the count", ids: []string{"opic", "bfs", "fpr"}, budget: reachable},
		{name: "bfs, budget above the count", ids: []string{"opic", "bfs", "fpr"}, budget: reachable + 7, wantWarned: "budget:"},
		{name: "bfs and the strategies that read the count", ids: readers},
		{name: "the strategies that read the count, budget below it", ids: readers, budget: reachable / 3, wantReach: true},
		{name: "no bfs", ids: []string{"opic", "fpr", "optimal"}, wantReach: true},
		{name: "personalized importance", ids: []string{"rankmass", "fpr", "bfs", "opic"}, budget: reachable + 7,
			change: func(s *Scenario) {
				s.Importance = ImportancePersonalized
				s.Tolerance = 1e-300 // personalized PageRank warns after the count's warning
			}, wantWarned: "budget:"},
		{name: "seed study", ids: []string{"bfs", "opic", "fpr"}, change: func(s *Scenario) { s.SeedStudy = &SeedStudy{Samples: 20} }},
		{name: "bfs elsewhere", ids: []string{"opic", "bfs", "fpr", "optimal"}, only: []int{0, 2, 3}, wantReach: true},
		{name: "bfs here, others elsewhere", ids: []string{"opic", "bfs", "fpr", "rankmass"}, only: []int{1, 2, 3}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := base
			s.Budget = tc.budget
			for _, id := range tc.ids {
				s.Strategies = append(s.Strategies, Strategy{ID: id})
			}
			if tc.change != nil {
				tc.change(&s)
			}
			one, _ := runCounting(t, s, Env{Only: tc.only}, RunBudget)
			want := deterministicJSON(t, one)
			if tc.wantWarned != "" && !strings.Contains(string(want), tc.wantWarned) {
				t.Fatalf("no warning %q in\n%s", tc.wantWarned, want)
			}
			for _, parallel := range []int{2, 3} {
				for _, budget := range []int{RunBudget, 3} {
					res, searched := runCounting(t, s, Env{Parallel: parallel, Only: tc.only}, budget)
					if got := deterministicJSON(t, res); string(got) != string(want) {
						t.Errorf("%d at once, budget %d: another result than one at a time:\n%s\n%s", parallel, budget, got, want)
					}
					if budget == 3 && searched != tc.wantReach {
						t.Errorf("%d at once: graph.Reach counted the reachable pages: %v, want %v", parallel, searched, tc.wantReach)
					}
				}
			}
		})
	}
}

// runCounting runs s in Steps of budget units and returns the result and
// whether graph.Reach was seen counting the reachable pages between two
// Steps. No progress may count more done than its total, and with the
// crawls at once a crawl must never have counted the pages itself before
// the run knows them.
func runCounting(t *testing.T, s Scenario, env Env, budget int) (*Result, bool) {
	t.Helper()
	r, err := New(s, env)
	if err != nil {
		t.Fatal(err)
	}
	if r.crawls.par.on != (env.Parallel > 1) {
		t.Fatalf("%d at once: the crawls run at once: %v", env.Parallel, r.crawls.par.on)
	}
	searched := false
	for done := false; !done; {
		if done, err = r.Step(budget); err != nil {
			t.Fatal(err)
		}
		searched = searched || r.seeds.searched
		if p := r.Progress(); p.Total > 0 && p.Done > p.Total {
			t.Fatalf("progress %+v", p)
		}
		for k, q := range r.StrategyProgress() {
			if q.Total > 0 && q.Done > q.Total {
				t.Fatalf("strategy %d: progress %+v", k, q)
			}
		}
		for k := range r.crawls.runs {
			sr := &r.crawls.runs[k]
			if r.crawls.par.on && sr.state == "crawl" && sr.crawl.Reachable() > 0 && r.seeds.reachable == 0 {
				t.Fatalf("%s counted the reachable pages itself", sr.label)
			}
		}
	}
	res, err := r.Result()
	if err != nil {
		t.Fatal(err)
	}
	return res, searched
}

// TestParallelProgressIsUneven: crawls run at once are counted one unit
// each, and crawls differ in cost by orders of magnitude, so the stage's
// progress is marked Uneven: no time left follows from its share done.
func TestParallelProgressIsUneven(t *testing.T) {
	r, err := New(smallScenario(), Env{Workers: 1, Parallel: 2})
	if err != nil {
		t.Fatal(err)
	}
	seen := false
	for done := false; !done; {
		if done, err = r.Step(500); err != nil {
			t.Fatal(err)
		}
		if p := r.Progress(); strings.HasPrefix(p.Stage, "crawls (2 at once)") {
			seen = true
			if !p.Uneven {
				t.Errorf("stage %q: not Uneven", p.Stage)
			}
		}
	}
	if !seen {
		t.Error("no stage of crawls at once")
	}
}

// TestStepAtOnceKeepsStepping: while one goroutine's chunk, begun before
// the Step's target was reached, still runs, the others go on with
// theirs: goroutine 0's first chunk, begun before goroutine 1's first,
// waits until goroutine 1 has done ten chunks, five times the target, and
// then ends the crawl. Were goroutine
// 1 to stop at the target, goroutine 0 would wait out its two seconds.
// After goroutine 0's chunk, goroutine 1 ends with the one it is in.
func TestStepAtOnceKeepsStepping(t *testing.T) {
	var chunks [2]atomic.Int32
	begun, tenth := make(chan struct{}), make(chan struct{})
	errs := stepAtOnce(2, 1, 2, func(i int, _ int64) (bool, error) {
		runtime.Gosched() // js/wasm runs goroutines on one thread, without preemption
		n := chunks[i].Add(1)
		if i == 1 {
			if n == 1 {
				<-begun // goroutine 0's chunk is begun before the target
			}
			if n == 10 {
				close(tenth)
			}
			return false, nil
		}
		close(begun)
		select {
		case <-tenth:
		case <-time.After(2 * time.Second):
		}
		return n == 1, nil
	})
	if errs[0] != nil || errs[1] != nil {
		t.Fatal(errs)
	}
	if got := chunks[1].Load(); got < 10 {
		t.Errorf("goroutine 1 did %d chunks while goroutine 0's long chunk ran; want it to go on to 10", got)
	}
	if got := chunks[0].Load(); got != 1 {
		t.Errorf("goroutine 0 did %d chunks; want 1, the one that ended its crawl", got)
	}
}

// TestStepAtOnceHaltsOnAnError: an error ends every goroutine after its
// chunk, and each one's error is returned in its place.
func TestStepAtOnceHaltsOnAnError(t *testing.T) {
	var chunks atomic.Int32
	errs := stepAtOnce(3, 1, 1<<40, func(i int, _ int64) (bool, error) {
		runtime.Gosched() // js/wasm runs goroutines on one thread, without preemption
		if n := chunks.Add(1); i == 2 && n > 5 {
			return false, fmt.Errorf("strategy %d failed", i)
		}
		return false, nil
	})
	if errs[0] != nil || errs[1] != nil || errs[2] == nil || errs[2].Error() != "strategy 2 failed" {
		t.Errorf("errors %v; want strategy 2's alone", errs)
	}
}
