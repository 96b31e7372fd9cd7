package scenario

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/crawlsim/crawlsim/engine/graphio"
	"github.com/crawlsim/crawlsim/engine/rank"
)

// TestMaxBytesRefusesBeforeAllocating: with Env.MaxBytes, a generated
// graph too large is refused before the generator allocates anything, and
// a loaded one before PageRank or the reachable pages are prepared, each with a
// *graphio.TooLargeError; Env.Cancel stops a file's decoding.
func TestMaxBytesRefusesBeforeAllocating(t *testing.T) {
	big := Scenario{Graph: Source{Generate: &Generate{Pages: 40_000_000}}, Strategies: []Strategy{{ID: "bfs"}}}
	r, err := New(big, Env{MaxBytes: 4e9})
	if err != nil {
		t.Fatal(err)
	}
	_, err = r.Step(1)
	var tl *graphio.TooLargeError
	if !errors.As(err, &tl) || !strings.HasPrefix(err.Error(), "graph.generate: 40,000,000 pages and ") ||
		!strings.HasSuffix(err.Error(), " to generate and compare strategies, more than the 3.7 GiB of memory available") {
		t.Fatalf("generating 40 million pages within 4 GB: %v", err)
	}
	if r.graph.generator != nil {
		t.Error("the generator was made before refusing")
	}

	// ids.edges renumbered: 4 pages and 4 links, and runBytes(4, 4) = 12·4 + 4·4
	// (the graph) + 8·4 (the importance) + max(48·4 (a crawl), 36·4 +
	// 4·4 (PageRank)) = 288 bytes to compare, more than reading it takes.
	s := Scenario{Graph: Source{File: "ids.edges", Renumber: true}, Seeds: "top-pagerank:1", Strategies: []Strategy{{ID: "bfs"}}}
	r, err = New(s, Env{FS: testFS, MaxBytes: 287})
	if err != nil {
		t.Fatal(err)
	}
	_, err = stepUntilError(r)
	if want := "ids.edges: 4 pages and 4 links need about 288 bytes to compare strategies, more than the 287 bytes of memory available"; err == nil || err.Error() != want {
		t.Fatalf("got %v, want %s", err, want)
	}
	if r.imp.pagerank != nil || r.seeds.search != nil {
		t.Error("PageRank or the reachable pages were started before refusing")
	}
	if _, err := Run(context.Background(), s, Env{FS: testFS, MaxBytes: 288}, nil); err != nil {
		t.Errorf("within the limit: %v", err)
	}

	s = Scenario{Graph: Source{File: "now.edges", URLs: "now.urls"}, Strategies: []Strategy{{ID: "bfs"}}}
	_, err = Run(context.Background(), s, Env{FS: testFS, Cancel: func() error { return context.Canceled }}, nil)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled load: %v", err)
	}
}

// stepUntilError steps r until it fails or ends.
func stepUntilError(r *Runner) (bool, error) {
	for {
		done, err := r.Step(1 << 20)
		if err != nil || done {
			return done, err
		}
	}
}

// TestPreviousSnapshotLoadsInWhatIsLeft: the previous snapshot is read
// within Env.MaxBytes less the graph loaded before it.
func TestPreviousSnapshotLoadsInWhatIsLeft(t *testing.T) {
	s := Scenario{
		Graph:      Source{File: "now.edges", URLs: "now.urls"},
		Previous:   &PreviousSource{File: "before.edges", URLs: "before.urls"},
		Strategies: []Strategy{{ID: "hist-pagerank-zero"}},
	}
	// now.edges holds 12·5 + 4·7 = 88 bytes; before.edges needs 8·5 +
	// 12·6 = 112 bytes beside its URL list's 95 bytes and 20 a line: 307.
	// Of 394 bytes, 306 are left for it.
	_, err := Run(context.Background(), s, Env{FS: testFS, MaxBytes: 394}, nil)
	want := "before.edges: 5 pages and 6 links need about 307 bytes to read, more than the 306 bytes of memory available"
	if err == nil || err.Error() != want {
		t.Fatalf("got %v\nwant %s", err, want)
	}
}

// TestRunBytesAtBillionLinks: the estimate that checkRunMemory makes for
// 125 M pages and 1e9 links (the largest graph targeted): with an
// importance file, the graph (12n + 4m = 5.5 GB), the importance (1 GB) and
// one crawl with its metrics (48n = 6 GB), 12.5 GB; computing PageRank
// instead, its layout and vectors (36n + 4m = 8.5 GB) outweigh a crawl:
// 15 GB. The estimate of a generated graph, RunBytes, would ask for
// 31 GB.
func TestRunBytesAtBillionLinks(t *testing.T) {
	const n, m = 125_000_000, 1_000_000_000
	s := Scenario{Graph: Source{File: "web.csr"}, Strategies: []Strategy{{ID: "bfs"}, {ID: "opic"}, {ID: "fpr"}}}
	for _, c := range []struct {
		file string
		want int64
	}{{"web.imp", 12_500_000_000}, {"", 15_000_000_000}} {
		r, err := New(s, Env{FS: testFS, ImportanceFile: c.file})
		if err != nil {
			t.Fatal(err)
		}
		if got := r.runBytes(n, m); got != c.want {
			t.Errorf("importance file %q: runBytes = %d, want %d", c.file, got, c.want)
		}
	}
	if got := RunBytes(n, m); got != 31_000_000_000 {
		t.Errorf("RunBytes = %d, want 31e9", got)
	}
}

// TestRunPushesWhenTheLayoutDoesNotFit: with Env.MaxBytes below what
// PageRank's in-arc layout needs but not below what pushing needs
// (rank.ChoosePush), the run's PageRank pushes along the out-lists, to
// the layout's importance within rounding, instead of refusing the run.
func TestRunPushesWhenTheLayoutDoesNotFit(t *testing.T) {
	const n, perPage = 300, 10
	var edges strings.Builder
	for i := range n {
		for k := 1; k <= perPage; k++ {
			fmt.Fprintf(&edges, "%d %d\n", i, (i+k*k*7)%n)
		}
	}
	fsys := fstest.MapFS{"web.edges": {Data: []byte(edges.String())}}
	s := Scenario{Graph: Source{File: "web.edges"}, Seeds: "top-pagerank:3", Strategies: []Strategy{{ID: "bfs"}}}
	run := func(limit int64) (*Runner, error) {
		r, err := New(s, Env{FS: fsys, MaxBytes: limit})
		if err != nil {
			t.Fatal(err)
		}
		_, err = stepUntilError(r)
		return r, err
	}
	free, err := run(0)
	if err != nil {
		t.Fatal(err)
	}
	m := int64(n * perPage)
	// runBytesOf: the graph's CSR arrays and the importance, and the
	// largest stage: a crawl (48 bytes a page) or PageRank.
	base := 12*n + 4*m + 8*n
	layout := base + max(48*n, 36*n+4*m)
	push := base + max(48*n, rank.PushBytes(n, false))
	if !(push < layout) {
		t.Fatalf("pushing needs %d bytes, the layout %d: the graph does not tell them apart", push, layout)
	}
	tight, err := run(layout - 1)
	if err != nil {
		t.Fatalf("within %d bytes, enough to push: %v", layout-1, err)
	}
	if !tight.graph.push || free.graph.push {
		t.Fatalf("pushed within %d bytes: %v; without a limit: %v", layout-1, tight.graph.push, free.graph.push)
	}
	d := 0.0
	for i, x := range tight.imp.scores {
		d += math.Abs(x - free.imp.scores[i])
	}
	if !(d <= 1e-12) || tight.imp.summary.Iterations != free.imp.summary.Iterations {
		t.Errorf("pushing: %d iterations and an L1 distance of %.3g from the layout's importance (%d iterations)", tight.imp.summary.Iterations, d, free.imp.summary.Iterations)
	}
}
