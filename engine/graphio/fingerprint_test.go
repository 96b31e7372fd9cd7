package graphio

import (
	"bytes"
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
