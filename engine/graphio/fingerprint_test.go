package graphio

import (
	"bytes"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph"
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
