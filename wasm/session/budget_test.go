package session

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// TestBudgetCountsPages: the worker's budget bounds the pages a file
// announces before anything is allocated for them, not only its links:
// a 16 MB edge list whose header announces 269 million pages (4 GiB of
// offsets in graph.Builder.Build) and a 48 MiB BVGraph of 0xFF bytes,
// whose every bit is an empty successor list (8 pages a byte: 3 GiB of
// offsets), are both refused from their announced page counts.
func TestBudgetCountsPages(t *testing.T) {
	const budget = protocol.DefaultMemoryBudget
	s := New(fakeClock(time.Millisecond))

	header := "# crawlsim edge list: 269000000 pages, 1 link\n0 1\n"
	liar := []byte(header + strings.Repeat("\n", 16<<20-len(header)))
	load := request(1, protocol.KindLoad)
	load.Load = &protocol.Load{Name: "liar.edges", Sizes: []int64{int64(len(liar))}}
	out := s.Handle(load, []Buffer{Bytes(liar)})
	// maxPages: (budget - file bytes) / scenario.RunBytes(1, 0), 184 bytes.
	want := fmt.Sprintf("liar.edges:1: graph has 269,000,000 pages, above the limit of %s (this page's memory budget is 1.0 GiB); use the command line (crawlsim run) for graphs this large", model.Count((budget-16<<20)/184))
	if len(out) != 1 || out[0].Kind != protocol.KindError || out[0].Error != want {
		t.Fatalf("the 269-million-page header answered %+v\nwant %s", out, want)
	}

	ones := bytes.Repeat([]byte{0xff}, 48<<20)
	props := []byte(fmt.Sprintf("nodes=%d\narcs=0\nwindowsize=7\nminintervallength=4\nzetak=3\nversion=0\n", 8*len(ones)))
	load = request(2, protocol.KindLoad)
	load.Load = &protocol.Load{Name: "ones.graph", Extra: []string{"ones.properties"}, Sizes: []int64{int64(len(ones)), int64(len(props))}}
	out = s.Handle(load, []Buffer{Bytes(ones), Bytes(props)})
	total := int64(len(ones) + len(props))
	want = fmt.Sprintf("ones.properties: graph has 402,653,184 pages, above the limit of %s (this page's memory budget is 1.0 GiB); use the command line (crawlsim run) for graphs this large", model.Count((budget-total)/184))
	if len(out) != 1 || out[0].Kind != protocol.KindError || out[0].Error != want {
		t.Fatalf("48 MiB of 0xFF answered %+v\nwant %s", out, want)
	}
}
