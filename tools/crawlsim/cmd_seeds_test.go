package main

import (
	"io"
	"path/filepath"
	"strings"
	"testing"
)

// TestSeedsEvolveHelpGivesTheShares: seeds -evolve and run -evolve make
// the same evolution (gen.DefaultEvolveParams), and seeds' help gives its
// shares as run's does instead of naming the engine's function.
func TestSeedsEvolveHelpGivesTheShares(t *testing.T) {
	usage := func(name string) string {
		fs, _ := findCommand(name).flagSet(io.Discard)
		return fs.Lookup("evolve").Usage
	}
	run, seeds := usage("run"), usage("seeds")
	_, shares, _ := strings.Cut(run, "(")
	shares, _, _ = strings.Cut(shares, ";")
	if !strings.Contains(shares, "% new pages") || !strings.Contains(seeds, "("+shares) || strings.Contains(seeds, "Evolve") {
		t.Errorf("seeds -evolve help %q does not give run's shares %q", seeds, shares)
	}
}

// TestSeedsEvolveBVGraph: seeds -evolve evolves a BVGraph read in place
// (its URL list beside it) into the later snapshot the .csr evolves into,
// so it prints the same study.
func TestSeedsEvolveBVGraph(t *testing.T) {
	dir := t.TempDir()
	csr, bv, urls := filepath.Join(dir, "web.csr"), filepath.Join(dir, "web.graph"), filepath.Join(dir, "web.urls")
	mustRun(t, "gen", "-n", "3000", "-seed", "5", "-o", csr)
	mustRun(t, "convert", "-o", bv, "-urls-out", urls, csr)
	args := []string{"seeds", "-k", "4", "-size", "6", "-members", "2", "-evolve"}
	want := mustRun(t, append(args, csr)...)
	got := mustRun(t, append(args, "-urls", urls, bv)...)
	if got = strings.ReplaceAll(got, bv, csr); got != want {
		t.Errorf("seeds -evolve on the BVGraph prints\n%s\nwant, as on the .csr,\n%s", got, want)
	}
}

// TestSeedsEvolveSeedNeedsEvolve: -evolve-seed without -evolve is a usage
// error, as in run, not a flag silently unused.
func TestSeedsEvolveSeedNeedsEvolve(t *testing.T) {
	dir := t.TempDir()
	edges := writeFile(t, dir, "g.edges", "0 1\n1 2\n")
	checkFails(t, 2, []string{"seeds", "-evolve-seed", "3", "-urls", edges, edges}, "crawlsim seeds: -evolve-seed needs -evolve")
}

// TestSeedsNamesTheFlagOfAMissingFile: a file that a flag names and that
// is not there is said with its flag, as run says -transpose's.
func TestSeedsNamesTheFlagOfAMissingFile(t *testing.T) {
	dir := t.TempDir()
	edges := writeFile(t, dir, "g.edges", "0 1\n1 2\n")
	missing := filepath.Join(dir, "nosuch")
	for _, flag := range []string{"urls", "previous", "previous-urls"} {
		args := []string{"seeds", "-" + flag, missing, edges}
		if flag == "previous-urls" {
			args = []string{"seeds", "-previous", edges, "-previous-urls", missing, edges}
		}
		checkFails(t, 1, args, "crawlsim seeds: -"+flag+" "+missing+": cannot read it: no such file or directory")
	}
}
