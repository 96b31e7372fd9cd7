package scenario

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/crawlsim/crawlsim/engine/seeds"
)

// studyScenario is a seed study of community seeds on a generated graph
// and its evolution.
func studyScenario() Scenario {
	return Scenario{
		Graph:      Source{Generate: &Generate{Pages: 3000, Seed: 6}},
		Previous:   &PreviousSource{Evolve: &Evolve{Seed: 2}},
		Seeds:      "community:5",
		Strategies: []Strategy{},
		SeedStudy:  &SeedStudy{Samples: 20},
		RandomSeed: 4,
	}
}

func TestSeedStudy(t *testing.T) {
	s := studyScenario()
	r, err := New(mustNormalize(t, s), Env{})
	if err != nil {
		t.Fatal(err)
	}
	res := stepToEnd(t, r, RunBudget)
	st := res.SeedStudy
	if st == nil || st.Community == nil || len(res.Strategies) != 0 {
		t.Fatalf("result %+v", res)
	}
	if !slices.Equal(res.Seeds, st.Community.Seeds) || len(res.Seeds) != 5 || len(st.Names) != 5 {
		t.Errorf("seeds %v, community seeds %v, names %v", res.Seeds, st.Community.Seeds, st.Names)
	}
	names := []string{"community:5", "random:5", "top-pagerank:5", "community:5 of the previous snapshot"}
	var got []string
	for _, p := range st.Evaluation.Profiles {
		got = append(got, p.Name)
	}
	if !slices.Equal(got, names) {
		t.Fatalf("profiles %v, want %v", got, names)
	}
	// The seeds' own crawl reaches exactly the pages the run counts as
	// reachable, and starts from the 5 seeds.
	if p := st.Evaluation.Profiles[0]; p.Reached != res.Reachable || p.Pages[0] != 5 {
		t.Errorf("the seeds' profile reaches %d pages from %d seeds; the run counts %d reachable", p.Reached, p.Pages[0], res.Reachable)
	}
	// On the older graph the first core's authorities hold most of the
	// links between hosts; removing them leaves room for 3 cores only.
	o := st.Older
	if o == nil || o.Extracted != 3 || o.Survived > o.Extracted || o.Survived != len(o.Seeds) || st.Evaluation.Profiles[3].Seeds != o.Survived {
		t.Errorf("older seeds %+v", o)
	}
	if c := st.Evaluation.Cores; c.Cores != 5 || c.Pairs+c.Unreachable != 20 {
		t.Errorf("core distances %+v", c)
	}
	if st.Evaluation.AverageDistance <= 0 || st.Evaluation.DistanceSamples != 20 {
		t.Errorf("average distance %v over %d samples", st.Evaluation.AverageDistance, st.Evaluation.DistanceSamples)
	}
	// The same scenario stepped one unit at a time gives the same bytes.
	r2, _ := New(mustNormalize(t, s), Env{})
	again := stepToEnd(t, r2, 1)
	a, _ := MarshalResult(res)
	b, _ := MarshalResult(again)
	if string(a) != string(b) {
		t.Error("stepping one unit at a time changed the seed study")
	}
}

func TestSeedStudyErrors(t *testing.T) {
	files := fstest.MapFS{"g.edges": &fstest.MapFile{Data: []byte("0 1\n1 2\n2 0\n")}}
	s := Scenario{Graph: Source{File: "g.edges"}, Seeds: "community:2", Strategies: []Strategy{{ID: "bfs"}}}
	r, err := New(mustNormalize(t, s), Env{FS: files})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Run(t.Context(), r.Scenario(), Env{FS: files}, nil); err == nil || !strings.Contains(err.Error(), "no hosts") {
		t.Errorf("community seeds without hosts: %v", err)
	}
	s = studyScenario()
	s.SeedStudy = nil
	if _, err := Normalize(s); err == nil || !strings.Contains(err.Error(), "strategies") {
		t.Errorf("no strategies without a seed study: %v", err)
	}
	s = studyScenario()
	s.SeedStudy.Samples = -3
	if _, err := Normalize(s); err == nil || !strings.Contains(err.Error(), "seed_study.samples") {
		t.Errorf("negative samples: %v", err)
	}
}

// TestSeedStudyStanford runs the study of Daneshpajouh et al. 2008 on the cs-stanford
// crawl with hosts from its URL list; the figures are logged for the
// record.
func TestSeedStudyStanford(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "shared", "data", "cs-stanford")
	if _, err := os.Stat(filepath.Join(dir, "cs-stanford.edges")); err != nil {
		t.Skipf("cs-stanford data not available (%v); it lives in ../shared/data beside the repository", err)
	}
	s := Scenario{Graph: Source{File: "cs-stanford.edges", URLs: "cs-stanford.urls"}, Seeds: "community:10",
		Strategies: []Strategy{}, SeedStudy: &SeedStudy{}, RandomSeed: 1}
	r, err := New(mustNormalize(t, s), Env{FS: os.DirFS(dir)})
	if err != nil {
		t.Fatal(err)
	}
	res := stepToEnd(t, r, RunBudget)
	st := res.SeedStudy
	if len(st.Community.Seeds) != 10 || st.Community.PrunedLinks != 1457 {
		t.Fatalf("%d seeds on %d pruned links; the crawl has 1,457 links between hosts", len(st.Community.Seeds), st.Community.PrunedLinks)
	}
	for _, c := range st.Community.Cores {
		if c.Density != 100 || int64(len(c.Hubs)*len(c.Authorities)) != c.Links {
			t.Errorf("core %+v is not complete", c)
		}
	}
	if p := st.Evaluation.Profiles[0]; p.Reached != res.Reachable {
		t.Errorf("community profile reaches %d, the run %d", p.Reached, res.Reachable)
	}
	for _, p := range st.Evaluation.Profiles {
		t.Logf("%-16s reached %5d pages holding %.4f of the PageRank; pages per depth %v", p.Name, p.Reached, p.Importance, p.Pages)
	}
	c := st.Evaluation.Cores
	t.Logf("core distances: min %d, mean %.2f, max %d over %d pairs (%d without a path); average connected distance %.2f",
		c.Min, c.Mean, c.Max, c.Pairs, c.Unreachable, st.Evaluation.AverageDistance)
}

// TestSeedStudyNamesAfterEvolve: an edge list with its own ids, evolved,
// has new pages the file never named; the study names them without
// failing.
func TestSeedStudyNamesAfterEvolve(t *testing.T) {
	var b strings.Builder
	for i := range 400 {
		fmt.Fprintf(&b, "%d %d\n%d %d\n", 1000+i, 1000+(i*7+1)%400, 1000+i, 1000+(i*13+5)%400)
	}
	files := fstest.MapFS{"g.edges": &fstest.MapFile{Data: []byte(b.String())}}
	s := Scenario{Graph: Source{File: "g.edges", Renumber: true}, Previous: &PreviousSource{Evolve: &Evolve{Seed: 2}}, Seeds: "random:100",
		Strategies: []Strategy{}, SeedStudy: &SeedStudy{Samples: 5}, RandomSeed: 3}
	r, err := New(mustNormalize(t, s), Env{FS: files})
	if err != nil {
		t.Fatal(err)
	}
	res := stepToEnd(t, r, RunBudget)
	named, fresh := 0, 0
	for k, p := range res.Seeds {
		name := res.SeedStudy.Names[k]
		switch {
		case strings.HasPrefix(name, "new page "):
			fresh++
		case name != strconv.Itoa(int(p)):
			named++ // the file's own id, not the page number
		}
	}
	if fresh == 0 || named == 0 {
		t.Errorf("%d seeds named by the file's ids and %d new pages; want some of each: %v", named, fresh, res.SeedStudy.Names)
	}
}

// TestSeedStudyLeavesCrawlsAlone: asking for a seed study changes none of
// the crawls' results (the study draws from its own random stream).
func TestSeedStudyLeavesCrawlsAlone(t *testing.T) {
	s := studyScenario()
	s.Strategies = []Strategy{{ID: "optimal"}, {ID: "random"}, {ID: "fpr"}}
	crawls := func(s Scenario) string {
		r, err := New(mustNormalize(t, s), Env{})
		if err != nil {
			t.Fatal(err)
		}
		res := stepToEnd(t, r, RunBudget)
		for k := range res.Strategies {
			res.Strategies[k].Cost.SchedulingSeconds = 0
		}
		data, err := json.Marshal(res.Strategies)
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	with := crawls(s)
	s.SeedStudy = nil
	if without := crawls(s); with != without {
		t.Error("the seed study changed the crawls")
	}
}

// TestSeedStudyRandomSetIsRunsRandomSet: the seed study's random:K set is
// the set -seeds random:K draws with the same random seed (one definition
// of random:K): a study of top-pagerank:8 and a study of random:8, whose
// first profile is its own seeds', crawl the same depth profile from
// random:8.
func TestSeedStudyRandomSetIsRunsRandomSet(t *testing.T) {
	study := func(spec string) *SeedStudyResult {
		s := Scenario{Graph: Source{Generate: &Generate{Pages: 3000, Seed: 6}}, Seeds: spec, Strategies: []Strategy{},
			SeedStudy: &SeedStudy{Samples: 5}, RandomSeed: 4}
		return mustRun(t, mustNormalize(t, s), Env{}, RunBudget).SeedStudy
	}
	var fromStudy *seeds.DepthProfile
	for _, p := range study("top-pagerank:8").Evaluation.Profiles {
		if p.Name == "random:8" {
			fromStudy = &p
		}
	}
	own := study("random:8").Evaluation.Profiles[0]
	if fromStudy == nil || own.Name != "random:8" {
		t.Fatalf("profiles %v and %v", fromStudy, own.Name)
	}
	if !slices.Equal(fromStudy.Pages, own.Pages) || fromStudy.Reached != own.Reached {
		t.Errorf("random:8 reaches %v (%d pages) in the study of top-pagerank:8, %v (%d) as the run's seeds", fromStudy.Pages, fromStudy.Reached, own.Pages, own.Reached)
	}
}
