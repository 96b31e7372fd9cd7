package rank

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
)

// sharedData is where the real crawls live, relative to this package
// (/work/shared/data/README.md).
var sharedData = filepath.Join("..", "..", "..", "shared", "data")

// openShared opens a file of the shared data, skipping the test or
// benchmark when it is absent or the file system cannot be read (as may
// happen under wasm).
func openShared(tb testing.TB, parts ...string) *os.File {
	tb.Helper()
	path := filepath.Join(append([]string{sharedData}, parts...)...)
	f, err := os.Open(path)
	if err != nil {
		tb.Skipf("real data not available (%v); it is expected at %s", err, path)
	}
	return f
}

// parseEdgeList reads the shared data's edge lists: "#" comment lines, then
// one "source target" pair of 0-based ids per line. It is deliberately
// minimal; engine/graphio has the real reader.
func parseEdgeList(r io.Reader, name string, n int) (*graph.Graph, error) {
	b := graph.NewBuilder(n)
	sc := bufio.NewScanner(r)
	line := 0
	for sc.Scan() {
		line++
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 || text[0] == '#' {
			continue
		}
		fields := bytes.Fields(text)
		if len(fields) != 2 {
			return nil, fmt.Errorf("%s:%d: want two page ids, got %q", name, line, text)
		}
		var ids [2]uint32
		for k, f := range fields {
			v, err := strconv.ParseUint(string(f), 10, 32)
			if err != nil || v >= uint64(n) {
				return nil, fmt.Errorf("%s:%d: want a page id below %d, got %q", name, line, n, f)
			}
			ids[k] = uint32(v)
		}
		b.Add(ids[0], ids[1])
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return b.Build()
}

// csStanford loads the cs-stanford crawl: 9,914 pages, 36,854 links.
func csStanford(tb testing.TB) *graph.Graph {
	tb.Helper()
	f := openShared(tb, "cs-stanford", "cs-stanford.edges")
	defer f.Close()
	g, err := parseEdgeList(f, "cs-stanford.edges", 9914)
	if err != nil {
		tb.Fatal(err)
	}
	if g.NumNodes() != 9914 || g.NumArcs() != 36854 {
		tb.Fatalf("cs-stanford has %d pages and %d links, want 9914 and 36854 (data README)", g.NumNodes(), g.NumArcs())
	}
	return g
}

func TestPageRankCSStanford(t *testing.T) {
	g := csStanford(t)
	n := g.NumNodes()
	r := runPageRank(t, g, Options{}, pageRankChunkSize, 10)
	if !r.Converged || !(r.Residual < DefaultTolerance) || math.Abs(sum(r.Scores)-1) > 1e-9 {
		t.Fatalf("iterations %d, residual %v, converged %v, sum %v", r.Iterations, r.Residual, r.Converged, sum(r.Scores))
	}
	uniform := make([]float64, n)
	for i := range uniform {
		uniform[i] = 1 / float64(n)
	}
	assertClose(t, "cs-stanford", r.Scores, graphtest.PageRank(g, DefaultDamping, uniform, 1e-15), 0.85/0.15*DefaultTolerance)
	// Split into ten chunks, any number of workers gives the same bits.
	for _, workers := range []int{1, 2, 5} {
		w := runPageRank(t, g, Options{Workers: workers}, 1000, 3)
		if !slices.Equal(w.Scores, runPageRank(t, g, Options{}, 1000, 1).Scores) {
			t.Fatalf("Workers=%d differs", workers)
		}
	}
	t.Logf("cs-stanford: %d iterations, residual %.3g, top page %d", r.Iterations, r.Residual, argmax(r.Scores))

	// Personalized from page 0: zero exactly off its reach.
	trust, err := UniformTeleport(n, []uint32{0})
	if err != nil {
		t.Fatal(err)
	}
	pr := runPageRank(t, g, Options{Teleport: trust}, pageRankChunkSize, 10)
	reach := reachable(g, []uint32{0})
	for i, x := range pr.Scores {
		if reach[i] != (x > 0) {
			t.Fatalf("page %d (reachable %v) has personalized score %v", i, reach[i], x)
		}
	}
	if math.Abs(sum(pr.Scores)-1) > 1e-9 || !pr.Converged {
		t.Fatalf("personalized: sum %v, %d iterations, converged %v", sum(pr.Scores), pr.Iterations, pr.Converged)
	}
}

func TestHITSCSStanford(t *testing.T) {
	g := csStanford(t)
	r := runHITS(t, g, HITSOptions{}, pageRankChunkSize, 10)
	hubs, auth := referenceHITS(g, DefaultHITSIterations)
	assertClose(t, "hubs", r.Hubs, hubs, 1e-9)
	assertClose(t, "authorities", r.Authorities, auth, 1e-9)
	w := runHITS(t, g, HITSOptions{Workers: 3}, 1000, 60)
	if !slices.Equal(w.Hubs, runHITS(t, g, HITSOptions{}, 1000, 1).Hubs) {
		t.Fatal("HITS differs with Workers=3")
	}
}

func argmax(v []float64) int {
	best := 0
	for i, x := range v {
		if x > v[best] {
			best = i
		}
	}
	return best
}
