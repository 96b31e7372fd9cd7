package gen

import (
	"bytes"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
	"github.com/crawlsim/crawlsim/engine/graphio"
	"pgregory.net/rapid"
)

// streamStages are the stages of a Generator that streams, in order.
var streamStages = []string{"hosts", "degrees", "calibrate", "offsets", "links", "assemble"}

// streamed runs NewCSRGenerator for p to the end in steps of budget and
// returns the file and the Counts.
func streamed(t testing.TB, p Params, budget int) ([]byte, Counts) {
	t.Helper()
	var b graphtest.File
	g, err := NewCSRGenerator(p, &b)
	if err != nil {
		t.Fatal(err)
	}
	for done := false; !done; {
		if done, err = g.Step(budget); err != nil {
			t.Fatal(err)
		}
	}
	if g.Graph() != nil {
		t.Fatal("a streaming Generator returned a graph")
	}
	return b.Data, g.Counts()
}

// fatalTB is what inMemoryCSR needs of a *testing.T, *testing.B or
// *rapid.T.
type fatalTB interface {
	Helper()
	Fatal(args ...any)
}

// inMemoryCSR returns WriteCSR(Generate(p)).
func inMemoryCSR(t fatalTB, p Params) ([]byte, *graph.Graph) {
	t.Helper()
	g, err := Generate(p)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := graphio.WriteCSR(&b, g); err != nil {
		t.Fatal(err)
	}
	return b.Bytes(), g
}

// checkStreamed fails unless the streamed file of p is WriteCSR(Generate(p))
// byte for byte, and Counts agrees with the graph's statistics.
func checkStreamed(t testing.TB, p Params, budget int) {
	t.Helper()
	want, g := inMemoryCSR(t, p)
	got, c := streamed(t, p, budget)
	if !bytes.Equal(got, want) {
		at := 0
		for at < min(len(got), len(want)) && got[at] == want[at] {
			at++
		}
		t.Fatalf("%+v: streamed file (%d bytes) differs from WriteCSR(Generate) (%d bytes) from byte %d", p, len(got), len(want), at)
	}
	st := graph.ComputeStats(g, 0)
	if want := (Counts{Pages: g.NumNodes(), Hosts: g.NumHosts(), Links: g.NumArcs(), IntraHostLinks: st.IntraHost}); c != want {
		t.Fatalf("%+v: Counts %+v, want %+v", p, c, want)
	}
}

// TestCSRGeneratorMatchesGenerate is the streaming generator's scale test:
// the streamed .csr equals WriteCSR(Generate(p)) byte for byte, for the
// default graph at 400,000 pages (about 3.2 million links) and at smaller
// sizes, and for the edge cases: one page, two pages, one host, every page
// its own host, intra-host shares of 0 and 1, no copying, no links.
func TestCSRGeneratorMatchesGenerate(t *testing.T) {
	big := DefaultParams()
	big.Pages, big.Hosts, big.Seed = 400000, 0, 7
	if testing.Short() {
		big.Pages = 40000
	}
	cases := []Params{
		big,
		{Pages: 20000, IntraHostShare: 0.9, CopyProbability: 0.7, Seed: 1},
		{Pages: 1},
		{Pages: 2, Seed: 3},
		{Pages: 2, Hosts: 2, IntraHostShare: 0.5, Seed: 3},
		{Pages: 5000, Hosts: 1, IntraHostShare: 0.9, CopyProbability: 0.7, Seed: 4},
		{Pages: 3000, Hosts: 3000, IntraHostShare: 0.9, CopyProbability: 0.7, Seed: 5},
		{Pages: 8000, IntraHostShare: 0, CopyProbability: 0.7, Seed: 6},
		{Pages: 8000, IntraHostShare: 1, CopyProbability: 0.7, Seed: 6},
		{Pages: 8000, IntraHostShare: 0.9, CopyProbability: 0, Seed: 6},
		{Pages: 8000, Hosts: 4, MeanOutDegree: 60, OutDegreeExponent: 1.5, IntraHostShare: 0.9, CopyProbability: 1, Seed: 8},
		{Pages: 1000, MeanOutDegree: math.SmallestNonzeroFloat64, IntraHostShare: 0.9, Seed: 9},
	}
	for _, p := range cases {
		checkStreamed(t, p, math.MaxInt)
	}
}

// TestCSRGeneratorSteps steps streaming Generators with random budgets on
// random Params: the file is the same, and the progress goes through the
// stages in order, each ending at Done = Total.
func TestCSRGeneratorSteps(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := drawParams(t, 2000, 20)
		p.IntraHostShare = rapid.SampledFrom([]float64{0, 1, 0.9, 0.5}).Draw(t, "intra")
		want, _ := inMemoryCSR(t, p)
		var b graphtest.File
		g, err := NewCSRGenerator(p, &b)
		if err != nil {
			t.Fatal(err)
		}
		maxBudget := rapid.SampledFrom([]int{1, 3, 50, 1000}).Draw(t, "maxBudget")
		runToEnd(t, g, streamStages, func() int { return rapid.IntRange(-1, maxBudget).Draw(t, "budget") })
		if !bytes.Equal(b.Data, want) {
			t.Fatalf("stepped streamed file differs from WriteCSR(Generate)")
		}
		if end := g.Progress(); end.Total != 2*int64(p.Pages)+int64(g.p.Hosts) {
			t.Fatalf("assemble Total %d, want 2n+h = %d", end.Total, 2*p.Pages+g.p.Hosts)
		}
	})
}

// TestCSRGeneratorWriteFails: a failing write stops the Generator with
// the error, in whichever stage it happens, and leaves the header zero.
func TestCSRGeneratorWriteFails(t *testing.T) {
	p := DefaultParams()
	p.Pages, p.Hosts = 200000, 0
	want, _ := inMemoryCSR(t, p)
	targets := int64(64 + 4*(p.Pages+1) + 4)
	for _, failAt := range []int64{10, 100, targets + 2<<20, int64(len(want)) - 10} {
		b := &graphtest.File{FailAt: failAt}
		g, err := NewCSRGenerator(p, b)
		if err != nil {
			t.Fatal(err)
		}
		steps := 0
		for done := false; !done && err == nil; steps++ {
			done, err = g.Step(10000)
		}
		if err == nil || !strings.Contains(err.Error(), "disk full") {
			t.Fatalf("failing at byte %d: error %v, want disk full", failAt, err)
		}
		if done, again := g.Step(10000); done || again != err {
			t.Fatalf("failing at byte %d: Step after the error gives %v, %v; want false and the error", failAt, done, again)
		}
		if len(b.Data) >= 64 && !bytes.Equal(b.Data[:64], make([]byte, 64)) {
			t.Fatalf("failing at byte %d: the header was written", failAt)
		}
		if g.Counts() != (Counts{}) {
			t.Fatalf("failing at byte %d: Counts %+v after a failure", failAt, g.Counts())
		}
	}
}

// BenchmarkCSRGenerator measures the streaming Generator at two sizes,
// writing to memory; links/s counts the links generated per second.
func BenchmarkCSRGenerator(b *testing.B) {
	for _, pages := range []int{100000, 1000000} {
		b.Run("pages="+strconv.Itoa(pages), func(b *testing.B) {
			p := DefaultParams()
			p.Pages, p.Hosts = pages, 0
			b.ReportAllocs()
			links := int64(0)
			var out graphtest.File
			for b.Loop() {
				out.Data, out.Pos = out.Data[:0], 0
				g, err := NewCSRGenerator(p, &out)
				if err != nil {
					b.Fatal(err)
				}
				for done := false; !done; {
					if done, err = g.Step(math.MaxInt); err != nil {
						b.Fatal(err)
					}
				}
				links += g.Counts().Links
			}
			b.ReportMetric(float64(links)/b.Elapsed().Seconds(), "links/s")
		})
	}
}
