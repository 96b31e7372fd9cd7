package gen

import (
	"errors"
	"testing"
)

// NewURLListGenerator hands out the URLs of Generate(p), page by page, in
// steps of any budget, without drawing a link, and stops at emit's first
// failure.
func TestURLListGeneratorEqualsGenerate(t *testing.T) {
	for _, p := range []Params{
		{Pages: 1, Seed: 1},
		{Pages: 300, Hosts: 4, Seed: 2},
		{Pages: 2000, Hosts: 30, MeanOutDegree: 9, Seed: 3, CopyProbability: 0.7, Locality: 0.9},
		{Pages: 5000, Hosts: 700, Seed: 4, HostSizeExponent: 1.4},
	} {
		want, err := Generate(p)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		g, err := NewURLListGenerator(p, func(u []byte) error {
			got = append(got, string(u))
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		for done := false; !done; {
			if done, err = g.Step(5); err != nil {
				t.Fatal(err)
			}
		}
		if g.Graph() != nil {
			t.Fatal("a URL list Generator returned a graph")
		}
		if len(got) != len(want.URLs) {
			t.Fatalf("%+v: %d URLs, want %d", p, len(got), len(want.URLs))
		}
		for x, u := range got {
			if u != want.URLs[x] {
				t.Fatalf("%+v: page %d: %q, want %q", p, x, u, want.URLs[x])
			}
		}
	}
	boom := errors.New("boom")
	g, _ := NewURLListGenerator(Params{Pages: 100, Seed: 1}, func([]byte) error { return boom })
	var err error
	for done := false; !done && err == nil; {
		done, err = g.Step(1 << 20)
	}
	if !errors.Is(err, boom) {
		t.Fatalf("emit's failure: %v", err)
	}
}
