package rank

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
	"github.com/crawlsim/crawlsim/engine/graphio"
	"pgregory.net/rapid"
)

// arcsOf returns the arcs of g, by source then target.
func arcsOf(g *graph.Graph) [][2]uint32 {
	var arcs [][2]uint32
	for i := range g.NumNodes() {
		for _, j := range g.Out(uint32(i)) {
			arcs = append(arcs, [2]uint32{uint32(i), j})
		}
	}
	return arcs
}

// TestCheckTransposeArcsProperty: on graphs small enough for the sample
// to take every link, a transpose is accepted exactly when it is the
// graph's. The impostor swaps the targets of two of the true transpose's
// arcs (a → b, c → d become a → d, c → b), which keeps every in- and
// out-degree, so only the arcs tell it apart; before checkTransposeArcs
// it was accepted. Both held as CSR arrays and behind a Lists.
func TestCheckTransposeArcsProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g, _ := graphtest.DrawArcs(t, 30, 120)
		tr := g.Transpose()
		if err := checkTranspose(g, tr); err != nil {
			t.Fatalf("the true transpose, CSR: %v", err)
		}
		if err := checkTranspose(graphtest.AsLists(g), graphtest.AsLists(tr)); err != nil {
			t.Fatalf("the true transpose, Lists: %v", err)
		}
		arcs := arcsOf(tr)
		if len(arcs) < 2 {
			return
		}
		x := rapid.IntRange(0, len(arcs)-1).Draw(t, "x")
		y := rapid.IntRange(0, len(arcs)-1).Draw(t, "y")
		a, b, c, d := arcs[x][0], arcs[x][1], arcs[y][0], arcs[y][1]
		has := func(p, q uint32) bool { return slices.Contains(tr.Out(p), q) }
		if a == c || b == d || has(a, d) || has(c, b) {
			return // the swap would not change the graph, or would merge arcs
		}
		arcs[x][1], arcs[y][1] = d, b
		impostor := graphtest.FromArcs(t, g.NumNodes(), arcs)
		for _, held := range []string{"CSR", "Lists"} {
			gg, ii := g, impostor
			if held == "Lists" {
				gg, ii = graphtest.AsLists(g), graphtest.AsLists(impostor)
			}
			err := checkTranspose(gg, ii)
			if !errors.Is(err, ErrNotTranspose) || !strings.Contains(err.Error(), "in the transpose") {
				t.Fatalf("%s: the transpose with %d→%d, %d→%d swapped to %d→%d, %d→%d: err = %v, want ErrNotTranspose", held, a, b, c, d, a, d, c, b, err)
			}
		}
	})
}

// TestCheckTransposeArcsSamplesLargeGraphs: past transposeSamplePages
// pages the check takes a sample, spread over the ids: it still accepts
// the true transpose, and refuses one whose arcs all point elsewhere (each
// page's in-links moved to the next page, so the degrees of a graph where
// every page has the same in- and out-degree stay the same).
func TestCheckTransposeArcsSamplesLargeGraphs(t *testing.T) {
	const n = 5 * transposeSamplePages
	var ring, shifted [][2]uint32
	for i := range uint32(n) {
		for _, s := range []uint32{1, 7, 300} {
			ring = append(ring, [2]uint32{i, (i + s) % n})
			// the transpose's arcs j → i with i shifted by one
			shifted = append(shifted, [2]uint32{(i + s) % n, (i + 1) % n})
		}
	}
	g := graphtest.FromArcs(t, n, ring)
	if err := checkTranspose(g, g.Transpose()); err != nil {
		t.Fatalf("the true transpose: %v", err)
	}
	err := checkTranspose(g, graphtest.FromArcs(t, n, shifted))
	want := "transpose is not the graph's: page 0 links to page 1 in the graph, but page 1 does not link to page 0 in the transpose"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("err = %v, want one containing %q", err, want)
	}
}

// TestCheckTransposeSampledProperty: past transposeSamplePages pages, and
// past transposeSampleLinks links, the sampled check still accepts every
// true transpose, held as CSR arrays, behind a Lists or packed, with
// self-loops, dangling pages and pages with many links; and it refuses a
// transpose missing a link of page 0, the first page it samples, with the
// degrees kept (the link moved to another source).
func TestCheckTransposeSampledProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(transposeSamplePages+1, 3*transposeSamplePages).Draw(t, "pages")
		m := rapid.IntRange(0, 2*transposeSampleLinks).Draw(t, "arcs")
		r := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 0))
		arcs := make([][2]uint32, m)
		for k := range arcs {
			src := uint32(r.IntN(n))
			if r.IntN(4) == 0 {
				src = uint32(r.IntN(8)) // a few pages with many links
			}
			arcs[k] = [2]uint32{src, uint32(r.IntN(n))}
		}
		g := graphtest.FromArcs(t, n, arcs)
		tr := g.Transpose()
		forms := map[string]func(*graph.Graph) *graph.Graph{
			"CSR":    func(g *graph.Graph) *graph.Graph { return g },
			"Lists":  graphtest.AsLists,
			"Packed": func(g *graph.Graph) *graph.Graph { return graphtest.Packed(t, g) },
		}
		for gf, fg := range forms {
			for tf, ft := range forms {
				if err := checkTranspose(fg(g), ft(tr)); err != nil {
					t.Fatalf("graph %s, transpose %s: the true transpose: %v", gf, tf, err)
				}
			}
		}
		// The impostor has the graph's link 0 → j as s → j, which the
		// graph lacks, and its link s → k as 0 → k, which it lacks too:
		// every degree stays the graph's.
		out0 := g.Out(0)
		if len(out0) == 0 {
			return
		}
		j := out0[rapid.IntRange(0, len(out0)-1).Draw(t, "j")]
		s := uint32(rapid.IntRange(1, n-1).Draw(t, "s"))
		sOut := g.Out(s)
		if len(sOut) == 0 || slices.Contains(g.Out(s), j) {
			return
		}
		k := sOut[rapid.IntRange(0, len(sOut)-1).Draw(t, "k")]
		if slices.Contains(out0, k) {
			return
		}
		var moved [][2]uint32
		for _, a := range arcsOf(tr) {
			switch a {
			case [2]uint32{j, 0}:
				a = [2]uint32{j, s}
			case [2]uint32{k, s}:
				a = [2]uint32{k, 0}
			}
			moved = append(moved, a)
		}
		impostor := graphtest.FromArcs(t, n, moved)
		if err := checkTranspose(g, impostor); !errors.Is(err, ErrNotTranspose) {
			t.Fatalf("0 → %d moved to %d → %d, %d → %d to 0 → %d: err = %v, want ErrNotTranspose", j, s, j, s, k, k, err)
		}
	})
}

// readCountingLists counts the lists and degrees read of a graph's Lists.
type readCountingLists struct {
	graph.Lists
	reads *int
}

func (l readCountingLists) OutDegree(i uint32) int { *l.reads++; return l.Lists.OutDegree(i) }

func (l readCountingLists) NewCursor() graph.Cursor {
	return readCountingCursor{l.Lists.NewCursor(), l.reads}
}

type readCountingCursor struct {
	graph.Cursor
	reads *int
}

func (c readCountingCursor) Out(i uint32) []uint32 { *c.reads++; return c.Cursor.Out(i) }

// TestNewPageRankCancelsTheTransposeCheck: NewPageRank's check of a
// given transpose, which decodes every list of a transpose read in place,
// calls Options.Cancel every pollPages pages as its other passes do, and
// stops with its error, whether the graph is held as CSR arrays (the
// transpose's degrees are read) or behind a Lists (its lists are).
func TestNewPageRankCancelsTheTransposeCheck(t *testing.T) {
	const n = 3 * pollPages
	arcs := make([][2]uint32, n)
	for i := range uint32(n) {
		arcs[i] = [2]uint32{i, (i + 1) % n}
	}
	g := graphtest.FromArcs(t, n, arcs)
	stop := errors.New("stopped")
	for _, held := range []string{"CSR", "Lists"} {
		gg := g
		if held == "Lists" {
			gg = graphtest.AsLists(g)
		}
		reads := 0
		tr := &graph.Graph{Lists: readCountingLists{graphtest.AsLists(g.Transpose()).Lists, &reads}}
		_, err := NewPageRank(gg, tr, Options{Cancel: func() error { return stop }})
		if !errors.Is(err, stop) || reads > pollPages {
			t.Errorf("%s: cancelled at once: err = %v after %d of the transpose's %d pages read, want %v before %d", held, err, reads, n, stop, pollPages)
		}
	}
}

// inPlace returns g written as a BVGraph and read in place from bytes
// named name, and those bytes, which the test may change after the
// checking pass, as a rewritten memory-mapped file is.
func inPlace(t *testing.T, g *graph.Graph, name string) (*graph.Graph, []byte) {
	t.Helper()
	var data, props bytes.Buffer
	if _, err := graphio.WriteBVGraph(g, &data, nil, &props, graphio.DefaultBVGraphParams()); err != nil {
		t.Fatal(err)
	}
	p, err := graphio.ReadBVGraphProperties(&props, "t.properties")
	if err != nil {
		t.Fatal(err)
	}
	b := data.Bytes()
	bv, err := graphio.OpenBVGraph(b, name, p, nil, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	return &graph.Graph{Lists: bv}, b
}

// scrambledGraph is a graph of 200 pages of 4 links each, spread over
// the ids, for the tests of a graph or transpose that fails to decode.
func scrambledGraph(t *testing.T) *graph.Graph {
	var arcs [][2]uint32
	const n = 200
	for i := range uint32(n) {
		for _, s := range []uint32{1, 3, 17, 50} {
			arcs = append(arcs, [2]uint32{i, (i*7 + s) % n})
		}
	}
	return graphtest.FromArcs(t, n, arcs)
}

// TestCheckTransposeDecodingFails: a transpose read in place whose bytes
// change after it was opened fails to decode during the check; the error
// is the decoding's, naming the file, not ErrNotTranspose, whichever form
// the graph is held in (CSR: the degrees are read from the transpose's
// list heads; a Lists: its lists are decoded for the in-degrees).
func TestCheckTransposeDecodingFails(t *testing.T) {
	g := scrambledGraph(t)
	for _, held := range []string{"CSR", "Lists"} {
		for _, fill := range []byte{0x00, 0x5a, 0xff} {
			tr, data := inPlace(t, g.Transpose(), "t.graph")
			gg := g
			if held == "Lists" {
				gg = graphtest.AsLists(g)
			}
			if err := checkTranspose(gg, tr); err != nil {
				t.Fatalf("%s: the true transpose: %v", held, err)
			}
			for k := len(data) / 2; k < len(data); k++ {
				data[k] = fill
			}
			err := checkTranspose(gg, tr)
			if err == nil || errors.Is(err, ErrNotTranspose) || !strings.Contains(err.Error(), "t.graph") {
				t.Errorf("%s, second half of t.graph set to %#x: err = %v, want the decoding error of t.graph", held, fill, err)
			}
		}
	}
}

// TestCheckTransposeGraphDecodingFails: the same of the graph read in
// place: its decoding error, naming its file, is not ErrNotTranspose.
func TestCheckTransposeGraphDecodingFails(t *testing.T) {
	g := scrambledGraph(t)
	for _, fill := range []byte{0x00, 0x5a, 0xff} {
		gg, data := inPlace(t, g, "g.graph")
		for k := len(data) / 2; k < len(data); k++ {
			data[k] = fill
		}
		err := checkTranspose(gg, g.Transpose())
		if err == nil || errors.Is(err, ErrNotTranspose) || !strings.Contains(err.Error(), "g.graph") {
			t.Errorf("second half of g.graph set to %#x: err = %v, want the decoding error of g.graph", fill, err)
		}
	}
}
