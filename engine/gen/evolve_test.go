package gen

import (
	"bufio"
	"bytes"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph"
	"pgregory.net/rapid"
)

// linkChanges compares the links between surviving pages of g and of the
// later snapshot: how many of g's survive, and how many are new.
func linkChanges(g *graph.Graph, ev *Evolution) (between, kept, added int) {
	later := ev.Later
	for o := 0; o < g.NumNodes(); o++ {
		if ev.OldToNew[o] == NoPage {
			continue
		}
		old, now := g.Out(uint32(o)), later.Out(ev.OldToNew[o])
		for _, t := range old {
			if ev.OldToNew[t] != NoPage {
				between++
				if _, found := slices.BinarySearch(now, ev.OldToNew[t]); found {
					kept++
				}
			}
		}
		for _, t := range now {
			if o := ev.NewToOld[t]; o != NoPage {
				if _, found := slices.BinarySearch(old, o); !found {
					added++
				}
			}
		}
	}
	return between, kept, added
}

type fatalf interface {
	Helper()
	Fatalf(string, ...any)
}

// checkEvolution checks the invariants of Evolve(g, p) that hold for every
// graph and every p.
func checkEvolution(t fatalf, g *graph.Graph, p EvolveParams, ev *Evolution) {
	t.Helper()
	later := ev.Later
	n, m := g.NumNodes(), int(g.NumArcs())
	if err := later.Validate(); err != nil {
		t.Fatalf("later snapshot is invalid: %v", err)
	}
	total := n + int(math.Round(p.NewPages*float64(n)))
	if later.NumNodes() != total || len(ev.NewToOld) != total || len(ev.OldToNew) != n {
		t.Fatalf("later snapshot has %d pages (maps %d and %d), want %d", later.NumNodes(), len(ev.NewToOld), len(ev.OldToNew), total)
	}
	// The maps are inverse to each other; survivors keep their ids.
	removed := 0
	for o, l := range ev.OldToNew {
		switch {
		case l == NoPage:
			removed++
			if ev.NewToOld[o] != NoPage {
				t.Fatalf("removed page %d maps back from %d", o, ev.NewToOld[o])
			}
		case l != uint32(o):
			t.Fatalf("page %d became %d: survivors must keep their ids", o, l)
		case ev.NewToOld[l] != uint32(o):
			t.Fatalf("OldToNew[%d] = %d but NewToOld[%d] = %d", o, l, l, ev.NewToOld[l])
		}
	}
	for l := n; l < total; l++ {
		if ev.NewToOld[l] != NoPage {
			t.Fatalf("new page %d maps to old page %d", l, ev.NewToOld[l])
		}
	}
	// Removed pages: the requested number (host roots are spared) and no
	// links at all.
	candidates := n
	if g.Hosts != nil || g.URLs != nil {
		hosts := g.Hosts
		if hosts == nil {
			hosts = graph.HostsFromURLs(g.URLs)
		}
		candidates -= len(hosts.Names)
		seen := make([]bool, len(hosts.Names))
		for i, h := range hosts.Of {
			if !seen[h] && ev.OldToNew[i] == NoPage {
				t.Fatalf("page %d, the first of host %q, was removed", i, hosts.Names[h])
			}
			seen[h] = true
		}
	}
	if want := min(int(math.Round(p.RemovedPages*float64(n))), candidates); removed != want {
		t.Fatalf("%d pages removed, want %d", removed, want)
	}
	in := later.InDegrees()
	for o, l := range ev.OldToNew {
		if l == NoPage && (later.OutDegree(uint32(o)) != 0 || in[o] != 0) {
			t.Fatalf("removed page %d still has %d out-links and %d in-links", o, later.OutDegree(uint32(o)), in[o])
		}
	}
	// Links between survivors: exactly the requested number removed, and at
	// most the requested number added.
	between, kept, added := linkChanges(g, ev)
	if want := between - min(int(math.Round(p.RemovedLinks*float64(m))), between); kept != want {
		t.Fatalf("%d of %d links between survivors kept, want %d", kept, between, want)
	}
	if want := int(math.Round(p.NewLinks * float64(m))); added > want {
		t.Fatalf("%d links added between survivors, want at most %d", added, want)
	}
	// New pages can be discovered: each has an in-link, unless nothing was
	// left to link from.
	for l := n; l < total; l++ {
		if earlierLive := removed < n || l > n; earlierLive && in[l] == 0 {
			t.Fatalf("new page %d has no in-link", l)
		}
	}
	// URLs and hosts.
	if (g.URLs == nil) != (later.URLs == nil) {
		t.Fatalf("earlier graph has URLs: %v, later: %v", g.URLs != nil, later.URLs != nil)
	}
	if (g.Hosts == nil && g.URLs == nil) != (later.Hosts == nil) {
		t.Fatalf("earlier graph has hosts: %v, later: %v", g.Hosts != nil, later.Hosts != nil)
	}
	if g.URLs != nil {
		if !slices.Equal(g.URLs, later.URLs[:n]) {
			t.Fatalf("old pages' URLs changed")
		}
		old := make(map[string]bool, n)
		for _, u := range g.URLs {
			old[u] = true
		}
		for l := n; l < total; l++ {
			u := later.URLs[l]
			if old[u] {
				t.Fatalf("new page %d has the old URL %q", l, u)
			}
			old[u] = true
			if name, ok := graph.HostName(u); !ok || name != later.Hosts.Names[later.Hosts.Of[l]] {
				t.Fatalf("new page %d has URL %q, on host %q", l, u, later.Hosts.Names[later.Hosts.Of[l]])
			}
		}
		fromURLs := graph.HostsFromURLs(later.URLs)
		if !slices.Equal(fromURLs.Names, later.Hosts.Names) || !slices.Equal(fromURLs.Of, later.Hosts.Of) || fromURLs.Unparsed != later.Hosts.Unparsed {
			t.Fatalf("later host table is not the one of the later URLs")
		}
	}
	if g.Hosts != nil {
		if !slices.Equal(g.Hosts.Of, later.Hosts.Of[:n]) || !slices.Equal(g.Hosts.Names, later.Hosts.Names[:len(g.Hosts.Names)]) {
			t.Fatalf("old pages' hosts changed")
		}
		for l := n; l < total; l++ {
			if later.Hosts.Names[later.Hosts.Of[l]] == graph.NoHost {
				t.Fatalf("new page %d joined the host of unparseable URLs", l)
			}
		}
	}
}

func mustEvolve(t testing.TB, g *graph.Graph, p EvolveParams) *Evolution {
	t.Helper()
	ev, err := Evolve(g, p)
	if err != nil {
		t.Fatalf("Evolve(%+v): %v", p, err)
	}
	return ev
}

// TestEvolveDefaults evolves a 50,000-page generated graph with the default
// parameters. Counts of removed pages and links are exact; added links
// between survivors reach the requested 10% of m within 1% (a link is lost
// only when its source already links to nearly every candidate: 3 of 83,501
// on the default 100,000-page graph).
func TestEvolveDefaults(t *testing.T) {
	gp := DefaultParams()
	gp.Pages, gp.Hosts, gp.Seed = 50000, 0, 3
	g := mustGenerate(t, gp)
	before := checksum(g)
	p := DefaultEvolveParams()
	ev := mustEvolve(t, g, p)
	if checksum(g) != before {
		t.Fatal("Evolve modified its input")
	}
	checkEvolution(t, g, p, ev)
	m := float64(g.NumArcs())
	_, _, added := linkChanges(g, ev)
	if want := math.Round(0.1 * m); float64(added) < 0.99*want {
		t.Errorf("%d links added between survivors, want %v within 1%%", added, want)
	}
	// About h/n = 1/200 of the 5,000 new pages start new hosts: 25 expected,
	// standard deviation 5.
	if newHosts := ev.Later.NumHosts() - g.NumHosts(); newHosts < 10 || newHosts > 40 {
		t.Errorf("%d new hosts, want about 25", newHosts)
	}
	gs, ls := graph.ComputeStats(g, 0), graph.ComputeStats(ev.Later, 0)
	if math.Abs(gs.IntraHostShare()-ls.IntraHostShare()) > 0.03 {
		t.Errorf("intra-host share moved from %.3f to %.3f, want within 0.03", gs.IntraHostShare(), ls.IntraHostShare())
	}
}

func TestEvolveIsDeterministic(t *testing.T) {
	gp := DefaultParams()
	gp.Pages, gp.Hosts = 3000, 0
	g := mustGenerate(t, gp)
	p := DefaultEvolveParams()
	p.Seed = 11
	a, b := mustEvolve(t, g, p), mustEvolve(t, g, p)
	if !sameGraph(a.Later, b.Later) || !slices.Equal(a.OldToNew, b.OldToNew) || !slices.Equal(a.NewToOld, b.NewToOld) {
		t.Fatal("two evolutions with the same seed differ")
	}
	p.Seed = 12
	c := mustEvolve(t, g, p)
	if slices.Equal(a.Later.Targets, c.Later.Targets) && slices.Equal(a.OldToNew, c.OldToNew) {
		t.Fatal("seeds 11 and 12 gave the same evolution")
	}
}

// TestEvolveGoldenChecksum pins Evolve's random stream like
// TestGenerateGoldenChecksum: the checksum was produced by this code (first
// version) natively on linux/amd64 and holds under GOOS=js GOARCH=wasm.
func TestEvolveGoldenChecksum(t *testing.T) {
	g := mustGenerate(t, Params{Pages: 1000, Seed: 5, IntraHostShare: 0.9, CopyProbability: 0.7})
	ev := mustEvolve(t, g, EvolveParams{NewPages: 0.2, RemovedPages: 0.05, NewLinks: 0.2, RemovedLinks: 0.1, Seed: 6})
	sum := checksum(ev.Later)
	for _, l := range ev.OldToNew {
		sum = sum*31 + uint64(l)
	}
	const want = 0xf0ff66708819f9e4
	if sum != want {
		t.Errorf("checksum %#x, want %#x (%d pages, %d links)", sum, uint64(want), ev.Later.NumNodes(), ev.Later.NumArcs())
	}
}

// stripped returns g without URLs (keep "hosts") or without URLs and hosts
// ("plain"), or with URLs but no host table ("urls").
func stripped(g *graph.Graph, how string) *graph.Graph {
	c := *g
	switch how {
	case "hosts":
		c.URLs = nil
	case "plain":
		c.URLs, c.Hosts = nil, nil
	case "urls":
		c.Hosts = nil
	}
	return &c
}

// drawEvolvable draws a generated graph of up to maxPages pages and keeps
// its URLs and hosts, its hosts only, its URLs only, or neither.
func drawEvolvable(t *rapid.T, maxPages int) *graph.Graph {
	gp := Params{
		Pages:           rapid.IntRange(1, maxPages).Draw(t, "pages"),
		IntraHostShare:  rapid.Float64Range(0, 1).Draw(t, "intra"),
		CopyProbability: rapid.Float64Range(0, 1).Draw(t, "copy"),
		Seed:            rapid.Uint64().Draw(t, "seed"),
	}
	gp.Hosts = rapid.IntRange(1, gp.Pages).Draw(t, "hosts")
	g, err := Generate(gp)
	if err != nil {
		t.Fatal(err)
	}
	return stripped(g, rapid.SampledFrom([]string{"all", "hosts", "plain", "urls"}).Draw(t, "keep"))
}

// drawEvolveParams draws the fractions of an evolution, the extremes
// included, and its seed.
func drawEvolveParams(t *rapid.T) EvolveParams {
	fraction := func(name string, limit float64) float64 {
		return rapid.SampledFrom([]float64{0, limit, rapid.Float64Range(0, limit).Draw(t, name+"Any")}).Draw(t, name)
	}
	return EvolveParams{
		NewPages:     fraction("newPages", 3),
		RemovedPages: fraction("removedPages", 1),
		NewLinks:     fraction("newLinks", 3),
		RemovedLinks: fraction("removedLinks", 1),
		Seed:         rapid.Uint64().Draw(t, "evolveSeed"),
	}
}

// TestEvolveProperties checks the invariants on small random graphs, with
// URLs and hosts, hosts only, URLs only, or neither, and random fractions
// including the extremes.
func TestEvolveProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := drawEvolvable(t, 300)
		p := drawEvolveParams(t)
		ev, err := Evolve(g, p)
		if err != nil {
			t.Fatalf("Evolve(%+v): %v", p, err)
		}
		checkEvolution(t, g, p, ev)
		// Evolving again works on the later snapshot, removed pages and all.
		ev2, err := Evolve(ev.Later, p)
		if err != nil {
			t.Fatalf("second Evolve(%+v): %v", p, err)
		}
		checkEvolution(t, ev.Later, p, ev2)
	})
}

func TestEvolveEmptyAndEdgeGraphs(t *testing.T) {
	empty, err := graph.New([]uint64{0}, nil)
	if err != nil {
		t.Fatal(err)
	}
	single, err := graph.New([]uint64{0, 1}, []uint32{0})
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range []*graph.Graph{empty, single} {
		for _, p := range []EvolveParams{DefaultEvolveParams(), {NewPages: 5, RemovedPages: 1, NewLinks: 5, RemovedLinks: 1}} {
			checkEvolution(t, g, p, mustEvolve(t, g, p))
		}
	}
}

func TestEvolveRejectsBadInput(t *testing.T) {
	g := mustGenerate(t, Params{Pages: 100, IntraHostShare: 0.9})
	bad := []struct {
		p    EvolveParams
		want string
	}{
		{EvolveParams{NewPages: -0.1}, "NewPages = -0.1; want a fraction from 0 to 10"},
		{EvolveParams{NewPages: 11}, "NewPages = 11"},
		{EvolveParams{RemovedPages: 1.5}, "RemovedPages = 1.5; want a fraction from 0 to 1"},
		{EvolveParams{NewLinks: math.NaN()}, "NewLinks = NaN"},
		{EvolveParams{RemovedLinks: math.Inf(1)}, "RemovedLinks = +Inf"},
	}
	for _, c := range bad {
		if err := c.p.Validate(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Validate(%+v) = %v, want an error containing %q", c.p, err, c.want)
		}
		if ev, err := Evolve(g, c.p); err == nil || ev != nil {
			t.Errorf("Evolve(%+v) = %v, %v; want an error", c.p, ev, err)
		}
	}
	if err := DefaultEvolveParams().Validate(); err != nil {
		t.Errorf("default EvolveParams: %v", err)
	}
	if _, err := Evolve(nil, DefaultEvolveParams()); err == nil || !strings.Contains(err.Error(), "nil") {
		t.Errorf("Evolve(nil) = %v, want an error about the nil graph", err)
	}
	broken := &graph.Graph{Offsets: []uint64{0, 2}, Targets: []uint32{0, 5}}
	if _, err := Evolve(broken, DefaultEvolveParams()); err == nil || !strings.Contains(err.Error(), "links to 5") {
		t.Errorf("Evolve(broken graph) = %v, want the graph's validation error", err)
	}
}

// TestEvolveAvoidsOldURLs evolves a host whose URLs already use the names
// new pages would get ("pageJ.html" for J from 10 up): new pages must take
// the "-v1" variant.
func TestEvolveAvoidsOldURLs(t *testing.T) {
	urls := []string{"http://a.example/"}
	for j := 10; j < 19; j++ {
		urls = append(urls, "http://a.example/page"+strconv.Itoa(j)+".html")
	}
	b := graph.NewBuilder(len(urls))
	for i := 1; i < len(urls); i++ {
		b.Add(0, uint32(i))
		b.Add(uint32(i), 0)
	}
	g, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	if g, err = g.WithURLs(urls); err != nil {
		t.Fatal(err)
	}
	p := EvolveParams{NewPages: 0.5, Seed: 1}
	ev := mustEvolve(t, g, p)
	checkEvolution(t, g, p, ev)
	variants := 0
	for _, u := range ev.Later.URLs[len(urls):] {
		if strings.HasPrefix(u, "http://a.example/") {
			if !strings.HasSuffix(u, "-v1.html") {
				t.Errorf("new page on a.example has URL %q, want a -v1 variant", u)
			}
			variants++
		}
	}
	if variants == 0 {
		t.Errorf("no new page joined a.example (URLs %q); pick another seed", ev.Later.URLs[len(urls):])
	}
}

// dataDir is where the project's real crawls live, relative to this
// package.
var dataDir = filepath.Join("..", "..", "..", "shared", "data")

// readCrawl reads an edge list ("src dst" lines, '#' comments) and its URL
// list from dataDir, or skips the test when they are absent.
func readCrawl(t *testing.T, name string) *graph.Graph {
	t.Helper()
	edges, err := os.ReadFile(filepath.Join(dataDir, name, name+".edges"))
	if err != nil {
		t.Skipf("real data not available (%v); it lives in ../shared/data beside the repository", err)
	}
	urls, err := os.ReadFile(filepath.Join(dataDir, name, name+".urls"))
	if err != nil {
		t.Skipf("real data not available (%v)", err)
	}
	list := strings.Split(strings.TrimSuffix(string(urls), "\n"), "\n")
	b := graph.NewBuilder(len(list))
	sc := bufio.NewScanner(bytes.NewReader(edges))
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if text == "" || text[0] == '#' {
			continue
		}
		src, dst, ok := strings.Cut(text, " ")
		s, err1 := strconv.ParseUint(src, 10, 32)
		d, err2 := strconv.ParseUint(strings.TrimSpace(dst), 10, 32)
		if !ok || err1 != nil || err2 != nil {
			t.Fatalf("%s.edges:%d: want two page ids, got %q", name, line, text)
		}
		b.Add(uint32(s), uint32(d))
	}
	g, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	g, err = g.WithURLs(list)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestEvolveRealCrawls evolves hollins (whose URL list has malformed URLs,
// so a host of unparseable URLs) and cs-stanford (21 hosts).
func TestEvolveRealCrawls(t *testing.T) {
	for _, name := range []string{"hollins", "cs-stanford"} {
		t.Run(name, func(t *testing.T) {
			g := readCrawl(t, name)
			p := DefaultEvolveParams()
			ev := mustEvolve(t, g, p)
			checkEvolution(t, g, p, ev)
			if name == "hollins" && g.Hosts.Unparsed == 0 {
				t.Error("hollins should have URLs without a parseable host")
			}
		})
	}
}

// BenchmarkEvolve measures one evolution of the default 100,000-page graph;
// links/s counts the earlier graph's links processed per second.
func BenchmarkEvolve(b *testing.B) {
	g := mustGenerate(b, DefaultParams())
	b.ReportAllocs()
	runs := 0
	for b.Loop() {
		mustEvolve(b, g, DefaultEvolveParams())
		runs++
	}
	b.ReportMetric(float64(g.NumArcs())*float64(runs)/b.Elapsed().Seconds(), "links/s")
}
