package scenario

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"testing"
	"testing/fstest"

	"pgregory.net/rapid"

	"github.com/crawlsim/crawlsim/engine/gen"
	"github.com/crawlsim/crawlsim/engine/graph"
)

// TestPropertyBreadthFirstCrawlCountsTheReachablePages runs drawn
// scenarios (generated graphs sparse enough to leave pages unreached,
// random or top-PageRank seeds, budgets below and above the count,
// politeness, uniform or personalized importance, bfs among other
// strategies, some that read the count, 1 to 3 crawls at once) twice:
// with the breadth-first crawl counting the reachable pages as it crawls
// (seedStage.share when the crawls run one at a time,
// parallelCrawls.counter when they run at once), and with graph.Reach
// counting them before the crawls. The results, warnings included, must
// be the same, and the count graph.Reach's from the run's seeds.
func TestPropertyBreadthFirstCrawlCountsTheReachablePages(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		pages := rapid.IntRange(20, 600).Draw(t, "pages")
		gp := &Generate{Pages: pages, Hosts: rapid.IntRange(1, 8).Draw(t, "hosts"),
			MeanOutDegree: rapid.Float64Range(0.5, 4).Draw(t, "mean out-degree"), Seed: rapid.Uint64().Draw(t, "graph seed")}
		others := rapid.SliceOfNDistinct(rapid.SampledFrom([]string{"opic", "fpr", "optimal", "larger-sites-first", "random", "backlink", "l-neighbor", "rankmass"}),
			0, 3, func(id string) string { return id }).Draw(t, "other strategies")
		ids := slices.Insert(others, rapid.IntRange(0, len(others)).Draw(t, "bfs's place"), "bfs")
		s := Scenario{
			Graph:      Source{Generate: gp},
			Seeds:      fmt.Sprintf("%s:%d", rapid.SampledFrom([]string{"random", "top-pagerank"}).Draw(t, "seeds"), rapid.IntRange(1, 6).Draw(t, "seed count")),
			RandomSeed: rapid.Uint64().Draw(t, "random seed"),
			Metrics:    Metrics{CurvePoints: 50},
		}
		for _, id := range ids {
			s.Strategies = append(s.Strategies, Strategy{ID: id})
		}
		if rapid.Bool().Draw(t, "budget") {
			s.Budget = int64(rapid.IntRange(1, pages).Draw(t, "downloads"))
		}
		if rapid.Bool().Draw(t, "politeness") {
			s.Politeness = &Politeness{Connections: rapid.IntRange(1, 3).Draw(t, "connections"), Wait: ptr(rapid.SampledFrom([]float64{0, 2}).Draw(t, "wait"))}
		}
		if rapid.Bool().Draw(t, "personalized") {
			s.Importance = ImportancePersonalized
		}
		env := Env{Parallel: rapid.IntRange(1, 3).Draw(t, "crawls at once")}

		shared, err := New(s, env)
		if err != nil {
			t.Fatal(err)
		}
		// The crawl counts them in the seed stage when the crawls run one
		// at a time, among them when they run at once.
		oneAtATime := env.Parallel <= 1 || len(ids) == 1
		if (shared.seeds.share >= 0) != oneAtATime || (shared.crawls.par.counter >= 0) == oneAtATime {
			t.Fatalf("%d crawls at once, %d strategies: the crawl that counts the reachable pages is %d in the seed stage, %d among the crawls",
				env.Parallel, len(ids), shared.seeds.share, shared.crawls.par.counter)
		}
		got := runDrawn(t, shared)
		alone, err := New(s, env)
		if err != nil {
			t.Fatal(err)
		}
		alone.seeds.share, alone.crawls.par.counter = -1, -1 // graph.Reach counts them
		want := runDrawn(t, alone)
		if !reflect.DeepEqual(got, want) {
			a, _ := json.Marshal(got)
			b, _ := json.Marshal(want)
			t.Fatalf("the breadth-first crawl's count gave\n%s\ngraph.Reach's\n%s", a, b)
		}

		p := gen.DefaultParams()
		p.Pages, p.Hosts, p.MeanOutDegree, p.Seed = gp.Pages, gp.Hosts, gp.MeanOutDegree, gp.Seed
		g, err := gen.Generate(p)
		if err != nil {
			t.Fatal(err)
		}
		r := graph.NewReach(g)
		r.Start(got.Seeds)
		if _, done := r.Expand(math.MaxInt64); !done {
			t.Fatal("graph.Reach did not finish")
		}
		if got.Reachable != int64(r.Reached()) {
			t.Fatalf("%d reachable pages, graph.Reach counts %d", got.Reachable, r.Reached())
		}
	})
}

// runDrawn steps r to its end in Steps of 500 units and returns its
// result.
func runDrawn(t *rapid.T, r *Runner) *Result {
	for done := false; !done; {
		var err error
		if done, err = r.Step(500); err != nil {
			t.Fatal(err)
		}
	}
	res, err := r.Result()
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestSeedListFileIsNotALabel checks that list:b means what it means on
// the command line, a file of seeds, which a run does not read (the
// command line reads it and gives the run its items), so it is refused,
// saying how to seed the page labelled b; list:"b" seeds that page.
func TestSeedListFileIsNotALabel(t *testing.T) {
	fsys := fstest.MapFS{"labels.edges": {Data: []byte("a b\nb c\nc a\n")}}
	s := Scenario{Graph: Source{File: "labels.edges", Renumber: true}, Seeds: "list:b", Strategies: []Strategy{{ID: "bfs"}}}
	_, err := Run(context.Background(), s, Env{FS: fsys}, nil)
	var fe *FieldError
	want := `list:b: an item alone that is neither a page id (a number from 0) nor a URL names a file of seeds, which only the command line reads (crawlsim run -seeds list:b); to seed the page labelled b, quote it: list:"b"`
	if !errors.As(err, &fe) || fe.Field != "seeds" || fe.Message != want {
		t.Errorf("list:b: error %v; want the seeds field's %q", err, want)
	}
	s.Seeds = `list:"b"`
	res, err := Run(context.Background(), s, Env{FS: fsys}, nil)
	if err != nil {
		t.Fatalf(`list:"b": %v`, err)
	}
	if !slices.Equal(res.Seeds, []uint32{1}) {
		t.Errorf(`list:"b": seeds %v; want [1], the page labelled b`, res.Seeds)
	}
}

// TestSeedStageWarningsGroupDigits: the seed stage's warnings write their
// counts as every other figure is written (model.Count), so that the
// page, which rewrites them for a student, and the command line read
// "2,000", not "2000".
func TestSeedStageWarningsGroupDigits(t *testing.T) {
	s := Scenario{
		Graph:      Source{Generate: &Generate{Pages: 2000, Seed: 3}},
		Seeds:      "top-pagerank:3000",
		Strategies: []Strategy{{ID: "bfs"}},
		Budget:     99999,
	}
	res := mustRun(t, s, Env{}, 1000)
	want := []string{
		"seeds: top-pagerank:3000 asks for more pages than the graph's 2,000; all of them are seeds",
		"budget: 99,999 is more than the 2,000 pages reachable from the seeds; every crawl stops after 2,000 downloads",
	}
	if !reflect.DeepEqual(res.Warnings, want) {
		t.Errorf("warnings\n got %q\nwant %q", res.Warnings, want)
	}
}
