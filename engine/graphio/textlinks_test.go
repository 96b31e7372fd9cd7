package graphio

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"testing/fstest"

	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
)

// textLinksGraph returns a random graph of n pages and about m links as an
// edge list (with the crawlsim header when header is set) and as WebGraph
// ASCII.
func textLinksGraph(n, m int, header bool) (edges, ascii []byte) {
	r := rand.New(rand.NewPCG(1, 2))
	lists := make([][]uint32, n)
	for range m {
		s := r.IntN(n)
		lists[s] = append(lists[s], uint32(r.IntN(n)))
	}
	var e, a bytes.Buffer
	if header {
		fmt.Fprintf(&e, "%s%d pages, %d links\n", edgeListHeaderPrefix, n, m)
	}
	fmt.Fprintf(&a, "%d\n", n)
	for s, l := range lists {
		for _, t := range l {
			fmt.Fprintf(&e, "%d %d\n", s, t)
			fmt.Fprintf(&a, "%d ", t)
		}
		a.WriteByte('\n')
	}
	return e.Bytes(), a.Bytes()
}

// TestTextReadersAllocateWhatTheyCount: reading a text graph allocates, in
// all, no more than the memory its limit check counts (12 bytes a link
// and 8 a page for an edge list, 8 a link and 12 a page for WebGraph
// ASCII, with the numbering of an edge list's ids), plus the read
// buffers. Everything allocated counts, freed or not, since under an
// address-space limit a freed array counts until the runtime returns it:
// slices that grow by copying and a second copy of the links made to
// build the graph allocated 30 bytes a link and more.
func TestTextReadersAllocateWhatTheyCount(t *testing.T) {
	const n, m = 1 << 15, 1 << 19
	edges, ascii := textLinksGraph(n, m, false)
	withHeader, _ := textLinksGraph(n, m, true)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(edges)
	zw.Close()
	fsys := fstest.MapFS{
		"g.edges":     {Data: edges},
		"h.edges":     {Data: withHeader},
		"g.edges.gz":  {Data: gz.Bytes()},
		"g.graph-txt": {Data: ascii},
	}
	// The line buffer, gzip's window and tables, and the unused room of
	// the last chunk of each of two arrays (1 MiB each).
	const buffers = 3 << 20
	for _, c := range []struct {
		name string
		want int64
	}{
		// Links, offsets, and the ids of integer mode: a bit set, its
		// ranks and the list of ids.
		{"g.edges", 12*m + 8*(n+1) + 12*n/64 + 8*n},
		{"g.edges.gz", 12*m + 8*(n+1) + 12*n/64 + 8*n},
		{"h.edges", 12*m + 8*(n+1)},
		{"g.graph-txt", 8*m + 12*n},
	} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		g, _, err := Load(fsys, c.name, LoadOptions{})
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Fatal(err)
		}
		if g.NumArcs() == 0 || g.NumArcs() > m {
			t.Fatalf("%s: %d links", c.name, g.NumArcs())
		}
		if got := int64(after.TotalAlloc - before.TotalAlloc); got > c.want+buffers {
			t.Errorf("%s: reading allocated %s, more than the %s counted and %s of buffers", c.name, BytesText(got), BytesText(c.want), BytesText(buffers))
		}
	}
}

// TestChunksBuildTheGraphBuilderBuilds: buildCSRFromChunks gives the graph
// graph.Builder gives for the same links, in chunks of every size.
func TestChunksBuildTheGraphBuilderBuilds(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, size := range []struct{ n, m int }{{1, 0}, {1, 5}, {7, 1000}, {300, 5000}, {5000, 3 << 20}} {
		var src, dst u32Chunks
		arcs := make([][2]uint32, 0, size.m)
		for range size.m {
			a := [2]uint32{uint32(r.IntN(size.n)), uint32(r.IntN(size.n))}
			arcs = append(arcs, a)
			src.add(a[0])
			dst.add(a[1])
		}
		got := buildCSRFromChunks(size.n, &src, &dst)
		want := graphtest.FromArcs(t, size.n, arcs)
		if !slices.Equal(got.Offsets, want.Offsets) || !slices.Equal(got.Targets, want.Targets) {
			t.Errorf("%d pages, %d links: the graphs differ", size.n, size.m)
		}
		if src.n != 0 || src.held != 0 {
			t.Errorf("the chunks are not released")
		}
	}
}
