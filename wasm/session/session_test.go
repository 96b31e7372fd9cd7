package session

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/crawlsim/crawlsim/engine/refresh"
	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/engine/step"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// fakeClock advances by tick at every reading, so slices are made of a
// fixed number of readings whatever the machine's speed.
func fakeClock(tick time.Duration) func() time.Duration {
	now := time.Duration(0)
	return func() time.Duration {
		now += tick
		return now
	}
}

func request(id int64, kind string) protocol.Request {
	return protocol.Request{Version: protocol.Version, ID: id, Kind: kind}
}

// handleAll starts req, which must answer nothing at once, and returns
// every response until it ends.
func handleAll(t *testing.T, s *Session, req protocol.Request) []protocol.Response {
	t.Helper()
	if out := s.Handle(req, nil); len(out) != 0 {
		t.Fatalf("starting %s request %d answered %+v", req.Kind, req.ID, out)
	}
	return finish(t, s)
}

// finish slices until the current request ends and returns every response.
func finish(t *testing.T, s *Session) []protocol.Response {
	t.Helper()
	var out []protocol.Response
	for i := 0; s.Busy(); i++ {
		if i > 1e6 {
			t.Fatal("the request does not end")
		}
		out = append(out, s.Slice()...)
	}
	return out
}

func last(t *testing.T, rs []protocol.Response, kind string) protocol.Response {
	t.Helper()
	if len(rs) == 0 {
		t.Fatalf("no response, want %s", kind)
	}
	r := rs[len(rs)-1]
	if r.Kind != kind {
		t.Fatalf("last response %s (%s), want %s", r.Kind, r.Error, kind)
	}
	return r
}

func smallRun() scenario.Scenario {
	return scenario.Scenario{
		Graph:      scenario.Source{Generate: &scenario.Generate{Pages: 3000, Seed: 2}},
		Seeds:      "top-pagerank:20",
		Strategies: []scenario.Strategy{{ID: "optimal"}, {ID: "bfs"}, {ID: "fpr"}, {ID: "opic"}},
		RandomSeed: 5,
	}
}

// TestRunGivesTheNativeResult runs a scenario in slices and compares its
// table with scenario.Run's: the page shows what the command line prints.
func TestRunGivesTheNativeResult(t *testing.T) {
	s := New(fakeClock(time.Millisecond))
	req := request(1, protocol.KindRun)
	sc := smallRun()
	req.Scenario = &sc
	rs := handleAll(t, s, req)
	progress := 0
	for _, r := range rs[:len(rs)-1] {
		if r.Kind != protocol.KindProgress || r.ID != 1 || r.Progress == nil {
			t.Fatalf("response %+v before the result", r)
		}
		progress++
	}
	if progress == 0 {
		t.Error("no progress before the result")
	}
	got, err := scenario.ParseResult(bytes.NewReader(last(t, rs, protocol.KindResult).Result), "result")
	if err != nil {
		t.Fatal(err)
	}
	want, err := scenario.Run(context.Background(), sc, scenario.Env{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a, b := table(t, got), table(t, want); a != b {
		t.Errorf("sliced run's table\n%s\nnative\n%s", a, b)
	}
}

// table is a result's table without its scheduling times, the one figure
// measured by a clock.
func table(t *testing.T, r *scenario.Result) string {
	t.Helper()
	for k := range r.Strategies {
		r.Strategies[k].Cost.SchedulingSeconds = 0
	}
	var b strings.Builder
	if err := report.Table(&b, r); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestProgressCadence checks that a long run reports progress at least
// every ProgressEvery of slices (four slices of 25 ms).
func TestProgressCadence(t *testing.T) {
	s := New(fakeClock(time.Millisecond))
	req := request(1, protocol.KindRun)
	sc := smallRun()
	sc.Graph.Generate.Pages = 20000
	req.Scenario = &sc
	s.Handle(req, nil)
	silent := 0
	for s.Busy() {
		if len(s.Slice()) > 0 {
			silent = 0
			continue
		}
		if silent++; silent > int(ProgressEvery/SliceTime)+1 {
			t.Fatalf("%d slices without progress", silent)
		}
	}
}

// costlyStepper is a Stepper whose units cost a stage's price of clock
// time: cheap stages make the budget grow, and an expensive stage after
// them must not inherit it. Like scenario.Runner, it ends a step at a stage
// boundary.
type costlyStepper struct {
	now    *time.Duration
	stages []struct {
		units int
		cost  time.Duration
	}
	stage, done int
	longest     time.Duration
}

func (c *costlyStepper) Step(budget int) (bool, error) {
	start := *c.now
	for budget > 0 && c.stage < len(c.stages) {
		st := c.stages[c.stage]
		n := min(budget, st.units-c.done)
		*c.now += time.Duration(n) * st.cost
		c.done += n
		budget -= n
		if c.done == st.units {
			// As scenario.Runner does, a stage boundary ends the step.
			c.stage, c.done = c.stage+1, 0
			break
		}
	}
	c.longest = max(c.longest, *c.now-start)
	return c.stage == len(c.stages), nil
}

func (c *costlyStepper) Progress() step.Progress {
	return step.Progress{Stage: fmt.Sprint("stage ", c.stage)}
}

// TestStepBudgetFollowsTheStage runs a cheap stage and then one whose
// units cost 10,000 times more: no Step may run past a slice, so that a
// cancel or progress always waits less than a slice or two.
func TestStepBudgetFollowsTheStage(t *testing.T) {
	now := time.Duration(0)
	clock := func() time.Duration { return now }
	c := &costlyStepper{now: &now, stages: []struct {
		units int
		cost  time.Duration
	}{{5_000_000, 100 * time.Nanosecond}, {5000, time.Millisecond}, {1_000_000, time.Microsecond}}}
	s := New(clock)
	s.task = s.newTask(1, c, func() (protocol.Response, error) { return response(1, protocol.KindResult), nil })
	slices := 0
	for s.Busy() {
		start := now
		s.Slice()
		if took := now - start; took > 2*SliceTime {
			t.Fatalf("slice %d took %v", slices, took)
		}
		slices++
	}
	if c.longest > SliceTime {
		t.Errorf("the longest Step took %v, above a slice", c.longest)
	}
	// 0.5 s + 5 s + 1 s of work in slices of 25 ms.
	if want := int(6500 * time.Millisecond / SliceTime); slices > want*3/2 {
		t.Errorf("%d slices: the budget stays too small", slices)
	}
}

func TestCancel(t *testing.T) {
	s := New(fakeClock(time.Millisecond))
	req := request(3, protocol.KindRun)
	sc := smallRun()
	req.Scenario = &sc
	s.Handle(req, nil)
	s.Slice()
	if !s.Busy() {
		t.Fatal("the run ended in one slice; make it longer")
	}
	other := request(4, protocol.KindCancel)
	other.Target = 99
	if out := s.Handle(other, nil); len(out) != 0 || !s.Busy() {
		t.Fatalf("cancelling another request answered %+v, busy %v", out, s.Busy())
	}
	c := request(4, protocol.KindCancel)
	c.Target = 3
	out := s.Handle(c, nil)
	if len(out) != 1 || out[0].Kind != protocol.KindCancelled || out[0].ID != 3 || s.Busy() {
		t.Fatalf("cancel answered %+v, busy %v", out, s.Busy())
	}
	if rs := s.Slice(); rs != nil {
		t.Fatalf("a slice after the cancel answered %+v", rs)
	}
	// A new request cancels the current one.
	s.Handle(req, nil)
	gr := request(5, protocol.KindGenerate)
	gr.Generate = &scenario.Generate{Pages: 1000, Seed: 1}
	out = s.Handle(gr, nil)
	if len(out) != 1 || out[0].Kind != protocol.KindCancelled || out[0].ID != 3 {
		t.Fatalf("a new request while running answered %+v", out)
	}
	g := last(t, finish(t, s), protocol.KindGraph)
	if g.ID != 5 || g.Graph.Stats.Pages != 1000 || g.Graph.Stats.Hosts != 5 {
		t.Errorf("generate answered %+v", g.Graph)
	}
}

// untouchable is a Buffer that fails the test if it is copied.
type untouchable struct {
	t *testing.T
	n int64
}

func (u untouchable) Len() int64 { return u.n }
func (u untouchable) CopyTo([]byte) error {
	u.t.Error("a file above the budget was copied")
	return nil
}

func TestMemoryBudget(t *testing.T) {
	s := New(fakeClock(time.Millisecond))
	gr := request(1, protocol.KindGenerate)
	gr.Generate = &scenario.Generate{Pages: 5_000_000, Seed: 1}
	gr.MemoryBudget = 256 << 20
	out := s.Handle(gr, nil)
	if len(out) != 1 || out[0].Kind != protocol.KindError || !strings.Contains(out[0].Error, "memory budget of 256 MiB") || s.Busy() {
		t.Fatalf("generating above the budget answered %+v", out)
	}
	run := request(2, protocol.KindRun)
	sc := smallRun()
	sc.Graph.Generate.Pages = 3_000_000
	run.Scenario = &sc
	run.MemoryBudget = 256 << 20
	if out := s.Handle(run, nil); len(out) != 1 || out[0].Kind != protocol.KindError || !strings.Contains(out[0].Error, "memory budget") {
		t.Fatalf("running above the budget answered %+v", out)
	}
	load := request(3, protocol.KindLoad)
	load.Load = &protocol.Load{Name: "big.edges", Sizes: []int64{200 << 20}}
	load.MemoryBudget = 256 << 20
	out = s.Handle(load, []Buffer{untouchable{t, 200 << 20}})
	if len(out) != 1 || out[0].Kind != protocol.KindError || !strings.Contains(out[0].Error, "big.edges: 200 MiB") {
		t.Fatalf("loading above the budget answered %+v", out)
	}
	// A small file within the budget loads.
	load.Load = &protocol.Load{Name: "g.edges", Sizes: []int64{8}}
	load.MemoryBudget = 1 << 20
	out = s.Handle(load, []Buffer{Bytes("0 1\n1 2\n")})
	if len(out) != 1 || out[0].Kind != protocol.KindGraph {
		t.Fatalf("a small file answered %+v", out)
	}
}

func TestLoadErrors(t *testing.T) {
	s := New(fakeClock(time.Millisecond))
	load := request(1, protocol.KindLoad)
	load.Load = &protocol.Load{Name: "bad.edges", Sizes: []int64{6}}
	out := s.Handle(load, []Buffer{Bytes("0 1\n2\n")})
	if len(out) != 1 || out[0].Kind != protocol.KindError || !strings.Contains(out[0].Error, "bad.edges:2") {
		t.Fatalf("a bad edge list answered %+v", out)
	}
	run := request(2, protocol.KindRun)
	sc := smallRun()
	sc.Graph = scenario.Source{File: "bad.edges"}
	run.Scenario = &sc
	if out := s.Handle(run, nil); len(out) != 1 || !strings.Contains(out[0].Error, "bad.edges: no such file here") {
		t.Fatalf("a run on a file never loaded answered %+v", out)
	}
	load.Load = &protocol.Load{Name: "../x.edges", Sizes: []int64{4}}
	if out := s.Handle(load, []Buffer{Bytes("0 1\n")}); len(out) != 1 || out[0].Kind != protocol.KindError {
		t.Fatalf("a name with folders answered %+v", out)
	}
	load.Load = &protocol.Load{Name: "a.edges", Sizes: []int64{5}}
	if out := s.Handle(load, []Buffer{Bytes("0 1\n")}); len(out) != 1 || !strings.Contains(out[0].Error, "4 bytes arrived, the page sent 5") {
		t.Fatalf("a size mismatch answered %+v", out)
	}
}

// TestLoadWarnsOfAnOddLabel: an edge list of integer ids with one id
// that is not (a typo) loads, read as labels, and the answer says so with
// the file, the line and the id, as crawlsim info warns; a clean one has
// no warning.
func TestLoadWarnsOfAnOddLabel(t *testing.T) {
	s := New(fakeClock(time.Millisecond))
	load := request(1, protocol.KindLoad)
	edges := "0 1\n1 2\n3 x\n2 0\n"
	load.Load = &protocol.Load{Name: "typo.edges", Sizes: []int64{int64(len(edges))}}
	g := last(t, s.Handle(load, []Buffer{Bytes(edges)}), protocol.KindGraph)
	if len(g.Graph.Warnings) != 1 || !strings.HasPrefix(g.Graph.Warnings[0], `typo.edges:3: page id "x" is not a decimal integer`) {
		t.Errorf("the load warns %q", g.Graph.Warnings)
	}
	clean := "0 1\n1 2\n"
	load.Load = &protocol.Load{Name: "clean.edges", Sizes: []int64{int64(len(clean))}}
	if g := last(t, s.Handle(load, []Buffer{Bytes(clean)}), protocol.KindGraph); len(g.Graph.Warnings) != 0 {
		t.Errorf("a clean edge list warns %q", g.Graph.Warnings)
	}
}

// TestLoadSitePaths loads a graph of the page's site, named by its path
// there (model.SiteGraphsDir), and runs on it; a path that leaves the
// site's graphs folder is refused.
func TestLoadSitePaths(t *testing.T) {
	s := New(fakeClock(time.Millisecond))
	load := request(1, protocol.KindLoad)
	edges, urls := "0 1\n1 2\n2 0\n", "http://a.example/\nhttp://a.example/b\nhttp://c.example/\n"
	load.Load = &protocol.Load{Name: "graphs/2001/web.edges", URLs: "graphs/2001/web.urls", Sizes: []int64{int64(len(edges)), int64(len(urls))}}
	g := last(t, s.Handle(load, []Buffer{Bytes(edges), Bytes(urls)}), protocol.KindGraph)
	if g.Graph.Name != "graphs/2001/web.edges" || g.Graph.Stats.Pages != 3 || g.Graph.Stats.Hosts != 2 {
		t.Fatalf("the site's graph loaded as %+v", g.Graph)
	}
	run := request(2, protocol.KindRun)
	sc := smallRun()
	sc.Graph = scenario.Source{File: "graphs/2001/web.edges", URLs: "graphs/2001/web.urls"}
	sc.Seeds = "random:1"
	run.Scenario = &sc
	s.Handle(run, nil)
	last(t, finish(t, s), protocol.KindResult)
	for _, name := range []string{"graphs/../web.edges", "other/web.edges", "graphs/.web.edges", "/graphs/web.edges", `graphs\web.edges`} {
		load.Load = &protocol.Load{Name: name, Sizes: []int64{int64(len(edges))}}
		if out := s.Handle(load, []Buffer{Bytes(edges)}); len(out) != 1 || out[0].Kind != protocol.KindError {
			t.Errorf("the name %q answered %+v", name, out)
		}
	}
}

// TestStanfordUpload loads the cs-stanford edge list with its URL list as
// the page uploads them and runs a comparison on it.
// stanfordFiles returns cs-stanford's folder, edge list and URL list from
// ../shared/data, and skips the test when they are absent.
func stanfordFiles(t *testing.T) (dir string, edges, urls []byte) {
	t.Helper()
	dir = filepath.Join("..", "..", "..", "shared", "data", "cs-stanford")
	edges, err := os.ReadFile(filepath.Join(dir, "cs-stanford.edges"))
	if err != nil {
		t.Skipf("cs-stanford data not available (%v); it lives in ../shared/data beside the repository", err)
	}
	if urls, err = os.ReadFile(filepath.Join(dir, "cs-stanford.urls")); err != nil {
		t.Fatal(err)
	}
	return dir, edges, urls
}

func TestStanfordUpload(t *testing.T) {
	dir, edges, urls := stanfordFiles(t)
	s := New(fakeClock(time.Millisecond))
	load := request(1, protocol.KindLoad)
	load.Load = &protocol.Load{Name: "cs-stanford.edges", URLs: "cs-stanford.urls", Sizes: []int64{int64(len(edges)), int64(len(urls))}}
	out := s.Handle(load, []Buffer{Bytes(edges), Bytes(urls)})
	g := last(t, out, protocol.KindGraph)
	// The facts of ../shared/data/README.md.
	if st := g.Graph.Stats; st.Pages != 9914 || st.Links != 36854 || st.Hosts != 21 || st.InterHost != 1457 {
		t.Errorf("stats %+v", st)
	}
	// The same graph as a BVGraph: its two files and the URL list.
	bv, err := os.ReadFile(filepath.Join(dir, "cs-stanford.graph"))
	if err != nil {
		t.Fatal(err)
	}
	props, err := os.ReadFile(filepath.Join(dir, "cs-stanford.properties"))
	if err != nil {
		t.Fatal(err)
	}
	bvLoad := request(3, protocol.KindLoad)
	bvLoad.Load = &protocol.Load{Name: "cs-stanford.graph", Extra: []string{"cs-stanford.properties"}, URLs: "cs-stanford.urls",
		Sizes: []int64{int64(len(bv)), int64(len(props)), int64(len(urls))}}
	g2 := last(t, s.Handle(bvLoad, []Buffer{Bytes(bv), Bytes(props), Bytes(urls)}), protocol.KindGraph)
	if a, b := fmt.Sprint(g2.Graph.Stats), fmt.Sprint(g.Graph.Stats); a != b {
		t.Errorf("BVGraph stats %s, edge list's %s", a, b)
	}
	// The last load replaced the edge list: load it again for the run.
	s.Handle(load, []Buffer{Bytes(edges), Bytes(urls)})

	run := request(2, protocol.KindRun)
	sc := scenario.Scenario{Graph: scenario.Source{File: "cs-stanford.edges", URLs: "cs-stanford.urls"}, Seeds: "top-pagerank:20",
		Strategies: []scenario.Strategy{{ID: "optimal"}, {ID: "bfs"}, {ID: "larger-sites-first"}}}
	run.Scenario = &sc
	s.Handle(run, nil)
	res := last(t, finish(t, s), protocol.KindResult)
	var r struct {
		Graph     scenario.GraphSummary `json:"graph"`
		Reachable int64                 `json:"reachable"`
	}
	if err := json.Unmarshal(res.Result, &r); err != nil {
		t.Fatal(err)
	}
	// 2,777 of the 9,914 pages cannot be reached from these seeds (the
	// golden test of engine/scenario).
	if r.Graph.Hosts != 21 || r.Reachable != 9914-2777 {
		t.Errorf("graph %+v, reachable %d", r.Graph, r.Reachable)
	}
}

// TestRefresh runs a revisit scenario in slices and compares it with a
// native run.
func TestRefresh(t *testing.T) {
	s := New(fakeClock(time.Millisecond))
	req := request(1, protocol.KindRefresh)
	r := scenario.Refresh{Simulation: refresh.Params{Sites: 150, Horizon: 200, Seed: 4}}
	req.Refresh = &r
	got := last(t, handleAll(t, s, req), protocol.KindResult)
	rr, err := scenario.NewRefreshRunner(r)
	if err != nil {
		t.Fatal(err)
	}
	if err := step.Run(context.Background(), rr, 1<<10, nil); err != nil {
		t.Fatal(err)
	}
	want, _ := rr.Result()
	data, _ := scenario.MarshalRefreshResult(want)
	if string(got.Result) != string(data) {
		t.Error("the sliced revisit simulation differs from the native one")
	}
	bad := request(2, protocol.KindRefresh)
	bad.Refresh = &scenario.Refresh{Policies: []string{"never"}}
	if out := s.Handle(bad, nil); len(out) != 1 || out[0].Kind != protocol.KindError || !strings.Contains(out[0].Error, "unknown policy") {
		t.Errorf("a bad refresh scenario answered %+v", out)
	}
}
