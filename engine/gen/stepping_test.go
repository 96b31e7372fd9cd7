package gen

import (
	"errors"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/step"
	"pgregory.net/rapid"
)

var (
	generatorStages = []string{"hosts", "degrees", "calibrate", "links", "assemble"}
	evolverStages   = []string{"check", "pages", "links", "assemble"}
)

// progressChecker checks that a Stepper's progress only moves forward:
// stages in the given order (some may pass within one step), Done never
// falling within a stage, and 0 ≤ Done ≤ Total once Total is known.
type progressChecker struct {
	stages []string
	stage  int
	last   step.Progress
}

func (c *progressChecker) check(t fatalf, p step.Progress) {
	t.Helper()
	k := slices.Index(c.stages, p.Stage)
	switch {
	case k < 0:
		t.Fatalf("unknown stage %q, want one of %q", p.Stage, c.stages)
	case k < c.stage:
		t.Fatalf("stage %q after %q", p.Stage, c.last.Stage)
	case k == c.stage && p.Done < c.last.Done:
		t.Fatalf("stage %q: Done fell from %d to %d", p.Stage, c.last.Done, p.Done)
	case p.Done < 0 || p.Total < 0 || p.Total > 0 && p.Done > p.Total || p.Total == 0 && p.Done > 0:
		t.Fatalf("stage %q: Done %d, Total %d", p.Stage, p.Done, p.Total)
	}
	c.stage, c.last = k, p
}

// runToEnd steps s with budgets from budget until it reports done, checking
// its progress after every step, and then checks that further steps do
// nothing. It returns the number of steps.
func runToEnd(t fatalf, s step.Stepper, stages []string, budget func() int) int {
	t.Helper()
	c := progressChecker{stages: stages}
	c.check(t, s.Progress())
	steps := 0
	for {
		done, err := s.Step(budget())
		steps++
		if err != nil {
			t.Fatalf("step %d: %v", steps, err)
		}
		c.check(t, s.Progress())
		if done {
			break
		}
	}
	end := s.Progress()
	if end.Stage != stages[len(stages)-1] || end.Done != end.Total {
		t.Fatalf("finished at %+v, want stage %q complete", end, stages[len(stages)-1])
	}
	for _, b := range []int{1, 1000, -5} {
		if done, err := s.Step(b); !done || err != nil {
			t.Fatalf("Step(%d) after done = %v, %v; want true, nil", b, done, err)
		}
		if p := s.Progress(); p != end {
			t.Fatalf("Step after done moved the progress from %+v to %+v", end, p)
		}
	}
	return steps
}

// TestGeneratorMatchesGenerate steps Generators with random budgets
// (including 0 and negative ones, which count as 1) on random Params: the
// graph is Generate's, byte for byte, and the progress only moves forward.
func TestGeneratorMatchesGenerate(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := drawParams(t, 3000, 20)
		p.IntraHostShare = rapid.SampledFrom([]float64{0, 1, 0.9, 0.5}).Draw(t, "intra")
		want, err := Generate(p)
		if err != nil {
			t.Fatal(err)
		}
		g, err := NewGenerator(p)
		if err != nil {
			t.Fatal(err)
		}
		maxBudget := rapid.SampledFrom([]int{1, 3, 50, 1000}).Draw(t, "maxBudget")
		runToEnd(t, g, generatorStages, func() int {
			if g.Graph() != nil {
				t.Fatal("Graph is set before Step reports done")
			}
			return rapid.IntRange(-1, maxBudget).Draw(t, "budget")
		})
		if got := g.Graph(); !sameGraph(got, want) || checksum(got) != checksum(want) {
			t.Fatalf("stepped graph differs from Generate's")
		}
	})
}

// TestGeneratorProgress follows a 20,000-page generation in steps of 100
// units: Graph is nil until done; while a step stays within "links", it
// draws the links of exactly 100 pages; the stages come in order and end
// with "assemble" at Done = Total = 20,000.
func TestGeneratorProgress(t *testing.T) {
	p := DefaultParams()
	p.Pages, p.Hosts, p.Seed = 20000, 0, 9
	g, err := NewGenerator(p)
	if err != nil {
		t.Fatal(err)
	}
	if pr := g.Progress(); pr != (step.Progress{Stage: "hosts"}) {
		t.Errorf("progress before the first step: %+v, want stage hosts with nothing known", pr)
	}
	var seen []string
	prev := g.Progress()
	for {
		done, err := g.Step(100)
		if err != nil {
			t.Fatal(err)
		}
		pr := g.Progress()
		if len(seen) == 0 || seen[len(seen)-1] != pr.Stage {
			seen = append(seen, pr.Stage)
		}
		if prev.Stage == "links" && pr.Stage == "links" {
			if pr.Done-prev.Done != 100 || pr.Total != 20000 {
				t.Fatalf("a links step went from %+v to %+v, want 100 more pages of 20000", prev, pr)
			}
		}
		if done {
			break
		}
		if g.Graph() != nil {
			t.Fatal("Graph is set before the last step")
		}
		prev = pr
	}
	if want := []string{"degrees", "calibrate", "links", "assemble"}; !slices.Equal(seen, want) {
		t.Errorf("stages seen after steps: %q, want %q", seen, want)
	}
	if pr := g.Progress(); pr != (step.Progress{Stage: "assemble", Done: 20000, Total: 20000}) {
		t.Errorf("final progress %+v", pr)
	}
	if !sameGraph(g.Graph(), mustGenerate(t, p)) {
		t.Error("graph differs from Generate's")
	}
}

// TestNewGeneratorRejectsBadParams checks that NewGenerator validates.
func TestNewGeneratorRejectsBadParams(t *testing.T) {
	g, err := NewGenerator(Params{Pages: 10, MeanOutDegree: 8})
	if g != nil || err == nil || !strings.Contains(err.Error(), "mean out-degree 8 is too large for 10 pages: at most 4.5 (= (pages-1)/2)") {
		t.Errorf("NewGenerator = %v, %v; want the validation error", g, err)
	}
}

// TestEvolverMatchesEvolve steps Evolvers with random budgets on random
// graphs (with URLs and hosts, hosts only, URLs only, or neither): the
// result is Evolve's, and the progress only moves forward.
func TestEvolverMatchesEvolve(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := drawEvolvable(t, 1500)
		p := EvolveParams{
			NewPages:     rapid.Float64Range(0, 3).Draw(t, "newPages"),
			RemovedPages: rapid.Float64Range(0, 1).Draw(t, "removedPages"),
			NewLinks:     rapid.Float64Range(0, 3).Draw(t, "newLinks"),
			RemovedLinks: rapid.Float64Range(0, 1).Draw(t, "removedLinks"),
			Seed:         rapid.Uint64().Draw(t, "evolveSeed"),
		}
		want, err := Evolve(g, p)
		if err != nil {
			t.Fatal(err)
		}
		e, err := NewEvolver(g, p)
		if err != nil {
			t.Fatal(err)
		}
		maxBudget := rapid.SampledFrom([]int{1, 3, 50, 1000}).Draw(t, "maxBudget")
		runToEnd(t, e, evolverStages, func() int {
			if e.Evolution() != nil {
				t.Fatal("Evolution is set before Step reports done")
			}
			return rapid.IntRange(-1, maxBudget).Draw(t, "budget")
		})
		got := e.Evolution()
		if !sameGraph(got.Later, want.Later) || got.Later.Hosts != nil && got.Later.Hosts.Unparsed != want.Later.Hosts.Unparsed ||
			!slices.Equal(got.OldToNew, want.OldToNew) || !slices.Equal(got.NewToOld, want.NewToOld) {
			t.Fatalf("stepped evolution differs from Evolve's")
		}
	})
}

// TestEvolverStopsOnBadGraph checks that a graph that does not validate
// fails a step with graph.Validate's report, and that later steps return
// the same error without doing anything.
func TestEvolverStopsOnBadGraph(t *testing.T) {
	good := mustGenerate(t, Params{Pages: 500, IntraHostShare: 0.9})
	bad := *good
	bad.Targets = slices.Clone(good.Targets)
	bad.Targets[len(bad.Targets)-1] = 500
	e, err := NewEvolver(&bad, DefaultEvolveParams())
	if err != nil {
		t.Fatal(err)
	}
	var first error
	for range 100 {
		done, err := e.Step(1)
		if done {
			t.Fatal("an invalid graph evolved")
		}
		if err != nil {
			first = err
			break
		}
	}
	want := bad.Validate()
	if first == nil || want == nil || !errors.Is(first, want) && !strings.Contains(first.Error(), want.Error()) {
		t.Fatalf("step error %v, want one wrapping %v", first, want)
	}
	pr := e.Progress()
	for range 3 {
		if done, err := e.Step(1000); done || err != first {
			t.Fatalf("Step after the error = %v, %v; want false, %v", done, err, first)
		}
	}
	if e.Progress() != pr || e.Evolution() != nil {
		t.Fatalf("Step after the error moved on: %+v, evolution %v", e.Progress(), e.Evolution())
	}
	for _, c := range []struct {
		g *graph.Graph
		p EvolveParams
	}{{nil, DefaultEvolveParams()}, {good, EvolveParams{NewPages: -1}}, {&graph.Graph{}, DefaultEvolveParams()}} {
		if e, err := NewEvolver(c.g, c.p); e != nil || err == nil {
			t.Errorf("NewEvolver(%v, %+v) = %v, %v; want an error", c.g, c.p, e, err)
		}
	}
}

// TestLinkSources checks the O(1) source lookup against a binary search
// over the offsets, on graphs with runs of pages without links.
func TestLinkSources(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		degrees := rapid.SliceOfN(rapid.SampledFrom([]uint64{0, 0, 0, 1, 2, 5, 40}), 1, 200).Draw(t, "degrees")
		offsets := make([]uint64, len(degrees)+1)
		for i, d := range degrees {
			offsets[i+1] = offsets[i] + d
		}
		m := offsets[len(degrees)]
		if m == 0 {
			return
		}
		e := &Evolver{g: &graph.Graph{Offsets: offsets, Targets: make([]uint32, m)}, oldOffsets: offsets, n: len(degrees), m: int(m),
			p: EvolveParams{NewLinks: 1}, survivors: []uint32{0}}
		for done := false; !done; {
			_, done = e.indexSources(rapid.Int64Range(1, 50).Draw(t, "limit"))
		}
		for a := uint64(0); a < m; a++ {
			want := sort.Search(len(degrees), func(i int) bool { return offsets[i+1] > a })
			if got := e.sources.source(a); int(got) != want {
				t.Fatalf("link %d: source %d, want %d (offsets %v)", a, got, want, offsets)
			}
		}
	})
}
