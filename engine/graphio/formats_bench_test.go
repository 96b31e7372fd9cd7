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

func BenchmarkReadCSR(b *testing.B) {
	for _, withHosts := range []bool{false, true} {
		name := map[bool]string{false: "arcs", true: "hosts+urls"}[withHosts]
		b.Run(name, func(b *testing.B) {
			g := benchGraph(b, withHosts)
			data := benchCSRBytes(b, g)
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				if _, err := ReadCSR(bytes.NewReader(data), "bench.csr"); err != nil {
					b.Fatal(err)
				}
			}
			benchReportLinks(b, g)
		})
	}
}

func BenchmarkCSRFromBytes(b *testing.B) {
	for _, withHosts := range []bool{false, true} {
		name := map[bool]string{false: "arcs", true: "hosts+urls"}[withHosts]
		b.Run(name, func(b *testing.B) {
			g := benchGraph(b, withHosts)
			data := benchCSRBytes(b, g)
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				if _, err := CSRFromBytes(data, "bench.csr"); err != nil {
					b.Fatal(err)
				}
			}
			benchReportLinks(b, g)
		})
	}
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
