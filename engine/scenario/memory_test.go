package scenario

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graphio"
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
	if !errors.As(err, &tl) || !strings.HasPrefix(err.Error(), "graph.generate: 40000000 pages and ") ||
		!strings.HasSuffix(err.Error(), " to generate and compare strategies, more than the 3.7 GiB of memory available") {
		t.Fatalf("generating 40 million pages within 4 GB: %v", err)
	}
	if r.generator != nil {
		t.Error("the generator was made before refusing")
	}

	// now.edges: 5 pages and 7 links read in 232 bytes (24 per page, 16
	// per link) beside their URL list (105 bytes and 20 per line), and
	// RunBytes(5, 7) = 2·(60 + 28) + 800 = 976 bytes to compare.
	s := Scenario{Graph: Source{File: "now.edges", URLs: "now.urls"}, Strategies: []Strategy{{ID: "bfs"}}}
	r, err = New(s, Env{FS: testFS, MaxBytes: 900})
	if err != nil {
		t.Fatal(err)
	}
	_, err = stepUntilError(r)
	if want := "now.edges: 5 pages and 7 links need about 976 bytes to compare strategies, more than the 900 bytes of memory available"; err == nil || err.Error() != want {
		t.Fatalf("got %v, want %s", err, want)
	}
	if r.pagerank != nil || r.reacher != nil {
		t.Error("PageRank or the reachable pages were started before refusing")
	}
	if _, err := Run(context.Background(), s, Env{FS: testFS, MaxBytes: 976}, nil); err != nil {
		t.Errorf("within the limit: %v", err)
	}

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
	// now.edges holds 12·5 + 4·7 = 88 bytes; before.edges needs 24·5 +
	// 16·6 = 216 bytes beside its URL list's 95 bytes and 20 a line: 411.
	// Of 461 bytes, 373 are left for it.
	_, err := Run(context.Background(), s, Env{FS: testFS, MaxBytes: 461}, nil)
	want := "before.edges: 5 pages and 6 links need about 411 bytes to read, more than the 373 bytes of memory available"
	if err == nil || err.Error() != want {
		t.Fatalf("got %v\nwant %s", err, want)
	}
}
