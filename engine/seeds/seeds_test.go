package seeds

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph"
	"pgregory.net/rapid"
)

func fiveHostGraph(t *testing.T) *graph.Graph {
	t.Helper()
	b := graph.NewBuilder(6)
	b.Add(0, 1)
	g, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	g, err = g.WithURLs([]string{"http://a.org/", "http://b.org/", "http://a.org/x", "http://c.org/", "http://b.org/y", "http://c.org/z"})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestParse(t *testing.T) {
	cases := map[string]Spec{
		"top-pagerank:160":     {Kind: TopPageRank, K: 160},
		"random:5":             {Kind: Random, K: 5},
		"host-roots":           {Kind: HostRoots},
		"list:3,http://a.org/": {Kind: List, Items: []string{"3", "http://a.org/"}},
		"3,17,42":              {Kind: List, Items: []string{"3", "17", "42"}},
		// Any white space separates items (FuzzParseSpec once found
		// "0 \f" read as the items "0" and "\f").
		"0 \f":         {Kind: List, Items: []string{"0"}},
		"list:1\v2\r3": {Kind: List, Items: []string{"1", "2", "3"}},
	}
	for text, want := range cases {
		got, err := Parse(text)
		if err != nil || got.Kind != want.Kind || got.K != want.K || !slices.Equal(got.Items, want.Items) {
			t.Errorf("Parse(%q) = %+v, %v; want %+v", text, got, err, want)
		}
	}
	for _, bad := range []string{"", "random", "random:0", "random:x", "top-pagerank:-1", "host-roots:3", "list:", "best:3"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) succeeded, want an error", bad)
		}
	}
}

func TestSelect(t *testing.T) {
	g := fiveHostGraph(t)
	imp := []float64{0.1, 0.3, 0.2, 0.3, 0.05, 0.05}
	got, err := Select(g, Spec{Kind: TopPageRank, K: 3}, Options{Importance: imp})
	// 1 and 3 tie at 0.3: the smaller id comes first; then page 2.
	if err != nil || !slices.Equal(got, []uint32{1, 3, 2}) {
		t.Fatalf("top-pagerank:3 = %v, %v; want [1 3 2]", got, err)
	}
	got, err = Select(g, Spec{Kind: HostRoots}, Options{})
	if err != nil || !slices.Equal(got, []uint32{0, 1, 3}) {
		t.Fatalf("host-roots = %v, %v; want [0 1 3]", got, err)
	}
	got, err = Select(g, Spec{Kind: List, Items: []string{"4", "http://a.org/x", "4"}}, Options{})
	if err != nil || !slices.Equal(got, []uint32{4, 2}) {
		t.Fatalf("list = %v, %v; want [4 2]", got, err)
	}
	for _, items := range [][]string{{"6"}, {"http://nowhere.org/"}} {
		if _, err := Select(g, Spec{Kind: List, Items: items}, Options{}); err == nil {
			t.Errorf("list %v: want an error", items)
		}
	}
	// With PageOf, items are the caller's names for pages (an edge list's
	// original ids); URLs are still looked up in the URL list.
	pageOf := func(item string) (uint32, bool) {
		p, ok := map[string]uint32{"101": 0, "205": 5}[item]
		return p, ok
	}
	got, err = Select(g, Spec{Kind: List, Items: []string{"205", "http://b.org/"}}, Options{PageOf: pageOf})
	if err != nil || !slices.Equal(got, []uint32{5, 1}) {
		t.Fatalf("list through PageOf = %v, %v; want [5 1]", got, err)
	}
	if _, err := Select(g, Spec{Kind: List, Items: []string{"1"}}, Options{PageOf: pageOf}); err == nil || !strings.Contains(err.Error(), `no page "1"`) {
		t.Fatalf("unknown item through PageOf: err = %v", err)
	}
	noHosts, _ := graph.NewBuilder(3).Build()
	if _, err := Select(noHosts, Spec{Kind: HostRoots}, Options{}); err == nil || !strings.Contains(err.Error(), "no hosts") {
		t.Errorf("host-roots without hosts: err = %v", err)
	}
}

func TestRandomSeedsAreDistinctAndDeterministic(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 300).Draw(t, "n")
		k := rapid.IntRange(1, 400).Draw(t, "k")
		seed := rapid.Uint64().Draw(t, "seed")
		g, _ := graph.NewBuilder(n).Build()
		draw := func() []uint32 {
			s, err := Select(g, Spec{Kind: Random, K: k}, Options{Rand: rand.New(rand.NewPCG(seed, 1))})
			if err != nil {
				t.Fatal(err)
			}
			return s
		}
		a := draw()
		if len(a) != min(k, n) {
			t.Fatalf("%d seeds, want %d", len(a), min(k, n))
		}
		seen := make(map[uint32]bool)
		for _, p := range a {
			if seen[p] || p >= uint32(n) {
				t.Fatalf("seeds not distinct pages of %d: %v", n, a)
			}
			seen[p] = true
		}
		if !slices.Equal(a, draw()) {
			t.Fatal("same random seed gave different seed sets")
		}
	})
}

func TestListRoundTrip(t *testing.T) {
	var b strings.Builder
	if err := WriteList(&b, "community seeds\nof cs-stanford", []string{"7", "3", "12"}); err != nil {
		t.Fatal(err)
	}
	spec, err := ReadList(strings.NewReader(b.String()+"\n  http://a.org/  \n"), "s.txt")
	if err != nil || !slices.Equal(spec.Items, []string{"7", "3", "12", "http://a.org/"}) || !slices.Equal(spec.Lines, []int{2, 3, 4, 6}) {
		t.Fatalf("ReadList = %+v, %v", spec, err)
	}
	// Select's errors point at the file and line of the bad item.
	g, _ := graph.NewBuilder(10).Build()
	if _, err := Select(g, spec, Options{}); err == nil || !strings.Contains(err.Error(), "s.txt:4: page 12 is beyond the last page 9") {
		t.Fatalf("Select of an out-of-range item: err = %v", err)
	}
	if _, err := ReadList(strings.NewReader("1\n2 3\n"), "bad.txt"); err == nil || !strings.Contains(err.Error(), "bad.txt:2:") {
		t.Fatalf("two fields on a line: err = %v", err)
	}
	if _, err := ReadList(strings.NewReader("# nothing\n"), "empty.txt"); err == nil {
		t.Fatal("empty list: want an error")
	}
}

// TestHostRootsSkipNoHost: the pseudo-host graph.NoHost, which holds the
// pages whose URL has no parseable host, is not a host to seed (docs/algorithms.md
// section 2, "Seed sets", host-roots).
func TestHostRootsSkipNoHost(t *testing.T) {
	b := graph.NewBuilder(5)
	b.Add(0, 1)
	g, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	// Pages 0 and 3 have no parseable host: they form host 0, "(none)".
	g, err = g.WithURLs([]string{"not a url", "http://a.org/", "http://b.org/", "", "http://a.org/x"})
	if err != nil {
		t.Fatal(err)
	}
	if g.Hosts.Names[g.Hosts.Of[0]] != graph.NoHost || g.Hosts.Unparsed != 2 {
		t.Fatalf("the test graph's host table is %v (%d unparsed); want page 0 in %s", g.Hosts.Names, g.Hosts.Unparsed, graph.NoHost)
	}
	got, err := Select(g, Spec{Kind: HostRoots}, Options{})
	if err != nil || !slices.Equal(got, []uint32{1, 2}) {
		t.Fatalf("host-roots = %v, %v; want [1 2] (the roots of a.org and b.org, not of %s)", got, err, graph.NoHost)
	}
	// A graph whose every URL is unparseable has no host to seed.
	g, err = g.WithURLs([]string{"", "", "x", "", ""})
	if err != nil {
		t.Fatal(err)
	}
	if got, err := Select(g, Spec{Kind: HostRoots}, Options{}); err == nil || !strings.Contains(err.Error(), graph.NoHost) {
		t.Errorf("host-roots with only unparseable URLs = %v, %v; want an error naming %s", got, err, graph.NoHost)
	}
}

// TestSeedSetOrder: Select returns each seed set in its order (docs/algorithms.md
// section 2), which a crawl discovers them in: random:K as drawn (Floyd's
// algorithm, replayed here), host-roots by host id even where the hosts'
// ids do not follow their roots' ids.
func TestSeedSetOrder(t *testing.T) {
	g, _ := graph.NewBuilder(50).Build()
	got, err := Select(g, Spec{Kind: Random, K: 10}, Options{Rand: rand.New(rand.NewPCG(7, 1))})
	if err != nil {
		t.Fatal(err)
	}
	// Floyd's algorithm, one draw per j in order, with its own stream.
	r := rand.New(rand.NewPCG(7, 1))
	var want []uint32
	for j := 50 - 10; j < 50; j++ {
		v := uint32(r.IntN(j + 1))
		if slices.Contains(want, v) {
			v = uint32(j)
		}
		want = append(want, v)
	}
	if !slices.Equal(got, want) || slices.IsSorted(want) {
		t.Fatalf("random:10 = %v, want %v as drawn (not sorted)", got, want)
	}

	b := graph.NewBuilder(5)
	hg, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	// Host 0 (b.org) has pages 1 and 3, host 1 (c.org) page 2, host 2
	// (a.org) pages 0 and 4: by host id the roots are 1, 2, 0.
	hg.Hosts = &graph.Hosts{Of: []uint32{2, 0, 1, 0, 2}, Names: []string{"b.org", "c.org", "a.org"}}
	got, err = Select(hg, Spec{Kind: HostRoots}, Options{})
	if err != nil || !slices.Equal(got, []uint32{1, 2, 0}) {
		t.Fatalf("host-roots = %v, %v; want [1 2 0] (by host id)", got, err)
	}
}

// TestListOfOneItemNamesAFile: a list of one unquoted item that is
// neither a page id nor a URL names a file (Spec.File, which the command
// line reads); quoted, the item is a page, and String keeps the quotes so
// that the text reads back as the page and not as a file.
func TestListOfOneItemNamesAFile(t *testing.T) {
	for text, file := range map[string]string{
		"list:seeds.txt":     "seeds.txt",
		"list: b":            "b",
		`list:"b"`:           "",
		`list: "b"`:          "",
		"list:7":             "",
		"list:http://a.org/": "",
		"list:a,b":           "",
	} {
		spec, err := Parse(text)
		if err != nil || spec.File != file {
			t.Errorf("Parse(%q) = File %q, %v; want %q", text, spec.File, err, file)
		}
	}
	for spec, want := range map[*Spec]string{
		{Kind: List, Items: []string{"b"}}:                      `list:"b"`,
		{Kind: List, Items: []string{"b"}, File: "b"}:           "list:b",
		{Kind: List, Items: []string{"7"}}:                      "list:7",
		{Kind: List, Items: []string{"http://a.org/"}}:          "list:http://a.org/",
		{Kind: List, Items: []string{"a", "b"}}:                 "list:a,b",
		{Kind: List, Items: []string{"b"}, Source: "seeds.txt"}: `list:"b"`,
	} {
		if got := spec.String(); got != want {
			t.Errorf("%+v.String() = %q; want %q", *spec, got, want)
		}
	}
}
