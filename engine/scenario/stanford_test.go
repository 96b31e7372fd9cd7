package scenario

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"testing"

	"github.com/crawlsim/crawlsim/engine/crawl"
	"github.com/crawlsim/crawlsim/engine/graph"
	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
)

// stanfordGolden is testdata/cs-stanford-summary.json.
type stanfordGolden struct {
	Comment    string            `json:"comment"`
	Reachable  int64             `json:"reachable"`
	Strategies []stanfordSummary `json:"strategies"`
}

type stanfordSummary struct {
	Label         string  `json:"label"`
	Final         float64 `json:"final"`
	AvgCumulative float64 `json:"avg_cumulative"`
	// Normalised is the normalised average (AvgCumulative / Final).
	Normalised  float64           `json:"normalised_avg_cumulative"`
	Tau         *float64          `json:"tau"`
	DownloadsTo []crawl.Threshold `json:"downloads_to"`
}

const stanfordComment = "Summary metrics of the scenario of TestStanfordGolden (engine/scenario/stanford_test.go) on " +
	"../shared/data/cs-stanford (edge list and URL list): seeds top-pagerank:20, uniform PageRank importance. " +
	"Written by a native run of `go test -run TestStanfordGolden -update`, last when crawls began to discover their " +
	"seeds in the seed set's order, here decreasing importance (docs/algorithms.md section 2). Checked by the same test against " +
	"computations made there independently of the engine: PageRank by plain power iteration, the optimal curve " +
	"as prefix sums of the sorted importance, the bfs curve from a plain breadth-first search, and the fpr curve " +
	"from a direct O(n^2) implementation of Alam et al.'s Algorithm 1; the test also runs under GOOS=js GOARCH=wasm."

// TestStanfordGolden runs a comparison on the real cs-stanford crawl
// (21 hosts, 9,914 pages) and checks it two ways: the optimal, bfs and fpr
// curves against independent computations made here, and the summary of
// every strategy against golden values (see stanfordComment).
func TestStanfordGolden(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "shared", "data", "cs-stanford")
	if _, err := os.Stat(filepath.Join(dir, "cs-stanford.edges")); err != nil {
		t.Skipf("cs-stanford data not available (%v); it lives in ../shared/data beside the repository", err)
	}
	s := Scenario{
		Graph: Source{File: "cs-stanford.edges", URLs: "cs-stanford.urls"},
		Seeds: "top-pagerank:20",
		Strategies: []Strategy{{ID: "optimal"}, {ID: "bfs"}, {ID: "fpr"}, {ID: "fpr-m"}, {ID: "omniscient"},
			{ID: "opic"}, {ID: "backlink"}, {ID: "larger-sites-first"}, {ID: "random"}},
		RandomSeed: 7,
	}
	env := Env{FS: os.DirFS(dir)}
	r, err := New(s, env)
	if err != nil {
		t.Fatal(err)
	}
	res := stepToEnd(t, r, RunBudget)
	checkStructure(t, res)

	// The facts of ../shared/data/README.md.
	if gs := res.Graph; gs.Pages != 9914 || gs.Links != 36854 || gs.Hosts != 21 || gs.InterHost != 1457 {
		t.Errorf("graph summary %+v, want 9,914 pages, 36,854 links, 21 hosts, 1,457 inter-host links", gs)
	}

	g := r.graph.g
	imp := graphtest.PageRank(g, 0.85, nil, 1e-13)
	// The seeds are the 20 pages of highest importance, in decreasing
	// importance (docs/algorithms.md section 2: the seed set's order).
	byImportance := make([]uint32, g.NumNodes())
	for i := range byImportance {
		byImportance[i] = uint32(i)
	}
	sort.SliceStable(byImportance, func(a, b int) bool { return imp[byImportance[a]] > imp[byImportance[b]] })
	if !slices.Equal(res.Seeds, byImportance[:20]) {
		t.Errorf("seeds %v, want the top 20 by importance %v", res.Seeds, byImportance[:20])
	}
	reach, _ := graphtest.BreadthFirst(g, res.Seeds)
	if res.Reachable != int64(len(reach)) {
		t.Errorf("reachable %d, plain BFS %d", res.Reachable, len(reach))
	}
	checkOrderCurve(t, res.Strategies[0], byImportance[:len(reach)], imp)
	checkOrderCurve(t, res.Strategies[1], reach, imp)
	checkOrderCurve(t, res.Strategies[2], plainFPR(g, res.Seeds, 0.85), imp)

	got := stanfordGolden{Comment: stanfordComment, Reachable: res.Reachable}
	for _, sr := range res.Strategies {
		got.Strategies = append(got.Strategies, stanfordSummary{Label: sr.Label, Final: sr.Summary.Final,
			AvgCumulative: sr.Summary.AvgCumulative, Normalised: sr.Summary.NormalisedAvgCumulative, Tau: sr.Summary.Tau, DownloadsTo: sr.Summary.DownloadsTo})
	}
	data, err := json.MarshalIndent(got, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	goldenJSON(t, filepath.Join("testdata", "cs-stanford-summary.json"), data, append(data, '\n'))
}

// checkOrderCurve checks a strategy's curve and summary against the
// prefix sums of imp over order, computed here.
func checkOrderCurve(t *testing.T, sr StrategyResult, order []uint32, imp []float64) {
	t.Helper()
	if int64(len(order)) != sr.Summary.Downloads {
		t.Fatalf("%s: %d downloads, the independent order has %d", sr.Label, sr.Summary.Downloads, len(order))
	}
	prefix := make([]float64, len(order)+1)
	area := 0.0
	for k, p := range order {
		prefix[k+1] = prefix[k] + imp[p]
		area += prefix[k+1]
	}
	// The engine's importance stops at a change of 1e-10 between
	// iterations, this file's at 1e-13: sums of it agree to about 1e-9.
	const tol = 2e-9
	for i, k := range sr.Curve.K {
		if d := math.Abs(sr.Curve.Value[i] - prefix[k]); d > tol {
			t.Fatalf("%s: C(%d) = %v, independently %v", sr.Label, k, sr.Curve.Value[i], prefix[k])
		}
	}
	if avg := area / float64(len(order)); math.Abs(sr.Summary.AvgCumulative-avg) > tol {
		t.Errorf("%s: average cumulative %v, independently %v", sr.Label, sr.Summary.AvgCumulative, avg)
	}
	// Normalised: the mean of C(k)/C(N) over every k.
	norm := 0.0
	for k := 1; k <= len(order); k++ {
		norm += prefix[k] / prefix[len(order)]
	}
	if norm /= float64(len(order)); math.Abs(sr.Summary.NormalisedAvgCumulative-norm) > tol {
		t.Errorf("%s: normalised average cumulative %v, independently %v", sr.Label, sr.Summary.NormalisedAvgCumulative, norm)
	}
}

// plainFPR is Alam et al. Algorithm 1 written directly: every step scans all
// pages for the frontier page of largest fpr (ties to the earlier
// discovery, then the smaller id), in O(n) per step. The seeds (distinct)
// are discovered first, in their order (docs/algorithms.md section 2).
func plainFPR(g *graph.Graph, seeds []uint32, d float64) []uint32 {
	n := g.NumNodes()
	const unseen, frontier, done = 0, 1, 2
	state := make([]uint8, n)
	seq := make([]int, n)
	fpr := make([]float64, n)
	trust := 1 / float64(len(seeds))
	for k, p := range seeds {
		state[p] = frontier
		fpr[p] = (1 - d) * trust
		seq[p] = k
	}
	next := len(seeds) - 1 // the last discovery number given
	var order []uint32
	for {
		best := -1
		for i := range n {
			if state[i] != frontier {
				continue
			}
			if best < 0 || fpr[i] > fpr[best] || fpr[i] == fpr[best] && seq[i] < seq[best] {
				best = i
			}
		}
		if best < 0 {
			return order
		}
		i := uint32(best)
		state[i] = done
		order = append(order, i)
		out := g.Out(i)
		for _, j := range out {
			if state[j] == unseen {
				state[j] = frontier
				next++
				seq[j] = next
			}
		}
		v := fpr[i]
		fpr[i] = 0
		if len(out) == 0 || v == 0 {
			continue
		}
		share := d * v / float64(len(out))
		for _, j := range out {
			if state[j] != done {
				fpr[j] += share
			}
		}
	}
}
