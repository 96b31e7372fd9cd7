package graphio

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
)

// TestFingerprintIgnoresTheFormat: a graph written as .csr (with hosts
// and URLs) and as WebGraph ASCII reads back with the same Fingerprint,
// and one changed link changes it.
func TestFingerprintIgnoresTheFormat(t *testing.T) {
	g, _ := impExample(t)
	g.URLs = []string{"http://a/", "http://a/x", "http://b/", "http://c/"}
	g.Hosts = &graph.Hosts{Of: []uint32{0, 0, 1, 2}, Names: []string{"a", "b", "c"}}
	var c, a bytes.Buffer
	if err := WriteCSR(&c, g); err != nil {
		t.Fatal(err)
	}
	if err := WriteASCII(&a, g); err != nil {
		t.Fatal(err)
	}
	gc, err := ReadCSR(&c, "g.csr")
	if err != nil {
		t.Fatal(err)
	}
	ga, err := ReadASCII(&a, "g.graph-txt")
	if err != nil {
		t.Fatal(err)
	}
	if Fingerprint(gc) != Fingerprint(ga) || Fingerprint(g) != Fingerprint(ga) {
		t.Errorf("fingerprints %016x (.csr) and %016x (ascii), want equal", Fingerprint(gc), Fingerprint(ga))
	}
	other := rtFromLists(t, [][]uint32{{1, 3}, {2}, {0}, {}})
	if Fingerprint(other) == Fingerprint(g) {
		t.Errorf("a graph with another link has the same fingerprint %016x", Fingerprint(g))
	}
	// The same offsets and targets, byte-swapped on the way (the path of a
	// big-endian host), give the same fingerprint.
	csrRawViews = false
	defer func() { csrRawViews = true }()
	if fp := Fingerprint(g); fp != Fingerprint(ga) {
		t.Errorf("without raw views: %016x, want %016x", fp, Fingerprint(ga))
	}
}

// TestFingerprintOfLists: a graph held in a Lists, whose fingerprint is
// made a chunk at a time as its lists are decoded, has the fingerprint of
// its CSR arrays, with chunks of targets and offsets filled and lists
// split between two chunks, with and without raw views.
func TestFingerprintOfLists(t *testing.T) {
	const n = 30_000
	b := graph.NewBuilder(n)
	for i := range uint32(n) {
		for k := range i % 5 {
			b.Add(i, (i*7+k*k*1031)%n)
		}
	}
	g, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	if 4*g.NumArcs() < 3*impChunk || 8*int64(n) < 3*impChunk {
		t.Fatalf("%d pages and %d links fill fewer than 3 chunks", n, g.NumArcs())
	}
	want := Fingerprint(g)
	lists := graphtest.AsLists(g)
	if got := Fingerprint(lists); got != want {
		t.Errorf("held in a Lists: %016x, want %016x", got, want)
	}
	csrRawViews = false
	defer func() { csrRawViews = true }()
	if got := Fingerprint(lists); got != want {
		t.Errorf("held in a Lists, without raw views: %016x, want %016x", got, want)
	}
}

// TestFingerprintFromTheCheckingPass: a BVGraph opened in place, held as
// the BVGraph or packed, knows its fingerprint from the pass that checked
// it, equal to the fingerprint of its CSR arrays, and Fingerprint returns
// it without decoding the lists again.
func TestFingerprintFromTheCheckingPass(t *testing.T) {
	want := bvLoadShared(t, "cnr-2000/cnr-2000", true)
	wantFP := Fingerprint(want)
	fsys := os.DirFS(filepath.Join(bvDataDir, "cnr-2000"))
	for _, pack := range []int64{0, 64 << 20} {
		g, _, err := Load(fsys, "cnr-2000.graph", LoadOptions{InPlace: true, Pack: pack})
		if err != nil {
			t.Fatal(err)
		}
		known, ok := g.Lists.(knownFingerprint)
		if !ok {
			t.Fatalf("pack %d: the lists (%T) do not know their fingerprint", pack, g.Lists)
		}
		fp, ok := known.Fingerprint()
		if !ok || fp != wantFP {
			t.Errorf("pack %d (%T): fingerprint %016x, %v, want %016x", pack, g.Lists, fp, ok, wantFP)
		}
	}
	// A fingerprint the lists know is the one Fingerprint returns.
	packed, err := packLists(want)
	if err != nil {
		t.Fatal(err)
	}
	if got := Fingerprint(&graph.Graph{Lists: packed}); got != wantFP {
		t.Errorf("packed without a recorded fingerprint: %016x, want %016x", got, wantFP)
	}
	packed.SetFingerprint(wantFP ^ 1)
	if got := Fingerprint(&graph.Graph{Lists: packed}); got != wantFP^1 {
		t.Errorf("packed with a recorded fingerprint: %016x, want the recorded %016x", got, wantFP^1)
	}
}

// packLists packs the lists of g (graph.PackWriter).
func packLists(g *graph.Graph) (*graph.PackedLists, error) {
	w := graph.NewPackWriter(g.NumNodes(), g.NumArcs(), 1<<30, nil)
	g.ForEachList(func(_ uint32, out []uint32) { w.Add(out) })
	return w.Lists()
}

// TestFingerprintCancel: FingerprintCancel gives Fingerprint's value when
// its cancel function never fails, having called it at least once every
// fingerprintPollPages pages (a Lists) or fingerprintPollWords entries (a
// CSR), and stops with its error once it fails.
func TestFingerprintCancel(t *testing.T) {
	const n = 5*fingerprintPollPages + 17
	b := graph.NewBuilder(n)
	for i := range uint32(n) {
		for k := range i % 3 {
			b.Add(i, (i*13+k*k*7919)%n)
		}
	}
	csr, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		g     *graph.Graph
		polls int64 // at least
	}{
		{"lists", graphtest.AsLists(csr), n / fingerprintPollPages},
		{"csr", csr, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			var calls int64
			fp, err := FingerprintCancel(c.g, func() error { calls++; return nil })
			if err != nil || fp != Fingerprint(c.g) {
				t.Errorf("never cancelled: %016x, %v; want %016x, nil", fp, err, Fingerprint(c.g))
			}
			if calls < c.polls {
				t.Errorf("cancel called %d times, want at least %d", calls, c.polls)
			}
			stop := errors.New("stopped")
			calls = 0
			_, err = FingerprintCancel(c.g, func() error {
				if calls++; calls > 1 {
					return stop
				}
				return nil
			})
			if err != stop || calls != 2 {
				t.Errorf("cancelled at its second call: %v after %d calls, want %v after 2", err, calls, stop)
			}
		})
	}
}
