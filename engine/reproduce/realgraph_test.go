package reproduce

import (
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/crawlsim/crawlsim/engine/scenario"
)

// realGraphs are the real crawls of ../shared/data the verdicts are
// tested on, with their sizes.
var realGraphs = map[string]int64{"cs-stanford": 9914, "hollins": 6012}

// realInput is the real crawl name (its edge list and URL list, so its
// pages have hosts) and the Env that reads it; the test is skipped when
// ../shared/data is not there.
func realInput(t *testing.T, name string) (Input, scenario.Env) {
	t.Helper()
	dir := filepath.Join("..", "..", "..", "shared", "data", name)
	if _, err := os.Stat(filepath.Join(dir, name+".edges")); err != nil {
		t.Skipf("real data not found at %s: %v", dir, err)
	}
	in := Input{Graph: scenario.Source{File: name + ".edges", URLs: name + ".urls"}, Hosts: true, Pages: realGraphs[name], RandomSeed: 1}
	return in, scenario.Env{FS: os.DirFS(dir)}
}

// realReports caches the reports of a paper on a real graph, since
// several tests read the same one.
var realReports sync.Map // "NNN graph" -> *Report

// realReport reproduces paper id on the real graph name (once per test
// binary).
func realReport(t *testing.T, id, name string) *Report {
	t.Helper()
	key := id + " " + name
	if rep, ok := realReports.Load(key); ok {
		return rep.(*Report)
	}
	in, env := realInput(t, name)
	ps, err := Find(id)
	if err != nil {
		t.Fatal(err)
	}
	rep := reproduceOn(t, ps[0], in, env)
	realReports.Store(key, rep)
	return rep
}

// finding returns rep's finding whose claim is claim, failing the test
// when there is none.
func finding(t *testing.T, rep *Report, claim string) Finding {
	t.Helper()
	for _, f := range rep.Findings {
		if f.Claim == claim {
			return f
		}
	}
	t.Fatalf("paper %s: no finding %q", rep.Paper.ID, claim)
	return Finding{}
}
