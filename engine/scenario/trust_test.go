package scenario

import (
	"math"
	"testing"
	"testing/fstest"

	"github.com/crawlsim/crawlsim/engine/graph/graphtest"
)

// TestTrustPageRank runs the RankMass paper's seed-size study (Cho and Schonfeld 2007,
// section 5, Figs. 9-10; docs/algorithms.md section 2) on a generated web of 600
// pages: l-neighbor from the top 12 pages by PageRank with personalized
// importance, once with trust "seeds" and once with trust "pagerank".
// With "pagerank":
//   - Result.SeedTrust is the seeds' share of the uniform PageRank vector
//     (computed here by plain power iteration), with "seeds" it is 1;
//   - the importance is the personalized PageRank whose teleport is that
//     vector, not the one uniform over the seeds;
//   - l-neighbor downloads the same pages in the same order, and its
//     guarantee is SeedTrust times the seeds-trust guarantee at every
//     point, down to the last level's (1-δ)(1-d^(L+1)).
func TestTrustPageRank(t *testing.T) {
	base := Scenario{
		Graph:      Source{Generate: &Generate{Pages: 600, Hosts: 6, Seed: 9}},
		Importance: ImportancePersonalized,
		Seeds:      "top-pagerank:12",
		Strategies: []Strategy{{ID: "l-neighbor"}},
		RandomSeed: 1,
	}
	run := func(trust string) (*Runner, *Result) {
		s := base
		s.Trust = trust
		r, err := New(s, Env{})
		if err != nil {
			t.Fatal(err)
		}
		return r, stepToEnd(t, r, RunBudget)
	}
	rs, bySeeds := run(TrustSeeds)
	rp, byPageRank := run(TrustPageRank)
	if byPageRank.Scenario.Trust != TrustPageRank || bySeeds.Scenario.Trust != TrustSeeds {
		t.Fatalf("scenario trust %q and %q", bySeeds.Scenario.Trust, byPageRank.Scenario.Trust)
	}
	g := rp.graph.g
	n := g.NumNodes()
	d := byPageRank.Scenario.Damping
	uniform := make([]float64, n)
	for i := range uniform {
		uniform[i] = 1 / float64(n)
	}
	pr := graphtest.PageRank(g, d, uniform, 1e-13)
	share := 0.0
	for _, p := range byPageRank.Seeds {
		share += pr[p]
	}
	if share <= 0 || share >= 0.5 {
		t.Fatalf("the 12 seeds hold %v of the PageRank; the test wants a share well below 1", share)
	}
	if math.Abs(byPageRank.SeedTrust-share) > 1e-9 {
		t.Errorf("SeedTrust = %v, want %v, the seeds' PageRank", byPageRank.SeedTrust, share)
	}
	if bySeeds.SeedTrust != 1 {
		t.Errorf("with trust seeds, SeedTrust = %v, want 1", bySeeds.SeedTrust)
	}

	// The importance teleports along the PageRank vector.
	want := graphtest.PageRank(g, d, pr, 1e-13)
	for i := range n {
		if math.Abs(rp.imp.scores[i]-want[i]) > 1e-9 {
			t.Fatalf("importance of page %d = %v, want %v (personalized PageRank with teleport = PageRank)", i, rp.imp.scores[i], want[i])
		}
	}
	if math.Abs(rs.imp.scores[byPageRank.Seeds[0]]-rp.imp.scores[byPageRank.Seeds[0]]) < 1e-6 {
		t.Error("the two trusts give the same importance on the first seed; the test does not tell them apart")
	}

	gs, gp := bySeeds.Strategies[0].Guarantee, byPageRank.Strategies[0].Guarantee
	if gs == nil || gp == nil {
		t.Fatal("l-neighbor has no guaranteed curve")
	}
	if len(gs.K) != len(gp.K) || len(gp.K) < 2 {
		t.Fatalf("guarantees of %d and %d points", len(gs.K), len(gp.K))
	}
	for i := range gp.K {
		if gs.K[i] != gp.K[i] {
			t.Fatalf("point %d: k = %d and %d; the crawls differ", i, gs.K[i], gp.K[i])
		}
		if w := byPageRank.SeedTrust * gs.Value[i]; math.Abs(gp.Value[i]-w) > 1e-12 {
			t.Errorf("G(%d) = %v, want SeedTrust × %v = %v", gp.K[i], gp.Value[i], gs.Value[i], w)
		}
	}
	last := gp.Value[len(gp.Value)-1]
	if last <= 0 || math.Abs(last-byPageRank.SeedTrust*gs.Value[len(gs.Value)-1]) > 1e-12 {
		t.Errorf("final guarantee %v, want SeedTrust × %v", last, gs.Value[len(gs.Value)-1])
	}
	if f := byPageRank.Strategies[0].Summary.FinalGuarantee; math.Abs(f-last) > 1e-15 {
		t.Errorf("Summary.FinalGuarantee = %v, want the curve's last value %v", f, last)
	}
}

// TestMetricsRelative: metrics.relative makes the targets of "downloads to
// X" shares of the importance the crawl collects, C(N) (docs/algorithms.md section
// 4): every threshold's target is X·C(N), and the first download whose
// C(k) reaches it is the one reported. The seeds reach part of a graph
// only, so absolute and relative targets differ.
func TestMetricsRelative(t *testing.T) {
	// Pages 0-4 form a chain from the seed 0; pages 5-7 a cycle that
	// holds most of the PageRank, out of the seed's reach.
	files := fstest.MapFS{"g.edges": &fstest.MapFile{Data: []byte("0 1\n1 2\n2 3\n3 4\n4 0\n5 6\n6 7\n7 5\n5 2\n")}}
	s := Scenario{
		Graph:      Source{File: "g.edges"},
		Seeds:      "list:0",
		Strategies: []Strategy{{ID: "bfs"}},
		Metrics:    Metrics{Relative: true},
	}
	res := mustRun(t, s, Env{FS: files}, RunBudget)
	sr := res.Strategies[0]
	final := sr.Summary.Final
	if !sr.Summary.RelativeTargets {
		t.Fatal("Summary.RelativeTargets is false")
	}
	if final >= 0.98 {
		t.Fatalf("the crawl collects %v; the test wants part of the importance out of reach", final)
	}
	for _, th := range sr.Summary.DownloadsTo {
		if math.Abs(th.Target-th.Level*final) > 1e-12 {
			t.Errorf("level %v: target %v, want %v·%v", th.Level, th.Target, th.Level, final)
		}
		k := 0
		for k < len(sr.Curve.K) && sr.Curve.Value[k] < th.Target {
			k++
		}
		if k == len(sr.Curve.K) || th.Actual != sr.Curve.K[k] {
			t.Errorf("level %v: downloads %d, want the first k with C(k) ≥ %v", th.Level, th.Actual, th.Target)
		}
	}
}
