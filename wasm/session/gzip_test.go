package session

import (
	"testing"
	"time"

	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// TestGzipUpload: the page reads a crawl as SNAP and LAW ship it,
// gzip-compressed, with the facts of the uncompressed files
// (../shared/data/README.md: 9,914 pages, 36,854 links, 21 hosts, 1,457
// inter-host links), whatever the files are called; a compressed format it
// does not read is refused saying which.
func TestGzipUpload(t *testing.T) {
	_, edges, urls := stanfordFiles(t)
	ze, zu := graphtest.Gzip(t, edges), graphtest.Gzip(t, urls)
	s := New(fakeClock(time.Millisecond))
	for k, names := range [][2]string{{"cs-stanford.edges.gz", "cs-stanford.urls.gz"}, {"crawl.txt", "urls.txt"}} {
		load := request(int64(k+1), protocol.KindLoad)
		load.Load = &protocol.Load{Name: names[0], URLs: names[1], Sizes: []int64{int64(len(ze)), int64(len(zu))}}
		out := s.Handle(load, []Buffer{Bytes(ze), Bytes(zu)})
		g := last(t, out, protocol.KindGraph)
		if st := g.Graph.Stats; st.Pages != 9914 || st.Links != 36854 || st.Hosts != 21 || st.InterHost != 1457 {
			t.Errorf("%s with %s: stats %+v", names[0], names[1], st)
		}
	}

	xz := []byte{0xfd, '7', 'z', 'X', 'Z', 0, 0, 4}
	load := request(9, protocol.KindLoad)
	load.Load = &protocol.Load{Name: "g.edges.xz", Sizes: []int64{int64(len(xz))}}
	out := s.Handle(load, []Buffer{Bytes(xz)})
	want := "g.edges.xz: compressed with xz, which crawlsim does not read; decompress it first (xz -d)"
	if len(out) != 1 || out[0].Kind != protocol.KindError || out[0].Error != want {
		t.Fatalf("an xz upload answered %+v\nwant %s", out, want)
	}
}
