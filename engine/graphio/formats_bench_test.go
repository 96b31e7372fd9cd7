package graphio

import (
	"bytes"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph"
)

// benchGraph is a random graph of about a million links (140,000 pages),
// with 500 hosts and synthetic URLs when withHosts.
func benchGraph(b *testing.B, withHosts bool) *graph.Graph {
	b.Helper()
	hosts := 0
	if withHosts {
		hosts = 500
	}
	return rtRandomGraph(b, 7, 140000, 8, hosts)
}

// benchReportLinks reports the links read per second.
func benchReportLinks(b *testing.B, g *graph.Graph) {
	b.ReportMetric(float64(g.NumArcs())*float64(b.N)/b.Elapsed().Seconds(), "links/s")
}

func benchCSRBytes(b *testing.B, g *graph.Graph) []byte {
	var buf bytes.Buffer
	if err := WriteCSR(&buf, g); err != nil {
		b.Fatal(err)
	}
	return buf.Bytes()
}

// benchCNR2000 decodes the real cnr-2000 graph, or skips when it is absent.
func benchCNR2000(b *testing.B) *graph.Graph {
	props, err := ReadBVGraphProperties(bytes.NewReader(bvReadFileOrSkip(b, "cnr-2000/cnr-2000.properties")), "cnr-2000.properties")
	if err != nil {
		b.Fatal(err)
	}
	g, err := ReadBVGraph(bytes.NewReader(bvReadFileOrSkip(b, "cnr-2000/cnr-2000.graph")), "cnr-2000.graph", props, nil, "")
	if err != nil {
		b.Fatal(err)
	}
	return g
}

// benchCSRLoad measures a .csr loader on a random graph with and without
// hosts and URLs, and on cnr-2000 (3.2 million links) when it is present.
func benchCSRLoad(b *testing.B, load func(data []byte) (*graph.Graph, error)) {
	cases := []struct {
		name  string
		graph func(b *testing.B) *graph.Graph
	}{
		{"arcs", func(b *testing.B) *graph.Graph { return benchGraph(b, false) }},
		{"hosts+urls", func(b *testing.B) *graph.Graph { return benchGraph(b, true) }},
		{"cnr-2000", benchCNR2000},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			g := c.graph(b)
			data := benchCSRBytes(b, g)
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				if _, err := load(data); err != nil {
					b.Fatal(err)
				}
			}
			benchReportLinks(b, g)
		})
	}
}

func BenchmarkReadCSR(b *testing.B) {
	benchCSRLoad(b, func(data []byte) (*graph.Graph, error) { return ReadCSR(bytes.NewReader(data), "bench.csr") })
}

func BenchmarkCSRFromBytes(b *testing.B) {
	benchCSRLoad(b, func(data []byte) (*graph.Graph, error) { return CSRFromBytes(data, "bench.csr") })
}

func BenchmarkWriteCSR(b *testing.B) {
	g := benchGraph(b, true)
	var buf bytes.Buffer
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		buf.Reset()
		if err := WriteCSR(&buf, g); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(int64(buf.Len()))
	benchReportLinks(b, g)
}

func BenchmarkReadEdgeList(b *testing.B) {
	g := benchGraph(b, false)
	var buf bytes.Buffer
	if err := WriteEdgeList(&buf, g); err != nil {
		b.Fatal(err)
	}
	full := buf.Bytes()
	// "header": page numbers fixed by the header; "renumber": the same
	// lines without it, so ids are remapped through the dense bit set.
	for _, c := range []struct {
		name string
		data []byte
	}{
		{"header", full},
		{"renumber", full[bytes.IndexByte(full, '\n')+1:]},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.data)))
			b.ReportAllocs()
			for range b.N {
				if _, _, err := ReadEdgeList(bytes.NewReader(c.data), "bench.edges", EdgeListOptions{}); err != nil {
					b.Fatal(err)
				}
			}
			benchReportLinks(b, g)
		})
	}
}

func BenchmarkReadASCII(b *testing.B) {
	g := benchGraph(b, false)
	var buf bytes.Buffer
	if err := WriteASCII(&buf, g); err != nil {
		b.Fatal(err)
	}
	data := buf.Bytes()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if _, err := ReadASCII(bytes.NewReader(data), "bench.graph-txt"); err != nil {
			b.Fatal(err)
		}
	}
	benchReportLinks(b, g)
}
