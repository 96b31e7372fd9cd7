package seeds

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/step"
)

// twoCores is a graph of 50 pages with two complete bipartite cores on
// different hosts and some noise:
//
//   - core 1: hubs 0, 1, 2 (host a) link to every one of authorities 10, 11,
//     12 (host b): K3,3;
//   - core 2: hubs 20, 21 (host c) link to authorities 30, 31 (host d): K2,2;
//   - noise: page 40 (host e) links to authority 10 only, and intra-host
//     links (0→1, 10→11, 20→21, 45→46), which pruning drops.
//
// HITS ranks core 1 first (its principal eigenvalue 3 beats core 2's 2).
// The fixed-density core of authority 10 grows hub 0, authority 11, hub 1,
// authority 12, hub 2 at density 100; adding hub 40 would drop it to
// 10/12, so core 1 is returned whole and 40 left out. Core 2 comes next.
func twoCores(t *testing.T) *graph.Graph {
	t.Helper()
	b := graph.NewBuilder(50)
	for _, h := range []uint32{0, 1, 2} {
		for _, a := range []uint32{10, 11, 12} {
			b.Add(h, a)
		}
	}
	for _, h := range []uint32{20, 21} {
		for _, a := range []uint32{30, 31} {
			b.Add(h, a)
		}
	}
	for _, arc := range [][2]uint32{{40, 10}, {0, 1}, {10, 11}, {20, 21}, {45, 46}} {
		b.Add(arc[0], arc[1])
	}
	g, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	urls := make([]string, 50)
	for i := range urls {
		host := "z"
		switch {
		case i <= 2:
			host = "a"
		case i >= 10 && i <= 12:
			host = "b"
		case i == 20 || i == 21:
			host = "c"
		case i == 30 || i == 31:
			host = "d"
		case i == 40:
			host = "e"
		}
		urls[i] = fmt.Sprintf("http://%s.example/%d", host, i)
	}
	g, err = g.WithURLs(urls)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func extract(t *testing.T, g *graph.Graph, opt CommunityOptions) CommunityResult {
	t.Helper()
	e, err := NewExtractor(g, opt)
	if err != nil {
		t.Fatal(err)
	}
	if err := step.Run(context.Background(), e, 1, nil); err != nil {
		t.Fatal(err)
	}
	return e.Result()
}

func TestCommunityTwoCores(t *testing.T) {
	g := twoCores(t)
	r := extract(t, g, CommunityOptions{K: 2})
	if len(r.Cores) != 2 || r.Exhausted || r.Skipped != 0 {
		t.Fatalf("result %+v", r)
	}
	c1, c2 := r.Cores[0], r.Cores[1]
	if !slices.Equal(c1.Hubs, []uint32{0, 1, 2}) || !slices.Equal(c1.Authorities, []uint32{10, 11, 12}) || c1.Links != 9 || c1.Density != 100 {
		t.Errorf("first core %+v, want hubs 0 1 2, authorities 10 11 12, complete", c1)
	}
	if !slices.Equal(c2.Hubs, []uint32{20, 21}) || !slices.Equal(c2.Authorities, []uint32{30, 31}) || c2.Density != 100 {
		t.Errorf("second core %+v, want hubs 20 21, authorities 30 31, complete", c2)
	}
	// Without a random source the seed is the core's best hub: the first
	// one found, 0, then 20.
	if !slices.Equal(r.Seeds, []uint32{0, 20}) || c1.Seed != 0 || c1.Hub <= 0 || c1.Authority <= 0 {
		t.Errorf("seeds %v (core 1 seed %d, hub %v, authority %v)", r.Seeds, c1.Seed, c1.Hub, c1.Authority)
	}
	// 9 + 4 + 1 inter-host links; the intra-host ones are pruned.
	if r.PrunedLinks != 14 || r.Rounds != 2 {
		t.Errorf("pruned links %d, rounds %d", r.PrunedLinks, r.Rounds)
	}
	// Asking for more seeds than there are cores ends when no link is left.
	r = extract(t, g, CommunityOptions{K: 5})
	if !r.Exhausted || len(r.Seeds) != 2 || r.Rounds != 3 {
		t.Errorf("K=5: %d seeds, exhausted %v, rounds %d", len(r.Seeds), r.Exhausted, r.Rounds)
	}
}

// TestCommunityLowerDensity: at density 80 the core may take hub 40 too
// (10 links of 12 is 83%).
func TestCommunityLowerDensity(t *testing.T) {
	r := extract(t, twoCores(t), CommunityOptions{K: 1, Density: 80})
	c := r.Cores[0]
	if !slices.Equal(c.Hubs, []uint32{0, 1, 2, 40}) || c.Links != 10 || c.Density < 83 || c.Density > 84 {
		t.Errorf("core %+v", c)
	}
}

// TestCommunityFixedSize stops growing once |H|+|A| reaches the size.
func TestCommunityFixedSize(t *testing.T) {
	for _, c := range []struct{ size, members, hubs, auths int }{
		{4, 1, 2, 3},  // 1 → 3 → 5 pages
		{3, 1, 1, 2},  // 1 → 3
		{4, 2, 2, 3},  // 1 → 2 hubs and 2 authorities: 5
		{50, 1, 4, 3}, // every candidate taken, then no more
	} {
		r := extract(t, twoCores(t), CommunityOptions{K: 1, Size: c.size, NewMembers: c.members})
		core := r.Cores[0]
		if len(core.Hubs) != c.hubs || len(core.Authorities) != c.auths {
			t.Errorf("size %d, %d per round: %d hubs %v and %d authorities %v; want %d and %d",
				c.size, c.members, len(core.Hubs), core.Hubs, len(core.Authorities), core.Authorities, c.hubs, c.auths)
		}
	}
}

// TestCommunityTerminates: a graph whose links all stay within hosts has
// no core; a single link gives one seed and then nothing.
func TestCommunityTerminates(t *testing.T) {
	b := graph.NewBuilder(4)
	b.Add(0, 1)
	b.Add(2, 3)
	g, _ := b.Build()
	g, err := g.WithURLs([]string{"http://a.example/0", "http://a.example/1", "http://b.example/2", "http://b.example/3"})
	if err != nil {
		t.Fatal(err)
	}
	if r := extract(t, g, CommunityOptions{K: 3}); len(r.Seeds) != 0 || !r.Exhausted || r.Rounds != 1 {
		t.Errorf("intra-host links only: %+v", r)
	}
	b = graph.NewBuilder(3)
	b.Add(0, 1)
	g, _ = b.Build()
	g, _ = g.WithURLs([]string{"http://a.example/0", "http://b.example/1", "http://c.example/2"})
	if r := extract(t, g, CommunityOptions{K: 3}); !slices.Equal(r.Seeds, []uint32{0}) || !r.Exhausted {
		t.Errorf("one link: %+v", r)
	}
}

func TestCommunityDeterministic(t *testing.T) {
	g := twoCores(t)
	draw := func(seed uint64) []uint32 {
		return extract(t, g, CommunityOptions{K: 2, Rand: rand.New(rand.NewPCG(seed, 9))}).Seeds
	}
	a := draw(1)
	if !slices.Equal(a, draw(1)) {
		t.Error("the same random seed gave other seeds")
	}
	for _, s := range a[:1] {
		if s > 2 {
			t.Errorf("seed %d is not a hub of the first core", s)
		}
	}
	seen := map[uint32]bool{}
	for s := range uint64(40) {
		seen[draw(s)[0]] = true
	}
	if len(seen) != 3 {
		t.Errorf("over 40 random seeds the first seed took %d of the core's 3 hubs", len(seen))
	}
}

func TestCommunityErrors(t *testing.T) {
	b := graph.NewBuilder(2)
	b.Add(0, 1)
	g, _ := b.Build()
	if _, err := NewExtractor(g, CommunityOptions{K: 1}); err == nil || !strings.Contains(err.Error(), "no hosts") {
		t.Errorf("no hosts: %v", err)
	}
	for _, bad := range []CommunityOptions{{K: 0}, {K: 1, Density: 101}, {K: 1, Size: -1}, {K: 1, Size: 1}, {K: 1, Iterations: -2}} {
		if err := bad.Validate(); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
}

func TestParseCommunity(t *testing.T) {
	for _, c := range []struct{ text, back string }{
		{"community:10", "community:10"},
		{"community:5,density=80", "community:5,density=80"},
		{"community:5,size=20,members=2", "community:5,size=20,members=2"},
		{"community:3,iterations=30", "community:3,iterations=30"},
	} {
		s, err := Parse(c.text)
		if err != nil || s.Kind != Community || s.String() != c.back {
			t.Errorf("%s: %+v, %v", c.text, s, err)
		}
	}
	for _, bad := range []string{"community", "community:0", "community:5,size=2,density=50", "community:5,shape=2", "community:5,size=2.5",
		"community:2,density=200", "community:2,size=1", "community:1,members=1", "community:1,density=50,members=2", "community:2,density=0", "community:2,size=4,members=0", "community:2,iterations=0"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	// Select runs the extraction to its end.
	s, _ := Parse("community:2")
	got, err := Select(twoCores(t), s, Options{})
	if err != nil || !slices.Equal(got, []uint32{0, 20}) {
		t.Errorf("Select: %v, %v", got, err)
	}
}

// TestParseCommunityRefusesNonFinite: NaN and infinite options are refused,
// naming the option, as every other NaN is; so are counts beyond an int32.
func TestParseCommunityRefusesNonFinite(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"community:3,density=NaN", "density=NaN"},
		{"community:3,density=nan", "density=nan"},
		{"community:3,density=Inf", "density=Inf"},
		{"community:3,density=-Inf", "density=-Inf"},
		{"community:3,size=NaN", "size=NaN"},
		{"community:3,size=+Inf", "size=+Inf"},
		{"community:3,size=1e300", "size=1e300"},
		{"community:3,size=4,members=Inf", "members=Inf"},
		{"community:3,iterations=NaN", "iterations=NaN"},
	} {
		if s, err := Parse(c.text); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%q) = %+v, %v; want an error naming %s", c.text, s.CommunityOptionsOf(), err, c.want)
		}
	}
	for _, o := range []CommunityOptions{{K: 1, Density: math.NaN()}, {K: 1, Density: math.Inf(1)}} {
		if err := o.Validate(); err == nil || !strings.Contains(err.Error(), "density") {
			t.Errorf("Validate(%+v) = %v; want an error about the density", o, err)
		}
	}
}

// TestParseCommunityLimitHasSeparators: a count beyond an int32 is
// refused with the limit written as the page and the command line write
// limits (it said "at most 2147483647"), the value as given.
func TestParseCommunityLimitHasSeparators(t *testing.T) {
	_, err := Parse("community:3,size=1e300")
	if want := `seeds "community:3,size=1e300": size=1e300 is too large: at most 2,147,483,647`; err == nil || err.Error() != want {
		t.Errorf("Parse = %v; want %q", err, want)
	}
}

// TestParseCommunityRepeatsTheOptionAsTyped: every refusal of a community
// option quotes it as the user wrote it, with the values the option
// accepts: it never writes the parsed value back ("size=0.5" for
// "size=0.50", "density=+Inf" for "density=inf"), answers size=1 with the
// sizes it accepts, never offering a 0 the text form refuses, calls an
// unknown option unknown whatever its value (not "not a number" for
// foo=inf, nor "not NAME=NUMBER" for foo=bar), and answers size=0.5 with
// what a size must be, not "not a whole number of at most 2,147,483,647" as
// if any smaller whole number would do.
func TestParseCommunityRepeatsTheOptionAsTyped(t *testing.T) {
	for text, want := range map[string]string{
		"community:3,size=0.50":      `seeds "community:3,size=0.50": size=0.50 is not a whole number; want a size of at least 2 (a hub and an authority)`,
		"community:3,density=inf":    `seeds "community:3,density=inf": density=inf; want a density above 0 and at most 100 (percent)`,
		"community:3, density=-0.10": `seeds "community:3, density=-0.10": density=-0.10; want a density above 0 and at most 100 (percent)`,
		"community:3,size=1":         `seeds "community:3,size=1": size=1; want a size of at least 2 (a hub and an authority)`,
		"community:3,density=200":    `seeds "community:3,density=200": density=200; want a density above 0 and at most 100 (percent)`,
		"community:3,foo=bar":        `seeds "community:3,foo=bar": unknown community option "foo"; want density, size, members or iterations`,
		"community:3,members=1e999":  `seeds "community:3,members=1e999": members=1e999 is too large: at most 2,147,483,647`,
		"community:3,density=nan":    `seeds "community:3,density=nan": density=nan is not a number; want a density above 0 and at most 100 (percent)`,
		"community:3,size=-inf":      `seeds "community:3,size=-inf": size=-inf; want a size of at least 2 (a hub and an authority)`,
		"community:3,foo=inf":        `seeds "community:3,foo=inf": unknown community option "foo"; want density, size, members or iterations`,
		"community:3,members=0e3":    `seeds "community:3,members=0e3": members=0e3; want a number of members of at least 1`,
	} {
		if _, err := Parse(text); err == nil || err.Error() != want {
			t.Errorf("Parse(%q) = %v; want %q", text, err, want)
		}
	}
}
