package graphtest

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"math"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// TestFromArcs: duplicates go, self-loops stay, out-lists are sorted.
func TestFromArcs(t *testing.T) {
	g := FromArcs(t, 3, [][2]uint32{{0, 2}, {0, 1}, {0, 2}, {2, 2}})
	if g.NumNodes() != 3 || !slices.Equal(g.Out(0), []uint32{1, 2}) || len(g.Out(1)) != 0 || !slices.Equal(g.Out(2), []uint32{2}) {
		t.Fatalf("graph %v %v", g.Offsets, g.Targets)
	}
}

// TestDrawArcs: the graph holds exactly the distinct arcs drawn, within
// the bounds asked for.
func TestDrawArcs(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g, arcs := DrawArcs(t, 5, 12)
		if g.NumNodes() < 1 || g.NumNodes() > 5 || len(arcs) > 12 {
			t.Fatalf("%d pages, %d arcs", g.NumNodes(), len(arcs))
		}
		distinct := map[[2]uint32]bool{}
		for _, a := range arcs {
			distinct[a] = true
			if !slices.Contains(g.Out(a[0]), a[1]) {
				t.Fatalf("arc %v missing", a)
			}
		}
		if int64(len(distinct)) != g.NumArcs() {
			t.Fatalf("%d distinct arcs drawn, %d in the graph", len(distinct), g.NumArcs())
		}
	})
}

// TestBreadthFirst: 0→1→2, 0→3, 4 unreachable, from sources 0 and 0 again.
func TestBreadthFirst(t *testing.T) {
	g := FromArcs(t, 5, [][2]uint32{{0, 1}, {1, 2}, {0, 3}, {3, 1}})
	order, dist := BreadthFirst(g, []uint32{0, 0})
	if !slices.Equal(order, []uint32{0, 1, 3, 2}) || !slices.Equal(dist, []int{0, 1, 2, 1, -1}) {
		t.Fatalf("order %v, distances %v", order, dist)
	}
}

// TestPageRank: 0→1 with page 1 dangling, d = 0.85, uniform teleport. By
// hand: r0 = 0.075 + 0.425·r1 and r0 + r1 = 1, so r0 = 0.5/1.425.
func TestPageRank(t *testing.T) {
	g := FromArcs(t, 2, [][2]uint32{{0, 1}})
	r := PageRank(g, 0.85, nil, 1e-15)
	if want := 0.5 / 1.425; math.Abs(r[0]-want) > 1e-14 || math.Abs(r[1]-(1-want)) > 1e-14 {
		t.Fatalf("PageRank %v, want [%v %v]", r, want, 1-want)
	}
	// All teleport on page 1: page 0 gets only what page 1 sends when
	// dangling, d·r1·t0 = 0.
	r = PageRank(g, 0.85, []float64{0, 1}, 1e-15)
	if r[0] != 0 || math.Abs(r[1]-1) > 1e-14 {
		t.Fatalf("PageRank teleporting to page 1: %v", r)
	}
}

// TestFile: writes extend or overwrite, seeks move, FailAt fails.
func TestFile(t *testing.T) {
	var f File
	f.Write([]byte("hello"))
	f.Seek(1, io.SeekStart)
	f.Write([]byte("EL"))
	f.Seek(0, io.SeekEnd)
	f.Write([]byte("!"))
	if string(f.Data) != "hELlo!" || f.Pos != 6 {
		t.Fatalf("data %q at %d", f.Data, f.Pos)
	}
	if _, err := f.Seek(-7, io.SeekCurrent); err == nil {
		t.Error("seeking before the start succeeded")
	}
	f.FailAt = 8
	if _, err := f.Write([]byte("ab")); err == nil || !errors.Is(err, ErrDiskFull) {
		t.Errorf("a write reaching FailAt: %v", err)
	}
}

// TestZerosAndGzip: Zeros reads NUL bytes without end; Gzip decompresses
// to its input.
func TestZerosAndGzip(t *testing.T) {
	b := []byte("xyz")
	if n, err := (Zeros{}).Read(b); n != 3 || err != nil || !bytes.Equal(b, []byte{0, 0, 0}) {
		t.Fatalf("Zeros read %d %q, %v", n, b, err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(Gzip(t, []byte("0 1\n"))))
	if err != nil {
		t.Fatal(err)
	}
	if got, err := io.ReadAll(zr); err != nil || string(got) != "0 1\n" {
		t.Fatalf("gunzipped %q, %v", got, err)
	}
}
