package graph

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// arcs lists every arc of g as "src>dst" in CSR order.
func arcs(g *Graph) []string {
	var out []string
	for i := 0; i < g.NumNodes(); i++ {
		for _, t := range g.Out(uint32(i)) {
			out = append(out, fmt.Sprintf("%d>%d", i, t))
		}
	}
	return out
}

func TestBuilderSortsDeduplicatesAndKeepsSelfLoops(t *testing.T) {
	b := NewBuilder(0)
	for _, a := range [][2]uint32{{2, 0}, {0, 2}, {0, 1}, {0, 2}, {1, 1}, {1, 1}, {2, 0}} {
		b.Add(a[0], a[1])
	}
	b.SetNodes(4) // page 3 is isolated
	g, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	want := []string{"0>1", "0>2", "1>1", "2>0"}
	if got := arcs(g); !slices.Equal(got, want) {
		t.Fatalf("arcs = %v, want %v", got, want)
	}
	if g.NumNodes() != 4 || g.NumArcs() != 4 || g.OutDegree(3) != 0 {
		t.Fatalf("n=%d m=%d deg(3)=%d, want 4 4 0", g.NumNodes(), g.NumArcs(), g.OutDegree(3))
	}
}

func TestEmptyGraph(t *testing.T) {
	g, err := NewBuilder(0).Build()
	if err != nil {
		t.Fatal(err)
	}
	if g.NumNodes() != 0 || g.NumArcs() != 0 || g.Validate() != nil {
		t.Fatalf("empty graph: n=%d m=%d err=%v", g.NumNodes(), g.NumArcs(), g.Validate())
	}
	if s := ComputeStats(g, 5); s.Pages != 0 || s.Links != 0 {
		t.Fatalf("stats of empty graph: %+v", s)
	}
	if tr := g.Transpose(); tr.NumNodes() != 0 {
		t.Fatalf("transpose of empty graph has %d pages", tr.NumNodes())
	}
}

func TestValidateRejectsBrokenArrays(t *testing.T) {
	cases := []struct {
		name    string
		g       Graph
		message string
	}{
		{"no offsets", Graph{}, "n+1 entries"},
		{"first offset", Graph{Offsets: []uint64{1, 1}, Targets: []uint32{0}}, "offsets[0]"},
		{"last offset", Graph{Offsets: []uint64{0, 2}, Targets: []uint32{0}}, "number of links"},
		{"decreasing offsets", Graph{Offsets: []uint64{0, 2, 1, 2}, Targets: []uint32{0, 1}}, "not increasing"},
		{"target out of range", Graph{Offsets: []uint64{0, 1}, Targets: []uint32{1}}, "beyond the last page"},
		{"unsorted", Graph{Offsets: []uint64{0, 2, 2}, Targets: []uint32{1, 0}}, "strictly increasing"},
		{"duplicate", Graph{Offsets: []uint64{0, 2, 2}, Targets: []uint32{1, 1}}, "strictly increasing"},
		{"host table length", Graph{Offsets: []uint64{0, 0}, Hosts: &Hosts{Of: []uint32{0, 0}, Names: []string{"a"}}}, "host table covers"},
		{"host id", Graph{Offsets: []uint64{0, 0}, Hosts: &Hosts{Of: []uint32{1}, Names: []string{"a"}}}, "only 1 hosts"},
		{"URL count", Graph{Offsets: []uint64{0, 0}, URLs: []string{"a", "b"}}, "URL list"},
	}
	for _, c := range cases {
		err := c.g.Validate()
		if err == nil || !strings.Contains(err.Error(), c.message) {
			t.Errorf("%s: Validate() = %v, want an error containing %q", c.name, err, c.message)
		}
	}
}

func TestHostName(t *testing.T) {
	cases := []struct {
		url, host string
		ok        bool
	}{
		{"http://www.Hollins.edu/", "www.hollins.edu", true},
		{"https://graphics.stanford.edu:8080/a?b", "graphics.stanford.edu", true},
		{"HTTP://WWW1.HOLLINS.EDU./x", "www1.hollins.edu", true},
		{"www.example.org/page", "www.example.org", true},
		// A redirect wrapper belongs to the host that serves it.
		{"http://citeseer.nj.nec.com/cs?rd=http%3A//robotics.stanford.edu/", "citeseer.nj.nec.com", true},
		{"http://127.0.0.1/x", "127.0.0.1", true},
		// From cs-stanford.urls: an invalid %-escape in the path leaves the host readable.
		{"http://graphics.stanford.edu/courses/cs348%0:b-92", "graphics.stanford.edu", true},
		{"http://user:pw@Example.ORG:8080/", "example.org", true},
		{"http://[2001:DB8::1]:80/", "2001:db8::1", true},
		{"http://[nonsense]/", "", false},
		{"http://a.org:80x/", "", false},
		{"www.example.org:8080/x", "www.example.org", true},
		{"http://localhost:8080/", "localhost", true},
		// From hollins.urls: a host with no dot is not a web host.
		{"http://www1/hollins.edu/classes/dance/", "", false},
		{"", "", false},
		{"http://", "", false},
		{"http://bad host.edu/", "", false},
		{"http://-a.edu/", "", false},
		{"mailto:someone@example.org", "", false},
	}
	for _, c := range cases {
		host, ok := HostName(c.url)
		if host != c.host || ok != c.ok {
			t.Errorf("HostName(%q) = %q, %v; want %q, %v", c.url, host, ok, c.host, c.ok)
		}
	}
}

func TestHostsFromURLs(t *testing.T) {
	urls := []string{"http://b.org/1", "http://a.org/", "garbage", "http://b.org/2", "http://x/"}
	h := HostsFromURLs(urls)
	if want := []string{"b.org", "a.org", NoHost}; !slices.Equal(h.Names, want) {
		t.Fatalf("names = %v, want %v", h.Names, want)
	}
	if want := []uint32{0, 1, 2, 0, 2}; !slices.Equal(h.Of, want) {
		t.Fatalf("hosts = %v, want %v", h.Of, want)
	}
	if h.Unparsed != 2 {
		t.Fatalf("unparsed = %d, want 2", h.Unparsed)
	}
	g, _ := NewBuilder(4).Build()
	if _, err := g.WithURLs(urls); err == nil || !strings.Contains(err.Error(), "5 entries") {
		t.Fatalf("WithURLs with 5 URLs for 4 pages: err = %v", err)
	}
}

func TestComputeStats(t *testing.T) {
	// Pages 0,1 on host a.org; 2,3 on b.org; 4 on c.org.
	// Arcs: 0>1 (intra), 0>2 (inter), 1>1 (self-loop, intra), 2>3 (intra), 3>0 (inter), 3>4 (inter).
	b := NewBuilder(5)
	for _, a := range [][2]uint32{{0, 1}, {0, 2}, {1, 1}, {2, 3}, {3, 0}, {3, 4}} {
		b.Add(a[0], a[1])
	}
	g, _ := b.Build()
	g, err := g.WithURLs([]string{"http://a.org/", "http://a.org/x", "http://b.org/", "http://b.org/y", "http://c.org/"})
	if err != nil {
		t.Fatal(err)
	}
	s := ComputeStats(g, 2)
	// Out-degrees 2,1,1,2,0: min 0, max 2, mean 6/5, sorted 0,1,1,2,2 so the median is 1.
	// In-degrees: 0←3; 1←0,1; 2←0; 3←2; 4←3 = 1,2,1,1,1: median 1, max 2.
	want := Stats{
		Pages: 5, Links: 6, Dangling: 1, SelfLoops: 1,
		OutDegree: DegreeStats{Min: 0, Max: 2, Mean: 1.2, Median: 1},
		InDegree:  DegreeStats{Min: 1, Max: 2, Mean: 1.2, Median: 1},
		Hosts:     3, IntraHost: 3, InterHost: 3,
		LargestHosts:     []HostSize{{Name: "a.org", Pages: 2}, {Name: "b.org", Pages: 2}},
		LargestHostShare: 0.4,
	}
	if fmt.Sprint(s) != fmt.Sprint(want) {
		t.Fatalf("stats =\n%+v\nwant\n%+v", s, want)
	}
	if s.IntraHostShare() != 0.5 {
		t.Fatalf("intra-host share = %v, want 0.5", s.IntraHostShare())
	}
}

func TestDegreeStatsEvenMedian(t *testing.T) {
	// Sorted 1,2,4,9: median (2+4)/2 = 3.
	d := degreeStats([]uint32{9, 1, 4, 2}, 16)
	if d != (DegreeStats{Min: 1, Max: 9, Mean: 4, Median: 3}) {
		t.Fatalf("degreeStats = %+v", d)
	}
}

func BenchmarkTranspose(b *testing.B) {
	const n, m = 1 << 17, 1 << 20
	bl := NewBuilder(n)
	x := uint64(1)
	for k := 0; k < m; k++ {
		x = x*6364136223846793005 + 1442695040888963407
		bl.Add(uint32(x>>40)%n, uint32(x>>12)%n)
	}
	g, _ := bl.Build()
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		g.Transpose()
	}
	b.ReportMetric(float64(g.NumArcs())*float64(b.N)/b.Elapsed().Seconds(), "links/s")
}
