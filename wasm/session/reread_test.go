package session

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/crawlsim/crawlsim/engine/graphio"
	"github.com/crawlsim/crawlsim/engine/reproduce"
	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/engine/step"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// upload is a load request's files, for the tests of what the session
// holds beside a request on them.
type upload struct {
	load  protocol.Load
	files [][]byte
}

// loaded returns a session holding u.
func (u upload) loaded(t *testing.T) *Session {
	t.Helper()
	s := New(fakeClock(time.Millisecond))
	req := request(1, protocol.KindLoad)
	l := u.load
	for _, f := range u.files {
		l.Sizes = append(l.Sizes, int64(len(f)))
	}
	req.Load = &l
	var bufs []Buffer
	for _, f := range u.files {
		bufs = append(bufs, Bytes(f))
	}
	if out := s.Handle(req, bufs); len(out) != 1 || out[0].Kind != protocol.KindGraph {
		t.Fatalf("load of %s answered %+v", u.load.Name, out)
	}
	return s
}

// held is what a session keeps of u beside a request: all its files, and
// the graph read from them (loadedGraph.bytes) unless the request takes it.
func (u upload) held(s *Session, takesGraph bool) int64 {
	n := s.graph.bytes()
	if takesGraph {
		n = 0
	}
	for _, f := range u.files {
		n += int64(len(f))
	}
	return n
}

// leastBudget returns the least budget in [1, hi] that accepts takes,
// accepts being false below some budget and true from it on.
func leastBudget(t *testing.T, hi int64, accepts func(int64) bool) int64 {
	t.Helper()
	if !accepts(hi) {
		t.Fatalf("refused at %d bytes", hi)
	}
	lo := int64(0) // refused (a budget of 0 is none)
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		if accepts(mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
	return hi
}

// aloneAccepts reports whether the engine takes a run of sc (graph, when
// reproducing, the papers' runs of paper on sc's graph) on s's files with
// avail bytes and nothing held beside it: the environment and graph
// readers' limits of s.env(avail, 0), the kept graph offered as the
// session offers it to runs. It fails t on an error that is not about
// size.
func aloneAccepts(t *testing.T, s *Session, sc scenario.Scenario, paper string) func(int64) bool {
	norm := mustNormalize(t, sc)
	sizeOnly := func(err error) bool {
		var tl *graphio.TooLargeError
		if err != nil && !errors.As(err, &tl) {
			t.Fatalf("not a refusal for size: %v", err)
		}
		return err == nil
	}
	return func(avail int64) bool {
		env := s.env(avail, 0)
		if paper == "" {
			env.Loaded = s.loaded
			r, err := scenario.New(norm, env)
			if err != nil {
				return sizeOnly(err)
			}
			return sizeOnly(step.Run(context.Background(), r, scenario.RunBudget, nil))
		}
		// As reproduceInput reads the graph, then the papers' runs.
		opts := loadLimits(avail, 0)
		opts.URLs = norm.Graph.URLs
		g, _, err := graphio.Load(s.files, norm.Graph.File, opts)
		if err != nil {
			return sizeOnly(err)
		}
		papers, err := reproduce.Find(paper)
		if err != nil {
			t.Fatal(err)
		}
		in := reproduce.Input{Graph: norm.Graph, Hosts: g.HasHosts(), Pages: int64(g.NumNodes()), RandomSeed: 1}
		rp := reproduce.NewReproduction(reproduce.PlanPapers(papers, in).Runs, env)
		return sizeOnly(step.Run(context.Background(), rp, scenario.RunBudget, nil))
	}
}

// checkHeldBeside checks a run of sc (with paper, a reproduction) on the
// files of u, which the session holds: it is refused with a budget one
// byte short of what the engine needs alone plus all that the session
// holds beside it (every file of the upload, and the graph read from them
// unless the run takes it), in a message naming the upload and command,
// and taken with that budget.
func checkHeldBeside(t *testing.T, u upload, sc scenario.Scenario, paper, command string, takesGraph bool) {
	t.Helper()
	s := u.loaded(t)
	need := leastBudget(t, 256<<20, aloneAccepts(t, s, sc, paper))
	held := u.held(s, takesGraph)
	budget := need + held
	ask := func(budget int64) protocol.Response {
		s := u.loaded(t)
		req := request(2, protocol.KindRun)
		req.Scenario, req.MemoryBudget = &sc, budget
		if paper != "" {
			req.Kind, req.Scenario = protocol.KindReproduce, nil
			req.Reproduce = &protocol.Reproduce{Paper: paper, Graph: sc.Graph, RandomSeed: 1}
		}
		out := s.Handle(req, nil)
		if len(out) == 0 {
			out = finish(t, s)
		}
		return out[len(out)-1]
	}
	r := ask(budget - 1)
	want := "that the worker keeps of the uploaded graph " + u.load.Name
	if r.Kind != protocol.KindError || !strings.Contains(r.Error, want) || !strings.Contains(r.Error, "use the command line ("+command+")") {
		t.Errorf("one byte short of the %d bytes needed beside the %d held: %s %q, want a refusal saying %q and %q", need, held, r.Kind, r.Error, want, command)
	}
	if r := ask(budget); r.Kind != protocol.KindResult {
		t.Errorf("with the %d bytes needed beside the %d held: %s %q", need, held, r.Kind, r.Error)
	}
}

// TestHeldUploadCountsWhenReadAgain: a run that reads the uploaded files
// again (in another format or without the URL list the upload came with),
// a run on the graph the session kept and a reproduction on the upload
// all run beside what the session holds, every file of the upload (the
// URL list, a BVGraph's .properties) and the graph read from them, and
// are refused one byte short of it, naming the upload.
func TestHeldUploadCountsWhenReadAgain(t *testing.T) {
	var edges, urls strings.Builder
	for i := range 400 {
		edges.WriteString(itoa(i) + " " + itoa((i*7+1)%400) + "\n" + itoa(i) + " " + itoa((i*i+3)%400) + "\n")
		urls.WriteString("http://site" + itoa(i%9) + ".example/p" + itoa(i) + "\n")
	}
	small := upload{load: protocol.Load{Name: "web.edges", URLs: "web.urls"}, files: [][]byte{[]byte(edges.String()), []byte(urls.String())}}
	run := scenario.Scenario{Graph: scenario.Source{File: "web.edges"}, Seeds: "top-pagerank:5",
		Strategies: []scenario.Strategy{{ID: "bfs"}, {ID: "opic"}}, RandomSeed: 5}
	t.Run("run without the URL list", func(t *testing.T) { checkHeldBeside(t, small, run, "", "crawlsim run", false) })
	t.Run("reproduction without the URL list", func(t *testing.T) {
		checkHeldBeside(t, small, scenario.Scenario{Graph: run.Graph}, "004", "crawlsim reproduce", false)
	})

	dir := filepath.Join("..", "..", "..", "shared", "data", "cs-stanford")
	bv, err := os.ReadFile(filepath.Join(dir, "cs-stanford.graph"))
	if err != nil {
		t.Skipf("cs-stanford data not available (%v); it lives in ../shared/data beside the repository", err)
	}
	props, err := os.ReadFile(filepath.Join(dir, "cs-stanford.properties"))
	if err != nil {
		t.Fatal(err)
	}
	stanford := upload{load: protocol.Load{Name: "cs-stanford.graph", Extra: []string{"cs-stanford.properties"}}, files: [][]byte{bv, props}}
	run.Graph = scenario.Source{File: "cs-stanford.graph", Format: "bvgraph"}
	t.Run("BVGraph read again", func(t *testing.T) { checkHeldBeside(t, stanford, run, "", "crawlsim run", false) })
	run.Graph.Format = ""
	t.Run("BVGraph kept", func(t *testing.T) { checkHeldBeside(t, stanford, run, "", "crawlsim run", true) })
	t.Run("BVGraph reproduction", func(t *testing.T) {
		checkHeldBeside(t, stanford, scenario.Scenario{Graph: run.Graph}, "004", "crawlsim reproduce", false)
	})
}
