package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestPackedGraphsGiveTheSameResults: rank pulling along cnr-2000's
// transpose and run crawling cnr-2000, both read from BVGraph and packed
// (within a third of the memory budget, 5 MB of 40), print what they
// print from the graph's .csr, byte for byte. (engine/graphio's
// TestLoadPacksBVGraph shows what is packed within which budget.)
func TestPackedGraphsGiveTheSameResults(t *testing.T) {
	graph := sharedData(t, "cnr-2000/cnr-2000.graph")
	transpose := sharedData(t, "cnr-2000/cnr-2000-t.graph")
	dir := t.TempDir()
	csr, curves := filepath.Join(dir, "cnr.csr"), filepath.Join(dir, "curves.csv")
	mustRun(t, "convert", "-o", csr, graph)
	rankArgs := []string{"rank", "-top", "20"}
	// The table's last column is a time: the curves are compared.
	runArgs := []string{"run", "-quiet", "-seeds", "top-pagerank:20", "-strategies", "bfs,opic,fpr", "-csv", curves}
	wantRank := mustRun(t, append(rankArgs, csr)...)
	mustRun(t, append(runArgs, csr)...)
	wantRun := string(readBytes(t, curves))
	t.Setenv(memoryEnv, "40MB")
	gotRank := mustRun(t, append(rankArgs, "-transpose", transpose, graph)...)
	mustRun(t, append(runArgs, graph)...)
	if gotRun := string(readBytes(t, curves)); gotRun != wantRun {
		t.Errorf("run on the BVGraph writes curves of %d bytes, unlike those on the .csr (%d bytes)", len(gotRun), len(wantRun))
	}
	if strings.Replace(gotRank, "cnr-2000.graph", "cnr.csr", -1) != wantRank {
		t.Errorf("rank -transpose on the BVGraph prints\n%s\nwant, as on the .csr,\n%s", gotRank, wantRank)
	}
}
