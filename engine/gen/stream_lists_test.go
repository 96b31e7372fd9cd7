package gen

import (
	"errors"
	"math"
	"slices"
	"strconv"
	"testing"
)

// NewListGenerator hands out the lists of Generate(p), page by page, in
// steps of any budget, and stops at emit's first failure.
func TestListGeneratorEqualsGenerate(t *testing.T) {
	for _, p := range []Params{
		{Pages: 1, Seed: 1},
		{Pages: 300, Hosts: 4, Seed: 2},
		{Pages: 2000, Hosts: 30, MeanOutDegree: 9, Seed: 3, CopyProbability: 0.7},
	} {
		want, err := Generate(p)
		if err != nil {
			t.Fatal(err)
		}
		var got [][]uint32
		g, err := NewListGenerator(p, func(l []uint32) error {
			got = append(got, slices.Clone(l))
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		for done := false; !done; {
			if done, err = g.Step(7); err != nil {
				t.Fatal(err)
			}
		}
		if g.Graph() != nil {
			t.Fatal("a list Generator returned a graph")
		}
		if len(got) != want.NumNodes() {
			t.Fatalf("%+v: %d lists, want %d", p, len(got), want.NumNodes())
		}
		for x, l := range got {
			if w := want.Out(uint32(x)); !slices.Equal(l, w) {
				t.Fatalf("%+v: page %d: %v, want %v", p, x, l, w)
			}
		}
		if c := g.Counts(); c.Pages != want.NumNodes() || c.Links != want.NumArcs() {
			t.Fatalf("%+v: counts %+v", p, c)
		}
	}
	boom := errors.New("boom")
	g, _ := NewListGenerator(Params{Pages: 100, Seed: 1}, func([]uint32) error { return boom })
	var err error
	for done := false; !done && err == nil; {
		done, err = g.Step(1 << 20)
	}
	if !errors.Is(err, boom) {
		t.Fatalf("emit's failure: %v", err)
	}
}

// BenchmarkListGenerator measures the list Generator on a web as
// tools/bench/paperscale.sh makes it (mean out-degree 35, Locality
// 0.95), handing the lists to a function that drops them; links/s counts
// the links generated per second.
func BenchmarkListGenerator(b *testing.B) {
	for _, pages := range []int{200000, 1000000} {
		b.Run("pages="+strconv.Itoa(pages), func(b *testing.B) {
			p := DefaultParams()
			p.Pages, p.Hosts, p.MeanOutDegree, p.Locality = pages, 0, 35, 0.95
			b.ReportAllocs()
			links := int64(0)
			for b.Loop() {
				g, err := NewListGenerator(p, func([]uint32) error { return nil })
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
