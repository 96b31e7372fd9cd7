package scenario

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"testing/fstest"
	"time"

	"github.com/crawlsim/crawlsim/engine/crawl"
	"github.com/crawlsim/crawlsim/engine/gen"
	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
	"github.com/crawlsim/crawlsim/engine/graphio"
	"github.com/crawlsim/crawlsim/engine/rank"
	"github.com/crawlsim/crawlsim/engine/step"
)

// stepToEnd runs r with the given step budget, checking the progress
// reports on the way, and returns the result.
func stepToEnd(t testing.TB, r *Runner, budget int) *Result {
	t.Helper()
	n := len(r.crawls.runs)
	for calls := 0; ; calls++ {
		done, err := r.Step(budget)
		if err != nil {
			t.Fatalf("step %d (%s): %v", calls, r.Progress().Stage, err)
		}
		p := r.Progress()
		if p.Total > 0 && (p.Done < 0 || p.Done > p.Total) {
			t.Fatalf("progress %+v out of range", p)
		}
		sp := r.StrategyProgress()
		if len(sp) != n {
			t.Fatalf("%d strategy progresses for %d strategies", len(sp), n)
		}
		running := r.Running()
		if r.crawls.par.on && strings.HasPrefix(p.Stage, "crawls (") {
			// several strategies at once (parallel.go)
			busy := 0
			for k, q := range sp {
				if !slices.Contains([]string{"crawl", "metrics", "waiting", "done"}, q.Stage) {
					t.Fatalf("strategy %d is %q", k, q.Stage)
				}
				if q.Stage == "crawl" || q.Stage == "metrics" {
					busy++
				}
			}
			if busy > r.env.Parallel {
				t.Fatalf("%d strategies busy, at most %d at once", busy, r.env.Parallel)
			}
			continue
		}
		// The breadth-first crawl that counts the reachable pages crawls
		// ahead, in the seed stage, then waits for its metrics.
		ahead := sharer(r.crawls.runs)
		same := "" // every strategy's stage while none runs
		for k, q := range sp {
			if k != ahead || same == "" {
				same = q.Stage
			}
		}
		for k, q := range sp {
			want := []string{"crawl", "metrics", "waiting"}
			switch {
			case k == ahead && strings.HasPrefix(p.Stage, "reachable pages"):
				want = []string{"waiting", "crawl"}
			case running < 0:
				want = []string{same} // all waiting, or all done
			case k < running:
				want = []string{"done"}
			case k > running:
				want = []string{"waiting"}
			}
			if !slices.Contains(want, q.Stage) {
				t.Fatalf("strategy %d is %q while %d runs (done %v)", k, q.Stage, running, done)
			}
		}
		if running >= 0 && !strings.Contains(p.Stage, fmt.Sprintf(", %d of %d", running+1, n)) {
			t.Fatalf("stage %q while strategy %d runs", p.Stage, running)
		}
		if done {
			break
		}
	}
	for k, q := range r.StrategyProgress() {
		if q.Stage != "done" || q.Done != q.Total {
			t.Errorf("strategy %d ends with progress %+v", k, q)
		}
	}
	if p := r.Progress(); p.Stage != "done" {
		t.Errorf("final stage %q", p.Stage)
	}
	res, err := r.Result()
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// mustRun runs s to its end with the given step budget.
func mustRun(t testing.TB, s Scenario, env Env, budget int) *Result {
	t.Helper()
	r, err := New(s, env)
	if err != nil {
		t.Fatal(err)
	}
	return stepToEnd(t, r, budget)
}

// deterministicJSON returns the result's JSON without the scheduling
// times, the only figures that may differ between runs.
func deterministicJSON(t testing.TB, res *Result) []byte {
	t.Helper()
	cp := *res
	cp.Strategies = slices.Clone(res.Strategies)
	for k := range cp.Strategies {
		cp.Strategies[k].Cost.SchedulingSeconds = 0
	}
	data, err := MarshalResult(&cp)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// checkStructure checks what every result must satisfy (docs/algorithms.md sections
// 2-4): curves increasing in k and in value, ending at the final value
// after all the downloads, every crawl downloading the pages reachable
// from the seeds (or the budget), all crawls collecting the same final
// importance, and the optimal curve above every other at every k (docs/algorithms.md
// section 3, example 5), with or without politeness, which the reference
// ignores.
func checkStructure(t *testing.T, res *Result) {
	t.Helper()
	want := res.Reachable
	if b := res.Scenario.Budget; b > 0 && b < want {
		want = b
	}
	var optimal *StrategyResult
	for k := range res.Strategies {
		if res.Strategies[k].Reference {
			optimal = &res.Strategies[k]
		}
	}
	for k := range res.Strategies {
		s := &res.Strategies[k]
		c := s.Curve
		if s.Summary.Downloads != want {
			t.Errorf("%s: %d downloads, want %d", s.Label, s.Summary.Downloads, want)
		}
		if len(c.K) == 0 || len(c.K) != len(c.Value) {
			t.Fatalf("%s: curve of %d ks and %d values", s.Label, len(c.K), len(c.Value))
		}
		if last := len(c.K) - 1; c.K[last] != s.Summary.Downloads || c.Value[last] != s.Summary.Final {
			t.Errorf("%s: curve ends at (%d, %v), summary says (%d, %v)", s.Label, c.K[last], c.Value[last], s.Summary.Downloads, s.Summary.Final)
		}
		for i := 1; i < len(c.K); i++ {
			if c.K[i] <= c.K[i-1] || c.Value[i] < c.Value[i-1] {
				t.Fatalf("%s: curve not increasing at %d: (%d, %v) then (%d, %v)", s.Label, i, c.K[i-1], c.Value[i-1], c.K[i], c.Value[i])
			}
		}
		if s.Summary.AvgCumulative > s.Summary.Final+1e-12 {
			t.Errorf("%s: average %v above the final %v", s.Label, s.Summary.AvgCumulative, s.Summary.Final)
		}
		timed := res.Scenario.Politeness != nil && !s.Reference
		if (s.Time != nil) != timed || (c.T != nil) != timed {
			t.Errorf("%s: time figures %v, curve times %d, politeness %v", s.Label, s.Time, len(c.T), res.Scenario.Politeness != nil)
		}
		if c.T != nil {
			if len(c.T) != len(c.K) {
				t.Fatalf("%s: %d times for %d points", s.Label, len(c.T), len(c.K))
			}
			for i := 1; i < len(c.T); i++ {
				if c.T[i] < c.T[i-1] {
					t.Fatalf("%s: time goes back at %d", s.Label, i)
				}
			}
			if s.Time.Duration < c.T[len(c.T)-1] || s.Time.Utilisation <= 0 || s.Time.Utilisation > 1 {
				t.Errorf("%s: time summary %+v", s.Label, *s.Time)
			}
		}
		if optimal == nil || s == optimal {
			continue
		}
		if res.Scenario.Budget == 0 && math.Abs(s.Summary.Final-res.Strategies[0].Summary.Final) > 1e-9 && !res.Strategies[0].Reference {
			t.Errorf("%s: final %v differs from %s's %v, though both download every reachable page", s.Label, s.Summary.Final, res.Strategies[0].Label, res.Strategies[0].Summary.Final)
		}
		at := make(map[int64]float64, len(optimal.Curve.K))
		for i, k := range optimal.Curve.K {
			at[k] = optimal.Curve.Value[i]
		}
		for i, k := range c.K {
			if v, ok := at[k]; ok && c.Value[i] > v+1e-12 {
				t.Fatalf("%s: C(%d) = %v above optimal %v", s.Label, k, c.Value[i], v)
			}
		}
		if s.Summary.AvgCumulative > optimal.Summary.AvgCumulative+1e-12 {
			t.Errorf("%s: average %v above optimal's %v", s.Label, s.Summary.AvgCumulative, optimal.Summary.AvgCumulative)
		}
	}
}

// smallScenario is a generated graph of 2,000 pages on 10 hosts and five
// strategies.
func smallScenario() Scenario {
	return Scenario{
		Graph:      Source{Generate: &Generate{Pages: 2000, Seed: 5}},
		Seeds:      "top-pagerank:20",
		Strategies: []Strategy{{ID: "optimal"}, {ID: "fpr"}, {ID: "opic"}, {ID: "bfs"}, {ID: "random"}},
		RandomSeed: 3,
		Metrics:    Metrics{CurvePoints: 300},
	}
}

// TestEndToEnd runs the small scenario with and without politeness and
// checks the structure of the results against facts computed here
// independently: the graph, its PageRank, the seeds, the reachable pages.
func TestEndToEnd(t *testing.T) {
	g, err := gen.Generate(gen.Params{Pages: 2000, Hosts: 10, MeanOutDegree: 8, IntraHostShare: 0.9,
		HostSizeExponent: 1, OutDegreeExponent: 2.7, CopyProbability: 0.7, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	pr, err := rank.PageRankOf(context.Background(), g, rank.Options{})
	if err != nil {
		t.Fatal(err)
	}
	seeds := rank.Top(pr.Scores, 20)
	reach, _ := graphtest.BreadthFirst(g, seeds)
	mass := 0.0
	for _, p := range reach {
		mass += pr.Scores[p]
	}
	for _, polite := range []bool{false, true} {
		t.Run(fmt.Sprintf("politeness=%v", polite), func(t *testing.T) {
			s := smallScenario()
			if polite {
				s.Politeness = &Politeness{Connections: 3, Wait: ptr(2)}
			}
			res := mustRun(t, s, Env{}, 1000)
			checkStructure(t, res)
			if !reflect.DeepEqual(res.Seeds, seeds) {
				t.Errorf("seeds %v, want %v", res.Seeds, seeds)
			}
			if res.Reachable != int64(len(reach)) {
				t.Errorf("reachable %d, want %d", res.Reachable, len(reach))
			}
			gs := res.Graph
			if gs.Pages != 2000 || gs.Links != g.NumArcs() || gs.Hosts != 10 {
				t.Errorf("graph summary %+v", gs)
			}
			if res.Importance.Kind != "pagerank" || res.Importance.Iterations != pr.Iterations {
				t.Errorf("importance %+v, want %d iterations", res.Importance, pr.Iterations)
			}
			for _, sr := range res.Strategies {
				if math.Abs(sr.Summary.Final-mass) > 1e-9 {
					t.Errorf("%s: final %v, want the reachable pages' importance %v", sr.Label, sr.Summary.Final, mass)
				}
			}
			// Optimal downloads in decreasing importance: tau-b is 1 but for
			// the pages of equal importance (those without in-links), which
			// it counts as ties on one side only.
			if tau := res.Strategies[0].Summary.Tau; tau == nil || !(*tau > 0.999 && *tau <= 1) {
				t.Errorf("optimal: tau %v, want nearly 1", tau)
			}
			if polite {
				// Every download takes 0.5 s + 15,000 B / 100,000 B/s =
				// 0.65 s. Three connections need at least a third of the
				// serial time; one host at a time, with the 2 s wait after
				// each download, would take 2.65 s a page at most.
				for _, sr := range res.Strategies[1:] {
					n := float64(sr.Summary.Downloads)
					d := sr.Time.Duration
					if d < n*0.65/3-1e-9 || d > n*2.65+1e-9 {
						t.Errorf("%s: duration %v for %v downloads", sr.Label, d, n)
					}
					if u := n * 0.65 / (d * 3); math.Abs(sr.Time.Utilisation-u) > 1e-9 {
						t.Errorf("%s: utilisation %v, want %v", sr.Label, sr.Time.Utilisation, u)
					}
				}
			}
		})
	}
}

// TestSteppingDoesNotChangeTheResult runs one scenario with budgets from a
// single unit per step to unlimited: the results must be identical. The
// scenario has an evolved previous snapshot, personalized importance,
// politeness, a budget, and strategies with recomputations and virtual
// re-expansions, so that every stage is split across steps.
func TestSteppingDoesNotChangeTheResult(t *testing.T) {
	s := Scenario{
		Graph:      Source{Generate: &Generate{Pages: 600, Seed: 2}},
		Previous:   &PreviousSource{Evolve: &Evolve{Seed: 4}},
		Importance: ImportancePersonalized,
		Seeds:      "random:8",
		Strategies: []Strategy{{ID: "optimal"}, {ID: "hist-pagerank-random"}, {ID: "partial-pagerank", Params: crawl.Values{"batch": 0.1}},
			{ID: "rankmass"}, {ID: "random"}, {ID: "larger-sites-first"}},
		Budget:     500,
		Politeness: &Politeness{Connections: 2, Wait: ptr(1)},
		RandomSeed: 11,
		Metrics:    Metrics{CurvePoints: 100, TauSample: 50, LowerBound: 3},
	}
	var first []byte
	for _, budget := range []int{math.MaxInt, 1000, 7, 1} {
		res := mustRun(t, s, Env{}, budget)
		if budget == math.MaxInt {
			checkStructure(t, res)
		}
		data := deterministicJSON(t, res)
		if first == nil {
			first = data
		} else if string(data) != string(first) {
			t.Errorf("budget %d gives another result:\n%s\nthan the unlimited budget:\n%s", budget, data, first)
		}
	}
}

// TestRunAddsStrategiesIndependently checks that each strategy draws from
// its own random streams: appending a strategy leaves the others' results
// alone, and two random crawls with different labels differ.
func TestRunAddsStrategiesIndependently(t *testing.T) {
	s := smallScenario()
	s.Strategies = []Strategy{{ID: "random"}, {ID: "bfs"}}
	a, err := Run(context.Background(), s, Env{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	s.Strategies = append(s.Strategies, Strategy{ID: "random", Label: "random again"})
	b, err := Run(context.Background(), s, Env{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k := range 2 {
		x, _ := json.Marshal(a.Strategies[k].Curve)
		y, _ := json.Marshal(b.Strategies[k].Curve)
		if string(x) != string(y) {
			t.Errorf("%s changed when a strategy was added", a.Strategies[k].Label)
		}
	}
	x, _ := json.Marshal(b.Strategies[0].Curve)
	y, _ := json.Marshal(b.Strategies[2].Curve)
	if string(x) == string(y) {
		t.Error("two random crawls with different labels drew the same order")
	}
}

// TestRunDoesNotDependOnOrder runs one list of strategies in several
// orders: every strategy's result must be the same in all of them (its
// crawl's random stream follows its label, tau's sample is common to all).
// fpr and fpr-m with m = 1 download in the same order (docs/algorithms.md section 3,
// example 3), so with a common sample their taus must be equal too.
func TestRunDoesNotDependOnOrder(t *testing.T) {
	s := smallScenario()
	s.Strategies = []Strategy{{ID: "optimal"}, {ID: "random"}, {ID: "fpr"}, {ID: "random", Label: "random 2"},
		{ID: "fpr-m", Params: crawl.Values{"m": 1}}, {ID: "bfs"}, {ID: "omniscient"}, {ID: "opic"}}
	s.Metrics.TauSample = 100
	s.Budget = 1500
	var first map[string]string
	orders := [][]int{{0, 1, 2, 3, 4, 5, 6, 7}, {7, 6, 5, 4, 3, 2, 1, 0}, {3, 5, 1, 7, 0, 2, 6, 4}}
	for _, order := range orders {
		p := s
		p.Strategies = nil
		for _, k := range order {
			p.Strategies = append(p.Strategies, s.Strategies[k])
		}
		res := mustRun(t, p, Env{}, RunBudget)
		checkStructure(t, res)
		got := make(map[string]string)
		for _, sr := range res.Strategies {
			sr.Cost.SchedulingSeconds = 0
			data, err := json.Marshal(sr)
			if err != nil {
				t.Fatal(err)
			}
			got[sr.Label] = string(data)
			if sr.Summary.TauSample != 100 {
				t.Fatalf("%s: tau sample of %d, want 100 of %d downloads", sr.Label, sr.Summary.TauSample, sr.Summary.Downloads)
			}
		}
		if first == nil {
			first = got
			continue
		}
		for label, data := range got {
			if data != first[label] {
				t.Errorf("order %v: %s differs from the first order's:\n%s\n%s", order, label, data, first[label])
			}
		}
	}
	byLabel := func(label string) StrategyResult {
		var sr StrategyResult
		if err := json.Unmarshal([]byte(first[label]), &sr); err != nil {
			t.Fatal(err)
		}
		return sr
	}
	fpr, fprm := byLabel("fpr"), byLabel("fpr-m m=1")
	if !reflect.DeepEqual(fpr.Curve, fprm.Curve) || !reflect.DeepEqual(fpr.Summary.Tau, fprm.Summary.Tau) {
		t.Errorf("fpr and fpr-m m=1 download alike but score tau %v and %v", *fpr.Summary.Tau, *fprm.Summary.Tau)
	}
	if r1, r2 := byLabel("random"), byLabel("random 2"); reflect.DeepEqual(r1.Curve, r2.Curve) {
		t.Error("two random crawls with different labels drew the same order")
	}
}

// TestRunCancels checks that Run stops with the context's error.
func TestRunCancels(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	_, err := Run(ctx, smallScenario(), Env{}, func(p step.Progress) {
		calls++
		if calls == 3 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) || calls != 3 {
		t.Errorf("error %v after %d reports, want context.Canceled after 3", err, calls)
	}
}

func mustNormalize(t *testing.T, s Scenario) Scenario {
	t.Helper()
	n, err := Normalize(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestWarnings checks the warnings of a graph without hosts crawled by
// larger-sites-first and fpr-m under politeness, with a budget above the pages
// reachable, guaranteed curves beside uniform importance, and pages the
// seeds cannot reach.
func TestWarnings(t *testing.T) {
	s := Scenario{
		Graph:      Source{File: "ids.edges", Renumber: true},
		Seeds:      "list:10",
		Strategies: []Strategy{{ID: "larger-sites-first"}, {ID: "windowed-rankmass"}, {ID: "fpr-m"}, {ID: "l-neighbor"}},
		Budget:     10,
		Politeness: &Politeness{},
	}
	res := mustRun(t, s, Env{FS: testFS}, 1000)
	want := []string{
		"graph: the ids of ids.edges are renumbered densely: 4 pages, 37 unused ids dropped",
		"seeds: 1 of the 4 pages cannot be reached from the seeds; they hold 0.0375 of the importance, which no crawl collects",
		"budget: 10 is more than the 3 pages reachable from the seeds; every crawl stops after 3 downloads",
		"larger-sites-first: the graph has no hosts, so all pages count as one host and it downloads breadth-first (give a URL list for hosts)",
		"fpr-m: the graph has no hosts, so every link is intra-host and it downloads exactly as fpr (give a URL list for hosts)",
		"politeness: the graph has no hosts, so all pages count as one host and every download waits for the one before (give a URL list for hosts)",
		"importance: the guaranteed curves of windowed-rankmass, l-neighbor bound the personalized PageRank of the seeds (Cho and Schonfeld 2007, section 4), not the uniform PageRank the curves sum; set importance to personalized to compare them",
	}
	if !reflect.DeepEqual(res.Warnings, want) {
		t.Errorf("warnings\n got %q\nwant %q", res.Warnings, want)
	}
	// Page 40 has no in-links: PageRank gives it (1-d)/n = 0.15/4, to the
	// importance's L1 tolerance (1e-10).
	if math.Abs(res.Strategies[0].Summary.Final-(1-0.0375)) > 1e-10 {
		t.Errorf("final %v, want 1 - 0.0375", res.Strategies[0].Summary.Final)
	}
}

// TestRunnerErrors checks the errors of New and Step: files without a file
// system, missing files, and seeds that need hosts.
func TestRunnerErrors(t *testing.T) {
	_, err := New(Scenario{Graph: Source{File: "g.edges"}}, Env{})
	if want := `scenario: the graph is the file "g.edges", but no file system was given to read it from`; err == nil || err.Error() != want {
		t.Errorf("New without FS: %v, want %q", err, want)
	}
	_, err = New(Scenario{Strategies: []Strategy{{ID: "hist-pagerank-random"}}}, Env{})
	var fe *FieldError
	if !errors.As(err, &fe) || fe.Field != "strategies[0]" {
		t.Errorf("New with a historical strategy and no snapshot: %v", err)
	}
	r, err := New(Scenario{Graph: Source{File: "missing.edges"}, Strategies: []Strategy{{ID: "bfs"}}}, Env{FS: testFS})
	if err != nil {
		t.Fatal(err)
	}
	_, err = r.Step(1)
	if !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), "missing.edges") {
		t.Errorf("missing file: %v", err)
	}
	if _, again := r.Step(1); again != err {
		t.Errorf("a failed runner steps again: %v", again)
	}
	if _, rerr := r.Result(); rerr != err {
		t.Errorf("Result after failure: %v", rerr)
	}
	r, err = New(Scenario{Graph: Source{File: "ids.edges"}, Seeds: "host-roots", Strategies: []Strategy{{ID: "bfs"}}}, Env{FS: testFS})
	if err != nil {
		t.Fatal(err)
	}
	err = step.Run(context.Background(), r, 1000, nil)
	if _, rerr := r.Result(); rerr != err || rerr == nil || rerr.Error() != "seeds: host-roots: the graph has no hosts (give a URL list)" {
		t.Errorf("host-roots without hosts: %v", rerr)
	}
	// The errors of the seeds lead with the field, as the page's form
	// names it, so that the page marks the seeds box (ui's invalidTarget).
	r, err = New(Scenario{Graph: Source{File: "ids.edges"}, Seeds: "community:3", Strategies: []Strategy{{ID: "bfs"}}}, Env{FS: testFS})
	if err != nil {
		t.Fatal(err)
	}
	err = step.Run(context.Background(), r, 1000, nil)
	if err == nil || !strings.HasPrefix(err.Error(), "seeds: community:3: the graph has no hosts, and community seeds drop every link within a host") {
		t.Errorf("community seeds without hosts: %v", err)
	}
	if _, rerr := (&Runner{}).Result(); rerr == nil {
		t.Error("Result of an unfinished run gives no error")
	}
}

// TestSchedulingClock checks that Env.Clock times the crawls: with a
// clock that advances one second per reading, every call of a crawl's
// Step measures exactly one second.
func TestSchedulingClock(t *testing.T) {
	var now time.Duration
	clock := func() time.Duration { now += time.Second; return now }
	res := mustRun(t, smallScenario(), Env{Clock: clock}, 1000)
	for _, sr := range res.Strategies {
		if s := sr.Cost.SchedulingSeconds; s < 1 || s != math.Trunc(s) {
			t.Errorf("%s: scheduling seconds %v, want a whole number of calls", sr.Label, s)
		}
	}
	res = mustRun(t, smallScenario(), Env{}, 1000)
	for _, sr := range res.Strategies {
		if sr.Cost.SchedulingSeconds != 0 {
			t.Errorf("%s: scheduling seconds %v without a clock", sr.Label, sr.Cost.SchedulingSeconds)
		}
	}
}

// TestEveryStageIsStepped runs a scenario with a previous snapshot in steps
// of one unit and checks that the passes over the graphs (summary,
// reachability, the snapshots' match) each take several steps, so that
// none of them is one long item; and that no transpose is built (PageRank
// builds its own in-arc layout, rank.NewPageRank).
func TestEveryStageIsStepped(t *testing.T) {
	s := Scenario{
		Graph:      Source{Generate: &Generate{Pages: 2000, Seed: 3}},
		Previous:   &PreviousSource{Evolve: &Evolve{Seed: 4}},
		Seeds:      "top-pagerank:10",
		Strategies: []Strategy{{ID: "hist-pagerank-zero"}},
	}
	r, err := New(s, Env{})
	if err != nil {
		t.Fatal(err)
	}
	steps := map[string]int{}
	for {
		stage := r.Progress().Stage
		done, err := r.Step(1)
		if err != nil {
			t.Fatal(err)
		}
		steps[stage]++
		if done {
			break
		}
	}
	for _, stage := range []string{"graph summary", "match previous snapshot", "reachable pages"} {
		if steps[stage] < 10 {
			t.Errorf("stage %q took %d steps of one unit, want it split into many", stage, steps[stage])
		}
	}
	for stage := range steps {
		if strings.Contains(stage, "transpose") {
			t.Errorf("stage %q: a transpose was built, which nothing needs", stage)
		}
	}
}

// TestReleaseAfterDroppingState: Env.Release is called once the reachable
// pages are counted, once PageRank has converged and once per strategy
// after its metrics, each time with that state already dropped, so that
// the host may return it to the operating system before the next crawl;
// and the PageRank stage reports an estimate of its iterations as Total.
func TestReleaseAfterDroppingState(t *testing.T) {
	s := Scenario{
		Graph:      Source{Generate: &Generate{Pages: 3000, Seed: 5}},
		Seeds:      "top-pagerank:10",
		Strategies: []Strategy{{ID: "bfs"}, {ID: "opic"}, {ID: "fpr"}},
	}
	var r *Runner
	calls := 0
	r, err := New(s, Env{Release: func() {
		calls++
		if r.seeds.search != nil || r.imp.pagerank != nil {
			t.Errorf("release %d: the reachable pages' search or PageRank is still held", calls)
		}
		for k := range r.crawls.runs {
			if r.crawls.runs[k].crawl != nil || r.crawls.runs[k].measurer != nil {
				t.Errorf("release %d: strategy %d still holds its crawl", calls, k)
			}
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	var estimate int64
	for done := false; !done; {
		if p := r.Progress(); p.Stage == "importance" {
			estimate = max(estimate, p.Total)
		}
		if done, err = r.Step(1); err != nil {
			t.Fatal(err)
		}
	}
	if calls != 5 {
		t.Errorf("Release was called %d times, want 5 (reachable pages, PageRank, 3 strategies)", calls)
	}
	if res, _ := r.Result(); estimate < 3 || estimate > int64(res.Importance.Iterations)+5 {
		t.Errorf("PageRank's progress estimated at most %d iterations, it took %d", estimate, res.Importance.Iterations)
	}
}

// countingLists serves a CSR graph's lists through cursors (a graph.Lists,
// as a BVGraph read in place) and counts the lists decoded; once armed
// (armAt lists decoded, when armAt > 0), its cancel function fails: a stop
// signal that arrives in the middle of a Step. The lists decoded after
// that are the work the Step still does.
type countingLists struct {
	g       *graph.Graph
	armAt   atomic.Int64
	decoded atomic.Int64
}

func (l *countingLists) NumNodes() int           { return l.g.NumNodes() }
func (l *countingLists) NumArcs() int64          { return l.g.NumArcs() }
func (l *countingLists) OutDegree(i uint32) int  { return l.g.OutDegree(i) }
func (l *countingLists) NewCursor() graph.Cursor { return countingCursor{l} }

// armed reports whether the cancel function fails.
func (l *countingLists) armed() bool {
	at := l.armAt.Load()
	return at > 0 && l.decoded.Load() >= at
}

// cancel is Env.Cancel: context.Canceled once armed.
func (l *countingLists) cancel() error {
	if l.armed() {
		return context.Canceled
	}
	return nil
}

// afterArmed is the number of lists decoded since the cancel function
// began to fail.
func (l *countingLists) afterArmed() int64 { return l.decoded.Load() - l.armAt.Load() }

type countingCursor struct{ l *countingLists }

func (c countingCursor) Out(i uint32) []uint32 {
	c.l.decoded.Add(1)
	return c.l.g.Out(i)
}

func (c countingCursor) Err() error { return nil }

// stopsWithin is how many lists a Step may still decode after Env.Cancel
// has begun to fail: a few polling intervals of the passes over the links
// (64 Ki pages each), far fewer than the pages of cancelGraph.
const stopsWithin = 4 << 16

// cancelCSR is a random graph of 600,000 pages (8 links a page, some
// dangling), large enough that a pass over it decodes far more lists than
// stopsWithin.
func cancelCSR(t *testing.T) *graph.Graph {
	t.Helper()
	const n = 600_000
	rng := rand.New(rand.NewPCG(1, 2))
	b := graph.NewBuilder(n)
	for i := range uint32(n) {
		if i%10 == 9 {
			continue
		}
		for range 8 {
			b.Add(i, uint32(rng.IntN(n)))
		}
	}
	csr, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return csr
}

// stepUntilStage steps r until the task about to run is stage (its
// progress, named as Runner.Progress names it, begins with stage), then
// arms l to fail 1,000 lists into the next Step, which must stop with
// context.Canceled having decoded at most stopsWithin more lists.
func stepUntilStage(t *testing.T, r *Runner, l *countingLists, stage string) {
	t.Helper()
	for !strings.HasPrefix(r.Progress().Stage, stage) {
		done, err := r.Step(RunBudget)
		if err != nil {
			t.Fatalf("before %s: %v", stage, err)
		}
		if done {
			t.Fatalf("the run ended without a stage %q", stage)
		}
	}
	l.armAt.Store(l.decoded.Load() + 1000)
	_, err := r.Step(RunBudget)
	if !l.armed() {
		t.Fatalf("%s: the Step decoded fewer than 1,000 lists", stage)
	}
	if !errors.Is(err, context.Canceled) {
		t.Errorf("%s: the Step in which Env.Cancel began to fail returned %v, want context.Canceled", stage, err)
	}
	if d := l.afterArmed(); d > stopsWithin {
		t.Errorf("%s: the Step decoded %d lists after Env.Cancel began to fail, want at most %d (of %d pages)", stage, d, stopsWithin, l.g.NumNodes())
	}
}

// TestStagesStopSoonAfterCancel: a Step that runs when a stop signal
// arrives (Env.Cancel begins to fail) ends within a bounded amount of
// work, however large the graph: a pass over the links polls Env.Cancel
// every few milliseconds, so a run at a billion links stops within a
// fraction of a second.
func TestStagesStopSoonAfterCancel(t *testing.T) {
	g := cancelCSR(t)
	n := g.NumNodes()
	scores := make([]float64, n)
	for i := range scores {
		scores[i] = 1 / float64(n)
	}
	var own, raw bytes.Buffer
	if err := graphio.WriteImportance(&own, g, &graphio.Importance{Scores: scores, Kind: graphio.ImportancePageRank, Damping: 0.85, Tolerance: 1e-10}); err != nil {
		t.Fatal(err)
	}
	for _, x := range scores {
		binary.Write(&raw, binary.LittleEndian, x)
	}
	files := fstest.MapFS{
		"g.edges":   {Data: []byte("0 1\n")}, // never read: Env.Loaded holds the graph
		"own.imp":   {Data: own.Bytes()},
		"raw.f64le": {Data: raw.Bytes()},
	}
	for _, c := range []struct {
		name, stage, file string
		format            graphio.ImportanceFileFormat
	}{
		// crawlsim's own file: its fingerprint against the graph's links
		{"fingerprint", "load importance", "own.imp", ""},
		// another engine's vector: one PageRank step from it
		{"foreign check", "load importance", "raw.f64le", graphio.ImportanceFloat64},
		// PageRank's in-arc layout, built in NewPageRank's Step
		{"pagerank layout", "importance", "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			l := &countingLists{g: g}
			lists := &graph.Graph{Lists: l}
			env := Env{
				FS:               files,
				Cancel:           l.cancel,
				ImportanceFile:   c.file,
				ImportanceFormat: c.format,
				Loaded: func(string, string, string) (*graph.Graph, *graphio.Labels, bool) {
					return lists, nil, true
				},
			}
			s := Scenario{Graph: Source{File: "g.edges"}, Seeds: "list:0", Strategies: []Strategy{{ID: "bfs"}}}
			r, err := New(s, env)
			if err != nil {
				t.Fatal(err)
			}
			stepUntilStage(t, r, l, c.stage)
		})
	}
}

// TestNewRefusesSeedListFile: list:FILE, which a run cannot read (see
// TestSeedListFileIsNotALabel), is refused by New, before the graph is
// generated or loaded and its PageRank computed, which on the page took
// as long as the graph is large before the seeds field was named.
func TestNewRefusesSeedListFile(t *testing.T) {
	s := Scenario{Graph: Source{Generate: &Generate{Pages: 2_000_000, Seed: 1}}, Seeds: "list:b", Strategies: []Strategy{{ID: "bfs"}}}
	r, err := New(s, Env{})
	var fe *FieldError
	if !errors.As(err, &fe) || fe.Field != "seeds" || r != nil {
		t.Fatalf("New: runner %v, error %v; want no runner and the seeds field's error", r != nil, err)
	}
}
