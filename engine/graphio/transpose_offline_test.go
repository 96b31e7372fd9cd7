package graphio

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/crawlsim/crawlsim/engine/graph"
)

// memRuns is a RunStore in memory.
type memRuns struct{ runs []*bytes.Buffer }

type memRun struct{ *bytes.Buffer }

func (memRun) Close() error { return nil }

func (m *memRuns) Create() (io.WriteCloser, error) {
	b := &bytes.Buffer{}
	m.runs = append(m.runs, b)
	return memRun{b}, nil
}

func (m *memRuns) Open(i int) (io.ReadCloser, error) {
	return io.NopCloser(bytes.NewReader(m.runs[i].Bytes())), nil
}

// transposeLists runs TransposeOffline over lists with the given batch.
func transposeLists(lists [][]uint32, store RunStore, batch int) ([][]uint32, error) {
	var out [][]uint32
	err := TransposeOffline(len(lists), func(yield func([]uint32) error) error {
		for _, l := range lists {
			if err := yield(l); err != nil {
				return err
			}
		}
		return nil
	}, store, batch, func(pred []uint32) error {
		out = append(out, slices.Clone(pred))
		return nil
	})
	return out, err
}

// The offline transpose equals graph.Transpose, whatever the batch (one
// run or many, of one link each).
func TestTransposeOfflineEqualsTranspose(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(1, 200).Draw(rt, "n")
		lists := bvRandomLists(rand.New(rand.NewPCG(rapid.Uint64().Draw(rt, "seed"), 2)), n)
		batch := rapid.SampledFrom([]int{1, 2, 7, 100, 0}).Draw(rt, "batch")
		g := rtGraphOfLists(rt, lists)
		store := &memRuns{}
		got, err := transposeLists(lists, store, batch)
		if err != nil {
			rt.Fatal(err)
		}
		if err := bvListsEqual(g.Transpose(), got); err != nil {
			rt.Fatalf("batch %d, %d runs: %v", batch, len(store.runs), err)
		}
	})
}

// rtGraphOfLists builds a graph of lists.
func rtGraphOfLists(tb interface{ Fatal(...any) }, lists [][]uint32) *graph.Graph {
	offsets := []uint64{0}
	var targets []uint32
	for _, l := range lists {
		targets = append(targets, l...)
		offsets = append(offsets, uint64(len(targets)))
	}
	g, err := graph.New(offsets, targets)
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// Bad links, a wrong list count and a damaged run are errors.
func TestTransposeOfflineErrors(t *testing.T) {
	if _, err := transposeLists([][]uint32{{0, 2}, {}}, &memRuns{}, 0); err == nil || !strings.Contains(err.Error(), "links to page 2") {
		t.Errorf("link out of range: %v", err)
	}
	err := TransposeOffline(3, func(yield func([]uint32) error) error { return yield([]uint32{1}) }, &memRuns{}, 0, func([]uint32) error { return nil })
	if err == nil || !strings.Contains(err.Error(), "1 lists for 3 pages") {
		t.Errorf("short: %v", err)
	}
	store := &memRuns{}
	lists := [][]uint32{{0, 1}, {0, 1}}
	if _, err := transposeLists(lists, store, 1); err != nil {
		t.Fatal(err)
	}
	store.runs[1].Truncate(0)
	store.runs[1].WriteByte(0x80) // a varint that never ends
	var out [][]uint32
	err = TransposeOffline(2, func(yield func([]uint32) error) error {
		return errors.Join(yield(lists[0]), yield(lists[1]))
	}, &replayRuns{store}, 1, func(p []uint32) error { out = append(out, p); return nil })
	if err == nil || !strings.Contains(err.Error(), "run 1") {
		t.Errorf("damaged run: %v", err)
	}
}

// replayRuns writes runs nowhere and reads back those of another store.
type replayRuns struct{ from *memRuns }

func (r *replayRuns) Create() (io.WriteCloser, error) { return memRun{&bytes.Buffer{}}, nil }
func (r *replayRuns) Open(i int) (io.ReadCloser, error) {
	return r.from.Open(i)
}

// The transpose of LAW's cnr-2000, written as a BVGraph, is LAW's
// cnr-2000-t but for its trailing zero padding (which Java's
// Transform.transposeOffline also writes, per the peer's README).
func TestTransposeOfflineCNR2000(t *testing.T) {
	g := bvLoadShared(t, "cnr-2000/cnr-2000", false)
	wantGraph := bvReadFileOrSkip(t, "cnr-2000/cnr-2000-t.graph")
	wantOff := bvReadFileOrSkip(t, "cnr-2000/cnr-2000-t.offsets")
	wantProps := bvReadFileOrSkip(t, "cnr-2000/cnr-2000-t.properties")
	var gb, ob, pb bytes.Buffer
	w, err := NewBVGraphWriter(&gb, &ob, DefaultBVGraphParams())
	if err != nil {
		t.Fatal(err)
	}
	store := &memRuns{}
	err = TransposeOffline(g.NumNodes(), func(yield func([]uint32) error) error {
		for x := range g.NumNodes() {
			if err := yield(g.Out(uint32(x))); err != nil {
				return err
			}
		}
		return nil
	}, store, 1<<20, w.Add)
	if err != nil {
		t.Fatal(err)
	}
	if len(store.runs) != 4 {
		t.Errorf("%d runs of 2^20 links, want 4", len(store.runs))
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := WriteBVGraphProperties(&pb, w.Params(), w.Stats()); err != nil {
		t.Fatal(err)
	}
	bvCheckPaddedPrefix(t, "cnr-2000-t.graph", gb.Bytes(), wantGraph)
	bvCheckPaddedPrefix(t, "cnr-2000-t.offsets", ob.Bytes(), wantOff)
	got, want := bvPropertyMap(t, pb.Bytes()), bvPropertyMap(t, wantProps)
	for k, v := range want {
		if got[k] != v {
			t.Errorf("property %s = %q, LAW's is %q", k, got[k], v)
		}
	}
}

// sortPairsByTarget sorts pairs gathered in page order as slices.Sort
// does, with targets on both sides of 2^16 and up to 2^32-1.
func TestSortPairsByTarget(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		top := rapid.SampledFrom([]uint64{1, 1 << 16, 1 << 17, 1 << 32}).Draw(rt, "targets below")
		var pairs []uint64
		src := uint64(rapid.Uint32().Draw(rt, "first source"))
		for range rapid.IntRange(0, 300).Draw(rt, "pairs") {
			src += uint64(rapid.IntRange(0, 2).Draw(rt, "source step"))
			t := rapid.Uint64Range(0, top-1).Draw(rt, "target")
			pairs = append(pairs, t<<32|src&(1<<32-1))
		}
		if src >= 1<<32 {
			rt.Skip("sources beyond 32 bits")
		}
		want := slices.Clone(pairs)
		slices.Sort(want)
		sortPairsByTarget(pairs, make([]uint64, len(pairs)))
		if !slices.Equal(pairs, want) {
			rt.Fatalf("got %x, want %x", pairs, want)
		}
	})
}
