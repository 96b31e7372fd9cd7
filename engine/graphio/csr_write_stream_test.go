package graphio

import (
	"bytes"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
)

// csrShapeOf returns the shape of g as WriteCSR stores it.
func csrShapeOf(g *graph.Graph) CSRShape {
	s := CSRShape{Pages: uint64(g.NumNodes()), Links: uint64(g.NumArcs())}
	joined := func(list []string) uint64 {
		size := uint64(0)
		for i, x := range list {
			size += uint64(len(x))
			if i > 0 {
				size++
			}
		}
		return size
	}
	if g.Hosts != nil {
		s.HasHosts = true
		s.Hosts, s.Unparsed, s.HostNameBytes = uint64(len(g.Hosts.Names)), uint64(g.Hosts.Unparsed), joined(g.Hosts.Names)
	}
	if g.URLs != nil {
		s.HasURLs, s.URLBytes = true, joined(g.URLs)
	}
	return s
}

// streamCSR writes g through a CSRWriter, starting at offset start of w,
// in pieces of random sizes up to chunk entries.
func streamCSR(t *testing.T, w io.WriteSeeker, g *graph.Graph, chunk int, seed uint64) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	c, err := NewCSRWriter(w, csrShapeOf(g))
	if err != nil {
		t.Fatal(err)
	}
	pieces := func(n int, write func(lo, hi int) error) {
		for lo := 0; lo < n; {
			hi := min(n, lo+rng.IntN(chunk+1))
			if err := write(lo, hi); err != nil {
				t.Fatal(err)
			}
			lo = hi
		}
	}
	offsets := g.Offsets
	if len(offsets) == 0 {
		offsets = []uint64{0}
	}
	pieces(len(offsets), func(lo, hi int) error { return c.Offsets(offsets[lo:hi]) })
	pieces(len(g.Targets), func(lo, hi int) error { return c.Targets(g.Targets[lo:hi]) })
	if g.Hosts != nil {
		pieces(len(g.Hosts.Of), func(lo, hi int) error { return c.HostOf(g.Hosts.Of[lo:hi]) })
		for _, name := range g.Hosts.Names {
			if err := c.HostName([]byte(name)); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, u := range g.URLs {
		if err := c.URL([]byte(u)); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestCSRWriterMatchesWriteCSR streams every round-trip graph in pieces of
// several sizes, at the start of a file and after other bytes, and gets
// WriteCSR's bytes; the file then reads back as the graph.
func TestCSRWriterMatchesWriteCSR(t *testing.T) {
	cases := rtCases(t)
	noURLs := rtRandomGraph(t, 4, 500, 3, 9)
	noURLs.URLs = nil
	cases = append(cases, rtCase{"hosts-without-urls", noURLs}, rtCase{"large", rtRandomGraph(t, 5, 300000, 5, 300)})
	for _, tc := range cases {
		var want bytes.Buffer
		if err := WriteCSR(&want, tc.g); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		for k, chunk := range []int{1, 7, 100000} {
			prefix := []byte("prefix")
			b := &graphtest.File{}
			b.Write(prefix)
			streamCSR(t, b, tc.g, chunk, uint64(k))
			if b.Pos != int64(len(b.Data)) {
				t.Errorf("%s: writer left at %d of %d bytes", tc.name, b.Pos, len(b.Data))
			}
			if !bytes.HasPrefix(b.Data, prefix) || !bytes.Equal(b.Data[len(prefix):], want.Bytes()) {
				t.Fatalf("%s, pieces up to %d: streamed file (%d bytes) differs from WriteCSR's (%d bytes)", tc.name, chunk, len(b.Data)-len(prefix), want.Len())
			}
		}
		got, err := ReadCSR(bytes.NewReader(want.Bytes()), tc.name)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		rtSameGraph(t, tc.g, got, true)
	}
}

// TestCSRWriterRefuses checks every misuse: each call after the first
// error fails with it, and Close never writes a header for an incomplete
// file.
func TestCSRWriterRefuses(t *testing.T) {
	shape := CSRShape{Pages: 2, Links: 2, HasHosts: true, Hosts: 1, HostNameBytes: 1, HasURLs: true, URLBytes: 3}
	for _, tc := range []struct {
		name  string
		shape CSRShape
		calls func(c *CSRWriter) error
		want  string
	}{
		{"too many pages", CSRShape{Pages: 1 << 32}, nil, "4,294,967,296 pages exceed the limit of 4,294,967,295"},
		{"hosts without table", CSRShape{Pages: 1, Hosts: 1}, nil, "without a host table"},
		{"pages without hosts", CSRShape{Pages: 1, HasHosts: true}, nil, "1 pages but no host"},
		{"short names", CSRShape{Pages: 3, HasHosts: true, Hosts: 3, HostNameBytes: 1}, nil, "cannot hold 3 host names"},
		{"short urls", CSRShape{Pages: 3, HasURLs: true, URLBytes: 1}, nil, "cannot hold 3 URLs"},
		{"unparsed", CSRShape{Pages: 1, HasHosts: true, Hosts: 1, Unparsed: 2}, nil, "2 pages without a parseable host"},
		{"first offset", shape, func(c *CSRWriter) error { return c.Offsets([]uint64{1}) }, "offset 0 is 1, want 0"},
		{"falling offset", shape, func(c *CSRWriter) error { return c.Offsets([]uint64{0, 2, 1}) }, "offset 2 is 1, want 2 to 2"},
		{"offset past m", shape, func(c *CSRWriter) error { return c.Offsets([]uint64{0, 3}) }, "offset 1 is 3, want 0 to 2"},
		{"last offset", shape, func(c *CSRWriter) error { return c.Offsets([]uint64{0, 1, 1}) }, "the last offset is 1, want the 2 links"},
		{"too many offsets", shape, func(c *CSRWriter) error { return c.Offsets([]uint64{0, 1, 2, 2}) }, "4 more offsets, but only 3 are left"},
		{"targets early", shape, func(c *CSRWriter) error { return c.Targets([]uint32{0}) }, "targets given while the offsets are due"},
		{"target past n", shape, func(c *CSRWriter) error {
			c.Offsets([]uint64{0, 1, 2})
			return c.Targets([]uint32{1, 2})
		}, "target 1 is 2, want below 2"},
		{"host past h", shape, func(c *CSRWriter) error {
			c.Offsets([]uint64{0, 1, 2})
			c.Targets([]uint32{1, 0})
			return c.HostOf([]uint32{0, 1})
		}, "host of page 1 is 1, want below 1"},
		{"line break", shape, func(c *CSRWriter) error {
			c.Offsets([]uint64{0, 1, 2})
			c.Targets([]uint32{1, 0})
			c.HostOf([]uint32{0, 0})
			return c.HostName([]byte("\n"))
		}, "host names 0 contains a line break"},
		{"long url", shape, func(c *CSRWriter) error {
			c.Offsets([]uint64{0, 1, 2})
			c.Targets([]uint32{1, 0})
			c.HostOf([]uint32{0, 0})
			c.HostName([]byte("h"))
			return c.URL([]byte("abcd"))
		}, "URLs 0 overruns the 3 bytes announced"},
		{"short last url", shape, func(c *CSRWriter) error {
			c.Offsets([]uint64{0, 1, 2})
			c.Targets([]uint32{1, 0})
			c.HostOf([]uint32{0, 0})
			c.HostName([]byte("h"))
			c.URL([]byte("a"))
			return c.URL([]byte(""))
		}, "the URLs end 1 bytes short"},
		{"early close", shape, func(c *CSRWriter) error {
			c.Offsets([]uint64{0, 1, 2})
			c.Targets([]uint32{1})
			return c.Close()
		}, "closed with 1 targets of 2 still to write"},
		{"sticky", shape, func(c *CSRWriter) error {
			c.Offsets([]uint64{5})
			c.Offsets([]uint64{0, 1, 2})
			return c.Close()
		}, "offset 0 is 5"},
	} {
		b := &graphtest.File{}
		c, err := NewCSRWriter(b, tc.shape)
		if err == nil && tc.calls != nil {
			err = tc.calls(c)
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
		if len(b.Data) >= csrHeaderSize && !bytes.Equal(b.Data[:csrHeaderSize], make([]byte, csrHeaderSize)) {
			t.Errorf("%s: a header was written", tc.name)
		}
	}
}

// TestCSRWriterWriteFails: a failing write is reported, by the section
// call that flushes or by Close.
func TestCSRWriterWriteFails(t *testing.T) {
	g := rtRandomGraph(t, 6, 200000, 4, 50)
	for _, failAt := range []int64{10, 100, csrStreamBuffer + 500, 5 << 20} {
		b := &graphtest.File{FailAt: failAt}
		c, err := NewCSRWriter(b, csrShapeOf(g))
		if err == nil {
			c.Offsets(g.Offsets)
			c.Targets(g.Targets)
			c.HostOf(g.Hosts.Of)
			for _, s := range g.Hosts.Names {
				c.HostName([]byte(s))
			}
			for _, s := range g.URLs {
				c.URL([]byte(s))
			}
			err = c.Close()
		}
		if err == nil || !strings.Contains(err.Error(), "disk full") {
			t.Errorf("failing at byte %d: error %v, want disk full", failAt, err)
		}
	}
}

// BenchmarkCSRWriter streams a 300,000-page graph with hosts and URLs,
// 1,000 entries per call; MB/s counts the file's bytes.
func BenchmarkCSRWriter(b *testing.B) {
	g := rtRandomGraph(b, 7, 300000, 8, 1500)
	shape := csrShapeOf(g)
	var want bytes.Buffer
	if err := WriteCSR(&want, g); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(want.Len()))
	b.ReportAllocs()
	out := &graphtest.File{Data: make([]byte, 0, want.Len())}
	for b.Loop() {
		out.Data, out.Pos = out.Data[:0], 0
		c, err := NewCSRWriter(out, shape)
		if err != nil {
			b.Fatal(err)
		}
		for lo := 0; lo < len(g.Offsets); lo += 1000 {
			c.Offsets(g.Offsets[lo:min(lo+1000, len(g.Offsets))])
		}
		for lo := 0; lo < len(g.Targets); lo += 1000 {
			c.Targets(g.Targets[lo:min(lo+1000, len(g.Targets))])
		}
		for lo := 0; lo < len(g.Hosts.Of); lo += 1000 {
			c.HostOf(g.Hosts.Of[lo:min(lo+1000, len(g.Hosts.Of))])
		}
		for _, s := range g.Hosts.Names {
			c.HostName([]byte(s))
		}
		for _, s := range g.URLs {
			c.URL([]byte(s))
		}
		if err := c.Close(); err != nil {
			b.Fatal(err)
		}
	}
}
